//! Issue 41: `build --subtle` changes no decision a CUDA block makes ("equivalent pairs are
//! unchanged by it"). Built twice at one seed through the real apache-tvm, with and without it,
//! a block keeps the same candidates in the same order (a pair records its candidate's seed), its
//! equivalent pairs are the same records, and an inequivalent pair differs only where a subtler
//! pair of its stratum stands in for it, which the audit confirms like any other.

use equibench_core::testing::{audit_pair, generate_block_with, CollectSink};
use equibench_core::{Balance, Inputs, Tools};
use equibench_cuda::select::Stratum;
use equibench_cuda::CudaCategory;

/// Two small reductions whose near misses shorten the reduction by different amounts, so their
/// outputs differ on different shares of rows: one draw of a family is often subtler than another
/// and of the same stratum.
pub(crate) const CATALOGUE: &str = r#"{
  "families": [
    {"family": "reduce_max", "kind": "reduce", "params": {"reduce_op": "max"},
     "shapes": [{"N": 32, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [
       {"change": "reduction extent shortened by 32", "params": {"reduce_extent_delta": -32}},
       {"change": "reduction extent shortened by 64", "params": {"reduce_extent_delta": -64}},
       {"change": "reduction extent shortened by 128", "params": {"reduce_extent_delta": -128}},
       {"change": "reduction extent shortened by 192", "params": {"reduce_extent_delta": -192}}]},
    {"family": "reduce_min", "kind": "reduce", "params": {"reduce_op": "min"},
     "shapes": [{"N": 32, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [
       {"change": "reduction extent shortened by 64", "params": {"reduce_extent_delta": -64}},
       {"change": "reduction extent shortened by 192", "params": {"reduce_extent_delta": -192}}]}
  ]
}"#;

/// A seed at which the block below substitutes at least one inequivalent pair.
const SEED: u64 = 4;

pub(crate) fn inputs(dir: &std::path::Path) -> Inputs {
    std::fs::create_dir_all(dir.join("cuda")).unwrap();
    std::fs::write(dir.join("cuda/catalogue.json"), CATALOGUE).unwrap();
    Inputs::new(dir.to_path_buf())
}

#[test]
fn subtle_substitutes_inequivalent_pairs_and_keeps_every_decision() {
    let tools = Tools::new();
    let data = tempfile::tempdir().unwrap();
    let inputs = inputs(data.path());
    let cat = CudaCategory::new();
    let want = Balance::new(2, 2);
    let build = |subtle| {
        generate_block_with(&cat, SEED, 0, 1, want, &inputs, &tools, subtle)
            .unwrap()
            .0
    };
    let (default, subtle) = (build(false), build(true));
    let kept = |s: &CollectSink| {
        s.pairs
            .iter()
            .map(|p| (p.provenance.seed, p.equivalent))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        kept(&default),
        kept(&subtle),
        "the same candidates kept, in the same order (rejected: {:?} / {:?})",
        default.rejected,
        subtle.rejected
    );
    let mut substituted = Vec::new();
    for (d, s) in default.pairs.iter().zip(&subtle.pairs) {
        if d.equivalent || d.id == s.id {
            assert_eq!(
                d, s,
                "an equivalent or unsubstituted pair is the same record"
            );
            continue;
        }
        assert_eq!(Stratum::of(d), Stratum::of(s), "{} for {}", s.id, d.id);
        let (dd, sd) = (d.disagreement().unwrap(), s.disagreement().unwrap());
        assert!(sd.differing <= dd.differing, "{sd:?} for {dd:?}");
        substituted.push(s);
    }
    assert!(
        !substituted.is_empty(),
        "no inequivalent pair substituted at seed {SEED}: the test shows nothing"
    );
    let v = audit_pair(&cat, substituted[0], &inputs, &tools);
    assert!(v.is_confirmed(), "{v:?}");
}
