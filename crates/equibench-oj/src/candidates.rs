//! Which pairs a category tries, in which order, and which block tries each.
//!
//! Per problem, candidates are ranked for difficulty (EquiBench section 5.2): equivalent
//! candidates by ascending similarity (dissimilar equivalent programs are harder), inequivalent
//! ones by descending similarity (near-misses are harder); real wrong answers come before
//! mutants. Problems are then interleaved round-robin (in an order shuffled by the build seed) so
//! that every problem contributes early. Candidate `i` of the global list belongs to block
//! `i mod block_count`: blocks never try the same candidate, so no pair is made twice, and a
//! block's choices depend only on (seed, category, block).

use crate::codenet::{Corpus, Status};
use crate::variant::Variant;
use equibench_core::seed::rng;
use equibench_core::similarity::similarity;
use rand::seq::SliceRandom;

/// Mutant slots per accepted submission (mutants are drawn in a seeded order).
pub const MUTANT_SLOTS: usize = 6;

/// One side of a candidate pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// A submission of the problem, by index in `Problem::submissions`.
    Submission(usize),
    /// The `slot`-th mutant (seeded order) of submission `of`.
    Mutant { of: usize, slot: usize },
}

/// A candidate pair: `accepted` (index of an Accepted submission) and `other`; `rename_other`
/// says whether `other` is shown renamed.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub problem: usize,
    pub equivalent: bool,
    pub accepted: usize,
    pub other: Side,
    pub rename_other: bool,
    /// Similarity of the original sources (mutants: 1.0 before the edit is known); for ranking.
    pub rank_similarity: f64,
}

/// The candidates of `category` and label `equivalent`, globally ordered.
pub fn candidates(
    corpus: &Corpus,
    category: Variant,
    equivalent: bool,
    seed: u64,
) -> Vec<Candidate> {
    let mut per_problem: Vec<Vec<Candidate>> = Vec::new();
    for (pi, p) in corpus.problems.iter().enumerate() {
        let acc: Vec<usize> = indices(p, &Status::Accepted);
        let wa: Vec<usize> = indices(p, &Status::WrongAnswer);
        let sim =
            |a: usize, b: usize| similarity(&p.submissions[a].source, &p.submissions[b].source);
        let mut list = Vec::new();
        let cand = |accepted: usize, other: Side, rename_other: bool, s: f64| Candidate {
            problem: pi,
            equivalent,
            accepted,
            other,
            rename_other,
            rank_similarity: s,
        };
        match (category, equivalent) {
            (Variant::A, true) | (Variant::Va, true) => {
                let rename = category == Variant::Va;
                for (x, &a) in acc.iter().enumerate() {
                    for &b in &acc[x + 1..] {
                        list.push(cand(a, Side::Submission(b), rename, sim(a, b)));
                    }
                }
            }
            (Variant::V, true) => {
                for &s in acc.iter().chain(&wa) {
                    list.push(cand(s, Side::Submission(s), true, 1.0));
                }
            }
            (_, false) => {
                let rename = category != Variant::A;
                let mut real = Vec::new();
                for &a in &acc {
                    for &w in &wa {
                        real.push(cand(a, Side::Submission(w), rename, sim(a, w)));
                    }
                }
                sort_by_similarity(&mut real, false);
                list.extend(real);
                // Mutants: of the accepted program itself (the nearest miss) first; OJ_A and
                // OJ_VA also pair a mutant with another accepted program.
                for slot in 0..MUTANT_SLOTS {
                    for &a in &acc {
                        list.push(cand(a, Side::Mutant { of: a, slot }, rename, 1.0));
                    }
                    if category != Variant::V {
                        for &a in &acc {
                            for &b in acc.iter().filter(|b| **b != a) {
                                list.push(cand(a, Side::Mutant { of: b, slot }, rename, sim(a, b)));
                            }
                        }
                    }
                }
            }
        }
        if equivalent {
            sort_by_similarity(&mut list, true);
        }
        per_problem.push(list);
    }
    let mut order: Vec<usize> = (0..per_problem.len()).collect();
    order.shuffle(&mut rng(
        seed,
        &[
            category.as_str(),
            "problem-order",
            if equivalent { "eq" } else { "ineq" },
        ],
    ));
    let mut out = Vec::new();
    let longest = per_problem.iter().map(Vec::len).max().unwrap_or(0);
    for round in 0..longest {
        for &pi in &order {
            if let Some(c) = per_problem[pi].get(round) {
                out.push(c.clone());
            }
        }
    }
    out
}

/// The candidates block `block` of `count` owns, in order.
pub fn for_block(all: Vec<Candidate>, block: usize, count: usize) -> Vec<Candidate> {
    let count = count.max(1);
    all.into_iter()
        .enumerate()
        .filter(|(i, _)| i % count == block % count)
        .map(|(_, c)| c)
        .collect()
}

fn indices(p: &crate::codenet::Problem, status: &Status) -> Vec<usize> {
    (0..p.submissions.len())
        .filter(|i| &p.submissions[*i].status == status)
        .collect()
}

/// Stable sort by similarity, ascending or descending (ties keep their order).
fn sort_by_similarity(list: &mut [Candidate], ascending: bool) {
    list.sort_by(|x, y| {
        let o = x.rank_similarity.total_cmp(&y.rank_similarity);
        if ascending {
            o
        } else {
            o.reverse()
        }
    });
}
