//! A run's directory: `run.json` (what the run is; a different command into the same directory is
//! refused, as `build`'s journal does) and `requests.jsonl`, one line per finished request,
//! appended and synced to disk as each completes, so a crash or Ctrl-C loses at most the requests
//! in flight, and re-running the same command resumes without repeating a finished request.
//!
//! A request is finished when the server answered it, or refused it for good (context too long, a
//! bad request). A request whose every try failed transiently (429, 5xx, timeouts) is logged too,
//! but is tried again on resume; the last line of a pair is the one that counts. A torn last line
//! (the process killed mid-write) is cut off before appending.

use crate::answer::Answer;
use crate::client::{ErrorKind, Usage};
use crate::plan::EvalOptions;
use crate::prompt::PromptType;
use crate::scores::Scores;
use crate::{io_err, EvalError};
use equibench_core::CategoryName;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const RUN_FILE: &str = "run.json";
pub const REQUESTS_FILE: &str = "requests.jsonl";
pub const SCORES_FILE: &str = "scores.json";
pub const FORMAT: u32 = 1;

/// What a run is: the same identity resumes, another is refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    pub format: u32,
    /// DIR as given (informational: the requests hash is what must match).
    pub dir: String,
    pub options: EvalOptions,
    /// sha256 over every (pair id, prompt sha256) of the run: DIR's pairs and the prompt text.
    pub requests_sha256: String,
    pub requests: usize,
    /// The environment variable the key was read from (never the key).
    pub api_key_env: String,
}

/// One request's line in `requests.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RequestRecord {
    pub pair_id: String,
    pub category: CategoryName,
    /// EquiBench's spelling: ZERO, FEW, ZERO_COT, FEW_COT.
    pub prompt_type: PromptType,
    pub prompt_sha256: String,
    pub model: String,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub seed: Option<u64>,
    pub paper_compat: bool,
    /// The label: YES (equivalent) or NO.
    pub expected: Answer,
    /// The reply's text (absent when the request failed).
    pub reply: Option<String>,
    /// `choices[0].finish_reason` as the server sent it ("stop"; "length" when cut at
    /// `max_tokens`); absent when the request failed, the server sent none, or the run predates it.
    #[serde(default)]
    pub finish_reason: Option<String>,
    /// What the parser read: YES, NO, unparsed, or truncated when `finish_reason` was "length"
    /// (absent when the request failed).
    pub parsed: Option<Answer>,
    /// `--paper-compat`'s seeded coin, when it replaced an unparsed reply or a refused request.
    pub coin: Option<Answer>,
    /// The answer scored: the parsed one, else the coin; unparsed when neither.
    pub answer: Answer,
    pub correct: bool,
    pub latency_ms: u64,
    pub tries: u32,
    pub usage: Option<Usage>,
    pub error: Option<ErrorKind>,
    pub error_detail: Option<String>,
}

impl RequestRecord {
    /// Done for good: resume does not send it again.
    pub fn finished(&self) -> bool {
        !self.error.is_some_and(ErrorKind::transient)
    }
}

/// An open run directory.
pub struct RunLog {
    path: PathBuf,
    file: File,
    /// Last record per pair id, in the order first seen.
    records: Vec<RequestRecord>,
    index: HashMap<String, usize>,
}

/// Read a run's `run.json`.
pub fn read_identity(path: &Path) -> Result<Identity, EvalError> {
    let text = std::fs::read_to_string(path).map_err(io_err(path))?;
    serde_json::from_str(&text).map_err(|e| EvalError::Log {
        path: path.to_path_buf(),
        line: e.line(),
        message: e.to_string(),
    })
}

/// The fields in which two identities differ, for the refusal message.
fn differences(a: &Identity, b: &Identity) -> Vec<String> {
    let (va, vb) = (
        serde_json::to_value(a).unwrap_or_default(),
        serde_json::to_value(b).unwrap_or_default(),
    );
    let mut out = Vec::new();
    let flat = |v: &serde_json::Value| -> Vec<(String, String)> {
        let mut f = Vec::new();
        if let Some(o) = v.as_object() {
            for (k, x) in o {
                match x.as_object() {
                    Some(inner) => {
                        for (k2, y) in inner {
                            f.push((format!("{k}.{k2}"), y.to_string()))
                        }
                    }
                    None => f.push((k.clone(), x.to_string())),
                }
            }
        }
        f
    };
    let fb: HashMap<String, String> = flat(&vb).into_iter().collect();
    for (k, x) in flat(&va) {
        let y = fb.get(&k).cloned().unwrap_or_else(|| "absent".into());
        if x != y && k != "dir" {
            out.push(format!("{k}: {x} before, {y} now"));
        }
    }
    out
}

/// Read every complete record of a `requests.jsonl`, and the byte length of the valid prefix.
pub fn read_records(path: &Path) -> Result<(Vec<RequestRecord>, u64), EvalError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(e) => return Err(io_err(path)(e)),
    };
    let mut out = Vec::new();
    let mut valid = 0u64;
    let mut start = 0usize;
    let mut line_no = 0;
    while start < bytes.len() {
        line_no += 1;
        let Some(nl) = bytes[start..].iter().position(|b| *b == b'\n') else {
            // A torn last line: the process died while writing it.
            break;
        };
        let line = &bytes[start..start + nl];
        let record: RequestRecord = serde_json::from_slice(line).map_err(|e| EvalError::Log {
            path: path.to_path_buf(),
            line: line_no,
            message: e.to_string(),
        })?;
        out.push(record);
        start += nl + 1;
        valid = start as u64;
    }
    Ok((out, valid))
}

/// The last record of every pair, in first-seen order: what scores count.
pub fn latest(records: Vec<RequestRecord>) -> Vec<RequestRecord> {
    let mut out: Vec<RequestRecord> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for r in records {
        match index.get(&r.pair_id) {
            Some(&i) => out[i] = r,
            None => {
                index.insert(r.pair_id.clone(), out.len());
                out.push(r);
            }
        }
    }
    out
}

impl RunLog {
    /// Open `dir` for `identity`: create it, or resume it when its `run.json` is the same run.
    pub fn open(dir: &Path, identity: &Identity) -> Result<RunLog, EvalError> {
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        let run = dir.join(RUN_FILE);
        if run.exists() {
            let before = read_identity(&run)?;
            let diff = differences(&before, identity);
            if !diff.is_empty() {
                return Err(EvalError::Run(format!(
                    "{} holds another run ({}); choose another --out, or repeat that run's command to resume it",
                    dir.display(),
                    diff.join("; ")
                )));
            }
        } else {
            let text = serde_json::to_string_pretty(identity)
                .map_err(|e| EvalError::Run(e.to_string()))?;
            write_synced(&run, text.as_bytes())?;
        }
        let path = dir.join(REQUESTS_FILE);
        let (records, valid) = read_records(&path)?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io_err(&path))?;
        file.set_len(valid).map_err(io_err(&path))?;
        let records = latest(records);
        let index = records
            .iter()
            .enumerate()
            .map(|(i, r)| (r.pair_id.clone(), i))
            .collect();
        Ok(RunLog {
            path,
            file,
            records,
            index,
        })
    }

    /// True when `pair_id` needs no more requests.
    pub fn finished(&self, pair_id: &str) -> bool {
        self.index
            .get(pair_id)
            .is_some_and(|&i| self.records[i].finished())
    }

    /// Append one record and sync it to disk before returning.
    pub fn append(&mut self, record: RequestRecord) -> Result<(), EvalError> {
        let mut line = serde_json::to_string(&record).map_err(|e| EvalError::Run(e.to_string()))?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(io_err(&self.path))?;
        match self.index.get(&record.pair_id) {
            Some(&i) => self.records[i] = record,
            None => {
                self.index
                    .insert(record.pair_id.clone(), self.records.len());
                self.records.push(record);
            }
        }
        Ok(())
    }

    /// The last record of every pair so far.
    pub fn records(&self) -> &[RequestRecord] {
        &self.records
    }
}

/// Write `RUN/scores.json`; returns its path.
pub fn write_scores(run: &Path, scores: &Scores) -> Result<PathBuf, EvalError> {
    let path = run.join(SCORES_FILE);
    let text = serde_json::to_string_pretty(scores).map_err(|e| EvalError::Run(e.to_string()))?;
    write_synced(&path, text.as_bytes())?;
    Ok(path)
}

/// Write a whole file, synced, or nothing (run.json, scores.json): the core's atomic write.
pub fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), EvalError> {
    equibench_core::output::write_atomic(path, bytes).map_err(io_err(path))
}
