//! `equibench export` and `equibench import`: the thin CLI layer over equibench-export.

use crate::args::ExportArgs;
use crate::exit;
use anyhow::{Context, Result};
use equibench_core::Registry;
use equibench_export::{hf, import, inspect, lm_eval, prompts, Format, Source, Written};
use std::path::Path;

pub fn run(args: ExportArgs, registry: &Registry) -> Result<u8> {
    let source =
        Source::read(&args.dir).with_context(|| format!("reading {}", args.dir.display()))?;
    if !args.prompt.is_empty() && args.format == Format::Hf {
        anyhow::bail!("--prompt is for the lm-eval and inspect formats (hf exports the records)");
    }
    let written = match args.format {
        Format::Hf => hf::export(
            &source,
            registry,
            &args.out,
            &hf::HfOptions {
                license: args.license,
                pretty_name: args.name,
            },
        )?,
        Format::LmEval => lm_eval::export(
            &source,
            registry,
            &args.out,
            &prompts::parse_types(&args.prompt)?,
        )?,
        Format::Inspect => inspect::export(
            &source,
            registry,
            &args.out,
            &prompts::parse_types(&args.prompt)?,
        )?,
    };
    print_written(&written, args.format, source.pairs.len());
    Ok(exit::OK)
}

fn print_written(w: &Written, format: Format, pairs: usize) {
    println!(
        "exported {pairs} pairs as {format} into {}: {} files, {}",
        w.out.display(),
        w.files.len(),
        human_bytes(w.bytes())
    );
    for note in &w.notes {
        println!("  {note}");
    }
}

fn human_bytes(n: u64) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / f64::from(1 << 20))
    } else if n >= 1 << 10 {
        format!("{:.1} KiB", n as f64 / f64::from(1 << 10))
    } else {
        format!("{n} bytes")
    }
}

pub fn import(export: &Path, out: &Path) -> Result<u8> {
    let imported =
        import::import(export, out).with_context(|| format!("importing {}", export.display()))?;
    println!(
        "restored {} pairs into {} (pairs.jsonl sha256 {}, as exported{})",
        imported.pairs,
        imported.out.display(),
        imported.pairs_sha256,
        if imported.files.is_empty() {
            String::new()
        } else {
            format!("; also {}", imported.files.join(", "))
        }
    );
    Ok(exit::OK)
}
