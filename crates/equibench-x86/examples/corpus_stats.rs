//! What the embedded corpus gives: functions, distinct targets per compiler and level, program
//! lengths (pair lines), and skips by reason. `-v` lists every target.
//!
//! `cargo run --release -p equibench-x86 --example corpus_stats [-- -v]`

#![forbid(unsafe_code)]

use equibench_core::tools::Tools;
use equibench_x86::corpus::{self, text_lines, Origin};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let tools = Tools::new();
    let data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"));
    let set = corpus::targets(&tools, &data).expect("the corpus compiles (run scripts/setup.sh)");
    let mut by_config: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut functions_with_target: BTreeMap<String, usize> = BTreeMap::new();
    let mut lines = Vec::new();
    for t in &set.targets {
        let Origin::Corpus {
            compiler,
            flags,
            function,
            ..
        } = &t.origin
        else {
            continue;
        };
        let n = text_lines(t.program.len());
        let e = by_config
            .entry(format!("{} {}", compiler.name, flags[0]))
            .or_default();
        e.0 += 1;
        e.1 += n;
        lines.push(n);
        *functions_with_target.entry(function.clone()).or_default() += 1;
        if verbose {
            println!(
                "{:<28} {:>6} {:>4} {:>3} lines",
                function, compiler.name, flags[0], n
            );
        }
    }
    println!(
        "{} functions, {} with a target; {} distinct targets",
        set.functions,
        functions_with_target.len(),
        set.targets.len()
    );
    for (config, (n, total)) in &by_config {
        println!(
            "  {config:<10} {n:>4} targets, {:.1} lines on average",
            *total as f64 / *n as f64
        );
    }
    let o0: usize = by_config
        .iter()
        .filter(|(c, _)| c.ends_with("-O0"))
        .map(|(_, (n, _))| n)
        .sum();
    let mean = lines.iter().sum::<usize>() as f64 / lines.len().max(1) as f64;
    println!(
        "-O0 targets: {o0}; lines {}..{}, {mean:.1} on average",
        lines.iter().min().unwrap_or(&0),
        lines.iter().max().unwrap_or(&0)
    );
    println!("skipped:");
    for (reason, n) in &set.skipped {
        println!("  {reason:<36} {n}");
    }
}
