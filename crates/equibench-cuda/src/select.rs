//! Choosing which candidate pairs a block keeps, so that surface features do not carry the label.
//!
//! Every finished candidate falls into a stratum of surface features a reader sees without
//! understanding the code (how similar the two programs are, how much their lengths differ, whether
//! their kernels are launched alike). A candidate is kept only together with a candidate of the other
//! label from the same stratum, so both labels are drawn from the same distribution of these
//! features; candidates left without a partner when the block is full are dropped and counted. The
//! candidates themselves are never altered.

use crate::kernel::kernel_defs;
use equibench_core::pair::count_lines;
use equibench_core::{Balance, Pair};
use std::collections::{BTreeMap, VecDeque};

/// Similarity bin edges (winnowing similarity of the two programs, as in the pair's stats). Few,
/// wide strata: a block keeps only matched candidates, and every extra stratum leaves more
/// candidates without a partner.
const SIMILARITY_EDGES: &[f64] = &[0.4, 0.6];
/// Bin edge of the relative line-count difference |l1 - l2| / max(l1, l2).
const LINE_DIFF_EDGES: &[f64] = &[0.5];

/// What the datasheet says about selection.
pub const SELECTION: &str = " Pairs are selected so that both labels come from the same \
    distribution of surface features: every candidate falls into a stratum (winnowing similarity \
    bin x relative line-count difference bin x whether both programs have the same kernel \
    launch bounds), and a candidate is kept only with a candidate of the other label from the same \
    stratum; unmatched candidates are dropped (`unmatched-in-stratum`).";

/// A stratum of surface features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stratum {
    similarity: usize,
    line_diff: usize,
    same_launch_bounds: bool,
}

fn bin(value: f64, edges: &[f64]) -> usize {
    edges.iter().take_while(|&&e| value >= e).count()
}

/// The `__launch_bounds__` of a program's kernels, sorted.
fn launch_bounds(program: &str) -> Vec<Option<u64>> {
    let mut b: Vec<_> = kernel_defs(program)
        .into_iter()
        .map(|d| d.launch_bounds)
        .collect();
    b.sort();
    b
}

impl Stratum {
    pub fn of(pair: &Pair) -> Stratum {
        let (l1, l2) = (count_lines(&pair.program_1), count_lines(&pair.program_2));
        let rel = l1.abs_diff(l2) as f64 / l1.max(l2).max(1) as f64;
        Stratum {
            similarity: bin(pair.stats.similarity, SIMILARITY_EDGES),
            line_diff: bin(rel, LINE_DIFF_EDGES),
            same_launch_bounds: launch_bounds(&pair.program_1) == launch_bounds(&pair.program_2),
        }
    }
}

/// Candidates waiting for a partner of the other label, per stratum.
#[derive(Default)]
pub struct Matcher {
    waiting: BTreeMap<(Stratum, bool), VecDeque<Pair>>,
}

impl Matcher {
    /// Offer a finished candidate: returns the pairs to emit now (it and a waiting partner of the
    /// other label from its stratum), or nothing if it has to wait.
    pub fn offer(&mut self, pair: Pair) -> Vec<Pair> {
        let stratum = Stratum::of(&pair);
        let partner = self
            .waiting
            .get_mut(&(stratum, !pair.equivalent))
            .and_then(VecDeque::pop_front);
        match partner {
            Some(p) => vec![p, pair],
            None => {
                self.waiting
                    .entry((stratum, pair.equivalent))
                    .or_default()
                    .push_back(pair);
                Vec::new()
            }
        }
    }

    /// Candidates of one label waiting for a partner.
    pub fn waiting(&self, equivalent: bool) -> usize {
        self.waiting
            .iter()
            .filter(|((_, e), _)| *e == equivalent)
            .map(|(_, q)| q.len())
            .sum()
    }

    /// The label the next candidate should have: the one with fewer candidates waiting (they need
    /// partners of the other label), alternating on a tie; never a label the block no longer needs.
    pub fn next_label(&self, n: usize, remaining: Balance) -> bool {
        match (remaining.equivalent, remaining.inequivalent) {
            (0, _) => false,
            (_, 0) => true,
            _ => {
                let (eq, ineq) = (self.waiting(true), self.waiting(false));
                if eq == ineq {
                    n.is_multiple_of(2)
                } else {
                    eq < ineq
                }
            }
        }
    }

    /// How many candidates are still waiting (dropped when the block ends).
    pub fn unmatched(&self) -> usize {
        self.waiting(true) + self.waiting(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_count_the_edges_below_the_value() {
        assert_eq!(bin(0.1, SIMILARITY_EDGES), 0);
        assert_eq!(bin(0.4, SIMILARITY_EDGES), 1);
        assert_eq!(bin(0.99, SIMILARITY_EDGES), SIMILARITY_EDGES.len());
    }
}
