use equibench_core::evidence::Evidence;
use equibench_core::ToolVersion;
use equibench_toolchain::solver::Strategy;
use equibench_x86::evidence::*;
use equibench_x86::semantics::locs::Locs;
use equibench_x86::semantics::native::{Case, Outcome};
use serde_json::json;
use serde_json::Value;
use std::collections::BTreeMap;

#[test]
fn register_values_round_trip() {
    let set = Locs::parse("%edi %rsi").unwrap();
    let mut regs = [0u64; 16];
    regs[7] = 0xffff_ffff_1234_5678;
    regs[6] = u64::MAX;
    let m = register_values(&set, &regs);
    assert_eq!(m["%rdi"], "0x0000000012345678");
    let back = read_register_values(&set, &m).unwrap();
    assert_eq!(back[7], 0x1234_5678);
    assert_eq!(back[6], u64::MAX);
    let one = |k: &str, v: &str| RegisterValues::from([(k.to_string(), v.to_string())]);
    assert!(read_register_values(&set, &one("%rax", "0x1")).is_err());
    assert!(read_register_values(&set, &one("%rdi", "5")).is_err());
}

/// The committed exemplars were written before the records were typed: each must parse and
/// serialise back to exactly the map on disk, so the types neither drop nor add a key.
#[test]
fn exemplar_evidence_round_trips_through_the_records() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/exemplars/x86-64.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut kinds = BTreeMap::new();
    for line in text.lines() {
        let pair: equibench_core::Pair = serde_json::from_str(line).unwrap();
        let ev = &pair.provenance.evidence;
        let kind = ev.kind.as_str();
        let back = match kind {
            KIND_EQUIVALENT => Evidence::new(kind, &parse::<EquivalentEvidence>(ev).unwrap()),
            KIND_INEQUIVALENT => Evidence::new(kind, &parse::<InequivalentEvidence>(ev).unwrap()),
            other => panic!("unexpected kind {other}"),
        };
        assert_eq!(&back, ev);
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(ev).unwrap()
        );
        *kinds.entry(kind.to_string()).or_insert(0) += 1;
    }
    assert!(kinds.len() == 2, "both kinds in the exemplars: {kinds:?}");
}

fn model_found() -> Evidence {
    let r = SolverRecord {
        strategy: Strategy::CVC5,
        version: ToolVersion {
            name: "cvc5".into(),
            version: "1.2.0".into(),
        },
        rlimit: None,
        answer: "sat",
    };
    let (def_in, live_out) = (Locs::parse("%rdi").unwrap(), Locs::parse("%rax").unwrap());
    let input = Case {
        regs: [3; 16],
        flags: 0,
    };
    let run = |v: u64, signal: i32| Outcome {
        signal,
        regs: [v; 16],
        flags: 0,
    };
    let search = SearchRecord {
        seed: 1,
        mode: "optimise".into(),
        proposals: 10,
        tests: 4,
        target_latency: 3,
        rewrite_latency: 2,
        tests_failed: 1,
    };
    let refutation = Refutation {
        solver: Some(&r),
        query_sha256: None,
        def_in: &def_in,
        live_out: &live_out,
        input: &input,
        outcome_1: &run(1, 0),
        outcome_2: &run(0, 11),
    };
    inequivalent(&refutation, &search)
}

/// A `null` that is recorded (rlimit, a faulting program's live_out) is not the same as a key
/// left out: the first parses, the second is refused, and so is a key no record has.
#[test]
fn missing_and_unknown_keys_are_refused() {
    let ev = model_found();
    assert_eq!(ev.details["rlimit"], Value::Null);
    assert_eq!(ev.details["program_2"]["live_out"], Value::Null);
    let parsed: InequivalentEvidence = parse(&ev).unwrap();
    assert_eq!(parsed.rlimit, Some(None));
    assert_eq!(Evidence::new(KIND_INEQUIVALENT, &parsed), ev);
    for key in [
        "rlimit",
        "solver",
        "answer",
        "search",
        "program_1",
        "found_by",
    ] {
        let mut cut = ev.clone();
        cut.details.remove(key);
        assert!(parse::<InequivalentEvidence>(&cut).is_err(), "{key}");
    }
    let mut cut = ev.clone();
    cut.details["program_2"]
        .as_object_mut()
        .unwrap()
        .remove("live_out");
    assert!(parse::<InequivalentEvidence>(&cut).is_err());
    let mut extra = ev.clone();
    extra.details.insert("solvers".into(), json!([]));
    assert!(parse::<InequivalentEvidence>(&extra).is_err());
    let mut extra = ev.clone();
    extra.details["search"]["rewrite_tests_passed"] = json!(0);
    assert!(parse::<InequivalentEvidence>(&extra).is_err());
}
