//! The few-shot exemplars every compiled-in category ships for `equibench eval`
//! (`Category::exemplars`, data/exemplars/, made by scripts/make-exemplars.sh): at least two of
//! each label (the rest spares for a set that holds one of their programs),
//! made at a build seed no benchmark build may use (records keep the seed that reproduces them,
//! which some categories derive from the build seed, so the build's refusal is what is tested),
//! each with a rationale drawn from its evidence, and audited like any pair by the real tools.

use crate::real_common;

use equibench_core::seed::EXEMPLAR_SEEDS;
use equibench_core::Pair;
use real_common::{equibench, registered, require_tools};

/// Every registered category's exemplars, parsed.
fn exemplars() -> Vec<(equibench_core::CategoryName, Vec<Pair>)> {
    let registry = equibench_cli::default_registry();
    registered()
        .into_iter()
        .map(|name| {
            let text = registry.get(name).expect("registered").exemplars();
            let pairs = text
                .lines()
                .map(|l| serde_json::from_str::<Pair>(l).unwrap_or_else(|e| panic!("{name}: {e}")))
                .collect();
            (name, pairs)
        })
        .collect()
}

#[test]
fn every_category_ships_at_least_two_exemplars_of_each_label_with_a_rationale() {
    let registry = equibench_cli::default_registry();
    for (name, pairs) in exemplars() {
        let category = registry.get(name).expect("registered");
        let equivalent = pairs.iter().filter(|p| p.equivalent).count();
        let inequivalent = pairs.len() - equivalent;
        assert!(
            equivalent >= 2 && inequivalent >= 2,
            "{name}: {equivalent} + {inequivalent}"
        );
        for p in &pairs {
            assert_eq!(p.category, name, "{name}: an exemplar of another category");
            let why = category
                .rationale(p)
                .unwrap_or_else(|| panic!("{name}: no rationale for exemplar {}", p.id));
            assert!(
                why.len() > 40,
                "{name}: a rationale too thin to help: {why}"
            );
            eprintln!("{name} {} {}: {why}", p.equivalent, &p.id[..8]);
        }
    }
}

#[test]
fn a_build_refuses_the_seeds_reserved_for_exemplars() {
    let out = tempfile::tempdir().unwrap();
    let seed = EXEMPLAR_SEEDS.start.to_string();
    let dir = out.path().join("o");
    let r = equibench(&[
        "build",
        "--seed",
        &seed,
        "--pairs",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("reserved"));
    assert!(!dir.join("pairs.jsonl").exists());
}

#[test]
fn the_shipped_exemplars_validate_and_the_audit_confirms_every_label() {
    require_tools(&registered());
    let dir = tempfile::tempdir().unwrap();
    // The lines verbatim, as the build wrote them, in the file order of a build.
    let registry = equibench_cli::default_registry();
    let mut lines: Vec<(String, String, &str)> = registered()
        .into_iter()
        .flat_map(|name| registry.get(name).expect("registered").exemplars().lines())
        .map(|l| {
            let p: Pair = serde_json::from_str(l).unwrap();
            (p.category.to_string(), p.id, l)
        })
        .collect();
    lines.sort();
    let text: String = lines.iter().map(|(_, _, l)| format!("{l}\n")).collect();
    std::fs::write(dir.path().join("pairs.jsonl"), text).unwrap();
    let path = dir.path().to_str().unwrap();
    let v = equibench(&["validate", path]);
    assert!(
        v.status.success(),
        "validate: {}",
        String::from_utf8_lossy(&v.stdout)
    );
    let a = equibench(&["audit", path, "--jobs", "2"]);
    assert!(
        a.status.success(),
        "audit: {}{}",
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&a.stderr)
    );
}
