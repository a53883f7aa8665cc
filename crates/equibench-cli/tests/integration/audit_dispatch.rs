//! `equibench audit` dispatches to the category's audit, names tampered pairs, and never counts a
//! category without an audit as passed.

use crate::common;

use common::{toy_build, toy_registry};
use equibench_core::Registry;

fn audit(dir: &std::path::Path, registry: &Registry) -> u8 {
    equibench_cli::run_code(
        ["equibench", "--quiet", "audit", &dir.display().to_string()],
        registry,
    )
}

#[test]
fn audit_passes_sound_output_and_fails_tampered_output() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(dir.path(), &[]), 0);
    assert_eq!(audit(dir.path(), &toy_registry(0)), 0);

    // Flip one label: the record stays consistent (the id does not cover the label) but the toy's
    // audit re-derives the relation and contradicts it.
    let file = dir.path().join("pairs.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let flipped = text.replacen("\"equivalent\":true", "\"equivalent\":false", 1);
    std::fs::write(&file, &flipped).unwrap();
    assert_eq!(audit(dir.path(), &toy_registry(0)), 1);

    // Edit a program: the id no longer matches, contradicted before any tool runs.
    let edited = text.replacen("return x & 1;", "return x & 3;", 1);
    std::fs::write(&file, &edited).unwrap();
    assert_eq!(audit(dir.path(), &toy_registry(0)), 1);
}

#[test]
fn a_category_without_an_audit_is_unaudited_not_passed() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(dir.path(), &[]), 0);
    assert_eq!(audit(dir.path(), &Registry::new()), 2);
}
