//! Helpers for category crates' own tests: run one block of a category with a collecting sink, or
//! audit a pair, without the CLI or an output directory; and the checks every category that
//! measures subtlety by fresh inputs owes its audit ([`assert_disagreement_audited`]).

use crate::category::{
    AuditContext, Balance, Block, BuildContext, Category, CategoryError, FreshInputs, Inputs,
    NoProgress, PairSink, Report, Shard, Verdict,
};
use crate::descriptor::CategoryDescriptor;
use crate::disagreement::{Disagreement, Over};
use crate::pair::Pair;
use crate::tools::Tools;
use std::sync::atomic::AtomicBool;

/// A sink that keeps pairs in memory and stops at `want`; like the build's sink, it refuses a pair
/// that disagrees with its category's descriptor.
pub struct CollectSink {
    pub descriptor: CategoryDescriptor,
    pub want: Balance,
    pub pairs: Vec<Pair>,
    pub rejected: std::collections::BTreeMap<String, u64>,
}

impl CollectSink {
    pub fn new(want: Balance, descriptor: &CategoryDescriptor) -> Self {
        CollectSink {
            descriptor: *descriptor,
            want,
            pairs: Vec::new(),
            rejected: Default::default(),
        }
    }

    fn made(&self, equivalent: bool) -> usize {
        self.pairs
            .iter()
            .filter(|p| p.equivalent == equivalent)
            .count()
    }
}

impl PairSink for CollectSink {
    fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError> {
        let problems = pair.problems(&self.descriptor);
        if !problems.is_empty() {
            return Err(CategoryError::Failed(problems.join("; ")));
        }
        if self.made(pair.equivalent) >= self.want.get(pair.equivalent) {
            return Ok(false);
        }
        self.pairs.push(pair);
        Ok(true)
    }

    fn remaining(&self) -> Balance {
        Balance::new(
            self.want.equivalent - self.made(true),
            self.want.inequivalent - self.made(false),
        )
    }

    fn reject(&mut self, reason: &str) {
        *self.rejected.entry(reason.to_string()).or_default() += 1;
    }
}

/// Run block `block` (of `blocks`) of `category` with `seed`, asking for `want`.
pub fn generate_block(
    category: &dyn Category,
    seed: u64,
    block: usize,
    blocks: usize,
    want: Balance,
    inputs: &Inputs,
    tools: &Tools,
) -> Result<(CollectSink, Report), CategoryError> {
    generate_block_with(category, seed, block, blocks, want, inputs, tools, false)
}

/// [`generate_block`] with `build --subtle` set as asked.
#[allow(clippy::too_many_arguments)]
pub fn generate_block_with(
    category: &dyn Category,
    seed: u64,
    block: usize,
    blocks: usize,
    want: Balance,
    inputs: &Inputs,
    tools: &Tools,
    subtle: bool,
) -> Result<(CollectSink, Report), CategoryError> {
    let work = tempfile::tempdir()?;
    let cancel = AtomicBool::new(false);
    let ctx = BuildContext {
        seed,
        jobs: 1,
        shard: Shard::WHOLE,
        block: Block {
            index: block,
            count: blocks,
        },
        tools,
        progress: &NoProgress,
        inputs,
        work_dir: work.path(),
        subtle,
        cancel: &cancel,
    };
    let mut sink = CollectSink::new(want, category.descriptor());
    let report = category.generate(&ctx, want, &mut sink)?;
    Ok((sink, report))
}

/// Audit one pair with a fresh scratch directory.
pub fn audit_pair(category: &dyn Category, pair: &Pair, inputs: &Inputs, tools: &Tools) -> Verdict {
    audit_pair_with(category, pair, inputs, tools, None)
}

/// [`audit_pair`] with fresh inputs beyond the recorded evidence (`audit --fresh-inputs`).
pub fn audit_pair_with(
    category: &dyn Category,
    pair: &Pair,
    inputs: &Inputs,
    tools: &Tools,
    fresh: Option<FreshInputs>,
) -> Verdict {
    let work = match tempfile::tempdir() {
        Ok(w) => w,
        Err(e) => return Verdict::Inconclusive(format!("no scratch directory: {e}")),
    };
    category.audit(
        pair,
        &AuditContext {
            tools,
            inputs,
            work_dir: work.path(),
            fresh,
        },
    )
}

/// The pairs of one label as the lines of a pairs file, in emission order: what the
/// `build --subtle` tests compare with the default build's, byte for byte.
pub fn label_lines(pairs: &[Pair], equivalent: bool) -> Vec<String> {
    pairs
        .iter()
        .filter(|p| p.equivalent == equivalent)
        .map(|p| serde_json::to_string(p).expect("a pair serialises"))
        .collect()
}

/// The build seeds at which a category's test checks that exemplar builds and benchmark builds
/// draw disjoint sources (issue 36): small seeds, both sides of each bound of
/// [`crate::seed::EXEMPLAR_SEEDS`], `u64::MAX`, and 64 derived seeds, which fall on both sides
/// of 2^52.
pub fn exemplar_boundary_seeds() -> Vec<u64> {
    use crate::seed::{derive_seed, EXEMPLAR_SEEDS};
    let mut seeds = vec![
        0,
        1,
        2,
        EXEMPLAR_SEEDS.start - 1,
        EXEMPLAR_SEEDS.start,
        EXEMPLAR_SEEDS.end - 1,
        EXEMPLAR_SEEDS.end,
        u64::MAX,
    ];
    seeds.extend((0..64).map(|i| derive_seed(i, &["sweep"])));
    seeds
}

/// Where a category's audit takes the seed of a recorded [`Disagreement`]'s trials from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrialSeed {
    /// Derived from the rest of the pair (for example from a search seed), so the audit refuses
    /// any other seed by name (`disagreement.seed`).
    Derived,
    /// Drawn by the build and only recorded: another seed is another draw, as true as the
    /// first if its count is the recorded one, so only the count is checked there (by the recount)
    /// and a missing seed is malformed.
    Recorded,
}

/// The audit of a category that measures subtlety on fresh inputs (issue 41) recounts a recorded
/// disagreement and contradicts every tampering of it, naming what was tampered: `audit` must
/// confirm `inequivalent` (which carries its measured disagreement) saying `disagreement
/// recounted: D of K`, and contradict it with `differing` changed, `trials` changed, the seed
/// changed ([`TrialSeed::Derived`] only) or missing, `differing` above `trials`, `over` another
/// kind of trial (with and without a seed), and `equivalent` carrying the disagreement. Panics,
/// naming the tampering, where the audit does not.
pub fn assert_disagreement_audited(
    inequivalent: &Pair,
    equivalent: &Pair,
    seed: TrialSeed,
    audit: impl Fn(&Pair) -> Verdict,
) {
    assert!(!inequivalent.equivalent && equivalent.equivalent);
    let d = inequivalent
        .disagreement()
        .expect("the inequivalent pair records its disagreement");
    match audit(inequivalent) {
        Verdict::Confirmed(why) => assert!(
            why.contains(&format!(
                "disagreement recounted: {} of {}",
                d.differing, d.trials
            )),
            "{why}"
        ),
        other => panic!("the untampered pair: {other:?}"),
    }
    let with = |edit: &dyn Fn(&mut Disagreement)| {
        let mut p = inequivalent.clone();
        let mut d = d;
        edit(&mut d);
        p.provenance.evidence.disagreement = Some(d);
        p
    };
    let other_count = if d.differing == 0 { 1 } else { d.differing - 1 };
    let mut tampered: Vec<(&str, Pair)> = vec![
        (
            "disagreement.differing",
            with(&|d| d.differing = other_count),
        ),
        ("disagreement.trials", with(&|d| d.trials *= 2)),
        ("exceeds trials", with(&|d| d.differing = d.trials + 1)),
        ("no seed", with(&|d| d.seed = None)),
        (
            "disagreement over output bytes records a seed",
            with(&|d| d.over = Over::OutputBytes),
        ),
        (
            "disagreement.over",
            with(&|d| {
                d.over = Over::OutputBytes;
                d.seed = None;
            }),
        ),
    ];
    if seed == TrialSeed::Derived {
        tampered.push((
            "disagreement.seed",
            with(&|d| d.seed = d.seed.map(|s| s ^ 1)),
        ));
    }
    let mut carrying = equivalent.clone();
    carrying.provenance.evidence.disagreement = Some(d);
    tampered.push(("an equivalent pair records a disagreement", carrying));
    for (named, pair) in &tampered {
        match audit(pair) {
            Verdict::Contradicted(why) => assert!(why.contains(named), "{named}: {why}"),
            other => panic!("tampered so that the audit names `{named}`, yet it says {other:?}"),
        }
    }
}
