//! Determinism under disturbance (issue 26 item 9), over every category in `default_registry()`
//! with real tools: nothing that decides what a pair is may depend on elapsed time, so a build
//! whose process is stopped (SIGSTOP, then SIGCONT seconds later) in mid-block, and a build run
//! beside CPU hogs that take the machine's cores, give exactly the bytes of an undisturbed build.
//! The stops fall while the build is making pairs, so a sandboxed run, a solver or a TVM request
//! is in flight and its clock keeps going while equibench cannot look at it. The undisturbed build
//! is the run's shared reference build.

use crate::real_common;

use equibench_core::sandbox::testing::Hogs;
use real_common::{
    assert_ok, assert_same_output, bin, build, build_args, journal_entries, registered,
    require_tools, shared_reference, SHARED_PAIRS as PAIRS, SHARED_SEED as SEED,
};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long each stop lasts: longer than the shortest wall limits and solver timeouts the
/// pipelines had (a few seconds), so a clock that counts the stop would run out.
const STOP: Duration = Duration::from_secs(6);
/// Stops made, each after a pair more has been journaled.
const STOPS: usize = 3;

#[test]
fn a_stopped_build_and_a_build_beside_cpu_hogs_give_the_bytes_of_an_undisturbed_one() {
    let categories = registered();
    require_tools(&categories);
    let root = tempfile::tempdir().unwrap();
    let stopped = root.path().join("stopped");
    let hogged = root.path().join("hogged");

    let started = Instant::now();
    let stops = build_with_stops(&stopped);
    eprintln!("build stopped {stops} times: {:.1?}", started.elapsed());
    assert!(stops >= 1, "the build ended before it could be stopped");
    // Asked for only now, so that the stopped build runs while another test may be making it.
    let calm = shared_reference();
    assert_same_output(&calm, &stopped, &categories, "undisturbed vs stopped");

    // One busy loop per core, bounded in time and killed at the end.
    let started = Instant::now();
    let hogs = Hogs::start(
        std::thread::available_parallelism().map_or(2, |n| n.get()),
        Duration::from_secs(900),
    );
    build(&hogged, PAIRS, SEED, &["--jobs", "2"]);
    let hog_cpu = hogs.stop();
    eprintln!(
        "build beside CPU hogs ({hog_cpu:.0?} of CPU burnt by them): {:.1?}",
        started.elapsed()
    );
    assert_same_output(
        &calm,
        &hogged,
        &categories,
        "undisturbed vs beside CPU hogs",
    );

    let m = equibench_core::output::read_manifest(&calm).unwrap();
    for dir in [&stopped, &hogged] {
        let other = equibench_core::output::read_manifest(dir).unwrap();
        assert_eq!(other.pairs_sha256, m.pairs_sha256, "{}", dir.display());
    }
}

/// Run a `--jobs 2` build into `out`, stopping its process with SIGSTOP for [`STOP`] each time
/// another pair has been journaled (up to [`STOPS`] times), and wait for it to finish. Returns how
/// many stops it took.
fn build_with_stops(out: &Path) -> usize {
    let args = build_args(out, PAIRS, SEED, &["--jobs", "2"]);
    let child = Command::new(bin())
        .arg("--quiet")
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the build to stop");
    let pid = child.id().to_string();
    let journal = out.join("journal.jsonl");
    let mut stops = 0;
    let mut child = child;
    let deadline = Instant::now() + Duration::from_secs(1800);
    while stops < STOPS {
        // Mid-block: a pair is journaled and the block that made it, or another, goes on.
        let seen = journal_entries(&journal, "pair");
        while journal_entries(&journal, "pair") == seen {
            if child.try_wait().unwrap().is_some() {
                let o = child.wait_with_output().unwrap();
                assert_ok(&o, "the stopped build");
                return stops;
            }
            assert!(
                Instant::now() < deadline,
                "the build made no pair in 30 min"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        signal("-STOP", &pid);
        std::thread::sleep(STOP);
        signal("-CONT", &pid);
        stops += 1;
    }
    let o = child.wait_with_output().unwrap();
    assert_ok(&o, "the stopped build");
    stops
}

fn signal(which: &str, pid: &str) {
    let o = Command::new("kill")
        .args([which, pid])
        .output()
        .expect("run kill(1)");
    assert_ok(&o, &format!("kill {which} {pid}"));
}
