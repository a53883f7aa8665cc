//! The heart of the model's trustworthiness: interpreter == hardware and SMT == interpreter on
//! random and edge inputs for every supported form.
//!
//! - `EQUIBENCH_X86_CROSSVAL_CASES`: cases per form run natively and in the interpreter
//!   (default 10,000);
//! - `EQUIBENCH_X86_SMT_CASES`: how many of them also go through z3 (default 10,000, the issue's
//!   bar; about 4 CPU-minutes, measured beside other work: lower it for quick
//!   local iterations);
//! - `EQUIBENCH_X86_CROSSVAL_FORMS=shl` restricts the run to forms whose name contains a string.

use equibench_core::tools::Tools;

#[test]
fn interpreter_native_and_smt_agree_on_every_form() {
    let cases: usize = std::env::var("EQUIBENCH_X86_CROSSVAL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let smt_cases: usize = std::env::var("EQUIBENCH_X86_SMT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let only = std::env::var("EQUIBENCH_X86_CROSSVAL_FORMS").unwrap_or_default();
    let forms: Vec<_> = equibench_x86::semantics::forms::all()
        .into_iter()
        .filter(|f| f.name.contains(&only))
        .collect();
    let tools = Tools::new();
    let report = equibench_x86::semantics::crossval::run_forms(&tools, forms, cases, smt_cases, 5)
        .unwrap_or_else(|e| panic!("{e}"));
    println!("cross-validation: {cases} cases per form natively, {smt_cases} of them through z3");
    println!("{}", report.summary());
    println!("forms covered: {}", report.forms.join(", "));
    for f in &report.failures {
        println!("FAILURE: {f}");
    }
    assert!(
        report.failures.is_empty(),
        "{} disagreements (see above)",
        report.failures.len()
    );
    if only.is_empty() {
        assert!(
            report.forms.len() > 150,
            "only {} forms",
            report.forms.len()
        );
    }
}
