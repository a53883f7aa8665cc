//! Determinism over the real categories (every category in `default_registry()`, real tools, small
//! sizes; issue 26 item 9): nothing that decides what a pair is may depend on the number of jobs, on
//! elapsed time or on a crash. One build is made under every disturbance at once and must give the
//! bytes (`pairs.jsonl`, every harness export, the manifest's digest, counts and rejections) of the
//! run's shared reference build (`--jobs 2`, undisturbed):
//! - `--jobs 1` (the reference has two workers: any dependence on their timing or number shows);
//! - pinned to one CPU and given half of it (a cgroup's CPU quota; where the machine gives a test
//!   no cgroup, a CPU hog pinned there too): its runs wait for the CPU, so a clock that counts the
//!   wait would cut them off (the starvation a stop cannot make: a stopped process is not waiting
//!   for a CPU). The quota withholds the CPU without burning it, so the rest of the suite gets it;
//!   the test fails if the build was never throttled;
//! - stopped (SIGSTOP, then SIGCONT [`STOP`] later) in the middle of each block it can be caught in
//!   (after the block's first pair): alternately its whole process group (equibench with the
//!   solvers, TVM and judge workers it runs; sandboxed programs have groups of their own and go on)
//!   and equibench alone (every tool goes on while equibench cannot look at it); and its whole
//!   group again while an SMT solver runs, once per block that runs one (x86-64, WASM);
//! - SIGKILLed as a whole process group once a block has finished and the next one has journaled a
//!   pair, then resumed with the same command: the finished blocks are kept, the journal is appended
//!   to, the rest is redone.
//!
//! A failure names every disturbance that was applied. (Five builds before: `--jobs 1`, killed and
//! resumed, stopped, beside CPU hogs, and an x86-64 build stopped with its solvers; now one.)

use crate::real_common;

use equibench_core::sandbox::testing::{CpuQuota, Hogs};
use equibench_core::CategoryName;
use real_common::{
    assert_every_category_built, assert_same_output, bin, build_args, describe, registered,
    require_tools, shared_reference, SHARED_PAIRS as PAIRS, SHARED_SEED as SEED,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::{Read, Seek};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long each stop lasts: longer than the shortest wall limit a pipeline gives a run it watches
/// (an OJ submission's: five times the problem's time limit, at least 500 ms), so a clock that
/// counted the stop would cut off a run in flight.
const STOP: Duration = Duration::from_secs(3);
/// The CPU the disturbed build is pinned to (half of it under the quota, or beside the hog).
const CPU: usize = 0;
/// The share of [`CPU`] the build gets: what a hog beside it leaves it.
const QUOTA_PERCENT: u32 = 50;
/// The SMT solvers the proof categories run (x86-64, WASM): the build's whole process group is
/// stopped while one of them is its child, once per block, so the solver's own clock and the
/// build's watch of it both see the stop (the search counts proposals and the solvers stop at
/// deterministic resource limits: neither may notice).
const SOLVERS: [&str; 2] = ["z3", "cvc5"];

#[test]
fn a_jobs_1_build_starved_stopped_killed_and_resumed_gives_the_bytes_of_the_reference() {
    let categories = registered();
    require_tools(&categories);
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("disturbed");
    let journal_file = out.join("journal.jsonl");
    let mut log = Disturbances::default();
    let mut journal = JournalWatch::new(journal_file.clone());

    let started = Instant::now();
    let killed = run(&out, &mut journal, &mut log, true);
    assert!(killed.is_none(), "the build was not killed");
    let before = std::fs::read(&journal_file).unwrap();
    assert!(
        !out.join("pairs.jsonl").exists(),
        "killed mid-run, yet the final files exist"
    );
    let resumed =
        run(&out, &mut journal, &mut log, false).expect("the resumed build ran to its end");
    eprintln!("disturbed build: {:.1?}; {log}", started.elapsed());
    assert!(
        log.quota
            .as_ref()
            .is_none_or(|q| q.throttled() > Duration::ZERO),
        "the quota never made the build wait: {log}"
    );
    assert!(
        resumed.status.success(),
        "the resumed build failed ({log}): {}",
        describe(&resumed)
    );
    let whole_group = log.stops.iter().filter(|s| s.whole_group).count();
    assert!(
        whole_group >= 1 && log.stops.len() > whole_group,
        "the build was not stopped both as a whole group and alone: {log}"
    );
    if runs_a_solver(&categories) {
        assert!(
            log.stops.iter().any(|s| s.category.is_none()),
            "no stop came while a solver ran: {log}"
        );
    }

    // Asked for only now, so that the disturbed build runs while another test may be making it.
    let reference = shared_reference();
    assert_every_category_built(&out, &categories, PAIRS);
    let report =
        equibench_core::validate::validate(&out, &equibench_cli::default_registry()).unwrap();
    assert!(report.ok(), "{log}: {:?}", report.problems);
    assert_same_output(
        &reference,
        &out,
        &categories,
        &format!("undisturbed --jobs 2 vs {log}"),
    );
    // Same counts and rejections too: resumed blocks kept their reports, redone blocks remade them.
    let want = equibench_core::output::read_manifest(&reference).unwrap();
    let got = equibench_core::output::read_manifest(&out).unwrap();
    assert_eq!(got.pairs_sha256, want.pairs_sha256, "{log}");
    assert_eq!(got.categories, want.categories, "{log}");

    // The resumed build kept the finished work and redid only the rest.
    let killed = log.killed.as_ref().expect("killed");
    let stdout = String::from_utf8_lossy(&resumed.stdout).into_owned();
    let kept = number_before(&stdout, " resumed from the journal");
    assert!(
        kept >= killed.finished_blocks && kept >= 1,
        "the resumed build reused {kept} blocks, {} were finished when it was killed:\n{stdout}",
        killed.finished_blocks
    );
    let after = std::fs::read(&journal_file).unwrap();
    let complete = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    assert_eq!(
        &after[..complete],
        &before[..complete],
        "the journal was rewritten, not appended to"
    );
    assert!(after.len() > before.len());
}

/// Everything done to the disturbed build, in order.
struct Disturbances {
    /// The cgroup both runs of the build are started in; `None` where the machine gives a test no
    /// cgroup, and a hog pinned beside the build starves it instead.
    quota: Option<CpuQuota>,
    stops: Vec<Stopped>,
    killed: Option<Killed>,
    /// CPU time the hog took from the build's CPU.
    hog_cpu: Duration,
}

impl Default for Disturbances {
    fn default() -> Self {
        Disturbances {
            quota: CpuQuota::new(QUOTA_PERCENT),
            stops: Vec::new(),
            killed: None,
            hog_cpu: Duration::ZERO,
        }
    }
}

struct Stopped {
    whole_group: bool,
    /// The category of the block stopped after its first pair; `None` for a stop made because a
    /// solver was running.
    category: Option<CategoryName>,
    /// What equibench's child processes were when it was stopped (solvers, workers, programs).
    children: Vec<String>,
}

struct Killed {
    finished_blocks: usize,
    /// Pairs journaled by blocks that had not finished (discarded and redone on resume).
    pending_pairs: usize,
}

impl fmt::Display for Disturbances {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.quota {
            Some(q) => write!(
                f,
                "a --jobs 1 build on CPU {CPU} under a {QUOTA_PERCENT}% CPU quota ({}; \
                 {:.0?} spent waiting for the CPU)",
                q.path().display(),
                q.throttled()
            )?,
            None => write!(
                f,
                "a --jobs 1 build on CPU {CPU} beside a CPU hog ({:.0?} of CPU taken)",
                self.hog_cpu
            )?,
        }
        for s in &self.stops {
            let what = if s.whole_group {
                "its process group"
            } else {
                "equibench alone"
            };
            let when = match s.category {
                Some(c) => format!("in a {c} block after its first pair"),
                None => "while a solver ran".to_string(),
            };
            write!(
                f,
                ", {what} stopped for {STOP:?} {when} (children: {})",
                if s.children.is_empty() {
                    "none".to_string()
                } else {
                    s.children.join(" ")
                }
            )?;
        }
        if let Some(k) = &self.killed {
            write!(
                f,
                ", SIGKILLed with {} blocks finished and {} pairs of unfinished blocks journaled, \
                 then resumed",
                k.finished_blocks, k.pending_pairs
            )?;
        }
        Ok(())
    }
}

/// Run the disturbed build's command once, in its own process group, pinned to [`CPU`] under the
/// quota (or beside a hog pinned there too); stop it once in each block caught with a pair
/// journaled and not finished; with `kill`, SIGKILL its group as soon as a block has finished and
/// another has journaled a pair (returning `None`). Otherwise wait for it to end and return what it printed. `journal`
/// has read the journal of the previous run, if any: the pairs of its unfinished blocks are not in
/// flight now (those blocks are redone from the start).
fn run(
    out: &Path,
    journal: &mut JournalWatch,
    log: &mut Disturbances,
    kill: bool,
) -> Option<Output> {
    let args = build_args(out, PAIRS, SEED, &["--jobs", "1"]);
    // Into the quota's group first (when there is one), then pinned by taskset.
    let mut argv = log
        .quota
        .as_ref()
        .map(CpuQuota::wrapper)
        .unwrap_or_default();
    argv.extend(["taskset".to_string(), "-c".to_string(), CPU.to_string()]);
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .arg(bin())
        .arg("--quiet")
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("start the build (taskset runs it)");
    let quota = log.quota.is_some();
    let hog = || (!quota).then(|| Hogs::pinned(1, CPU, Duration::from_secs(1800)));
    let mut hogs = hog();
    journal.pending.clear();
    // Blocks stopped after their first pair, and blocks (by how many had finished: one block runs
    // at a time) stopped while a solver ran.
    let mut stopped: BTreeSet<(CategoryName, usize)> = BTreeSet::new();
    let mut solver_stopped: BTreeSet<usize> = BTreeSet::new();
    // Solvers count only once this run has journaled something: before, they are the version
    // probes of the tool check every build makes first.
    let journaled_before = journal.read_to;
    let deadline = Instant::now() + Duration::from_secs(1800);
    loop {
        if child.try_wait().unwrap().is_some() {
            log.hog_cpu += hogs.take().map_or(Duration::ZERO, Hogs::stop);
            let o = child.wait_with_output().unwrap();
            assert!(
                !kill,
                "the build ended before it could be killed ({log}): {}",
                describe(&o)
            );
            return Some(o);
        }
        assert!(
            Instant::now() < deadline,
            "the build did not end in 30 min: {log}"
        );
        journal.read();
        let children = children(child.id());
        let mid_block = journal
            .pending
            .keys()
            .find(|b| !stopped.contains(b))
            .copied();
        let solving = journal.read_to > journaled_before
            && children.iter().any(|c| SOLVERS.contains(&c.as_str()))
            && !solver_stopped.contains(&journal.finished.len());
        // The kill comes first: a block caught mid-way after another has finished is the moment
        // it needs, and a stop given first lets that block finish (two-pair blocks often end
        // right after the stop) until, block after block, the build ends unkilled. The blocks
        // it leaves are stopped in the resumed run.
        if kill && !journal.finished.is_empty() && !journal.pending.is_empty() {
            signal("-KILL", &format!("-{}", child.id()));
            log.hog_cpu += hogs.take().map_or(Duration::ZERO, Hogs::stop);
            let status = child.wait().unwrap();
            assert!(
                status.code().is_none(),
                "the build exited on its own ({status}) instead of being killed"
            );
            journal.read();
            let total_blocks = registered().len();
            assert!(
                journal.finished.len() < total_blocks,
                "every block had finished when the build was killed"
            );
            log.killed = Some(Killed {
                finished_blocks: journal.finished.len(),
                pending_pairs: journal.pending.values().sum(),
            });
            return None;
        } else if mid_block.is_some() || solving {
            let (whole_group, category) = match mid_block {
                Some(block) => {
                    stopped.insert(block);
                    (log.stops.len().is_multiple_of(2), Some(block.0))
                }
                None => {
                    solver_stopped.insert(journal.finished.len());
                    (true, None)
                }
            };
            // The hog waits too: a stopped build cannot be starved.
            log.hog_cpu += hogs.take().map_or(Duration::ZERO, Hogs::stop);
            let target = if whole_group {
                format!("-{}", child.id())
            } else {
                child.id().to_string()
            };
            signal("-STOP", &target);
            std::thread::sleep(STOP);
            signal("-CONT", &target);
            hogs = hog();
            log.stops.push(Stopped {
                whole_group,
                category,
                children,
            });
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether some category declares one of the [`SOLVERS`] among its tools.
fn runs_a_solver(categories: &[CategoryName]) -> bool {
    let registry = equibench_cli::default_registry();
    categories.iter().any(|c| {
        registry
            .get(*c)
            .expect("a registered category")
            .required_tools()
            .iter()
            .any(|t| SOLVERS.contains(&t.name))
    })
}

/// `kill SIGNAL -- TARGET` (a pid, or `-PGID` for a whole process group).
fn signal(which: &str, target: &str) {
    let o = Command::new("kill")
        .args([which, "--", target])
        .output()
        .expect("run kill(1)");
    assert!(
        o.status.success(),
        "kill {which} {target}: {}",
        describe(&o)
    );
}

/// The command names of the child processes of `pid` (of any of its threads), from /proc.
fn children(pid: u32) -> Vec<String> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for t in tasks.flatten() {
        let kids = std::fs::read_to_string(t.path().join("children")).unwrap_or_default();
        for k in kids.split_whitespace() {
            if let Ok(comm) = std::fs::read_to_string(format!("/proc/{k}/comm")) {
                names.push(comm.trim().to_string());
            }
        }
    }
    names.sort();
    names
}

/// The blocks of a build's journal, read as it grows (whole lines only).
struct JournalWatch {
    path: std::path::PathBuf,
    read_to: u64,
    /// Finished blocks.
    finished: BTreeSet<(CategoryName, usize)>,
    /// Pairs journaled per block that has not finished.
    pending: BTreeMap<(CategoryName, usize), usize>,
}

impl JournalWatch {
    fn new(path: std::path::PathBuf) -> Self {
        JournalWatch {
            path,
            read_to: 0,
            finished: BTreeSet::new(),
            pending: BTreeMap::new(),
        }
    }

    /// Read the lines appended since the last call.
    fn read(&mut self) {
        let Ok(mut f) = std::fs::File::open(&self.path) else {
            return;
        };
        f.seek(std::io::SeekFrom::Start(self.read_to)).unwrap();
        let mut text = String::new();
        std::io::BufReader::new(f)
            .read_to_string(&mut text)
            .unwrap();
        let Some(end) = text.rfind('\n') else {
            return;
        };
        self.read_to += end as u64 + 1;
        for line in text[..end].lines() {
            let entry: serde_json::Value = serde_json::from_str(line).unwrap();
            let key = |category: &serde_json::Value, block: &serde_json::Value| {
                (
                    CategoryName::new(category.as_str().expect("a category")),
                    block.as_u64().expect("a block index") as usize,
                )
            };
            if let Some(p) = entry.get("pair") {
                *self
                    .pending
                    .entry(key(&p["pair"]["category"], &p["block"]))
                    .or_default() += 1;
            } else if let Some(d) = entry.get("block_done") {
                let block = key(&d["category"], &d["block"]);
                self.pending.remove(&block);
                self.finished.insert(block);
            }
        }
    }
}

/// The number printed just before `suffix` in `text` (e.g. "3 resumed from the journal").
fn number_before(text: &str, suffix: &str) -> usize {
    let end = text
        .find(suffix)
        .unwrap_or_else(|| panic!("no `{suffix}` in:\n{text}"));
    text[..end]
        .rsplit(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number before `{suffix}` in:\n{text}"))
}
