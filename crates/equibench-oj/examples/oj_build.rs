//! `cargo run -p equibench-oj --example oj_build -- OUT [--pairs N] [--seed S] [--codenet DIR] [--data DIR] [--jobs J] [--shard I/N] [--subtle] [--fresh-inputs K] [--no-audit]`
//!
//! What `equibench build --categories oj_a,oj_v,oj_va` will do once the CLI registers the OJ
//! categories, followed by `validate` and an audit of every pair: prints pairs made, rejections by
//! reason, pairs per minute and the audit verdicts. `--shard` and `--subtle` are `build`'s;
//! `--fresh-inputs K` audits as `audit --fresh-inputs K` does (fresh seed 1, its default), so one
//! block of a 400-pair request can be built and checked without the CLI. The surface-shortcut
//! report (`equibench shortcuts`, default folds) follows validation; `--no-audit` stops there
//! (re-run on a finished output, the build resumes with nothing left to do).

#![forbid(unsafe_code)]

use equibench_core::build::{build, BuildRequest};
use equibench_core::category::NoProgress;
use equibench_core::output::read_pairs;
use equibench_core::{AuditContext, FreshInputs, Inputs, Registry, Shard, Tools};
use equibench_oj::variant::CODENET;
use equibench_oj::Variant;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut out = PathBuf::from("oj-out");
    let mut pairs = 20;
    let mut jobs = 2;
    let mut seed = 0;
    let mut shard = Shard::WHOLE;
    let mut subtle = false;
    let mut fresh = None;
    let mut audit = true;
    let mut inputs = Inputs::new(PathBuf::from("data"));
    while let Some(a) = args.next() {
        match a.as_str() {
            "--pairs" => pairs = args.next().and_then(|n| n.parse().ok()).unwrap_or(20),
            "--seed" => seed = args.next().and_then(|n| n.parse().ok()).unwrap_or(0),
            "--jobs" => jobs = args.next().and_then(|n| n.parse().ok()).unwrap_or(2),
            "--codenet" => {
                inputs = inputs.with(
                    CODENET.flag,
                    args.next().map(PathBuf::from).into_iter().collect(),
                )
            }
            "--data" => inputs.data_dir = args.next().map(PathBuf::from).unwrap_or_default(),
            "--shard" => match args.next().unwrap_or_default().parse() {
                Ok(s) => shard = s,
                Err(e) => {
                    eprintln!("--shard: {e}");
                    std::process::exit(2);
                }
            },
            "--subtle" => subtle = true,
            "--no-audit" => audit = false,
            "--fresh-inputs" => {
                fresh = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .map(|count| FreshInputs { count, seed: 1 })
            }
            other => out = PathBuf::from(other),
        }
    }
    let mut registry = Registry::new();
    for c in equibench_oj::categories() {
        registry.register(c);
    }
    let tools = Tools::new();
    let req = BuildRequest {
        categories: Variant::ALL.iter().map(|v| v.descriptor().id()).collect(),
        pairs,
        seed,
        out: out.clone(),
        jobs,
        shard,
        inputs: inputs.clone(),
        subtle,
        command: std::env::args().collect(),
    };
    let started = Instant::now();
    let summary = match build(
        &registry,
        &req,
        &tools,
        &NoProgress,
        &AtomicBool::new(false),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("build failed: {e}");
            std::process::exit(1);
        }
    };
    let secs = started.elapsed().as_secs_f64();
    let made: usize = summary.made.values().map(|b| b.total()).sum();
    println!(
        "made {made} pairs in {secs:.1}s = {:.1} pairs/minute",
        made as f64 * 60.0 / secs
    );
    for (c, b) in &summary.made {
        println!(
            "  {c}: {} equivalent + {} inequivalent",
            b.equivalent, b.inequivalent
        );
    }
    for (c, r) in &summary.reports {
        println!(
            "  {c} rejected: {:?} exhausted: {}",
            r.rejected, r.exhausted
        );
    }
    let report = equibench_core::validate::validate(&out, &registry).expect("readable output");
    println!(
        "validate: {} lines, {} problems {:?}",
        report.lines,
        report.problems.len(),
        report.problems
    );
    let pairs = read_pairs(&out).expect("pairs");
    let shortcuts = equibench_core::shortcuts::analyse(
        &pairs,
        &|p| {
            registry
                .get(p.category)
                .map(|c| c.surface_features(p))
                .unwrap_or_default()
        },
        &Default::default(),
    );
    print!("{}", equibench_core::shortcuts::render(&shortcuts));
    if !audit {
        return;
    }
    let audit_started = Instant::now();
    let mut verdicts = std::collections::BTreeMap::<String, usize>::new();
    let work = std::env::temp_dir();
    for p in pairs {
        let cat = registry.get(p.category).expect("registered");
        let v = cat.audit(
            &p,
            &AuditContext {
                tools: &tools,
                inputs: &inputs,
                work_dir: &work,
                fresh,
            },
        );
        if !v.is_confirmed() {
            println!("  {} {}: {} {}", p.category, p.id, v.label(), v.detail());
        }
        *verdicts.entry(v.label().to_string()).or_default() += 1;
    }
    println!(
        "audit: {verdicts:?} in {:.1}s",
        audit_started.elapsed().as_secs_f64()
    );
}
