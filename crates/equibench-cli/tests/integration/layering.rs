//! No category crate leans on another (issue 40): what two categories share lives below them (the
//! core, the sandbox, the toolchain crate), so that a category can be read, changed or dropped
//! without the others. The category crates are the ones `equibench-categories` registers; their
//! manifests, as cargo reads them, may name none of the others in any dependency section.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// The crates below the categories, which every category may use.
const SHARED_LAYERS: [&str; 3] = ["equibench-core", "equibench-sandbox", "equibench-toolchain"];

/// Every workspace crate's name and the names of the crates it depends on (normal, dev and build
/// dependencies alike), from `cargo metadata`, which reads each crate's Cargo.toml.
fn workspace_dependencies() -> BTreeMap<String, BTreeSet<String>> {
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
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON");
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
