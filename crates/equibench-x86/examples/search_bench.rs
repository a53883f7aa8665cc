//! Search speed and yield over the embedded corpus, single core.
//!
//! Prints the corpus (targets kept, skips by reason), then for every target: proposals per second
//! of the pure MCMC search (thread CPU time, so other load does not distort it), and, for a
//! superoptimisation with the category's default budget, how many rewrites z3 verified and refuted.
//! STOKE reports about 1.2 million proposals per second per core.
//!
//! `cargo run --release -p equibench-x86 --example search_bench [-- TARGETS [PROPOSALS]]
//! [--spread] [--search-only]`: `--spread` takes TARGETS targets evenly spaced over the whole
//! corpus instead of its first ones (the corpus lists a function's targets together, so its first
//! few dozen targets are a handful of short bit tricks); `--search-only` skips the verifier.

#![forbid(unsafe_code)]

use equibench_core::tools::Tools;
use equibench_x86::category::X86;
use equibench_x86::corpus::{self, Origin, Target};
use equibench_x86::search::{initial_tests, search, superoptimise};
use std::path::PathBuf;
use std::time::Instant;

/// CPU seconds of this thread, which a loaded machine does not inflate (the sandbox crate owns
/// the `unsafe` call it takes).
fn thread_cpu_seconds() -> f64 {
    equibench_core::sandbox::thread_cpu_time().as_secs_f64()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spread = args.iter().any(|a| a == "--spread");
    let search_only = args.iter().any(|a| a == "--search-only");
    let mut numbers = args.iter().filter(|a| !a.starts_with("--"));
    let max_targets: usize = numbers.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let proposals: u64 = numbers
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(400_000);
    let tools = Tools::new();
    let data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"));
    let set = corpus::targets(&tools, &data).expect("the corpus compiles (run scripts/setup.sh)");
    println!(
        "corpus: {} functions, {} targets; skipped: {:?}",
        set.functions,
        set.targets.len(),
        set.skipped
    );
    let category = X86::default();
    let (mut all_proposals, mut all_cpu) = (0u64, 0f64);
    // Everything the pure searches found, hashed: a change meant only to make the search faster
    // must leave it as it is.
    let mut digest = std::collections::hash_map::DefaultHasher::new();
    let (mut verified, mut refuted, mut unknown, mut errors) = (0, 0, 0, 0);
    let superopt_wall = Instant::now();
    println!(
        "{:<36} {:>5} {:>12} {:>9} {:>9} {:>8} {:>7}",
        "target", "insns", "proposals/s", "verified", "refuted", "unknown", "errors"
    );
    for target in chosen(&set.targets, max_targets, spread) {
        let label = label(target);
        let mut config = category.search.clone();
        config.max_len = config.max_len.max(target.program.len());
        let tests = initial_tests(&target.def_in, config.tests, 7);
        config.proposals = proposals;
        let cpu = thread_cpu_seconds();
        let out = search(
            &target.program,
            &target.def_in,
            &target.live_out,
            &tests,
            &config,
            7,
        );
        let spent = thread_cpu_seconds() - cpu;
        std::hash::Hash::hash(&format!("{out:?}"), &mut digest);
        all_proposals += out.proposals;
        all_cpu += spent;
        if search_only {
            println!(
                "{:<36} {:>5} {:>12.0}",
                label,
                target.program.len(),
                out.proposals as f64 / spent
            );
            continue;
        }
        let found = superoptimise(
            &target.program,
            &target.def_in,
            &target.live_out,
            &category.search,
            7,
            &tools,
            category.verify_timeout,
        )
        .expect("superoptimise");
        for e in &found.errors {
            eprintln!("  {}: verifier error: {e}", target.label);
        }
        verified += found.verified.len();
        refuted += found.refuted.len();
        unknown += found.unknown;
        errors += found.errors.len();
        println!(
            "{:<36} {:>5} {:>12.0} {:>9} {:>9} {:>8} {:>7}",
            label,
            target.program.len(),
            out.proposals as f64 / spent,
            found.verified.len(),
            found.refuted.len(),
            found.unknown,
            found.errors.len()
        );
    }
    println!(
        "search: {:.0} proposals/s per core over {} proposals (STOKE: ~1.2 million)",
        all_proposals as f64 / all_cpu,
        all_proposals
    );
    println!(
        "search outcome digest: {:016x}",
        std::hash::Hasher::finish(&digest)
    );
    if search_only {
        return;
    }
    println!(
        "superoptimise (category budget, verifier included): {verified} verified, {refuted} refuted, \
         {unknown} unknown, {errors} errors in {:.1}s wall",
        superopt_wall.elapsed().as_secs_f64()
    );
}

/// The first `max` targets, or `max` evenly spaced over the corpus with `spread`.
fn chosen(targets: &[Target], max: usize, spread: bool) -> Vec<&Target> {
    if spread {
        let n = targets.len();
        let k = max.min(n).max(1);
        (0..k).map(|i| &targets[i * n / k]).collect()
    } else {
        targets.iter().take(max).collect()
    }
}

/// The target with its compiler and level, so -O0 targets (stack traffic) stand out.
fn label(target: &Target) -> String {
    match &target.origin {
        Origin::Corpus {
            compiler, flags, ..
        } => format!(
            "{} {} {}",
            target.label,
            compiler.name,
            flags.iter().find(|f| f.starts_with("-O")).map_or("", |f| f)
        ),
        _ => target.label.clone(),
    }
}
