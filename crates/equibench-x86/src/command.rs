//! `equibench tool x86 verify A.s B.s --def-in REGS --live-out REGS`: the verifier on its own, as
//! a command this category adds to the CLI (the CLI itself names no category).

use crate::semantics::verify::{
    verify_files, Limits, CLI_ABOUT, DEFAULT_TIMEOUT, ONE_QUESTION_CVC5_RLIMIT,
    ONE_QUESTION_Z3_RLIMIT,
};
use clap::Parser;
use equibench_core::{CommandEnv, CommandResult, ToolCommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

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
    /// Wall-clock seconds each solver call may take; a solver still thinking then has no answer
    /// (unknown).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT.as_secs())]
    timeout: u64,
    /// Each solver's deterministic resource limit (z3's :rlimit, cvc5's :rlimit-per, in their
    /// own units), so the answer is the same on any machine: `z3=N,cvc5=M` (either may be left
    /// out and keeps its default), or `none` for the wall clock alone. Both z3 tries and cvc5
    /// get it whatever came before. The defaults are meant for one question, far above a build's
    /// per-query limits.
    #[arg(long, value_name = "z3=N,cvc5=M|none", default_value_t = default_rlimits(), value_parser = parse_rlimits)]
    rlimit: Rlimits,
}

/// `--rlimit`: each solver's limit, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rlimits {
    z3: Option<u64>,
    cvc5: Option<u64>,
}

impl std::fmt::Display for Rlimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.z3, self.cvc5) {
            (None, None) => f.write_str("none"),
            (z3, cvc5) => {
                let parts: Vec<String> = [("z3", z3), ("cvc5", cvc5)]
                    .into_iter()
                    .filter_map(|(k, v)| v.map(|v| format!("{k}={v}")))
                    .collect();
                f.write_str(&parts.join(","))
            }
        }
    }
}

fn default_rlimits() -> Rlimits {
    Rlimits {
        z3: Some(ONE_QUESTION_Z3_RLIMIT),
        cvc5: Some(ONE_QUESTION_CVC5_RLIMIT),
    }
}

fn parse_rlimits(text: &str) -> Result<Rlimits, String> {
    if text.trim() == "none" {
        return Ok(Rlimits {
            z3: None,
            cvc5: None,
        });
    }
    let mut limits = default_rlimits();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (solver, value) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}`: expected SOLVER=N (z3=N or cvc5=N), or `none`"))?;
        let n: u64 = value
            .trim()
            .parse()
            .map_err(|_| format!("`{part}`: the limit must be a whole number"))?;
        // z3 reads `:rlimit 0` as no limit at all; say `none` for that.
        if n == 0 {
            return Err(format!(
                "`{part}`: a limit of 0 is no limit; use `none` for the wall clock alone"
            ));
        }
        match solver.trim() {
            "z3" => limits.z3 = Some(n),
            "cvc5" => limits.cvc5 = Some(n),
            other => return Err(format!("`{other}` is not a solver here (z3, cvc5)")),
        }
    }
    Ok(limits)
}

impl VerifyArgs {
    fn limits(&self) -> Limits {
        let timeout = Duration::from_secs(self.timeout.max(1));
        Limits {
            z3_rlimit: self.rlimit.z3,
            z3_sorted_ac_rlimit: self.rlimit.z3,
            cvc5_rlimit: self.rlimit.cvc5,
            cvc5_after_retry_rlimit: self.rlimit.cvc5,
            ..Limits::one_question(timeout)
        }
    }
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
    let limits = args.limits();
    match verify_files(
        &args.a,
        &args.b,
        &args.def_in,
        &args.live_out,
        &limits,
        env.tools,
    ) {
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
