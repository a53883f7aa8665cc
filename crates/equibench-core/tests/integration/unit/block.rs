use super::descriptor::PLAIN;
use super::pair::sample;
use equibench_core::block::*;
use equibench_core::category::{
    Balance, Block, BuildContext, CategoryError, Inputs, NoProgress, Shard,
};
use equibench_core::testing::CollectSink;
use equibench_core::tools::Tools;
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
    let (calls, report, rejected, pairs) = with_block(Balance::new(1, 1), &cancel, |ctx, sink| {
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
