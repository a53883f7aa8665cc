//! How subtle an inequivalent pair is (issue 41): on how many of K fresh inputs its two programs
//! disagree under the judge's comparison. The inputs are the problem's own test inputs (its
//! generator's, or sample mutations the Accepted programs validate) drawn from a seed range of
//! their own ([`SeedRange::disagreement`]), disjoint from the judge's, the differential test's
//! (where a witness comes from) and every auditor's fresh range; so the recorded witness is never
//! a trial. Both programs run batched on all of them; the Accepted side's runs are cached and
//! shared by every pair it is in.
//!
//! A trial disagrees unless both programs exit normally with outputs the judge's comparison
//! accepts (the tolerance included, [`outputs_agree`]); a run that meets a limit disagrees too,
//! as a judge would see it. The record (`provenance.evidence.disagreement`) holds integers only:
//! `trials`, `differing` and `seed`, the first seed of the draw; `trials` is also the count the
//! draw is made with, so the audit remakes the same inputs from the record
//! ([`fresh_draws`]: where a draw of K validated sample mutations yields fewer, the count is
//! lowered until the draw yields exactly as many as asked).

use crate::codenet::{Corpus, Problem};
use crate::compare::{outputs_agree, Tolerance};
use crate::inputs::{Origin, SeedRange, TestInput, TestSet};
use crate::runner::{RunError, RunLimits, Runner};
use crate::shared;
use equibench_core::disagreement::{Disagreement, Over};
use std::sync::Arc;

/// Fresh inputs drawn per inequivalent pair (K): 1/50 resolves "differs at one boundary value"
/// from "differs on a few inputs", at 100 runs a pair (the Accepted side's shared).
pub const TRIALS: usize = 50;

/// The draw of `trials` fresh inputs from `first` on (the sample, which every test set starts
/// with, excluded): the test set of that range, its count lowered until it holds exactly as
/// many fresh inputs as it was asked for (generated inputs always do, unless the generator
/// fails; sample mutations are kept only where the Accepted programs agree, so a draw of K may
/// hold fewer). Deterministic: the audit gets the same inputs from the recorded `seed` and
/// `trials`.
pub fn fresh_draws(
    corpus: &Corpus,
    problem: &Problem,
    runner: &mut Runner,
    first: u64,
    trials: usize,
) -> Result<(usize, Arc<TestSet>), RunError> {
    let mut count = trials;
    loop {
        let range = SeedRange { first, count };
        let set = shared::tests(corpus, problem, runner, range)?;
        let fresh = fresh_inputs(&set).count();
        if fresh == count || fresh == 0 {
            return Ok((fresh, set));
        }
        count = fresh;
    }
}

/// The inputs of a draw that are not the problem's sample.
pub fn fresh_inputs(set: &TestSet) -> impl Iterator<Item = &TestInput> {
    set.inputs.iter().filter(|i| i.origin != Origin::Sample)
}

/// How many of the fresh inputs of `set` the two programs disagree on, each program's runs
/// batched under `hash_seed`. `None` when the draw holds no fresh input.
pub fn measure(
    runner: &mut Runner,
    (accepted, other): (&str, &str),
    set: &TestSet,
    seed: u64,
    limits: RunLimits,
    tolerance: Option<&Tolerance>,
    hash_seed: u64,
) -> Result<Option<Disagreement>, RunError> {
    let inputs: Vec<&[u8]> = fresh_inputs(set).map(|i| i.text.as_bytes()).collect();
    if inputs.is_empty() {
        return Ok(None);
    }
    let a = runner.run_many(accepted, &inputs, &[], limits, hash_seed)?;
    let b = runner.run_many(other, &inputs, &[], limits, hash_seed)?;
    let differing = a
        .iter()
        .zip(&b)
        .filter(|(a, b)| {
            !(a.success() && b.success() && outputs_agree(&a.stdout, &b.stdout, tolerance))
        })
        .count();
    Ok(Some(Disagreement {
        over: Over::Inputs,
        trials: u32::try_from(inputs.len()).unwrap_or(u32::MAX),
        differing: u32::try_from(differing).unwrap_or(u32::MAX),
        seed: Some(seed),
    }))
}
