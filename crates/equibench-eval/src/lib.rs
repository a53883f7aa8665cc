//! equibench-eval: `equibench eval`, measuring a language model on a built benchmark (issue 25).
//!
//! Every request goes to an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, llama.cpp
//! server, Ollama, ...). Nothing here names a category: prompts come from each category's
//! descriptor, few-shot exemplars and their rationales from the [`Category`](equibench_core::Category)
//! trait, so a category registered in one line gets all four prompt types.
//!
//! - [`prompt`]: the exact prompt of every request (the text from `equibench_core::prompts`, the
//!   few-shot exemplars chosen by [`exemplars`]); [`answer`]: the strict YES/NO parser;
//! - [`client`]: one chat request with retries; [`runlog`]: the run's identity and its append-only
//!   request log; [`runner`]: the concurrent, resumable run;
//! - [`analyse`]: the paper's analyses (by label, against similarity and subtlety, prompt types);
//! - [`runs`]: finished runs read back; [`scores`]: accuracies, intervals, confusion and
//!   baselines; [`compare`]: two runs, McNemar; [`stats`]: Wilson, the exact McNemar test and a
//!   logistic trend test; [`dryrun`]: prompt counts and token estimates.

#![forbid(unsafe_code)]

pub mod analyse;
pub mod answer;
pub mod client;
pub mod compare;
pub mod dryrun;
pub mod exemplars;
pub mod plan;
pub mod prompt;
pub mod runlog;
pub mod runner;
pub mod runs;
pub mod scores;
pub mod stats;

pub use answer::Answer;
pub use plan::{plan, EvalOptions, Job, Plan};
pub use prompt::PromptType;
pub use runlog::RequestRecord;

use std::path::PathBuf;

/// Why an evaluation could not be set up or went no further.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error(transparent)]
    Read(#[from] equibench_core::output::OutputError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Prompt(#[from] prompt::PromptError),
    #[error(transparent)]
    Exemplar(#[from] exemplars::ExemplarError),
    #[error(transparent)]
    Analyse(#[from] analyse::AnalyseError),
    #[error(transparent)]
    Category(#[from] equibench_core::UnknownCategory),
    #[error("pair {id} is of category `{category}`, which this build of equibench does not have ({known})")]
    UnknownPairCategory {
        id: String,
        category: String,
        known: String,
    },
    #[error("{0}")]
    Run(String),
    /// The server refused in a way no retry changes (bad key, unknown model): the run stopped.
    #[error("{0}")]
    Fatal(String),
    #[error("{path}: line {line}: {message}")]
    Log {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

pub(crate) fn io_err(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> EvalError + '_ {
    move |source| EvalError::Io {
        path: path.to_path_buf(),
        source,
    }
}
