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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::category::{Block, Inputs, NoProgress, Shard};
    use crate::descriptor::tests_support::PLAIN;
    use crate::pair::tests_support::sample;
    use crate::testing::CollectSink;
    use crate::tools::Tools;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Run `f` with a context for block 1 of 3 at seed 5, and a sink wanting `want`.
    fn with_block<T>(
        want: Balance,
        cancel: &AtomicBool,
        f: impl FnOnce(&BuildContext, &mut CollectSink) -> T,
    ) -> T {
        let work = tempfile::tempdir().expect("tempdir");
        let tools = Tools::new();
        let inputs = Inputs::default();
        let ctx = BuildContext {
            seed: 5,
            jobs: 1,
            shard: Shard::WHOLE,
            block: Block { index: 1, count: 3 },
            tools: &tools,
            progress: &NoProgress,
            inputs: &inputs,
            work_dir: work.path(),
            subtle: false,
            cancel,
        };
        let mut sink = CollectSink::new(want, &PLAIN);
        f(&ctx, &mut sink)
    }

    #[test]
    fn attempts_stop_once_the_block_is_full_and_rejections_go_to_the_sink_once() {
        let cancel = AtomicBool::new(false);
        let (calls, report, rejected, pairs) =
            with_block(Balance::new(1, 1), &cancel, |ctx, sink| {
                let mut run = BlockRun::new(ctx, PLAIN.id(), sink, 0usize);
                assert_eq!(run.seed, ctx.block_seed(PLAIN.id()));
                run.attempts(10, |run, attempt| {
                    run.state += 1;
                    run.reject("odd-attempt");
                    run.reject_n("twice", 2);
                    run.emit(sample(&PLAIN, attempt == 1, &attempt.to_string()))?;
                    Ok(())
                })
                .expect("not cancelled");
                let calls = run.state;
                let report = run.finish();
                (calls, report, sink.rejected.clone(), sink.pairs.len())
            });
        assert_eq!(calls, 2, "the second attempt fills the block");
        assert!(!report.exhausted);
        assert!(report.rejected.is_empty(), "the sink is the one count");
        assert_eq!(rejected["odd-attempt"], 2);
        assert_eq!(rejected["twice"], 4);
        assert_eq!(pairs, 2);
    }

    #[test]
    fn a_block_out_of_attempts_is_exhausted() {
        let cancel = AtomicBool::new(false);
        let (calls, report) = with_block(Balance::new(1, 1), &cancel, |ctx, sink| {
            let mut run = BlockRun::new(ctx, PLAIN.id(), sink, Vec::new());
            run.attempts(3, |run, attempt| {
                run.state.push(attempt);
                Ok(())
            })
            .expect("not cancelled");
            let calls = std::mem::take(&mut run.state);
            (calls, run.finish())
        });
        assert_eq!(calls, vec![0, 1, 2]);
        assert!(report.exhausted);
    }

    #[test]
    fn ctrl_c_ends_the_block_between_attempts() {
        let cancel = AtomicBool::new(false);
        let (result, calls) = with_block(Balance::new(1, 1), &cancel, |ctx, sink| {
            let mut run = BlockRun::new(ctx, PLAIN.id(), sink, 0usize);
            let result = run.attempts(10, |run, _| {
                run.state += 1;
                assert!(!run.done(), "neither full nor cancelled yet");
                cancel.store(true, Ordering::Relaxed);
                assert!(run.done(), "an attempt sees the cancellation");
                Ok(())
            });
            (result, run.state)
        });
        assert!(
            matches!(result, Err(CategoryError::Cancelled)),
            "{result:?}"
        );
        assert_eq!(calls, 1);
    }

    #[test]
    fn an_attempt_error_stops_the_block() {
        let cancel = AtomicBool::new(false);
        let result = with_block(Balance::new(1, 1), &cancel, |ctx, sink| {
            BlockRun::new(ctx, PLAIN.id(), sink, ())
                .attempts(10, |_, _| Err(CategoryError::Failed("tool broke".into())))
        });
        assert!(matches!(result, Err(CategoryError::Failed(ref m)) if m == "tool broke"));
    }
}
