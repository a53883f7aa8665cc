use equibench_core::evidence::{Evidence as Envelope, Source};
use equibench_oj::audit::audit_hash_seed;
use equibench_oj::evidence;
use serde_json::{json, Value};

#[test]
fn the_audit_runs_under_a_hash_seed_the_build_did_not_use() {
    // Records that predate hash_seeds were built under seed 0 alone.
    assert_eq!(audit_hash_seed(None), Ok(1));
    assert_eq!(audit_hash_seed(Some(&[0, 1])), Ok(2));
    assert_eq!(audit_hash_seed(Some(&[7, 3])), Ok(8));
    assert!(audit_hash_seed(Some(&[4294967295u64])).is_err());
}

/// An object as a pair's provenance holds it.
fn envelope(raw: &serde_json::Map<String, Value>) -> Envelope {
    serde_json::from_value(Value::Object(raw.clone())).unwrap()
}

fn source_envelope(raw: &serde_json::Map<String, Value>) -> Source {
    serde_json::from_value(Value::Object(raw.clone())).unwrap()
}

/// The evidence of a real inequivalent OJ record, as a build writes it.
fn witness_evidence() -> serde_json::Map<String, Value> {
    json!({
            "kind": "differential-witness",
            "seed_ranges": {"judge": [0, 6], "test": [1000000, 1000006]},
            "inputs_tried": 2,
            "witness": {
                "input": {"origin": "generator", "seed": 5, "sha256": "ab", "text": "5\n"},
                "accepted_side": 1,
                "output_1": {"sha256": "c", "ending": "exited with status 0", "bytes": 3, "text": "10\n"},
                "output_2": {"sha256": "d", "ending": "exited with status 0", "bytes": 2, "text": "5\n"}
            },
            "outputs_differ": true,
            "statuses": ["Accepted", "Wrong Answer"],
            "status_source": "s",
            "judge": "j",
            "comparison": "c",
            "hash_seeds": [0, 1],
            "float_tolerance": null,
            "tolerance": null,
            "time_limit_ms": 2000,
            "memory_limit_kb": 262144,
            "inputs_source": "i",
            "generator_sha256": "g"
        })
        .as_object()
        .unwrap()
        .clone()
}

#[test]
fn evidence_reads_back_to_the_same_json() {
    let raw = witness_evidence();
    let ev = evidence::parse(&envelope(&raw)).unwrap();
    assert_eq!(ev.witness.as_ref().unwrap().accepted_side, Some(1));
    assert_eq!(ev.tolerance, Some(None));
    let back = Envelope::new(raw["kind"].as_str().unwrap(), &ev).to_map();
    assert_eq!(back, raw);
}

/// Issue 28: a key renamed, dropped or retyped on either side is refused, never read as a
/// default (here: the witness's input, the time limit, a nested key, a retyped seed).
#[test]
fn evidence_with_an_unknown_missing_or_mistyped_key_is_refused() {
    let mut renamed = witness_evidence();
    let w = renamed.remove("witness").unwrap();
    renamed.insert("witnesses".into(), w);
    let mut missing = witness_evidence();
    missing.remove("time_limit_ms");
    let mut nested = witness_evidence();
    nested["witness"]["input"]
        .as_object_mut()
        .unwrap()
        .insert("txt".into(), json!("5\n"));
    let mut retyped = witness_evidence();
    retyped["hash_seeds"] = json!([-1]);
    let mut no_alpha_check = witness_evidence();
    no_alpha_check.insert(
        "renaming".into(),
        json!({"renamed_program": 2, "map": {}, "tool": "t",
                   "alpha_equivalent_to_source": true, "normalisation": "n"}),
    );
    for (what, ev) in [
        ("renamed", renamed),
        ("missing", missing),
        ("nested", nested),
        ("retyped", retyped),
        ("no alpha_check", no_alpha_check),
    ] {
        assert!(evidence::parse(&envelope(&ev)).is_err(), "{what} was read");
    }
}

/// `provenance.source` as a build writes it for a mutant pair: read back whole, and refused
/// with a key dropped (a missing `renamed` used to read as "not renamed") or one added.
#[test]
fn a_source_with_a_missing_or_unknown_key_is_refused() {
    let source = json!({
        "kind": "equibench-oj-corpus",
        "problem_id": "p1",
        "problem_name": "n",
        "program_1": {"submission_id": "s1", "status": "Accepted", "source_sha256": "a",
                      "renamed": false},
        "program_2": {"submission_id": "s1", "status": "Wrong Answer", "source_sha256": "a",
                      "renamed": true,
                      "mutant": {"of_submission": "s1", "operator": "o", "line": 3, "edit": "e",
                                 "index": 2,
                                 "judged": {"status": "Wrong Answer", "passed": 1, "judged": 4,
                                            "first_wrong_input": null}}}
    });
    let raw = source.as_object().unwrap().clone();
    let parsed = evidence::parse_source(&source_envelope(&raw)).unwrap();
    assert_eq!(parsed.program_2.mutant.as_ref().unwrap().index, 2);
    let back = Source::new(raw["kind"].as_str().unwrap(), &parsed).to_map();
    assert_eq!(back, raw);
    let mut missing = raw.clone();
    missing["program_2"]
        .as_object_mut()
        .unwrap()
        .remove("renamed");
    let mut unknown = raw.clone();
    unknown["program_1"]
        .as_object_mut()
        .unwrap()
        .insert("renamed_by".into(), json!("x"));
    let mut no_first_wrong = raw.clone();
    no_first_wrong["program_2"]["mutant"]["judged"]
        .as_object_mut()
        .unwrap()
        .remove("first_wrong_input");
    for (what, s) in [
        ("missing", missing),
        ("unknown", unknown),
        ("no first_wrong_input", no_first_wrong),
    ] {
        assert!(
            evidence::parse_source(&source_envelope(&s)).is_err(),
            "{what} was read"
        );
    }
}
