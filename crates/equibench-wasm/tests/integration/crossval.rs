//! The interpreter against wasmtime, the reference engine: every form of the subset and random
//! compositions of them, on edge-biased random inputs; any difference fails the test.
//!
//! - `EQUIBENCH_WASM_CROSSVAL_CASES`: cases per form (default 60);
//! - `EQUIBENCH_WASM_CROSSVAL_RANDOM`: random compositions (default 300, 20 cases each);
//! - `EQUIBENCH_WASM_CROSSVAL_SEED`: the seed (default 1).

use equibench_core::tools::Tools;
use equibench_core::VENV_PYTHON;
use equibench_wasm::{crossval, engine};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn interpreter_and_wasmtime_agree_on_every_form() {
    let tools = Tools::new();
    let python = tools.get(&VENV_PYTHON).unwrap_or_else(|e| panic!("{e}"));
    tools
        .venv_package(&equibench_wasm::tools::WASMTIME)
        .unwrap_or_else(|e| panic!("{e}"));
    let sandbox_python = tools
        .get(&equibench_wasm::tools::SANDBOX_PYTHON)
        .unwrap_or_else(|e| panic!("{e}"));
    let wasmtime =
        engine::Wasmtime::new(&python.path, &sandbox_python.path, &engine::script_path())
            .unwrap_or_else(|e| panic!("{e}"));
    let report = crossval::run(
        &wasmtime,
        env("EQUIBENCH_WASM_CROSSVAL_SEED", 1),
        env("EQUIBENCH_WASM_CROSSVAL_CASES", 60) as usize,
        env("EQUIBENCH_WASM_CROSSVAL_RANDOM", 300) as usize,
        20,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "cross-validation against wasmtime {}: {} forms, {} cases ({} trapped), {} disagreements",
        report.wasmtime,
        report.forms,
        report.cases,
        report.traps,
        report.disagreements.len()
    );
    for d in report.disagreements.iter().take(20) {
        println!("DISAGREEMENT {d}");
    }
    assert!(report.cases >= 10_000, "only {} cases", report.cases);
    assert!(
        report.disagreements.is_empty(),
        "{} disagreements (see above)",
        report.disagreements.len()
    );
}
