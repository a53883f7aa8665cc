//! `build --subtle` (issue 41) for OJ_V on the real CodeNet sample: a block made with it beside the
//! default block at one seed, with the real tools. The equivalent pairs are the default's, record
//! for record and in order; each inequivalent pair is the default's or, in its place, a subtler
//! one of the same surface bin (and at least one is), no two share a submission pair, and the
//! substitutes audit like any pair.

use crate::common::codenet_sample;
use equibench_core::testing::{audit_pair, generate_block_with, label_lines};
use equibench_core::{Balance, Inputs, Pair, Tools};
use equibench_oj::surface::SurfaceBin;
use equibench_oj::{OjCategory, Variant};
use std::collections::BTreeSet;

/// The block's seed and request.
const SEED: u64 = 5;
const WANT: usize = 2;

fn block(cat: &OjCategory, inputs: &Inputs, tools: &Tools, subtle: bool) -> Vec<Pair> {
    let want = Balance::new(WANT, WANT);
    let (sink, _) = generate_block_with(cat, SEED, 0, 1, want, inputs, tools, subtle).unwrap();
    sink.pairs
}

fn rate(p: &Pair) -> f64 {
    p.disagreement().expect("an OJ pair records it").rate()
}

/// The submission pair behind a pair (a mutant counts as the submission it was made from).
fn key(p: &Pair) -> (String, String, String) {
    let src = &p.provenance.source.details;
    let id = |side: &str| src[side]["submission_id"].as_str().unwrap().to_string();
    let (a, b) = (id("program_1"), id("program_2"));
    let problem = src["problem_id"].as_str().unwrap().to_string();
    (problem, a.clone().min(b.clone()), a.max(b))
}

#[test]
fn a_subtle_oj_v_block_keeps_the_default_equivalent_pairs_and_substitutes_subtler_partners() {
    let tools = Tools::new();
    let inputs = Inputs::new(std::path::PathBuf::from("/nonexistent"))
        .with(equibench_oj::variant::CODENET.flag, vec![codenet_sample()]);
    let cat = OjCategory::new(Variant::V).with_generated_inputs(12);
    let default = block(&cat, &inputs, &tools, false);
    let subtle = block(&cat, &inputs, &tools, true);
    assert_eq!(label_lines(&subtle, true).len(), WANT);
    assert_eq!(
        label_lines(&subtle, true),
        label_lines(&default, true),
        "as without it"
    );
    let (before, after): (Vec<&Pair>, Vec<&Pair>) = (
        default.iter().filter(|p| !p.equivalent).collect(),
        subtle.iter().filter(|p| !p.equivalent).collect(),
    );
    assert_eq!(after.len(), before.len());
    assert_eq!(after.len(), WANT);
    let bin = |p: &Pair| SurfaceBin::sized(&p.program_1, &p.program_2);
    let mut substituted = 0;
    for (d, s) in before.iter().zip(&after) {
        if d.id == s.id {
            continue;
        }
        substituted += 1;
        assert_eq!(
            bin(s),
            bin(d),
            "a substitute shares its place's surface bin"
        );
        assert!(rate(s) < rate(d), "{} !< {}", rate(s), rate(d));
        let v = audit_pair(&cat, s, &inputs, &tools);
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
    }
    assert!(
        substituted > 0,
        "some place has a subtler pair: {:?}",
        before.iter().map(|p| rate(p)).collect::<Vec<_>>()
    );
    let keys: BTreeSet<_> = after.iter().map(|p| key(p)).collect();
    assert_eq!(keys.len(), after.len(), "one pair per submission pair");
}
