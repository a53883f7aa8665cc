//! Per-process caches shared by all blocks of a build: the loaded corpus, each problem's test set,
//! reference outputs, renamings and mutants. Every cached value is a pure function of its key
//! (inputs are seeded, runs are deterministic), so caching changes speed, never output.

use crate::codenet::{load, Corpus, CorpusKind, Problem, Status};
use crate::inputs::{test_set, SeedRange, TestSet};
use crate::judge::reference_outputs;
use crate::pytool::{Mutant, PyTool, PyToolError, Renamed};
use crate::runner::{RunError, Runner};
use equibench_core::pair::sha256_hex;
use equibench_core::{CategoryError, Inputs};
use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

type Cache<K, V> = OnceLock<Mutex<HashMap<K, V>>>;
/// Reference outputs of a problem's test set, one slot per input, filled when first asked for
/// (inner None: no consensus on that input).
type References = Arc<Mutex<Vec<Option<Option<Vec<u8>>>>>>;

static CORPORA: Cache<(PathBuf, bool), Arc<Corpus>> = OnceLock::new();
static TEST_SETS: Cache<(PathBuf, String, SeedRange), Arc<TestSet>> = OnceLock::new();
static REFERENCES: Cache<(PathBuf, String, SeedRange), References> = OnceLock::new();
static RENAMES: Cache<String, Result<Renamed, String>> = OnceLock::new();
static NORMALIZED: Cache<String, Result<String, String>> = OnceLock::new();
static MUTANTS: Cache<String, Arc<Vec<Mutant>>> = OnceLock::new();
static HASH_HAZARDS: Cache<String, Option<String>> = OnceLock::new();

fn get<K: std::hash::Hash + Eq, V: Clone>(cache: &Cache<K, V>, key: &K) -> Option<V> {
    cache
        .get_or_init(Default::default)
        .lock()
        .ok()?
        .get(key)
        .cloned()
}

fn put<K: std::hash::Hash + Eq, V>(cache: &Cache<K, V>, key: K, value: V) {
    if let Ok(mut m) = cache.get_or_init(Default::default).lock() {
        m.insert(key, value);
    }
}

/// Where the OJ categories read from: `--codenet DIR`, else the embedded `data/oj`.
pub fn corpus_location(inputs: &Inputs) -> (PathBuf, CorpusKind) {
    match inputs.path(crate::variant::CODENET.flag) {
        Some(dir) => (dir.to_path_buf(), CorpusKind::CodeNet),
        None => (
            inputs.data_dir.join(crate::tools::DATA_FOLDER),
            CorpusKind::Embedded,
        ),
    }
}

/// The corpus for a build or an audit, loaded once per process.
pub fn corpus(inputs: &Inputs) -> Result<Arc<Corpus>, CategoryError> {
    let (root, kind) = corpus_location(inputs);
    let key = (root.clone(), kind == CorpusKind::CodeNet);
    if let Some(c) = get(&CORPORA, &key) {
        return Ok(c);
    }
    let c = Arc::new(load(&root, kind).map_err(|e| CategoryError::Input(e.to_string()))?);
    put(&CORPORA, key, c.clone());
    Ok(c)
}

/// A problem's test inputs (sample + the generated or derived inputs of `range`).
pub fn tests(
    corpus: &Corpus,
    problem: &Problem,
    runner: &mut Runner,
    range: SeedRange,
) -> Result<Arc<TestSet>, RunError> {
    let key = (corpus.root.clone(), problem.id.clone(), range);
    if let Some(t) = get(&TEST_SETS, &key) {
        return Ok(t);
    }
    let t = Arc::new(test_set(problem, runner, range)?);
    put(&TEST_SETS, key, t.clone());
    Ok(t)
}

/// The reference outputs on inputs `range` of the test set `tests` (the problem's `range`), from
/// the problem's Accepted submissions (for judging mutants): each computed the first time a
/// judgement reaches its input, so mutants that fail early need only the first inputs'
/// references.
pub fn references(
    corpus: &Corpus,
    problem: &Problem,
    tests: &TestSet,
    runner: &mut Runner,
    seeds: SeedRange,
    range: Range<usize>,
) -> Result<Vec<Option<Vec<u8>>>, RunError> {
    let key = (corpus.root.clone(), problem.id.clone(), seeds);
    let slots = match get(&REFERENCES, &key) {
        Some(s) => s,
        None => {
            let fresh = Arc::new(Mutex::new(vec![None; tests.inputs.len()]));
            let mut cache = REFERENCES
                .get_or_init(Default::default)
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            cache.entry(key).or_insert(fresh).clone()
        }
    };
    let range = range.start.min(tests.inputs.len())..range.end.min(tests.inputs.len());
    let known: Vec<Option<Option<Vec<u8>>>> =
        slots.lock().unwrap_or_else(|p| p.into_inner())[range.clone()].to_vec();
    let missing: Vec<usize> = range
        .clone()
        .filter(|&i| known[i - range.start].is_none())
        .collect();
    let mut found = known;
    if !missing.is_empty() {
        let accepted: Vec<&str> = problem
            .with_status(&Status::Accepted)
            .map(|s| s.source.as_str())
            .collect();
        let inputs: Vec<&[u8]> = missing
            .iter()
            .map(|&i| tests.inputs[i].text.as_bytes())
            .collect();
        // Computed outside the lock (runs take a while); two blocks that race compute the same
        // values.
        let computed = reference_outputs(problem, &inputs, &accepted, runner)?;
        let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
        for (&i, r) in missing.iter().zip(computed) {
            slots[i] = Some(r.clone());
            found[i - range.start] = Some(r);
        }
    }
    Ok(found.into_iter().flatten().collect())
}

/// Renaming of `source` (refusals are cached too: they are deterministic).
pub fn rename(tool: &mut PyTool, source: &str) -> Result<Result<Renamed, String>, PyToolError> {
    let key = sha256_hex(source.as_bytes());
    if let Some(r) = get(&RENAMES, &key) {
        return Ok(r);
    }
    let r = match tool.rename(source) {
        Ok(r) => Ok(r),
        Err(PyToolError::Refused(why)) => Err(why),
        Err(e) => return Err(e),
    };
    put(&RENAMES, key, r.clone());
    Ok(r)
}

/// `ast.unparse` formatting of `source`.
pub fn normalize(tool: &mut PyTool, source: &str) -> Result<Result<String, String>, PyToolError> {
    let key = sha256_hex(source.as_bytes());
    if let Some(r) = get(&NORMALIZED, &key) {
        return Ok(r);
    }
    let r = match tool.normalize(source) {
        Ok(r) => Ok(r),
        Err(PyToolError::Refused(why)) => Err(why),
        Err(e) => return Err(e),
    };
    put(&NORMALIZED, key, r.clone());
    Ok(r)
}

/// The mutants of `source`, in source order (empty when it cannot be parsed).
pub fn mutants(tool: &mut PyTool, source: &str) -> Result<Arc<Vec<Mutant>>, PyToolError> {
    let key = sha256_hex(source.as_bytes());
    if let Some(m) = get(&MUTANTS, &key) {
        return Ok(m);
    }
    let m = match tool.mutants(source) {
        Ok(m) => Arc::new(m),
        Err(PyToolError::Refused(_)) => Arc::new(Vec::new()),
        Err(e) => return Err(e),
    };
    put(&MUTANTS, key, m.clone());
    Ok(m)
}

/// What could make `source` depend on the hash seed (None: nothing can), once per program.
pub fn hash_hazard(tool: &mut PyTool, source: &str) -> Result<Option<String>, PyToolError> {
    let key = sha256_hex(source.as_bytes());
    if let Some(h) = get(&HASH_HAZARDS, &key) {
        return Ok(h);
    }
    let h = tool.hash_hazard(source)?;
    put(&HASH_HAZARDS, key, h.clone());
    Ok(h)
}
