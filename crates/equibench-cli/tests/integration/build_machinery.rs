//! The build machinery with a test-only category: determinism across --jobs, shards + merge equal
//! to one build, and a build killed part-way resuming to output identical to an uninterrupted run.

use crate::common;

use common::{output_files, toy_build, toy_registry};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn jobs_never_change_a_byte_and_output_validates() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(a.path(), &["--jobs", "1"]), 0);
    assert_eq!(toy_build(b.path(), &["--jobs", "2"]), 0);
    assert_eq!(output_files(a.path()), output_files(b.path()));
    let report = equibench_core::validate::validate(a.path(), &toy_registry(0)).unwrap();
    assert!(report.ok(), "{:?}", report.problems);
    assert_eq!(report.lines, 24);
    let m = equibench_core::output::read_manifest(a.path()).unwrap();
    let dce = &m.categories[&equibench_dce::DESCRIPTOR.id()];
    assert_eq!((dce.equivalent, dce.inequivalent), (12, 12));
    assert!(dce.rejected.get("divisible-by-seven").copied().unwrap_or(0) > 0);
    // Re-running a finished build changes nothing.
    assert_eq!(toy_build(a.path(), &["--jobs", "2"]), 0);
    assert_eq!(output_files(a.path()), output_files(b.path()));
}

#[test]
fn shards_merged_equal_the_unsharded_output() {
    let whole = tempfile::tempdir().unwrap();
    let s0 = tempfile::tempdir().unwrap();
    let s1 = tempfile::tempdir().unwrap();
    let merged = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(whole.path(), &[]), 0);
    assert_eq!(toy_build(s0.path(), &["--shard", "0/2"]), 0);
    assert_eq!(toy_build(s1.path(), &["--shard", "1/2", "--jobs", "1"]), 0);
    let n0 = equibench_core::output::read_pairs(s0.path()).unwrap().len();
    let n1 = equibench_core::output::read_pairs(s1.path()).unwrap().len();
    assert!(n0 > 0 && n1 > 0 && n0 + n1 == 24, "shards made {n0} + {n1}");
    let code = equibench_cli::run_code(
        [
            "equibench",
            "merge",
            &s0.path().display().to_string(),
            &s1.path().display().to_string(),
            "--out",
            &merged.path().display().to_string(),
        ],
        &toy_registry(0),
    );
    assert_eq!(code, 0);
    assert_eq!(output_files(merged.path()), output_files(whole.path()));
    let m = equibench_core::output::read_manifest(merged.path()).unwrap();
    assert_eq!(m.shards, vec!["0/2".to_string(), "1/2".to_string()]);
    let w = equibench_core::output::read_manifest(whole.path()).unwrap();
    assert_eq!(m.pairs_sha256, w.pairs_sha256);
    assert_eq!(m.categories, w.categories);
}

/// In the child role this test runs a slow build and never returns (the parent kills it).
#[test]
fn killed_build_resumes_to_identical_output() {
    if let Ok(out) = std::env::var("EQUIBENCH_TOY_CHILD_OUT") {
        let code = equibench_cli::run_code(
            [
                "equibench",
                "--quiet",
                "build",
                "--categories",
                "dce",
                "--pairs",
                "24",
                "--seed",
                "11",
                "--jobs",
                "2",
                "--out",
                &out,
            ],
            &toy_registry(40),
        );
        std::process::exit(code as i32);
    }
    let interrupted = tempfile::tempdir().unwrap();
    let reference = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "build_machinery::killed_build_resumes_to_identical_output",
            "--exact",
            "--nocapture",
        ])
        .env("EQUIBENCH_TOY_CHILD_OUT", interrupted.path())
        .spawn()
        .unwrap();
    let journal = interrupted.path().join("journal.jsonl");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let blocks_done = count(&journal, "\"block_done\"");
        if blocks_done >= 2 {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the slow build finished before it could be killed"
        );
        assert!(Instant::now() < deadline, "the slow build made no progress");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    assert!(
        !interrupted.path().join("pairs.jsonl").exists(),
        "killed before the end, no final files"
    );
    let before = std::fs::read(&journal).unwrap();
    let pairs_before = count(&journal, "\"pair\"");
    assert!(pairs_before > 0);

    assert_eq!(toy_build(interrupted.path(), &["--jobs", "2"]), 0);
    assert_eq!(toy_build(reference.path(), &["--jobs", "1"]), 0);
    assert_eq!(
        output_files(interrupted.path()),
        output_files(reference.path())
    );
    // The journal was appended to, not rewritten: finished work was kept, not redone.
    let after = std::fs::read(&journal).unwrap();
    assert!(after.len() > before.len());
    let complete_prefix = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    assert_eq!(&after[..complete_prefix], &before[..complete_prefix]);
}

fn count(path: &Path, needle: &str) -> usize {
    std::fs::read_to_string(path)
        .map(|t| {
            t.lines()
                .filter(|l| l.starts_with(&format!("{{{needle}")))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_category_that_has_not_landed_fails_and_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    let code = equibench_cli::run_code(
        [
            "equibench",
            "--quiet",
            "build",
            "--categories",
            "cuda",
            "--out",
            &out.path().display().to_string(),
        ],
        &toy_registry(0),
    );
    assert_eq!(code, 1);
    assert!(!out.path().join("pairs.jsonl").exists());
    assert!(!out.path().join("journal.jsonl").exists());
}
