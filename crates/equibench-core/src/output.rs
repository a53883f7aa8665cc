//! The output directory: the crash-proof journal a build appends to, the final files written from
//! it (`pairs.jsonl`, `manifest.json`, `<HARNESS>/pairs.json`), and the reader for all of them.
//!
//! Every finished pair is written to `journal.jsonl` and synced before the build goes on, so a crash
//! or Ctrl-C loses at most the blocks in flight; re-running the same command reads the journal, skips
//! finished blocks, and redoes only the rest. Final files are written through a temporary file and a
//! rename, so a reader never sees half a file.

use crate::category::{Balance, Report};
use crate::descriptor::{CategoryDescriptor, CategoryName};
use crate::pair::{sha256_hex, Pair, ToolVersion, SCHEMA_VERSION};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

pub const JOURNAL_FILE: &str = "journal.jsonl";
pub const PAIRS_FILE: &str = "pairs.jsonl";
pub const MANIFEST_FILE: &str = "manifest.json";

#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} line {line}: {message}")]
    Parse {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{out} holds a journal of a different build ({existing}); use another --out, or delete {journal} to start over")]
    DifferentBuild {
        out: PathBuf,
        journal: PathBuf,
        existing: String,
    },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The parameters that decide what a build makes. A journal only resumes the same parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildParams {
    pub categories: Vec<CategoryName>,
    pub pairs: usize,
    pub seed: u64,
    pub shard: String,
    /// The category input flags given, with their paths ([`crate::category::Inputs::given`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, Vec<String>>,
    /// `--subtle` (absent when not asked, so older journals resume unchanged).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subtle: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum JournalEntry {
    Header {
        journal: u32,
        build: BuildParams,
    },
    Pair {
        block: usize,
        pair: Box<Pair>,
    },
    BlockDone {
        category: CategoryName,
        block: usize,
        report: Report,
    },
}

/// The append-only record of a build in progress.
pub struct Journal {
    path: PathBuf,
    file: File,
    /// Pairs of finished blocks, by (category, block).
    finished: BTreeMap<(CategoryName, usize), (Vec<Pair>, Report)>,
    /// Pairs of blocks that have not finished yet (discarded on resume: the block is redone).
    pending: BTreeMap<(CategoryName, usize), Vec<Pair>>,
}

impl Journal {
    /// Open `out/journal.jsonl` for `params`, resuming it if it exists. A torn last line (a crash
    /// mid-write) is dropped.
    pub fn open(out: &Path, params: &BuildParams) -> Result<Journal, OutputError> {
        std::fs::create_dir_all(out).map_err(io_err(out))?;
        let path = out.join(JOURNAL_FILE);
        let mut finished = BTreeMap::new();
        let mut good_len = 0u64;
        if path.exists() {
            let loaded = load_journal(&path)?;
            if let Some(build) = loaded.params {
                if build != *params {
                    return Err(OutputError::DifferentBuild {
                        out: out.to_path_buf(),
                        journal: path.clone(),
                        existing: serde_json::to_string(&build).unwrap_or_default(),
                    });
                }
            }
            finished = loaded.finished;
            good_len = loaded.good_len;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .map_err(io_err(&path))?;
        file.set_len(good_len).map_err(io_err(&path))?;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(io_err(&path))?;
        let mut journal = Journal {
            path,
            file,
            finished,
            pending: BTreeMap::new(),
        };
        if good_len == 0 {
            journal.append(&JournalEntry::Header {
                journal: 1,
                build: params.clone(),
            })?;
        }
        Ok(journal)
    }

    fn append(&mut self, entry: &JournalEntry) -> Result<(), OutputError> {
        let mut line = serde_json::to_string(entry).expect("journal entries serialise");
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(io_err(&self.path))?;
        self.file.sync_data().map_err(io_err(&self.path))
    }

    pub fn is_finished(&self, category: CategoryName, block: usize) -> bool {
        self.finished.contains_key(&(category, block))
    }

    pub fn finished_blocks(&self) -> usize {
        self.finished.len()
    }

    /// Record one finished pair of `block` (written and synced before returning).
    pub fn record_pair(&mut self, block: usize, pair: &Pair) -> Result<(), OutputError> {
        self.append(&JournalEntry::Pair {
            block,
            pair: Box::new(pair.clone()),
        })?;
        self.pending
            .entry((pair.category, block))
            .or_default()
            .push(pair.clone());
        Ok(())
    }

    /// Mark `block` of `category` finished.
    pub fn finish_block(
        &mut self,
        category: CategoryName,
        block: usize,
        report: Report,
    ) -> Result<(), OutputError> {
        self.append(&JournalEntry::BlockDone {
            category,
            block,
            report: report.clone(),
        })?;
        let pairs = self.pending.remove(&(category, block)).unwrap_or_default();
        self.finished.insert((category, block), (pairs, report));
        Ok(())
    }

    /// Finished blocks with their pairs (in emission order) and reports.
    pub fn finished(&self) -> &BTreeMap<(CategoryName, usize), (Vec<Pair>, Report)> {
        &self.finished
    }
}

/// Finished blocks by (category, block index): their pairs in emission order and their reports.
pub type FinishedBlocks = BTreeMap<(CategoryName, usize), (Vec<Pair>, Report)>;

/// A journal as read back: its header, its finished blocks, and how many bytes of it are whole
/// entries (a torn tail after a crash is not).
struct LoadedJournal {
    params: Option<BuildParams>,
    finished: FinishedBlocks,
    good_len: u64,
}

/// Read a journal. Pairs of unfinished blocks are dropped: such a block is recomputed,
/// deterministically, when the build resumes.
fn load_journal(path: &Path) -> Result<LoadedJournal, OutputError> {
    let text = std::fs::read(path).map_err(io_err(path))?;
    let mut loaded = LoadedJournal {
        params: None,
        finished: BTreeMap::new(),
        good_len: 0,
    };
    let mut pending: BTreeMap<(CategoryName, usize), Vec<Pair>> = BTreeMap::new();
    let mut offset = 0usize;
    for (n, raw) in text.split_inclusive(|b| *b == b'\n').enumerate() {
        let complete = raw.ends_with(b"\n");
        let entry: Option<JournalEntry> = if complete {
            serde_json::from_slice(raw).ok()
        } else {
            None
        };
        let Some(entry) = entry else {
            if complete && !is_last(&text, offset + raw.len()) {
                return Err(OutputError::Parse {
                    path: path.to_path_buf(),
                    line: n + 1,
                    message: "unreadable journal entry".into(),
                });
            }
            break; // torn tail: ignore it and everything after
        };
        match entry {
            JournalEntry::Header { build, .. } => {
                if n != 0 {
                    return Err(OutputError::Parse {
                        path: path.to_path_buf(),
                        line: n + 1,
                        message: "a second journal header".into(),
                    });
                }
                loaded.params = Some(build);
            }
            JournalEntry::Pair { block, pair } => {
                pending
                    .entry((pair.category, block))
                    .or_default()
                    .push(*pair);
            }
            JournalEntry::BlockDone {
                category,
                block,
                report,
            } => {
                let pairs = pending.remove(&(category, block)).unwrap_or_default();
                loaded.finished.insert((category, block), (pairs, report));
            }
        }
        offset += raw.len();
        loaded.good_len = offset as u64;
    }
    Ok(loaded)
}

/// The parameters and finished blocks of the build whose output is `dir` (read only: for
/// `merge`, which settles the blocks of all shards together).
pub fn read_journal(dir: &Path) -> Result<(BuildParams, FinishedBlocks), OutputError> {
    let path = dir.join(JOURNAL_FILE);
    if !path.is_file() {
        return Err(OutputError::Io {
            path: path.clone(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no journal: merge needs each shard's journal.jsonl (keep it until the merge)",
            ),
        });
    }
    let loaded = load_journal(&path)?;
    let params = loaded.params.ok_or_else(|| OutputError::Parse {
        path: path.clone(),
        line: 1,
        message: "the journal has no header".into(),
    })?;
    Ok((params, loaded.finished))
}

fn is_last(text: &[u8], end: usize) -> bool {
    text[end..].iter().all(|b| b.is_ascii_whitespace())
}

/// What `manifest.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub schema_version: u32,
    pub equibench_version: String,
    /// The command line that made this directory.
    pub command: Vec<String>,
    pub seed: u64,
    /// `--pairs` (per category) of the build; for merged output, that of the shards.
    pub pairs_per_category: usize,
    /// The shards this directory holds (`["0/1"]` for an unsharded build).
    pub shards: Vec<String>,
    /// `--subtle` was asked (absent otherwise, so other manifests keep their bytes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subtle: bool,
    pub categories: BTreeMap<CategoryName, CategorySummary>,
    /// Every external tool (and version) that shaped a pair.
    pub tools: Vec<ToolVersion>,
    pub total_pairs: usize,
    pub pairs_sha256: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CategorySummary {
    pub equivalent: usize,
    pub inequivalent: usize,
    /// Candidates dropped, by reason.
    pub rejected: BTreeMap<String, u64>,
    /// The sources ran out before the request was met.
    pub exhausted: bool,
}

/// Everything about a finished output that is not the pairs themselves.
pub struct ManifestInfo<'a> {
    pub command: Vec<String>,
    pub seed: u64,
    pub pairs_per_category: usize,
    pub shards: Vec<String>,
    pub subtle: bool,
    /// The categories of the build, as their descriptors say (harness folders and fields).
    pub categories: &'a [CategoryDescriptor],
    pub reports: &'a BTreeMap<CategoryName, Report>,
}

/// Write the final files of `out` from `pairs`: sorted `pairs.jsonl`, the harness exports, and the
/// manifest last (its presence means the rest is complete).
pub fn write_final(
    out: &Path,
    pairs: &mut Vec<Pair>,
    info: ManifestInfo,
) -> Result<Manifest, OutputError> {
    pairs.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    pairs.dedup_by(|a, b| a.id == b.id && a.category == b.category);
    let mut jsonl = String::new();
    for p in pairs.iter() {
        jsonl.push_str(&p.to_json_line());
        jsonl.push('\n');
    }
    write_output(&out.join(PAIRS_FILE), jsonl.as_bytes())?;
    for cat in info.categories {
        let dir = out.join(cat.harness_dir);
        std::fs::create_dir_all(&dir).map_err(io_err(&dir))?;
        let records: Vec<Value> = pairs
            .iter()
            .filter(|p| p.category == cat.id())
            .enumerate()
            .map(|(i, p)| harness_record(i, p, cat))
            .collect();
        write_output(
            &dir.join("pairs.json"),
            pretty(&Value::Array(records)).as_bytes(),
        )?;
    }
    let mut categories = BTreeMap::new();
    for cat in info.categories.iter().map(CategoryDescriptor::id) {
        let mut made = Balance::default();
        for p in pairs.iter().filter(|p| p.category == cat) {
            made.add(p.equivalent, 1);
        }
        let report = info.reports.get(&cat).cloned().unwrap_or_default();
        categories.insert(
            cat,
            CategorySummary {
                equivalent: made.equivalent,
                inequivalent: made.inequivalent,
                rejected: report.rejected,
                exhausted: report.exhausted,
            },
        );
    }
    let tools: BTreeSet<ToolVersion> = pairs
        .iter()
        .flat_map(|p| p.provenance.tools.iter().cloned())
        .collect();
    let manifest = Manifest {
        schema_version: SCHEMA_VERSION,
        equibench_version: env!("CARGO_PKG_VERSION").to_string(),
        command: info.command,
        seed: info.seed,
        pairs_per_category: info.pairs_per_category,
        shards: info.shards,
        subtle: info.subtle,
        categories,
        tools: tools.into_iter().collect(),
        total_pairs: pairs.len(),
        pairs_sha256: sha256_hex(jsonl.as_bytes()),
    };
    write_output(
        &out.join(MANIFEST_FILE),
        pretty(&json!(manifest)).as_bytes(),
    )?;
    Ok(manifest)
}

/// One record of the public EquiBench harness layout; the context keys the descriptor exports are
/// added under their harness names.
fn harness_record(index: usize, p: &Pair, category: &CategoryDescriptor) -> Value {
    let mut rec = serde_json::Map::new();
    rec.insert("category".into(), json!(category.harness_dir));
    rec.insert("pair_id".into(), json!(index));
    rec.insert("program_1_code".into(), json!(p.program_1));
    rec.insert("program_2_code".into(), json!(p.program_2));
    rec.insert("truth_label".into(), json!(p.equivalent));
    for field in category.context {
        if let Some(name) = field.harness_field {
            rec.insert(name.into(), json!(p.context_str(field.key)));
        }
    }
    Value::Object(rec)
}

/// JSON with a 4-space indent (as the harness's own export writes it) and a final newline.
fn pretty(v: &Value) -> String {
    let mut buf = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, fmt);
    v.serialize(&mut ser).expect("JSON values serialise");
    buf.push(b'\n');
    String::from_utf8(buf).expect("serde_json writes UTF-8")
}

/// Write `bytes` to `path` whole or not at all: into a temporary file in the same directory,
/// synced, then renamed over `path`, so a crash or Ctrl-C never leaves a half-written file and a
/// reader sees the old content or the new. Every file equibench writes whole goes through here
/// (build outputs, eval's run files, the OJ judge's metadata).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_data()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// [`write_atomic`], its error naming the file.
fn write_output(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_atomic(path, bytes).map_err(io_err(path))
}

/// One line of a `pairs.jsonl` as read: its number, its JSON (if it parsed), and the record (if it
/// matched the record type).
pub struct ReadLine {
    pub line: usize,
    pub json: Result<Value, String>,
    pub pair: Result<Pair, String>,
}

/// Read every line of `dir/pairs.jsonl` (or a file path given directly), keeping bad lines so
/// `validate` can report each.
pub fn read_lines(path: &Path) -> Result<Vec<ReadLine>, OutputError> {
    let file = pairs_path(path);
    let f = File::open(&file).map_err(io_err(&file))?;
    let mut out = Vec::new();
    for (i, line) in BufReader::new(f).split(b'\n').enumerate() {
        let bytes = line.map_err(io_err(&file))?;
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        let json: Result<Value, String> = serde_json::from_slice(&bytes).map_err(|e| e.to_string());
        let pair = match &json {
            Ok(v) => serde_json::from_value::<Pair>(v.clone()).map_err(|e| e.to_string()),
            Err(e) => Err(e.clone()),
        };
        out.push(ReadLine {
            line: i + 1,
            json,
            pair,
        });
    }
    Ok(out)
}

/// Read all pairs of an output directory; the first malformed line is an error.
pub fn read_pairs(path: &Path) -> Result<Vec<Pair>, OutputError> {
    let file = pairs_path(path);
    read_lines(path)?
        .into_iter()
        .map(|l| {
            l.pair.map_err(|message| OutputError::Parse {
                path: file.clone(),
                line: l.line,
                message,
            })
        })
        .collect()
}

/// Read `dir/manifest.json`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, OutputError> {
    let path = dir.join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
    serde_json::from_str(&text).map_err(|e| OutputError::Parse {
        path,
        line: e.line(),
        message: e.to_string(),
    })
}

/// `DIR` means `DIR/pairs.jsonl`; a file path is taken as is.
pub fn pairs_path(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join(PAIRS_FILE)
    } else {
        path.to_path_buf()
    }
}
