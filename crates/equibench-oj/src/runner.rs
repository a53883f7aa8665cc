//! Running Python submissions, always inside the core sandbox, two ways:
//! - [`Backend::Worker`]: one sandboxed `/usr/bin/python3 py_judge_worker.py` per [`Runner`], which
//!   forks a child per run (see `tools/py_judge_worker.py`): no interpreter start-up per run;
//! - [`Backend::Plain`]: one sandboxed interpreter per run (`core::sandbox::run`), the reference
//!   the worker is measured against.
//!
//! Every run pins `PYTHONHASHSEED` (string hashing decides the iteration order of sets, so an
//! unpinned seed makes outputs vary from run to run): [`BUILD_HASH_SEED`] unless a run asks for
//! another with [`Runner::run_with_hash_seed`]. A label must hold for every seed, so the builder
//! re-runs under [`CHECK_HASH_SEED`] and the audit under a seed the build did not use.
//!
//! Results are cached process-wide by (backend, hash seed, program, input, limits, argv): a submission meets
//! many partners in many blocks and three categories, and the judge, the differential tests and
//! the checks of renamed sides ask for the same runs many times.
//!
//! [`Runner::run_many`] runs one program on many inputs in one request: the worker runs them in
//! as few forked children as it can (several inputs per child, each a fresh `__main__` with its
//! own limits; see the worker's `serve_batch`), which removes most of a short run's cost (the
//! fork, its copy-on-write faults and teardown). Such a run reports no peak memory of its own
//! (`rss_kb` 0) and only the program's CPU time, so its results are cached apart from single
//! runs' and serve only callers that judge by ending and output (differential tests, audits);
//! the judge, whose verdicts read time and memory, makes single runs.

use equibench_core::pair::sha256_hex;
use equibench_core::sandbox::{
    self, Limits, SandboxCommand, SandboxError, SandboxedProcess, Termination,
};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The worker's source, embedded so that the binary works from any directory.
pub const WORKER_SOURCE: &str = include_str!("../../../tools/py_judge_worker.py");

/// The hash seed of ordinary runs (judging, references, generators).
pub const BUILD_HASH_SEED: u64 = 0;
/// The second seed a build runs emitted pairs' programs under, to drop seed-dependent output.
pub const CHECK_HASH_SEED: u64 = 1;

/// Limits of one run of a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunLimits {
    /// CPU seconds before the kernel stops the program.
    pub cpu_s: u64,
    /// Wall-clock limit (the machine may be busy: this is generous, CPU time is what judges).
    pub wall_ms: u64,
    pub memory_kb: u64,
    /// Bytes of stdout kept; more is an output-limit ending.
    pub out_cap: usize,
}

impl RunLimits {
    /// Limits for a problem's time limit (ms) and memory limit (KiB): CPU up to twice the limit
    /// (so that the judge can tell "slow" from "endless"), wall clock up to five times.
    pub fn for_problem(time_limit_ms: u64, memory_limit_kb: u64) -> Self {
        let time = time_limit_ms.clamp(500, 10_000);
        RunLimits {
            cpu_s: (2 * time).div_ceil(1000),
            wall_ms: 5 * time,
            memory_kb: memory_limit_kb.clamp(64 << 10, 1 << 20),
            out_cap: 1 << 20,
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signaled(i32),
    Timeout,
    CpuLimit,
    OutputLimit,
}

/// The result of one run.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub rss_kb: u64,
}

impl RunResult {
    pub fn success(&self) -> bool {
        self.ending == Ending::Exited(0)
    }

    /// Ended by a limit: the outcome depends on the machine, so it is no evidence of anything.
    pub fn hit_limit(&self) -> bool {
        matches!(self.ending, Ending::Timeout | Ending::CpuLimit)
    }

    pub fn describe(&self) -> String {
        match self.ending {
            Ending::Exited(c) => format!("exited with status {c}"),
            Ending::Signaled(s) => format!("killed by signal {s}"),
            Ending::Timeout => "timed out".into(),
            Ending::CpuLimit => "ran out of CPU time".into(),
            Ending::OutputLimit => "flooded its output".into(),
        }
    }

    pub fn out_of_memory(&self) -> bool {
        !self.success() && String::from_utf8_lossy(&self.stderr).contains("MemoryError")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    #[error("the judge worker stopped answering ({0}); it is restarted for the next run")]
    WorkerDied(String),
}

/// Which way runs are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    Worker,
    Plain,
}

/// Runs submissions with one interpreter (`python`, normally `/usr/bin/python3`).
pub struct Runner {
    backend: Backend,
    python: PathBuf,
    /// One pre-forked worker per hash seed (the seed is fixed when an interpreter starts).
    workers: std::collections::BTreeMap<u64, Worker>,
    /// Runs actually made by this runner (cache misses).
    pub runs: u64,
}

/// (backend, batched, hash seed, program sha256, input sha256, limits, argv).
pub type RunKey = (Backend, bool, u64, String, String, RunLimits, Vec<String>);

/// Inputs sent in one batch request at most (the worker forks a child per 64 at most).
const BATCH_INPUTS: usize = 128;

/// Every run's result, shared by the runners of a process (a run is a pure function of its key,
/// up to time limits on a loaded machine, which no cache makes worse).
static RESULTS: std::sync::OnceLock<std::sync::Mutex<RunCache>> = std::sync::OnceLock::new();

/// Bytes of results kept before the cache starts afresh. A 400-pair OJ_V build makes ~150k runs
/// in one process, and its later blocks re-run the references and Accepted programs its earlier
/// ones ran (the corpus is finite), so the bound is on memory, not on a count that a large build
/// outgrows: ~1 KiB a result on average, so this keeps a whole 400-pair build.
const CACHED_BYTES: usize = 512 << 20;

/// The results, and the bytes they hold (keys included).
#[derive(Default)]
pub struct RunCache {
    map: HashMap<RunKey, Arc<RunResult>>,
    bytes: usize,
}

impl RunCache {
    /// The result kept under `key`.
    pub fn get(&self, key: &RunKey) -> Option<&Arc<RunResult>> {
        self.map.get(key)
    }

    /// Keep `result` under `key`, first emptying the cache if it would pass `budget` bytes.
    pub fn remember(&mut self, key: RunKey, result: Arc<RunResult>, budget: usize) {
        let size = Self::size(&key, &result);
        if self.bytes + size > budget {
            self.map.clear();
            self.bytes = 0;
        }
        if let Some(old) = self.map.insert(key.clone(), result) {
            self.bytes -= Self::size(&key, &old);
        }
        self.bytes += size;
    }

    /// The bytes `key` and `result` are counted as holding.
    pub fn size(key: &RunKey, result: &RunResult) -> usize {
        const FIXED: usize = 160;
        FIXED
            + key.3.len()
            + key.4.len()
            + key.6.iter().map(String::len).sum::<usize>()
            + result.stdout.len()
            + result.stderr.len()
    }

    /// The results kept, by key.
    pub fn map(&self) -> &HashMap<RunKey, Arc<RunResult>> {
        &self.map
    }

    /// The bytes the kept results and their keys hold, as [`RunCache::size`] counts them.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

fn results() -> std::sync::MutexGuard<'static, RunCache> {
    RESULTS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner())
}

impl Runner {
    pub fn new(python: &Path, backend: Backend) -> Self {
        Runner {
            backend,
            python: python.to_path_buf(),
            workers: Default::default(),
            runs: 0,
        }
    }

    /// Run `code` on `input` (with `argv`) under [`BUILD_HASH_SEED`], from the cache when it was
    /// run before.
    pub fn run(
        &mut self,
        code: &str,
        input: &[u8],
        argv: &[String],
        limits: RunLimits,
    ) -> Result<Arc<RunResult>, RunError> {
        self.run_with_hash_seed(code, input, argv, limits, BUILD_HASH_SEED)
    }

    /// Run `code` on `input` with `PYTHONHASHSEED=hash_seed`, from the cache when it was run
    /// before.
    pub fn run_with_hash_seed(
        &mut self,
        code: &str,
        input: &[u8],
        argv: &[String],
        limits: RunLimits,
        hash_seed: u64,
    ) -> Result<Arc<RunResult>, RunError> {
        let key = (
            self.backend,
            false,
            hash_seed,
            sha256_hex(code.as_bytes()),
            sha256_hex(input),
            limits,
            argv.to_vec(),
        );
        if let Some(hit) = results().get(&key) {
            return Ok(hit.clone());
        }
        let result = match self.backend {
            Backend::Plain => run_plain(&self.python, code, input, argv, limits, hash_seed),
            Backend::Worker => {
                self.with_worker(hash_seed, |worker| worker.run(code, input, argv, limits))
            }
        };
        let result = Arc::new(result?);
        self.runs += 1;
        remember(key, result.clone());
        Ok(result)
    }

    /// Run `code` on every one of `inputs` (with `argv`, `PYTHONHASHSEED=hash_seed`): the
    /// results in the order of `inputs`, each from the cache when it was run before (singly or
    /// in a batch), the rest in batches. For callers that judge by ending and output only (see
    /// the module doc): a batched run's `rss_kb` is 0.
    pub fn run_many(
        &mut self,
        code: &str,
        inputs: &[&[u8]],
        argv: &[String],
        limits: RunLimits,
        hash_seed: u64,
    ) -> Result<Vec<Arc<RunResult>>, RunError> {
        let runs: Vec<(&[u8], &[String])> = inputs.iter().map(|i| (*i, argv)).collect();
        self.run_each(code, &runs, limits, hash_seed, false)
    }

    /// [`Self::run_many`] for a caller that stops at the first run meeting a CPU or wall limit
    /// (the judge, the witness search): the results of a prefix of `inputs`, all of them, or up
    /// to and including the first that [`RunResult::hit_limit`]. The runs after it are not made,
    /// so a program that loops costs one limit, not one per input batched.
    pub fn run_many_until_limit(
        &mut self,
        code: &str,
        inputs: &[&[u8]],
        limits: RunLimits,
        hash_seed: u64,
    ) -> Result<Vec<Arc<RunResult>>, RunError> {
        let runs: Vec<(&[u8], &[String])> = inputs.iter().map(|i| (*i, &[][..])).collect();
        self.run_each(code, &runs, limits, hash_seed, true)
    }

    /// `code` on each (stdin, argv) of `runs`, batched as [`Self::run_many`] batches (a
    /// generator's seeds are its argv): the results in order; with `stop_at_limit`, only up to
    /// the first run that hit a limit.
    pub fn run_each(
        &mut self,
        code: &str,
        runs: &[(&[u8], &[String])],
        limits: RunLimits,
        hash_seed: u64,
        stop_at_limit: bool,
    ) -> Result<Vec<Arc<RunResult>>, RunError> {
        let code_sha = sha256_hex(code.as_bytes());
        let backend = self.backend;
        // Each input hashed once (inputs can be megabytes; a key is looked up twice).
        let input_shas: Vec<String> = runs.iter().map(|(input, _)| sha256_hex(input)).collect();
        let key = |batched: bool, i: usize| {
            (
                backend,
                batched,
                hash_seed,
                code_sha.clone(),
                input_shas[i].clone(),
                limits,
                runs[i].1.to_vec(),
            )
        };
        let mut found: Vec<Option<Arc<RunResult>>> = {
            let cache = results();
            (0..runs.len())
                .map(|i| {
                    cache
                        .get(&key(false, i))
                        .or_else(|| cache.get(&key(true, i)))
                        .cloned()
                })
                .collect()
        };
        let stops_at =
            |r: &Option<Arc<RunResult>>| stop_at_limit && r.as_ref().is_some_and(|r| r.hit_limit());
        // Runs after a cached limit hit are not wanted.
        let horizon = found
            .iter()
            .position(stops_at)
            .map_or(runs.len(), |i| i + 1);
        // An input given twice (generators can print the same test for two seeds) runs once: the
        // later copy takes the earlier one's result, as it would from the cache.
        let mut first_of: HashMap<(&str, &[String]), usize> = HashMap::new();
        let mut copy_of: Vec<Option<usize>> = vec![None; runs.len()];
        let mut missing: Vec<usize> = Vec::new();
        for i in (0..horizon).filter(|&i| found[i].is_none()) {
            match first_of.entry((input_shas[i].as_str(), runs[i].1)) {
                std::collections::hash_map::Entry::Occupied(o) => copy_of[i] = Some(*o.get()),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(i);
                    missing.push(i);
                }
            }
        }
        for chunk in missing.chunks(BATCH_INPUTS) {
            let batch: Vec<(&[u8], &[String])> = chunk.iter().map(|&i| runs[i]).collect();
            let ran = self.run_batch_uncached(code, &batch, limits, hash_seed, stop_at_limit)?;
            self.runs += ran.len() as u64;
            let stopped = ran.len() < chunk.len();
            for (&i, result) in chunk.iter().zip(ran) {
                let result = Arc::new(result);
                remember(key(true, i), result.clone());
                found[i] = Some(result);
            }
            if stopped {
                break;
            }
        }
        for i in 0..horizon {
            if let Some(first) = copy_of[i] {
                found[i] = found[first].clone();
            }
        }
        let mut out = Vec::with_capacity(horizon);
        for r in found.into_iter().take(horizon) {
            let stop = stops_at(&r);
            // A run missing here follows a limit hit of the batch that stopped.
            let Some(r) = r else { break };
            out.push(r);
            if stop {
                break;
            }
        }
        Ok(out)
    }

    fn run_batch_uncached(
        &mut self,
        code: &str,
        runs: &[(&[u8], &[String])],
        limits: RunLimits,
        hash_seed: u64,
        stop_at_limit: bool,
    ) -> Result<Vec<RunResult>, RunError> {
        match self.backend {
            Backend::Plain => {
                let mut out = Vec::new();
                for (input, argv) in runs {
                    let r = run_plain(&self.python, code, input, argv, limits, hash_seed)?;
                    let stop = stop_at_limit && r.hit_limit();
                    out.push(r);
                    if stop {
                        break;
                    }
                }
                Ok(out)
            }
            Backend::Worker => self.with_worker(hash_seed, |worker| {
                worker.run_batch(code, runs, limits, stop_at_limit)
            }),
        }
    }

    /// `ask` the worker of `hash_seed`; whatever went wrong, the next request gets a fresh worker.
    fn with_worker<T>(
        &mut self,
        hash_seed: u64,
        ask: impl FnOnce(&mut Worker) -> Result<T, RunError>,
    ) -> Result<T, RunError> {
        let answer = ask(self.worker(hash_seed)?);
        if answer.is_err() {
            self.workers.remove(&hash_seed);
        }
        answer
    }

    /// The worker of `hash_seed`, started if there is none.
    fn worker(&mut self, hash_seed: u64) -> Result<&mut Worker, RunError> {
        Ok(match self.workers.entry(hash_seed) {
            std::collections::btree_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(Worker::start(&self.python, hash_seed)?)
            }
        })
    }
}

fn remember(key: RunKey, result: Arc<RunResult>) {
    results().remember(key, result, CACHED_BYTES);
}

fn run_plain(
    python: &Path,
    code: &str,
    input: &[u8],
    argv: &[String],
    limits: RunLimits,
    hash_seed: u64,
) -> Result<RunResult, RunError> {
    let sandbox_limits = Limits {
        wall: Duration::from_millis(limits.wall_ms),
        cpu_seconds: Some(limits.cpu_s),
        address_space: Some(limits.memory_kb * 1024),
        stdout_cap: limits.out_cap,
        ..Limits::default()
    };
    let cmd = SandboxCommand::new(python.to_string_lossy().to_string())
        .arg("Main.py")
        .args(argv.iter().cloned())
        .file("Main.py", code.as_bytes().to_vec(), false)
        .stdin(input.to_vec())
        .env("PYTHONHASHSEED", hash_seed.to_string())
        .limits(sandbox_limits);
    let out = sandbox::run(&cmd)?;
    let ending = match out.termination {
        Termination::Exited(c) => Ending::Exited(c),
        Termination::Signaled(s) => Ending::Signaled(s),
        Termination::WallTimeout => Ending::Timeout,
        Termination::CpuLimit => Ending::CpuLimit,
        Termination::OutputLimit => Ending::OutputLimit,
    };
    Ok(RunResult {
        ending,
        stdout: out.stdout,
        stderr: out.stderr,
        cpu_ms: out.cpu.as_millis() as u64,
        wall_ms: out.wall.as_millis() as u64,
        rss_kb: out.max_rss_kib,
    })
}

/// The pre-forked interpreter.
struct Worker {
    // Dropping the process kills the worker and everything it forked.
    _process: SandboxedProcess,
    stdin: std::fs::File,
    stdout: BufReader<std::fs::File>,
}

#[derive(serde::Deserialize)]
struct WorkerReply {
    status: String,
    code: i32,
    signal: i32,
    cpu_ms: u64,
    wall_ms: u64,
    rss_kb: u64,
    stdout_len: usize,
    stderr_len: usize,
}

impl Worker {
    fn start(python: &Path, hash_seed: u64) -> Result<Worker, RunError> {
        let limits = Limits {
            // The worker itself is idle most of the time; each child sets its own CPU limit.
            cpu_seconds: None,
            // Children lower this to the problem's memory limit.
            address_space: Some(4 << 30),
            processes: 32,
            // Children lower this to their output cap (generators' inputs can be large).
            file_size: 64 << 20,
            ..Limits::default()
        };
        let cmd = SandboxCommand::new(python.to_string_lossy().to_string())
            .arg("py_judge_worker.py")
            .file(
                "py_judge_worker.py",
                WORKER_SOURCE.as_bytes().to_vec(),
                false,
            )
            // Fixed string hashing: set iteration order, and so outputs, repeat from run to run
            // (children inherit the worker's seed, so each seed needs its own worker).
            .env("PYTHONHASHSEED", hash_seed.to_string())
            .limits(limits);
        let mut process = SandboxedProcess::start(&cmd, false)?;
        let died = |what: &str| RunError::WorkerDied(what.to_string());
        let stdin = process
            .child
            .stdin
            .take()
            .ok_or_else(|| died("no stdin pipe"))?;
        let stdout = process
            .child
            .stdout
            .take()
            .ok_or_else(|| died("no stdout pipe"))?;
        // stderr is not read: the worker writes nothing there, children write to files.
        drop(process.child.stderr.take());
        Ok(Worker {
            _process: process,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    fn run(
        &mut self,
        code: &str,
        input: &[u8],
        argv: &[String],
        limits: RunLimits,
    ) -> Result<RunResult, RunError> {
        let mut header = Self::header(code, argv, limits);
        header["input_len"] = input.len().into();
        self.send(&header, code, &[input])?;
        self.reply()
    }

    /// One request for `code` on every (stdin, argv) of `runs`; the replies in order (with
    /// `stop_at_limit`, up to the first that hit a limit: the worker answers no more).
    fn run_batch(
        &mut self,
        code: &str,
        runs: &[(&[u8], &[String])],
        limits: RunLimits,
        stop_at_limit: bool,
    ) -> Result<Vec<RunResult>, RunError> {
        let mut header = Self::header(code, &[], limits);
        header["input_lens"] = runs.iter().map(|r| r.0.len()).collect::<Vec<_>>().into();
        header["argvs"] = runs.iter().map(|r| r.1).collect::<Vec<_>>().into();
        header["stop_at_limit"] = stop_at_limit.into();
        let inputs: Vec<&[u8]> = runs.iter().map(|r| r.0).collect();
        self.send(&header, code, &inputs)?;
        let mut replies = Vec::with_capacity(runs.len());
        while replies.len() < runs.len() {
            let reply = self.reply()?;
            let stop = stop_at_limit && reply.hit_limit();
            replies.push(reply);
            if stop {
                break;
            }
        }
        Ok(replies)
    }

    fn header(code: &str, argv: &[String], limits: RunLimits) -> serde_json::Value {
        serde_json::json!({
            "code_len": code.len(),
            "cpu_s": limits.cpu_s,
            "wall_ms": limits.wall_ms,
            "mem_bytes": limits.memory_kb * 1024,
            "out_cap": limits.out_cap,
            "argv": argv,
        })
    }

    fn send(
        &mut self,
        header: &serde_json::Value,
        code: &str,
        inputs: &[&[u8]],
    ) -> Result<(), RunError> {
        let io = |e: std::io::Error| RunError::WorkerDied(e.to_string());
        let mut request = serde_json::to_vec(header).expect("json");
        request.push(b'\n');
        request.extend_from_slice(code.as_bytes());
        for input in inputs {
            request.extend_from_slice(input);
        }
        self.stdin.write_all(&request).map_err(io)?;
        self.stdin.flush().map_err(io)
    }

    fn reply(&mut self) -> Result<RunResult, RunError> {
        let io = |e: std::io::Error| RunError::WorkerDied(e.to_string());
        let mut line = String::new();
        if self.stdout.read_line(&mut line).map_err(io)? == 0 {
            return Err(RunError::WorkerDied("end of output".into()));
        }
        let reply: WorkerReply = serde_json::from_str(&line)
            .map_err(|e| RunError::WorkerDied(format!("bad reply: {e}")))?;
        let mut stdout = vec![0; reply.stdout_len];
        self.stdout.read_exact(&mut stdout).map_err(io)?;
        let mut stderr = vec![0; reply.stderr_len];
        self.stdout.read_exact(&mut stderr).map_err(io)?;
        let ending = match reply.status.as_str() {
            "exited" => Ending::Exited(reply.code),
            "signaled" => Ending::Signaled(reply.signal),
            "timeout" => Ending::Timeout,
            "cpu" => Ending::CpuLimit,
            "output" => Ending::OutputLimit,
            other => return Err(RunError::WorkerDied(format!("unknown status {other}"))),
        };
        Ok(RunResult {
            ending,
            stdout,
            stderr,
            cpu_ms: reply.cpu_ms,
            wall_ms: reply.wall_ms,
            rss_kb: reply.rss_kb,
        })
    }
}
