use equibench_core::pair::canonical_json;
use equibench_cuda::catalogue::*;
use serde_json::Value;
use std::collections::BTreeSet;

#[test]
fn shipped_catalogue_has_at_least_twelve_kinds_at_several_shapes() {
    let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let kinds: std::collections::BTreeSet<&str> =
        c.families.iter().map(|f| f.kind.as_str()).collect();
    assert!(kinds.len() >= 12, "{kinds:?}");
    assert!(c.families.iter().all(|f| f.shapes.len() >= 2));
    assert!(c.families.iter().all(|f| !f.near_misses.is_empty()));
}

#[test]
fn shape_and_near_miss_params_merge_in_order() {
    let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let f = c
        .families
        .iter()
        .find(|f| f.family == "dense_relu")
        .unwrap();
    let op = f.operator(1);
    assert_eq!(op.params["activation"], "relu");
    assert_eq!(op.params["M"], 32);
    let nm = op.with(&f.near_misses[0].params);
    assert_eq!(nm.params["activation"], "none");
    assert_eq!(nm.params["M"], 32);
}

/// Every operator a build of `catalogue` can run: each entry's, each of its near misses (and
/// so each same-signature partner, itself an entry), as canonical JSON.
fn operators(catalogue: &Catalogue) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in catalogue.entries() {
        let op = catalogue.operator(e);
        for nm in &catalogue.family(e).near_misses {
            out.insert(canonical_json(&op.with(&nm.params).to_value()));
        }
        out.insert(canonical_json(&op.to_value()));
    }
    out
}

/// Issue 36: exemplar builds and benchmark builds draw disjoint operators at every seed, and no
/// reserved shape is a benchmark shape of its kind (so their kernels differ in extents).
#[test]
fn builds_and_exemplars_draw_disjoint_operators_and_shapes() {
    use equibench_core::seed::EXEMPLAR_SEEDS;
    let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let seeds = equibench_core::testing::exemplar_boundary_seeds();
    let benchmark = operators(&c.draw(0));
    let exemplars = operators(&c.draw(EXEMPLAR_SEEDS.start));
    assert!(
        exemplars.len() >= 8,
        "{} reserved operators",
        exemplars.len()
    );
    let (mut saw_benchmark, mut saw_exemplars) = (false, false);
    for seed in seeds {
        let drawn = c.draw(seed);
        let ops = operators(&drawn);
        if equibench_core::seed::makes_exemplars(seed) {
            saw_exemplars = true;
            assert_eq!(ops, exemplars, "seed {seed}");
            assert!(ops.is_disjoint(&benchmark), "seed {seed}");
            // Every entry (and so every same-signature partner) is a reserved shape.
            for f in &drawn.families {
                let original = c.families.iter().find(|o| o.family == f.family).unwrap();
                assert_eq!(f.shapes, original.exemplar_shapes, "seed {seed}");
            }
        } else {
            saw_benchmark = true;
            assert_eq!(ops, benchmark, "seed {seed}");
            assert!(ops.is_disjoint(&exemplars), "seed {seed}");
        }
    }
    assert!(saw_benchmark && saw_exemplars);
    for f in &c.families {
        for reserved in &f.exemplar_shapes {
            for o in c.families.iter().filter(|o| o.kind == f.kind) {
                assert!(!o.shapes.contains(reserved), "{} / {}", f.family, o.family);
            }
        }
    }
    // A catalogue whose reserved shape is a benchmark shape of its kind is refused.
    let mut bad: Value = serde_json::from_str(DEFAULT_CATALOGUE).unwrap();
    let shape = bad["families"][0]["shapes"][0].clone();
    bad["families"][1]["exemplar_shapes"] = Value::Array(vec![shape]);
    let e = Catalogue::parse(&bad.to_string(), "x.json").unwrap_err();
    assert!(e.to_string().contains("reserved for exemplars"), "{e}");
}

/// The exemplars shipped in data/exemplars/ were made from the reserved shapes only: every
/// operator they record is one an exemplar build draws.
#[test]
fn shipped_exemplars_come_from_the_reserved_shapes() {
    let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let reserved = operators(&c.draw(equibench_core::seed::EXEMPLAR_SEEDS.start));
    let text = include_str!("../../../../../data/exemplars/CUDA.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let pair: Value = serde_json::from_str(line).unwrap();
        let ev = &pair["provenance"]["evidence"];
        let ops: Vec<&Value> = ["operator", "operator_1", "operator_2"]
            .iter()
            .filter_map(|k| ev.get(*k))
            .collect();
        assert!(!ops.is_empty(), "{}", pair["id"]);
        for op in ops {
            assert!(reserved.contains(&canonical_json(op)), "{op}");
        }
        n += 1;
    }
    assert!(n >= 4);
}

#[test]
fn a_bad_catalogue_is_a_clear_error() {
    let e = Catalogue::parse(r#"{"families": []}"#, "x.json").unwrap_err();
    assert!(e.to_string().contains("no families"), "{e}");
    let e = Catalogue::parse("{", "x.json").unwrap_err();
    assert!(e.to_string().contains("x.json"), "{e}");
}
