//! The category end to end with the real tools (clang-19, wasm-ld, z3, cvc5, wasmtime): one block
//! makes pairs that pass the record checks and their audit; a tampered equivalent pair and a
//! tampered witness are contradicted by the audit.

use equibench_core::shortcuts::diff_lines;
use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Category, Inputs, Pair, Tools, Verdict};
use equibench_wasm::parse::parse_program;
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
    // Targets give both labels or none, and an inequivalent pair differs by as many diff lines
    // as the equivalent pair of its target (the `diff_lines` shortcut, issue 29).
    let matched = same_diff_size_as_the_equivalent_pair(&pairs);
    assert_eq!(
        matched, 2,
        "an inequivalent pair without its target's equivalent pair"
    );

    // The same seed gives the same pairs.
    let again = block(cat.as_ref(), &tools);
    assert_eq!(
        pairs.iter().map(|p| &p.id).collect::<Vec<_>>(),
        again.iter().map(|p| &p.id).collect::<Vec<_>>()
    );

    // An inequivalent pair's programs relabelled equivalent with proof evidence: the solvers
    // re-prove nothing and say sat.
    let eq = pairs.iter().find(|p| p.equivalent).unwrap();
    let neq = pairs.iter().find(|p| !p.equivalent).unwrap();
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
