//! The one owner of `tools/tvm_worker.py`: a long-lived Python process that imports apache-tvm once
//! and answers JSON-line requests. A [`WorkerPool`] keeps started workers for the whole job, so TVM
//! is imported once per worker, not per kernel. Every read has a deadline: a worker that dies or
//! stops answering is killed, reported and replaced by a fresh one on the next call.
//!
//! The worker runs only our own trusted code (TVM and the operator builders), so it is started with
//! `std::process::Command` rather than the sandbox that runs generated programs.

use equibench_core::sandbox::{sched_stat, RunClock};
use serde_json::{json, Value};
use std::collections::{HashSet, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a fresh worker may take to import TVM and say hello.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(240);
/// How often a wait for an answer looks at the worker's CPU time.
const LOOK_EVERY: Duration = Duration::from_millis(250);
/// A worker that has had this many times an operation's CPU budget of time to run, without using
/// the budget or answering, is stalled.
const STALL_FACTOR: u32 = 4;
/// Lines of the worker's stderr kept for error messages.
const STDERR_TAIL: usize = 12;

/// What starts a worker: the venv Python and the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerSpec {
    pub python: PathBuf,
    pub script: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error("cannot start the TVM worker {script}: {source}")]
    Spawn {
        script: String,
        source: std::io::Error,
    },
    #[error("the TVM worker died{}", stderr_suffix(.stderr))]
    Crashed { stderr: String },
    #[error("the TVM worker spent {secs} s of CPU on `{op}` without answering and was killed")]
    TimedOut { op: String, secs: u64 },
    /// The worker neither answered nor used its CPU budget within many times that budget of the
    /// time it could run: it blocks, or the machine is overloaded. Nothing about the request.
    #[error(
        "the TVM worker did not answer `{op}` and made no progress for {secs} s; it was killed"
    )]
    Stalled { op: String, secs: u64 },
    #[error("the TVM worker broke the protocol: {0}")]
    Protocol(String),
    /// The worker is fine but the request failed (a TVM error on this operator or schedule).
    #[error("TVM refused `{op}`: {message}")]
    Refused { op: String, message: String },
}

fn stderr_suffix(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        String::new()
    } else {
        format!("; its last words:\n{stderr}")
    }
}

impl WorkerError {
    /// True when the worker process is gone or unusable and must be replaced.
    pub fn lost_worker(&self) -> bool {
        !matches!(self, WorkerError::Refused { .. })
    }

    /// A stable kebab-case rejection reason.
    pub fn reason(&self) -> &'static str {
        match self {
            WorkerError::Spawn { .. } => "worker-spawn-failed",
            WorkerError::Crashed { .. } => "worker-crashed",
            WorkerError::TimedOut { .. } => "worker-timeout",
            WorkerError::Stalled { .. } => "worker-stalled",
            WorkerError::Protocol(_) => "worker-protocol-error",
            WorkerError::Refused { .. } => "tvm-error",
        }
    }
}

/// One running worker process.
pub struct Worker {
    spec: WorkerSpec,
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    next_id: u64,
    /// Affinity keys of the requests this worker has answered (see [`WorkerPool::call_near`]).
    served: HashSet<u64>,
    /// The worker's `hello` answer (TVM and Python versions, operator kinds).
    pub hello: Value,
}

impl Worker {
    /// Start a worker and wait for its hello.
    pub fn start(spec: &WorkerSpec) -> Result<Worker, WorkerError> {
        let mut child = Command::new(&spec.python)
            .arg(&spec.script)
            .env("PYTHONUNBUFFERED", "1")
            .env("PYTHONDONTWRITEBYTECODE", "1")
            // One thread per worker: the pool already runs one worker per build job.
            .env("TVM_NUM_THREADS", "1")
            .env("OMP_NUM_THREADS", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| WorkerError::Spawn {
                script: spec.script.display().to_string(),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let stderr_pipe = child.stderr.take().expect("stderr was piped");
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(l) = line else { break };
                let mut t = tail.lock().unwrap_or_else(|p| p.into_inner());
                if t.len() == STDERR_TAIL {
                    t.pop_front();
                }
                t.push_back(l);
            }
        });
        let mut w = Worker {
            spec: spec.clone(),
            child,
            stdin,
            answers,
            stderr,
            next_id: 0,
            served: HashSet::new(),
            hello: Value::Null,
        };
        w.hello = w.call("hello", json!({}), STARTUP_TIMEOUT)?;
        Ok(w)
    }

    /// Send one request and wait at most `timeout` for its answer. `body` must be a JSON object.
    pub fn call(&mut self, op: &str, body: Value, timeout: Duration) -> Result<Value, WorkerError> {
        self.next_id += 1;
        let id = self.next_id;
        let mut request = match body {
            Value::Object(m) => m,
            _ => {
                return Err(WorkerError::Protocol(
                    "a request body must be an object".into(),
                ))
            }
        };
        request.insert("op".into(), json!(op));
        request.insert("id".into(), json!(id));
        let line = Value::Object(request).to_string();
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            return Err(self.crashed());
        }
        let answer = self.wait_answer(op, timeout)?;
        let answer: Value = serde_json::from_str(&answer)
            .map_err(|e| WorkerError::Protocol(format!("answer is not JSON ({e}): {answer}")))?;
        if answer.get("id") != Some(&json!(id)) {
            return Err(WorkerError::Protocol(format!(
                "answer to request {id} carries id {}",
                answer.get("id").unwrap_or(&Value::Null)
            )));
        }
        if answer.get("ok") == Some(&Value::Bool(true)) {
            Ok(answer)
        } else {
            Err(WorkerError::Refused {
                op: op.to_string(),
                message: answer
                    .get("error")
                    .and_then(Value::as_str)
                    .unwrap_or("no message")
                    .to_string(),
            })
        }
    }

    /// Wait for the answer to `op`. `budget` is CPU time, not wall time (issue 26): an operation
    /// that uses it up is refused the same way on any machine, however loaded. Wall time is only a
    /// safety net for a worker that blocks: [`STALL_FACTOR`] times the budget of the time it could
    /// run (the sandbox's [`RunClock`]: not counting time it waited for a CPU or equibench was
    /// stopped), and its expiry stops the build rather than drop a candidate.
    fn wait_answer(&mut self, op: &str, budget: Duration) -> Result<String, WorkerError> {
        let pid = self.child.id() as i32;
        let cpu_at_start = sched_stat(pid).map_or(Duration::ZERO, |s| s.on_cpu);
        let mut clock = RunClock::new(pid, Instant::now());
        loop {
            match self.answers.recv_timeout(LOOK_EVERY) {
                Ok(a) => return Ok(a),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            let cpu = sched_stat(pid)
                .map_or(Duration::ZERO, |s| s.on_cpu)
                .saturating_sub(cpu_at_start);
            if cpu >= budget {
                self.kill();
                return Err(WorkerError::TimedOut {
                    op: op.to_string(),
                    secs: budget.as_secs(),
                });
            }
            if clock.expired(LOOK_EVERY, budget * STALL_FACTOR) {
                self.kill();
                return Err(WorkerError::Stalled {
                    op: op.to_string(),
                    secs: (budget * STALL_FACTOR).as_secs(),
                });
            }
        }
    }

    /// The process id (for tests that kill a worker from outside).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn crashed(&mut self) -> WorkerError {
        // Give the stderr reader a moment to collect the last words.
        std::thread::sleep(Duration::from_millis(100));
        self.kill();
        let stderr = self
            .stderr
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join("\n");
        WorkerError::Crashed { stderr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Affinity keys a worker remembers; past this many it forgets them all, as the worker's caches
/// (`CACHE_LIMIT` in tools/tvm_worker.py) forget their entries.
const SERVED_LIMIT: usize = 1024;

/// Workers shared by every block of a job (and by audits): taken for one call, given back after.
#[derive(Default)]
pub struct WorkerPool {
    idle: Mutex<Vec<Worker>>,
    started: AtomicUsize,
    lost: AtomicUsize,
}

impl WorkerPool {
    pub fn new() -> Self {
        WorkerPool::default()
    }

    /// One request on an idle worker (started if none is idle). A worker that crashed or hung is
    /// dropped (killed); the next call starts a fresh one.
    pub fn call(
        &self,
        spec: &WorkerSpec,
        op: &str,
        body: Value,
        timeout: Duration,
    ) -> Result<Value, WorkerError> {
        self.call_near(spec, &[], op, body, timeout)
    }

    /// One request, on the idle worker that has answered most requests with these affinity keys
    /// (an operator's: it holds that operator's module, design space and CPU build in its caches),
    /// else on the idle worker that has served fewest keys. Answers never depend on which worker
    /// gives them (the caches are invisible but for time), so this only saves the work of building
    /// an operator's state in a second worker; a busy worker is never waited for.
    pub fn call_near(
        &self,
        spec: &WorkerSpec,
        keys: &[u64],
        op: &str,
        body: Value,
        timeout: Duration,
    ) -> Result<Value, WorkerError> {
        let mut worker = self.take_near(spec, keys)?;
        let result = worker.call(op, body, timeout);
        match &result {
            Err(e) if e.lost_worker() => {
                self.lost.fetch_add(1, Ordering::Relaxed);
                drop(worker);
            }
            _ => {
                if worker.served.len() + keys.len() > SERVED_LIMIT {
                    worker.served.clear();
                }
                worker.served.extend(keys);
                self.put(worker);
            }
        }
        result
    }

    /// Give a worker (from [`WorkerPool::take`]) back to the idle ones.
    pub fn put(&self, worker: Worker) {
        self.idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(worker);
    }

    /// An idle worker for `spec`, or a new one.
    pub fn take(&self, spec: &WorkerSpec) -> Result<Worker, WorkerError> {
        self.take_near(spec, &[])
    }

    /// An idle worker for `spec` chosen by affinity (see [`WorkerPool::call_near`]), or a new one.
    fn take_near(&self, spec: &WorkerSpec, keys: &[u64]) -> Result<Worker, WorkerError> {
        let found = {
            let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
            idle.iter()
                .enumerate()
                .filter(|(_, w)| &w.spec == spec)
                .max_by_key(|(i, w)| {
                    let near = keys.iter().filter(|k| w.served.contains(k)).count();
                    // Most keys in common, then fewest served, then the earliest idle.
                    (
                        near,
                        std::cmp::Reverse(w.served.len()),
                        std::cmp::Reverse(*i),
                    )
                })
                .map(|(i, _)| i)
                .map(|i| idle.swap_remove(i))
        };
        match found {
            Some(w) => Ok(w),
            None => {
                self.started.fetch_add(1, Ordering::Relaxed);
                Worker::start(spec)
            }
        }
    }

    /// Workers started so far (one per concurrent block in a healthy job).
    pub fn started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// Workers lost to a crash or a hang.
    pub fn lost(&self) -> usize {
        self.lost.load(Ordering::Relaxed)
    }

    /// The idle workers' `stats` answers summed: schedules tried and kernels compiled so far.
    pub fn totals(&self) -> std::collections::BTreeMap<String, u64> {
        let mut sum = std::collections::BTreeMap::new();
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        for w in idle.iter_mut() {
            if let Ok(Value::Object(m)) = w.call("stats", json!({}), Duration::from_secs(30)) {
                for (k, v) in m {
                    if let (Some(n), false) = (v.as_u64(), k == "id") {
                        *sum.entry(k).or_default() += n;
                    }
                }
            }
        }
        sum
    }

    /// Worker processes currently idle.
    pub fn idle_pids(&self) -> Vec<u32> {
        self.idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .map(Worker::pid)
            .collect()
    }
}
