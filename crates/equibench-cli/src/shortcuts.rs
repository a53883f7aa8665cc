//! `equibench shortcuts`: the surface-shortcut report of an output (issue 14).

use crate::args::ShortcutsArgs;
use crate::exit;
use anyhow::{Context, Result};
use equibench_core::shortcuts::{self, CvConfig};
use equibench_core::{Pair, Registry, SurfaceFeature};

pub fn run(args: ShortcutsArgs, registry: &Registry) -> Result<u8> {
    let pairs = equibench_core::output::read_pairs(&args.dir)
        .with_context(|| format!("reading {}", args.dir.display()))?;
    let cfg = CvConfig {
        folds: args.folds as usize,
        repeats: args.repeats as usize,
    };
    let report = shortcuts::analyse(&pairs, &|p| category_features(registry, p), &cfg);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", shortcuts::render(&report));
    }
    let Some(limit) = args.max_accuracy else {
        return Ok(exit::OK);
    };
    // 60 and 0.6 both mean 60%.
    let limit = if limit > 1.0 { limit / 100.0 } else { limit };
    let above = report.above(limit);
    for (category, learner, accuracy) in &above {
        eprintln!(
            "{category}: {learner} {:.1}% is above {:.1}%",
            accuracy * 100.0,
            limit * 100.0
        );
    }
    Ok(if above.is_empty() {
        exit::OK
    } else {
        exit::FAILED
    })
}

/// What `p`'s category adds to the generic surface features (nothing for an unknown category).
pub fn category_features(registry: &Registry, p: &Pair) -> Vec<SurfaceFeature> {
    registry
        .get(p.category)
        .map(|c| c.surface_features(p))
        .unwrap_or_default()
}
