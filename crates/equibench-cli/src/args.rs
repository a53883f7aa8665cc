//! The command line, declared with clap. Help texts are the user's manual: keep them exact.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// The part of `--help` after the options; the list of categories before it comes from the
/// registry (see [`crate::help_with_categories`]).
pub const AFTER_HELP: &str = "\
Exit codes: 0 done and checked; 1 a check failed or an error; 2 something could not be checked or
made (inconclusive/unaudited pairs, a category that ran out of sources); 130 interrupted (re-run the
same command to resume). x86-verify: 0 equivalent, 1 inequivalent, 2 unknown, 3 no verdict (a
program outside the supported subset, a parse error, an unreadable file or a missing tool).

Environment: EQUIBENCH_VENV (the Python virtualenv, default ~/.cache/equibench/venv),
EQUIBENCH_CSMITH / _CLANG / _GCC / _Z3 / _CVC5 / _PYTHON / _SANDBOX_PYTHON (tool locations),
EQUIBENCH_DATA (the embedded default inputs). Install everything with scripts/setup.sh.";

/// Build benchmarks of program pairs labelled equivalent or inequivalent, with evidence for every
/// label, and check them.
#[derive(Debug, Parser)]
#[command(name = "equibench", version, after_help = AFTER_HELP)]
pub struct Cli {
    /// No progress bars (summaries and errors are still printed).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate labelled pairs into an output directory (resumable: re-run the same command after a
    /// crash or Ctrl-C and it continues where it stopped).
    Build(BuildArgs),
    /// Check an output's records: JSON schema, content ids, duplicates, order, eq/ineq balance.
    Validate {
        /// Output directory (or a pairs.jsonl file).
        dir: PathBuf,
    },
    /// Re-check every label from its recorded evidence, re-running the real tools.
    Audit(AuditArgs),
    /// Per-category table: pairs, eq/ineq, min/max/avg lines (EquiBench Table 1), similarity.
    Stats {
        dir: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// How well shallow rules guess the labels from the surface of the pairs alone.
    ///
    /// Per category, the held-out accuracy of the best single-feature threshold rule and of a
    /// depth-2 tree over surface features: both line counts, their difference and ratio, lines
    /// changed by a line diff, token-multiset difference, identifier overlap, winnowing
    /// similarity, which side is longer, plus the category's own features. Rules are fitted on
    /// the training folds only (stratified k-fold, repeated with seeded shuffles), so a high
    /// accuracy is a shortcut that generalises: a model could score it without reading the code
    /// for meaning. 50% is chance on balanced labels. Also prints the feature that leaks most.
    Shortcuts(ShortcutsArgs),
    /// The zero-shot prompt of every pair (EquiBench Appendix A.4) as JSONL, with the expected answer.
    Prompts {
        dir: PathBuf,
        /// Write to this file instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Join the outputs of `build --shard I/N` runs into one directory, equal to an unsharded build.
    Merge {
        /// The shard output directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Write a static HTML report of an output (Table 1, eq/ineq balance, length and similarity
    /// histograms, every pair side by side with its evidence); open its index.html in a browser.
    Report {
        /// Output directory of `equibench build` (or `merge`).
        dir: PathBuf,
        /// Where to write the report (default: DIR/report). Only an earlier report is replaced.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Show which external tools were found, their versions, and how to install missing ones.
    Doctor,
    /// Decide whether two x86-64 programs (AT&T syntax, loop-free, supported subset) agree on the
    /// live-out registers for every value of the def-in registers: prints the verdict and any
    /// counterexample (run natively); exit 0 equivalent, 1 inequivalent, 2 unknown, 3 no verdict
    /// (a program outside the supported subset, a parse error, an unreadable file, a missing
    /// tool), so that an error is never read as a verdict. Labels, comments and directives that
    /// emit nothing (.globl, .type, .size, .text, .file, .loc, .ident, .cfi_*, text sections,
    /// alignment before the first instruction) are skipped; any other directive (.byte, .rept,
    /// .if, .set, .macro, .intel_syntax, ...) gets no verdict. Stack slots may lie at most 128
    /// bytes (the SysV red zone) below %rsp. Two solvers decide, each for up to 60 s
    /// a call: z3 first (as it comes, then with sorted AC operands if it has no answer), cvc5
    /// second; equivalent only when BOTH answer unsat; a model (sat) of either is a
    /// counterexample only once the CPU reproduces it; no answer from one, or sat against unsat
    /// (the query is then saved in $EQUIBENCH_X86_SOLVER_LOG or the temporary directory), is
    /// unknown.
    X86Verify {
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
    },
    /// Judge the embedded OJ corpus (every submission on the sample and generated inputs, in the
    /// sandbox) and write its CodeNet-format metadata/ with the judge's real verdicts.
    OjJudge {
        /// The corpus root (default: DATA/oj).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Where the embedded default inputs are.
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Comma-separated categories (default: every category compiled into this binary).
    #[arg(long, value_delimiter = ',')]
    pub categories: Vec<String>,
    /// Pairs per category, half equivalent and half inequivalent (400 regenerates EquiBench).
    #[arg(long, default_value_t = 10)]
    pub pairs: usize,
    /// The seed every random choice derives from; the same seed gives byte-identical output.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output directory.
    #[arg(long, default_value = "equibench-out")]
    pub out: PathBuf,
    /// Allow a seed reserved for the few-shot exemplars that categories ship (`equibench eval`);
    /// only `scripts/make-exemplars.sh` passes it, so no benchmark build can contain an exemplar.
    #[arg(long, hide = true)]
    pub exemplar_seed: bool,
    /// Parallel workers (default: the number of cores). Never changes the output.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Compute only shard I of N (0-based), e.g. 0/4; join shards with `equibench merge`.
    #[arg(long, default_value = "0/1")]
    pub shard: equibench_core::Shard,
    /// Where the embedded default inputs are (default: ./data or the source checkout's data/).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// The paths given for the input flags categories declare (added to the command from the
    /// registry, see `equibench_cli::help_with_categories`).
    #[arg(skip)]
    pub given: Vec<(String, Vec<PathBuf>)>,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Output directory (or a pairs.jsonl file).
    pub dir: PathBuf,
    /// Parallel workers (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Where the embedded default inputs are.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Print every pair's verdict, not only the ones that are not confirmed.
    #[arg(long, short)]
    pub verbose: bool,
    /// Also test behaviour on K inputs no build has used (categories whose programs read input:
    /// OJ). An equivalent pair whose programs disagree on one is contradicted.
    #[arg(long, value_name = "K")]
    pub fresh_inputs: Option<usize>,
    /// The seed the fresh inputs are drawn from (choose your own: the build cannot have fitted
    /// its labels to it).
    #[arg(long, value_name = "S", default_value_t = 1, requires = "fresh_inputs")]
    pub fresh_seed: u64,
    /// The paths given for the input flags categories declare for audit.
    #[arg(skip)]
    pub given: Vec<(String, Vec<PathBuf>)>,
}

#[derive(Debug, Args)]
pub struct ShortcutsArgs {
    /// Output directory (or a pairs.jsonl file).
    pub dir: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// k of the stratified k-fold cross-validation.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(2..))]
    pub folds: u64,
    /// How many times the folds are redrawn (accuracies are means over all of them).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub repeats: u64,
    /// Exit 1 if any category's best single rule or depth-2 tree is more accurate than this
    /// (a fraction like 0.6, or a percentage like 60).
    #[arg(long)]
    pub max_accuracy: Option<f64>,
}
