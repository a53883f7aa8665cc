//! `equibench tool oj_a judge [--root DIR]` (any OJ category names it): the judge over the
//! embedded corpus, as a command this crate adds to the CLI (the CLI itself names no category).
//! Statuses in the corpus metadata come from running the judge, never by hand.

use crate::judge::judge_corpus;
use clap::Parser;
use equibench_core::{CommandEnv, CommandResult, ToolCommand};
use std::ffi::OsString;
use std::path::PathBuf;

/// The command's declaration, listed by `equibench tool --help`.
pub static JUDGE: ToolCommand = ToolCommand {
    name: "judge",
    about: "judge the embedded OJ corpus in the sandbox and write its CodeNet metadata/ (exit 2 \
            when a verdict disagrees with a submission's intent or a sample)",
    run,
};

/// Judge the embedded OJ corpus (every submission on the sample and generated inputs, in the
/// sandbox) and write its CodeNet-format metadata/ with the judge's real verdicts; prints the
/// report as JSON.
#[derive(Debug, Parser)]
struct JudgeArgs {
    /// The corpus root (default: the embedded corpus in the data directory, see
    /// `equibench tool --data-dir`).
    #[arg(long)]
    root: Option<PathBuf>,
}

fn run(args: &[OsString], env: &CommandEnv) -> CommandResult {
    let args = match JudgeArgs::try_parse_from(args) {
        Ok(a) => a,
        Err(e) => {
            e.print()?;
            return Ok(u8::try_from(e.exit_code()).unwrap_or(1));
        }
    };
    let root = args
        .root
        .unwrap_or_else(|| env.data_dir.join(crate::tools::DATA_FOLDER));
    let report = judge_corpus(&root, env.tools, &Default::default(), &mut |m| {
        eprintln!("{m}")
    })
    .map_err(|e| format!("judging {}: {e}", root.display()))?;
    println!("{}", serde_json::to_string_pretty(&report)?);
    let clean = report.intent_mismatches.is_empty() && report.sample_mismatches.is_empty();
    Ok(if clean { 0 } else { 2 })
}
