//! What the wasm crate's end-to-end tests share: the real wasmtime engine, and the check of a
//! cross-validation report against it.

use equibench_core::tools::Tools;
use equibench_core::VENV_PYTHON;
use equibench_wasm::{crossval, engine, tools};

/// wasmtime through the project virtualenv and the sandbox's Python, as the category runs it.
pub fn wasmtime(tools: &Tools) -> engine::Wasmtime {
    let python = tools.get(&VENV_PYTHON).unwrap_or_else(|e| panic!("{e}"));
    let sandbox = tools
        .get(&tools::SANDBOX_PYTHON)
        .unwrap_or_else(|e| panic!("{e}"));
    engine::Wasmtime::new(&python.path, &sandbox.path, &engine::script_path())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Print what `what` cross-validated and its first disagreements; there must be none.
pub fn assert_no_disagreement(what: &str, report: &crossval::Report) {
    println!(
        "{what}: {} functions, {} cases ({} trapped), {} disagreements",
        report.forms,
        report.cases,
        report.traps,
        report.disagreements.len()
    );
    for d in report.disagreements.iter().take(10) {
        println!("DISAGREEMENT {d}");
    }
    assert!(report.disagreements.is_empty());
}
