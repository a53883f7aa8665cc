//! The one owner of the SMT solver binaries, z3 and cvc5: SMT-LIB2 scripts go in over a pipe,
//! answers come back as text. Each script carries the solver's deterministic resource limit
//! (z3's `:rlimit`, cvc5's `:rlimit-per`), so an answer never depends on the machine's speed or
//! load; a backstop that counts only the time the solver could run kills one that runs away or
//! blocks, and such a kill is an error ([`SolverError::OutOfTime`]), never an answer. Both are
//! trusted system tools (not generated code), so they run directly.

use equibench_core::pair::sha256_hex;
use equibench_core::sandbox::RunClock;
use equibench_core::tools::{ToolError, ToolSpec, Tools};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Why a run gave no output to read. Never an answer: the caller decides what a run without one
/// means (the categories convert it into their own errors with `From`). Only [`Solver`] is the
/// script's own doing, the same on every machine; the others are the machine's, and a build
/// that counted them as rejections would say different things at the same seed.
///
/// [`Solver`]: SolverError::Solver
#[derive(Debug, thiserror::Error)]
pub enum SolverError {
    /// The solver's binary is missing or unusable.
    #[error("{0}")]
    Tool(#[from] ToolError),
    /// The solver complained about the script (an `(error ...)` line): the same script gets the
    /// same complaint on any machine.
    #[error("SMT solver failed: {0}")]
    Solver(String),
    /// The run failed for reasons outside the script: the solver could not be started or waited
    /// for, was killed from outside (the kernel's OOM killer, a user, Ctrl-C), or ran out of
    /// memory. Never an answer, and never the query's fault.
    #[error("SMT solver run failed on this machine: {0}")]
    Machine(String),
    /// A run passed its backstop, which counts only the time the solver could run (see [`run`]):
    /// under deterministic limits that says nothing about the query, only that the solver blocked
    /// or the limit does not bound its work, so it must never become a verdict.
    #[error("out of time: {0}")]
    OutOfTime(String),
}

/// What `check-sat` said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SatResult {
    Sat,
    Unsat,
    Unknown,
}

impl SatResult {
    /// The SMT-LIB2 word.
    pub fn word(self) -> &'static str {
        match self {
            SatResult::Sat => "sat",
            SatResult::Unsat => "unsat",
            SatResult::Unknown => "unknown",
        }
    }
}

/// The two solvers. z3 answers first (it is the faster one on most of these queries); cvc5 is
/// asked what z3 leaves unknown and re-checks every `unsat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Solver {
    Z3,
    Cvc5,
}

impl Solver {
    pub const BOTH: [Solver; 2] = [Solver::Z3, Solver::Cvc5];

    pub fn tool(self) -> &'static ToolSpec {
        match self {
            Solver::Z3 => &crate::Z3,
            Solver::Cvc5 => &crate::CVC5,
        }
    }

    /// The name recorded in evidence (the tool's provenance name).
    pub fn name(self) -> &'static str {
        self.tool().name
    }

    pub fn other(self) -> Solver {
        match self {
            Solver::Z3 => Solver::Cvc5,
            Solver::Cvc5 => Solver::Z3,
        }
    }

    /// The command line. cvc5 1.0.3's bit-vector solver (`--bv-solver=bitblast`, the default)
    /// bit-blasts to CaDiCaL whatever `--bv-sat-solver` says unless it names CryptoMiniSat
    /// (`BVSolverBitblast::initSatSolver`); the option is spelled out so the line says what
    /// runs. CaDiCaL's search is counted against `:rlimit-per`: cvc5 charges a `BvSatStep` each
    /// time CaDiCaL asks whether to stop, so the same query stops at the same point on every
    /// run, under any load (bench/RESULTS.md, "Issue 27 (second session): x86-64").
    pub fn args(self) -> &'static [&'static str] {
        match self {
            Solver::Z3 => &["-in", "-smt2"],
            Solver::Cvc5 => &["--lang=smt2", "--bv-sat-solver=cadical"],
        }
    }

    /// Lines of the output that are complaints but not failures: a `get-value` after `unsat` (or,
    /// for z3, after `unknown`) has no model to read.
    fn benign_error(self, line: &str) -> bool {
        match self {
            Solver::Z3 => line.contains("model is not available"),
            Solver::Cvc5 => line.contains("Cannot get value unless after a SAT or UNKNOWN"),
        }
    }
}

/// One way of asking a query: a solver and the options that shape its search (besides models and
/// limits). Evidence records the strategy that answered, so the audit can ask the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strategy {
    pub solver: Solver,
    /// `set-option` arguments, as `:name value`.
    pub options: &'static [&'static str],
}

impl Strategy {
    /// z3 as it comes.
    pub const Z3: Strategy = Strategy {
        solver: Solver::Z3,
        options: &[],
    };
    /// z3 sorting the arguments of associative-commutative bit-vector operators while it
    /// rewrites: a rewrite that only reorders the operands of an `xor` or `add` before a
    /// multiplication then gives both sides one term, where z3 as it comes bit-blasts two
    /// multipliers and rarely finishes (cvc5's rewriter sorts by default). It loses on other
    /// queries (adder trees such as popcount), so it is z3's second try, not its first.
    pub const Z3_SORTED_AC: Strategy = Strategy {
        solver: Solver::Z3,
        options: &[":rewriter.bv_sort_ac true"],
    };
    pub const CVC5: Strategy = Strategy {
        solver: Solver::Cvc5,
        options: &[],
    };
    /// z3's tries, in order: the next only when the one before had no answer.
    pub const Z3_TRIES: [Strategy; 2] = [Strategy::Z3, Strategy::Z3_SORTED_AC];
    pub const ALL: [Strategy; 3] = [Strategy::Z3, Strategy::Z3_SORTED_AC, Strategy::CVC5];

    /// The known strategy of `solver` with exactly these options.
    pub fn find(solver: Solver, options: &[&str]) -> Option<Strategy> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.solver == solver && s.options == options)
    }

    /// `z3`, or `z3 (:rewriter.bv_sort_ac true)`.
    pub fn describe(&self) -> String {
        if self.options.is_empty() {
            self.solver.name().to_string()
        } else {
            format!("{} ({})", self.solver.name(), self.options.join(", "))
        }
    }

    /// The option lines that go before `set-logic`: models on, the limit, and the strategy's
    /// options. With an `rlimit` that is the only limit the solver sees (z3's `:timeout` would
    /// make its `unknown` depend on the machine's load); without one, z3 gets the wall-clock
    /// `:timeout`, which ends a run with `unknown` instead of a kill.
    pub fn prelude(&self, rlimit: Option<u64>, timeout: Duration) -> String {
        let mut s = String::new();
        match self.solver {
            Solver::Z3 => match rlimit {
                Some(r) => s.push_str(&format!("(set-option :rlimit {r})\n")),
                None => s.push_str(&format!("(set-option :timeout {})\n", timeout.as_millis())),
            },
            Solver::Cvc5 => {
                s.push_str("(set-option :produce-models true)\n");
                // Per check-sat, in cvc5's own resource units (`--reproducible-resource-limit`).
                if let Some(r) = rlimit {
                    s.push_str(&format!("(set-option :rlimit-per {r})\n"));
                }
            }
        }
        for o in self.options {
            s.push_str(&format!("(set-option {o})\n"));
        }
        s
    }
}

/// Run `script` (which carries its own options, see [`Strategy::prelude`]) through `solver` and
/// return its standard output. `limit` bounds the time the solver could run: elapsed time less
/// the time it waited for a CPU and the time equibench itself was stopped or starved (the
/// sandbox's [`RunClock`]), so a busy machine slows a run but never ends it; a solver that
/// computes meets its resource limit (or its own `:timeout`) first, and only one that runs away
/// or blocks is killed, as [`SolverError::OutOfTime`]. A solver killed from outside or out of
/// memory is [`SolverError::Machine`]; a complaint about the script is [`SolverError::Solver`].
/// None is an `unknown`: the caller decides what a run without an answer means.
pub fn run(
    tools: &Tools,
    solver: Solver,
    script: &str,
    limit: Duration,
) -> Result<String, SolverError> {
    let tool = tools.get(solver.tool())?;
    let machine = |what: String| SolverError::Machine(format!("{}: {what}", solver.name()));
    let started = Instant::now();
    let mut child = Command::new(&tool.path)
        .args(solver.args())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| machine(format!("could not start {}: {e}", tool.path.display())))?;
    let mut clock = RunClock::new(child.id() as i32, started);
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| machine("no stdin".into()))?;
    let input = script.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| machine("no stdout".into()))?;
    let stderr = child
        .stderr
        .take()
        .ok_or_else(|| machine("no stderr".into()))?;
    // stderr is read too: a solver that fills an unread pipe would block until the backstop.
    let (reader, err_reader) = (read_all(stdout), read_all(stderr));
    let nap = Duration::from_millis(2);
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if clock.expired(nap, limit) => {
                let _ = child.kill();
                let _ = child.wait();
                timed_out = true;
                break None;
            }
            Ok(None) => std::thread::sleep(nap),
            Err(e) => return Err(machine(e.to_string())),
        }
    };
    let _ = writer.join();
    let out = reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    if timed_out {
        return Err(SolverError::OutOfTime(format!(
            "{} still running after {limit:.0?} of time it could run (killed)",
            solver.name()
        )));
    }
    // Killed from outside (the kernel's OOM killer, a user): the machine's doing, not an answer.
    // A solver that crashes by itself on a query (an abort) does so on every machine: its
    // missing answer is an `unknown` like any other.
    if let Some(sig) = status.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s)) {
        if matches!(
            sig,
            libc::SIGKILL | libc::SIGTERM | libc::SIGINT | libc::SIGHUP
        ) {
            return Err(machine(format!("killed by signal {sig}")));
        }
    }
    // An allocation that failed: how much memory the machine had left, not the query (z3 says
    // `(error "out of memory")` on stderr and stops with no answer).
    let no_memory = |l: &str| l.contains("out of memory") || l.contains("bad_alloc");
    if let Some(line) = out
        .lines()
        .filter(|l| l.starts_with("(error"))
        .chain(err.lines())
        .find(|l| no_memory(l))
    {
        return Err(machine(line.trim().to_string()));
    }
    if let Some(line) = out
        .lines()
        .find(|l| l.starts_with("(error") && !solver.benign_error(l))
    {
        return Err(SolverError::Solver(format!("{}: {line}", solver.name())));
    }
    Ok(out)
}

/// Everything `pipe` gives until it closes, read on a thread of its own (so that neither of a
/// solver's output pipes can fill while the other is read).
fn read_all(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// [`run`] for z3 (the cross-validation's solver).
pub fn run_script(tools: &Tools, script: &str, limit: Duration) -> Result<String, SolverError> {
    run(tools, Solver::Z3, script, limit)
}

/// The first `sat`/`unsat`/`unknown` line of a solver's output (a killed run counts as unknown).
pub fn first_answer(out: &str) -> SatResult {
    for line in out.lines() {
        match line.trim() {
            "sat" => return SatResult::Sat,
            "unsat" => return SatResult::Unsat,
            "unknown" | "timeout" => return SatResult::Unknown,
            _ => {}
        }
    }
    SatResult::Unknown
}

/// Values from a `(get-value (a b ...))` answer, by name: bit-vectors as u64 (`#x..`, `#b..`,
/// `(_ bvN W)`) and Booleans as 0/1.
pub fn parse_values(out: &str) -> std::collections::BTreeMap<String, u64> {
    let mut map = std::collections::BTreeMap::new();
    let toks: Vec<String> = out
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut i = 0;
    while i + 2 < toks.len() {
        if toks[i] == "(" && toks[i + 1] != "(" && toks[i + 1] != "_" {
            let name = &toks[i + 1];
            let v = &toks[i + 2];
            let parsed = if let Some(h) = v.strip_prefix("#x") {
                u64::from_str_radix(h, 16).ok()
            } else if let Some(b) = v.strip_prefix("#b") {
                u64::from_str_radix(b, 2).ok()
            } else if v == "true" {
                Some(1)
            } else if v == "false" {
                Some(0)
            } else if v == "(" && toks.get(i + 3).map(String::as_str) == Some("_") {
                toks.get(i + 4)
                    .and_then(|t| t.strip_prefix("bv"))
                    .and_then(|d| d.parse().ok())
            } else {
                None
            };
            if let Some(p) = parsed {
                map.insert(name.clone(), p);
            }
        }
        i += 1;
    }
    map
}

/// With `EQUIBENCH_X86_SOLVER_TRACE` set, one line on stderr per solver call (`solver-trace z3
/// unsat 0.012s ThreadId(3)`), so that a benchmark can add up what each solver costs; the thread
/// lets it follow one verification's calls (z3, then cvc5) among parallel workers' lines; an
/// answer taken from [`Remembered`] ends in ` remembered`. Never changes an answer.
pub fn trace(strategy: &Strategy, result: SatResult, took: Duration, remembered: bool) {
    if std::env::var_os("EQUIBENCH_X86_SOLVER_TRACE").is_some() {
        eprintln!(
            "solver-trace {} {} {:.3}s {:?}{}",
            strategy.describe().replace(' ', "_"),
            result.word(),
            took.as_secs_f64(),
            std::thread::current().id(),
            if remembered { " remembered" } else { "" }
        );
    }
}

/// The outputs of scripts that carry a deterministic resource limit, by solver and the script's
/// sha256, for the life of the process. Such an answer is a function of the script alone (the
/// same solver binary under the same `:rlimit`/`:rlimit-per`, whatever the load), so giving a
/// stored output for a script asked again is exactly what running it would give, without the
/// run. A candidate one search proposed can be proposed again by another search of the same
/// target (blocks' target ranges overlap in large builds); at 100 pairs, 4 of 592 calls were.
/// Scripts limited only by the wall clock are never stored (their answer depends on the machine).
pub struct Remembered;

type Outputs = Mutex<HashMap<(Solver, String), String>>;

impl Remembered {
    fn outputs() -> &'static Outputs {
        static OUTPUTS: OnceLock<Outputs> = OnceLock::new();
        OUTPUTS.get_or_init(Default::default)
    }

    fn key(solver: Solver, script: &str) -> (Solver, String) {
        (solver, sha256_hex(script.as_bytes()))
    }

    /// The stored output of `script`, if it was run to an answer before.
    pub fn get(solver: Solver, script: &str) -> Option<String> {
        let outputs = Self::outputs().lock().ok()?;
        outputs.get(&Self::key(solver, script)).cloned()
    }

    /// Store the output of a completed run of `script`. Only for scripts with a deterministic
    /// limit; a poisoned lock only loses the memory, never an answer.
    pub fn put(solver: Solver, script: &str, output: &str) {
        if let Ok(mut outputs) = Self::outputs().lock() {
            outputs.insert(Self::key(solver, script), output.to_string());
        }
    }
}

/// Where queries worth a human look are written: `EQUIBENCH_X86_SOLVER_LOG`, else
/// `equibench-x86-solver-log` in the temporary directory.
pub fn log_dir() -> PathBuf {
    std::env::var_os("EQUIBENCH_X86_SOLVER_LOG")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("equibench-x86-solver-log"))
}

/// Whether queries no solver decided are logged too (`EQUIBENCH_X86_SOLVER_LOG` set); queries the
/// solvers disagree on are always logged.
pub fn log_undecided() -> bool {
    std::env::var_os("EQUIBENCH_X86_SOLVER_LOG").is_some_and(|v| !v.is_empty())
}

/// Write `query` to the log under `kind`, named by its content, with `note` as a comment on
/// top (what each solver said); returns the file. Logging never changes a decision, so a failure
/// to write is ignored (None).
pub fn log_query(kind: &str, note: &str, query: &str) -> Option<PathBuf> {
    let dir = log_dir();
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!(
        "{kind}-{}.smt2",
        &sha256_hex(query.as_bytes())[..16]
    ));
    let comment: String = note.lines().map(|l| format!("; {l}\n")).collect();
    std::fs::write(&path, format!("{comment}{query}")).ok()?;
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_get_value_answers() {
        let m =
            parse_values("sat\n((a #x00000000000000ff)\n (b true)\n (c #b101) (d (_ bv7 3)))\n");
        assert_eq!(m["a"], 255);
        assert_eq!(m["b"], 1);
        assert_eq!(m["c"], 5);
        assert_eq!(m["d"], 7);
    }

    #[test]
    fn both_solvers_answer_a_bit_vector_query() {
        let tools = Tools::new();
        let body = "(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n\
                    (assert (= (bvadd x #x01) #x00))\n(check-sat)\n(get-value (x))\n";
        for strategy in Strategy::ALL {
            let (solver, limit) = (strategy.solver, Duration::from_secs(20));
            let script = format!("{}{body}", strategy.prelude(Some(1_000_000), limit));
            let out = run(&tools, solver, &script, limit).unwrap();
            assert_eq!(first_answer(&out), SatResult::Sat, "{solver:?}: {out}");
            assert_eq!(parse_values(&out)["x"], 0xff, "{solver:?}: {out}");
        }
    }

    /// A question z3 cannot settle within `rlimit`: is 2^32 - 5 (a prime) the product of two
    /// 32-bit numbers above 1? It works until the limit, then answers `unknown`, on any machine.
    fn factoring(rlimit: u64) -> String {
        let body = "(set-logic QF_BV)\n\
                    (declare-const x (_ BitVec 32))\n(declare-const y (_ BitVec 32))\n\
                    (assert (= (bvmul ((_ zero_extend 32) x) ((_ zero_extend 32) y)) \
                    #x00000000fffffffb))\n\
                    (assert (bvugt x #x00000001))\n(assert (bvugt y #x00000001))\n\
                    (check-sat)\n(get-value (x y))\n";
        let limit = Duration::from_secs(600);
        format!("{}{body}", Strategy::Z3.prelude(Some(rlimit), limit))
    }

    /// The id of the calling thread (its children are listed under it in /proc).
    fn thread_id() -> String {
        let link = std::fs::read_link("/proc/thread-self").expect("/proc/thread-self");
        link.file_name().unwrap().to_string_lossy().into_owned()
    }

    /// A solver starved of CPU is not killed by its backstop: the answer of a script under a
    /// deterministic limit is the same on a busy machine as on an idle one. At seed 7 one WASM
    /// query (cvc5, ending `unknown` at its rlimit after 72-89 s of CPU) was counted
    /// `proof-unknown` on a lightly loaded machine and `proof-solver-error` on a very loaded one,
    /// whose wall clock passed the backstop. Here three busy loops share CPU 0 with z3, so it gets
    /// a quarter of a CPU at most and needs about four times its CPU time of wall time; the
    /// backstop is twice the CPU time the same run takes alone on this machine (at least 1 s), so
    /// a backstop on the wall clock would cut it off, and one on the time it could run does not.
    #[test]
    fn a_solver_starved_of_cpu_is_not_cut_off_by_its_backstop() {
        use equibench_core::sandbox::{self, testing::Hogs, Limits, SandboxCommand, Termination};
        let tools = Tools::new();
        let script = factoring(1_000_000);
        let z3 = tools.get(Solver::Z3.tool()).unwrap().path;
        let alone = sandbox::run(
            &SandboxCommand::new("taskset")
                .args(["-c", "0"])
                .arg(z3)
                .args(Solver::Z3.args().iter().copied())
                .stdin(script.as_bytes().to_vec())
                .limits(Limits {
                    wall: Duration::from_secs(600),
                    cpu_seconds: Some(600),
                    ..Limits::default()
                }),
        )
        .unwrap();
        assert!(
            matches!(alone.termination, Termination::Exited(_)),
            "{}",
            alone.describe()
        );
        let alone_out = String::from_utf8_lossy(&alone.stdout).into_owned();
        assert_eq!(first_answer(&alone_out), SatResult::Unknown, "{alone_out}");
        let backstop = (alone.cpu * 2).max(Duration::from_secs(1));
        // This thread on CPU 0, so the solver it starts is there too (affinity is inherited).
        let pinned = Command::new("taskset")
            .args(["-p", "-c", "0", &thread_id()])
            .stdout(Stdio::null())
            .status()
            .expect("taskset");
        assert!(pinned.success());
        let hogs = Hogs::pinned(3, 0, Duration::from_secs(600));
        let starved = run(&tools, Solver::Z3, &script, backstop);
        drop(hogs);
        let out = starved.unwrap_or_else(|e| {
            panic!("{e} (backstop {backstop:?}; {:?} of CPU alone)", alone.cpu)
        });
        assert_eq!(out, alone_out);
    }

    /// A solver killed from outside (here by SIGKILL, as the kernel's OOM killer does) is the
    /// machine's failure, never a complaint about the script that a category would count as a
    /// rejection of the candidate: on another machine the run would have answered.
    #[test]
    fn a_solver_killed_from_outside_is_the_machines_failure() {
        let tools = Tools::new();
        // The version check runs z3 too: done (and remembered) before the killer watches.
        tools.get(Solver::Z3.tool()).unwrap();
        // Minutes of work, unless killed.
        let script = factoring(2_000_000_000);
        let children = format!("/proc/self/task/{}/children", thread_id());
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let killer = {
            let done = done.clone();
            std::thread::spawn(move || {
                use std::sync::atomic::Ordering;
                while !done.load(Ordering::SeqCst) {
                    let listed = std::fs::read_to_string(&children).unwrap_or_default();
                    let z3 = listed.split_whitespace().find(|pid| {
                        std::fs::read_to_string(format!("/proc/{pid}/comm"))
                            .is_ok_and(|c| c.trim() == "z3")
                    });
                    if let Some(pid) = z3 {
                        let _ = Command::new("kill").args(["-KILL", pid]).status();
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            })
        };
        let killed = run(&tools, Solver::Z3, &script, Duration::from_secs(3600));
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        killer.join().unwrap();
        assert!(matches!(killed, Err(SolverError::Machine(_))), "{killed:?}");
    }

    #[test]
    fn a_get_value_after_unsat_is_no_failure() {
        let tools = Tools::new();
        let body = "(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n\
                    (assert (not (= (bvadd x x) (bvmul x #x02))))\n(check-sat)\n(get-value (x))\n";
        for strategy in Strategy::ALL {
            let (solver, limit) = (strategy.solver, Duration::from_secs(20));
            let script = format!("{}{body}", strategy.prelude(None, limit));
            let out = run(&tools, solver, &script, limit).unwrap();
            assert_eq!(first_answer(&out), SatResult::Unsat, "{solver:?}: {out}");
        }
    }
}
