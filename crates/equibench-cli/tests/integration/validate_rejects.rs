//! `equibench validate` on bad files: each problem is named, and the exit status is non-zero.

use crate::common;

use common::toy_build;
use std::path::Path;
use std::process::Command;

fn valid_lines() -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(dir.path(), &[]), 0);
    std::fs::read_to_string(dir.path().join("pairs.jsonl"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Run the real binary's `validate` on `lines`; returns (exit code, stdout).
fn validate(lines: &[String]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pairs.jsonl");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    run_validate(&file)
}

fn run_validate(path: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args(["validate", &path.display().to_string()])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn edit(line: &str, f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_good_file_passes() {
    let (code, out) = validate(&valid_lines());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("valid: 24 pairs"), "{out}");
}

#[test]
fn a_wrong_schema_is_named() {
    let mut lines = valid_lines();
    lines[0] = edit(&lines[0], |v| {
        v.as_object_mut().unwrap().remove("definition");
    });
    lines[1] = edit(&lines[1], |v| v["category"] = "FORTRAN".into());
    let (code, out) = validate(&lines);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("line 1: schema") && out.contains("definition"),
        "{out}"
    );
    // Categories are an open set: the schema takes the spelling, the registry does not know it.
    assert!(
        out.contains("line 2: category `FORTRAN` is not one this build of equibench has"),
        "{out}"
    );
}

#[test]
fn a_wrong_id_is_named() {
    let mut lines = valid_lines();
    lines[3] = edit(&lines[3], |v| v["id"] = "0123456789abcdef".into());
    let (code, out) = validate(&lines);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("line 4: id 0123456789abcdef does not match its content"),
        "{out}"
    );
}

#[test]
fn a_duplicate_is_named() {
    let mut lines = valid_lines();
    let copy = lines[2].clone();
    lines.insert(3, copy);
    let (code, out) = validate(&lines);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("line 4: duplicate of line 3"), "{out}");
}

#[test]
fn an_unbalanced_category_is_named() {
    let mut lines = valid_lines();
    let i = lines
        .iter()
        .position(|l| l.contains("\"equivalent\":false"))
        .unwrap();
    lines.remove(i);
    let (code, out) = validate(&lines);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("category DCE: unbalanced: 12 equivalent vs 11 inequivalent"),
        "{out}"
    );
}
