//! `equibench shortcuts` end to end: on the test-only category, whose equivalent rewrite keeps the
//! program's length and whose inequivalent one lengthens it, the report must find that shortcut and
//! `--max-accuracy` must fail; on a small real build of every category (the run's shared reference)
//! it must measure every pair.

use crate::common;
use crate::real_common::{registered, shared_reference, SHARED_PAIRS};

use common::toy_build;
use std::path::Path;
use std::process::{Command, Output};

fn shortcuts(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_equibench"))
        .arg("shortcuts")
        .arg(dir)
        .args(extra)
        .output()
        .expect("run equibench")
}

fn text(o: &Output) -> String {
    format!(
        "exit {:?}\n{}\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

#[test]
fn a_category_with_a_surface_shortcut_is_caught() {
    let out = tempfile::tempdir().unwrap();
    assert_eq!(toy_build(out.path(), &[]), 0);

    let table = shortcuts(out.path(), &[]);
    assert!(table.status.success(), "{}", text(&table));
    let printed = String::from_utf8_lossy(&table.stdout);
    assert!(printed.contains("feature that leaks most: "), "{printed}");

    let report = json(&shortcuts(
        out.path(),
        &["--json", "--folds", "3", "--repeats", "2"],
    ));
    assert_eq!(
        (report["folds"].as_u64(), report["repeats"].as_u64()),
        (Some(3), Some(2))
    );
    let dce = &report["categories"][0];
    assert_eq!(dce["category"], "DCE");
    assert_eq!(dce["pairs"], 24);
    // Equivalent pairs keep the length of the line they rewrite, inequivalent ones add characters.
    assert_eq!(dce["best_single"]["accuracy"], 1.0, "{dce:#}");
    assert_eq!(dce["depth2"]["accuracy"], 1.0, "{dce:#}");

    let strict = shortcuts(out.path(), &["--max-accuracy", "60"]);
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict));
    assert!(String::from_utf8_lossy(&strict.stderr)
        .contains("DCE: best single rule 100.0% is above 60.0%"));
    let lax = shortcuts(out.path(), &["--max-accuracy", "1"]);
    assert_eq!(lax.status.code(), Some(0), "{}", text(&lax));
}

#[test]
fn a_small_real_build_is_measured() {
    // The run's shared reference build: two real pairs of every registered category.
    let dir = shared_reference();
    let categories = registered();
    let report = json(&shortcuts(&dir, &["--json"]));
    let measured = report["categories"].as_array().unwrap();
    assert_eq!(measured.len(), categories.len(), "{report:#}");
    for (c, cat) in measured.iter().zip(&categories) {
        assert_eq!(c["category"], cat.as_str());
        assert_eq!(c["pairs"], SHARED_PAIRS, "{cat}");
        for learner in ["best_single", "depth2"] {
            let acc = c[learner]["accuracy"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&acc), "{cat} {learner}: {acc}");
        }
        let names: Vec<&str> = c["per_feature"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        for generic in ["similarity", "line_diff", "diff_lines", "token_diff_rel"] {
            assert!(names.contains(&generic), "{cat}: {names:?}");
        }
    }
}
