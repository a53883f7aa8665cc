//! Test inputs of a problem: the sample, plus `count` more.
//! - With a generator (the embedded corpus): `python3 gen.py SEED` for SEED = 0..count, run in the
//!   sandbox like a submission. Generators emit valid inputs only, by construction.
//! - Without one (a plain CodeNet tree): inputs derived from the sample by small mutations that
//!   keep its shape (same lines, same number of tokens per line): numbers redrawn within their
//!   magnitude (tokens that look like counts are left alone), a line's tokens shuffled (keeps
//!   permutations permutations), letters of a word changed. Validity cannot be known, so it is
//!   approximated: a derived input is kept only if every Accepted submission of the problem runs
//!   to completion on it and all their outputs agree (the accepted programs act as validators).
//!   Derived inputs are recorded verbatim in the evidence.

use crate::codenet::{Problem, Submission};
use crate::compare::{outputs_agree, Tolerance};
use crate::runner::{RunError, RunLimits, RunResult, Runner, BUILD_HASH_SEED};
use equibench_core::pair::sha256_hex;
use equibench_core::seed::rng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::BTreeMap;

/// Which generator seeds (or sample-mutation attempts) make a test set. The judge fits statuses on
/// [`SeedRange::judge`]; a pair's differential test uses [`SeedRange::test`], disjoint from it, so
/// an equivalence label is checked on inputs the statuses were not fitted on; an auditor draws
/// [`SeedRange::fresh`] from a seed of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeedRange {
    pub first: u64,
    pub count: usize,
}

/// Where the differential tests' seeds start: far above any judge range.
pub const TEST_SEEDS_FIRST: u64 = 1_000_000;
/// Where auditors' fresh ranges start: above the test range, one block of 10^6 per auditor seed.
pub const FRESH_SEEDS_FIRST: u64 = 1_000_000_000;
/// Where the draws that measure an inequivalent pair's disagreement start
/// ([`SeedRange::disagreement`]): above the test range, below every auditor's fresh range.
pub const DISAGREEMENT_SEEDS_FIRST: u64 = 500_000_000;
/// Seeds a disagreement draw may span (one block per build seed).
pub const DISAGREEMENT_BLOCK: u64 = 1_000;

impl SeedRange {
    pub fn judge(count: usize) -> Self {
        SeedRange { first: 0, count }
    }

    pub fn test(count: usize) -> Self {
        SeedRange {
            first: TEST_SEEDS_FIRST,
            count,
        }
    }

    pub fn fresh(seed: u64, count: usize) -> Self {
        SeedRange {
            first: FRESH_SEEDS_FIRST + (seed % 1_000_000_000) * 1_000_000,
            count,
        }
    }

    /// The draw that measures an inequivalent pair's disagreement in a build of `build_seed`:
    /// a block of its own from [`DISAGREEMENT_SEEDS_FIRST`] (400 000 blocks of
    /// [`DISAGREEMENT_BLOCK`] seeds, all below [`FRESH_SEEDS_FIRST`]), so no trial is an input the
    /// pair was tested or judged on.
    pub fn disagreement(build_seed: u64, count: usize) -> Self {
        SeedRange {
            first: DISAGREEMENT_SEEDS_FIRST + (build_seed % 400_000) * DISAGREEMENT_BLOCK,
            count: count.min(DISAGREEMENT_BLOCK as usize),
        }
    }

    /// One past the last seed.
    pub fn end(&self) -> u64 {
        self.first + self.count as u64
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!([self.first, self.end()])
    }
}

/// Where a test input came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Sample,
    Generator {
        seed: u64,
    },
    /// Derived from the sample; `validators` Accepted programs ran to completion on it and agreed.
    SampleMutation {
        attempt: u64,
        validators: usize,
    },
}

/// A derived input may be a witness only if at least this many Accepted programs validated it
/// (ran to completion and agreed): with fewer, an input the problem does not allow could pass for a
/// valid one. The sample and generated inputs are valid by construction.
pub const MIN_WITNESS_VALIDATORS: usize = 3;

impl Origin {
    /// Whether an input of this origin may serve as an inequivalent pair's witness.
    pub fn may_witness(&self) -> bool {
        match self {
            Origin::SampleMutation { validators, .. } => *validators >= MIN_WITNESS_VALIDATORS,
            Origin::Sample | Origin::Generator { .. } => true,
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Origin::Sample => serde_json::json!({"origin": "sample"}),
            Origin::Generator { seed } => serde_json::json!({"origin": "generator", "seed": seed}),
            Origin::SampleMutation {
                attempt,
                validators,
            } => {
                serde_json::json!({"origin": "sample-mutation", "attempt": attempt, "validators": validators})
            }
        }
    }
}

#[derive(Debug, Clone)]
pub struct TestInput {
    pub origin: Origin,
    pub text: String,
    pub sha256: String,
}

/// A problem's test inputs and what was dropped making them.
#[derive(Debug, Clone, Default)]
pub struct TestSet {
    pub inputs: Vec<TestInput>,
    pub dropped: BTreeMap<String, u64>,
}

/// Limits for running a generator (trusted, but still sandboxed).
pub fn generator_limits() -> RunLimits {
    RunLimits {
        cpu_s: 10,
        wall_ms: 30_000,
        memory_kb: 1 << 20,
        out_cap: 16 << 20,
    }
}

/// Run the problem's generator with `seed`.
pub fn generate(
    runner: &mut Runner,
    generator: &str,
    seed: u64,
) -> Result<Option<String>, RunError> {
    let out = runner.run(generator, b"", &[seed.to_string()], generator_limits())?;
    Ok(generated(&out))
}

/// [`generate`] for every one of `seeds`, in one batch (a generator's seed is its argv, and its
/// output depends on nothing else, so a batched run makes what a single run makes).
pub fn generate_many(
    runner: &mut Runner,
    generator: &str,
    seeds: &[u64],
) -> Result<Vec<Option<String>>, RunError> {
    let argvs: Vec<Vec<String>> = seeds.iter().map(|seed| vec![seed.to_string()]).collect();
    let runs: Vec<(&[u8], &[String])> = argvs.iter().map(|a| (&b""[..], &a[..])).collect();
    let outs = runner.run_each(generator, &runs, generator_limits(), BUILD_HASH_SEED, false)?;
    Ok(outs.iter().map(|out| generated(out)).collect())
}

/// The input a generator's run made: None if it failed or printed only whitespace.
fn generated(out: &RunResult) -> Option<String> {
    if !out.success() || out.stdout.iter().all(|b| b.is_ascii_whitespace()) {
        return None;
    }
    String::from_utf8(out.stdout.clone()).ok()
}

/// Build the test set: sample first, then generated or derived inputs from `range` in a fixed
/// order.
pub fn test_set(
    problem: &Problem,
    runner: &mut Runner,
    range: SeedRange,
) -> Result<TestSet, RunError> {
    let count = range.count;
    let mut set = TestSet::default();
    let mut seen = std::collections::BTreeSet::new();
    if let Some(sample) = &problem.sample {
        seen.insert(sha256_hex(sample.input.as_bytes()));
        set.inputs.push(TestInput {
            origin: Origin::Sample,
            text: sample.input.clone(),
            sha256: sha256_hex(sample.input.as_bytes()),
        });
    }
    let drop = |set: &mut TestSet, why: &str| *set.dropped.entry(why.to_string()).or_default() += 1;
    if let Some(generator) = &problem.generator {
        let seeds: Vec<u64> = (range.first..range.end()).collect();
        for (seed, made) in seeds
            .iter()
            .copied()
            .zip(generate_many(runner, generator, &seeds)?)
        {
            match made {
                Some(text) => {
                    let sha256 = sha256_hex(text.as_bytes());
                    set.inputs.push(TestInput {
                        origin: Origin::Generator { seed },
                        text,
                        sha256,
                    });
                }
                None => drop(&mut set, "generator-failed"),
            }
        }
        return Ok(set);
    }
    let Some(sample) = &problem.sample else {
        return Ok(set);
    };
    let validators: Vec<&Submission> = problem
        .with_status(&crate::codenet::Status::Accepted)
        .take(6)
        .collect();
    if validators.is_empty() {
        drop(&mut set, "no-accepted-validator");
        return Ok(set);
    }
    let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
    let mut made = 0;
    for attempt in range.first..range.first + 4 * count as u64 {
        if made >= count {
            break;
        }
        // Each attempt has its own stream, so an attempt number names one input whatever the
        // range it is drawn in.
        let mut r = rng(attempt, &["oj-sample-mutation", &problem.id]);
        let text = mutate_sample(&sample.input, &mut r);
        let sha256 = sha256_hex(text.as_bytes());
        if !seen.insert(sha256.clone()) {
            drop(&mut set, "derived-duplicate");
            continue;
        }
        if !accepted_agree(
            runner,
            &validators,
            &text,
            limits,
            problem.float_tolerance.as_ref(),
        )? {
            drop(&mut set, "derived-no-consensus");
            continue;
        }
        set.inputs.push(TestInput {
            origin: Origin::SampleMutation {
                attempt,
                validators: validators.len(),
            },
            text,
            sha256,
        });
        made += 1;
    }
    Ok(set)
}

/// Every validator runs to completion on `input` and all outputs agree.
fn accepted_agree(
    runner: &mut Runner,
    validators: &[&Submission],
    input: &str,
    limits: RunLimits,
    tolerance: Option<&Tolerance>,
) -> Result<bool, RunError> {
    let mut first: Option<Vec<u8>> = None;
    for v in validators {
        let out = runner.run(&v.source, input.as_bytes(), &[], limits)?;
        if !out.success() {
            return Ok(false);
        }
        match &first {
            None => first = Some(out.stdout.clone()),
            Some(f) => {
                if !outputs_agree(f, &out.stdout, tolerance) {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

/// One shape-preserving mutation of a sample input (1 to 3 edits).
pub fn mutate_sample(sample: &str, r: &mut impl Rng) -> String {
    let mut lines: Vec<Vec<String>> = sample
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let line_counts: Vec<usize> = lines.iter().map(Vec::len).collect();
    let is_count = |v: i64, line: usize| -> bool {
        v >= 0
            && (line_counts
                .iter()
                .enumerate()
                .any(|(j, c)| j != line && *c as i64 == v)
                || (lines_after(&line_counts, line) as i64 == v))
    };
    let edits = r.gen_range(1..=3);
    for _ in 0..edits {
        let candidates: Vec<usize> = (0..lines.len()).filter(|i| !lines[*i].is_empty()).collect();
        let Some(&li) = candidates.choose(r) else {
            break;
        };
        match r.gen_range(0..3) {
            0 => {
                let ti = r.gen_range(0..lines[li].len());
                let tok = lines[li][ti].clone();
                if let Ok(v) = tok.parse::<i64>() {
                    if !is_count(v, li) {
                        lines[li][ti] = redraw_number(v, r).to_string();
                    }
                } else if tok.chars().all(|c| c.is_ascii_alphabetic()) {
                    lines[li][ti] = change_letters(&tok, r);
                }
            }
            1 => {
                if lines[li].len() >= 2 && lines[li].iter().all(|t| t.parse::<i64>().is_ok()) {
                    lines[li].shuffle(r);
                }
            }
            _ => {
                for ti in 0..lines[li].len() {
                    if r.gen_bool(0.5) {
                        if let Ok(v) = lines[li][ti].parse::<i64>() {
                            if !is_count(v, li) {
                                lines[li][ti] = redraw_number(v, r).to_string();
                            }
                        }
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(&l.join(" "));
        out.push('\n');
    }
    out
}

fn lines_after(counts: &[usize], line: usize) -> usize {
    counts.len().saturating_sub(line + 1)
}

fn redraw_number(v: i64, r: &mut impl Rng) -> i64 {
    let m = v.unsigned_abs().max(1);
    let hi = (2 * m).max(10).min(i64::MAX as u64 / 4) as i64;
    let lo = if v >= 1 { 1 } else { 0 };
    let x = r.gen_range(lo..=hi);
    if v < 0 {
        -x.max(1)
    } else {
        x
    }
}

fn change_letters(tok: &str, r: &mut impl Rng) -> String {
    let mut chars: Vec<char> = tok.chars().collect();
    let i = r.gen_range(0..chars.len());
    let alphabet: &[u8] = if chars[i].is_ascii_uppercase() {
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    } else {
        b"abcdefghijklmnopqrstuvwxyz"
    };
    chars[i] = *alphabet.choose(r).expect("non-empty") as char;
    chars.into_iter().collect()
}
