//! Audit the CUDA pairs of a built directory (its `pairs.jsonl`) and print the verdicts and the CPU
//! harness's totals: how long re-executing the kernels takes.
//!
//!     cargo run --release -p equibench-cuda --example cuda_audit -- DIR

#![forbid(unsafe_code)]

use equibench_core::output::read_pairs;
use equibench_core::testing::audit_pair;
use equibench_core::{Inputs, Tools};
use equibench_cuda::CudaCategory;
use std::path::PathBuf;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: cuda_audit DIR")?);
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let tools = Tools::new();
    let cat = CudaCategory::new();
    let started = Instant::now();
    let mut verdicts = std::collections::BTreeMap::<&str, usize>::new();
    for p in read_pairs(&dir.join("pairs.jsonl"))? {
        let v = audit_pair(&cat, &p, &inputs, &tools);
        if !v.is_confirmed() {
            println!("{} {}: {}", p.id, v.label(), v.detail());
        }
        *verdicts.entry(v.label()).or_default() += 1;
    }
    let t = equibench_cuda::exec::totals();
    println!(
        "audit: {verdicts:?} in {:.1} s; CPU harness: {} programs compiled in {:.1} s, {} program \
         runs in {:.1} s",
        started.elapsed().as_secs_f64(),
        t.programs_compiled,
        t.compile_nanos as f64 / 1e9,
        t.program_runs,
        t.execute_nanos as f64 / 1e9
    );
    Ok(())
}
