//! equibench-core: what every equibench pipeline shares.
//!
//! - [`descriptor`]: what a category says about itself (names, language, definition, context);
//! - [`pair`]: the labelled-pair record of `pair-format.md`, its content-addressed id;
//! - [`evidence`]: the typed `provenance.source` and `provenance.evidence` (their `kind`, an
//!   inequivalent pair's disagreement, the category's own record beside them);
//! - [`category`]: the [`Category`](category::Category) trait the category crates implement, and the registry;
//! - [`command`]: commands a category adds to the command line (`equibench tool CATEGORY COMMAND`);
//! - [`block`]: the block loop of a sampling category (seed, wanted counts, cancellation, rejections);
//! - [`build`]: the driver that cuts a request into blocks and runs them (parallel, sharded, resumable);
//! - [`output`]: the journal, the final files (`pairs.jsonl`, `manifest.json`, harness exports), readers;
//! - [`validate`], [`stats`], [`prompts`], [`merge`]: the other CLI commands' logic;
//! - [`datasheet`]: the `DATASHEET.md` every build writes (sources, tools, evidence, limitations);
//! - [`sandbox`]: the only way untrusted programs are run (the `equibench-sandbox` crate, re-exported);
//! - [`tools`]: how categories declare their external tools, finding them and their versions; [`similarity`]: winnowing fingerprints;
//! - [`shortcuts`]: how well shallow rules on surface features guess the labels (issue 14);
//! - [`disagreement`]: how subtle an inequivalent pair is (the share of fresh inputs on which it differs);
//! - [`seed`]: derived seeds and RNGs; [`testing`]: helpers for category crates' tests.

#![forbid(unsafe_code)]

pub mod block;
pub mod build;
pub mod category;
pub mod category_sheet;
pub mod command;
pub mod datasheet;
pub mod descriptor;
pub mod disagreement;
pub mod evidence;
pub mod merge;
pub mod output;
pub mod pair;
pub mod prompts;
/// The sandboxed runner, a crate of its own because it holds all of the workspace's `unsafe`.
pub use equibench_sandbox as sandbox;
pub mod seed;
pub mod shortcuts;
/// Winnowing similarity, a crate of its own: it is the string work that must be optimised even in
/// test builds (candidate lists compare thousands of programs), and the rest of the core need
/// not be (issue 38).
pub use equibench_similarity as similarity;
pub mod stats;
pub mod testing;
pub mod tools;
pub mod validate;

pub use block::BlockRun;
pub use category::{
    AuditContext, Balance, Block, BuildContext, Category, CategoryError, FreshInputs, Inputs,
    Needed, PairSink, Progress, Registry, RegistryError, Report, Shard, UnknownCategory,
    UnknownCommand, Verdict,
};
pub use category_sheet::CategoryDatasheet;
pub use command::{CommandEnv, CommandResult, ToolCommand};
pub use descriptor::{CategoryDescriptor, CategoryName, ContextField, InputOption, Language};
pub use disagreement::Disagreement;
pub use pair::{Pair, PairDraft, Provenance, Side, ToolVersion};
pub use shortcuts::SurfaceFeature;
pub use tools::{Install, Location, ToolSpec, Tools, VenvPackage, VersionRule, VENV_PYTHON};
