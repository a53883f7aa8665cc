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
pub struct Program<'s> {
    submission: &'s Submission,
    /// The text run and shown.
    pub text: String,
    /// For a renamed side, the program the renaming was applied to: its source (the submission or
    /// the mutant's code) formatted by `ast.unparse`.
    pub renamed_from: Option<String>,
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
    /// The Accepted submission's side.
    pub a: Program<'s>,
    /// The other side: a submission or a mutant, renamed when the candidate says so.
    pub b: Program<'s>,
    /// The mutant of `b` and its index, judged only when the pair is tested.
    pending_mutant: Option<(Mutant, usize)>,
    alpha_reason: Option<String>,
    /// OJ_V matches sizes too ([`SurfaceBin::sized`]).
    size_matched: bool,
}

impl Program<'_> {
    /// For a renamed side, the renaming (old name to new).
    pub fn renamed(&self) -> Option<&BTreeMap<String, String>> {
        self.renamed.as_ref()
    }
}

impl Prepared<'_> {
    /// The mutant of `b` and its index, while it waits to be judged.
    pub fn pending_mutant(&self) -> Option<&(Mutant, usize)> {
        self.pending_mutant.as_ref()
    }

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
pub struct Tested {
    kind: &'static str,
    evidence: TestRecord,
    /// The witness outputs of the accepted side and the other side (inequivalent pairs).
    witness_outputs: Option<(OutputRecord, OutputRecord)>,
}

/// The kind-specific part of the evidence, known once the test is done (the rest is filled in by
/// [`Maker::record`]).
#[derive(Default)]
pub struct TestRecord {
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

impl Tested {
    /// The evidence kind.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// What the test recorded.
    pub fn evidence(&self) -> &TestRecord {
        &self.evidence
    }

    /// The witness outputs of the accepted side and the other side (inequivalent pairs).
    pub fn witness_outputs(&self) -> Option<&(OutputRecord, OutputRecord)> {
        self.witness_outputs.as_ref()
    }
}

impl TestRecord {
    /// The judge's and the test's seed ranges.
    pub fn seed_ranges(&self) -> Option<&SeedRanges> {
        self.seed_ranges.as_ref()
    }

    /// The inputs an equivalent pair was tested on.
    pub fn inputs(&self) -> Option<&InputsRecord> {
        self.inputs.as_ref()
    }

    /// An inequivalent pair's witness.
    pub fn witness(&self) -> Option<&WitnessRecord> {
        self.witness.as_ref()
    }

    /// Whether both programs are hash-order free (the second hash seed's runs were spared).
    pub fn hash_order_free(&self) -> bool {
        self.hash_order_free
    }
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
    pub fn test(
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
    pub fn record(&self, c: &Candidate, p: &Prepared, t: Tested) -> Pair {
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
pub fn prints_address(stdout: &[u8]) -> bool {
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
