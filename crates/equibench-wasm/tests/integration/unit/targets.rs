use equibench_core::Tools;
use equibench_wasm::compile::Toolchain;
use equibench_wasm::targets::*;
use std::collections::BTreeSet;
use std::path::Path;

/// Issue 36: a build's targets depend on its seed only through its [`Draw`] (which seeds
/// draw which is `equibench_core::seed`'s test); the benchmark draw has no reserved function
/// or wasm-smith draw, the exemplar draw nothing else, and no program of one is a program of
/// the other; the reserve gives an exemplar build enough targets.
#[test]
fn builds_and_exemplars_draw_disjoint_sources_and_programs() {
    let tc = Toolchain::find(&Tools::new()).unwrap_or_else(|e| panic!("{e}"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/x86");
    let benchmark = collect(&tc, &dir, Draw::Benchmark).unwrap();
    let exemplars = exemplars_beside(&tc, &dir, &benchmark).unwrap();
    let reserved = |t: &Target| match &t.origin {
        Origin::C { file, .. } => file.starts_with("exemplars/"),
        Origin::Smith { index } => *index >= equibench_wasm::smith::FUNCTIONS,
    };
    assert!(benchmark.targets.iter().all(|t| !reserved(t)));
    assert!(exemplars.targets.iter().all(reserved));
    let functions = |ts: &Targets| -> BTreeSet<String> {
        ts.targets
            .iter()
            .filter_map(|t| match &t.origin {
                Origin::C { function, .. } => Some(function.clone()),
                Origin::Smith { .. } => None,
            })
            .collect()
    };
    assert!(functions(&benchmark).is_disjoint(&functions(&exemplars)));
    let shown =
        |ts: &Targets| -> BTreeSet<String> { ts.targets.iter().flat_map(programs).collect() };
    assert!(shown(&benchmark).is_disjoint(&shown(&exemplars)));
    let smith = exemplars
        .targets
        .iter()
        .filter(|t| matches!(t.origin, Origin::Smith { .. }))
        .count();
    assert!(
        exemplars.targets.len() >= 16 && smith >= 3,
        "{} ({smith} wasm-smith)",
        exemplars.targets.len()
    );
}

/// The exemplars shipped in data/exemplars/ were made from the reserved sources only.
#[test]
fn shipped_exemplars_come_from_the_reserved_sources() {
    let text = include_str!("../../../../../data/exemplars/WASM.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let pair: serde_json::Value = serde_json::from_str(line).unwrap();
        let source = &pair["provenance"]["source"];
        match source["kind"].as_str().unwrap() {
            "c-function" => {
                let file = source["file"].as_str().unwrap();
                assert!(file.starts_with("exemplars/"), "{file}");
            }
            "wasm-smith" => {
                assert!(source["index"].as_u64().unwrap() >= equibench_wasm::smith::FUNCTIONS);
            }
            other => panic!("source kind {other}"),
        }
        n += 1;
    }
    assert!(n >= 4);
}
