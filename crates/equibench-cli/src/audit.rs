//! `equibench audit`: dispatch every pair to its category's audit, in parallel, and report. A pair
//! whose record is inconsistent (wrong id, tampered stats) is contradicted before any tool runs; a
//! category without an audit in this binary is reported as unaudited, never as passed.

use crate::args::AuditArgs;
use crate::exit;
use crate::progress::Bars;
use anyhow::{Context, Result};
use equibench_core::category::Progress;
use equibench_core::testing::audit_pair_with;
use equibench_core::{CategoryName, FreshInputs, Pair, Registry, Tools, Verdict};
use rayon::prelude::*;
use std::collections::BTreeMap;

pub fn run(args: AuditArgs, registry: &Registry, tools: &Tools, quiet: bool) -> Result<u8> {
    let pairs = equibench_core::output::read_pairs(&args.dir)
        .with_context(|| format!("reading {}", args.dir.display()))?;
    let inputs = crate::inputs(args.given, args.data_dir, registry);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut per_cat: BTreeMap<CategoryName, u64> = BTreeMap::new();
    for p in &pairs {
        *per_cat.entry(p.category).or_default() += 1;
    }
    let lengths: Vec<_> = per_cat.iter().map(|(c, n)| (*c, *n, 0)).collect();
    let fresh = args.fresh_inputs.map(|count| FreshInputs {
        count,
        seed: args.fresh_seed,
    });
    let bars = Bars::new(registry, &lengths, "pairs", quiet);
    let started = std::time::Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let verdicts: Vec<Verdict> = pool.install(|| {
        pairs
            .par_iter()
            .map(|p| {
                let v = audit_one(p, registry, &inputs, tools, fresh);
                bars.inc(p.category);
                if !v.is_confirmed() {
                    bars.rejected(p.category, v.label());
                }
                v
            })
            .collect()
    });
    bars.finish();
    let took = started.elapsed();

    let mut tally: BTreeMap<CategoryName, BTreeMap<&'static str, usize>> = BTreeMap::new();
    for (p, v) in pairs.iter().zip(&verdicts) {
        *tally
            .entry(p.category)
            .or_default()
            .entry(v.label())
            .or_default() += 1;
        if args.verbose || !v.is_confirmed() {
            println!(
                "{:<12} {} {} ({}): {}",
                v.label(),
                p.category,
                &p.id[..16.min(p.id.len())],
                if p.equivalent {
                    "equivalent"
                } else {
                    "inequivalent"
                },
                v.detail()
            );
        }
    }
    for (cat, counts) in &tally {
        let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
        println!("{:<6} {}", cat.as_str(), parts.join(", "));
    }
    println!(
        "audited {} pairs in {:.1}s ({jobs} jobs)",
        pairs.len(),
        took.as_secs_f64()
    );
    let count = |f: fn(&Verdict) -> bool| verdicts.iter().filter(|v| f(v)).count();
    let contradicted = count(|v| matches!(v, Verdict::Contradicted(_)));
    let unchecked = count(|v| matches!(v, Verdict::Inconclusive(_) | Verdict::Unaudited(_)));
    if contradicted > 0 {
        println!(
            "AUDIT FAILED: {contradicted} of {} pairs contradicted",
            pairs.len()
        );
        Ok(exit::FAILED)
    } else if unchecked > 0 {
        println!(
            "audit incomplete: {unchecked} of {} pairs could not be checked (none contradicted)",
            pairs.len()
        );
        Ok(exit::INCOMPLETE)
    } else {
        println!(
            "audit passed: all {} labels re-checked from their evidence",
            pairs.len()
        );
        Ok(exit::OK)
    }
}

fn audit_one(
    p: &Pair,
    registry: &Registry,
    inputs: &equibench_core::Inputs,
    tools: &Tools,
    fresh: Option<FreshInputs>,
) -> Verdict {
    let Some(cat) = registry.get(p.category) else {
        return Verdict::Unaudited(format!(
            "no {} audit in this build of equibench (its category crate has not landed)",
            p.category
        ));
    };
    let problems = p.problems(cat.descriptor());
    if !problems.is_empty() {
        return Verdict::Contradicted(format!("record is inconsistent: {}", problems.join("; ")));
    }
    audit_pair_with(cat, p, inputs, tools, fresh)
}
