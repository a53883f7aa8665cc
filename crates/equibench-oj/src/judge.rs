//! The judge: verdicts for submissions from runs, as an online judge gives them.
//!
//! Reference outputs come from agreement: on each test input every reference solution is run and
//! the output a strict majority of them produce (all of the majority exiting normally) is the
//! reference; an input without such a majority is dropped from judging. A submission's verdict
//! over the inputs is Wrong Answer if any output differs from the reference (a difference is a
//! fact about the program, independent of machine load), otherwise the first failure in input
//! order (Runtime Error, Time Limit Exceeded on CPU time, Memory Limit Exceeded, Output Limit
//! Exceeded), otherwise Accepted.
//!
//! [`judge_corpus`] is `equibench tool oj_a judge`: it judges every submission of the embedded corpus
//! (references: the solutions their authors meant to be accepted) and writes CodeNet-format
//! `metadata/problem_list.csv` and `metadata/pXXXXX.csv`, so that no status is typed by hand.

use crate::codenet::{
    load_authoring, problem_fingerprint, recorded_fingerprints, CorpusError, Problem, Status,
    Submission, FINGERPRINTS,
};
use crate::compare::{output_accepted, outputs_agree, Tolerance};
use crate::csv::row;
use crate::inputs::{test_set, SeedRange, TestSet};
use crate::runner::{Backend, RunError, RunLimits, RunResult, Runner, BUILD_HASH_SEED};
use equibench_core::output::write_atomic;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Reference outputs, one per input of `inputs` (None: no consensus, the input is not judged):
/// on each input, the output a strict majority of the `references` give.
///
/// Without a float tolerance, outputs match exactly (token by token), so at most one output can
/// have a majority and an input's references stop running as soon as one has: the remaining
/// runs cannot change the answer. With a tolerance, matching is not transitive, and every
/// reference runs. Each reference runs on the inputs still open in one batch (the majority reads
/// only endings and outputs, which batched runs give as single runs do).
pub fn reference_outputs(
    problem: &Problem,
    inputs: &[&[u8]],
    references: &[&str],
    runner: &mut Runner,
) -> Result<Vec<Option<Vec<u8>>>, RunError> {
    let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
    let tolerance = problem.float_tolerance.as_ref();
    let mut outputs: Vec<Vec<std::sync::Arc<RunResult>>> = vec![Vec::new(); inputs.len()];
    for code in references {
        let open: Vec<usize> = (0..inputs.len())
            .filter(|&k| {
                tolerance.is_some() || majority(&outputs[k], references.len(), None).is_none()
            })
            .collect();
        if open.is_empty() {
            break;
        }
        let batch: Vec<&[u8]> = open.iter().map(|&k| inputs[k]).collect();
        let ran = runner.run_many(code, &batch, &[], limits, BUILD_HASH_SEED)?;
        for (&k, out) in open.iter().zip(ran) {
            outputs[k].push(out);
        }
    }
    Ok(outputs
        .iter()
        .map(|o| majority(o, references.len(), tolerance))
        .collect())
}

/// The first successful output that more than half of `of` outputs match (only `outputs`, a
/// prefix of them, are known).
pub fn majority(
    outputs: &[std::sync::Arc<RunResult>],
    of: usize,
    tolerance: Option<&Tolerance>,
) -> Option<Vec<u8>> {
    for candidate in outputs.iter().filter(|o| o.success()) {
        let agreeing = outputs
            .iter()
            .filter(|o| o.success() && outputs_agree(&candidate.stdout, &o.stdout, tolerance))
            .count();
        if 2 * agreeing > of {
            return Some(candidate.stdout.clone());
        }
    }
    None
}

/// The verdict on one submission.
#[derive(Debug, Clone)]
pub struct Judgement {
    pub status: Status,
    pub passed: usize,
    pub judged: usize,
    pub max_cpu_ms: u64,
    pub max_rss_kb: u64,
    /// Index (in the test set) of the first input with a wrong answer.
    pub first_wrong: Option<usize>,
}

/// The reference outputs of a range of inputs of a test set (None: not judged), asked for only
/// when the judge reaches those inputs, so a judgement that stops early needs only the first
/// ones.
pub type ReferencesOf<'r> =
    dyn FnMut(Range<usize>, &mut Runner) -> Result<Vec<Option<Vec<u8>>>, RunError> + 'r;

/// How the judge runs the submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgeRuns {
    /// One run per input, each with its own CPU time and peak memory (the corpus judge records
    /// them in the metadata).
    Single,
    /// Batched runs ([`Runner::run_many`]) in chunks that double from one input, so a judgement
    /// that stops at its first failure makes few runs past it. A batched run reports the
    /// program's CPU time but no peak memory: used only where the run's address-space limit is at
    /// most the problem's memory limit, so that no run's memory can exceed the limit unnoticed
    /// (the peak is never above the address space), and the verdict is the one single runs give.
    Batched,
}

/// The largest chunk of inputs a batched judgement runs at once.
const JUDGE_CHUNK_MAX: usize = 64;

/// Judge `code` against the references. With `stop_at_first_failure` the verdict is that of the
/// first failing input (enough to accept or reject a mutant, which must be a Wrong Answer: a
/// mutant that loops would otherwise cost its time limit on every input).
pub fn judge(
    problem: &Problem,
    code: &str,
    tests: &TestSet,
    references_of: &mut ReferencesOf,
    runner: &mut Runner,
    stop_at_first_failure: bool,
    runs: JudgeRuns,
) -> Result<Judgement, RunError> {
    let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
    let batched = runs == JudgeRuns::Batched && limits.memory_kb <= problem.memory_limit_kb;
    let mut j = Judgement {
        status: Status::Accepted,
        passed: 0,
        judged: 0,
        max_cpu_ms: 0,
        max_rss_kb: 0,
        first_wrong: None,
    };
    let mut first_failure: Option<Status> = None;
    'inputs: for chunk in JudgeChunks::new(tests.inputs.len(), batched) {
        let references = references_of(chunk.clone(), runner)?;
        let judged: Vec<(usize, Vec<u8>)> = chunk
            .zip(references)
            .filter_map(|(i, r)| r.map(|r| (i, r)))
            .collect();
        let outs = judge_runs(
            code,
            tests,
            &judged,
            runner,
            limits,
            batched,
            stop_at_first_failure,
        )?;
        for ((i, reference), out) in judged.iter().zip(outs) {
            let i = *i;
            j.judged += 1;
            j.max_cpu_ms = j.max_cpu_ms.max(out.cpu_ms);
            j.max_rss_kb = j.max_rss_kb.max(out.rss_kb);
            let verdict = case_verdict(problem, &out, reference);
            if verdict == Status::Accepted {
                j.passed += 1;
                continue;
            }
            if verdict == Status::WrongAnswer && j.first_wrong.is_none() {
                j.first_wrong = Some(i);
            }
            first_failure.get_or_insert(verdict);
            if stop_at_first_failure {
                break 'inputs;
            }
        }
    }
    j.status = if j.first_wrong.is_some() {
        Status::WrongAnswer
    } else {
        first_failure.unwrap_or(Status::Accepted)
    };
    Ok(j)
}

/// The ranges of test inputs a judgement asks for in turn: one input at a time for single runs;
/// for batched runs one, then twice as many each time up to [`JUDGE_CHUNK_MAX`] (most mutants
/// fail on the first inputs, so a judgement that stops there runs little in vain).
struct JudgeChunks {
    next: usize,
    size: usize,
    len: usize,
    grow: bool,
}

impl JudgeChunks {
    fn new(len: usize, grow: bool) -> Self {
        JudgeChunks {
            next: 0,
            size: 1,
            len,
            grow,
        }
    }
}

impl Iterator for JudgeChunks {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        if self.next >= self.len {
            return None;
        }
        let chunk = self.next..(self.next + self.size).min(self.len);
        self.next = chunk.end;
        if self.grow {
            self.size = (2 * self.size).min(JUDGE_CHUNK_MAX);
        }
        Some(chunk)
    }
}

/// `code` on the inputs of `judged` (index in `tests`, reference), in order: one run each, or
/// batched (stopping at the first limit hit when the judgement stops at its first failure, as a
/// limit hit is one).
fn judge_runs(
    code: &str,
    tests: &TestSet,
    judged: &[(usize, Vec<u8>)],
    runner: &mut Runner,
    limits: RunLimits,
    batched: bool,
    stop_at_first_failure: bool,
) -> Result<Vec<Arc<RunResult>>, RunError> {
    let inputs: Vec<&[u8]> = judged
        .iter()
        .map(|(i, _)| tests.inputs[*i].text.as_bytes())
        .collect();
    if !batched {
        return inputs
            .iter()
            .map(|input| runner.run(code, input, &[], limits))
            .collect();
    }
    if stop_at_first_failure {
        runner.run_many_until_limit(code, &inputs, limits, BUILD_HASH_SEED)
    } else {
        runner.run_many(code, &inputs, &[], limits, BUILD_HASH_SEED)
    }
}

/// The status of one run on one test case against the reference output.
pub fn case_verdict(problem: &Problem, out: &RunResult, reference: &[u8]) -> Status {
    if out.hit_limit() || out.cpu_ms > problem.time_limit_ms {
        Status::TimeLimitExceeded
    } else if out.out_of_memory() || out.rss_kb > problem.memory_limit_kb {
        Status::MemoryLimitExceeded
    } else if out.ending == crate::runner::Ending::OutputLimit {
        Status::OutputLimitExceeded
    } else if !out.success() {
        Status::RuntimeError
    } else if !output_accepted(reference, &out.stdout, problem.float_tolerance.as_ref()) {
        Status::WrongAnswer
    } else {
        Status::Accepted
    }
}

/// Options of `oj-judge`.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    /// Generated inputs per problem besides the sample.
    pub generated_inputs: usize,
    pub backend: Backend,
    /// Only these problems (all when empty).
    pub only: Vec<String>,
    /// Skip problems whose files have not changed since they were last judged.
    pub incremental: bool,
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            generated_inputs: 100,
            backend: Backend::Worker,
            only: Vec::new(),
            incremental: false,
        }
    }
}

/// What `oj-judge` did.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct JudgeReport {
    pub problems_judged: usize,
    pub submissions_judged: usize,
    /// Verdict counts over all submissions.
    pub statuses: BTreeMap<String, u64>,
    /// Problems left out, with the reason.
    pub problems_skipped: BTreeMap<String, String>,
    /// Submissions whose verdict is not what their author intended (`pid/sid: intent -> status`).
    pub intent_mismatches: Vec<String>,
    /// Problems whose sample output disagrees with the reference solutions.
    pub sample_mismatches: Vec<String>,
    /// Inputs dropped for want of a reference consensus.
    pub inputs_without_consensus: u64,
    /// Inputs that could not be made (a generator failing for a seed, ...), by reason.
    pub inputs_dropped: BTreeMap<String, u64>,
    pub loading_skips: BTreeMap<String, u64>,
    pub runs: u64,
    pub seconds: f64,
    pub runs_per_second: f64,
}

#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    #[error(transparent)]
    Corpus(#[from] CorpusError),
    #[error(transparent)]
    Run(#[from] RunError),
    #[error(transparent)]
    Tool(#[from] equibench_core::tools::ToolError),
    #[error("writing metadata: {0}")]
    Io(#[from] std::io::Error),
}

/// Judge the embedded corpus at `root` (e.g. `data/oj`) and write its `metadata/`.
pub fn judge_corpus(
    root: &Path,
    tools: &equibench_core::Tools,
    options: &JudgeOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<JudgeReport, JudgeError> {
    let started = Instant::now();
    let corpus = load_authoring(root)?;
    let python = tools.get(&crate::tools::SANDBOX_PYTHON)?;
    let python_version = python.version.clone();
    let mut runner = Runner::new(&python.path, options.backend);
    let mut report = JudgeReport {
        loading_skips: corpus.skips.clone(),
        ..JudgeReport::default()
    };
    let mut list_rows = Vec::new();
    let meta_dir = root.join("metadata");
    std::fs::create_dir_all(&meta_dir)?;
    let mut fingerprints = recorded_fingerprints(root);
    let old_list = std::fs::read_to_string(meta_dir.join("problem_list.csv")).unwrap_or_default();
    let mut kept = Vec::new();
    for (number, problem) in corpus.problems.iter().enumerate() {
        let fingerprint = problem_fingerprint(root, &problem.id).unwrap_or_default();
        let unchanged = fingerprints.get(&problem.id) == Some(&fingerprint)
            && meta_dir.join(format!("{}.csv", problem.id)).is_file();
        let excluded = !options.only.is_empty() && !options.only.contains(&problem.id);
        if excluded || (options.incremental && unchanged) {
            kept.push(problem.id.clone());
            continue;
        }
        fingerprints.remove(&problem.id);
        progress(&format!(
            "judging {} ({} submissions)",
            problem.id,
            problem.submissions.len()
        ));
        let Some(rows) = judge_problem(
            problem,
            number,
            &mut runner,
            options,
            &python_version,
            &mut report,
        )?
        else {
            continue;
        };
        write_atomic(
            &meta_dir.join(format!("{}.csv", problem.id)),
            format!("{METADATA_HEADER}\n{}", rows.join("")).as_bytes(),
        )?;
        list_rows.push(row(&[
            problem.id.clone(),
            problem.name.clone(),
            "equibench".into(),
            problem.time_limit_ms.to_string(),
            problem.memory_limit_kb.to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]));
        fingerprints.insert(problem.id.clone(), fingerprint);
        report.problems_judged += 1;
    }
    // Problems judged earlier (and not re-judged now) stay listed.
    for line in old_list.lines().skip(1) {
        let id = line.split(',').next().unwrap_or("");
        if kept.iter().any(|k| k == id) {
            list_rows.push(format!("{line}\n"));
        }
    }
    list_rows.sort();
    list_rows.dedup();
    let list_path = meta_dir.join("problem_list.csv");
    write_atomic(
        &list_path,
        format!("{PROBLEM_LIST_HEADER}\n{}", list_rows.join("")).as_bytes(),
    )?;
    let fingerprint_json = serde_json::to_string_pretty(&fingerprints).unwrap_or_default();
    write_atomic(
        &root.join(FINGERPRINTS),
        format!("{fingerprint_json}\n").as_bytes(),
    )?;
    report.runs = runner.runs;
    report.seconds = started.elapsed().as_secs_f64();
    report.runs_per_second = report.runs as f64 / report.seconds.max(1e-9);
    Ok(report)
}

/// Judge every submission of `problem` (its `number` in the corpus) against the consensus of its
/// intended-accepted solutions: the problem's metadata rows, or `None` when it is skipped (the
/// reason in `report`).
fn judge_problem(
    problem: &Problem,
    number: usize,
    runner: &mut Runner,
    options: &JudgeOptions,
    python_version: &str,
    report: &mut JudgeReport,
) -> Result<Option<Vec<String>>, JudgeError> {
    let tests = test_set(problem, runner, SeedRange::judge(options.generated_inputs))?;
    for (reason, n) in &tests.dropped {
        *report.inputs_dropped.entry(reason.clone()).or_default() += n;
    }
    let references: Vec<&str> = problem
        .submissions
        .iter()
        .filter(|s| s.intent.as_deref() == Some("accepted"))
        .map(|s| s.source.as_str())
        .collect();
    if references.len() < 2 {
        report.problems_skipped.insert(
            problem.id.clone(),
            "fewer than 2 intended-accepted solutions".into(),
        );
        return Ok(None);
    }
    let inputs: Vec<&[u8]> = tests.inputs.iter().map(|i| i.text.as_bytes()).collect();
    let refs = reference_outputs(problem, &inputs, &references, runner)?;
    report.inputs_without_consensus += refs.iter().filter(|r| r.is_none()).count() as u64;
    if refs.iter().filter(|r| r.is_some()).count() < tests.inputs.len().div_ceil(2) {
        report.problems_skipped.insert(
            problem.id.clone(),
            "reference solutions disagree on most inputs".into(),
        );
        return Ok(None);
    }
    if let (Some(sample), Some(Some(r))) = (&problem.sample, refs.first()) {
        if !output_accepted(
            sample.output.as_bytes(),
            r,
            problem.float_tolerance.as_ref(),
        ) {
            report.sample_mismatches.push(problem.id.clone());
        }
    }
    let mut rows = Vec::new();
    for (i, s) in problem.submissions.iter().enumerate() {
        let j = judge(
            problem,
            &s.source,
            &tests,
            &mut |range, _| Ok(refs[range].to_vec()),
            runner,
            false,
            JudgeRuns::Single,
        )?;
        report.submissions_judged += 1;
        *report
            .statuses
            .entry(j.status.as_str().to_string())
            .or_default() += 1;
        let intended = match s.intent.as_deref() {
            Some("accepted") => Some(Status::Accepted),
            Some("wrong_answer") => Some(Status::WrongAnswer),
            _ => None,
        };
        if intended.as_ref().is_some_and(|want| want != &j.status) {
            report.intent_mismatches.push(format!(
                "{}/{}: intended {} but judged {} ({}/{} passed)",
                problem.id,
                s.id,
                s.intent.as_deref().unwrap_or("?"),
                j.status.as_str(),
                j.passed,
                j.judged
            ));
        }
        rows.push(metadata_row(problem, s, &j, python_version, number, i));
    }
    Ok(Some(rows))
}

pub const METADATA_HEADER: &str = "submission_id,problem_id,user_id,date,language,original_language,filename_ext,status,cpu_time,memory,code_size,accuracy";
pub const PROBLEM_LIST_HEADER: &str =
    "id,name,dataset,time_limit,memory_limit,rating,tags,complexity";

fn metadata_row(
    problem: &Problem,
    s: &Submission,
    j: &Judgement,
    python_version: &str,
    problem_number: usize,
    index: usize,
) -> String {
    // A fixed, made-up submission time: the rows have to be reproducible.
    let date = 1_700_000_000u64 + (problem_number as u64) * 1000 + index as u64;
    row(&[
        s.id.clone(),
        problem.id.clone(),
        s.user_id.clone(),
        date.to_string(),
        "Python".into(),
        format!("Python ({python_version})"),
        "py".into(),
        j.status.as_str().into(),
        j.max_cpu_ms.to_string(),
        j.max_rss_kb.to_string(),
        s.source.len().to_string(),
        format!("{}/{}", j.passed, j.judged),
    ])
}
