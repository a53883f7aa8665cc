//! `cargo run -p equibench-oj --example oj_judge -- [DATA_OJ_DIR] [--inputs N] [--plain] [--incremental] [--only p90001,p90002]`
//!
//! Judges every submission of the embedded corpus (default `data/oj`) and writes its
//! `metadata/` (what `equibench tool oj_a judge` does), then prints the report as JSON.

#![forbid(unsafe_code)]

use equibench_oj::runner::Backend;
use equibench_oj::{judge_corpus, JudgeOptions};
use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut root = PathBuf::from("data/oj");
    let mut options = JudgeOptions::default();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--inputs" => {
                options.generated_inputs = args.next().and_then(|n| n.parse().ok()).unwrap_or(100)
            }
            "--plain" => options.backend = Backend::Plain,
            "--incremental" => options.incremental = true,
            "--only" => {
                options.only = args
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(str::to_string)
                    .collect();
            }
            other => root = PathBuf::from(other),
        }
    }
    let tools = equibench_core::Tools::new();
    let mut progress = |m: &str| eprintln!("{m}");
    match judge_corpus(&root, &tools, &options, &mut progress) {
        Ok(report) => println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        ),
        Err(e) => {
            eprintln!("oj-judge failed: {e}");
            std::process::exit(1);
        }
    }
}
