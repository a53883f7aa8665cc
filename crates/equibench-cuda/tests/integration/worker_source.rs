//! The worker builds only the device side of a scheduled module to get its CUDA text (the host
//! side's LLVM build was two fifths of each `tvm.compile`): that text must be exactly what
//! `tvm.compile` gives, for every operator kind of the catalogue, or a build's pairs would change.

use equibench_core::{Tools, VENV_PYTHON};
use equibench_cuda::catalogue::{Catalogue, Family, Operator, DEFAULT_CATALOGUE};
use equibench_cuda::paths::{repo_tools_dir, WORKER_SCRIPT};
use equibench_cuda::worker::{WorkerPool, WorkerSpec};
use serde_json::json;
use std::collections::BTreeSet;
use std::time::Duration;

/// The real worker, the pool that runs it, and the built-in catalogue.
fn worker() -> (WorkerSpec, WorkerPool, Catalogue) {
    let spec = WorkerSpec {
        python: Tools::new().get(&VENV_PYTHON).unwrap().path.clone(),
        script: repo_tools_dir(None).join(WORKER_SCRIPT),
    };
    let catalogue = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    (spec, WorkerPool::new(), catalogue)
}

/// Each family's smallest-shape operator followed by up to `near_misses` of its near misses.
fn smallest_shapes(catalogue: &Catalogue, near_misses: usize) -> Vec<(&Family, Vec<Operator>)> {
    catalogue
        .entries()
        .into_iter()
        .filter(|entry| entry.shape == 0)
        .map(|entry| {
            let family = catalogue.family(entry);
            let op = catalogue.operator(entry);
            let mut ops = vec![op.clone()];
            ops.extend(
                family
                    .near_misses
                    .iter()
                    .take(near_misses)
                    .map(|nm| op.with(&nm.params)),
            );
            (family, ops)
        })
        .collect()
}

#[test]
fn the_device_only_build_gives_tvm_compiles_cuda_text() {
    let (spec, pool, catalogue) = worker();
    let mut kinds = BTreeSet::new();
    let mut checked = 0;
    // One operator per kind (the smallest shape) and its first near miss.
    for (family, ops) in smallest_shapes(&catalogue, 1) {
        if !kinds.insert(family.kind.clone()) {
            continue;
        }
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

/// Sampling refuses a schedule whose thread extents break VerifyGPUCode's first check right after
/// its trace is applied, without running the postprocessors. That must never drop a schedule the
/// postprocessors would accept (the sampled schedules, and so the pairs, would change): on real
/// samples of every catalogue family (its smallest shape and first near miss), every schedule the
/// pre-check refuses is rejected by the postprocessors too.
#[test]
fn the_thread_extent_precheck_refuses_only_schedules_the_postprocessors_reject() {
    let (spec, pool, catalogue) = worker();
    let (mut families, mut applied, mut refused) = (0, 0, 0);
    for (family, ops) in smallest_shapes(&catalogue, 1) {
        families += 1;
        for op in ops {
            let answer = pool
                .call(
                    &spec,
                    "debug_precheck",
                    json!({"operator": op, "unroll": family.unroll, "seeds": (1..=12).collect::<Vec<u64>>()}),
                    Duration::from_secs(600),
                )
                .unwrap();
            assert_eq!(answer["refused_but_accepted"], json!([]), "{op:?}");
            let n = |k: &str| answer[k].as_u64().unwrap();
            assert!(n("refused") <= n("rejected"), "{op:?}: {answer}");
            applied += n("applied");
            refused += n("refused");
        }
    }
    assert!(families >= 20, "only {families} families");
    // Not vacuous: the pre-check refuses a large share of real samples.
    assert!(refused * 4 >= applied, "{refused} of {applied} refused");
}

/// `signature` reads the math calls from the operator's prim func before the buffers are renamed
/// (no TVMScript parse, which the build's scan of every catalogue operator paid for each); they must
/// be the calls of the renamed module the schedules are sampled from, for every family's operator
/// and each of its near misses (a difference would change which candidates are drawn; shapes only
/// change sizes, and all 302 operators agreed when this was written).
#[test]
fn the_signature_math_is_the_renamed_modules() {
    let (spec, pool, catalogue) = worker();
    let (mut checked, mut with_math) = (0, 0);
    for (_, ops) in smallest_shapes(&catalogue, usize::MAX) {
        for op in ops {
            let call = |name: &str| {
                pool.call(
                    &spec,
                    name,
                    json!({ "operator": op }),
                    Duration::from_secs(600),
                )
            };
            let (sig, renamed) = match (call("signature"), call("debug_renamed_math")) {
                (Ok(sig), Ok(renamed)) => (sig, renamed),
                // An operator the worker cannot build fails both ways.
                (Err(_), Err(_)) => continue,
                (a, b) => panic!("{op:?}: signature {a:?}, renamed module {b:?}"),
            };
            assert_eq!(sig["math"], renamed["math"], "{op:?}");
            checked += 1;
            with_math += usize::from(sig["math"].as_array().is_some_and(|m| !m.is_empty()));
        }
    }
    assert!(checked >= 90, "only {checked} operators checked");
    assert!(
        with_math >= 40,
        "only {with_math} operators call a math function"
    );
}
