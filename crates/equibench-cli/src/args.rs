//! The command line, declared with clap. Help texts are the user's manual: keep them exact.

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;

/// The part of `--help` after the options; the list of categories before it and of the tools'
/// environment overrides after it come from the registry (see [`crate::help_with_categories`]).
pub const AFTER_HELP: &str = "\
Exit codes: 0 done and checked; 1 a check failed or an error; 2 something could not be checked or
made (inconclusive/unaudited pairs, a category that ran out of sources); 130 interrupted (re-run the
same command to resume). A category's own commands (`equibench tool --help`) document theirs.

Environment: EQUIBENCH_VENV (the Python virtualenv, default ~/.cache/equibench/venv),
EQUIBENCH_DATA (the embedded default inputs), and the tool locations below. Install everything
with scripts/setup.sh.";

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
    /// Per-category table: pairs, eq/ineq, min/max/avg lines (EquiBench Table 1), similarity, and
    /// the spread of the recorded subtlety of inequivalent pairs.
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
        /// Runs of `equibench eval` over DIR to show: each run's answers on the pair pages, a
        /// filter for pairs a model got wrong, and a scores table on the index.
        #[arg(long = "eval", value_name = "RUN", num_args = 1..)]
        eval: Vec<PathBuf>,
    },
    /// Measure a language model on a built benchmark through any OpenAI-compatible
    /// chat-completions endpoint (OpenAI, vLLM, llama.cpp server, Ollama, ...), beside the
    /// baselines it has to beat; or `eval compare RUN_A RUN_B`.
    ///
    /// Writes RUN/requests.jsonl (one line per request, synced as it completes), RUN/run.json
    /// and RUN/scores.json, and prints a table. Re-running the same command resumes without
    /// repeating a finished request; another command into the same RUN is refused. The key is
    /// read from the variable --api-key-env names; when it is unset or empty no Authorization
    /// header is sent (local servers need none).
    Eval(EvalArgs),
    /// Write a build where other tools read it: a Hugging Face dataset repository (hf), lm-evaluation-
    /// harness tasks (lm-eval) or an Inspect task (inspect).
    ///
    /// hf: one configuration per category (Parquet, split `test`), a dataset card with the
    /// build's datasheet, and what `equibench import` needs to restore pairs.jsonl byte for byte.
    /// lm-eval and inspect: the exact prompts `equibench eval` sends (every prompt type each
    /// category has, or --prompt), and a Python port of its answer parser to score replies. OUT
    /// is replaced only when it holds an earlier export. `docs/exporting.md` shows the commands
    /// that read each.
    Export(ExportArgs),
    /// Restore a build from an `export --format hf`: pairs.jsonl byte for byte (checked against
    /// the sha256 the export recorded), manifest.json and DATASHEET.md, ready for validate,
    /// audit, eval and report.
    Import {
        /// The exported dataset repository (a folder written by `equibench export --format hf`,
        /// or downloaded from the Hub).
        export: PathBuf,
        /// The directory to restore into (it must not hold a pairs.jsonl).
        #[arg(long)]
        out: PathBuf,
    },
    /// Show which external tools were found, their versions, and how to install missing ones.
    Doctor,
    /// Run a command a category adds (a verifier on its own, a corpus judge); `tool --help` lists
    /// them, `tool CATEGORY COMMAND --help` explains one.
    Tool(ToolArgs),
}

/// `equibench tool [--data-dir DIR] CATEGORY COMMAND ARGS...`. Everything from CATEGORY on is
/// taken as it is (`--help` too), so the command, not this parser, reads its own options.
#[derive(Debug, Args)]
#[command(
    arg_required_else_help = true,
    override_usage = "equibench tool [--data-dir DIR] <CATEGORY> <COMMAND> [ARGS]..."
)]
pub struct ToolArgs {
    /// Where the embedded default inputs are (default: ./data or the source checkout's data/).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub call: ToolCall,
}

#[derive(Debug, Subcommand)]
pub enum ToolCall {
    /// CATEGORY (any spelling `--categories` accepts), COMMAND and the command's own arguments.
    #[command(external_subcommand)]
    Run(Vec<OsString>),
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Comma-separated categories (default: every category compiled into this binary).
    #[arg(long, value_delimiter = ',')]
    pub categories: Vec<String>,
    /// Pairs per category, half equivalent and half inequivalent (400 over the six EquiBench
    /// categories regenerates EquiBench).
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
    /// Prefer subtle inequivalent pairs: of the inequivalent candidates, those whose two programs
    /// disagree on the fewest fresh random inputs (or, where the category counts output bytes,
    /// the fewest changed). Every category honours it, each choosing among the candidates its
    /// surface matching allows (README: how). Balance and the
    /// shortcut bound hold as without it, and a category that substitutes only after its default
    /// decisions keeps exactly the default build's equivalent pairs (README: which do); the
    /// datasheet says it was asked, and each inequivalent pair records its disagreement either way.
    #[arg(long)]
    pub subtle: bool,
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

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct EvalArgs {
    #[command(subcommand)]
    pub compare: Option<EvalCommand>,
    /// Output directory of `equibench build` (or a pairs.jsonl file).
    #[arg(required = true)]
    pub dir: Option<PathBuf>,
    /// The model name the server knows (e.g. gpt-4o-mini, or the name vLLM / Ollama serves).
    #[arg(long, required = true)]
    pub model: Option<String>,
    /// The server's OpenAI-compatible base URL, up to /v1 (vLLM http://127.0.0.1:8000/v1,
    /// llama.cpp server http://127.0.0.1:8080/v1, Ollama http://127.0.0.1:11434/v1).
    #[arg(long, default_value = "https://api.openai.com/v1")]
    pub base_url: String,
    /// The environment variable holding the API key (never logged). Unset or empty: no
    /// Authorization header is sent.
    #[arg(long, default_value = "OPENAI_API_KEY", value_name = "VAR")]
    pub api_key_env: String,
    /// EquiBench's prompt type: zero, few, zero-cot or few-cot.
    #[arg(long, default_value = "zero")]
    pub prompt: equibench_eval::PromptType,
    /// Comma-separated categories (default: every category in DIR).
    #[arg(long, value_delimiter = ',')]
    pub categories: Vec<String>,
    /// At most N pairs per category (the first in DIR's order, which is by id).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Sampling temperature (default: not sent, the server's default, as EquiBench).
    #[arg(long)]
    pub temperature: Option<f64>,
    /// Reply token limit, sent as max_tokens (default: not sent).
    #[arg(long, value_name = "M")]
    pub max_tokens: Option<u32>,
    /// Sent as the request's seed; also seeds --paper-compat's coin (0 when not given).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// EquiBench's scoring rule: an unparsable reply, or a request the model refuses (context too
    /// long), is scored by a coin flip, here seeded by --seed and the pair id and recorded.
    #[arg(long)]
    pub paper_compat: bool,
    /// Print per-category prompt counts and token estimates; send nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The run directory.
    #[arg(long, value_name = "RUN", required_unless_present = "dry_run")]
    pub out: Option<PathBuf>,
    /// Seconds to wait for a connection.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    pub connect_timeout: f64,
    /// Seconds to wait for a whole reply (long for chain-of-thought and reasoning models).
    #[arg(long, default_value_t = 600.0, value_name = "SECS")]
    pub read_timeout: f64,
    /// Tries per request on 429, 5xx, timeouts and dropped connections (the first included).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tries: u32,
    /// Seconds of the first retry backoff (doubling, with full jitter, at most 120 s; a
    /// Retry-After header wins).
    #[arg(long, default_value_t = 1.0, value_name = "SECS")]
    pub backoff: f64,
}

#[derive(Debug, Subcommand)]
pub enum EvalCommand {
    /// Per-category accuracy of two runs on the pairs both answered, with an exact McNemar test.
    Compare {
        run_a: PathBuf,
        run_b: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// The EquiBench paper's analyses of finished runs: per category, accuracy on equivalent and
    /// on inequivalent pairs (Table A1) with Wilson intervals; accuracy against similarity per
    /// label, and against the disagreement rate of inequivalent pairs, in bins with a logistic
    /// trend test; and the prompt types of one model side by side, each against ZERO (exact
    /// McNemar). Printed, and written as JSON.
    Analyse {
        /// Run directories of `equibench eval` (runs of one model with several prompt types are
        /// compared with each other).
        #[arg(required = true, num_args = 1..)]
        runs: Vec<PathBuf>,
        /// The output directory the runs answered (default: the one the first run's run.json
        /// names).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Where to write the analysis as JSON.
        #[arg(long, default_value = "analysis.json")]
        out: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Output directory of `equibench build` (or `merge`, or `import`).
    pub dir: PathBuf,
    /// hf (Hugging Face dataset), lm-eval (lm-evaluation-harness tasks) or inspect (Inspect task).
    #[arg(long)]
    pub format: equibench_export::Format,
    /// Where to write the export (replaced only when it holds an earlier export).
    #[arg(long)]
    pub out: PathBuf,
    /// lm-eval, inspect: the prompt types to export, comma-separated (zero, few, zero-cot,
    /// few-cot; default: all four, each where the category has it).
    #[arg(long, value_delimiter = ',')]
    pub prompt: Vec<String>,
    /// hf: the licence the dataset card declares (the Hub's identifier). Check the licences of
    /// the sources each category's datasheet names before publishing.
    #[arg(long, default_value = "apache-2.0")]
    pub license: String,
    /// hf: the dataset card's title (default: one naming the build's seed).
    #[arg(long)]
    pub name: Option<String>,
}
