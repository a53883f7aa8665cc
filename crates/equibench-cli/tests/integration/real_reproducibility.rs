//! Determinism over the real categories (every category in `default_registry()`, real tools, small
//! sizes): the same seed gives a byte-identical `pairs.jsonl` (and harness exports) with `--jobs 1`,
//! with `--jobs 2`, and after a build whose whole process group was SIGKILLed part-way and then
//! resumed with the same command. Each variant is one multi-category build, compared with the
//! run's shared `--jobs 2` reference build.

use crate::real_common;

use real_common::{
    assert_every_category_built, assert_ok, assert_same_output, bin, build, build_args,
    journal_entries, registered, require_tools, shared_reference, SHARED_PAIRS as PAIRS,
    SHARED_SEED as SEED,
};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn same_seed_is_byte_identical_across_jobs_and_after_a_killed_resumed_build() {
    let categories = registered();
    require_tools(&categories);
    let root = tempfile::tempdir().unwrap();
    let serial = root.path().join("jobs1");
    let killed = root.path().join("killed");

    // The --jobs 1 build and the build to be killed run at the same time (two cores).
    let started = Instant::now();
    let serial_run = {
        let serial = serial.clone();
        std::thread::spawn(move || build(&serial, PAIRS, SEED, &["--jobs", "1"]))
    };
    let kill_report = build_and_kill_after_first_block(&killed);

    let journal = killed.join("journal.jsonl");
    let before = std::fs::read(&journal).unwrap();
    let resumed = build(&killed, PAIRS, SEED, &["--jobs", "2"]);
    serial_run.join().expect("the --jobs 1 build");
    eprintln!(
        "jobs 1 build beside the killed and the resumed build: {:.1?}",
        started.elapsed()
    );

    // The --jobs 2 build: asked for only now, so that this test's builds run while another test
    // may still be making it.
    let parallel = shared_reference();
    assert_every_category_built(&serial, &categories, PAIRS);
    let report =
        equibench_core::validate::validate(&serial, &equibench_cli::default_registry()).unwrap();
    assert!(report.ok(), "{:?}", report.problems);
    assert_same_output(&serial, &parallel, &categories, "--jobs 1 vs --jobs 2");
    assert_same_output(
        &serial,
        &killed,
        &categories,
        "uninterrupted vs killed+resumed",
    );

    // Same counts and rejections too: resumed blocks kept their reports, redone blocks remade them.
    let m1 = equibench_core::output::read_manifest(&serial).unwrap();
    for dir in [&parallel, &killed] {
        let m = equibench_core::output::read_manifest(dir).unwrap();
        assert_eq!(m.pairs_sha256, m1.pairs_sha256, "{}", dir.display());
        assert_eq!(m.categories, m1.categories, "{}", dir.display());
    }

    // The resumed build kept the finished work and redid only the rest.
    let stdout = String::from_utf8_lossy(&resumed.stdout).into_owned();
    let kept = number_before(&stdout, " resumed from the journal");
    assert!(
        kept >= kill_report.finished_blocks && kept >= 1,
        "the resumed build reused {kept} blocks, {} were finished when it was killed:\n{stdout}",
        kill_report.finished_blocks
    );
    let after = std::fs::read(&journal).unwrap();
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

/// What was on disk when the build was killed.
struct KillReport {
    finished_blocks: usize,
}

/// Start a `--jobs 2` build in its own process group, wait for its first finished block, and
/// SIGKILL the whole group (the build and every tool it was running) while other blocks are in flight.
fn build_and_kill_after_first_block(out: &Path) -> KillReport {
    let args = build_args(out, PAIRS, SEED, &["--jobs", "2"]);
    let mut child = Command::new(bin())
        .arg("--quiet")
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("start the build to kill");
    let journal = out.join("journal.jsonl");
    let deadline = Instant::now() + Duration::from_secs(900);
    while journal_entries(&journal, "block_done") == 0 {
        if let Some(status) = child.try_wait().unwrap() {
            let o = child.wait_with_output().unwrap();
            panic!(
                "the build ended ({status}) before any block finished:\n{}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        assert!(Instant::now() < deadline, "no block finished in 15 minutes");
        std::thread::sleep(Duration::from_millis(20));
    }
    let group = format!("-{}", child.id());
    let kill = Command::new("kill")
        .args(["-KILL", "--", &group])
        .output()
        .expect("run kill(1)");
    assert_ok(&kill, "kill -KILL the build's process group");
    let status = child.wait().unwrap();
    assert!(
        status.code().is_none(),
        "the build exited on its own ({status}) instead of being killed: too fast to interrupt"
    );
    assert!(
        !out.join("pairs.jsonl").exists(),
        "killed mid-run, yet the final files exist"
    );
    let finished_blocks = journal_entries(&journal, "block_done");
    let total_blocks = registered().len();
    assert!(
        finished_blocks < total_blocks,
        "every block had finished when the build was killed"
    );
    eprintln!(
        "killed the build with {finished_blocks} of {total_blocks} blocks finished and {} pairs journaled",
        journal_entries(&journal, "pair")
    );
    KillReport { finished_blocks }
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
