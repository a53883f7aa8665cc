//! `build --subtle` (issue 41) for x86-64: of the inequivalent rewrites of the equivalent one's
//! shape, the one differing from the target on the fewest of the pair's fresh trial inputs
//! partners it. A block over packed_byte_add (one target, one search) is run beside a default
//! block with the real search, solvers and harness: the equivalent pairs are the same, the
//! search's inequivalent pair differs on strictly fewer trials than the default's (at this seed
//! the default's partner differs on all 64, the subtle one on about half), balance holds, the
//! pairs audit, and the block is a function of its seed.

use equibench_core::testing::{audit_pair, generate_block_with};
use equibench_core::{Balance, Inputs, Pair, Tools};
use equibench_x86::category::X86;
use std::collections::BTreeMap;

/// `packed_byte_add` of `data/x86/kernels.c`, alone in a corpus of its own.
const PACKED_BYTE_ADD: &str = "#include <stdint.h>

uint32_t packed_byte_add(uint32_t x, uint32_t y) {
    return ((x & 0x7f7f7f7fu) + (y & 0x7f7f7f7fu)) ^ ((x ^ y) & 0x80808080u);
}
";

/// A build seed whose search of packed_byte_add offers a subtler partner than the closest one.
const SEED: u64 = 3;

/// The pairs of one block of one search, with `--subtle` or without.
fn block(x86: &X86, inputs: &Inputs, tools: &Tools, subtle: bool) -> Vec<Pair> {
    let want = Balance::new(1, 1);
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
fn a_subtle_block_partners_a_search_with_a_rewrite_differing_on_fewer_inputs() {
    let tools = Tools::new();
    let (_dir, inputs) = crate::query_digest::corpus_of(PACKED_BYTE_ADD);
    let x86 = X86::default();
    let default = block(&x86, &inputs, &tools, false);
    let subtle = block(&x86, &inputs, &tools, true);
    let count =
        |ps: &[Pair], equivalent: bool| ps.iter().filter(|p| p.equivalent == equivalent).count();
    assert_eq!((count(&subtle, true), count(&subtle, false)), (1, 1));
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
    assert!(
        after.iter().any(|(search, d)| *d < before[search]),
        "no subtle partner differs on fewer inputs: {before:?} vs {after:?}"
    );
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
