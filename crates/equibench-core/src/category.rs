//! The seam between the CLI and the category crates: the [`Category`] trait, what a build or an audit
//! hands to it, and the [`Registry`] the CLI fills with one line per category crate.
//!
//! A build is cut into *blocks*: block `b` of a category asks for a small number of equivalent and
//! inequivalent pairs and is computed from `(seed, category, b)` alone. That is what makes `--jobs`,
//! `--shard I/N` and resume-after-crash unable to change the output: every block is a pure function
//! of its coordinates, blocks run in any order on any machine, and the writer sorts at the end.

use crate::command::ToolCommand;
use crate::descriptor::{CategoryDescriptor, CategoryName, DescriptorError};
use crate::pair::Pair;
use crate::sandbox::SandboxError;
use crate::seed::derive_seed;
use crate::tools::{ToolError, ToolSpec, Tools, VenvPackage};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// How many pairs of each label.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Balance {
    pub equivalent: usize,
    pub inequivalent: usize,
}

impl Balance {
    pub fn new(equivalent: usize, inequivalent: usize) -> Self {
        Balance {
            equivalent,
            inequivalent,
        }
    }

    pub fn total(&self) -> usize {
        self.equivalent + self.inequivalent
    }

    pub fn get(&self, equivalent: bool) -> usize {
        if equivalent {
            self.equivalent
        } else {
            self.inequivalent
        }
    }

    pub fn add(&mut self, equivalent: bool, n: usize) {
        if equivalent {
            self.equivalent += n
        } else {
            self.inequivalent += n
        }
    }

    pub fn is_zero(&self) -> bool {
        self.total() == 0
    }
}

/// `--shard I/N`: this machine computes the blocks whose global index is `I` modulo `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    pub fn owns(&self, global_block: usize) -> bool {
        global_block % self.count == self.index
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("shard `{s}` is not of the form I/N (e.g. 0/4)"))?;
        let index: usize = i
            .trim()
            .parse()
            .map_err(|_| format!("shard index `{i}` is not a number"))?;
        let count: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("shard count `{n}` is not a number"))?;
        if count == 0 || index >= count {
            return Err(format!("shard {index}/{count}: need 0 <= I < N"));
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Which block of a category's work this call computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// 0-based index among this category's blocks.
    pub index: usize,
    /// How many blocks the category's request was cut into.
    pub count: usize,
}

/// Inputs a user can point categories at, shared by build and audit. Besides the embedded data,
/// they are the paths given for the flags categories declare ([`crate::InputOption`]), keyed by
/// flag, so the core carries them without knowing what they mean.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    /// The repository's `data/` directory (embedded default inputs).
    pub data_dir: PathBuf,
    given: BTreeMap<String, Vec<PathBuf>>,
}

impl Inputs {
    pub fn new(data_dir: PathBuf) -> Self {
        Inputs {
            data_dir,
            given: BTreeMap::new(),
        }
    }

    /// Record the paths given for `flag` (none: the flag was not given).
    pub fn with(mut self, flag: &str, paths: Vec<PathBuf>) -> Self {
        if paths.is_empty() {
            self.given.remove(flag);
        } else {
            self.given.insert(flag.to_string(), paths);
        }
        self
    }

    /// The path given for a single-valued flag.
    pub fn path(&self, flag: &str) -> Option<&Path> {
        self.paths(flag).first().map(PathBuf::as_path)
    }

    /// The paths given for a flag (empty when not given).
    pub fn paths(&self, flag: &str) -> &[PathBuf] {
        self.given.get(flag).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every flag given, with its paths as text (what a journal records to tell builds apart).
    pub fn given(&self) -> BTreeMap<String, Vec<String>> {
        self.given
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    v.iter().map(|p| p.display().to_string()).collect(),
                )
            })
            .collect()
    }
}

/// Told about progress inside a block; the CLI draws it with indicatif.
pub trait Progress: Sync {
    /// A short line about what the category is doing now (shown next to its bar).
    fn note(&self, category: CategoryName, message: &str);
    /// A pair was kept.
    fn pair_made(&self, category: CategoryName, equivalent: bool);
    /// A candidate was dropped for `reason`.
    fn rejected(&self, category: CategoryName, reason: &str);
}

/// A progress sink that ignores everything (tests, `--quiet`).
pub struct NoProgress;

impl Progress for NoProgress {
    fn note(&self, _: CategoryName, _: &str) {}
    fn pair_made(&self, _: CategoryName, _: bool) {}
    fn rejected(&self, _: CategoryName, _: &str) {}
}

/// Everything one block of generation may use.
pub struct BuildContext<'a> {
    /// The build seed (`--seed`).
    pub seed: u64,
    /// `--jobs`: blocks already run in parallel; a category may use it to size pools of workers.
    pub jobs: usize,
    pub shard: Shard,
    pub block: Block,
    pub tools: &'a Tools,
    pub progress: &'a dyn Progress,
    pub inputs: &'a Inputs,
    /// A scratch directory for this block, removed afterwards.
    pub work_dir: &'a Path,
    /// `build --subtle`: among inequivalent candidates, prefer those whose programs disagree on
    /// few inputs (see [`crate::disagreement`]). Balance and the shortcut bound still hold, and a
    /// category should keep the default build's equivalent pairs: make every decision as without
    /// it and only then let a subtler inequivalent pair stand in (the README says which
    /// categories do).
    pub subtle: bool,
    /// Set once the user pressed Ctrl-C; a category asks [`BuildContext::cancelled`].
    pub cancel: &'a AtomicBool,
}

impl BuildContext<'_> {
    /// The seed of this block: a pure function of the build seed, category and block index.
    pub fn block_seed(&self, category: CategoryName) -> u64 {
        derive_seed(
            self.seed,
            &[category.as_str(), "block", &self.block.index.to_string()],
        )
    }

    /// True once the user pressed Ctrl-C: finish the current candidate and return.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Everything an audit may use.
pub struct AuditContext<'a> {
    pub tools: &'a Tools,
    pub inputs: &'a Inputs,
    /// Scratch space for this pair's audit.
    pub work_dir: &'a Path,
    /// Inputs no build has used, asked for by the auditor (`audit --fresh-inputs K`).
    pub fresh: Option<FreshInputs>,
}

/// Test behaviour beyond the recorded evidence: `count` more inputs drawn from `seed`, which the
/// auditor chooses, so a label fitted to the inputs its build happened to try can be caught.
/// Categories whose programs read input (OJ) use it; for the others it means nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreshInputs {
    pub count: usize,
    pub seed: u64,
}

/// Where a category puts its pairs. Pairs beyond the block's request are refused (returns false),
/// so a category can simply emit until [`PairSink::remaining`] is zero.
pub trait PairSink {
    fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError>;
    fn remaining(&self) -> Balance;
    /// Count one dropped candidate and the reason (a short, stable, kebab-case phrase).
    fn reject(&mut self, reason: &str);
}

/// What a block did besides the pairs: counts of dropped candidates by reason. A category reports
/// each rejection through [`PairSink::reject`] only; the build driver fills `rejected` of a
/// block's report from its sink and ignores what `generate` put there, so nothing is counted
/// twice.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub rejected: BTreeMap<String, u64>,
    /// True when the sources ran out before the request was met.
    #[serde(default)]
    pub exhausted: bool,
}

impl Report {
    pub fn merge(&mut self, other: &Report) {
        for (k, v) in &other.rejected {
            *self.rejected.entry(k.clone()).or_default() += v;
        }
        self.exhausted |= other.exhausted;
    }
}

/// The outcome of re-checking one pair from its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The evidence was re-derived and supports the label.
    Confirmed(String),
    /// The evidence contradicts the label or the programs (tampering, or a pipeline bug).
    Contradicted(String),
    /// The re-check could not be completed (a tool failed, a run timed out): not a pass.
    Inconclusive(String),
    /// The category has no audit: reported, never counted as passed.
    Unaudited(String),
}

impl Verdict {
    pub fn is_confirmed(&self) -> bool {
        matches!(self, Verdict::Confirmed(_))
    }

    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Confirmed(_) => "confirmed",
            Verdict::Contradicted(_) => "CONTRADICTED",
            Verdict::Inconclusive(_) => "inconclusive",
            Verdict::Unaudited(_) => "unaudited",
        }
    }

    pub fn detail(&self) -> &str {
        match self {
            Verdict::Confirmed(s)
            | Verdict::Contradicted(s)
            | Verdict::Inconclusive(s)
            | Verdict::Unaudited(s) => s,
        }
    }
}

/// Why a block could not go on. Dropping a single candidate is not an error: use
/// [`PairSink::reject`]; an error stops the category and is shown to the user.
#[derive(Debug, thiserror::Error)]
pub enum CategoryError {
    #[error(transparent)]
    Tool(#[from] ToolError),
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad input: {0}")]
    Input(String),
    #[error("{0}")]
    Failed(String),
    #[error("interrupted")]
    Cancelled,
}

/// One category of the benchmark. Implemented once per category crate; the CLI sees only this.
pub trait Category: Send + Sync {
    /// Who this category is: record spelling, CLI name, harness folder, language, definition,
    /// context keys and prompt layout. The category owns its identity; the core keeps no list.
    fn descriptor(&self) -> &CategoryDescriptor;

    /// The record spelling (from the descriptor).
    fn name(&self) -> CategoryName {
        self.descriptor().id()
    }

    /// Pairs of each label asked of one block. Small blocks lose less work to a crash; large blocks
    /// amortise per-block set-up. Must not depend on anything but the category.
    fn block_size(&self) -> usize {
        5
    }

    /// The external tools this category cannot run without, declared as statics in its crate
    /// ([`ToolSpec`]: how to find, version and install each). Probed before any block starts so
    /// that a missing tool is reported once, with its install command; listed by `doctor` and the
    /// datasheet in this order.
    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        Vec::new()
    }

    /// The packages of the project virtualenv this category imports, whose versions shape its
    /// pairs: checked before any block starts, listed by `doctor` and the datasheet.
    fn venv_packages(&self) -> Vec<&'static VenvPackage> {
        Vec::new()
    }

    /// The folders of the embedded data directory ([`Inputs::data_dir`]) this category reads, e.g.
    /// `oj`: the CLI recognises a checkout's `data/` by them.
    fn data_folders(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The commands this category adds to the command line, run as `equibench tool <cli name>
    /// <command> ...` (a verifier to use on its own, a corpus judge). None by default.
    fn commands(&self) -> Vec<&'static ToolCommand> {
        Vec::new()
    }

    /// Make up to `want` pairs of each label into `sink`, deterministically from `ctx.seed`,
    /// `ctx.block` and the inputs. Every emitted pair must carry evidence its audit can re-check.
    fn generate(
        &self,
        ctx: &BuildContext,
        want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError>;

    /// Extra blocks a shard of a request of `blocks` regular blocks runs ahead: blocks are
    /// independent, so two of them can make the same pair from a finite source (it is kept once),
    /// or one can fall short of its request, and spare blocks' pairs fill such gaps in block
    /// order. A whole build runs spares only when it has a gap, and then in waves until the
    /// category is full, up to as many spares as regular blocks (see `build::spare_limit`), even
    /// where this plans none. The default, one spare per eight blocks (none for small requests),
    /// suits categories that sample from a large space; a category whose blocks partition its
    /// sources exactly returns 0 for every `blocks` (it has no spares at all).
    fn spare_blocks(&self, blocks: usize) -> usize {
        blocks / 8
    }

    /// Re-check one pair from its recorded programs and evidence, trusting nothing else.
    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict;

    /// What `DATASHEET.md` says about this category: its sources, construction, the evidence behind
    /// each label, how the audit re-checks it, and its known limitations. Only the category's crate
    /// knows these; `None` (the default) makes the datasheet say that the category is undocumented.
    fn datasheet(&self) -> Option<crate::category_sheet::CategoryDatasheet> {
        None
    }

    /// What this category adds to the generic surface features of `equibench shortcuts` (issue 14):
    /// numbers a model could read off the two programs without understanding them, and that this
    /// category's construction might tie to the label (an edit kind, how many kernels or new
    /// opcodes a side has, an estimated latency change). Computed from the programs (and the
    /// context a model is shown), never from provenance or evidence. Categorical features are 0/1
    /// indicators named `kind=value`; a feature whose recognition *is* the task (telling a pure
    /// renaming apart, say) is marked uncounted and reported apart. The default adds nothing.
    fn surface_features(&self, pair: &Pair) -> Vec<crate::shortcuts::SurfaceFeature> {
        let _ = pair;
        Vec::new()
    }

    /// Fixed few-shot exemplars for `equibench eval`'s FEW and FEW_COT prompts: `pairs.jsonl`
    /// lines (2 equivalent, 2 inequivalent) that this category's own pipeline made at a build seed
    /// in [`crate::seed::EXEMPLAR_SEEDS`], which no ordinary build uses, so that an exemplar is never
    /// a pair of the evaluated set. Usually `include_str!` of a file under `data/exemplars/`. They
    /// are audited like any pair. The default, empty, means the category has none: few-shot prompts
    /// of it are then refused with that reason.
    fn exemplars(&self) -> &'static str {
        ""
    }

    /// Why `pair` has its label, in a few plain sentences drawn from its recorded evidence (the
    /// witness input and both outputs, the block that never runs, the solver that proved it), for
    /// the rationale of a chain-of-thought exemplar. Never prose written by hand per pair: the
    /// category turns its typed evidence into words. `None` (the default) when it cannot.
    fn rationale(&self, pair: &Pair) -> Option<String> {
        let _ = pair;
        None
    }

    /// How this pair was made, as short phrases the datasheet counts (e.g. `near miss`, `two
    /// different computations`, `mutant wrong answer`, `-O0 target`), so every share the datasheet
    /// states is measured on the build it describes, never written into prose. The default is the
    /// evidence `kind`.
    fn composition(&self, pair: &Pair) -> Vec<String> {
        vec![format!("evidence `{}`", pair.provenance.evidence.kind)]
    }
}

/// The categories compiled into this binary: the only list of categories there is. Adding a
/// category is one `register` call in the CLI (or in a test).
#[derive(Default)]
pub struct Registry {
    categories: BTreeMap<CategoryName, Box<dyn Category>>,
}

/// Why a category cannot join a registry.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error(transparent)]
    Descriptor(#[from] DescriptorError),
    #[error("category `{new}` answers to `{spelling}`, as `{existing}` already does")]
    Clash {
        new: String,
        existing: String,
        spelling: String,
    },
    #[error("category `{new}` declares input flag `--{flag}` differently from `{existing}`")]
    InputClash {
        new: String,
        existing: String,
        flag: String,
    },
    #[error("category `{new}` declares the tool `{tool}` differently from `{existing}`")]
    ToolClash {
        new: String,
        existing: String,
        tool: String,
    },
    #[error(
        "category `{new}` declares the virtualenv package `{package}` differently from `{existing}`"
    )]
    PackageClash {
        new: String,
        existing: String,
        package: String,
    },
}

/// Something the registered categories need (a tool, a package), with the categories that need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needed<T> {
    pub what: T,
    /// In output order.
    pub by: Vec<CategoryName>,
}

/// A command `equibench tool` could not find.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnknownCommand {
    #[error(transparent)]
    Category(#[from] UnknownCategory),
    #[error("category `{category}` has no command `{given}` (it has: {known})")]
    Command {
        category: String,
        given: String,
        known: String,
    },
}

/// A category name the CLI did not recognise.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown category `{given}` (this build of equibench has: {known})")]
pub struct UnknownCategory {
    pub given: String,
    pub known: String,
}

impl Registry {
    pub fn new() -> Self {
        Registry::default()
    }

    /// Add a category, checking its descriptor and that none of its spellings is taken.
    pub fn try_register(
        &mut self,
        category: Box<dyn Category>,
    ) -> Result<&mut Self, RegistryError> {
        let d = *category.descriptor();
        d.check()?;
        for existing in self.categories.values() {
            let e = existing.descriptor();
            let spellings = [d.name, d.cli_name, d.harness_dir]
                .into_iter()
                .chain(d.aliases.iter().copied());
            for s in spellings {
                if e.answers_to(s) {
                    return Err(RegistryError::Clash {
                        new: d.name.into(),
                        existing: e.name.into(),
                        spelling: s.into(),
                    });
                }
            }
            for input in d.inputs {
                if e.inputs.iter().any(|i| i.flag == input.flag && i != input) {
                    return Err(RegistryError::InputClash {
                        new: d.name.into(),
                        existing: e.name.into(),
                        flag: input.flag.into(),
                    });
                }
            }
            let theirs = existing.required_tools();
            for tool in category.required_tools() {
                if let Some(t) = theirs.iter().find(|t| tool.clashes_with(t)) {
                    return Err(RegistryError::ToolClash {
                        new: d.name.into(),
                        existing: e.name.into(),
                        tool: t.label(),
                    });
                }
            }
            let theirs = existing.venv_packages();
            for package in category.venv_packages() {
                if theirs
                    .iter()
                    .any(|p| p.name == package.name && *p != package)
                {
                    return Err(RegistryError::PackageClash {
                        new: d.name.into(),
                        existing: e.name.into(),
                        package: package.name.into(),
                    });
                }
            }
        }
        self.categories.insert(d.id(), category);
        Ok(self)
    }

    /// [`Registry::try_register`] for a registry assembled in code, where a bad descriptor is a
    /// programming error.
    ///
    /// # Panics
    /// If the descriptor is malformed or one of its spellings is taken.
    pub fn register(&mut self, category: Box<dyn Category>) -> &mut Self {
        let name = category.descriptor().name;
        if let Err(e) = self.try_register(category) {
            panic!("cannot register category `{name}`: {e}");
        }
        self
    }

    pub fn get(&self, name: CategoryName) -> Option<&dyn Category> {
        self.categories.get(&name).map(|b| b.as_ref())
    }

    /// The descriptor of a registered category.
    pub fn descriptor(&self, name: CategoryName) -> Option<&CategoryDescriptor> {
        self.get(name).map(|c| c.descriptor())
    }

    /// The input flags the registered categories declare, each once (categories may share one).
    pub fn input_options(&self) -> Vec<crate::InputOption> {
        let mut seen = Vec::<crate::InputOption>::new();
        for c in self.categories.values() {
            for input in c.descriptor().inputs {
                if !seen.iter().any(|s| s.flag == input.flag) {
                    seen.push(*input);
                }
            }
        }
        seen
    }

    /// Every tool the registered categories declare, once each (by its env override), in the order
    /// they are first declared (categories in output order).
    pub fn tools(&self) -> Vec<Needed<&'static ToolSpec>> {
        self.needed(|c| c.required_tools(), |t| t.env_override)
    }

    /// Every virtualenv package the registered categories declare, once each.
    pub fn venv_packages(&self) -> Vec<Needed<&'static VenvPackage>> {
        self.needed(|c| c.venv_packages(), |p| p.name)
    }

    /// Every data folder the registered categories read, once each.
    pub fn data_folders(&self) -> Vec<&'static str> {
        self.needed(|c| c.data_folders(), |f| f)
            .into_iter()
            .map(|n| n.what)
            .collect()
    }

    fn needed<T: Copy>(
        &self,
        declared: impl Fn(&dyn Category) -> Vec<T>,
        key: impl Fn(T) -> &'static str,
    ) -> Vec<Needed<T>> {
        let mut out: Vec<Needed<T>> = Vec::new();
        for (name, c) in &self.categories {
            for what in declared(c.as_ref()) {
                match out.iter_mut().find(|n| key(n.what) == key(what)) {
                    Some(n) if !n.by.contains(name) => n.by.push(*name),
                    Some(_) => {}
                    None => out.push(Needed {
                        what,
                        by: vec![*name],
                    }),
                }
            }
        }
        out
    }

    /// Registered categories in output order (sorted record spelling).
    pub fn names(&self) -> Vec<CategoryName> {
        self.categories.keys().copied().collect()
    }

    /// The category a user's spelling names (record spelling, CLI name, harness folder or alias).
    pub fn resolve(&self, spelling: &str) -> Result<CategoryName, UnknownCategory> {
        self.categories
            .values()
            .find(|c| c.descriptor().answers_to(spelling))
            .map(|c| c.name())
            .ok_or_else(|| UnknownCategory {
                given: spelling.to_string(),
                known: self.cli_names().join(", "),
            })
    }

    /// Every category's commands, in output order.
    pub fn commands(&self) -> Vec<(CategoryName, &'static ToolCommand)> {
        self.categories
            .iter()
            .flat_map(|(name, c)| c.commands().into_iter().map(|cmd| (*name, cmd)))
            .collect()
    }

    /// The command `name` of the category a user's spelling names.
    pub fn command(
        &self,
        category: &str,
        name: &str,
    ) -> Result<&'static ToolCommand, UnknownCommand> {
        let resolved = self.resolve(category)?;
        let commands = self.get(resolved).map(|c| c.commands()).unwrap_or_default();
        commands
            .iter()
            .find(|c| c.name == name)
            .copied()
            .ok_or_else(|| UnknownCommand::Command {
                category: category.to_string(),
                given: name.to_string(),
                known: if commands.is_empty() {
                    "none".into()
                } else {
                    commands
                        .iter()
                        .map(|c| c.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            })
    }

    /// The CLI spellings of every registered category, in output order.
    pub fn cli_names(&self) -> Vec<&'static str> {
        self.categories
            .values()
            .map(|c| c.descriptor().cli_name)
            .collect()
    }
}
