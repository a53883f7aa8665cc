//! An x86-64 build is a function of its seed, not of the machine's timing (issue 26, item 9): a
//! build whose whole process group (the build and the solvers it runs) is SIGSTOPped for seconds
//! in the middle of a block gives the bytes of an undisturbed build. The search counts proposals,
//! the solvers stop at their deterministic resource limits, and a wall-clock backstop that expires
//! is retried or fails the build, never a verdict. (An x86-64 block built beside CPU hogs, which
//! this test also did, is checked by `real_disturbed`: its hogged build holds every category.)

use crate::real_common;

use real_common::{assert_ok, assert_same_output, bin, build_args, journal_entries, require_tools};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// One block of the x86 category: long enough to stop in the middle, short for a debug build.
const PAIRS: usize = 4;
const SEED: u64 = 26;

fn x86() -> equibench_core::CategoryName {
    equibench_cli::default_registry()
        .resolve("x86")
        .expect("x86 is a registered category")
}

/// Start `equibench --quiet build --categories x86 ...` into `out`, in its own process group.
fn start(out: &Path) -> Child {
    let args = build_args(out, PAIRS, SEED, &["--categories", "x86", "--jobs", "1"]);
    Command::new(bin())
        .arg("--quiet")
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("start a build")
}

fn finish(child: Child, what: &str) -> Output {
    let out = child.wait_with_output().expect("wait for a build");
    assert_ok(&out, what);
    out
}

fn signal_group(child: &Child, signal: &str) {
    let group = format!("-{}", child.id());
    let out = Command::new("kill")
        .args([signal, "--", &group])
        .output()
        .expect("run kill(1)");
    assert_ok(&out, &format!("kill {signal} the build's process group"));
}

#[test]
fn a_stopped_x86_build_gives_the_bytes_of_an_undisturbed_one() {
    require_tools(&[x86()]);
    let root = tempfile::tempdir().unwrap();
    let (reference, stopped) = (root.path().join("reference"), root.path().join("stopped"));
    let started = Instant::now();
    let reference_run = start(&reference);
    let stopped_run = start(&stopped);

    // Stop the second build three times, each for five seconds, once its block has made a pair
    // (so the stops land in the middle of the block, with solvers and searches in flight).
    let journal = stopped.join("journal.jsonl");
    let deadline = Instant::now() + Duration::from_secs(1200);
    while journal_entries(&journal, "pair") == 0 {
        assert!(Instant::now() < deadline, "no pair journaled in 20 minutes");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut stops = 0;
    for _ in 0..3 {
        if journal_entries(&journal, "block_done") > 0 {
            break;
        }
        signal_group(&stopped_run, "-STOP");
        std::thread::sleep(Duration::from_secs(5));
        signal_group(&stopped_run, "-CONT");
        stops += 1;
        std::thread::sleep(Duration::from_secs(2));
    }
    assert!(stops > 0, "the block finished before it could be stopped");

    finish(reference_run, "the reference build");
    finish(stopped_run, "the stopped build");
    eprintln!(
        "two x86 builds of {PAIRS} pairs ({stops} stops of 5 s): {:.1?}",
        started.elapsed()
    );
    assert_same_output(&reference, &stopped, &[x86()], "undisturbed vs stopped");
    let m = equibench_core::output::read_manifest(&reference).unwrap();
    let other = equibench_core::output::read_manifest(&stopped).unwrap();
    assert_eq!(other.categories, m.categories, "counts and rejections");
}
