//! The worker builds only the device side of a scheduled module to get its CUDA text (the host
//! side's LLVM build was two fifths of each `tvm.compile`): that text must be exactly what
//! `tvm.compile` gives, for every operator kind of the catalogue, or a build's pairs would change.

use equibench_core::{Tools, VENV_PYTHON};
use equibench_cuda::catalogue::{Catalogue, DEFAULT_CATALOGUE};
use equibench_cuda::paths::{repo_tools_dir, WORKER_SCRIPT};
use equibench_cuda::worker::{WorkerPool, WorkerSpec};
use serde_json::json;
use std::collections::BTreeSet;
use std::time::Duration;

#[test]
fn the_device_only_build_gives_tvm_compiles_cuda_text() {
    let spec = WorkerSpec {
        python: Tools::new().get(&VENV_PYTHON).unwrap().path.clone(),
        script: repo_tools_dir(None).join(WORKER_SCRIPT),
    };
    let pool = WorkerPool::new();
    let catalogue = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let mut kinds = BTreeSet::new();
    let mut checked = 0;
    for entry in catalogue.entries() {
        let family = catalogue.family(entry);
        // One operator per kind (the smallest shape) and its first near miss.
        if entry.shape != 0 || !kinds.insert(family.kind.clone()) {
            continue;
        }
        let op = catalogue.operator(entry);
        let mut ops = vec![op.clone()];
        ops.extend(
            family
                .near_misses
                .iter()
                .take(1)
                .map(|nm| op.with(&nm.params)),
        );
        for op in ops {
            let answer = pool
                .call(
                    &spec,
                    "debug_sources",
                    json!({"operator": op, "unroll": family.unroll, "seeds": (1..=60).collect::<Vec<u64>>(), "want": 2}),
                    Duration::from_secs(600),
                )
                .unwrap();
            assert_eq!(answer["differ"], json!([]), "{op:?}");
            checked += answer["same"].as_u64().unwrap();
        }
    }
    assert!(kinds.len() >= 10, "{kinds:?}");
    assert!(checked >= 30, "only {checked} schedules checked");
}
