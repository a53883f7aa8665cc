//! The TVM worker is started once and reused; a crash, an operation over its CPU budget or a
//! stall is detected, reported and the worker replaced, and the replacement answers.

use equibench_core::{Tools, VENV_PYTHON};
use equibench_cuda::paths::{repo_tools_dir, WORKER_SCRIPT};
use equibench_cuda::worker::{WorkerError, WorkerPool, WorkerSpec};
use serde_json::json;
use std::time::Duration;

fn spec() -> WorkerSpec {
    let tools = Tools::new();
    WorkerSpec {
        python: tools.get(&VENV_PYTHON).unwrap().path.clone(),
        script: repo_tools_dir(None).join(WORKER_SCRIPT),
    }
}

const SHORT: Duration = Duration::from_secs(60);

/// With two idle workers, the requests naming one operator go to the worker that already built it
/// (its CPU build is made once), and another operator goes to the worker that has served least.
/// Without affinity the pool alternates between its idle workers and builds the first operator in
/// both.
#[test]
fn requests_for_an_operator_go_to_the_worker_that_built_it() {
    use equibench_cuda::catalogue::Operator;
    use equibench_cuda::exec::reference::reference;
    use equibench_cuda::tvm::Tvm;
    let pool = WorkerPool::new();
    let spec = spec();
    let (w1, w2) = (pool.take(&spec).unwrap(), pool.take(&spec).unwrap());
    pool.put(w1);
    pool.put(w2);
    let tvm = Tvm::new(&pool, spec.clone());
    let op = |d: u64| -> Operator {
        serde_json::from_value(json!({"kind": "reduce", "params": {"N": 4, "D": d}})).unwrap()
    };
    for seed in 1..=3 {
        reference(&tvm, &op(8), &[seed]).unwrap();
    }
    reference(&tvm, &op(16), &[1]).unwrap();
    reference(&tvm, &op(8), &[4]).unwrap();
    assert_eq!(pool.started(), 2);
    assert_eq!(pool.totals()["cpu_builds"], 2, "{:?}", pool.totals());
}

#[test]
fn a_crashed_or_hung_worker_is_reported_and_replaced() {
    let pool = WorkerPool::new();
    let spec = spec();
    let op = json!({"operator": {"kind": "reduce", "params": {"N": 4, "D": 8}}});

    // Started once, reused across calls.
    let sig = pool.call(&spec, "signature", op.clone(), SHORT).unwrap();
    assert_eq!(sig["output"], json!([4]));
    pool.call(&spec, "signature", op.clone(), SHORT).unwrap();
    assert_eq!(pool.started(), 1);

    // A bad request is refused; the worker survives.
    let err = pool
        .call(
            &spec,
            "signature",
            json!({"operator": {"kind": "no_such_kind"}}),
            SHORT,
        )
        .unwrap_err();
    assert!(matches!(err, WorkerError::Refused { .. }), "{err}");
    assert_eq!((pool.started(), pool.lost()), (1, 0));

    // A crash is seen, with the worker's last words, and the next call gets a fresh worker.
    let err = pool
        .call(&spec, "debug_exit", json!({}), SHORT)
        .unwrap_err();
    assert!(matches!(err, WorkerError::Crashed { .. }), "{err}");
    assert!(err.to_string().contains("debug_exit"), "{err}");
    assert_eq!(err.reason(), "worker-crashed");
    pool.call(&spec, "signature", op.clone(), SHORT).unwrap();
    assert_eq!((pool.started(), pool.lost()), (2, 1));

    // An operation that computes past its budget of CPU time is refused as timed out (the same on
    // any machine), the worker killed, and the next call gets a fresh worker.
    let spinning = pool.idle_pids();
    let err = pool
        .call(
            &spec,
            "debug_spin",
            json!({"seconds": 60}),
            Duration::from_secs(1),
        )
        .unwrap_err();
    assert!(matches!(err, WorkerError::TimedOut { .. }), "{err}");
    assert_eq!(err.reason(), "worker-timeout");
    assert!(pool.idle_pids().is_empty());
    assert_gone(spinning[0]);
    pool.call(&spec, "signature", op.clone(), SHORT).unwrap();
    assert_eq!((pool.started(), pool.lost()), (3, 2));

    // A worker that blocks uses no CPU: it is stalled once it has had several times its budget of
    // time to run (issue 26: wall time is only a safety net, and its expiry is not a rejection).
    let hung = pool.idle_pids();
    let err = pool
        .call(
            &spec,
            "debug_sleep",
            json!({"seconds": 60}),
            Duration::from_secs(1),
        )
        .unwrap_err();
    assert!(matches!(err, WorkerError::Stalled { .. }), "{err}");
    assert_eq!(err.reason(), "worker-stalled");
    assert!(pool.idle_pids().is_empty());
    assert_gone(hung[0]);
    pool.call(&spec, "signature", op, SHORT).unwrap();
    assert_eq!((pool.started(), pool.lost()), (4, 3));
}

fn assert_gone(pid: u32) {
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists()
            || std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .map(|s| s.contains(") Z "))
                .unwrap_or(true),
        "the worker {pid} is still running"
    );
}
