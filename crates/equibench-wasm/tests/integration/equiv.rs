//! Equivalence queries on real clang output, answered by z3 and cvc5.

use equibench_core::tools::Tools;
use equibench_toolchain::solver::{SatResult, Strategy};
use equibench_wasm::compile::Toolchain;
use equibench_wasm::ir::{BinOp, Func, Op};
use equibench_wasm::{corpus, equiv, witness};
use std::path::PathBuf;

fn function(all: &[corpus::Compiled], name: &str, opt: &str) -> Func {
    all.iter()
        .find(|c| c.name == name && c.opt == opt)
        .and_then(|c| c.func.clone().ok())
        .unwrap_or_else(|| panic!("{name} at {opt} in the subset"))
}

/// The first `Sub` of the body turned into an `Add` (a mutant for the test, labelled by the solver).
fn mutate(f: &Func) -> Func {
    let mut g = f.clone();
    if let Some(op) = g
        .body
        .iter_mut()
        .find(|op| matches!(op, Op::Binary(_, BinOp::Sub)))
    {
        if let Op::Binary(t, _) = op {
            *op = Op::Binary(*t, BinOp::Add);
        }
    }
    assert_ne!(&g, f, "no subtraction to mutate");
    g
}

/// Each solver's answer under the category's deterministic limits ([`witness::ask`]), so the
/// load of the machine cannot turn a proof into no answer; its wall clock is only a backstop, past
/// which the run is an error.
fn ask(tools: &Tools, a: &Func, b: &Func) -> Vec<SatResult> {
    let (script, _) = equiv::query(a, b).unwrap();
    [Strategy::Z3, Strategy::CVC5]
        .into_iter()
        .map(|s| {
            witness::ask(tools, s, &script, witness::rlimit(s))
                .unwrap_or_else(|e| panic!("{e}"))
                .0
        })
        .collect()
}

#[test]
fn both_solvers_prove_two_levels_alike_and_refute_a_mutant() {
    let tools = Tools::new();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/x86");
    let tc = Toolchain::find(&tools).unwrap();
    let all = corpus::compile_dir(&tc, &dir).unwrap().functions;
    let o1 = function(&all, "lowest_set_bit64", "-O1");
    let o2 = function(&all, "lowest_set_bit64", "-O2");
    assert_eq!(ask(&tools, &o1, &o2), vec![SatResult::Unsat; 2]);
    assert_eq!(ask(&tools, &o2, &mutate(&o2)), vec![SatResult::Sat; 2]);
    // -O0 spills through the shadow stack: with any initial stack pointer it can trap where -O2
    // returns, so under the definition as written the two are not equivalent (README, item 2).
    let o0 = function(&all, "lowest_set_bit64", "-O0");
    let mut o2g = o2.clone();
    o2g.globals = o0.globals.clone();
    assert_eq!(ask(&tools, &o0, &o2g), vec![SatResult::Sat; 2]);
}

/// A value left under a final `unreachable` (valid wasm: the stack is polymorphic there) is
/// dead, not the function's result: the query against a function that returns its parameter is
/// well sorted and both solvers find the input where one traps (once z3 refused it with
/// `Sorts (_ BitVec 64) and (_ BitVec 32) are incompatible`, as on five wasm-smith functions).
#[test]
fn a_dead_value_of_another_width_at_the_end_is_not_a_result() {
    use equibench_wasm::ir::ValType;
    let traps = Func {
        params: vec![ValType::I32],
        results: vec![ValType::I32],
        locals: Vec::new(),
        globals: Vec::new(),
        body: vec![Op::I64Const(1), Op::Unreachable],
    };
    wasmparser::validate(&equibench_wasm::wat::encode(&traps)).unwrap();
    let returns = Func {
        body: vec![Op::LocalGet(0)],
        ..traps.clone()
    };
    let tools = Tools::new();
    assert_eq!(ask(&tools, &traps, &returns), vec![SatResult::Sat; 2]);
    assert_eq!(ask(&tools, &traps, &traps), vec![SatResult::Unsat; 2]);
}
