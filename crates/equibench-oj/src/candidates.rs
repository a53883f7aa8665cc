//! Which pairs a category tries, and which block tries each.
//!
//! Every candidate is keyed by the unordered pair of submissions behind it (a mutant counts as
//! the submission it was made from), and each key belongs to exactly one of OJ_A, OJ_V and OJ_VA
//! ([`owner`]: a seeded hash), so the three categories never show the same two submissions. A
//! category's keys are dealt to its blocks by a seeded hash too, so a block owns both labels'
//! candidates for its keys and depends only on (seed, category, block count, block).
//!
//! Nothing here ranks by similarity: the two labels are drawn in a seeded order and matched on
//! their surface features by [`crate::select`], so that neither label looks more alike than the
//! other (issue 14).

use crate::codenet::{Corpus, Problem, Status};
use crate::variant::Variant;
use equibench_core::seed::{derive_seed, rng, EXEMPLAR_SEEDS};
use equibench_core::similarity::similarity;
use rand::seq::SliceRandom;

/// Mutant slots per (accepted, mutated submission) (mutants are drawn in a seeded order).
pub const MUTANT_SLOTS: usize = 6;
/// OJ_V pairs a program with its own mutant; it tries more of them, since only mutants whose
/// surface matches a renamed copy's are used.
pub const OJ_V_MUTANT_SLOTS: usize = 16;
/// A Wrong Answer this similar to an Accepted submission counts as a near copy of it: such pairs
/// may also go to OJ_V, whose pairs are a program and a near copy of it.
pub const NEAR_COPY_SIMILARITY: f64 = 0.8;

/// One side of a candidate pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// A submission of the problem, by index in `Problem::submissions`.
    Submission(usize),
    /// The `slot`-th mutant (seeded order) of submission `of`.
    Mutant { of: usize, slot: usize },
}

impl Side {
    /// The submission this side is (or was made from).
    pub fn submission(&self) -> usize {
        match self {
            Side::Submission(i) => *i,
            Side::Mutant { of, .. } => *of,
        }
    }
}

/// The unordered pair of submissions behind a candidate: (problem index, lower, higher
/// submission index). A program paired with itself or with its own mutant has `lower == higher`.
pub type PairKey = (usize, usize, usize);

/// A candidate pair: `accepted` (index of an Accepted submission) and `other`; `rename_other`
/// says whether `other` is shown renamed.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub problem: usize,
    pub equivalent: bool,
    pub accepted: usize,
    pub other: Side,
    pub rename_other: bool,
}

impl Candidate {
    pub fn key(&self) -> PairKey {
        let (a, b) = (self.accepted, self.other.submission());
        (self.problem, a.min(b), a.max(b))
    }
}

/// The candidates one block tries, each list in its seeded order.
#[derive(Debug, Clone, Default)]
pub struct BlockPlan {
    pub equivalent: Vec<Candidate>,
    /// The pool the equivalent ones are matched against (real Wrong Answers before mutants).
    pub inequivalent: Vec<Candidate>,
}

/// Which category owns the submission pair `key`: a program with itself (renamed, or its mutant)
/// only makes sense in OJ_V; two Accepted programs (or one and another's mutant) go to OJ_A or
/// OJ_VA; an Accepted and a Wrong Answer to any of the three when the Wrong Answer is a near copy,
/// else to OJ_A or OJ_VA.
pub fn owner(corpus: &Corpus, key: PairKey, seed: u64) -> Variant {
    let (pi, x, y) = key;
    if x == y {
        return Variant::V;
    }
    let p = &corpus.problems[pi];
    let (sx, sy) = (&p.submissions[x], &p.submissions[y]);
    let h = derive_seed(seed, &["oj-pair-owner", &p.id, &sx.id, &sy.id]);
    let both_accepted = sx.status == Status::Accepted && sy.status == Status::Accepted;
    if !both_accepted && similarity(&sx.source, &sy.source) >= NEAR_COPY_SIMILARITY {
        return [Variant::A, Variant::V, Variant::Va][(h % 3) as usize];
    }
    [Variant::A, Variant::Va][(h % 2) as usize]
}

/// Which of `count` blocks owns the submission pair `key` in `category`.
pub fn block_of(
    corpus: &Corpus,
    category: Variant,
    key: PairKey,
    seed: u64,
    count: usize,
) -> usize {
    let (pi, x, y) = key;
    let p = &corpus.problems[pi];
    let h = derive_seed(
        seed,
        &[
            category.as_str(),
            "oj-block",
            &p.id,
            &p.submissions[x].id,
            &p.submissions[y].id,
        ],
    );
    (h % count.max(1) as u64) as usize
}

/// Every candidate of `category` with label `equivalent` whose key the category owns, in a
/// seeded order (inequivalent: real Wrong Answers first, then mutants where no real one exists).
pub fn candidates(
    corpus: &Corpus,
    category: Variant,
    equivalent: bool,
    seed: u64,
) -> Vec<Candidate> {
    let rename = category != Variant::A;
    let mut real = Vec::new();
    let mut mutants = Vec::new();
    let making_exemplars = EXEMPLAR_SEEDS.contains(&seed);
    for (pi, p) in corpus.problems.iter().enumerate() {
        // Builds and exemplars draw from disjoint problems, so no exemplar's program can be in a
        // benchmark (a 400-pair build uses nearly every Accepted program of the corpus).
        if p.reserved_for_exemplars != making_exemplars {
            continue;
        }
        let acc = indices(p, &Status::Accepted);
        let wa = indices(p, &Status::WrongAnswer);
        let cand = |accepted: usize, other: Side| Candidate {
            problem: pi,
            equivalent,
            accepted,
            other,
            rename_other: rename,
        };
        match (category, equivalent) {
            (Variant::A | Variant::Va, true) => {
                for (x, &a) in acc.iter().enumerate() {
                    for &b in &acc[x + 1..] {
                        real.push(cand(a, Side::Submission(b)));
                    }
                }
            }
            (Variant::V, true) => {
                for &s in acc.iter().chain(&wa) {
                    real.push(cand(s, Side::Submission(s)));
                }
            }
            // Mutants stand in for real Wrong Answers only where none exists: OJ_A and OJ_VA
            // mutate for problems without a Wrong Answer, OJ_V for an Accepted program without a
            // Wrong Answer that is a near copy of it.
            (_, false) => {
                for &a in &acc {
                    for &w in &wa {
                        real.push(cand(a, Side::Submission(w)));
                    }
                    if category == Variant::V {
                        let near_copy = wa.iter().any(|&w| {
                            similarity(&p.submissions[a].source, &p.submissions[w].source)
                                >= NEAR_COPY_SIMILARITY
                        });
                        if !near_copy {
                            for slot in 0..OJ_V_MUTANT_SLOTS {
                                mutants.push(cand(a, Side::Mutant { of: a, slot }));
                            }
                        }
                    } else if wa.is_empty() {
                        for &b in acc.iter().filter(|b| **b != a) {
                            for slot in 0..MUTANT_SLOTS {
                                mutants.push(cand(a, Side::Mutant { of: b, slot }));
                            }
                        }
                    }
                }
            }
        }
    }
    let label = if equivalent { "eq" } else { "ineq" };
    let mut out = Vec::new();
    for (part, mut list) in [("real", real), ("mutant", mutants)] {
        list.retain(|c| owner(corpus, c.key(), seed) == category);
        list.shuffle(&mut rng(
            seed,
            &[category.as_str(), "oj-candidate-order", label, part],
        ));
        out.extend(list);
    }
    out
}

/// The candidates block `block` of `count` owns, in order.
pub fn plan(
    corpus: &Corpus,
    category: Variant,
    seed: u64,
    block: usize,
    count: usize,
) -> BlockPlan {
    let mine = |equivalent| {
        candidates(corpus, category, equivalent, seed)
            .into_iter()
            .filter(|c| block_of(corpus, category, c.key(), seed, count) == block % count.max(1))
            .collect()
    };
    BlockPlan {
        equivalent: mine(true),
        inequivalent: mine(false),
    }
}

fn indices(p: &Problem, status: &Status) -> Vec<usize> {
    (0..p.submissions.len())
        .filter(|i| &p.submissions[*i].status == status)
        .collect()
}
