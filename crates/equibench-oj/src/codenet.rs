//! Reading problems and Python 3 submissions from a tree in IBM Project CodeNet's layout:
//! `metadata/problem_list.csv`, `metadata/pXXXXX.csv`, `problem_descriptions/pXXXXX.html`,
//! `data/pXXXXX/Python/sXXXXXXXXX.py`, `derived/input_output/data/pXXXXX/{input,output}.txt`.
//! The embedded corpus (`data/oj/`) uses the same layout plus `generators/pXXXXX.py` and
//! `authoring/pXXXXX.json` (problem limits, float tolerance, and what each solution was written
//! to be, which only the judge reads).
//!
//! Real CodeNet trees are messy: malformed rows, Python 2 files under `language` "Python", missing
//! files, sources in other encodings. Every such thing is a counted skip in [`Corpus::skips`];
//! reading never panics and only fails when there is no problem list at all.

use crate::compare::{Tolerance, ToleranceKind, TolerancePlaces};
use crate::csv::Table;
use equibench_core::pair::sha256_hex;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A judge verdict, spelled as CodeNet spells it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    CompileError,
    /// Any other status text (Presentation Error, Judge Not Available, ...), or "Pending" for a
    /// submission the judge has not seen.
    Other(String),
}

impl Status {
    pub fn parse(text: &str) -> Status {
        match text.trim() {
            "Accepted" => Status::Accepted,
            "Wrong Answer" => Status::WrongAnswer,
            "Runtime Error" => Status::RuntimeError,
            "Time Limit Exceeded" => Status::TimeLimitExceeded,
            "Memory Limit Exceeded" => Status::MemoryLimitExceeded,
            "Output Limit Exceeded" => Status::OutputLimitExceeded,
            "Compile Error" => Status::CompileError,
            other => Status::Other(other.to_string()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Status::Accepted => "Accepted",
            Status::WrongAnswer => "Wrong Answer",
            Status::RuntimeError => "Runtime Error",
            Status::TimeLimitExceeded => "Time Limit Exceeded",
            Status::MemoryLimitExceeded => "Memory Limit Exceeded",
            Status::OutputLimitExceeded => "Output Limit Exceeded",
            Status::CompileError => "Compile Error",
            Status::Other(s) => s,
        }
    }
}

/// One Python 3 submission.
#[derive(Debug, Clone)]
pub struct Submission {
    pub id: String,
    pub user_id: String,
    pub status: Status,
    pub original_language: String,
    pub source: String,
    /// sha256 of the source file's bytes.
    pub sha256: String,
    /// What the author meant it to be (`accepted` / `wrong_answer`), embedded corpus only.
    pub intent: Option<String>,
}

/// The first sample of a problem.
#[derive(Debug, Clone)]
pub struct Sample {
    pub input: String,
    pub output: String,
}

/// One problem and its usable submissions.
#[derive(Debug, Clone)]
pub struct Problem {
    pub id: String,
    pub name: String,
    pub time_limit_ms: u64,
    pub memory_limit_kb: u64,
    pub html: String,
    pub sample: Option<Sample>,
    /// The tolerance for floating-point tokens, when the problem states one.
    pub float_tolerance: Option<Tolerance>,
    /// The seeded input generator (`python3 gen.py SEED` prints one valid input), if any.
    pub generator: Option<String>,
    pub submissions: Vec<Submission>,
    /// Set by the embedded corpus's authoring file for the problems that only the few-shot
    /// exemplars may use (see [`crate::candidates::candidates`]): a corpus this small puts nearly
    /// every program into a 400-pair build, so an exemplar drawn from the shared problems would
    /// show a model programs of the evaluated set.
    pub reserved_for_exemplars: bool,
}

impl Problem {
    pub fn with_status<'a>(
        &'a self,
        status: &'a Status,
    ) -> impl Iterator<Item = &'a Submission> + 'a {
        self.submissions.iter().filter(move |s| &s.status == status)
    }

    pub fn submission(&self, id: &str) -> Option<&Submission> {
        self.submissions.iter().find(|s| s.id == id)
    }
}

/// Where a corpus came from; recorded in provenance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorpusKind {
    /// A user's CodeNet tree (`--codenet DIR`): statuses are CodeNet's.
    CodeNet,
    /// The repository's `data/oj/`: statuses are equibench's own judge's.
    Embedded,
}

impl CorpusKind {
    pub fn source_kind(self) -> &'static str {
        match self {
            CorpusKind::CodeNet => "codenet-submission",
            CorpusKind::Embedded => "equibench-oj-corpus",
        }
    }

    pub fn status_source(self) -> &'static str {
        match self {
            CorpusKind::CodeNet => "codenet-metadata",
            CorpusKind::Embedded => "equibench-oj-judge (data/oj/metadata, written by oj-judge)",
        }
    }
}

/// A loaded corpus and what was skipped while loading it.
#[derive(Debug, Clone)]
pub struct Corpus {
    pub root: PathBuf,
    pub kind: CorpusKind,
    pub problems: Vec<Problem>,
    /// Counted skips by reason (kebab-case).
    pub skips: BTreeMap<String, u64>,
}

impl Corpus {
    pub fn problem(&self, id: &str) -> Option<&Problem> {
        self.problems.iter().find(|p| p.id == id)
    }

    fn skip(&mut self, reason: &str) {
        *self.skips.entry(reason.to_string()).or_default() += 1;
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error(
        "{path}: no problem list ({source}); a CodeNet tree has metadata/problem_list.csv{hint}"
    )]
    NoProblemList {
        path: PathBuf,
        source: std::io::Error,
        hint: &'static str,
    },
    #[error("{0}: no authoring/*.json files: not an equibench OJ corpus")]
    NoAuthoring(PathBuf),
}

/// `authoring/pXXXXX.json` of the embedded corpus.
#[derive(Debug, Clone, Deserialize)]
pub struct Authoring {
    pub problem_id: String,
    pub name: String,
    pub time_limit_ms: u64,
    pub memory_limit_kb: u64,
    #[serde(default)]
    pub float_tolerance: Option<f64>,
    /// How `float_tolerance` bounds the error (default: absolute or relative).
    #[serde(default)]
    pub tolerance_kind: Option<ToleranceKind>,
    /// Which tokens the tolerance applies to (default: real decimals of the reference; the
    /// statement may make every output field real).
    #[serde(default)]
    pub tolerance_applies_to: TolerancePlaces,
    /// The problem is held out of benchmark builds for the few-shot exemplars.
    #[serde(default)]
    pub reserved_for_exemplars: bool,
    pub submissions: BTreeMap<String, AuthoredSubmission>,
}

impl Authoring {
    /// The tolerance this authoring file states.
    pub fn tolerance(&self) -> Option<Tolerance> {
        self.float_tolerance.map(|value| Tolerance {
            value,
            kind: self
                .tolerance_kind
                .unwrap_or(ToleranceKind::AbsoluteOrRelative),
            places: self.tolerance_applies_to,
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthoredSubmission {
    pub intent: String,
    #[serde(default)]
    pub approach: String,
}

/// Is `original_language` a Python 3 dialect? `Some(false)` for Python 2, `None` when not Python
/// or not telling.
pub fn is_python3(original_language: &str) -> Option<bool> {
    let l = original_language.to_ascii_lowercase().replace(' ', "");
    if !(l.contains("python") || l.contains("pypy")) {
        return None;
    }
    if l.contains("python2") || l.contains("pypy2") || l.contains("(2.") || l.contains("python(2") {
        return Some(false);
    }
    if l.contains("python3") || l.contains("pypy3") || l.contains("(3.") || l.contains("python(3") {
        return Some(true);
    }
    None
}

/// Read a CodeNet-layout tree. `kind` says whose statuses the metadata holds; for the embedded
/// corpus the authoring files add float tolerances and generators are picked up.
pub fn load(root: &Path, kind: CorpusKind) -> Result<Corpus, CorpusError> {
    let list_path = root.join("metadata/problem_list.csv");
    let text = std::fs::read(&list_path).map_err(|source| CorpusError::NoProblemList {
        path: root.to_path_buf(),
        source,
        hint: match kind {
            CorpusKind::Embedded => {
                " (for the embedded corpus, run `equibench tool oj_a judge` to write it)"
            }
            CorpusKind::CodeNet => "",
        },
    })?;
    let mut corpus = Corpus {
        root: root.to_path_buf(),
        kind,
        problems: Vec::new(),
        skips: BTreeMap::new(),
    };
    let table = Table::parse(&String::from_utf8_lossy(&text));
    for _ in &table.malformed {
        corpus.skip("problem-list-malformed-row");
    }
    let mut rows: Vec<_> = table.rows.into_iter().collect();
    rows.sort_by(|a, b| a.get("id").cmp(&b.get("id")));
    let fingerprints = match kind {
        CorpusKind::Embedded => recorded_fingerprints(root),
        CorpusKind::CodeNet => BTreeMap::new(),
    };
    for row in rows {
        let id = row
            .get("id")
            .map(|s| s.trim().to_string())
            .unwrap_or_default();
        if !valid_id(&id, 'p') {
            corpus.skip("problem-list-bad-id");
            continue;
        }
        if corpus.problems.iter().any(|p| p.id == id) {
            corpus.skip("problem-list-duplicate-id");
            continue;
        }
        let number = |k: &str, default: u64, corpus: &mut Corpus| match row.get(k).map(|s| s.trim())
        {
            Some(v) if !v.is_empty() => v
                .parse::<f64>()
                .ok()
                .filter(|x| *x > 0.0)
                .map(|x| x as u64)
                .unwrap_or_else(|| {
                    corpus.skip(&format!("problem-{}-invalid", k.replace('_', "-")));
                    default
                }),
            _ => default,
        };
        // The embedded corpus's statuses are only as fresh as its last judging: a problem whose
        // files changed since is left out until `oj-judge` runs again.
        if kind == CorpusKind::Embedded
            && fingerprints.get(&id).map(String::as_str)
                != problem_fingerprint(root, &id).as_deref()
        {
            corpus.skip("problem-changed-since-judging");
            continue;
        }
        let time_limit_ms = number("time_limit", 2000, &mut corpus);
        let memory_limit_kb = number("memory_limit", 262_144, &mut corpus);
        let name = row.get("name").cloned().unwrap_or_default();
        if let Some(p) = load_problem(&mut corpus, &id, name, time_limit_ms, memory_limit_kb) {
            corpus.problems.push(p);
        }
    }
    Ok(corpus)
}

fn valid_id(id: &str, prefix: char) -> bool {
    id.len() >= 2 && id.starts_with(prefix) && id[1..].bytes().all(|b| b.is_ascii_alphanumeric())
}

fn load_problem(
    corpus: &mut Corpus,
    id: &str,
    name: String,
    time_limit_ms: u64,
    memory_limit_kb: u64,
) -> Option<Problem> {
    let root = corpus.root.clone();
    let html = read_html(corpus, &root, id)?;
    let meta = read_metadata(corpus, &root, id)?;
    let io = root.join(format!("derived/input_output/data/{id}"));
    let sample = match (
        read_text(io.join("input.txt")),
        read_text(io.join("output.txt")),
    ) {
        (Some(input), Some(output)) => Some(Sample { input, output }),
        _ => {
            corpus.skip("sample-missing");
            None
        }
    };
    let authoring = read_authoring(&root, id);
    let float_tolerance = match (&authoring, corpus.kind) {
        (Some(a), _) => a.tolerance(),
        (None, CorpusKind::CodeNet) => Tolerance::from_statement(&html),
        (None, CorpusKind::Embedded) => None,
    };
    let generator = read_text(root.join(format!("generators/{id}.py")));
    let mut submissions: Vec<Submission> = Vec::new();
    let mut rows = meta.rows;
    rows.sort_by(|a, b| a.get("submission_id").cmp(&b.get("submission_id")));
    for row in rows {
        if let Some(s) = read_submission(corpus, id, &row, authoring.as_ref(), &submissions) {
            submissions.push(s);
        }
    }
    Some(Problem {
        id: id.to_string(),
        name,
        time_limit_ms,
        memory_limit_kb,
        html,
        sample,
        float_tolerance,
        generator,
        submissions,
        reserved_for_exemplars: authoring.is_some_and(|a| a.reserved_for_exemplars),
    })
}

fn read_text(p: PathBuf) -> Option<String> {
    std::fs::read(p)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
}

/// The problem statement, or `None` (counted) when it is missing, empty or not UTF-8.
fn read_html(corpus: &mut Corpus, root: &Path, id: &str) -> Option<String> {
    let reason = match std::fs::read(root.join(format!("problem_descriptions/{id}.html"))) {
        Ok(b) => match String::from_utf8(b) {
            Ok(s) if !s.trim().is_empty() => return Some(s),
            Ok(_) => "problem-html-empty",
            Err(_) => "problem-html-not-utf8",
        },
        Err(_) => "problem-html-missing",
    };
    corpus.skip(reason);
    None
}

/// The problem's metadata table (malformed rows counted), or `None` (counted) when it is
/// missing or lacks the columns a submission needs.
fn read_metadata(corpus: &mut Corpus, root: &Path, id: &str) -> Option<Table> {
    let meta = match std::fs::read(root.join(format!("metadata/{id}.csv"))) {
        Ok(b) => Table::parse(&String::from_utf8_lossy(&b)),
        Err(_) => {
            corpus.skip("problem-csv-missing");
            return None;
        }
    };
    if !meta.has_columns(&["submission_id", "status", "original_language"]) {
        corpus.skip("problem-csv-bad-header");
        return None;
    }
    for _ in &meta.malformed {
        corpus.skip("metadata-malformed-row");
    }
    Some(meta)
}

/// The submission a metadata row of problem `id` names, or `None` (counted under the reason)
/// when the row or its source is unusable or repeats one of `earlier`.
fn read_submission(
    corpus: &mut Corpus,
    id: &str,
    row: &BTreeMap<String, String>,
    authoring: Option<&Authoring>,
    earlier: &[Submission],
) -> Option<Submission> {
    let root = corpus.root.clone();
    let get = |k: &str| row.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
    let sid = get("submission_id");
    if !valid_id(&sid, 's') {
        corpus.skip("metadata-bad-submission-id");
        return None;
    }
    if row.get("problem_id").is_some_and(|p| p.trim() != id) {
        corpus.skip("metadata-wrong-problem-id");
        return None;
    }
    let original_language = get("original_language");
    match is_python3(&original_language) {
        Some(true) => {}
        Some(false) => {
            corpus.skip("python2-submission");
            return None;
        }
        None => {
            let lang = get("language").to_ascii_lowercase();
            corpus.skip(if lang.contains("python") {
                "python-version-unknown"
            } else {
                "not-python"
            });
            return None;
        }
    }
    let status_text = get("status");
    if status_text.is_empty() {
        corpus.skip("status-missing");
        return None;
    }
    let ext = Some(get("filename_ext"))
        .filter(|e| !e.is_empty())
        .unwrap_or_else(|| "py".into());
    let path = root.join(format!("data/{id}/Python/{sid}.{ext}"));
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(_) => {
            corpus.skip("source-missing");
            return None;
        }
    };
    // The embedded corpus's statuses are only as fresh as its last judging: a source whose
    // size differs from the judged one was edited since, and its status cannot be trusted.
    if corpus.kind == CorpusKind::Embedded
        && get("code_size")
            .parse::<usize>()
            .is_ok_and(|n| n != bytes.len())
    {
        corpus.skip("source-changed-since-judging");
        return None;
    }
    let sha256 = sha256_hex(&bytes);
    let source = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => {
            corpus.skip("source-not-utf8");
            return None;
        }
    };
    if source.trim().is_empty() {
        corpus.skip("source-empty");
        return None;
    }
    if earlier.iter().any(|s| s.sha256 == sha256) {
        corpus.skip("source-duplicate");
        return None;
    }
    let intent = authoring
        .and_then(|a| a.submissions.get(&sid))
        .map(|s| s.intent.clone());
    Some(Submission {
        id: sid,
        user_id: get("user_id"),
        status: Status::parse(&status_text),
        original_language,
        source,
        sha256,
        intent,
    })
}

fn read_authoring(root: &Path, id: &str) -> Option<Authoring> {
    let text = std::fs::read_to_string(root.join(format!("authoring/{id}.json"))).ok()?;
    serde_json::from_str(&text).ok()
}

/// Where `oj-judge` records, per problem, the fingerprint of the files it judged.
pub const FINGERPRINTS: &str = "metadata/judge_fingerprints.json";

/// sha256 over everything a judged status depends on: the authoring file, the generator, the
/// sample, and every authored submission's source (by id). `None` when the authoring file is
/// unreadable.
pub fn problem_fingerprint(root: &Path, id: &str) -> Option<String> {
    let authoring_bytes = std::fs::read(root.join(format!("authoring/{id}.json"))).ok()?;
    let authoring: Authoring = serde_json::from_slice(&authoring_bytes).ok()?;
    let mut text = format!("authoring {}\n", sha256_hex(&authoring_bytes));
    for rel in [
        format!("generators/{id}.py"),
        format!("derived/input_output/data/{id}/input.txt"),
        format!("derived/input_output/data/{id}/output.txt"),
    ] {
        let digest = std::fs::read(root.join(&rel))
            .map(|b| sha256_hex(&b))
            .unwrap_or_default();
        text.push_str(&format!("{rel} {digest}\n"));
    }
    for sid in authoring.submissions.keys() {
        let digest = std::fs::read(root.join(format!("data/{id}/Python/{sid}.py")))
            .map(|b| sha256_hex(&b))
            .unwrap_or_default();
        text.push_str(&format!("{sid} {digest}\n"));
    }
    Some(sha256_hex(text.as_bytes()))
}

/// The fingerprints `oj-judge` recorded (empty when there are none).
pub fn recorded_fingerprints(root: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(root.join(FINGERPRINTS))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Problems of the embedded corpus as its authors wrote them, before any judging: every
/// `authoring/*.json` with its statement, sample, generator and submissions (status "Pending",
/// intent from the file). Broken or incomplete problems are counted skips.
pub fn load_authoring(root: &Path) -> Result<Corpus, CorpusError> {
    let mut ids: Vec<String> = std::fs::read_dir(root.join("authoring"))
        .map_err(|_| CorpusError::NoAuthoring(root.to_path_buf()))?
        .filter_map(Result::ok)
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".json"))
                .map(str::to_string)
        })
        .filter(|id| valid_id(id, 'p'))
        .collect();
    ids.sort();
    let mut corpus = Corpus {
        root: root.to_path_buf(),
        kind: CorpusKind::Embedded,
        problems: Vec::new(),
        skips: BTreeMap::new(),
    };
    for id in ids {
        let Some(a) = read_authoring(root, &id) else {
            corpus.skip("authoring-unreadable");
            continue;
        };
        if a.problem_id != id {
            corpus.skip("authoring-wrong-problem-id");
            continue;
        }
        let Ok(html) =
            std::fs::read_to_string(root.join(format!("problem_descriptions/{id}.html")))
        else {
            corpus.skip("problem-html-missing");
            continue;
        };
        let io = root.join(format!("derived/input_output/data/{id}"));
        let sample = match (
            std::fs::read_to_string(io.join("input.txt")),
            std::fs::read_to_string(io.join("output.txt")),
        ) {
            (Ok(input), Ok(output)) => Some(Sample { input, output }),
            _ => None,
        };
        let Ok(generator) = std::fs::read_to_string(root.join(format!("generators/{id}.py")))
        else {
            corpus.skip("generator-missing");
            continue;
        };
        let mut submissions = Vec::new();
        for (sid, s) in &a.submissions {
            let Ok(bytes) = std::fs::read(root.join(format!("data/{id}/Python/{sid}.py"))) else {
                corpus.skip("source-missing");
                continue;
            };
            let sha256 = sha256_hex(&bytes);
            let Ok(source) = String::from_utf8(bytes) else {
                corpus.skip("source-not-utf8");
                continue;
            };
            submissions.push(Submission {
                id: sid.clone(),
                user_id: format!("u{}", &sid[1..]),
                status: Status::Other("Pending".into()),
                original_language: String::new(),
                source,
                sha256,
                intent: Some(s.intent.clone()),
            });
        }
        corpus.problems.push(Problem {
            id: id.clone(),
            name: a.name.clone(),
            time_limit_ms: a.time_limit_ms,
            memory_limit_kb: a.memory_limit_kb,
            html,
            sample,
            float_tolerance: a.tolerance(),
            generator: Some(generator),
            submissions,
            reserved_for_exemplars: a.reserved_for_exemplars,
        });
    }
    Ok(corpus)
}
