//! `build --subtle` (issue 41) for x86-64: of the inequivalent rewrites of the equivalent one's
//! shape, the one differing from the target on the fewest of the pair's fresh trial inputs
//! partners it. A block over gray_decode32 (one target, searched at a few seeds) is run beside a
//! default block with the real search, solvers and harness: the equivalent pairs are the same,
//! each search's inequivalent pair differs on no more trials than the default's, balance holds,
//! the pairs audit, and the block is a function of its seed. (At this seed every partner
//! gray_decode32's searches offer differs on all 64 trials, so the two blocks' counts are equal.)

use equibench_core::testing::{audit_pair, generate_block_with};
use equibench_core::{Balance, Inputs, Pair, Tools};
use equibench_x86::category::X86;
use std::collections::BTreeMap;

/// The block's seed.
const SEED: u64 = 2;

/// The pairs of one block of gray_decode32's searches, with `--subtle` or without.
fn block(x86: &X86, inputs: &Inputs, tools: &Tools, subtle: bool) -> Vec<Pair> {
    let want = Balance::new(2, 2);
    let (sink, _) = generate_block_with(x86, SEED, 0, 1, want, inputs, tools, subtle).unwrap();
    sink.pairs
}

/// Inequivalent pairs' disagreement counts by the search (its seed) that made them.
fn differing_by_search(pairs: &[Pair]) -> BTreeMap<u64, u32> {
    pairs
        .iter()
        .filter(|p| !p.equivalent)
        .map(|p| {
            let search = p.provenance.evidence.details["search"]["seed"]
                .as_u64()
                .unwrap();
            (search, p.disagreement().expect("recorded").differing)
        })
        .collect()
}

#[test]
fn a_subtle_block_partners_each_search_with_a_rewrite_differing_on_no_more_inputs() {
    let tools = Tools::new();
    let (_dir, inputs) = crate::query_digest::gray_decode32_corpus();
    let x86 = X86::default();
    let default = block(&x86, &inputs, &tools, false);
    let subtle = block(&x86, &inputs, &tools, true);
    let count =
        |ps: &[Pair], equivalent: bool| ps.iter().filter(|p| p.equivalent == equivalent).count();
    assert_eq!((count(&subtle, true), count(&subtle, false)), (2, 2));
    let equivalent =
        |ps: &[Pair]| -> Vec<Pair> { ps.iter().filter(|p| p.equivalent).cloned().collect() };
    assert_eq!(
        equivalent(&subtle),
        equivalent(&default),
        "equivalent pairs as without it"
    );
    let (before, after) = (differing_by_search(&default), differing_by_search(&subtle));
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (search, d) in &after {
        assert!(
            *d <= before[search],
            "search {search}: {d} > {}",
            before[search]
        );
    }
    for p in subtle.iter().filter(|p| !p.equivalent) {
        let v = audit_pair(&x86, p, &inputs, &tools);
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
    }
    assert_eq!(
        block(&x86, &inputs, &tools, true),
        subtle,
        "a function of the seed"
    );
}
