use crate::common;
use equibench_core::seed::EXEMPLAR_SEEDS;
use equibench_core::similarity::similarity;
use equibench_oj::candidates::{
    block_of, candidates, plan, Candidate, PairKey, Side, NEAR_COPY_SIMILARITY,
};
use equibench_oj::codenet::{load, Corpus, CorpusKind};
use equibench_oj::Variant;
use std::collections::{BTreeMap, BTreeSet};

const CATEGORIES: [Variant; 3] = [Variant::A, Variant::V, Variant::Va];

fn embedded() -> Corpus {
    load(&common::embedded_root(), CorpusKind::Embedded).unwrap()
}

/// Issue 25: the few-shot exemplars come from problems no build uses, and only from them.
#[test]
fn builds_and_exemplars_draw_from_disjoint_problems() {
    let corpus = embedded();
    let reserved: BTreeSet<&str> = corpus
        .problems
        .iter()
        .filter(|p| p.reserved_for_exemplars)
        .map(|p| p.id.as_str())
        .collect();
    assert!(reserved.len() >= 3, "{reserved:?}");
    for cat in CATEGORIES {
        for equivalent in [true, false] {
            for seed in [0, 1, 2, EXEMPLAR_SEEDS.start - 1, EXEMPLAR_SEEDS.end] {
                for c in candidates(&corpus, cat, equivalent, seed) {
                    let id = corpus.problems[c.problem].id.as_str();
                    assert!(!reserved.contains(id), "seed {seed}: {cat} uses {id}");
                }
            }
            let seed = EXEMPLAR_SEEDS.start;
            let mine = candidates(&corpus, cat, equivalent, seed);
            assert!(mine.len() >= 4, "{cat} {equivalent}: {}", mine.len());
            for c in mine {
                let id = corpus.problems[c.problem].id.as_str();
                assert!(reserved.contains(id), "an exemplar of {cat} from {id}");
            }
        }
    }
}

#[test]
fn the_three_categories_draw_disjoint_submission_pairs_and_blocks_partition_them() {
    let corpus = embedded();
    for seed in [1, 2] {
        let mut owner_of: BTreeMap<PairKey, Variant> = BTreeMap::new();
        for cat in CATEGORIES {
            // Each block's plan holds both labels: made once for both (each plan lists every
            // candidate of the category again, most of this test's time).
            let plans: Vec<_> = (0..4).map(|b| plan(&corpus, cat, seed, b, 4)).collect();
            for equivalent in [true, false] {
                let all = candidates(&corpus, cat, equivalent, seed);
                assert!(!all.is_empty(), "{cat} {equivalent}");
                for c in &all {
                    let prev = owner_of.insert(c.key(), cat);
                    assert!(
                        prev.is_none() || prev == Some(cat),
                        "{:?} in {prev:?} and {cat}",
                        c.key()
                    );
                }
                // Every candidate is in exactly one block of four.
                let mut in_blocks = 0;
                for (block, p) in plans.iter().enumerate() {
                    let mine = if equivalent {
                        &p.equivalent
                    } else {
                        &p.inequivalent
                    };
                    in_blocks += mine.len();
                    for c in mine {
                        assert_eq!(block_of(&corpus, cat, c.key(), seed, 4), block);
                    }
                }
                assert_eq!(in_blocks, all.len());
            }
        }
        // Programs paired with themselves (or their mutants) are OJ_V's; the others are split.
        let keys: BTreeSet<Variant> = owner_of.values().copied().collect();
        assert_eq!(keys.len(), 3);
        assert!(owner_of
            .iter()
            .filter(|(k, _)| k.1 == k.2)
            .all(|(_, c)| *c == Variant::V));
    }
}

#[test]
fn oj_v_pairs_a_program_with_itself_or_a_near_copy() {
    let corpus = embedded();
    for c in candidates(&corpus, Variant::V, false, 3) {
        let p = &corpus.problems[c.problem];
        match c.other {
            Side::Mutant { of, .. } => assert_eq!(of, c.accepted),
            Side::Submission(w) => assert!(
                similarity(&p.submissions[c.accepted].source, &p.submissions[w].source)
                    >= NEAR_COPY_SIMILARITY
            ),
        }
    }
}

#[test]
fn the_order_depends_on_the_seed() {
    let corpus = embedded();
    let keys = |seed| -> Vec<PairKey> {
        candidates(&corpus, Variant::A, true, seed)
            .iter()
            .map(Candidate::key)
            .collect()
    };
    assert_eq!(keys(5), keys(5));
    assert_ne!(keys(5), keys(6));
}
