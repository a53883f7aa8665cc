//! Similarity-matched selection (issue 14): a block emits its pairs in couples, an equivalent
//! and an inequivalent pair from the same [`SurfaceBin`], so neither label is more (or less)
//! alike on the surface than the other. Equivalent candidates are visited in their seeded order;
//! for each, the block's inequivalent pool (prepared lazily, in pool order, only as far as a search
//! needs: preparing runs nothing but asks the renamer and the mutator) is searched
//! in its own seeded order for candidates of the same bin, and the equivalent pair is only tested
//! when one exists. A pair whose partner cannot be made is dropped and counted.
//!
//! A submission pair gives at most one pair per label in a category (the pool marks its keys).
//!
//! `build --subtle` (issue 41) changes only which inequivalent pair partners an equivalent one:
//! instead of the first candidate of the bin that makes a pair, the subtlest of the first
//! [`SUBTLE_CHOICES`] made (fewest fresh inputs disagreeing, [`crate::disagreement`]; ties in
//! pool order). The ones not chosen stay in reserve for the next equivalent pair of the same bin,
//! so the choice costs a few pairs made in vain per bin, not per pair. Couples still share a bin
//! (balance and surface matching hold) and equivalent candidates are visited as without it. The
//! equivalent pairs kept can still differ: the pairs in reserve use their submissions' keys, so a
//! later equivalent candidate may find no unused partner in its bin where the default build
//! would have found one (OJ_V kept 198 of the default's 200 at 400 pairs, seed 4444818399266178;
//! OJ_A and OJ_VA all 200).

use crate::candidates::{BlockPlan, Candidate, PairKey};
use crate::make::{Maker, Outcome, Prepared};
use crate::surface::SurfaceBin;
use equibench_core::{CategoryError, Pair, PairSink};
use std::collections::{BTreeMap, BTreeSet};

/// The inequivalent side of a block: its candidates, their bins once prepared, what is used.
struct Pool<'p, 'c> {
    candidates: &'p [Candidate],
    /// Per candidate: not prepared yet / unusable / prepared with its bin.
    state: Vec<Slot<'c>>,
    used_keys: BTreeSet<PairKey>,
    /// How far the pool has been prepared.
    prepared_upto: usize,
    /// Prepared candidates by bin, in pool order.
    by_bin: BTreeMap<SurfaceBin, Vec<usize>>,
    /// `--subtle`: pairs made but not yet emitted, by bin, in pool order (their keys are used).
    reserve: BTreeMap<SurfaceBin, Vec<(usize, Box<Pair>)>>,
}

/// `--subtle`: how many inequivalent pairs of a bin a partner is chosen from.
pub const SUBTLE_CHOICES: usize = 8;

enum Slot<'c> {
    Fresh,
    Gone,
    Ready(Box<Prepared<'c>>),
}

impl<'p, 'c> Pool<'p, 'c> {
    fn new(candidates: &'p [Candidate]) -> Self {
        Pool {
            candidates,
            state: candidates.iter().map(|_| Slot::Fresh).collect(),
            used_keys: BTreeSet::new(),
            prepared_upto: 0,
            by_bin: BTreeMap::new(),
            reserve: BTreeMap::new(),
        }
    }

    /// Prepare the next candidate of the pool (cheap next to testing: no program runs, but the
    /// renamer and the mutator are asked), counting it if it cannot be prepared. False once the
    /// whole pool is prepared.
    fn prepare_next(
        &mut self,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
    ) -> Result<bool, CategoryError> {
        if self.prepared_upto >= self.candidates.len() {
            return Ok(false);
        }
        let i = self.prepared_upto;
        self.prepared_upto += 1;
        match maker.prepare(&self.candidates[i])? {
            Ok(p) => {
                self.by_bin.entry(p.bin()).or_default().push(i);
                self.state[i] = Slot::Ready(Box::new(p));
            }
            Err(Outcome::Reject(reason)) => {
                sink.reject(&reason);
                self.state[i] = Slot::Gone;
            }
            Err(_) => self.state[i] = Slot::Gone,
        }
        Ok(true)
    }

    /// The first unused prepared candidate of `bin` (any bin: None), in pool order.
    fn first_ready(&self, bin: Option<SurfaceBin>) -> Option<usize> {
        let usable = |i: usize| {
            matches!(self.state[i], Slot::Ready(_))
                && !self.used_keys.contains(&self.candidates[i].key())
        };
        match bin {
            Some(b) => self
                .by_bin
                .get(&b)
                .and_then(|l| l.iter().copied().find(|&i| usable(i))),
            None => (0..self.prepared_upto).find(|&i| usable(i)),
        }
    }

    /// The first unused candidate of `bin` in pool order, preparing the pool only as far as it
    /// takes to find one: candidates are prepared in pool order, so the one found is the one a
    /// fully prepared pool would give.
    fn find(
        &mut self,
        bin: Option<SurfaceBin>,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
    ) -> Result<Option<usize>, CategoryError> {
        loop {
            if let Some(i) = self.first_ready(bin) {
                return Ok(Some(i));
            }
            if !self.prepare_next(maker, sink)? {
                return Ok(None);
            }
        }
    }

    /// Whether an unused candidate of `bin` remains.
    fn has(
        &mut self,
        bin: SurfaceBin,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
    ) -> Result<bool, CategoryError> {
        Ok(self.find(Some(bin), maker, sink)?.is_some())
    }

    /// Take the next unused candidate of `bin` (None: none left); `bin: None` takes any.
    fn take(
        &mut self,
        bin: Option<SurfaceBin>,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
    ) -> Result<Option<(usize, Prepared<'c>)>, CategoryError> {
        let Some(i) = self.find(bin, maker, sink)? else {
            return Ok(None);
        };
        match std::mem::replace(&mut self.state[i], Slot::Gone) {
            Slot::Ready(p) => Ok(Some((i, *p))),
            _ => unreachable!("find returns prepared candidates only"),
        }
    }
}

impl<'c> Pool<'_, 'c> {
    /// The inequivalent pair for a partner in `bin` (any bin: None): the first candidate that
    /// makes one, or with `subtle` the subtlest of the first [`SUBTLE_CHOICES`] made. Candidates
    /// that make no pair are counted.
    fn partner(
        &mut self,
        bin: Option<SurfaceBin>,
        subtle: bool,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Option<Box<Pair>>, CategoryError> {
        let want = if subtle { SUBTLE_CHOICES } else { 1 };
        while self.reserved(bin) < want {
            let Some((i, p)) = self.take(bin, maker, sink)? else {
                break;
            };
            // A partner may take many candidates (each up to a few hundred runs): Ctrl-C must
            // not wait for the search to end. The block is redone on resume.
            if cancelled() {
                return Err(CategoryError::Cancelled);
            }
            let ic = &self.candidates[i];
            match maker.finish(ic, p)? {
                Outcome::Pair(pair) => {
                    self.used_keys.insert(ic.key());
                    let b = bin.unwrap_or_else(|| SurfaceBin::of(&pair.program_1, &pair.program_2));
                    self.reserve.entry(b).or_default().push((i, pair));
                }
                Outcome::Reject(reason) => sink.reject(&reason),
                Outcome::Skip => {}
            }
        }
        Ok(self.choose(bin))
    }

    /// Pairs in reserve for `bin` (all bins: None).
    fn reserved(&self, bin: Option<SurfaceBin>) -> usize {
        match bin {
            Some(b) => self.reserve.get(&b).map_or(0, Vec::len),
            None => self.reserve.values().map(Vec::len).sum(),
        }
    }

    /// Take the subtlest pair in reserve for `bin` (ties: the earliest in pool order).
    fn choose(&mut self, bin: Option<SurfaceBin>) -> Option<Box<Pair>> {
        let rate = |p: &Pair| p.disagreement().map_or(1.0, |d| d.rate());
        let (b, k) = self
            .reserve
            .iter()
            .filter(|(b, _)| bin.is_none_or(|want| **b == want))
            .flat_map(|(b, l)| {
                l.iter()
                    .enumerate()
                    .map(move |(k, (i, p))| (*b, k, *i, rate(p)))
            })
            .min_by(|x, y| x.3.total_cmp(&y.3).then(x.2.cmp(&y.2)))
            .map(|(b, k, _, _)| (b, k))?;
        let list = self.reserve.get_mut(&b).expect("found above");
        Some(list.remove(k).1)
    }
}

/// Make the block's pairs, in matched couples, into `sink`; with `subtle` (`build --subtle`),
/// each equivalent pair's partner is the subtlest of a few (see the module doc).
pub fn select<'c>(
    maker: &mut Maker<'c>,
    plan: &BlockPlan,
    sink: &mut dyn PairSink,
    cancelled: &dyn Fn() -> bool,
    subtle: bool,
) -> Result<(), CategoryError> {
    let mut pool = Pool::new(&plan.inequivalent);
    for c in &plan.equivalent {
        let want = sink.remaining();
        if want.equivalent == 0 || cancelled() {
            break;
        }
        let eq = match maker.prepare(c)? {
            Ok(p) => p,
            Err(Outcome::Reject(reason)) => {
                sink.reject(&reason);
                continue;
            }
            Err(_) => continue,
        };
        let bin = eq.bin();
        if want.inequivalent == 0 {
            // Only equivalent pairs are still wanted (an uneven request): nothing to match.
            emit(maker.finish(c, eq)?, sink)?;
            continue;
        }
        if pool.reserved(Some(bin)) == 0 && !pool.has(bin, maker, sink)? {
            sink.reject("no-inequivalent-in-surface-bin");
            continue;
        }
        let eq_pair = match maker.finish(c, eq)? {
            Outcome::Pair(p) => p,
            Outcome::Reject(reason) => {
                sink.reject(&reason);
                continue;
            }
            Outcome::Skip => continue,
        };
        match pool.partner(Some(bin), subtle, maker, sink, cancelled)? {
            Some(ineq_pair) => {
                sink.emit(*eq_pair)?;
                sink.emit(*ineq_pair)?;
            }
            None => sink.reject("no-inequivalent-in-surface-bin"),
        }
    }
    // Inequivalent pairs still wanted once no equivalent one is (an uneven request).
    while sink.remaining().equivalent == 0 && sink.remaining().inequivalent > 0 && !cancelled() {
        let Some(pair) = pool.partner(None, subtle, maker, sink, cancelled)? else {
            break;
        };
        sink.emit(*pair)?;
    }
    Ok(())
}

/// Emit a pair or count a rejection; whether a pair was emitted.
fn emit(outcome: Outcome, sink: &mut dyn PairSink) -> Result<bool, CategoryError> {
    match outcome {
        Outcome::Pair(p) => {
            sink.emit(*p)?;
            Ok(true)
        }
        Outcome::Reject(reason) => {
            sink.reject(&reason);
            Ok(false)
        }
        Outcome::Skip => Ok(false),
    }
}
