//! Throughput of the CUDA category through the real build driver: builds N pairs with J jobs into
//! a directory, validates and audits them, and prints pairs and kernels per minute.
//!
//!     cargo run --release -p equibench-cuda --example cuda_bench -- [PAIRS] [JOBS] [OUT]

#![forbid(unsafe_code)]

use equibench_core::build::{build, BuildRequest};
use equibench_core::category::NoProgress;
use equibench_core::output::read_pairs;
use equibench_core::testing::audit_pair;
use equibench_core::{Inputs, Registry, Shard, Tools};
use equibench_cuda::worker::WorkerPool;
use equibench_cuda::CudaCategory;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let pairs: usize = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(20);
    let jobs: usize = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(2);
    let out = PathBuf::from(
        args.get(3)
            .cloned()
            .unwrap_or_else(|| "/tmp/equibench-cuda-bench".into()),
    );
    let _ = std::fs::remove_dir_all(&out);
    let data_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let inputs = Inputs::new(data_dir);
    let tools = Tools::new();
    let mut registry = Registry::new();
    let pool = std::sync::Arc::new(WorkerPool::new());
    registry.register(Box::new(CudaCategory::with_pool(pool.clone())));
    let req = BuildRequest {
        categories: vec![equibench_cuda::DESCRIPTOR.id()],
        pairs,
        seed: 1,
        out: out.clone(),
        jobs,
        shard: Shard::WHOLE,
        inputs: inputs.clone(),
        subtle: false,
        command: args.clone(),
    };
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let summary = build(&registry, &req, &tools, &NoProgress, &cancel)?;
    let build_secs = started.elapsed().as_secs_f64();
    let cat = registry
        .get(equibench_cuda::DESCRIPTOR.id())
        .expect("registered");
    let made = summary.made[&equibench_cuda::DESCRIPTOR.id()];
    println!(
        "built {} + {} pairs in {build_secs:.1} s with {jobs} jobs",
        made.equivalent, made.inequivalent
    );
    println!(
        "rejections: {:?}",
        summary
            .reports
            .get(&equibench_cuda::DESCRIPTOR.id())
            .map(|r| &r.rejected)
    );
    let per_min = |n: f64| n * 60.0 / build_secs;
    println!("pairs per minute: {:.1}", per_min(made.total() as f64));
    println!(
        "emitted kernels per minute: {:.1}",
        per_min(2.0 * made.total() as f64)
    );

    let totals = pool.totals();
    let compiled = totals.get("cuda_kernels").copied().unwrap_or(0) as f64;
    println!("during the build: {totals:?}");
    println!("compiled CUDA kernels per minute: {:.1}", per_min(compiled));

    let exec = equibench_cuda::exec::totals();
    let secs = |n: u64| n as f64 / 1e9;
    println!(
        "CPU harness during the build: {} programs compiled in {:.1} s, {} program runs in {:.1} s \
         ({:.1} program runs/s; {:.2} s compile + execute per pair)",
        exec.programs_compiled,
        secs(exec.compile_nanos),
        exec.program_runs,
        secs(exec.execute_nanos),
        exec.program_runs as f64 / secs(exec.execute_nanos).max(1e-9),
        secs(exec.compile_nanos + exec.execute_nanos) / made.total().max(1) as f64
    );

    let report = equibench_core::validate::validate(&out, &registry)?;
    println!("validate ok: {} {:?}", report.ok(), report.problems);
    let audit_started = Instant::now();
    let mut verdicts = std::collections::BTreeMap::<&str, usize>::new();
    for p in read_pairs(&out.join("pairs.jsonl"))? {
        let v = audit_pair(cat, &p, &inputs, &tools);
        if !v.is_confirmed() {
            println!("{} {}: {}", p.id, v.label(), v.detail());
        }
        *verdicts.entry(v.label()).or_default() += 1;
    }
    println!(
        "audit: {verdicts:?} in {:.1} s",
        audit_started.elapsed().as_secs_f64()
    );
    let after = equibench_cuda::exec::totals();
    println!(
        "CPU harness during the audit: {} programs compiled in {:.1} s, {} program runs in {:.1} s",
        after.programs_compiled - exec.programs_compiled,
        secs(after.compile_nanos - exec.compile_nanos),
        after.program_runs - exec.program_runs,
        secs(after.execute_nanos - exec.execute_nanos)
    );
    println!("workers started {}, lost {}", pool.started(), pool.lost());
    let lines: Vec<u64> = read_pairs(&out.join("pairs.jsonl"))?
        .iter()
        .flat_map(|p| [p.stats.lines_1, p.stats.lines_2])
        .collect();
    if let (Some(min), Some(max)) = (lines.iter().min(), lines.iter().max()) {
        let avg = lines.iter().sum::<u64>() as f64 / lines.len() as f64;
        println!("kernel lines: min {min} max {max} avg {avg:.0}");
    }
    Ok(())
}
