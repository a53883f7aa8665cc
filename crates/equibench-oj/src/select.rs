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
//! `build --subtle` (issue 41) keeps the default build's equivalent pairs, all of them, in order:
//! the selection above runs exactly as without it (its pool, its keys, its partners, its counts),
//! except that its inequivalent pairs are held back, counted as the sink counts them, instead of
//! emitted. At the block's end each held pair goes out, or in its place the subtlest of
//! it and up to [`SUBTLE_CHOICES`] - 1 pairs of its surface bin made from candidates the default
//! selection never took and whose submission pair no pair made uses (fewest fresh inputs
//! disagreeing, [`crate::disagreement`]; ties: the held pair, then pool order). Substitutes not
//! chosen wait for the bin's next held pair. So couples still share a bin (balance and surface
//! matching hold), every emitted pair has a submission pair of its own, and the substitutes are
//! ordinary pairs with ordinary evidence: only which inequivalent pairs are emitted changes.

use crate::candidates::{BlockPlan, Candidate, PairKey};
use crate::make::{Maker, Outcome, Prepared};
use crate::surface::SurfaceBin;
use equibench_core::{Balance, CategoryError, Pair, PairSink};
use std::collections::{BTreeMap, BTreeSet};

/// The inequivalent side of a block: its candidates, their bins once prepared, what is used.
struct Pool<'p, 'c> {
    candidates: &'p [Candidate],
    /// Per candidate: not prepared yet / taken or unusable / prepared with its bin.
    state: Vec<Slot<'c>>,
    /// The submission pairs of every inequivalent pair made (one pair per label each).
    used_keys: BTreeSet<PairKey>,
    /// How far the pool has been prepared.
    prepared_upto: usize,
    /// Prepared candidates by bin, in pool order.
    by_bin: BTreeMap<SurfaceBin, Vec<usize>>,
}

/// `--subtle`: an inequivalent pair of the default selection gives its place to the subtlest of
/// up to this many pairs of its surface bin: itself and substitutes (see the module doc).
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

    /// The next inequivalent pair of `bin` (any bin: None) with its bin: the first unused
    /// candidate, in pool order, that makes one (its submission pair is then used). Candidates
    /// that make no pair are counted.
    fn make(
        &mut self,
        bin: Option<SurfaceBin>,
        maker: &mut Maker<'c>,
        sink: &mut dyn PairSink,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Option<(SurfaceBin, Box<Pair>)>, CategoryError> {
        while let Some((i, p)) = self.take(bin, maker, sink)? {
            // A partner may take many candidates (each up to a few hundred runs): Ctrl-C must
            // not wait for the search to end. The block is redone on resume.
            if cancelled() {
                return Err(CategoryError::Cancelled);
            }
            let made_in = p.bin();
            let ic = &self.candidates[i];
            match maker.finish(ic, p)? {
                Outcome::Pair(pair) => {
                    self.used_keys.insert(ic.key());
                    return Ok(Some((made_in, pair)));
                }
                Outcome::Reject(reason) => sink.reject(&reason),
                Outcome::Skip => {}
            }
        }
        Ok(None)
    }
}

/// Where the default selection's pairs go: all to the sink, or (`--subtle`) the inequivalent ones
/// held back with their bins, for [`substitute`] to emit at the block's end.
struct Out<'s> {
    sink: &'s mut dyn PairSink,
    held: Option<Held>,
}

/// Inequivalent pairs held back, in the order the default build emits them, with their bins.
#[derive(Default)]
struct Held {
    pairs: Vec<(SurfaceBin, Box<Pair>)>,
    ids: BTreeSet<String>,
}

impl Out<'_> {
    /// What the block still wants, the held pairs counted as emitted.
    fn remaining(&self) -> Balance {
        let mut left = self.sink.remaining();
        if let Some(held) = &self.held {
            left.inequivalent = left.inequivalent.saturating_sub(held.pairs.len());
        }
        left
    }

    /// Emit an inequivalent pair, or hold it back. A held pair is refused as the build's sink
    /// refuses one: beyond the block's request, or a repeat of a pair (counted), so the default
    /// selection goes on exactly as when it emits.
    fn inequivalent(&mut self, bin: SurfaceBin, pair: Box<Pair>) -> Result<(), CategoryError> {
        let left = self.remaining().inequivalent;
        let Some(held) = &mut self.held else {
            self.sink.emit(*pair)?;
            return Ok(());
        };
        if left == 0 {
            return Ok(());
        }
        if !held.ids.insert(pair.id.clone()) {
            self.sink.reject("duplicate-pair");
            return Ok(());
        }
        held.pairs.push((bin, pair));
        Ok(())
    }
}

/// Make the block's pairs, in matched couples, into `sink`; with `subtle` (`build --subtle`),
/// an inequivalent pair may give its place to a subtler one of its bin (see the module doc).
pub fn select<'c>(
    maker: &mut Maker<'c>,
    plan: &BlockPlan,
    sink: &mut dyn PairSink,
    cancelled: &dyn Fn() -> bool,
    subtle: bool,
) -> Result<(), CategoryError> {
    let mut pool = Pool::new(&plan.inequivalent);
    let mut out = Out {
        sink,
        held: subtle.then(Held::default),
    };
    default_selection(&mut pool, maker, plan, &mut out, cancelled)?;
    match out.held {
        // Interrupted: the block is dropped and redone on resume.
        Some(_) if cancelled() => Ok(()),
        Some(held) => substitute(&mut pool, maker, held, out.sink, cancelled),
        None => Ok(()),
    }
}

/// The selection without `--subtle`, into `out`.
fn default_selection<'c>(
    pool: &mut Pool<'_, 'c>,
    maker: &mut Maker<'c>,
    plan: &BlockPlan,
    out: &mut Out,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), CategoryError> {
    for c in &plan.equivalent {
        let want = out.remaining();
        if want.equivalent == 0 || cancelled() {
            break;
        }
        let eq = match maker.prepare(c)? {
            Ok(p) => p,
            Err(Outcome::Reject(reason)) => {
                out.sink.reject(&reason);
                continue;
            }
            Err(_) => continue,
        };
        let bin = eq.bin();
        if want.inequivalent == 0 {
            // Only equivalent pairs are still wanted (an uneven request): nothing to match.
            emit(maker.finish(c, eq)?, out.sink)?;
            continue;
        }
        if !pool.has(bin, maker, out.sink)? {
            out.sink.reject("no-inequivalent-in-surface-bin");
            continue;
        }
        let eq_pair = match maker.finish(c, eq)? {
            Outcome::Pair(p) => p,
            Outcome::Reject(reason) => {
                out.sink.reject(&reason);
                continue;
            }
            Outcome::Skip => continue,
        };
        match pool.make(Some(bin), maker, out.sink, cancelled)? {
            Some((_, ineq_pair)) => {
                out.sink.emit(*eq_pair)?;
                out.inequivalent(bin, ineq_pair)?;
            }
            None => out.sink.reject("no-inequivalent-in-surface-bin"),
        }
    }
    // Inequivalent pairs still wanted once no equivalent one is (an uneven request).
    while out.remaining().equivalent == 0 && out.remaining().inequivalent > 0 && !cancelled() {
        let Some((bin, pair)) = pool.make(None, maker, out.sink, cancelled)? else {
            break;
        };
        out.inequivalent(bin, pair)?;
    }
    Ok(())
}

/// `--subtle`, at the block's end: emit each held pair, or in its place the subtlest pair of its
/// bin made from candidates the default selection never took (see the module doc). The pool's
/// untaken candidates are exactly those, and it skips every submission pair a pair made uses.
fn substitute<'c>(
    pool: &mut Pool<'_, 'c>,
    maker: &mut Maker<'c>,
    held: Held,
    sink: &mut dyn PairSink,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), CategoryError> {
    let rate = |p: &Pair| p.disagreement().map_or(1.0, |d| d.rate());
    // Substitutes made and not yet emitted, by bin, in pool order; ids are never repeated.
    let mut reserve: BTreeMap<SurfaceBin, Vec<Box<Pair>>> = BTreeMap::new();
    let mut ids = held.ids;
    for (bin, default) in held.pairs {
        let waiting = reserve.entry(bin).or_default();
        while waiting.len() < SUBTLE_CHOICES - 1 {
            let Some((_, pair)) = pool.make(Some(bin), maker, sink, cancelled)? else {
                break;
            };
            if ids.insert(pair.id.clone()) {
                waiting.push(pair);
            } else {
                sink.reject("duplicate-pair");
            }
        }
        let best = (0..waiting.len()).min_by(|&x, &y| {
            rate(&waiting[x])
                .total_cmp(&rate(&waiting[y]))
                .then(x.cmp(&y))
        });
        let pair = match best {
            Some(k) if rate(&waiting[k]) < rate(&default) => {
                sink.reject("subtle-not-chosen");
                waiting.remove(k)
            }
            _ => default,
        };
        sink.emit(*pair)?;
    }
    for _ in reserve.values().flatten() {
        sink.reject("subtle-not-chosen");
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
