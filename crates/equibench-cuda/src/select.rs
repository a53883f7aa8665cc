//! Choosing which candidate pairs a block keeps, so that surface features do not carry the label.
//!
//! Every finished candidate falls into a stratum of surface features a reader sees without
//! understanding the code (how similar the two programs are, how much their lengths differ, whether
//! their kernels are launched alike). A candidate is kept only together with a candidate of the other
//! label from the same stratum, so both labels are drawn from the same distribution of these
//! features; candidates left without a partner when the block is full are dropped and counted. The
//! candidates themselves are never altered.

use crate::kernel::{kernel_defs, math_functions};
use equibench_core::pair::count_lines;
use equibench_core::{Balance, Pair};
use std::collections::{BTreeMap, VecDeque};

/// Similarity bin edges (winnowing similarity of the two programs, as in the pair's stats). Few,
/// wide strata: a block keeps only matched candidates, and every extra stratum leaves more
/// candidates without a partner.
pub const SIMILARITY_EDGES: &[f64] = &[0.4, 0.6];
/// Bin edges of the relative line-count difference |l1 - l2| / max(l1, l2). One edge at 0.5 left
/// the line ratio telling labels apart within the lower bin (a depth-2 tree 59.8% held out on a
/// 100-pair build, issue 36's sweep): two computations of one shape are often almost as long as
/// each other, two schedules of one computation less often.
const LINE_DIFF_EDGES: &[f64] = &[0.1, 0.25, 0.5];

/// What the datasheet says about selection.
pub const SELECTION: &str = " Pairs are selected so that both labels come from the same \
    distribution of surface features: every candidate falls into a stratum (winnowing similarity \
    bin x relative line-count difference bin x whether both use the same buffer names), and a candidate is kept only with a candidate of \
    the other label from the same stratum; unmatched candidates are dropped \
    (`unmatched-in-stratum`). Both sides of every pair are scheduled independently and call the \
    same math functions, and which program comes first keeps the longer side balanced.";

/// A stratum of surface features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stratum {
    similarity: usize,
    line_diff: usize,
    /// Whether the two programs use the same buffer names (`*_ptr`). Two computations of one
    /// shape often differ by a buffer (an extra input or temporary) where two schedules of one
    /// computation do not: without this, "same buffers" told the labels apart (best single rule
    /// 59.1% held out at 400 pairs, issue 36's sweep seed 561830229083597).
    same_buffers: bool,
}

/// The bin of `value`: how many of `edges` it reaches.
pub fn bin(value: f64, edges: &[f64]) -> usize {
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
            same_buffers: buffer_names(&pair.program_1) == buffer_names(&pair.program_2),
        }
    }

    /// The similarity bin (of [`SIMILARITY_EDGES`]).
    pub fn similarity(&self) -> usize {
        self.similarity
    }

    /// The bin of the relative line-count difference.
    pub fn line_diff(&self) -> usize {
        self.line_diff
    }

    /// Whether the two programs use the same buffer names.
    pub fn same_buffers(&self) -> bool {
        self.same_buffers
    }
}

/// The buffer names a program uses (identifiers ending in `_ptr`, the suffix dropped).
fn buffer_names(program: &str) -> std::collections::BTreeSet<&str> {
    program
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter_map(|w| w.strip_suffix("_ptr"))
        .collect()
}

/// What the matcher holds: anything with the pair it will be kept as.
pub trait Matchable {
    fn pair(&self) -> &Pair;
}

impl Matchable for Pair {
    fn pair(&self) -> &Pair {
        self
    }
}

/// Candidates waiting for a partner of the other label, per stratum.
pub struct Matcher<T = Pair> {
    waiting: BTreeMap<(Stratum, bool), VecDeque<T>>,
}

impl<T> Default for Matcher<T> {
    fn default() -> Self {
        Matcher {
            waiting: BTreeMap::new(),
        }
    }
}

impl<T: Matchable> Matcher<T> {
    /// Offer a finished candidate: returns the pairs to emit now (it and a waiting partner of the
    /// other label from its stratum), or nothing if it has to wait.
    pub fn offer(&mut self, item: T) -> Vec<T> {
        let stratum = Stratum::of(item.pair());
        let equivalent = item.pair().equivalent;
        match self.take_partner(stratum, equivalent) {
            Some(p) => vec![p, item],
            None => {
                self.wait(stratum, item);
                Vec::new()
            }
        }
    }

    /// Whether a candidate of the other label than `equivalent` waits in `stratum`.
    pub fn has_partner(&self, stratum: Stratum, equivalent: bool) -> bool {
        self.waiting
            .get(&(stratum, !equivalent))
            .is_some_and(|q| !q.is_empty())
    }

    /// The longest-waiting candidate of the other label than `equivalent` in `stratum`.
    pub fn take_partner(&mut self, stratum: Stratum, equivalent: bool) -> Option<T> {
        self.waiting
            .get_mut(&(stratum, !equivalent))
            .and_then(VecDeque::pop_front)
    }

    /// Let a candidate wait for a partner (behind those of its label already waiting).
    pub fn wait(&mut self, stratum: Stratum, item: T) {
        let equivalent = item.pair().equivalent;
        self.waiting
            .entry((stratum, equivalent))
            .or_default()
            .push_back(item);
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

    /// The strata and labels of the candidates still waiting, with how many (for traces).
    pub fn waiting_strata(&self) -> Vec<((Stratum, bool), usize)> {
        self.waiting
            .iter()
            .filter(|(_, q)| !q.is_empty())
            .map(|(k, q)| (*k, q.len()))
            .collect()
    }

    /// How many candidates are still waiting (dropped when the block ends).
    pub fn unmatched(&self) -> usize {
        self.waiting(true) + self.waiting(false)
    }
}

/// The CUDA surface features of a pair for `equibench shortcuts`: whether both programs have the
/// same kernel launch bounds, the difference in kernel count, whether their kernel parameter lists
/// are equal, the Jaccard overlap of the buffer names they use, and whether they call the same
/// math functions.
pub fn surface_features(pair: &Pair) -> Vec<equibench_core::shortcuts::SurfaceFeature> {
    use equibench_core::shortcuts::SurfaceFeature;
    let (a, b) = (&pair.program_1, &pair.program_2);
    let params = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.contains("__global__") && l.trim_end().ends_with('{'))
            .map(|l| l.split_once('(').map(|(_, p)| p).unwrap_or("").to_string())
            .map(|l| l.rsplit_once('(').map(|(_, p)| p.to_string()).unwrap_or(l))
            .collect()
    };
    let (ba, bb) = (buffer_names(a), buffer_names(b));
    let union = ba.union(&bb).count();
    let jaccard = if union == 0 {
        1.0
    } else {
        ba.intersection(&bb).count() as f64 / union as f64
    };
    let feature = |name: &str, value: f64| SurfaceFeature {
        name: name.into(),
        value,
        counted: true,
    };
    vec![
        feature(
            "equal_launch_bounds",
            f64::from(u8::from(launch_bounds(a) == launch_bounds(b))),
        ),
        feature(
            "kernel_count_difference",
            kernel_defs(a).len().abs_diff(kernel_defs(b).len()) as f64,
        ),
        feature(
            "equal_parameter_lists",
            f64::from(u8::from(params(a) == params(b))),
        ),
        feature("shared_buffer_names_jaccard", jaccard),
        feature(
            "same_math_functions",
            f64::from(u8::from(math_functions(a) == math_functions(b))),
        ),
    ]
}
