//! The category end to end with the real tools (clang-19, wasm-ld, z3, cvc5, wasmtime): one block
//! makes pairs that pass the record checks and their audit; a tampered equivalent pair and a
//! tampered witness are contradicted by the audit.

use equibench_core::disagreement::Over;
use equibench_core::shortcuts::diff_lines;
use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Category, Inputs, Pair, Tools, Verdict};
use equibench_wasm::equiv;
use equibench_wasm::parse::parse_program;
use equibench_wasm::subtlety;
use std::path::PathBuf;

fn inputs() -> Inputs {
    Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"))
}

fn block(cat: &dyn Category, tools: &Tools) -> Vec<Pair> {
    let (sink, report) =
        generate_block(cat, 11, 0, 1, Balance::new(2, 2), &inputs(), tools).unwrap();
    eprintln!("rejected {:?}; report {report:?}", sink.rejected);
    sink.pairs
}

fn contradicted(v: &Verdict) -> bool {
    matches!(v, Verdict::Contradicted(_))
}

/// The digest of the query rebuilt from a pair's texts, `first` the query's first program (0:
/// program_1).
fn rebuilt_digest(p: &Pair, first: usize) -> String {
    let read = equiv::read_pair(&p.program_1, &p.program_2).unwrap();
    equiv::query_sha256(&read.query(first).unwrap())
}

/// The shipped exemplars were written before issue 36: their builds asked with the target's first
/// level first, whichever side the pair put it on, and the audit replays exactly that query (the
/// other order where the digest names it), confirming every one.
#[test]
fn exemplars_written_before_the_digest_audit_in_their_builds_order() {
    let tools = Tools::new();
    let cat = equibench_wasm::category();
    // The WASM exemplars as shipped before evidence recorded the query's digest (kept as a
    // fixture: the shipped ones are now rebuilt with it).
    let text = include_str!("../data/exemplars-before-query-digest.jsonl");
    let pairs: Vec<Pair> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut reversed = 0;
    for p in pairs.iter().filter(|p| p.equivalent) {
        let recorded = p.provenance.evidence.details["query_sha256"]
            .as_str()
            .unwrap();
        if recorded != rebuilt_digest(p, 0) {
            assert_eq!(recorded, rebuilt_digest(p, 1));
            reversed += 1;
        }
        let v = audit_pair(cat.as_ref(), p, &inputs(), &tools);
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
    }
    assert!(
        reversed > 0,
        "an exemplar whose build asked the other order"
    );
}

/// An edit of a pair's evidence.
type Tamper = fn(&mut serde_json::Map<String, serde_json::Value>);

/// The target a pair comes from: its source without the mutated side, the levels unordered.
fn target_of(p: &Pair) -> String {
    let mut s = p.provenance.source.to_map();
    s.remove("mutated");
    let (l1, l2) = (s.remove("level_1"), s.remove("level_2"));
    let mut levels = [l1.unwrap().to_string(), l2.unwrap().to_string()];
    levels.sort();
    format!("{} {levels:?}", serde_json::Value::Object(s))
}

/// Asserts every inequivalent pair whose target also gave an equivalent pair shows the same
/// number of diff lines; how many did.
fn same_diff_size_as_the_equivalent_pair(pairs: &[Pair]) -> usize {
    let mut matched = 0;
    for n in pairs.iter().filter(|p| !p.equivalent) {
        let Some(e) = pairs
            .iter()
            .find(|e| e.equivalent && target_of(e) == target_of(n))
        else {
            continue;
        };
        assert_eq!(
            diff_lines(&n.program_1, &n.program_2),
            diff_lines(&e.program_1, &e.program_2),
            "{}",
            target_of(n)
        );
        matched += 1;
    }
    matched
}

#[test]
fn a_block_makes_audited_pairs_and_tampering_is_caught() {
    let tools = Tools::new();
    let cat = equibench_wasm::category();
    let pairs = block(cat.as_ref(), &tools);
    assert_eq!(pairs.iter().filter(|p| p.equivalent).count(), 2);
    assert_eq!(pairs.iter().filter(|p| !p.equivalent).count(), 2);
    for p in &pairs {
        assert!(p.problems(&equibench_wasm::DESCRIPTOR).is_empty());
        assert_ne!(p.program_1, p.program_2);
        for prog in [&p.program_1, &p.program_2] {
            let (f, inits) = parse_program(prog).unwrap();
            assert_eq!(f.globals.len(), inits.len());
        }
        let v = audit_pair(cat.as_ref(), p, &inputs(), &tools);
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
        assert!(cat.rationale(p).is_some());
    }
    // Subtlety (issue 41): every inequivalent pair records on how many of the category's K
    // fresh calls its functions differ, as they give it on their own (the audit above recounted
    // it); no equivalent pair records one.
    let engine = crate::common::wasmtime(&tools);
    for p in &pairs {
        let Some(d) = p.disagreement() else {
            assert!(p.equivalent, "{} records no disagreement", p.id);
            continue;
        };
        assert!(!p.equivalent, "{}", p.id);
        assert_eq!((d.over, d.trials), (Over::Inputs, subtlety::TRIALS));
        let read = equiv::read_pair(&p.program_1, &p.program_2).unwrap();
        let [f1, f2] = &read.funcs;
        let alone = subtlety::measure(&engine, f1, f2, &read.inits, d.seed.unwrap()).unwrap();
        assert_eq!(alone, d, "{}", target_of(p));
    }
    // Targets give both labels or none, and an inequivalent pair differs by as many diff lines
    // as the equivalent pair of its target (the `diff_lines` shortcut, issue 29).
    let matched = same_diff_size_as_the_equivalent_pair(&pairs);
    assert_eq!(
        matched, 2,
        "an inequivalent pair without its target's equivalent pair"
    );

    // One query, byte for byte (issue 36): the digest each pair records is the one of the query
    // the audit rebuilds from its texts, program_1 first, whichever side the target's first level
    // is on.
    for p in &pairs {
        let recorded = p.provenance.evidence.details["query_sha256"]
            .as_str()
            .unwrap();
        assert_eq!(recorded, rebuilt_digest(p, 0), "{}", target_of(p));
    }
    assert!(
        pairs
            .iter()
            .any(|p| rebuilt_digest(p, 0) != rebuilt_digest(p, 1)),
        "no pair whose two query orders differ"
    );
    // Nothing the record says about how to check it is its own (issue 37): a digest, a limit,
    // the globals or the solver changed is a contradiction that names the field.
    let eq = pairs.iter().find(|p| p.equivalent).unwrap();
    let neq = pairs.iter().find(|p| !p.equivalent).unwrap();
    let tampers: [(&Pair, &str, Tamper); 6] = [
        (eq, "query_sha256", |ev| {
            ev["query_sha256"] = "0".repeat(64).into()
        }),
        (neq, "query_sha256", |ev| {
            ev["query_sha256"] = "0".repeat(64).into()
        }),
        (eq, "proofs[0].rlimit", |ev| {
            ev["proofs"][0]["rlimit"] = 0.into()
        }),
        (eq, "proofs[1].rlimit", |ev| {
            ev["proofs"][1]["rlimit"] = 1.into()
        }),
        (eq, "globals_init", |ev| {
            ev["globals_init"] = serde_json::json!([7])
        }),
        (neq, "found_by", |ev| ev["found_by"] = "cvc5".into()),
    ];
    for (pair, field, tamper) in tampers {
        let mut tampered = pair.clone();
        tamper(&mut tampered.provenance.evidence.details);
        let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
        assert!(
            contradicted(&v) && v.detail().starts_with(field),
            "{field}: {}: {}",
            v.label(),
            v.detail()
        );
    }

    // The same seed gives the same pairs.
    let again = block(cat.as_ref(), &tools);
    assert_eq!(
        pairs.iter().map(|p| &p.id).collect::<Vec<_>>(),
        again.iter().map(|p| &p.id).collect::<Vec<_>>()
    );

    // An inequivalent pair's programs relabelled equivalent with proof evidence: the query
    // rebuilt from its texts is not the one the proof answered.
    let mut tampered = neq.clone();
    tampered.equivalent = true;
    tampered.provenance.evidence = eq.provenance.evidence.clone();
    let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
    assert!(contradicted(&v), "{}: {}", v.label(), v.detail());

    // An equivalent pair's second program swapped for the mutant: the proof fails.
    let mut tampered = eq.clone();
    tampered.program_2 = if neq.provenance.source.details["mutated"] == "program_2" {
        neq.program_2.clone()
    } else {
        neq.program_1.clone()
    };
    let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
    assert!(!v.is_confirmed(), "{}: {}", v.label(), v.detail());

    // A witness with one parameter too many: it no longer fits the functions.
    let mut tampered = neq.clone();
    tampered
        .provenance
        .evidence
        .details
        .get_mut("witness")
        .and_then(|w| w.get_mut("args"))
        .and_then(|a| a.as_array_mut())
        .unwrap()
        .push(serde_json::json!(7));
    let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
    assert!(contradicted(&v), "{}: {}", v.label(), v.detail());

    // The two recorded outcomes swapped (a parameter change is no sure tamper: a function may
    // ignore its parameters): wasmtime gives each program the other's outcome.
    let mut tampered = neq.clone();
    let ev = &mut tampered.provenance.evidence.details;
    let (o1, o2) = (ev["outcome_1"].clone(), ev["outcome_2"].clone());
    assert_ne!(o1, o2);
    ev.insert("outcome_1".into(), o2);
    ev.insert("outcome_2".into(), o1);
    let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
    assert!(contradicted(&v), "{}: {}", v.label(), v.detail());

    // A recorded outcome that wasmtime does not give.
    let mut tampered = neq.clone();
    tampered.provenance.evidence.details.insert(
        "outcome_2".into(),
        serde_json::json!({"trap": "unreachable"}),
    );
    tampered.provenance.evidence.details.insert(
        "outcome_1".into(),
        serde_json::json!({"trap": "unreachable"}),
    );
    let v = audit_pair(cat.as_ref(), &tampered, &inputs(), &tools);
    assert!(contradicted(&v), "{}: {}", v.label(), v.detail());
}
