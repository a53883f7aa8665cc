//! Turning one candidate into a labelled pair, or into a counted rejection, in steps:
//! [`Maker::prepare`] resolves both programs as they will be shown (mutate, normalise, rename,
//! check alpha-equivalence) without running anything, so a candidate's surface can be matched
//! first ([`crate::select`]); [`Maker::finish`] judges a mutant, runs the differential test on the
//! problem's test set in the sandbox, and records the evidence `pair-format.md` asks for.

use crate::candidates::{Candidate, Side};
use crate::codenet::{Corpus, CorpusKind, Problem, Status, Submission};
use crate::compare::{canonical_output, output_accepted, outputs_agree, Tolerance};
use crate::disagreement;
use crate::evidence::{
    self, Evidence, InputRecord, InputsRecord, JudgedRecord, MutantRecord, OutputRecord,
    RenamingRecord, SeedRanges, SideRecord, SourceRecord, WitnessRecord,
};
use crate::inputs::{Origin, SeedRange, TestInput, TestSet};
use crate::judge::{judge, JudgeRuns};
use crate::pytool::{Mutant, PyTool, PyToolError, RENAMER_NAME};
use crate::runner::{RunError, RunLimits, RunResult, Runner, BUILD_HASH_SEED, CHECK_HASH_SEED};
use crate::shared;
use crate::surface::SurfaceBin;
use crate::variant::Variant;
use equibench_core::disagreement::Disagreement;
use equibench_core::evidence::{Evidence as Envelope, Source};
use equibench_core::pair::{sha256_hex, Pair, PairDraft, Provenance, ToolVersion};
use equibench_core::seed::rng;
use equibench_core::CategoryError;
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{json, Map};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Witness outputs are recorded verbatim up to this size (and always by sha256).
pub const INLINE_OUTPUT_BYTES: usize = 4096;

pub enum Outcome {
    Pair(Box<Pair>),
    Reject(String),
    /// Not a candidate after all (a mutant slot beyond the program's mutants).
    Skip,
}

/// Everything a block needs to make pairs.
pub struct Maker<'a> {
    pub category: Variant,
    pub corpus: &'a Corpus,
    pub runner: &'a mut Runner,
    pub tool: &'a mut PyTool,
    pub generated_inputs: usize,
    /// The build seed (not the block seed): choices about a candidate must not depend on which
    /// block tries it.
    pub seed: u64,
    pub sandbox_python: ToolVersion,
    pub venv_python: ToolVersion,
}

/// One side, resolved to text.
struct Program<'s> {
    submission: &'s Submission,
    /// The text run and shown.
    text: String,
    /// For a renamed side, the program the renaming was applied to: its source (the submission or
    /// the mutant's code) formatted by `ast.unparse`.
    renamed_from: Option<String>,
    status: Status,
    renamed: Option<BTreeMap<String, String>>,
    mutant: Option<MutantRecord>,
}

fn tool_err(e: PyToolError) -> CategoryError {
    CategoryError::Failed(e.to_string())
}

fn run_err(e: RunError) -> CategoryError {
    CategoryError::Failed(e.to_string())
}

fn kebab(status: &Status) -> String {
    status.as_str().to_ascii_lowercase().replace(' ', "-")
}

/// A candidate with both programs resolved to the texts that will be shown, before any run.
pub struct Prepared<'s> {
    problem: &'s Problem,
    a: Program<'s>,
    b: Program<'s>,
    /// The mutant of `b` and its index, judged only when the pair is tested.
    pending_mutant: Option<(Mutant, usize)>,
    alpha_reason: Option<String>,
    /// OJ_V matches sizes too ([`SurfaceBin::sized`]).
    size_matched: bool,
}

impl Prepared<'_> {
    /// The surface-feature bin of the pair as shown (symmetric in the two programs).
    pub fn bin(&self) -> SurfaceBin {
        if self.size_matched {
            SurfaceBin::sized(&self.a.text, &self.b.text)
        } else {
            SurfaceBin::of(&self.a.text, &self.b.text)
        }
    }
}

/// What the test of a pair established, before the programs are ordered.
struct Tested {
    kind: &'static str,
    evidence: TestRecord,
    /// The witness outputs of the accepted side and the other side (inequivalent pairs).
    witness_outputs: Option<(OutputRecord, OutputRecord)>,
}

/// The kind-specific part of the evidence, known once the test is done (the rest is filled in by
/// [`Maker::record`]).
#[derive(Default)]
struct TestRecord {
    seed_ranges: Option<SeedRanges>,
    inputs: Option<InputsRecord>,
    output_sha256: Option<Vec<String>>,
    inputs_tried: Option<usize>,
    witness: Option<WitnessRecord>,
    /// Both programs are hash-order free: the second hash seed's runs were spared.
    hash_order_free: bool,
    /// Inequivalent pairs: on how many fresh inputs the programs disagree.
    disagreement: Option<Disagreement>,
}

impl<'c> Maker<'c> {
    /// Prepare, test and record `c` (what [`crate::select`] does in steps).
    pub fn make(&mut self, c: &Candidate) -> Result<Outcome, CategoryError> {
        match self.prepare(c)? {
            Ok(p) => self.finish(c, p),
            Err(o) => Ok(o),
        }
    }

    /// Test a prepared candidate and record its evidence.
    pub fn finish(&mut self, c: &Candidate, p: Prepared<'c>) -> Result<Outcome, CategoryError> {
        let mut p = p;
        if let Some(o) = self.judge_mutant(&mut p)? {
            return Ok(o);
        }
        match self.test(c, &p)? {
            Ok(t) => Ok(Outcome::Pair(Box::new(self.record(c, &p, t)))),
            Err(o) => Ok(o),
        }
    }

    /// Both sides as shown: the other side (a submission or a mutant) resolved, both formatted
    /// by `ast.unparse` and the other renamed when the category renames (so layout never tells
    /// which side was renamed), the renaming checked to be alpha-equivalent. No program runs.
    pub fn prepare(
        &mut self,
        c: &Candidate,
    ) -> Result<Result<Prepared<'c>, Outcome>, CategoryError> {
        let corpus: &'c Corpus = self.corpus;
        let problem = &corpus.problems[c.problem];
        let accepted = &problem.submissions[c.accepted];
        let (other_sub, other_source, other_status, pending_mutant) = match &c.other {
            Side::Submission(i) => {
                let s = &problem.submissions[*i];
                (s, s.source.clone(), s.status.clone(), None)
            }
            Side::Mutant { of, slot } => {
                let origin = &problem.submissions[*of];
                let all = shared::mutants(self.tool, &origin.source).map_err(tool_err)?;
                let mut order: Vec<usize> = (0..all.len()).collect();
                order.shuffle(&mut rng(
                    self.seed,
                    &["oj-mutant-order", &problem.id, &origin.id],
                ));
                let Some(&k) = order.get(*slot) else {
                    return Ok(Err(Outcome::Skip));
                };
                let m = all[k].clone();
                let code = m.code.clone();
                (origin, code, Status::WrongAnswer, Some((m, k)))
            }
        };
        if c.equivalent && other_status != Status::Accepted && self.category != Variant::V {
            return Ok(Err(Outcome::Reject("status-not-accepted".into())));
        }
        let mut a = Program {
            submission: accepted,
            text: accepted.source.clone(),
            renamed_from: None,
            status: if c.equivalent && self.category == Variant::V {
                other_status.clone()
            } else {
                Status::Accepted
            },
            renamed: None,
            mutant: None,
        };
        let mut b = Program {
            submission: other_sub,
            text: other_source.clone(),
            renamed_from: None,
            status: other_status,
            renamed: None,
            mutant: None,
        };
        let mut alpha_reason = None;
        if c.rename_other {
            a.text = match shared::normalize(self.tool, &a.text).map_err(tool_err)? {
                Ok(t) => t,
                Err(_) => return Ok(Err(Outcome::Reject("unparsable-source".into()))),
            };
            let renamed = match shared::rename(self.tool, &other_source).map_err(tool_err)? {
                Ok(r) => r,
                Err(why) => {
                    return Ok(Err(Outcome::Reject(
                        crate::pytool::rename_refusal_reason(&why).into(),
                    )))
                }
            };
            let check = self
                .tool
                .alpha(&renamed.normalized, &renamed.code)
                .map_err(tool_err)?;
            if !check.equivalent || check.map != renamed.map {
                return Ok(Err(Outcome::Reject("alpha-check-failed".into())));
            }
            alpha_reason = Some(check.reason);
            b.text = renamed.code;
            b.renamed = Some(renamed.map);
            b.renamed_from = Some(renamed.normalized);
        }
        if a.text == b.text {
            return Ok(Err(Outcome::Reject("identical-programs".into())));
        }
        Ok(Ok(Prepared {
            problem,
            a,
            b,
            pending_mutant,
            alpha_reason,
            size_matched: self.category == Variant::V,
        }))
    }

    /// A mutant is a Wrong Answer only if the judge says so (against the Accepted consensus).
    fn judge_mutant(&mut self, p: &mut Prepared<'c>) -> Result<Option<Outcome>, CategoryError> {
        let Some((m, k)) = p.pending_mutant.take() else {
            return Ok(None);
        };
        let problem = p.problem;
        let range = SeedRange::judge(self.generated_inputs);
        let tests = shared::tests(self.corpus, problem, self.runner, range).map_err(run_err)?;
        let corpus = self.corpus;
        let mut references_of = |inputs, runner: &mut Runner| {
            shared::references(corpus, problem, &tests, runner, range, inputs)
        };
        let verdict = judge(
            problem,
            &m.code,
            &tests,
            &mut references_of,
            self.runner,
            true,
            JudgeRuns::Batched,
        )
        .map_err(run_err)?;
        if verdict.status != Status::WrongAnswer {
            return Ok(Some(Outcome::Reject(format!(
                "mutant-judged-{}",
                kebab(&verdict.status)
            ))));
        }
        p.b.mutant = Some(MutantRecord {
            of_submission: p.b.submission.id.clone(),
            operator: m.operator,
            line: m.line,
            edit: m.detail,
            index: k,
            judged: JudgedRecord {
                status: Status::WrongAnswer.as_str().to_string(),
                passed: verdict.passed,
                judged: verdict.judged,
                first_wrong_input: verdict.first_wrong,
            },
        });
        Ok(None)
    }

    /// The differential test, on the test range (disjoint from the seeds the judge fitted the
    /// statuses on): agreement on every input (equivalent), or a witness input on which the
    /// accepted side exits normally and the outputs differ (inequivalent; the judge's range is
    /// searched too, after the test range). A side shown transformed (formatted, renamed) must
    /// also give exactly its source's output on every input the pair was tested on.
    fn test(
        &mut self,
        c: &Candidate,
        p: &Prepared,
    ) -> Result<Result<Tested, Outcome>, CategoryError> {
        let problem = p.problem;
        let test_range = SeedRange::test(self.generated_inputs);
        let tests =
            shared::tests(self.corpus, problem, self.runner, test_range).map_err(run_err)?;
        if tests.inputs.is_empty() {
            return Ok(Err(reject("no-test-inputs")));
        }
        let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
        let judge_range = SeedRange::judge(self.generated_inputs);
        let evidence = TestRecord {
            seed_ranges: Some(SeedRanges {
                judge: [judge_range.first, judge_range.end()],
                test: [test_range.first, test_range.end()],
            }),
            ..TestRecord::default()
        };
        if c.equivalent {
            self.test_equivalent(c, p, &tests, limits, evidence)
        } else {
            self.test_inequivalent(p, &tests, limits, evidence)
        }
    }

    /// An equivalent pair: both programs end normally with agreeing outputs on every input of
    /// the test range, transformed sides behave as their sources, under both hash seeds.
    fn test_equivalent(
        &mut self,
        c: &Candidate,
        p: &Prepared,
        tests: &TestSet,
        limits: RunLimits,
        mut evidence: TestRecord,
    ) -> Result<Result<Tested, Outcome>, CategoryError> {
        if tests.inputs.len() < self.generated_inputs.min(100) {
            return Ok(Err(reject("too-few-valid-inputs")));
        }
        let inputs: Vec<&TestInput> = tests.inputs.iter().collect();
        let outputs = match self.agreeing_outputs(p, &inputs, limits)? {
            Ok(outputs) => outputs,
            Err(why) => return Ok(Err(reject(why))),
        };
        if let Some(why) = self.transformed_sides_agree(p, &inputs, limits)? {
            return Ok(Err(reject(why)));
        }
        // Last (only pairs that passed everything else pay for it): the same outputs under a
        // second hash seed, so the agreement is the programs', not one interpreter setting's;
        // unless no hash seed can change what either program does.
        let mut firsts = Vec::new();
        for text in [&p.a.text, &p.b.text] {
            firsts.extend(self.run_many(text, &inputs, limits, BUILD_HASH_SEED)?);
        }
        evidence.hash_order_free = self.hash_order_free(p, &firsts)?;
        if !evidence.hash_order_free {
            if let Some(why) = self.seed_dependence_all(p, &inputs, limits)? {
                return Ok(Err(reject(why)));
            }
        }
        evidence.inputs = Some(inputs_record(&inputs));
        evidence.output_sha256 = Some(outputs);
        let kind = if c.rename_other && self.category == Variant::V {
            evidence::RENAMED_EQUIVALENT_KIND
        } else {
            evidence::EQUIVALENT_KIND
        };
        Ok(Ok(Tested {
            kind,
            evidence,
            witness_outputs: None,
        }))
    }

    /// Both programs on every one of `inputs`, batched (a pair that fails on an early input is
    /// rare among equivalent candidates, so little is run in vain): the sha256 of each input's
    /// canonical output, or the reason to reject at the first input where they do not both end
    /// normally and agree.
    fn agreeing_outputs(
        &mut self,
        p: &Prepared,
        inputs: &[&TestInput],
        limits: RunLimits,
    ) -> Result<Result<Vec<String>, &'static str>, CategoryError> {
        let tol = p.problem.float_tolerance;
        let codenet = self.corpus.kind == CorpusKind::CodeNet;
        let all_a = self.run_many(&p.a.text, inputs, limits, BUILD_HASH_SEED)?;
        let all_b = self.run_many(&p.b.text, inputs, limits, BUILD_HASH_SEED)?;
        let mut outputs = Vec::new();
        for (ra, rb) in all_a.iter().zip(&all_b) {
            if ra.hit_limit() || rb.hit_limit() {
                return Ok(Err("eq-run-timeout"));
            }
            if !ra.success() || !rb.success() {
                return Ok(Err(if codenet {
                    "codenet-label-inconsistency-accepted-crashes"
                } else {
                    "eq-run-failed"
                }));
            }
            if !outputs_agree(&ra.stdout, &rb.stdout, tol.as_ref()) {
                return Ok(Err(if codenet {
                    "codenet-label-inconsistency-accepted-pair-differs"
                } else {
                    "eq-outputs-differ"
                }));
            }
            outputs.push(sha256_hex(&canonical_output(&ra.stdout)));
        }
        Ok(Ok(outputs))
    }

    /// An inequivalent pair: a witness among the test and judge ranges (smallest first), on
    /// which transformed sides behave as their sources and which separates the programs under
    /// both hash seeds.
    fn test_inequivalent(
        &mut self,
        p: &Prepared,
        tests: &TestSet,
        limits: RunLimits,
        mut evidence: TestRecord,
    ) -> Result<Result<Tested, Outcome>, CategoryError> {
        let judge_range = SeedRange::judge(self.generated_inputs);
        let judge_tests =
            shared::tests(self.corpus, p.problem, self.runner, judge_range).map_err(run_err)?;
        let order = witness_order(&tests.inputs, &judge_tests.inputs);
        let (witness, tried) = match self.search_witness(p, &order, limits)? {
            Ok(found) => found,
            Err(why) => return Ok(Err(reject(why))),
        };
        let Some((input, ra, rb)) = witness else {
            return Ok(Err(reject(if self.corpus.kind == CorpusKind::CodeNet {
                "codenet-label-inconsistency-wrong-answer-never-differs"
            } else {
                "ineq-no-witness"
            })));
        };
        if let Some(why) = self.transformed_sides_agree(p, &tried, limits)? {
            return Ok(Err(reject(why)));
        }
        // The witness separates the programs under every seed tried, with the same outputs
        // (one seed when no hash seed can change what either program does).
        evidence.hash_order_free = self.hash_order_free(p, &[ra.clone(), rb.clone()])?;
        if !evidence.hash_order_free {
            for text in [&p.a.text, &p.b.text] {
                if let Some(why) = self.seed_dependence(text, input, limits)? {
                    return Ok(Err(reject(why)));
                }
            }
        }
        evidence.disagreement = self.disagreement(p, limits)?;
        evidence.inputs_tried = Some(tried.len());
        evidence.witness = Some(WitnessRecord {
            input: witness_record(input),
            accepted_side: None,
            output_1: None,
            output_2: None,
        });
        Ok(Ok(Tested {
            kind: evidence::WITNESS_KIND,
            evidence,
            witness_outputs: Some((output_record(&ra), output_record(&rb))),
        }))
    }

    /// The first input of `order` on which the accepted side exits normally and the other's
    /// output is not accepted against it (None: there is none), with the inputs tried up to it;
    /// or the reason to give up (the other side met its limits too often). Input by input, as if
    /// one at a time, but each program's runs batched in chunks that double (the search most
    /// often ends among the first inputs) and stopped at a limit hit (a program that loops costs
    /// one limit per hit, as unbatched).
    fn search_witness<'t>(
        &mut self,
        p: &Prepared,
        order: &[&'t TestInput],
        limits: RunLimits,
    ) -> Result<Result<WitnessSearch<'t>, &'static str>, CategoryError> {
        let tol = p.problem.float_tolerance;
        let mut tried: Vec<&TestInput> = Vec::new();
        let mut limit_hits = 0;
        let (mut next, mut size) = (0, 1);
        while next < order.len() {
            let chunk = &order[next..(next + size).min(order.len())];
            size = (2 * size).min(WITNESS_CHUNK_MAX);
            let all_a = self.run_until_limit(&p.a.text, chunk, limits)?;
            let ran_ok: Vec<&TestInput> = chunk
                .iter()
                .zip(&all_a)
                .filter(|(_, ra)| ra.success())
                .map(|(input, _)| *input)
                .collect();
            let mut all_b = self
                .run_until_limit(&p.b.text, &ran_ok, limits)?
                .into_iter();
            for (input, ra) in chunk.iter().copied().zip(all_a) {
                let rb = if ra.success() {
                    // None: b stopped at a limit hit before this input, which the next chunk
                    // starts with.
                    let Some(rb) = all_b.next() else { break };
                    Some(rb)
                } else {
                    None
                };
                tried.push(input);
                next += 1;
                let Some(rb) = rb else { continue };
                if rb.hit_limit() {
                    limit_hits += 1;
                    if limit_hits >= MAX_WITNESS_LIMIT_HITS {
                        return Ok(Err("ineq-side-exceeds-limits"));
                    }
                    continue;
                }
                // The Accepted side stands in for the judge's reference output.
                if !output_accepted(&ra.stdout, &rb.stdout, tol.as_ref()) {
                    return Ok(Ok((Some((input, ra, rb)), tried)));
                }
            }
        }
        Ok(Ok((None, tried)))
    }

    /// On how many of [`disagreement::TRIALS`] fresh inputs (the build seed's disagreement draw)
    /// the pair's programs disagree (issue 41), the Accepted side as the reference.
    fn disagreement(
        &mut self,
        p: &Prepared,
        limits: RunLimits,
    ) -> Result<Option<Disagreement>, CategoryError> {
        let first = SeedRange::disagreement(self.seed, disagreement::TRIALS).first;
        let (_, set) = disagreement::fresh_draws(
            self.corpus,
            p.problem,
            self.runner,
            first,
            disagreement::TRIALS,
        )
        .map_err(run_err)?;
        disagreement::measure(
            self.runner,
            (&p.a.text, &p.b.text),
            &set,
            first,
            limits,
            p.problem.float_tolerance.as_ref(),
            BUILD_HASH_SEED,
        )
        .map_err(run_err)
    }

    /// Does `text`'s behaviour on `input` change with the hash seed? Its run under
    /// [`CHECK_HASH_SEED`] must end as and print the same tokens as its run under
    /// [`BUILD_HASH_SEED`] (set iteration order follows string hashing). The reason to reject
    /// when it does not.
    fn seed_dependence(
        &mut self,
        text: &str,
        input: &TestInput,
        limits: RunLimits,
    ) -> Result<Option<&'static str>, CategoryError> {
        let first = self.run_many(text, &[input], limits, BUILD_HASH_SEED)?;
        let second = self.run_many(text, &[input], limits, CHECK_HASH_SEED)?;
        Ok(seed_verdict(&first[0], &second[0]))
    }

    /// Can the second hash seed's runs be spared? Only when both programs are hash-order free
    /// (`tools/py_hash_order.py`: nothing in them can reach a str hash, set order or the seed)
    /// and none of their runs under the first seed (`runs`) printed an address (a default repr:
    /// addresses differ between the two seeds' interpreter processes).
    fn hash_order_free(
        &mut self,
        p: &Prepared,
        runs: &[Arc<RunResult>],
    ) -> Result<bool, CategoryError> {
        for text in [&p.a.text, &p.b.text] {
            if shared::hash_hazard(self.tool, text)
                .map_err(tool_err)?
                .is_some()
            {
                return Ok(false);
            }
        }
        Ok(!runs.iter().any(|r| prints_address(&r.stdout)))
    }

    /// [`Self::seed_dependence`] on every one of `inputs` for both programs, in that order
    /// (input by input, program 1 then program 2), each program's runs batched.
    fn seed_dependence_all(
        &mut self,
        p: &Prepared,
        inputs: &[&TestInput],
        limits: RunLimits,
    ) -> Result<Option<&'static str>, CategoryError> {
        let mut runs = Vec::new();
        for text in [&p.a.text, &p.b.text] {
            runs.push((
                self.run_many(text, inputs, limits, BUILD_HASH_SEED)?,
                self.run_many(text, inputs, limits, CHECK_HASH_SEED)?,
            ));
        }
        for k in 0..inputs.len() {
            for (first, second) in &runs {
                if let Some(why) = seed_verdict(&first[k], &second[k]) {
                    return Ok(Some(why));
                }
            }
        }
        Ok(None)
    }

    /// Each renamed side gives exactly the output of the program the renaming was applied to (its
    /// source formatted by `ast.unparse`) on every one of `inputs`: the renaming is checked by
    /// behaviour, not only by the renamer's own alpha-equivalence check. Formatting is not re-run
    /// against the raw source: `ast.unparse` gives a program that parses to the same AST, and the
    /// label is tested on the programs as shown either way. (In OJ_V's equivalent pairs the
    /// formatted source is the other side, so its runs are already made.) The reason to reject
    /// when it does not.
    fn transformed_sides_agree(
        &mut self,
        p: &Prepared,
        inputs: &[&TestInput],
        limits: RunLimits,
    ) -> Result<Option<&'static str>, CategoryError> {
        for side in [&p.a, &p.b] {
            let Some(from) = &side.renamed_from else {
                continue;
            };
            if side.text == *from {
                continue;
            }
            let shown_all = self.run_many(&side.text, inputs, limits, BUILD_HASH_SEED)?;
            let source_all = self.run_many(from, inputs, limits, BUILD_HASH_SEED)?;
            for (shown, source) in shown_all.iter().zip(&source_all) {
                let same = shown.stdout == source.stdout
                    && shown.success() == source.success()
                    && shown.hit_limit() == source.hit_limit();
                if !same {
                    return Ok(Some("rename-changed-behaviour"));
                }
            }
        }
        Ok(None)
    }

    /// The pair with its evidence, the programs in a seeded order (recorded in the evidence).
    fn record(&self, c: &Candidate, p: &Prepared, t: Tested) -> Pair {
        let problem = p.problem;
        let (a, b) = (&p.a, &p.b);
        let Tested {
            kind,
            evidence: mut tested,
            witness_outputs,
        } = t;
        // Which program is shown first: a seeded coin per candidate.
        let flip = rng(
            self.seed,
            &[
                self.category.as_str(),
                "orientation",
                &problem.id,
                &a.submission.id,
                &b.text,
            ],
        )
        .gen_bool(0.5);
        let (first, second) = if flip { (&b, &a) } else { (&a, &b) };
        let mut witness = tested.witness.take();
        if let (Some(w), Some((ra, rb))) = (witness.as_mut(), witness_outputs) {
            let (o1, o2) = if flip { (rb, ra) } else { (ra, rb) };
            w.output_1 = Some(o1);
            w.output_2 = Some(o2);
            w.accepted_side = Some(if flip { 2 } else { 1 });
        }
        let spared_second_seed = tested.hash_order_free;
        let disagreement = tested.disagreement.take();
        let evidence = self.evidence(p, (first, second), flip, tested, witness);
        let mut evidence = Envelope::new(kind, &evidence);
        if let Some(d) = disagreement {
            evidence = evidence.with_disagreement(d);
        }
        let side = |p: &Program| SideRecord {
            submission_id: p.submission.id.clone(),
            status: p.status.as_str().to_string(),
            source_sha256: p.submission.sha256.clone(),
            renamed: p.renamed.is_some(),
            mutant: p.mutant.clone(),
        };
        let source = Source::new(
            self.corpus.kind.source_kind(),
            &SourceRecord {
                problem_id: problem.id.clone(),
                problem_name: problem.name.clone(),
                program_1: side(first),
                program_2: side(second),
            },
        );
        let mut tools = vec![self.sandbox_python.clone()];
        // The venv python runs the renamer, the mutator and the hash-order check.
        if c.rename_other || b.mutant.is_some() || spared_second_seed {
            tools.push(self.venv_python.clone());
        }
        let mut context = Map::new();
        context.insert("problem_id".into(), json!(problem.id));
        context.insert("problem_html".into(), json!(problem.html));
        let pair = PairDraft {
            equivalent: c.equivalent,
            program_1: first.text.clone(),
            program_2: second.text.clone(),
            context,
            provenance: Provenance {
                pipeline: format!("equibench-oj {}", env!("CARGO_PKG_VERSION")),
                tools,
                seed: self.seed,
                source,
                transformation: self.transformation(c, b),
                evidence,
            },
        }
        .finish(self.category.descriptor());
        pair
    }

    /// The evidence of a tested pair shown as (`first`, `second`) (`flip`: the other side is
    /// shown first), the test's record and its witness already oriented.
    fn evidence(
        &self,
        p: &Prepared,
        (first, second): (&Program, &Program),
        flip: bool,
        tested: TestRecord,
        witness: Option<WitnessRecord>,
    ) -> Evidence {
        let problem = p.problem;
        let b = &p.b;
        let tol = problem.float_tolerance;
        let equivalent = tested.inputs.is_some();
        Evidence {
            seed_ranges: tested
                .seed_ranges
                .expect("every test records its seed ranges"),
            outputs_agree: equivalent.then_some(true),
            inputs: tested.inputs,
            output_sha256: tested.output_sha256,
            inputs_tried: tested.inputs_tried,
            outputs_differ: witness.is_some().then_some(true),
            witness,
            statuses: [
                first.status.as_str().to_string(),
                second.status.as_str().to_string(),
            ],
            status_source: self.status_source(first, second),
            judge: format!(
                "equibench-oj sandboxed runner, python {}",
                self.sandbox_python.version
            ),
            comparison: Tolerance::rule(tol.as_ref()),
            hash_seeds: Some(if tested.hash_order_free {
                vec![BUILD_HASH_SEED]
            } else {
                vec![BUILD_HASH_SEED, CHECK_HASH_SEED]
            }),
            hash_order_free: tested.hash_order_free.then(|| HASH_ORDER_FREE.to_string()),
            float_tolerance: tol.map(|t| t.value),
            tolerance: Some(tol),
            time_limit_ms: problem.time_limit_ms,
            memory_limit_kb: problem.memory_limit_kb,
            inputs_source: if problem.generator.is_some() {
                "sample + `python3 generators/PID.py SEED` for every SEED of seed_ranges.test (the judge fitted the statuses on seed_ranges.judge; a witness may come from either)"
            } else {
                "sample + sample mutations numbered by seed_ranges.test, kept only where all Accepted submissions agree (the judge's inputs are numbered by seed_ranges.judge; a witness may come from either)"
            }
            .to_string(),
            generator_sha256: problem.generator.as_ref().map(|g| sha256_hex(g.as_bytes())),
            renaming: b.renamed.as_ref().map(|map| RenamingRecord {
                renamed_program: if flip { 1 } else { 2 },
                map: map.clone(),
                tool: RENAMER_NAME.to_string(),
                alpha_equivalent_to_source: true,
                alpha_check: p.alpha_reason.clone(),
                normalisation: "both programs formatted by ast.unparse".to_string(),
            }),
        }
    }

    /// `text` on `inputs` in order under [`BUILD_HASH_SEED`], batched, up to the first run that
    /// hits a limit ([`Runner::run_many_until_limit`]).
    fn run_until_limit(
        &mut self,
        text: &str,
        inputs: &[&TestInput],
        limits: RunLimits,
    ) -> Result<Vec<Arc<RunResult>>, CategoryError> {
        let bytes: Vec<&[u8]> = inputs.iter().map(|i| i.text.as_bytes()).collect();
        self.runner
            .run_many_until_limit(text, &bytes, limits, BUILD_HASH_SEED)
            .map_err(run_err)
    }

    /// `text` on every one of `inputs` under `hash_seed`, batched ([`Runner::run_many`]).
    fn run_many(
        &mut self,
        text: &str,
        inputs: &[&TestInput],
        limits: RunLimits,
        hash_seed: u64,
    ) -> Result<Vec<Arc<RunResult>>, CategoryError> {
        let bytes: Vec<&[u8]> = inputs.iter().map(|i| i.text.as_bytes()).collect();
        self.runner
            .run_many(text, &bytes, &[], limits, hash_seed)
            .map_err(run_err)
    }

    fn status_source(&self, first: &Program, second: &Program) -> String {
        let base = self.corpus.kind.status_source();
        if first.mutant.is_some() || second.mutant.is_some() {
            format!("{base}; the mutant's Wrong Answer is equibench-oj's judge verdict against the Accepted submissions' consensus outputs")
        } else {
            base.to_string()
        }
    }

    fn transformation(&self, c: &Candidate, b: &Program) -> String {
        let mut parts = Vec::new();
        match (&b.mutant, c.equivalent) {
            (Some(m), _) => parts.push(format!(
                "the wrong answer is a mutant of submission {} ({} at line {}: {}), rejected by the judge",
                m.of_submission, m.operator, m.line, m.edit
            )),
            (None, true) if self.category == Variant::V => parts.push("a submission paired with itself".into()),
            (None, true) => parts.push("two Accepted submissions to the same problem".into()),
            (None, false) => parts.push("an Accepted and a Wrong Answer submission to the same problem".into()),
        }
        if b.renamed.is_some() {
            parts.push(format!(
                "one side's identifiers renamed to var/func/class numbering by {RENAMER_NAME}; both sides formatted by ast.unparse"
            ));
        } else {
            parts.push("shown verbatim".into());
        }
        parts.join("; ")
    }
}

/// What a pair built under one hash seed records (`hash_order_free`).
pub const HASH_ORDER_FREE: &str = "both programs hash-order free (tools/py_hash_order.py: only allow-listed builtins and module attributes, no builtin the check relies on rebound, no set or frozenset, hash, id, dict-view set operation, dunder, frame or by-name attribute access, format string built at run time, dynamic code or path opened) and no output printing a hexadecimal number (an address): no PYTHONHASHSEED changes what they do, so they ran under hash_seeds[0] alone";

/// Does `stdout` hold what may be an address: a hexadecimal number (`0x` and a hex digit), as
/// default reprs print them, whatever surrounds it (`repr(P()).split()[-1]` prints `0x7f..>`
/// without the ` at `)? Such output differs between interpreter processes, and so between the
/// two hash seeds' workers.
fn prints_address(stdout: &[u8]) -> bool {
    stdout
        .windows(3)
        .any(|w| w[0] == b'0' && matches!(w[1], b'x' | b'X') && w[2].is_ascii_hexdigit())
}

/// Why a program's run under [`CHECK_HASH_SEED`] (`second`) disqualifies it beside its run under
/// [`BUILD_HASH_SEED`] (`first`): it hit a limit, or it ended differently or printed other tokens.
fn seed_verdict(first: &RunResult, second: &RunResult) -> Option<&'static str> {
    if second.hit_limit() {
        return Some("eq-run-timeout");
    }
    let same = first.ending == second.ending
        && canonical_output(&first.stdout) == canonical_output(&second.stdout);
    (!same).then_some("output-depends-on-hash-seed")
}

/// What a witness search found: the witness with both programs' runs on it (None: no input
/// separates them), and the inputs tried, the witness last.
type WitnessSearch<'t> = (
    Option<(&'t TestInput, Arc<RunResult>, Arc<RunResult>)>,
    Vec<&'t TestInput>,
);

fn reject(reason: &str) -> Outcome {
    Outcome::Reject(reason.to_string())
}

/// The largest chunk of inputs the witness search runs at once.
const WITNESS_CHUNK_MAX: usize = 64;

/// How many inputs the non-accepted side may run out of time or memory on before the witness
/// search gives up on it: such a program would cost its full limit on each of the ~200 inputs
/// searched, and a side that mostly times out is a Time Limit Exceeded, not a Wrong Answer.
pub const MAX_WITNESS_LIMIT_HITS: usize = 2;

/// Inputs are written into the evidence verbatim up to this total per pair (the rest by origin,
/// seed and sha256, regenerable from the corpus's generator).
pub const INLINE_INPUTS_BUDGET: usize = 64 * 1024;
/// A witness input is written verbatim up to this size, so a third party with only the record can
/// re-run it.
pub const INLINE_WITNESS_BYTES: usize = 64 * 1024;

/// The inputs of an equivalence test: every one with its origin and sha256; its text inline while
/// the pair's budget lasts, always for inputs no generator can remake (sample, derived).
fn inputs_record(inputs: &[&TestInput]) -> InputsRecord {
    let mut left = INLINE_INPUTS_BUDGET;
    let items: Vec<InputRecord> = inputs
        .iter()
        .map(|input| {
            let mut v = input_record(input);
            let regenerable = matches!(input.origin, Origin::Generator { .. });
            if !regenerable || input.text.len() <= left {
                left = left.saturating_sub(input.text.len());
                v.text = Some(input.text.clone());
            }
            v
        })
        .collect();
    let inline = items.iter().filter(|v| v.text.is_some()).count();
    InputsRecord {
        count: items.len(),
        inline,
        items,
    }
}

/// An input by origin and sha256 only (its text is added where it is recorded).
fn input_record(input: &TestInput) -> InputRecord {
    let (origin, seed, attempt, validators) = match input.origin {
        Origin::Sample => ("sample", None, None, None),
        Origin::Generator { seed } => ("generator", Some(seed), None, None),
        Origin::SampleMutation {
            attempt,
            validators,
        } => (
            "sample-mutation",
            None,
            Some(attempt),
            Some(validators as u64),
        ),
    };
    InputRecord {
        origin: origin.to_string(),
        seed,
        attempt,
        validators,
        sha256: input.sha256.clone(),
        text: None,
        text_gzip_base64: None,
        bytes: None,
    }
}

/// The inputs a witness is searched among, smallest first (the sample, then small generated
/// inputs): the witness recorded is the smallest that separates the pair, so a reader can follow
/// it and the record stays small. Each input once (the sample is in both sets); derived inputs
/// only when enough Accepted programs validated them. The sort is stable, so ties keep the test
/// range's order before the judge range's.
fn witness_order<'t>(tests: &'t [TestInput], judge: &'t [TestInput]) -> Vec<&'t TestInput> {
    let mut seen = std::collections::BTreeSet::new();
    let mut order: Vec<&TestInput> = tests
        .iter()
        .chain(judge)
        .filter(|i| i.origin.may_witness() && seen.insert(i.sha256.as_str()))
        .collect();
    order.sort_by_key(|i| i.text.len());
    order
}

/// A witness input, always re-runnable from the record alone: verbatim up to
/// [`INLINE_WITNESS_BYTES`], gzip-compressed and base64-encoded above (`text_gzip_base64`,
/// readable with any gzip tool; the sha256 is of the uncompressed text).
fn witness_record(input: &TestInput) -> InputRecord {
    let mut v = input_record(input);
    if input.text.len() <= INLINE_WITNESS_BYTES {
        v.text = Some(input.text.clone());
    } else {
        v.text_gzip_base64 = Some(crate::packed::pack(input.text.as_bytes()));
        v.bytes = Some(input.text.len());
    }
    v
}

fn output_record(r: &RunResult) -> OutputRecord {
    let text = String::from_utf8_lossy(&r.stdout);
    let inline = r.stdout.len() <= INLINE_OUTPUT_BYTES;
    OutputRecord {
        sha256: sha256_hex(&r.stdout),
        ending: r.describe(),
        bytes: r.stdout.len(),
        text: inline.then(|| text.to_string()),
        text_prefix: (!inline).then(|| text.chars().take(INLINE_OUTPUT_BYTES).collect::<String>()),
    }
}

#[cfg(test)]
mod tests {
    //! Each step of making a pair, on a one-problem corpus held in memory, with the real sandboxed
    //! runner and the real renamer: "print twice the number", two Accepted submissions and a Wrong
    //! Answer that is wrong from 5 on. The generator prints its seed, so every input of the test
    //! range (from 10^6) separates the Wrong Answer while the sample (3) does not.
    use super::*;
    use crate::codenet::{Corpus, Problem, Sample, Submission};
    use crate::runner::Backend;
    use crate::tools::SANDBOX_PYTHON;
    use equibench_core::{Tools, VENV_PYTHON};

    const INPUTS: usize = 6;

    fn submission(id: &str, status: Status, source: &str) -> Submission {
        Submission {
            id: id.into(),
            user_id: format!("u{id}"),
            status,
            original_language: "Python (3.11.2)".into(),
            source: source.into(),
            sha256: sha256_hex(source.as_bytes()),
            intent: None,
        }
    }

    fn corpus() -> Corpus {
        Corpus {
            root: std::path::PathBuf::from("/in-memory"),
            kind: CorpusKind::Embedded,
            problems: vec![Problem {
                id: "p99900".into(),
                name: "Twice".into(),
                time_limit_ms: 2000,
                memory_limit_kb: 262144,
                html: "<p>Print 2N.</p>".into(),
                sample: Some(Sample {
                    input: "3\n".into(),
                    output: "6\n".into(),
                }),
                float_tolerance: None,
                generator: Some("import sys\nprint(int(sys.argv[1]))\n".into()),
                reserved_for_exemplars: false,
                submissions: vec![
                    submission("s1", Status::Accepted, "n = int(input())\nprint(n * 2)\n"),
                    submission(
                        "s2",
                        Status::Accepted,
                        "x = int(input())\ntotal = x + x\nprint(total)\n",
                    ),
                    submission(
                        "s3",
                        Status::WrongAnswer,
                        "n = int(input())\nprint(n * 2 if n < 5 else n)\n",
                    ),
                ],
            }],
            skips: Default::default(),
        }
    }

    /// Run `f` with a maker of `category` over the in-memory corpus.
    fn with_maker<T>(category: Variant, f: impl FnOnce(&mut Maker) -> T) -> T {
        with_maker_on(corpus(), category, f)
    }

    fn with_maker_on<T>(corpus: Corpus, category: Variant, f: impl FnOnce(&mut Maker) -> T) -> T {
        let tools = Tools::new();
        let python = tools.get(&SANDBOX_PYTHON).unwrap();
        let mut runner = Runner::new(&python.path, Backend::Worker);
        let mut tool = PyTool::start(&tools).unwrap();
        let mut maker = Maker {
            category,
            corpus: &corpus,
            runner: &mut runner,
            tool: &mut tool,
            generated_inputs: INPUTS,
            seed: 9,
            sandbox_python: python.record(),
            venv_python: tools.get(&VENV_PYTHON).unwrap().record(),
        };
        f(&mut maker)
    }

    fn candidate(equivalent: bool, other: usize, rename_other: bool) -> Candidate {
        Candidate {
            problem: 0,
            equivalent,
            accepted: 0,
            other: Side::Submission(other),
            rename_other,
        }
    }

    fn prepared<'c>(maker: &mut Maker<'c>, c: &Candidate) -> Prepared<'c> {
        match maker.prepare(c).unwrap() {
            Ok(p) => p,
            Err(_) => panic!("candidate not prepared"),
        }
    }

    #[test]
    fn prepare_shows_both_sides_formatted_and_one_renamed_without_running() {
        with_maker(Variant::Va, |maker| {
            let c = candidate(true, 1, true);
            let p = prepared(maker, &c);
            assert_eq!(p.a.text, "n = int(input())\nprint(n * 2)\n");
            assert_ne!(Some(&p.b.text), p.b.renamed_from.as_ref());
            assert!(!p.b.text.contains("total"), "{}", p.b.text);
            assert!(p
                .b
                .renamed
                .as_ref()
                .is_some_and(|m| m.contains_key("total")));
            assert_eq!(p.bin(), SurfaceBin::of(&p.b.text, &p.a.text));
            assert!(p.pending_mutant.is_none());
        });
    }

    #[test]
    fn only_oj_v_matches_the_size_of_the_programs() {
        for (variant, sized) in [(Variant::V, true), (Variant::Va, false)] {
            with_maker(variant, |maker| {
                let p = prepared(maker, &candidate(true, 1, true));
                let expected = if sized {
                    SurfaceBin::sized(&p.a.text, &p.b.text)
                } else {
                    SurfaceBin::of(&p.a.text, &p.b.text)
                };
                assert_eq!(p.bin(), expected, "{variant}");
                assert_eq!(p.bin().size > 0, sized, "{variant}: {:?}", p.bin());
            });
        }
    }

    #[test]
    fn an_equivalent_pair_is_tested_on_the_test_range_and_records_its_inputs() {
        with_maker(Variant::A, |maker| {
            let c = candidate(true, 1, false);
            let p = prepared(maker, &c);
            let t = match maker.test(&c, &p).unwrap() {
                Ok(t) => t,
                Err(_) => panic!("the two Accepted programs were not found to agree"),
            };
            assert_eq!(t.kind, "differential-test");
            let items = &t.evidence.inputs.as_ref().unwrap().items;
            assert_eq!(items.len(), INPUTS + 1);
            assert_eq!(items[0].origin, "sample");
            for item in &items[1..] {
                assert!(item.seed.unwrap() >= crate::inputs::TEST_SEEDS_FIRST);
                assert!(item.text.is_some());
            }
            let ranges = t.evidence.seed_ranges.as_ref().unwrap();
            assert_eq!(ranges.judge, [0, INPUTS as u64]);
        });
    }

    #[test]
    fn a_wrong_answer_gets_the_smallest_recorded_witness() {
        with_maker(Variant::A, |maker| {
            let c = candidate(false, 2, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("no witness")
            };
            assert_eq!(t.kind, "differential-witness");
            // Every input from 5 on separates the programs; the shortest is the judge range's 5
            // (the test range's start at 10^6 has seven digits).
            let input = &t.evidence.witness.as_ref().unwrap().input;
            assert_eq!(input.seed, Some(5));
            assert_eq!(input.text.as_deref(), Some("5\n"));
            let (accepted, wrong) = t.witness_outputs.unwrap();
            assert_eq!(accepted.text.as_deref(), Some("10\n"));
            assert_eq!(wrong.text.as_deref(), Some("5\n"));
        });
    }

    /// Issue 26 item 12: when every input that separates a pair is large (here 140 KB, over the
    /// verbatim cap), the witness is recorded packed, and the record re-checks with no corpus
    /// and no data directory at all.
    #[test]
    fn a_large_witness_is_recorded_packed_and_rechecks_from_the_record_alone() {
        let mut big = corpus();
        big.root = std::path::PathBuf::from("/in-memory/big");
        let problem = &mut big.problems[0];
        problem.sample = Some(Sample {
            input: "3\n1 1 1\n".into(),
            output: "3\n".into(),
        });
        problem.generator = Some(
            "import sys\ns = int(sys.argv[1])\nn = 70000 if s % 2 else 3\nprint(n)\nprint(' '.join(['1'] * n))\n"
                .into(),
        );
        problem.submissions = vec![
            submission(
                "s1",
                Status::Accepted,
                "n = int(input())\nprint(sum(map(int, input().split())))\n",
            ),
            submission(
                "s2",
                Status::Accepted,
                "input()\nprint(len(input().split()))\n",
            ),
            submission(
                "s3",
                Status::WrongAnswer,
                "n = int(input())\nprint(n if n < 1000 else 0)\n",
            ),
        ];
        let pair = with_maker_on(big, Variant::A, |maker| {
            let c = candidate(false, 2, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("no witness")
            };
            maker.record(&c, &p, t)
        });
        let input = &pair.provenance.evidence.details["witness"]["input"];
        assert!(input.get("text").is_none(), "{input}");
        assert!(input["bytes"].as_u64().unwrap() > INLINE_WITNESS_BYTES as u64);
        let packed = input["text_gzip_base64"].as_str().unwrap();
        let text = crate::packed::unpack(packed).unwrap();
        assert_eq!(sha256_hex(&text), input["sha256"].as_str().unwrap());
        // No --codenet, no data directory: the record alone.
        let tools = Tools::new();
        let bare = equibench_core::Inputs::new(std::path::PathBuf::from("/nonexistent"));
        let cat = crate::OjCategory::new(Variant::A);
        match equibench_core::testing::audit_pair(&cat, &pair, &bare, &tools) {
            equibench_core::Verdict::Confirmed(why) => {
                assert!(why.contains("record alone"), "{why}")
            }
            other => panic!("the packed witness did not re-check: {other:?}"),
        }
    }

    /// Issue 26 item 4: two programs printing a set of strings agree under any one hash seed (the
    /// same set order), but what each prints changes with the seed: dropped, not paired.
    #[test]
    fn programs_whose_output_depends_on_the_hash_seed_are_dropped() {
        let mut sets = corpus();
        // Its own root: the process-wide caches key test sets by corpus root and problem.
        sets.root = std::path::PathBuf::from("/in-memory/sets");
        let problem = &mut sets.problems[0];
        problem.sample = Some(Sample {
            input: "apple banana cherry date elder fig grape\n".into(),
            output: "apple banana cherry date elder fig grape\n".into(),
        });
        problem.generator = Some(
            "import sys\ns = int(sys.argv[1])\nprint(' '.join('w%d' % i for i in range(s % 7 + 9)))\n"
                .into(),
        );
        problem.submissions = vec![
            submission("s1", Status::Accepted, "print(*set(input().split()))\n"),
            submission(
                "s2",
                Status::Accepted,
                "words = input().split()\nprint(*{w for w in words})\n",
            ),
            submission("s3", Status::WrongAnswer, "print(input())\n"),
        ];
        with_maker_on(sets, Variant::A, |maker| {
            let c = candidate(true, 1, false);
            let p = prepared(maker, &c);
            match maker.test(&c, &p).unwrap() {
                Err(Outcome::Reject(why)) => assert_eq!(why, "output-depends-on-hash-seed"),
                Err(_) => panic!("not tested"),
                Ok(t) => panic!(
                    "paired as {}: {:?}",
                    t.kind,
                    t.evidence.inputs.as_ref().map(|i| i.count)
                ),
            }
        });
        // Seed-independent programs pass. These are hash-order free (nothing in them reaches a
        // str hash or set order), so they ran under one seed, and the record says why.
        with_maker(Variant::A, |maker| {
            let c = candidate(true, 1, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("rejected")
            };
            let pair = maker.record(&c, &p, t);
            assert_eq!(pair.provenance.evidence.details["hash_seeds"], json!([0]));
            assert_eq!(
                pair.provenance.evidence.details["hash_order_free"],
                json!(HASH_ORDER_FREE)
            );
        });
        // A set of ints is seed-independent too, but the check refuses every set: both seeds
        // run, and the record names both.
        let mut ints = corpus();
        ints.root = std::path::PathBuf::from("/in-memory/int-sets");
        ints.problems[0].submissions[1] = submission(
            "s2",
            Status::Accepted,
            "x = int(input())\nprint(sum({x, x}) * 2)\n",
        );
        with_maker_on(ints, Variant::A, |maker| {
            let c = candidate(true, 1, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("rejected")
            };
            let pair = maker.record(&c, &p, t);
            assert_eq!(
                pair.provenance.evidence.details["hash_seeds"],
                json!([0, 1])
            );
            assert!(pair
                .provenance
                .evidence
                .details
                .get("hash_order_free")
                .is_none());
        });
    }

    /// A hash-order free program printing a default repr (an address, which differs between
    /// the two seeds' interpreter processes) still gets its second-seed run, which drops it;
    /// issue 37: an address printed without the ` at ` before it is an address all the same.
    #[test]
    fn a_printed_address_is_checked_under_the_second_seed() {
        for (root, wrong) in [
            ("reprs", "n = int(input())\nprint(n * 2 if n < 5 else (lambda: n))\n"),
            (
                "bare-address",
                "class P:\n    pass\nn = int(input())\nprint(n * 2 if n < 5 else repr(P()).split()[-1])\n",
            ),
        ] {
            let mut reprs = corpus();
            reprs.root = std::path::PathBuf::from("/in-memory").join(root);
            reprs.problems[0].submissions[2] = submission("s3", Status::WrongAnswer, wrong);
            with_maker_on(reprs, Variant::A, |maker| {
                let c = candidate(false, 2, false);
                let p = prepared(maker, &c);
                match maker.test(&c, &p).unwrap() {
                    Err(Outcome::Reject(why)) => assert_eq!(why, "output-depends-on-hash-seed"),
                    Err(_) => panic!("not tested"),
                    Ok(t) => panic!("{wrong} paired: {:?}", t.evidence.hash_order_free),
                }
            });
        }
        assert!(prints_address(b"0x7f3a2c1b5e80>\n"));
        assert!(!prints_address(b"0 x1 10x"));
    }

    /// Issue 26 item 3: with a float tolerance stated, a program printing a wrong integer (here
    /// off by one in two million, inside a 1e-6 relative tolerance) is separated by the
    /// differential test, and the audit, re-running from the record alone, agrees.
    #[test]
    fn a_wrong_integer_within_the_float_tolerance_is_a_witness() {
        let mut tolerant = corpus();
        tolerant.root = std::path::PathBuf::from("/in-memory/tolerant");
        let problem = &mut tolerant.problems[0];
        problem.float_tolerance = Some(Tolerance::absolute_or_relative(1e-6));
        problem.submissions[2] = submission(
            "s3",
            Status::WrongAnswer,
            "n = int(input())\nprint(n * 2 + (n > 1000))\n",
        );
        let pair = with_maker_on(tolerant, Variant::A, |maker| {
            let c = candidate(false, 2, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("no witness: the tolerance passed a wrong integer")
            };
            maker.record(&c, &p, t)
        });
        let ev = &pair.provenance.evidence.details;
        assert_eq!(ev["witness"]["input"]["text"], json!("1000000\n"));
        assert!(ev["comparison"]
            .as_str()
            .unwrap()
            .contains("integers and words exactly"));
        let tools = Tools::new();
        let bare = equibench_core::Inputs::new(std::path::PathBuf::from("/nonexistent"));
        let cat = crate::OjCategory::new(Variant::A);
        let verdict = equibench_core::testing::audit_pair(&cat, &pair, &bare, &tools);
        assert!(verdict.is_confirmed(), "{verdict:?}");
    }

    /// Issue 28 item 2: the audit reads the evidence through the writer's own record type, so a
    /// key it does not know (here `generator_sha256` renamed, which an inline witness never
    /// needed, so reading by string keys let it pass) contradicts the pair.
    #[test]
    fn the_audit_contradicts_evidence_with_a_renamed_key() {
        let pair = with_maker(Variant::A, |maker| {
            let c = candidate(false, 2, false);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("no witness")
            };
            maker.record(&c, &p, t)
        });
        let tools = Tools::new();
        let bare = equibench_core::Inputs::new(std::path::PathBuf::from("/nonexistent"));
        let cat = crate::OjCategory::new(Variant::A);
        let verdict = equibench_core::testing::audit_pair(&cat, &pair, &bare, &tools);
        assert!(verdict.is_confirmed(), "{verdict:?}");
        let mut renamed = pair.clone();
        let ev = &mut renamed.provenance.evidence.details;
        let g = ev.remove("generator_sha256").unwrap();
        ev.insert("generator_sha".into(), g);
        match equibench_core::testing::audit_pair(&cat, &renamed, &bare, &tools) {
            equibench_core::Verdict::Contradicted(why) => {
                assert!(why.contains("generator_sha"), "{why}")
            }
            other => panic!("a renamed evidence key was not refused: {other:?}"),
        }
    }

    #[test]
    fn a_side_that_behaves_unlike_its_source_is_rejected() {
        with_maker(Variant::Va, |maker| {
            let c = candidate(true, 1, true);
            let mut p = prepared(maker, &c);
            // A "renaming" that changed what the program prints for large inputs.
            p.b.text = "var1 = int(input())\nprint(var1 + var1 if var1 < 10 ** 6 else 0)".into();
            match maker.test(&c, &p).unwrap() {
                Err(Outcome::Reject(why)) => {
                    assert!(why == "eq-outputs-differ" || why == "rename-changed-behaviour")
                }
                _ => panic!("a side unlike its source passed"),
            }
            // Agreeing with the other side is not enough: it must agree with what it was made from.
            p.b.renamed_from = Some("x = int(input())\nprint(x + x + 1)\n".into());
            p.b.text = "var1 = int(input())\nprint(var1 * 2)".into();
            match maker.test(&c, &p).unwrap() {
                Err(Outcome::Reject(why)) => assert_eq!(why, "rename-changed-behaviour"),
                _ => panic!("a side unlike its source passed"),
            }
        });
    }

    #[test]
    fn the_record_says_which_side_is_which_whatever_the_order() {
        with_maker(Variant::Va, |maker| {
            let c = candidate(false, 2, true);
            let p = prepared(maker, &c);
            let Ok(t) = maker.test(&c, &p).unwrap() else {
                panic!("no witness")
            };
            let pair = maker.record(&c, &p, t);
            let ev = &pair.provenance.evidence.details;
            let renamed = ev["renaming"]["renamed_program"].as_u64().unwrap();
            let accepted = ev["witness"]["accepted_side"].as_u64().unwrap();
            assert_ne!(renamed, accepted);
            let text = |k| {
                if k == 1 {
                    &pair.program_1
                } else {
                    &pair.program_2
                }
            };
            assert_eq!(text(renamed), &p.b.text);
            assert_eq!(text(accepted), &p.a.text);
            let statuses = ev["statuses"].as_array().unwrap();
            assert_eq!(statuses[accepted as usize - 1], "Accepted");
            assert_eq!(statuses[renamed as usize - 1], "Wrong Answer");
            assert!(pair.problems(Variant::Va.descriptor()).is_empty());
        });
    }
}
