//! The SMT encoding against the interpreter: for every loop-free form of the subset and random
//! compositions, z3 evaluates the encoding on concrete inputs (parameters, globals, memory fixed
//! by assertions) and must give the interpreter's trap flag and results.

use equibench_core::tools::Tools;
use equibench_toolchain::solver::{self, Solver};
use equibench_wasm::crossval::{self, Form};
use equibench_wasm::engine::{self, Observed};
use equibench_wasm::interp::Val;
use equibench_wasm::smt::{lit, Encoder, Inputs, Sort, Term};
use rand::SeedableRng;
use std::time::Duration;

/// Cases per function; `EQUIBENCH_WASM_SMT_CASES` raises it for a deeper run (the default keeps
/// the test near a minute: z3 evaluates about 8 cases a second here).
fn cases() -> usize {
    std::env::var("EQUIBENCH_WASM_SMT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
}

fn sort_of(v: Val) -> Sort {
    match v {
        Val::I32(_) => Sort::Bv(32),
        Val::I64(_) => Sort::Bv(64),
    }
}

fn sort_smt(s: Sort) -> &'static str {
    match s {
        Sort::Bool => "Bool",
        Sort::Bv(32) => "(_ BitVec 32)",
        Sort::Bv(_) => "(_ BitVec 64)",
        Sort::Mem => "(Array (_ BitVec 32) (_ BitVec 8))",
    }
}

fn value_lit(v: Val) -> String {
    match v {
        Val::I32(x) => lit(x as u64, 32),
        Val::I64(x) => lit(x, 64),
    }
}

#[test]
fn the_encoding_agrees_with_the_interpreter() {
    let tools = Tools::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut forms: Vec<Form> = crossval::forms()
        .into_iter()
        .filter(|f| f.func.is_loop_free())
        .collect();
    for i in 0..60 {
        forms.push(Form {
            name: format!("random#{i}"),
            func: crossval::random_function(&mut rng),
            memory_at: None,
        });
    }
    let mut checked = 0;
    let mut traps = 0;
    let mut failures = Vec::new();
    // The inputs are literals (define-fun), so z3 only simplifies: one `check-sat` over no
    // assertions, then one `get-value` per case.
    let mut expected = Vec::new();
    let mut script = String::from("(set-logic ALL)\n");
    let mut values = String::new();
    for (k, form) in forms.iter().enumerate() {
        let f = &form.func;
        for c in 0..cases() {
            let case = crossval::case(&mut rng, form);
            let ours = engine::interpret(f, &case, 10_000).unwrap();
            let prefix = format!("f{k}c{c}_");
            let inputs = literal_inputs(&prefix, &case, &mut script);
            let mut enc = Encoder::new(&prefix);
            let summary = enc
                .function(f, &inputs)
                .unwrap_or_else(|e| panic!("{}: {e}", form.name));
            script.push_str(&enc.script());
            let mut names = vec![summary.trap.name.clone()];
            names.extend(summary.results.iter().map(|r| r.name.clone()));
            values.push_str(&format!("(get-value ({}))\n", names.join(" ")));
            expected.push((form.name.clone(), case, ours, names));
        }
    }
    script.push_str("(check-sat)\n");
    script.push_str(&values);
    let out = solver::run(&tools, Solver::Z3, &script, Duration::from_secs(300))
        .unwrap_or_else(|e| panic!("{e}"));
    let per_case = answers_per_case(&out);
    assert_eq!(per_case.len(), expected.len(), "z3 said:\n{out}");
    for (answer, (name, case, ours, names)) in per_case.iter().zip(&expected) {
        checked += 1;
        let vals = solver::parse_values(answer);
        let trap = vals.get(&names[0]).copied();
        let agrees = match ours {
            Observed::Trapped(_) => {
                traps += 1;
                trap == Some(1)
            }
            Observed::Returned { results, .. } => {
                trap == Some(0)
                    && results.iter().zip(&names[1..]).all(|(v, n)| {
                        let want = match v {
                            Val::I32(x) => *x as u64,
                            Val::I64(x) => *x,
                        };
                        vals.get(n) == Some(&want)
                    })
            }
        };
        if !agrees {
            failures.push(format!(
                "{name}: {case:?}\n  interpreter: {ours:?}\n  z3: {answer}"
            ));
        }
    }
    println!(
        "encoding vs interpreter: {checked} cases ({traps} trapped), {} disagreements",
        failures.len()
    );
    for f in failures.iter().take(10) {
        println!("DISAGREEMENT {f}");
    }
    assert!(checked >= 400, "only {checked} cases");
    assert!(failures.is_empty());
}

/// A case's parameters, globals and memory as literal constants (`define-fun`) in `script`.
fn literal_inputs(prefix: &str, case: &engine::Case, script: &mut String) -> Inputs {
    let fixed = |name: String, sort: Sort, body: String, script: &mut String| {
        script.push_str(&format!(
            "(define-fun {name} () {} {body})\n",
            sort_smt(sort)
        ));
        Term { name, sort }
    };
    let params = case
        .args
        .iter()
        .enumerate()
        .map(|(i, v)| fixed(format!("{prefix}p{i}"), sort_of(*v), value_lit(*v), script))
        .collect();
    let globals = case
        .globals
        .iter()
        .enumerate()
        .map(|(i, v)| fixed(format!("{prefix}g{i}"), sort_of(*v), value_lit(*v), script))
        .collect();
    let mut mem = "((as const (Array (_ BitVec 32) (_ BitVec 8))) #x00)".to_string();
    for (addr, bytes) in &case.memory {
        for (i, b) in bytes.iter().enumerate() {
            mem = format!(
                "(store {mem} {} {})",
                lit(*addr as u64 + i as u64, 32),
                lit(*b as u64, 8)
            );
        }
    }
    let memory = fixed(format!("{prefix}mem"), Sort::Mem, mem, script);
    Inputs {
        params,
        globals,
        memory,
    }
}

/// z3's output cut into one answer per `get-value`, each starting with "((".
fn answers_per_case(out: &str) -> Vec<String> {
    let mut per_case: Vec<String> = Vec::new();
    for line in out.lines().skip_while(|l| l.trim() == "sat") {
        if line.starts_with("((") {
            per_case.push(String::new());
        }
        if let Some(cur) = per_case.last_mut() {
            cur.push_str(line);
            cur.push('\n');
        }
    }
    per_case
}
