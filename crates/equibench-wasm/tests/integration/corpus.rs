//! The C corpus through the real tools: clang-19 `--target=wasm32` at every level, wasm-ld, the
//! parser, the WAT printer, and the interpreter against wasmtime on every function in the subset.

use crate::common;

use equibench_core::tools::Tools;
use equibench_wasm::compile::Toolchain;
use equibench_wasm::corpus::{self, Compiled};
use equibench_wasm::{crossval, wat};
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/x86")
}

fn compile(tools: &Tools) -> Vec<Compiled> {
    let tc = Toolchain::find(tools).unwrap_or_else(|e| panic!("{e}"));
    let corpus = corpus::compile_dir(&tc, &corpus_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        corpus.optimiser_failures.is_empty(),
        "wasm-opt failed: {:?}",
        corpus.optimiser_failures
    );
    corpus.functions
}

#[test]
fn the_corpus_compiles_into_the_subset_and_runs_alike_in_both_engines() {
    let tools = Tools::new();
    let all = compile(&tools);
    let mut per_level: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for c in &all {
        let e = per_level.entry(c.opt).or_default();
        e.0 += 1;
        match &c.func {
            Ok(f) => {
                e.1 += 1;
                if f.is_loop_free() {
                    e.2 += 1;
                }
            }
            Err(u) => {
                let first = u.0.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *reasons.entry(first).or_default() += 1;
            }
        }
    }
    for (opt, (n, ok, loop_free)) in &per_level {
        println!("{opt}: {n} functions, {ok} in the subset, {loop_free} of them loop-free");
    }
    println!("outside the subset: {reasons:?}");
    for (opt, (_, _, loop_free)) in &per_level {
        assert!(
            *loop_free >= 100,
            "{opt}: only {loop_free} loop-free functions in the subset"
        );
    }

    let wasmtime = common::wasmtime(&tools);
    let forms: Vec<(crossval::Form, usize)> = all
        .iter()
        .filter_map(|c| {
            let f = c.func.as_ref().ok()?;
            Some((
                crossval::Form {
                    name: format!("{}:{}{}", c.file, c.name, c.opt),
                    func: f.clone(),
                    memory_at: None,
                },
                12,
            ))
        })
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let report = crossval::run_forms(&wasmtime, &mut rng, forms).unwrap_or_else(|e| panic!("{e}"));
    common::assert_no_disagreement(
        &format!("corpus against wasmtime {}", report.wasmtime),
        &report,
    );
    assert!(report.traps < report.cases, "every case trapped");
}

#[test]
fn printed_wat_is_stable_and_carries_no_source_names() {
    let tools = Tools::new();
    let first = compile(&tools);
    let second = compile(&tools);
    assert_eq!(first.len(), second.len());
    let mut printed = 0;
    for (a, b) in first.iter().zip(&second) {
        let (Ok(fa), Ok(fb)) = (&a.func, &b.func) else {
            continue;
        };
        let (ta, tb) = (wat::print(fa).unwrap(), wat::print(fb).unwrap());
        assert_eq!(ta, tb, "{} {} printed twice differently", a.name, a.opt);
        assert!(!ta.contains(&a.name), "{} leaks its name:\n{ta}", a.name);
        assert!(!ta.contains("stack_pointer"), "{ta}");
        printed += 1;
    }
    assert!(printed > 0);
    let sample = first
        .iter()
        .find(|c| c.name == "lowest_set_bit64" && c.opt == "-O0")
        .and_then(|c| c.func.as_ref().ok())
        .expect("lowest_set_bit64 at -O0 is in the subset");
    println!("{}", wat::print(sample).unwrap());
}
