//! `equibench tool x86 verify A.s B.s --def-in REGS --live-out REGS`: the verifier on its own, as
//! a command this category adds to the CLI (the CLI itself names no category).

use crate::verify::{verify_files, CLI_ABOUT};
use clap::Parser;
use equibench_core::{CommandEnv, CommandResult, ToolCommand};
use std::ffi::OsString;
use std::path::PathBuf;

/// Exit code when no verdict could be given (a program outside the subset, a parse error, an
/// unreadable file, a missing tool): distinct from 0/1/2, which are verdicts.
pub const NO_VERDICT: u8 = 3;

/// The command's declaration, listed by `equibench tool --help`.
pub static VERIFY: ToolCommand = ToolCommand {
    name: "verify",
    about: "prove or refute two x86-64 programs equivalent (exit 0 equivalent, 1 inequivalent, \
            2 unknown, 3 no verdict)",
    run,
};

#[derive(Debug, Parser)]
#[command(about = CLI_ABOUT)]
struct VerifyArgs {
    /// The first program (.s, AT&T syntax).
    a: PathBuf,
    /// The second program.
    b: PathBuf,
    /// Registers holding the input, space- or comma-separated, e.g. '%rdi %rsi'.
    #[arg(long, default_value = "%rdi")]
    def_in: String,
    /// Registers compared at the end, e.g. '%rax'.
    #[arg(long, default_value = "%rax")]
    live_out: String,
}

fn run(args: &[OsString], env: &CommandEnv) -> CommandResult {
    let args = match VerifyArgs::try_parse_from(args) {
        Ok(a) => a,
        // `--help` prints and exits 0; a usage error exits 2, as clap does everywhere.
        Err(e) => {
            e.print()?;
            return Ok(u8::try_from(e.exit_code()).unwrap_or(NO_VERDICT));
        }
    };
    match verify_files(&args.a, &args.b, &args.def_in, &args.live_out, env.tools) {
        Ok(outcome) => {
            println!("{outcome}");
            Ok(u8::try_from(outcome.exit_code()).unwrap_or(NO_VERDICT))
        }
        Err(e) => {
            eprintln!("error: no verdict: {e}");
            Ok(NO_VERDICT)
        }
    }
}
