//! The block loop every sampling category shares, written once: a category that draws candidates
//! one attempt at a time (a program, a search target) hands the per-attempt work to
//! [`BlockRun::attempts`], which owns the block seed, the count of what the block still wants,
//! cancellation, the attempt budget and the rejection tally. The category keeps only what is its
//! own: what one attempt does, and the per-block state it carries between attempts.
//!
//! Rejections go to the block's sink and nowhere else (the build driver reads the count from the
//! sink), so a category using this loop cannot count a rejection twice.

use crate::category::{Balance, BuildContext, CategoryError, PairSink, Report};
use crate::descriptor::CategoryName;
use crate::pair::Pair;

/// One block's running state, handed to every attempt as one argument instead of the context,
/// sink, block seed and tool versions travelling separately through long signatures.
pub struct BlockRun<'r, 'c, S> {
    /// The block's context (tools, inputs, scratch directory, progress).
    pub ctx: &'r BuildContext<'c>,
    /// This block's seed: a pure function of the build seed, the category and the block index,
    /// from which per-attempt randomness derives.
    pub seed: u64,
    /// What the category carries through the whole block (tool versions to record, checked pairs
    /// waiting for a partner, ...).
    pub state: S,
    category: CategoryName,
    sink: &'r mut dyn PairSink,
    exhausted: bool,
}

impl<'r, 'c, S> BlockRun<'r, 'c, S> {
    /// Start block `ctx.block` of `category`, emitting into `sink`.
    pub fn new(
        ctx: &'r BuildContext<'c>,
        category: CategoryName,
        sink: &'r mut dyn PairSink,
        state: S,
    ) -> Self {
        BlockRun {
            ctx,
            seed: ctx.block_seed(category),
            state,
            category,
            sink,
            exhausted: false,
        }
    }

    /// Drop one candidate for `reason` (a short, stable, kebab-case phrase).
    pub fn reject(&mut self, reason: &str) {
        self.sink.reject(reason);
    }

    /// Drop `n` candidates for the same reason.
    pub fn reject_n(&mut self, reason: &str, n: u64) {
        for _ in 0..n {
            self.sink.reject(reason);
        }
    }

    /// Hand a pair to the block's sink, which tells the progress bar; false when the block already
    /// has enough of its label (or the pair is a duplicate).
    pub fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError> {
        self.sink.emit(pair)
    }

    /// Pairs of each label the block still wants.
    pub fn remaining(&self) -> Balance {
        self.sink.remaining()
    }

    /// True when an attempt should stop early: the block is full or the user pressed Ctrl-C (the
    /// loop in [`BlockRun::attempts`] then reports the interruption).
    pub fn done(&self) -> bool {
        self.ctx.cancelled() || self.remaining().is_zero()
    }

    /// A short line about what the category is doing now, shown next to its progress bar.
    pub fn note(&self, message: &str) {
        self.ctx.progress.note(self.category, message);
    }

    /// Run `one` for attempts 0, 1, 2, ... until the block has all it wants. A block that spends
    /// `max` attempts without that is marked exhausted (its sources ran dry; spare blocks fill the
    /// gap); Ctrl-C between attempts ends the block with [`CategoryError::Cancelled`].
    pub fn attempts(
        &mut self,
        max: usize,
        mut one: impl FnMut(&mut Self, usize) -> Result<(), CategoryError>,
    ) -> Result<(), CategoryError> {
        let mut attempt = 0;
        while !self.remaining().is_zero() {
            if self.ctx.cancelled() {
                return Err(CategoryError::Cancelled);
            }
            if attempt >= max {
                self.exhausted = true;
                break;
            }
            one(self, attempt)?;
            attempt += 1;
        }
        Ok(())
    }

    /// The block's report. Its rejection counts are left empty: the sink holds them.
    pub fn finish(self) -> Report {
        Report {
            rejected: Default::default(),
            exhausted: self.exhausted,
        }
    }
}
