//! The audit re-proves an equivalent pair under the resource limits its evidence records, with the
//! real solvers: the claim a build makes is "unsat within this many units" (rlimit counts do not
//! depend on the machine), so a record whose limit is too small for the proof is not confirmed,
//! however long the audit's wall clock would have let the solver run.

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

/// Set the recorded rlimit of `solver`'s line in the evidence.
fn with_rlimit(pair: &Pair, solver: &str, rlimit: u64) -> Pair {
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
        // One unit proves nothing: each solver, held to it, has no answer.
        for solver in ["z3", "cvc5"] {
            let starved = with_rlimit(pair, solver, 1);
            match audit_pair(&x86, &starved, &inputs, &tools) {
                Verdict::Inconclusive(why) => assert!(
                    why.contains(&format!("{solver} ")) && why.contains("recorded rlimit 1"),
                    "{}: {why}",
                    pair.id
                ),
                other => panic!(
                    "{}: {solver} held to 1 unit, yet the audit says {other:?}",
                    pair.id
                ),
            }
        }
    }
}
