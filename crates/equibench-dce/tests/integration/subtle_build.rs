//! Issue 41: `build --subtle` changes no decision a DCE block makes. Built twice at one seed with
//! the real CSmith, compilers and LLVM, with and without it, the block keeps the default's
//! equivalent pairs, record for record and in order, and as many inequivalent pairs; each of
//! those is the default's or, in its place, a pair of the same surface stratum whose stdouts
//! differ in a strictly smaller share of bytes (and at least one is), no program gives more than
//! its cap, no two pairs share their programs, and the stand-ins audit like any pair. The
//! default's candidates are checked as without it: its rejections by reason are the same, the
//! stand-ins' own counted apart.

use equibench_core::testing::{audit_pair, generate_block_with, label_lines};
use equibench_core::{Balance, Inputs, Pair, Tools};
use equibench_dce::shape::{Shape, Stratum};
use equibench_dce::Dce;
use std::collections::{BTreeMap, BTreeSet};

/// A seed at which the block below substitutes an inequivalent pair.
const SEED: u64 = 10;
/// Pairs of each label the block asks for.
const WANT: usize = 2;

/// DCE with 2 inequivalent checks per program (the default: 12), so the default leaves more
/// candidates unchecked and a small block has stand-ins to find (with the default budget a 2 + 2
/// block rarely does: DCE's stdouts are one CRC checksum, most pairs differ in 7 or 8 of its 20
/// bytes, and few unchecked candidates share a stratum with a pair emitted).
fn dce() -> Dce {
    Dce {
        attempts_per_program: 2,
        ..Dce::default()
    }
}

/// The block's pairs, in emission order, and its rejections by reason.
fn block(dce: &Dce, subtle: bool) -> (Vec<Pair>, BTreeMap<String, u64>) {
    let (tools, inputs) = (Tools::new(), Inputs::default());
    let want = Balance::new(WANT, WANT);
    let (sink, _) = generate_block_with(dce, SEED, 0, 1, want, &inputs, &tools, subtle).unwrap();
    (sink.pairs, sink.rejected)
}

fn stratum(p: &Pair) -> Stratum {
    Shape::of_pair(&p.program_1, &p.program_2)
        .expect("the edit is found")
        .stratum()
}

/// `differing / trials` of the two stdouts, as integers.
fn share(p: &Pair) -> (u64, u64) {
    let d = p
        .disagreement()
        .expect("an inequivalent DCE pair records it");
    (u64::from(d.differing), u64::from(d.trials))
}

#[test]
fn a_subtle_dce_block_keeps_the_default_equivalent_pairs_and_substitutes_subtler_ones() {
    let dce = dce();
    let (default, rejected_default) = block(&dce, false);
    let (subtle, rejected_subtle) = block(&dce, true);
    // The default's checks, no more: its rejections as they were, the stand-ins' own counted
    // apart (`subtle-...`), and no more pairs left unpaired than without it.
    let ours = |r: &BTreeMap<String, u64>| {
        r.iter()
            .filter(|(k, _)| !k.starts_with("subtle-") && *k != "unmatched-in-stratum")
            .map(|(k, v)| (k.clone(), *v))
            .collect::<BTreeMap<_, _>>()
    };
    assert_eq!(ours(&rejected_subtle), ours(&rejected_default));
    let unmatched = |r: &BTreeMap<String, u64>| r.get("unmatched-in-stratum").copied();
    assert!(
        unmatched(&rejected_subtle).unwrap_or(0) <= unmatched(&rejected_default).unwrap_or(0),
        "{rejected_subtle:?} / {rejected_default:?}"
    );
    assert_eq!(label_lines(&default, true).len(), WANT);
    assert_eq!(
        label_lines(&subtle, true),
        label_lines(&default, true),
        "as without it"
    );
    let before: Vec<&Pair> = default.iter().filter(|p| !p.equivalent).collect();
    let after: Vec<&Pair> = subtle.iter().filter(|p| !p.equivalent).collect();
    assert_eq!((before.len(), after.len()), (WANT, WANT));
    let mut substituted = 0;
    for (d, s) in before.iter().zip(&after) {
        if d.id == s.id {
            continue;
        }
        substituted += 1;
        assert_eq!(
            stratum(s),
            stratum(d),
            "a stand-in shares its place's stratum"
        );
        let ((d_s, t_s), (d_d, t_d)) = (share(s), share(d));
        assert!(d_s * t_d < d_d * t_s, "{d_s}/{t_s} !< {d_d}/{t_d}");
        let v = audit_pair(&dce, s, &Inputs::default(), &Tools::new());
        assert!(v.is_confirmed(), "{}: {}", v.label(), v.detail());
    }
    assert!(
        substituted > 0,
        "no inequivalent pair substituted at seed {SEED}: the test shows nothing"
    );
    // Both labels per stratum, the program cap, one pair per program pair.
    let mut per_stratum = BTreeMap::new();
    let mut per_program = BTreeMap::new();
    let mut programs = BTreeSet::new();
    for p in &subtle {
        *per_stratum.entry(stratum(p)).or_insert(0i32) += if p.equivalent { 1 } else { -1 };
        let index = p.provenance.source.details["program_index"]
            .as_u64()
            .unwrap();
        *per_program.entry(index).or_insert(0) += 1;
        let (a, b) = (p.program_1.clone(), p.program_2.clone());
        assert!(programs.insert((a.clone().min(b.clone()), a.max(b))));
    }
    assert!(per_stratum.values().all(|d| *d == 0), "{per_stratum:?}");
    assert!(
        per_program
            .values()
            .all(|n| *n <= dce.max_pairs_per_program),
        "{per_program:?}"
    );
}
