//! `equibench build`: parse the request, draw progress, handle Ctrl-C, print the summary.

use crate::args::BuildArgs;
use crate::exit;
use crate::progress::Bars;
use anyhow::{bail, Context, Result};
use equibench_core::build::{build, BuildError, BuildRequest, BuildSummary};
use equibench_core::{CategoryName, Registry, Tools};

pub fn run(
    args: BuildArgs,
    registry: &Registry,
    tools: &Tools,
    command: Vec<String>,
    quiet: bool,
) -> Result<u8> {
    let categories: Vec<CategoryName> = if args.categories.is_empty() {
        let names = registry.names();
        if names.is_empty() {
            bail!("no category has landed in this build of equibench yet; nothing was generated");
        }
        names
    } else {
        args.categories
            .iter()
            .map(|s| registry.resolve(s))
            .collect::<Result<_, _>>()?
    };
    let reserved = equibench_core::seed::EXEMPLAR_SEEDS;
    if reserved.contains(&args.seed) != args.exemplar_seed {
        if args.exemplar_seed {
            bail!(
                "--exemplar-seed needs a seed in {}..{} (the range reserved for few-shot exemplars)",
                reserved.start,
                reserved.end
            );
        }
        bail!(
            "seed {} is reserved for the few-shot exemplars categories ship for `equibench eval` \
             ({}..{}), so that no benchmark pair can be an exemplar: choose a seed below {}",
            args.seed,
            reserved.start,
            reserved.end,
            reserved.start
        );
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let req = BuildRequest {
        categories,
        pairs: args.pairs,
        seed: args.seed,
        out: args.out.clone(),
        jobs,
        shard: args.shard,
        inputs: crate::inputs(args.given, args.data_dir, registry),
        subtle: args.subtle,
        command,
    };
    // Blocks stop at their next candidate; the journal keeps the rest.
    let cancel = crate::interrupt::install(crate::interrupt::Messages {
        winding_down: "finishing the pairs in progress (press Ctrl-C again to stop at once)",
        kept: "finished pairs are in the journal",
    });
    let share = |n: usize| {
        // Pairs this shard computes of a category: its blocks' share, estimated for the bar only.
        (n as u64).div_ceil(req.shard.count as u64)
    };
    let lengths: Vec<(CategoryName, u64, u64)> = req
        .categories
        .iter()
        .filter(|c| registry.get(**c).is_some())
        .map(|c| (*c, share(req.pairs), 0))
        .collect();
    let bars = Bars::new(registry, &lengths, "pairs", quiet);
    let result = build(registry, &req, tools, &bars, cancel);
    bars.finish();
    match result {
        Ok(summary) => {
            // The datasheet documents the finished output; the pairs are already safe on disk, so
            // a failure here is reported as an error without touching them.
            let datasheet = equibench_core::datasheet::write(&req.out, registry, tools)
                .with_context(|| format!("writing the datasheet into {}", req.out.display()))?;
            print_summary(&summary, &req, registry, &datasheet);
            Ok(if summary.complete() {
                exit::OK
            } else {
                exit::INCOMPLETE
            })
        }
        Err(BuildError::Interrupted { kept, journal }) => {
            eprintln!(
                "interrupted: {kept} finished block(s) are kept in {}; run the same command again to resume",
                journal.display()
            );
            Ok(exit::INTERRUPTED)
        }
        Err(e) => Err(e.into()),
    }
}

fn print_summary(
    s: &BuildSummary,
    req: &BuildRequest,
    registry: &Registry,
    datasheet: &std::path::Path,
) {
    let minutes = s.wall.as_secs_f64() / 60.0;
    println!(
        "built {} pairs into {} in {:.1}s (blocks: {} computed, {} resumed from the journal; seed {}, shard {})",
        s.manifest.total_pairs,
        req.out.display(),
        s.wall.as_secs_f64(),
        s.computed_blocks,
        s.resumed_blocks,
        req.seed,
        req.shard
    );
    for (cat, wanted) in &s.wanted {
        let made = s.made.get(cat).copied().unwrap_or_default();
        let report = s.reports.get(cat).cloned().unwrap_or_default();
        let rejected: u64 = report.rejected.values().sum();
        let short = if s.sharded
            || (made.equivalent >= wanted.equivalent && made.inequivalent >= wanted.inequivalent)
        {
            ""
        } else {
            "  SHORT: sources ran out"
        };
        println!(
            "  {:<6} {:>4}/{:<4} equivalent {:>4}/{:<4} inequivalent  {:>6} rejected{}{}{}",
            registry
                .descriptor(*cat)
                .map_or(cat.as_str(), |d| d.cli_name),
            made.equivalent,
            wanted.equivalent,
            made.inequivalent,
            wanted.inequivalent,
            rejected,
            if minutes > 0.0 && s.computed_blocks > 0 {
                format!(
                    "  ({:.1} pairs/min overall)",
                    s.manifest.total_pairs as f64 / minutes
                )
            } else {
                String::new()
            },
            s.worker_time.get(cat).map_or(String::new(), |t| format!(
                "  {:.1} worker-s",
                t.as_secs_f64()
            )),
            short
        );
        let mut reasons: Vec<_> = report.rejected.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, n) in reasons {
            println!("           {n:>6} {reason}");
        }
    }
    println!("datasheet: {}", datasheet.display());
    println!(
        "next: equibench validate {0} && equibench audit {0} && equibench report {0}",
        req.out.display()
    );
}
