//! `cargo run -p equibench-oj --example oj_bench -- [RUNS]`
//!
//! Judge runs per second through the pre-forked worker against one sandboxed interpreter per run,
//! on a real submission (CodeNet p02546) and its sample input.

#![forbid(unsafe_code)]

use equibench_oj::runner::{Backend, RunLimits, Runner};
use std::time::Instant;

const PROGRAM: &str =
    "S = input()\nif S[-1] == \"s\":\n  ans = S+\"es\"\nelse:\n  ans = S+\"s\"\n  \nprint(ans)";

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let tools = equibench_core::Tools::new();
    let python = match tools.get(&equibench_oj::tools::SANDBOX_PYTHON) {
        Ok(p) => p.path.clone(),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for backend in [Backend::Worker, Backend::Plain] {
        let mut runner = Runner::new(&python, backend);
        let limits = RunLimits::for_problem(2000, 1 << 20);
        let started = Instant::now();
        for i in 0..runs {
            // A different input each time, so that the cache never answers.
            let input = format!("word{i}\n");
            match runner.run(PROGRAM, input.as_bytes(), &[], limits) {
                Ok(r) if r.success() => {}
                Ok(r) => eprintln!("run {i}: {}", r.describe()),
                Err(e) => eprintln!("run {i}: {e}"),
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{backend:?}: {runs} runs in {secs:.2}s = {:.1} runs/s",
            runs as f64 / secs
        );
    }
}
