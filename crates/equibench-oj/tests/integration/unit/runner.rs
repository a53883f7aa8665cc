use equibench_oj::runner::{Backend, Ending, RunCache, RunKey, RunLimits, RunResult};
use std::sync::Arc;

fn key(input: &str) -> RunKey {
    let limits = RunLimits {
        cpu_s: 1,
        wall_ms: 1000,
        memory_kb: 1 << 16,
        out_cap: 1 << 16,
    };
    (
        Backend::Plain,
        false,
        0,
        "p".repeat(64),
        input.repeat(64),
        limits,
        vec![],
    )
}

fn result(stdout: usize) -> Arc<RunResult> {
    Arc::new(RunResult {
        ending: Ending::Exited(0),
        stdout: vec![b'x'; stdout],
        stderr: vec![],
        cpu_ms: 1,
        wall_ms: 1,
        rss_kb: 0,
    })
}

#[test]
fn the_cache_counts_bytes_and_starts_afresh_only_past_its_budget() {
    let mut cache = RunCache::default();
    let one = RunCache::size(&key("a"), &result(100));
    cache.remember(key("a"), result(100), 3 * one);
    cache.remember(key("b"), result(100), 3 * one);
    // The same key again replaces its result without counting it twice.
    cache.remember(key("b"), result(100), 3 * one);
    assert_eq!(cache.bytes(), 2 * one);
    cache.remember(key("c"), result(100), 3 * one);
    assert_eq!((cache.map().len(), cache.bytes()), (3, 3 * one));
    assert!(cache.get(&key("a")).is_some());
    // One more would pass the budget: the cache empties and keeps only the newest.
    cache.remember(key("d"), result(100), 3 * one);
    assert_eq!((cache.map().len(), cache.bytes()), (1, one));
    assert!(cache.get(&key("a")).is_none() && cache.get(&key("d")).is_some());
}
