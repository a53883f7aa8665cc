//! equibench-export: a built benchmark where its users already are (issue 39).
//!
//! `equibench export DIR --format F --out OUT` writes DIR's pairs in the layout a tool reads:
//! - [`hf`]: a Hugging Face dataset repository: one configuration per category, Parquet data
//!   ([`table`], laid out by [`columns`]) and a dataset card ([`card`]) holding the build's
//!   datasheet; [`import`] restores `pairs.jsonl` from it byte for byte;
//! - [`lm_eval`]: lm-evaluation-harness tasks (one per category and prompt type, a group per
//!   prompt type) over local data;
//! - [`inspect`]: an Inspect task file over the same data.
//!
//! The two evaluation formats carry the exact prompt text `equibench eval` sends ([`prompts`]:
//! built by the eval crate's one prompt builder, `Prompter`, never a copy of its text) and read
//! replies with a Python port of its answer parser ([`python`]), so a score there is the score
//! `equibench eval` gives. [`venv`] declares the Python packages that read the exports, for
//! `doctor` and the setup script. [`outdir`] writes an export through a staging directory and
//! replaces only an earlier export.

#![forbid(unsafe_code)]

pub mod card;
pub mod columns;
pub mod hf;
pub mod import;
pub mod inspect;
pub mod lm_eval;
pub mod outdir;
pub mod prompts;
pub mod python;
pub mod source;
pub mod table;
pub mod venv;

pub use source::Source;

use std::path::PathBuf;

/// The formats `equibench export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A Hugging Face dataset repository.
    Hf,
    /// lm-evaluation-harness tasks.
    LmEval,
    /// An Inspect task.
    Inspect,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Hf, Format::LmEval, Format::Inspect];

    /// The spelling of `--format`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Hf => "hf",
            Format::LmEval => "lm-eval",
            Format::Inspect => "inspect",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown export format `{s}` (hf, lm-eval, inspect)"))
    }
}

/// Why an export or an import could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Read(#[from] equibench_core::output::OutputError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parquet { path: PathBuf, message: String },
    #[error("{path}: row {row}: {source}")]
    Row {
        path: PathBuf,
        row: usize,
        source: columns::RowError,
    },
    #[error(
        "{path} line {line} is not as equibench writes it (its record re-serialises differently), so no export of it could be read back byte for byte; rebuild it or rewrite it with a current equibench"
    )]
    NotCanonical { path: PathBuf, line: usize },
    #[error("{0} is not empty and holds no earlier export (no {marker}): give another --out", marker = outdir::MARKER_FILE)]
    WouldOverwrite(PathBuf),
    #[error("{dir} has no {file}: give the output directory of `equibench build` (or `merge`)")]
    NotABuild { dir: PathBuf, file: &'static str },
    #[error("{0}")]
    NotAnExport(String),
    #[error(
        "the restored pairs.jsonl has sha256 {restored}, but the export was made from one with sha256 {expected}: the export's data files were changed"
    )]
    Mismatch { expected: String, restored: String },
    #[error(transparent)]
    Eval(#[from] equibench_eval::EvalError),
    #[error("{0}")]
    Options(String),
}

pub(crate) fn io_err(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> ExportError + '_ {
    move |source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// What an export wrote, for the CLI's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub out: PathBuf,
    /// Files written (relative to `out`) with their sizes in bytes.
    pub files: Vec<(String, u64)>,
    /// Lines to print after the summary (what was left out and why; the command that reads it).
    pub notes: Vec<String>,
}

impl Written {
    pub fn bytes(&self) -> u64 {
        self.files.iter().map(|(_, n)| n).sum()
    }
}
