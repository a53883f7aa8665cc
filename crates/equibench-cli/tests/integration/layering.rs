//! No category crate leans on another (issue 40): what two categories share lives below them (the
//! core, the sandbox, the toolchain crate), so that a category can be read, changed or dropped
//! without the others. The category crates are the ones `equibench-categories` registers; their
//! manifests, as cargo reads them, may name none of the others in any dependency section.
//! And no unit test hides in a target whose test harness the manifests turn off (issue 38).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// The crates below the categories, which every category may use.
const SHARED_LAYERS: [&str; 3] = ["equibench-core", "equibench-sandbox", "equibench-toolchain"];

/// `cargo metadata` of the workspace (its own crates only), as cargo reads their Cargo.toml.
fn workspace_metadata() -> Value {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON")
}

/// Every workspace crate's name and the names of the crates it depends on (normal, dev and build
/// dependencies alike).
fn workspace_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let metadata = workspace_metadata();
    let name = |v: &Value| v["name"].as_str().expect("a name").to_string();
    metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            let deps = p["dependencies"].as_array().expect("dependencies");
            (name(p), deps.iter().map(name).collect())
        })
        .collect()
}

#[test]
fn no_category_crate_depends_on_another() {
    let deps = workspace_dependencies();
    let categories: BTreeSet<String> = deps["equibench-categories"]
        .iter()
        .filter(|d| deps.contains_key(*d) && !SHARED_LAYERS.contains(&d.as_str()))
        .cloned()
        .collect();
    assert!(
        categories.len() >= 5,
        "equibench-categories registers the category crates: {categories:?}"
    );
    let mut leaning = Vec::new();
    for crate_name in &categories {
        for dep in deps[crate_name].intersection(&categories) {
            leaning.push(format!("{crate_name} depends on {dep}"));
        }
    }
    assert!(
        leaning.is_empty(),
        "a category crate depends on another (move what they share into equibench-toolchain): {}",
        leaning.join("; ")
    );
}

/// Every workspace target built without a test harness (`test = false` in its manifest, to spare
/// the suite a link that runs nothing, issue 38), with the source files under its directory.
fn targets_without_harness() -> Vec<(String, Vec<std::path::PathBuf>)> {
    let metadata = workspace_metadata();
    let mut found = Vec::new();
    for package in metadata["packages"].as_array().expect("packages") {
        for target in package["targets"].as_array().expect("targets") {
            let kinds: Vec<&str> = target["kind"]
                .as_array()
                .expect("kinds")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let unit_tested = kinds.iter().any(|k| *k == "lib" || *k == "bin");
            if !unit_tested || target["test"].as_bool() != Some(false) {
                continue;
            }
            let src = std::path::Path::new(target["src_path"].as_str().expect("src_path"));
            let mut files = Vec::new();
            rust_files(src.parent().expect("a source directory"), &mut files);
            let name = |v: &Value| v.as_str().unwrap_or("?").to_string();
            found.push((
                format!("{} ({})", name(&package["name"]), name(&target["name"])),
                files,
            ));
        }
    }
    found
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A target whose test harness is off must have no unit test, or the suite would skip it unseen.
#[test]
fn a_target_built_without_its_test_harness_has_no_unit_test() {
    let targets = targets_without_harness();
    assert!(
        targets
            .iter()
            .any(|(name, _)| name.contains("equibench-cli")),
        "the CLI's targets are built without a harness: {:?}",
        targets.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    let mut unseen = Vec::new();
    for (name, files) in &targets {
        for file in files {
            let text = std::fs::read_to_string(file).expect("readable source");
            if text.contains("#[test]") || text.contains("#[cfg(test)]") {
                unseen.push(format!("{name}: {}", file.display()));
            }
        }
    }
    assert!(
        unseen.is_empty(),
        "unit tests in a target built with `test = false` would never run (turn its harness on \
         in its Cargo.toml, or move them to tests/): {}",
        unseen.join("; ")
    );
}
