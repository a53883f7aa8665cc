//! wasm-smith's functions through the real tools: kept ones are in the subset, loop-free, with one
//! result; wasm-opt's versions of them read back into the subset; and the interpreter agrees
//! with wasmtime on both, so the semantics the proofs use covers what wasm-smith makes.

use crate::common;

use equibench_core::tools::Tools;
use equibench_toolchain::solver::{self, SatResult, Solver, Strategy};
use equibench_wasm::interp::Val;
use equibench_wasm::targets::{add_smith_targets, Target, Targets};
use equibench_wasm::{crossval, equiv, smith, tools, witness};
use rand::SeedableRng;
use std::time::Duration;

#[test]
fn smith_functions_and_their_wasm_opt_versions_run_alike_in_both_engines() {
    let (kept, dropped) = smith::functions();
    println!(
        "wasm-smith: {} of {} kept, dropped {dropped:?}",
        kept.len(),
        smith::FUNCTIONS
    );
    assert!(kept.len() >= 5, "only {} functions kept", kept.len());
    assert_eq!(kept, smith::functions().0, "the list is not deterministic");
    for (_, f) in &kept {
        assert!(f.is_loop_free() && f.results.len() == 1);
    }
    let tools = Tools::new();
    let wasm_opt = tools
        .get(&tools::WASM_OPT)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut forms = Vec::new();
    let mut failures = 0;
    for (i, f) in kept.iter().take(40) {
        forms.push((
            crossval::Form {
                name: format!("smith {i}"),
                func: f.clone(),
                memory_at: None,
            },
            12,
        ));
        match smith::optimised(&wasm_opt.path, f, &["-O3"]) {
            Ok(g) => forms.push((
                crossval::Form {
                    name: format!("smith {i} wasm-opt -O3"),
                    func: g,
                    memory_at: None,
                },
                12,
            )),
            Err(_) => failures += 1,
        }
    }
    assert!(
        failures * 4 < kept.len().min(40),
        "wasm-opt failed on {failures}"
    );
    // Every kept function against itself is a well-sorted query z3 proves (wasm-smith writes
    // code after `br` and `unreachable`, where the stack is polymorphic; encoding that code
    // once gave z3 a 64-bit value where a 32-bit one belongs).
    for (i, f) in &kept {
        let inits: Vec<Val> = f.globals.iter().map(|&t| Val::zero(t)).collect();
        let q = equiv::query_fixed(f, f, &inits).unwrap_or_else(|e| panic!("{i}: {e}"));
        let (answer, _) = witness::ask(&tools, Strategy::Z3, &q.script, witness::Z3_RLIMIT)
            .unwrap_or_else(|e| panic!("smith {i}: {e}"));
        assert_eq!(answer, SatResult::Unsat, "smith {i} differs from itself");
    }
    let wasmtime = common::wasmtime(&tools);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let report = crossval::run_forms(&wasmtime, &mut rng, forms).unwrap_or_else(|e| panic!("{e}"));
    common::assert_no_disagreement("wasm-smith against wasmtime", &report);
}

/// Every wasm-smith target's equivalence query (the function as drawn against each wasm-opt
/// version, as the category asks it) is well sorted in z3. What a trap or a branch leaves on the
/// stack at the function's end is dead; it once reached the query as a result of the wrong width
/// (`Sorts (_ BitVec 32) and (_ BitVec 64) are incompatible`: #11, #103, #124, #343, #356, #399),
/// which cost 400-pair builds a target or two and their mutants.
#[test]
fn every_smith_target_query_is_well_sorted() {
    let tools = Tools::new();
    let wasm_opt = tools
        .get(&tools::WASM_OPT)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut all = Targets::default();
    add_smith_targets(&wasm_opt.path, &mut all);
    println!("{} targets, skipped {:?}", all.targets.len(), all.skipped);
    assert!(all.targets.len() > 100, "{}", all.targets.len());
    // The declarations and assertions alone, each target in its own scope of one z3 run: z3
    // checks their sorts without solving. On an error, each is asked alone to name it. Each
    // definition goes in as a constant equal to its body: z3 checks the same sorts (the body's
    // against the declared one, every use against the declared one) without expanding the
    // definitions into the terms that use them, which z3 4.8 does anew for each use (up to
    // seconds for one target, a minute of CPU for all of them).
    let typed = |t: &Target| {
        let q = equiv::query_fixed(&t.funcs[0], &t.funcs[1], &t.inits)
            .unwrap_or_else(|e| panic!("{}: {e}", t.label()));
        let declarations = q.script.split("(check-sat)").next().unwrap_or_default();
        declarations
            .lines()
            .map(definition_as_constraint)
            .collect::<String>()
    };
    let limit = Duration::from_secs(600);
    // One `set-logic` for the whole run (a second one is an error).
    let mut all_at_once = String::from("(set-logic ALL)\n");
    for t in &all.targets {
        let body = typed(t).replacen("(set-logic ALL)\n", "", 1);
        all_at_once.push_str(&format!("(push 1)\n{body}(pop 1)\n"));
    }
    let mut refused = Vec::new();
    if solver::run(&tools, Solver::Z3, &all_at_once, limit).is_err() {
        for t in &all.targets {
            if let Err(e) = solver::run(&tools, Solver::Z3, &typed(t), limit) {
                refused.push(format!("{}: {e}", t.label()));
            }
        }
        assert!(!refused.is_empty(), "z3 refused the targets together only");
    }
    assert!(refused.is_empty(), "z3 refused:\n{}", refused.join("\n"));
}

/// `(define-fun NAME () SORT BODY)` as `(declare-const NAME SORT)` and `(assert (= NAME BODY))`,
/// with its newline; any other line as it is. The encoder writes every definition on one line,
/// without parameters, and its sorts are `Bool` or a parenthesised one.
fn definition_as_constraint(line: &str) -> String {
    let Some(rest) = line.strip_prefix("(define-fun ") else {
        return format!("{line}\n");
    };
    let (name, rest) = rest
        .split_once(" () ")
        .expect("a definition without parameters");
    let sort_len = if rest.starts_with('(') {
        let mut depth = 0;
        rest.char_indices()
            .find_map(|(i, c)| {
                depth += i32::from(c == '(') - i32::from(c == ')');
                (depth == 0).then_some(i + 1)
            })
            .expect("a balanced sort")
    } else {
        rest.find(' ').expect("a sort and a body")
    };
    let (sort, body) = rest.split_at(sort_len);
    let body = body
        .trim_start()
        .strip_suffix(')')
        .expect("the definition's closing parenthesis");
    format!("(declare-const {name} {sort})\n(assert (= {name} {body}))\n")
}
