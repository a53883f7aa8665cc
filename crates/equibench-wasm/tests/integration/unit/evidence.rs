use equibench_core::evidence::Evidence;
use equibench_wasm::evidence::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// The committed exemplars were written before the records were typed: each must parse and
/// serialise back to exactly the map on disk, so the types neither drop nor add a key.
#[test]
fn exemplar_evidence_round_trips_through_the_records() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/exemplars/WASM.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut kinds = BTreeMap::new();
    for line in text.lines() {
        let pair: Value = serde_json::from_str(line).unwrap();
        let ev: Evidence = serde_json::from_value(pair["provenance"]["evidence"].clone()).unwrap();
        let kind = ev.kind.as_str();
        let back = match kind {
            PROOF_KIND => envelope(kind, &parse::<ProofEvidence>(&ev).unwrap()),
            WITNESS_KIND => envelope(kind, &parse::<WitnessEvidence>(&ev).unwrap()),
            other => panic!("unexpected kind {other}"),
        };
        assert_eq!(back, ev);
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&ev).unwrap()
        );
        *kinds.entry(kind.to_string()).or_insert(0) += 1;
    }
    assert_eq!(kinds.len(), 2, "both kinds in the exemplars: {kinds:?}");
}

/// A key no record has, or one it needs and lacks, is refused.
#[test]
fn missing_and_unknown_keys_are_refused() {
    let ev = envelope(
        WITNESS_KIND,
        &WitnessEvidence {
            found_by: "z3".into(),
            engine: "wasmtime 50.0.1".into(),
            globals_init: vec![65536],
            witness: WitnessInput {
                args: vec![-1],
                memory: vec![(8, "ff00".into())],
            },
            outcome_1: OutcomeRecord::Returned(vec![1]),
            outcome_2: OutcomeRecord::Trap("unreachable".into()),
            query_sha256: None,
        },
    );
    let d = &ev.details;
    assert_eq!(d["outcome_1"], serde_json::json!({"returned": [1]}));
    assert_eq!(d["outcome_2"], serde_json::json!({"trap": "unreachable"}));
    assert_eq!(d["witness"]["memory"], serde_json::json!([[8, "ff00"]]));
    assert!(!d.contains_key("query_sha256"));
    parse::<WitnessEvidence>(&ev).unwrap();
    for key in ["found_by", "witness", "outcome_1", "globals_init"] {
        let mut cut = ev.clone();
        cut.details.remove(key);
        assert!(parse::<WitnessEvidence>(&cut).is_err(), "{key}");
    }
    let mut extra = ev.clone();
    extra.details.insert("proofs".into(), serde_json::json!([]));
    assert!(parse::<WitnessEvidence>(&extra).is_err());
    let mut extra = ev.clone();
    extra.details["outcome_1"] = serde_json::json!({"returned": [1], "trap": "x"});
    assert!(parse::<WitnessEvidence>(&extra).is_err());
    assert!(parse::<ProofEvidence>(&ev).is_err());
}
