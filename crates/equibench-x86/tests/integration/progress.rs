//! A real two-pair x86 build through the core build driver (real compilers, solvers and CPU):
//! the progress bar hears of every pair kept exactly once. The block sink owns that report; a
//! category that also reported its own pairs made the bar run ahead of the pairs written.

use equibench_core::build::{build, BuildRequest};
use equibench_core::category::{Progress, Registry, Shard};
use equibench_core::{CategoryName, Inputs, Tools};
use equibench_x86::category::X86;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

#[derive(Default)]
struct CountPairs(AtomicUsize);

impl Progress for CountPairs {
    fn note(&self, _: CategoryName, _: &str) {}
    fn pair_made(&self, _: CategoryName, _: bool) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
    fn rejected(&self, _: CategoryName, _: &str) {}
}

#[test]
fn each_pair_reaches_the_progress_bar_once() {
    let out = tempfile::tempdir().unwrap();
    let mut x86 = X86::default();
    x86.search.proposals = 20_000;
    let mut registry = Registry::new();
    registry.register(Box::new(x86));
    let req = BuildRequest {
        categories: vec![equibench_x86::category::DESCRIPTOR.id()],
        pairs: 2,
        seed: 5,
        out: out.path().to_path_buf(),
        jobs: 1,
        shard: Shard::WHOLE,
        inputs: Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data")),
        subtle: false,
        command: vec![],
    };
    let progress = CountPairs::default();
    build(
        &registry,
        &req,
        &Tools::new(),
        &progress,
        &AtomicBool::new(false),
    )
    .unwrap();
    let written = std::fs::read_to_string(out.path().join("pairs.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(written, 2);
    assert_eq!(progress.0.load(Ordering::Relaxed), written);
}
