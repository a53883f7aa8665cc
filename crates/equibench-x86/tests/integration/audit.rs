//! The audit re-proves an equivalent pair under the resource limits its evidence records, with the
//! real solvers, and takes none of them on trust (issue 37): a limit the category never gives a
//! strategy (0, which z3 reads as none; 1; null) is a contradiction naming the field, never a
//! proof run without a limit nor an inconclusive run under a starved one.

use equibench_core::testing::audit_pair;
use equibench_core::{Inputs, Pair, Tools, Verdict};
use equibench_x86::category::X86;
use std::path::PathBuf;

/// The shipped equivalent exemplars (real builds' pairs, both solvers' `unsat` recorded).
fn equivalent_exemplars() -> Vec<Pair> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/exemplars/x86-64.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Pair>(l).unwrap())
        .filter(|p| p.equivalent)
        .collect()
}

/// Set the recorded rlimit of `solver`'s line in the evidence (`null` for `None`).
fn with_rlimit(pair: &Pair, solver: &str, rlimit: Option<u64>) -> Pair {
    let mut p = pair.clone();
    let solvers = p
        .provenance
        .evidence
        .details
        .get_mut("solvers")
        .and_then(|s| s.as_array_mut())
        .unwrap();
    let line = solvers
        .iter_mut()
        .find(|s| s["solver"] == solver)
        .unwrap_or_else(|| panic!("no {solver} line"));
    line["rlimit"] = rlimit.into();
    p
}

#[test]
fn equivalent_pairs_are_reproved_under_their_recorded_rlimits() {
    let tools = Tools::new();
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let x86 = X86::default();
    let pairs = equivalent_exemplars();
    assert!(!pairs.is_empty());
    for pair in &pairs {
        let verdict = audit_pair(&x86, pair, &inputs, &tools);
        assert!(
            matches!(verdict, Verdict::Confirmed(_)),
            "{}: {verdict:?}",
            pair.id
        );
    }
    // A record's own limit is no limit of the category: refused before any solver runs, naming
    // the field (z3's `:rlimit 0` would let it run without one and confirm).
    let pair = &pairs[0];
    for (i, solver) in ["z3", "cvc5"].into_iter().enumerate() {
        for rlimit in [Some(0), Some(1), Some(123_456_789), None] {
            let tampered = with_rlimit(pair, solver, rlimit);
            match audit_pair(&x86, &tampered, &inputs, &tools) {
                Verdict::Contradicted(why) => assert!(
                    why.contains(&format!("solvers[{i}].rlimit")),
                    "{solver} {rlimit:?}: {why}"
                ),
                other => panic!("{solver} recorded under {rlimit:?}, yet the audit says {other:?}"),
            }
        }
    }
}

/// An equivalent record's other parameters are the category's too: every native test passed,
/// the question, logic and answer as the pipeline words them.
#[test]
fn equivalent_records_with_parameters_of_their_own_are_contradicted() {
    let tools = Tools::new();
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let x86 = X86::default();
    let pair = &equivalent_exemplars()[0];
    let edits: [(&str, serde_json::Value); 4] = [
        ("native_tests_passed", 31.into()),
        ("native_tests_total", 0.into()),
        ("logic", "QF_ABV".into()),
        ("answer", "sat".into()),
    ];
    for (key, value) in edits {
        let mut tampered = pair.clone();
        tampered
            .provenance
            .evidence
            .details
            .insert(key.into(), value.clone());
        match audit_pair(&x86, &tampered, &inputs, &tools) {
            Verdict::Contradicted(why) => assert!(why.contains(key), "{key}: {why}"),
            other => panic!("{key} = {value}, yet the audit says {other:?}"),
        }
    }
}
