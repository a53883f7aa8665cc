//! Re-checking an OJ pair from its programs and recorded evidence: the recorded inputs are rebuilt
//! (verbatim ones checked against their sha256; generated ones regenerated with the recorded seed
//! from a generator whose sha256 matches) and both programs re-run in the sandbox. An equivalent
//! pair must agree on every input (and, for OJ_V, be alpha-equivalent); an inequivalent pair's
//! witness must still separate them. Before any run, each program must be what its recorded source
//! makes of the corpus (the submission, formatted, renamed or mutated as recorded): running cannot
//! show that, since a program edited after the build can keep its outputs on the recorded inputs.
//!
//! Programs are run under a hash seed the build did not use ([`audit_hash_seed`]): a label must
//! hold for the programs, not for one `PYTHONHASHSEED`. Records read: those with `hash_seeds`
//! (this version), and older ones without it (built under seed 0 alone, re-run under seed 1);
//! witnesses given verbatim (`text`), packed (`text_gzip_base64`), or by generator seed.

use crate::codenet::{Corpus, Problem, Status};
use crate::compare::{canonical_output, output_accepted, outputs_agree, Tolerance};
use crate::disagreement;
use crate::evidence::{self, Evidence, InputRecord, OutputRecord};
use crate::inputs::{generate, generate_many, SeedRange};
use crate::pytool::PyTool;
use crate::runner::{Backend, RunLimits, RunResult, Runner, BUILD_HASH_SEED};
use crate::shared;
use crate::tools::SANDBOX_PYTHON;
use crate::variant::Variant;
use equibench_core::disagreement::Over;
use equibench_core::pair::sha256_hex;
use equibench_core::{AuditContext, Pair, Verdict};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

thread_local! {
    /// One judge worker per auditing thread, reused across pairs.
    static RUNNER: RefCell<Option<Runner>> = const { RefCell::new(None) };
    static TOOL: RefCell<Option<PyTool>> = const { RefCell::new(None) };
}

pub fn audit(category: Variant, pair: &Pair, ctx: &AuditContext) -> Verdict {
    RUNNER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            match ctx.tools.get(&SANDBOX_PYTHON) {
                Ok(p) => *slot = Some(Runner::new(&p.path, Backend::Worker)),
                Err(e) => return Verdict::Inconclusive(e.to_string()),
            }
        }
        let runner = slot.as_mut().expect("set above");
        match audit_with(category, pair, ctx, runner) {
            Ok(v) => v,
            Err(why) => Verdict::Inconclusive(why),
        }
    })
}

fn audit_with(
    category: Variant,
    pair: &Pair,
    ctx: &AuditContext,
    runner: &mut Runner,
) -> Result<Verdict, String> {
    // A record with a key missing, unknown or of the wrong type is not evidence of anything: a
    // renamed key must not turn a check into a silent default.
    let ev = match evidence::parse(&pair.provenance.evidence) {
        Ok(ev) => ev,
        Err(why) => return Ok(Verdict::Contradicted(why)),
    };
    let limits = RunLimits::for_problem(ev.time_limit_ms, ev.memory_limit_kb);
    let tol = recorded_tolerance(&ev);
    if let Some(why) = kind_mismatch(pair) {
        return Ok(Verdict::Contradicted(why));
    }
    let (corpus_here, provenance_note) = match check_provenance(category, pair, ctx)? {
        Ok(found) => found,
        Err(why) => return Ok(Verdict::Contradicted(why)),
    };
    let problem = corpus_here
        .as_deref()
        .and_then(|c| c.problem(pair.context_str("problem_id")));
    if let Some(why) = parameter_mismatch(pair, &ev, problem) {
        return Ok(Verdict::Contradicted(why));
    }
    let hash_seed = audit_hash_seed(ev.hash_seeds.as_deref())?;
    let mut rerun = Rerun {
        pair,
        ctx,
        runner,
        inputs: InputSource {
            pair,
            ctx,
            generator_sha256: ev.generator_sha256.clone(),
            generator: None,
            generated: HashMap::new(),
        },
        limits,
        tol,
        hash_seed,
        seed_note: format!(" (PYTHONHASHSEED={hash_seed}, a seed the build did not use)"),
        ev: &ev,
    };
    if !pair.equivalent {
        return rerun.witness(provenance_note, corpus_here.as_deref());
    }
    if pair.provenance.evidence.disagreement.is_some() {
        return Ok(Verdict::Contradicted(
            "evidence field `disagreement` on an equivalent pair (only inequivalent pairs carry it)"
                .into(),
        ));
    }
    if category == Variant::V {
        let map = ev.renaming.as_ref().map(|r| &r.map);
        if let Some(why) = renaming_mismatch(pair, map, ctx)? {
            return Ok(Verdict::Contradicted(why));
        }
    }
    rerun.recorded_inputs(corpus_here.as_deref())
}

/// Why the evidence's kind cannot support the pair's label, if it cannot.
fn kind_mismatch(pair: &Pair) -> Option<String> {
    let kind = pair.provenance.evidence.kind.as_str();
    let supports_equivalent = match kind {
        evidence::EQUIVALENT_KIND | evidence::RENAMED_EQUIVALENT_KIND => true,
        evidence::WITNESS_KIND => false,
        other => return Some(format!("unknown evidence kind `{other}`")),
    };
    (supports_equivalent != pair.equivalent).then(|| {
        format!(
            "evidence of kind `{kind}` cannot support the label {}",
            if pair.equivalent {
                "equivalent"
            } else {
                "inequivalent"
            }
        )
    })
}

/// The corpus a pair was built from when it is here, and the verdict's note on the sources.
type Provenance = (Option<Arc<Corpus>>, &'static str);

/// Runs of one program on many inputs, in their order.
type Runs = Vec<Arc<RunResult>>;

/// The corpus the pair was built from, if it is here, and the note the verdict carries. An
/// inequivalent pair's witness is in the record, so it re-checks without it (the programs'
/// provenance then goes unchecked, said so in the verdict); an equivalent pair's claim rests on
/// the whole test set, which needs it. `Ok(Err(why))` is a contradiction of the sources.
fn check_provenance(
    category: Variant,
    pair: &Pair,
    ctx: &AuditContext,
) -> Result<Result<Provenance, String>, String> {
    let problem_id = pair.context_str("problem_id");
    let corpus_here = shared::corpus(ctx.inputs)
        .ok()
        .filter(|c| c.problem(problem_id).is_some());
    if corpus_here.is_some() {
        if let Some(why) = check_sources(category, pair, ctx)? {
            return Ok(Err(why));
        }
        Ok(Ok((corpus_here, "")))
    } else if pair.equivalent {
        Err(format!(
            "problem {problem_id} is not in the corpus (audit with the --codenet the pairs were built from)"
        ))
    } else {
        Ok(Ok((
            None,
            " (from the record alone: the corpus is not here, so the programs' sources were not checked)",
        )))
    }
}

/// OJ_V: the two programs differ, are alpha-equivalent, and the recorded renaming map (if any)
/// is the one between them, either way round. The contradiction, if there is one.
fn renaming_mismatch(
    pair: &Pair,
    map: Option<&std::collections::BTreeMap<String, String>>,
    ctx: &AuditContext,
) -> Result<Option<String>, String> {
    if pair.program_1 == pair.program_2 {
        return Ok(Some("the renamed program does not differ".into()));
    }
    let check = with_tool(ctx, |t| {
        t.alpha(&pair.program_1, &pair.program_2)
            .map_err(|e| e.to_string())
    })?;
    if !check.equivalent {
        return Ok(Some(format!("not alpha-equivalent: {}", check.reason)));
    }
    let Some(recorded) = map else {
        return Ok(None);
    };
    let inverse: std::collections::BTreeMap<String, String> = check
        .map
        .iter()
        .map(|(k, v)| (v.clone(), k.clone()))
        .collect();
    Ok((*recorded != check.map && *recorded != inverse)
        .then(|| "the recorded renaming map is not the one between the programs".into()))
}

/// What re-running a pair's programs needs: the runner, the recorded limits and comparison, and
/// the hash seed of the audit.
struct Rerun<'a> {
    pair: &'a Pair,
    ctx: &'a AuditContext<'a>,
    runner: &'a mut Runner,
    inputs: InputSource<'a>,
    limits: RunLimits,
    tol: Option<Tolerance>,
    hash_seed: u64,
    seed_note: String,
    ev: &'a Evidence,
}

impl Rerun<'_> {
    fn run(&mut self, code: &str, input: &str) -> Result<Arc<RunResult>, String> {
        self.runner
            .run_with_hash_seed(code, input.as_bytes(), &[], self.limits, self.hash_seed)
            .map_err(|e| e.to_string())
    }

    /// Both programs on every one of `inputs`, one batch per program.
    fn run_both(&mut self, inputs: &[&str]) -> Result<(Runs, Runs), String> {
        let bytes: Vec<&[u8]> = inputs.iter().map(|i| i.as_bytes()).collect();
        let mut both = Vec::new();
        for code in [&self.pair.program_1, &self.pair.program_2] {
            both.push(
                self.runner
                    .run_many(code, &bytes, &[], self.limits, self.hash_seed)
                    .map_err(|e| e.to_string())?,
            );
        }
        let b = both.pop().expect("two");
        Ok((both.pop().expect("two"), b))
    }

    /// An equivalent pair: both programs agree on every recorded input (and on fresh ones when
    /// the audit asks for them).
    fn recorded_inputs(&mut self, corpus_here: Option<&Corpus>) -> Result<Verdict, String> {
        let ev = self.ev;
        let items = &ev
            .inputs
            .as_ref()
            .ok_or("evidence lacks inputs.items")?
            .items;
        if items.is_empty() {
            return Ok(Verdict::Contradicted("no inputs recorded".into()));
        }
        self.inputs.regenerate_all(items, self.runner);
        let resolved = items
            .iter()
            .map(|item| self.inputs.resolve(item, self.runner))
            .collect::<Result<Vec<String>, String>>()?;
        let texts: Vec<&str> = resolved.iter().map(String::as_str).collect();
        let (all_a, all_b) = self.run_both(&texts)?;
        let recorded = ev.output_sha256.as_deref().unwrap_or_default();
        for (i, (a, b)) in all_a.iter().zip(&all_b).enumerate() {
            if !a.success() || !b.success() {
                return Err(format!(
                    "input {i}: program 1 {}, program 2 {}",
                    a.describe(),
                    b.describe()
                ));
            }
            if !outputs_agree(&a.stdout, &b.stdout, self.tol.as_ref()) {
                return Ok(Verdict::Contradicted(format!(
                    "outputs differ on recorded input {i}{}",
                    self.seed_note
                )));
            }
            // The build recorded the Accepted side's output (the same tokens as the other's, or
            // within the tolerance of them).
            let made = [&a.stdout, &b.stdout].map(|o| sha256_hex(&canonical_output(o)));
            if !made.contains(&recorded[i]) {
                return Ok(Verdict::Contradicted(format!(
                    "evidence field `output_sha256` [{i}] is not the sha256 of either program's output on input {i}{}",
                    self.seed_note
                )));
            }
        }
        let fresh = match self.fresh_inputs(corpus_here)? {
            Ok(note) => note,
            Err(contradiction) => return Ok(contradiction),
        };
        Ok(Verdict::Confirmed(format!(
            "both programs agree on all {} recorded inputs{fresh}{}",
            items.len(),
            self.seed_note
        )))
    }

    /// `--fresh-inputs`: both programs agree (or fail alike) on inputs the build never made.
    /// The note for the verdict, or the contradiction.
    fn fresh_inputs(
        &mut self,
        corpus_here: Option<&Corpus>,
    ) -> Result<Result<String, Verdict>, String> {
        let Some(f) = self.ctx.fresh else {
            return Ok(Ok(String::new()));
        };
        let corpus = corpus_here.ok_or("no corpus for fresh inputs")?;
        let problem = corpus
            .problem(self.pair.context_str("problem_id"))
            .ok_or("problem not in the corpus")?;
        let range = SeedRange::fresh(f.seed, f.count);
        let tests =
            shared::tests(corpus, problem, self.runner, range).map_err(|e| e.to_string())?;
        let texts: Vec<&str> = tests.inputs.iter().map(|i| i.text.as_str()).collect();
        let (all_a, all_b) = self.run_both(&texts)?;
        let tol = self.tol.as_ref();
        for ((input, a), b) in tests.inputs.iter().zip(&all_a).zip(&all_b) {
            if a.hit_limit() || b.hit_limit() {
                return Err(format!(
                    "a program ran out of time on fresh input {}",
                    input.origin.to_json()
                ));
            }
            let differ = a.success() != b.success()
                || (a.success() && !outputs_agree(&a.stdout, &b.stdout, tol));
            if differ {
                return Ok(Err(Verdict::Contradicted(format!(
                    "the programs differ on fresh input {} (seeds {}..{}): {}",
                    input.origin.to_json(),
                    range.first,
                    range.end(),
                    input.text.chars().take(200).collect::<String>()
                ))));
            }
        }
        Ok(Ok(format!(" and on {} fresh inputs", tests.inputs.len())))
    }

    /// An inequivalent pair: the recorded witness still separates the programs, and the
    /// recorded disagreement is what the programs give on its draw.
    fn witness(
        &mut self,
        provenance_note: &str,
        corpus_here: Option<&Corpus>,
    ) -> Result<Verdict, String> {
        let w = self.ev.witness.as_ref().ok_or("evidence lacks witness")?;
        let input = self.inputs.resolve(&w.input, self.runner)?;
        let a = self.run(&self.pair.program_1.clone(), &input)?;
        let b = self.run(&self.pair.program_2.clone(), &input)?;
        if a.hit_limit() || b.hit_limit() {
            return Err("a program ran out of time on the witness".into());
        }
        let tol = self.tol.as_ref();
        // The Accepted side's output is the reference the other is judged against; a record that
        // does not say which side that is must separate them whichever it is.
        let separated = match w.accepted_side {
            Some(1) => !output_accepted(&a.stdout, &b.stdout, tol),
            Some(2) => !output_accepted(&b.stdout, &a.stdout, tol),
            Some(other) => {
                return Ok(Verdict::Contradicted(format!(
                    "the witness's accepted_side is {other}, not 1 or 2"
                )))
            }
            None => {
                !output_accepted(&a.stdout, &b.stdout, tol)
                    && !output_accepted(&b.stdout, &a.stdout, tol)
            }
        };
        for (field, record, run) in [("output_1", &w.output_1, &a), ("output_2", &w.output_2, &b)] {
            if let Some(why) = record.as_ref().and_then(|r| output_mismatch(r, run)) {
                return Ok(Verdict::Contradicted(format!(
                    "evidence field `witness.{field}`: {why}{}",
                    self.seed_note
                )));
            }
        }
        if separated {
            let measured = match self.disagreement(corpus_here, w.accepted_side)? {
                Ok(note) => note,
                Err(contradiction) => return Ok(Verdict::Contradicted(contradiction)),
            };
            return Ok(Verdict::Confirmed(format!(
                "witness input separates the programs (outputs {} vs {} bytes){}{measured}{provenance_note}",
                a.stdout.len(),
                b.stdout.len(),
                self.seed_note
            )));
        }
        if a.success() && b.success() {
            return Ok(Verdict::Contradicted(
                "both programs give the same output on the witness".into(),
            ));
        }
        Err(format!(
            "outputs match but a run failed: {} / {}",
            a.describe(),
            b.describe()
        ))
    }
}

impl Rerun<'_> {
    /// Issue 41: the recorded disagreement re-derived on the same draw (its `seed` and
    /// `trials`), under the build's first hash seed (the question the build asked), the Accepted
    /// side as the reference. The note for the verdict, or the contradiction.
    fn disagreement(
        &mut self,
        corpus_here: Option<&Corpus>,
        accepted_side: Option<u64>,
    ) -> Result<Result<String, String>, String> {
        let Some(recorded) = self.pair.provenance.evidence.disagreement else {
            return Ok(Ok(String::new()));
        };
        if let Some(why) = recorded.problem() {
            return Ok(Err(format!("evidence field `disagreement`: {why}")));
        }
        if recorded.over != Over::Inputs {
            return Ok(Err(
                "evidence field `disagreement` is not over inputs (an OJ pair's trials are fresh inputs)"
                    .into(),
            ));
        }
        let (Some(corpus), Some(seed)) = (corpus_here, recorded.seed) else {
            return Ok(Ok(
                "; the disagreement was not re-derived (its draw needs the corpus)".into(),
            ));
        };
        let problem = corpus
            .problem(self.pair.context_str("problem_id"))
            .ok_or("problem not in the corpus")?;
        let trials = recorded.trials as usize;
        let (drawn, set) = disagreement::fresh_draws(corpus, problem, self.runner, seed, trials)
            .map_err(|e| e.to_string())?;
        if drawn != trials {
            return Ok(Err(format!(
                "evidence field `disagreement`: its draw (seed {seed}) holds {drawn} fresh inputs, not trials = {trials}"
            )));
        }
        let (accepted, other) = match accepted_side {
            Some(2) => (&self.pair.program_2, &self.pair.program_1),
            _ => (&self.pair.program_1, &self.pair.program_2),
        };
        let hash_seed = self
            .ev
            .hash_seeds
            .as_ref()
            .and_then(|s| s.first().copied())
            .unwrap_or(BUILD_HASH_SEED);
        let measured = disagreement::measure(
            self.runner,
            (accepted, other),
            &set,
            seed,
            self.limits,
            self.tol.as_ref(),
            hash_seed,
        )
        .map_err(|e| e.to_string())?;
        if measured != Some(recorded) {
            return Ok(Err(format!(
                "evidence field `disagreement` records {} of {} fresh inputs differing; the programs differ on {}",
                recorded.differing,
                recorded.trials,
                measured.map_or("none".to_string(), |m| format!("{} of {}", m.differing, m.trials))
            )));
        }
        Ok(Ok(format!(
            "; they disagree on {} of {} fresh inputs (seed {seed}), as recorded",
            recorded.differing, recorded.trials
        )))
    }
}

/// Each program must be what its recorded source (`provenance.source.program_N`) makes of the
/// corpus: the submission verbatim, formatted by `ast.unparse` (OJ_V/OJ_VA), renamed, or the
/// recorded mutant of it. Without this, a program edited after the build (a comment, a branch on an
/// input never recorded) still agrees on the recorded inputs, and the evidence's judge statuses
/// would be claimed for a program the judge never saw. `Ok(Some(why))` is a contradiction; `Err`
/// means the corpus at hand is not the one the pairs were built from.
fn check_sources(
    category: Variant,
    pair: &Pair,
    ctx: &AuditContext,
) -> Result<Option<String>, String> {
    let corpus = shared::corpus(ctx.inputs).map_err(|e| e.to_string())?;
    let problem_id = pair.context_str("problem_id");
    let problem = corpus.problem(problem_id).ok_or_else(|| {
        format!("problem {problem_id} is not in the corpus (audit with the --codenet the pairs were built from)")
    })?;
    let source = match evidence::parse_source(&pair.provenance.source) {
        Ok(s) => s,
        Err(why) => return Ok(Some(why)),
    };
    for (side, program, src) in [
        (1, &pair.program_1, &source.program_1),
        (2, &pair.program_2, &source.program_2),
    ] {
        let key = format!("program_{side}");
        let Some(sub) = problem.submission(&src.submission_id) else {
            return Err(format!(
                "submission {} of {problem_id} is not in the corpus",
                src.submission_id
            ));
        };
        if sub.sha256 != src.source_sha256 {
            return Err(format!(
                "submission {} changed since the pair was made",
                sub.id
            ));
        }
        let mutant = src.mutant.as_ref();
        if mutant.is_none() && sub.status.as_str() != src.status {
            return Ok(Some(format!(
                "{key}: submission {} is {} in the corpus, not {}",
                sub.id,
                sub.status.as_str(),
                src.status
            )));
        }
        let base = match mutant {
            None => sub.source.clone(),
            Some(m) => {
                let index = m.index;
                let all = with_tool(ctx, |t| {
                    shared::mutants(t, &sub.source).map_err(|e| e.to_string())
                })?;
                match all.get(index) {
                    Some(m) => m.code.clone(),
                    None => {
                        return Ok(Some(format!(
                            "{key}: submission {} has no mutant {index}",
                            sub.id
                        )))
                    }
                }
            }
        };
        let (derived, how) = if src.renamed {
            let renamed = with_tool(ctx, |t| shared::rename(t, &base).map_err(|e| e.to_string()))?
                .map_err(|why| format!("renaming submission {} now fails: {why}", sub.id))?;
            (renamed.code, "the renaming")
        } else if category == Variant::A || *program == base {
            (base, "the text")
        } else {
            let formatted = with_tool(ctx, |t| {
                shared::normalize(t, &base).map_err(|e| e.to_string())
            })?
            .map_err(|why| format!("formatting submission {} now fails: {why}", sub.id))?;
            (formatted, "the formatted text")
        };
        if *program != derived {
            return Ok(Some(format!(
                "{key} is not {how} of {}submission {}",
                if mutant.is_some() {
                    "the recorded mutant of "
                } else {
                    ""
                },
                sub.id
            )));
        }
    }
    Ok(None)
}

fn with_tool<T>(
    ctx: &AuditContext,
    f: impl FnOnce(&mut PyTool) -> Result<T, String>,
) -> Result<T, String> {
    TOOL.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(PyTool::start(ctx.tools).map_err(|e| e.to_string())?);
        }
        let r = f(slot.as_mut().expect("set above"));
        if r.is_err() {
            *slot = None;
        }
        r
    })
}

/// Rebuilds recorded inputs.
struct InputSource<'a> {
    pair: &'a Pair,
    ctx: &'a AuditContext<'a>,
    /// The recorded generator's sha256 (for problems with a generator).
    generator_sha256: Option<String>,
    generator: Option<String>,
    /// Generator outputs by seed, made in one batch by [`InputSource::regenerate_all`].
    generated: HashMap<u64, Option<String>>,
}

impl InputSource<'_> {
    /// Run the generator for every input of `items` that only it can remake, in one batch, so
    /// that [`Self::resolve`] finds them made. Best effort: whatever fails here fails again, in
    /// the items' order and with its own message, in `resolve`.
    fn regenerate_all(&mut self, items: &[InputRecord], runner: &mut Runner) {
        let seeds: Vec<u64> = items
            .iter()
            .filter(|i| i.text.is_none() && i.text_gzip_base64.is_none() && i.origin == "generator")
            .filter_map(|i| i.seed)
            .filter(|seed| !self.generated.contains_key(seed))
            .collect();
        if seeds.is_empty() {
            return;
        }
        let Ok(generator) = self.generator() else {
            return;
        };
        if let Ok(made) = generate_many(runner, &generator, &seeds) {
            self.generated.extend(seeds.into_iter().zip(made));
        }
    }

    fn resolve(&mut self, item: &InputRecord, runner: &mut Runner) -> Result<String, String> {
        let sha = &item.sha256;
        let text = if let Some(t) = &item.text {
            t.clone()
        } else if let Some(packed) = &item.text_gzip_base64 {
            let bytes = crate::packed::unpack(packed)
                .map_err(|e| format!("a packed input cannot be read: {e}"))?;
            String::from_utf8(bytes).map_err(|_| "a packed input is not UTF-8".to_string())?
        } else if item.origin == "generator" {
            let seed = item.seed.ok_or("a generated input lacks its seed")?;
            let made = match self.generated.get(&seed) {
                Some(made) => made.clone(),
                None => {
                    let generator = self.generator()?;
                    generate(runner, &generator, seed).map_err(|e| e.to_string())?
                }
            };
            made.ok_or_else(|| format!("the generator failed for seed {seed}"))?
        } else {
            return Err("an input is neither recorded nor regenerable".into());
        };
        if sha256_hex(text.as_bytes()) != *sha {
            return Err(format!("an input does not match its recorded sha256 {sha}"));
        }
        Ok(text)
    }

    fn generator(&mut self) -> Result<String, String> {
        if let Some(g) = &self.generator {
            return Ok(g.clone());
        }
        let corpus = shared::corpus(self.ctx.inputs).map_err(|e| e.to_string())?;
        let id = self.pair.context_str("problem_id");
        let g = corpus
            .problem(id)
            .and_then(|p| p.generator.clone())
            .ok_or_else(|| format!("no generator for {id} in the corpus"))?;
        if self.generator_sha256.as_deref() != Some(sha256_hex(g.as_bytes()).as_str()) {
            return Err(format!(
                "the generator of {id} changed since the pair was made"
            ));
        }
        self.generator = Some(g.clone());
        Ok(g)
    }
}

/// Issue 37 item 5: the record's own parameters are evidence only when they are the problem's
/// (limits and tolerance re-derived from the corpus when it is here, checked against what the
/// category can record when it is not) and consistent with the rest of the record (one output
/// hash per input, the statuses of the sources, the witness's Accepted side, the renamed side).
/// Otherwise a record could make its own question easier: `output_sha256: []` skipped the
/// outputs, a negative tolerance or a zero time limit were "confirmed". The contradiction names
/// the field.
fn parameter_mismatch(pair: &Pair, ev: &Evidence, problem: Option<&Problem>) -> Option<String> {
    let field = |name: &str, why: String| Some(format!("evidence field `{name}` {why}"));
    let tol = recorded_tolerance(ev);
    if let (Some(Some(t)), Some(f)) = (ev.tolerance, ev.float_tolerance) {
        if t.value != f {
            return field(
                "float_tolerance",
                format!("is {f}, but `tolerance` says {}", t.value),
            );
        }
    }
    if let Some(t) = &tol {
        if !(t.value.is_finite() && t.value > 0.0 && t.value < 1.0) {
            return field(
                "tolerance",
                format!("is {}: a stated tolerance is a number in (0, 1)", t.value),
            );
        }
    }
    if ev.time_limit_ms == 0 {
        return field(
            "time_limit_ms",
            "is 0: a problem's time limit is positive".into(),
        );
    }
    if ev.memory_limit_kb == 0 {
        return field(
            "memory_limit_kb",
            "is 0: a problem's memory limit is positive".into(),
        );
    }
    if let Some(problem) = problem {
        if ev.time_limit_ms != problem.time_limit_ms {
            return field(
                "time_limit_ms",
                format!(
                    "is {}, the problem's is {}",
                    ev.time_limit_ms, problem.time_limit_ms
                ),
            );
        }
        if ev.memory_limit_kb != problem.memory_limit_kb {
            return field(
                "memory_limit_kb",
                format!(
                    "is {}, the problem's is {}",
                    ev.memory_limit_kb, problem.memory_limit_kb
                ),
            );
        }
        if tol != problem.float_tolerance {
            return field(
                "tolerance",
                format!("is {tol:?}, the problem's is {:?}", problem.float_tolerance),
            );
        }
        let generator = problem.generator.as_ref().map(|g| sha256_hex(g.as_bytes()));
        if ev.generator_sha256 != generator {
            return field(
                "generator_sha256",
                "is not the sha256 of the problem's generator".into(),
            );
        }
    }
    if let Ok(source) = evidence::parse_source(&pair.provenance.source) {
        let sides = [&source.program_1, &source.program_2];
        if ev.statuses != sides.map(|s| s.status.clone()) {
            return field(
                "statuses",
                "are not the statuses of the recorded sources".into(),
            );
        }
        if let Some(r) = &ev.renaming {
            let renamed = sides.iter().position(|s| s.renamed).map(|i| i as u64 + 1);
            if Some(r.renamed_program) != renamed || !r.alpha_equivalent_to_source {
                return field(
                    "renaming",
                    "does not name the side the sources say was renamed".into(),
                );
            }
        }
    }
    if pair.equivalent {
        let items = ev.inputs.as_ref().map_or(0, |i| i.items.len());
        if let Some(inputs) = &ev.inputs {
            let inline = inputs.items.iter().filter(|i| i.text.is_some()).count();
            if inputs.count != items || inputs.inline != inline {
                return field(
                    "inputs",
                    format!(
                        "says {} inputs, {} inline; it lists {items}, {inline} inline",
                        inputs.count, inputs.inline
                    ),
                );
            }
        }
        let hashes = ev.output_sha256.as_ref().map_or(0, Vec::len);
        if hashes != items {
            return field(
                "output_sha256",
                format!("has {hashes} hashes for {items} inputs"),
            );
        }
        if ev.outputs_agree != Some(true) {
            return field("outputs_agree", "is not true".into());
        }
    } else {
        if ev.outputs_differ != Some(true) {
            return field("outputs_differ", "is not true".into());
        }
        let accepted = ev.witness.as_ref().and_then(|w| w.accepted_side);
        if let Some(side @ (1 | 2)) = accepted {
            if ev.statuses[side as usize - 1] != Status::Accepted.as_str() {
                return field(
                    "witness.accepted_side",
                    format!(
                        "is {side}, whose status is {}",
                        ev.statuses[side as usize - 1]
                    ),
                );
            }
        }
    }
    None
}

/// Why a recorded witness output is not what the program printed, if it is not.
fn output_mismatch(record: &OutputRecord, run: &RunResult) -> Option<String> {
    if record.sha256 != sha256_hex(&run.stdout) || record.bytes != run.stdout.len() {
        return Some(format!(
            "records {} bytes with sha256 {}, the program printed {} bytes with sha256 {}",
            record.bytes,
            record.sha256,
            run.stdout.len(),
            sha256_hex(&run.stdout)
        ));
    }
    (record.ending != run.describe()).then(|| {
        format!(
            "records the ending `{}`, the program {}",
            record.ending,
            run.describe()
        )
    })
}

/// The hash seed the audit runs programs under: one the build did not use (one past the largest
/// of the record's `hash_seeds`; records without them were built under [`BUILD_HASH_SEED`] alone).
pub fn audit_hash_seed(hash_seeds: Option<&[u64]>) -> Result<u64, String> {
    let used = hash_seeds.unwrap_or(&[BUILD_HASH_SEED]);
    let max = used.iter().copied().max().unwrap_or(BUILD_HASH_SEED);
    // PYTHONHASHSEED must be at most 4294967295.
    max.checked_add(1)
        .filter(|s| *s <= u32::MAX as u64)
        .ok_or_else(|| "evidence's hash seeds leave no larger seed to audit with".to_string())
}

/// The comparison rule the evidence records: `tolerance` (value and kind), or for records that
/// predate it, `float_tolerance` as an absolute-or-relative bound.
fn recorded_tolerance(ev: &Evidence) -> Option<Tolerance> {
    match ev.tolerance {
        Some(t) => t,
        None => ev.float_tolerance.map(Tolerance::absolute_or_relative),
    }
}
