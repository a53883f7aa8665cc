//! `cargo run --release -p equibench-oj --example oj_hash_seeds -- [ROOT] [INPUTS] [--codenet]`
//!
//! How many corpus programs print something that depends on `PYTHONHASHSEED` (issue 26 item 4):
//! every submission of the corpus at ROOT (default `data/oj`, the embedded corpus; `--codenet` for
//! a CodeNet tree) runs on its problem's sample and INPUTS (default 10) generated inputs of the
//! judge range under the build's seed and the check seed; a program whose ending or output tokens
//! differ on some input is one the build drops as `output-depends-on-hash-seed` whenever it would
//! be paired.

#![forbid(unsafe_code)]

use equibench_oj::codenet::{load, CorpusKind};
use equibench_oj::compare::canonical_output;
use equibench_oj::inputs::{test_set, SeedRange};
use equibench_oj::runner::{Backend, RunLimits, Runner, BUILD_HASH_SEED, CHECK_HASH_SEED};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let codenet = args.iter().any(|a| a == "--codenet");
    let mut plain = args.iter().filter(|a| !a.starts_with("--"));
    let root = PathBuf::from(plain.next().map_or("data/oj", String::as_str));
    let count: usize = plain.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let kind = if codenet {
        CorpusKind::CodeNet
    } else {
        CorpusKind::Embedded
    };
    let corpus = match load(&root, kind) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let tools = equibench_core::Tools::new();
    let python = match tools.get(&equibench_oj::tools::SANDBOX_PYTHON) {
        Ok(p) => p.path.clone(),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut runner = Runner::new(&python, Backend::Worker);
    let (mut programs, mut dependent) = (0usize, BTreeMap::<String, Vec<String>>::new());
    for problem in &corpus.problems {
        let tests = match test_set(problem, &mut runner, SeedRange::judge(count)) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", problem.id);
                continue;
            }
        };
        let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
        for s in &problem.submissions {
            programs += 1;
            let differs = tests.inputs.iter().any(|input| {
                let run = |runner: &mut Runner, seed| {
                    runner
                        .run_with_hash_seed(&s.source, input.text.as_bytes(), &[], limits, seed)
                        .ok()
                };
                match (
                    run(&mut runner, BUILD_HASH_SEED),
                    run(&mut runner, CHECK_HASH_SEED),
                ) {
                    (Some(a), Some(b)) if !a.hit_limit() && !b.hit_limit() => {
                        a.ending != b.ending
                            || canonical_output(&a.stdout) != canonical_output(&b.stdout)
                    }
                    _ => false,
                }
            });
            if differs {
                dependent
                    .entry(s.status.as_str().to_string())
                    .or_default()
                    .push(format!("{}/{}", problem.id, s.id));
            }
        }
    }
    let total: usize = dependent.values().map(Vec::len).sum();
    println!(
        "{programs} programs of {} problems, each on its sample and {count} generated inputs: {total} print something that depends on PYTHONHASHSEED",
        corpus.problems.len()
    );
    for (status, ids) in &dependent {
        println!("  {status}: {} ({})", ids.len(), ids.join(", "));
    }
}
