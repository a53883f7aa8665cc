//! `build --subtle` (issue 41) for WASM: every sampled mutation site of a target is tried, and
//! of the mutants z3 refutes the one whose functions differ on the fewest of the visit's fresh
//! trial calls is kept. A block is run beside a default block at one seed with the real tools:
//! the equivalent pairs are the same, each visit's inequivalent pair differs on no more trials
//! than the default's (and on fewer for some), balance holds, the pairs audit, and the block is
//! a function of its seed.

use equibench_core::testing::{audit_pair, generate_block_with};
use equibench_core::{Balance, Category, Inputs, Pair, Tools};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The block's seed.
const SEED: u64 = 11;

fn inputs() -> Inputs {
    Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"))
}

fn block(cat: &dyn Category, tools: &Tools, subtle: bool) -> Vec<Pair> {
    let want = Balance::new(3, 3);
    let (sink, _) = generate_block_with(cat, SEED, 0, 1, want, &inputs(), tools, subtle).unwrap();
    sink.pairs
}

/// Inequivalent pairs' disagreement counts by the visit (its trial seed) that made them.
fn differing_by_visit(pairs: &[Pair]) -> BTreeMap<u64, u32> {
    pairs
        .iter()
        .filter(|p| !p.equivalent)
        .map(|p| {
            let d = p.disagreement().expect("recorded");
            (d.seed.expect("over inputs"), d.differing)
        })
        .collect()
}

#[test]
fn a_subtle_block_keeps_for_each_target_a_mutant_differing_on_no_more_calls() {
    let tools = Tools::new();
    let cat = equibench_wasm::category();
    let default = block(cat.as_ref(), &tools, false);
    let subtle = block(cat.as_ref(), &tools, true);
    let count = |ps: &[Pair], eq: bool| ps.iter().filter(|p| p.equivalent == eq).count();
    assert_eq!((count(&subtle, true), count(&subtle, false)), (3, 3));
    let equivalent =
        |ps: &[Pair]| -> Vec<Pair> { ps.iter().filter(|p| p.equivalent).cloned().collect() };
    assert_eq!(equivalent(&subtle), equivalent(&default), "as without it");
    let (before, after) = (differing_by_visit(&default), differing_by_visit(&subtle));
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (visit, d) in &after {
        assert!(
            *d <= before[visit],
            "visit {visit}: {d} > {}",
            before[visit]
        );
    }
    assert!(
        after.iter().any(|(v, d)| *d < before[v]),
        "some target offers a subtler mutant than the default's: {before:?} vs {after:?}"
    );
    for p in subtle.iter().filter(|p| !p.equivalent) {
        let v = audit_pair(cat.as_ref(), p, &inputs(), &tools);
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
    }
    assert_eq!(
        block(cat.as_ref(), &tools, true),
        subtle,
        "a function of the seed"
    );
}
