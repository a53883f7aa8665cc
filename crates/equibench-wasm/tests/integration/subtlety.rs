//! Subtlety, measured per inequivalent pair (issue 41): on how many of the category's K fresh
//! random calls the two functions differ in wasmtime. Functions built to differ at exactly one
//! drawn parameter value, or everywhere, count 1 and K; a difference that only random memory
//! shows is counted too. An inequivalent exemplar given its measured disagreement audits clean,
//! and a tampered or malformed value, or an equivalent pair carrying one, is contradicted.

use crate::common;
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::testing::{assert_disagreement_audited, audit_pair, TrialSeed};
use equibench_core::{Inputs, Pair, Tools};
use equibench_wasm::interp::Val;
use equibench_wasm::parse::parse_program;
use equibench_wasm::subtlety::{self, TRIALS};
use std::path::PathBuf;

/// A module of one exported `f (param i32) (result i32)` with `body`, as the category prints one.
fn func(body: &str) -> (equibench_wasm::ir::Func, Vec<Val>) {
    parse_program(&format!(
        "(module\n  (type (;0;) (func (param i32) (result i32)))\n  (memory (;0;) 1 1)\n  \
         (export \"f\" (func 0))\n  (export \"memory\" (memory 0))\n  \
         (func (;0;) (type 0) (param i32) (result i32)\n{body}\n  )\n)\n"
    ))
    .unwrap()
}

#[test]
fn calls_differing_at_one_drawn_value_count_one_and_everywhere_count_k() {
    let tools = Tools::new();
    let engine = common::wasmtime(&tools);
    let (a, inits) = func("    local.get 0");
    let seed = 41;
    let drawn = subtlety::inputs(&a, &a, &inits, seed, TRIALS);
    let Val::I32(v) = drawn[17].args[0] else {
        panic!("an i32 parameter")
    };
    assert_eq!(drawn.iter().filter(|c| c.args[0] == Val::I32(v)).count(), 1);
    // x + (x == v): differs only at the 18th trial's value.
    let at = |v: u32| {
        func(&format!(
            "    local.get 0\n    local.get 0\n    i32.const {}\n    i32.eq\n    i32.add",
            v as i32
        ))
        .0
    };
    let d = subtlety::measure(&engine, &a, &at(v), &inits, seed).unwrap();
    assert_eq!(
        d,
        Disagreement {
            over: Over::Inputs,
            trials: TRIALS,
            differing: 1,
            seed: Some(seed),
        }
    );
    assert_eq!(
        subtlety::measure(&engine, &a, &at(v ^ 1), &inits, seed)
            .unwrap()
            .differing,
        0
    );
    let (not, _) = func("    local.get 0\n    i32.const -1\n    i32.xor");
    let d = subtlety::measure(&engine, &a, &not, &inits, seed).unwrap();
    assert_eq!((d.differing, d.trials), (TRIALS, TRIALS));
}

/// Memory is random too: a function returning the byte at 100 against one returning 0 differs
/// exactly on the trials whose byte there is not zero, and the trials carry that byte.
#[test]
fn memory_a_function_loads_is_drawn_at_random() {
    let tools = Tools::new();
    let engine = common::wasmtime(&tools);
    let (zero, inits) = func("    i32.const 0");
    let (byte, _) = func("    i32.const 100\n    i32.load8_u");
    let seed = 7;
    let drawn = subtlety::inputs(&zero, &byte, &inits, seed, TRIALS);
    let at_100 = |c: &equibench_wasm::engine::Case| {
        c.memory
            .iter()
            .find_map(|(a, bytes)| bytes.get(100usize.checked_sub(*a as usize)?).copied())
            .unwrap_or(0)
    };
    let nonzero = drawn.iter().filter(|c| at_100(c) != 0).count() as u32;
    assert!(nonzero > TRIALS / 2, "{nonzero}");
    // Only the loaded byte is set.
    assert!(drawn
        .iter()
        .all(|c| c.memory.iter().map(|(_, b)| b.len()).sum::<usize>() <= 1));
    let d = subtlety::measure(&engine, &zero, &byte, &inits, seed).unwrap();
    assert_eq!(d.differing, nonzero);
}

fn exemplars() -> Vec<Pair> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/exemplars/WASM.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Pair>(l).unwrap())
        .collect()
}

#[test]
fn the_audit_recounts_a_recorded_disagreement() {
    let tools = Tools::new();
    let engine = common::wasmtime(&tools);
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let cat = equibench_wasm::category();
    let all = exemplars();
    let neq = all.iter().find(|p| !p.equivalent).unwrap();
    let eq = all.iter().find(|p| p.equivalent).unwrap();
    // Shipped before subtlety was measured: audited as before.
    assert_eq!(neq.disagreement(), None);
    assert!(audit_pair(cat.as_ref(), neq, &inputs, &tools).is_confirmed());
    let read = equibench_wasm::equiv::read_pair(&neq.program_1, &neq.program_2).unwrap();
    let d = subtlety::measure(&engine, &read.funcs[0], &read.funcs[1], &read.inits, 99).unwrap();
    let mut measured = neq.clone();
    measured.provenance.evidence.disagreement = Some(d);
    assert_disagreement_audited(&measured, eq, TrialSeed::Recorded, |p| {
        audit_pair(cat.as_ref(), p, &inputs, &tools)
    });
}
