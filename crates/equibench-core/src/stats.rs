//! `equibench stats`: EquiBench's Table 1 (pairs and lines per category) plus balance and the mean
//! winnowing similarity, which tracks how hard pairs look, and the distribution of the recorded
//! subtlety of inequivalent pairs ([`crate::disagreement`]), which tracks how hard they are.

use crate::descriptor::CategoryName;
use crate::pair::Pair;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One category's row of Table 1; `stats --json` is its serialisation.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CategoryStats {
    pub pairs: usize,
    pub equivalent: usize,
    pub inequivalent: usize,
    pub min_lines: u64,
    pub max_lines: u64,
    pub avg_lines: f64,
    pub mean_similarity: f64,
    pub mean_similarity_equivalent: f64,
    pub mean_similarity_inequivalent: f64,
    /// The disagreement rates of the category's inequivalent pairs; `None` when none records one.
    pub subtlety: Option<Subtlety>,
}

/// How the disagreement rates (`differing / trials`) of a category's inequivalent pairs spread:
/// near 0 the two programs differ on few trials (subtle), at 1 on every one.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Subtlety {
    /// Inequivalent pairs that record a disagreement (the others are left out).
    pub measured: usize,
    pub min: f64,
    /// Quartiles, linearly interpolated between the sorted rates.
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
    /// Pairs whose rate is at most 0.1.
    pub at_most_one_tenth: usize,
    /// Pairs per tenth of the rate: `[0, 0.1)`, `[0.1, 0.2)`, ... `[0.9, 1]` (1 lands in the last).
    pub tenths: [usize; 10],
}

impl Subtlety {
    /// The spread of `rates` (each in `[0, 1]`); `None` when there are none.
    pub fn of(rates: &[f64]) -> Option<Subtlety> {
        let mut sorted = rates.to_vec();
        sorted.sort_by(f64::total_cmp);
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let quantile = |q: f64| {
            let at = q * (sorted.len() - 1) as f64;
            let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
            sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo as f64)
        };
        let mut tenths = [0; 10];
        for r in &sorted {
            tenths[((r * 10.0).floor().max(0.0) as usize).min(9)] += 1;
        }
        Some(Subtlety {
            measured: sorted.len(),
            min,
            q1: quantile(0.25),
            median: quantile(0.5),
            q3: quantile(0.75),
            max,
            at_most_one_tenth: sorted.iter().filter(|&&r| r <= 0.1).count(),
            tenths,
        })
    }
}

/// Per-category statistics; line counts are over both programs of every pair, as in Table 1.
pub fn compute(pairs: &[Pair]) -> BTreeMap<CategoryName, CategoryStats> {
    let mut by_cat: BTreeMap<CategoryName, Vec<&Pair>> = BTreeMap::new();
    for p in pairs {
        by_cat.entry(p.category).or_default().push(p);
    }
    by_cat
        .into_iter()
        .map(|(cat, ps)| {
            let lines: Vec<u64> = ps
                .iter()
                .flat_map(|p| [p.stats.lines_1, p.stats.lines_2])
                .collect();
            let mean = |f: &dyn Fn(&&Pair) -> bool| {
                let v: Vec<f64> = ps
                    .iter()
                    .filter(|p| f(p))
                    .map(|p| p.stats.similarity)
                    .collect();
                if v.is_empty() {
                    0.0
                } else {
                    v.iter().sum::<f64>() / v.len() as f64
                }
            };
            let stats = CategoryStats {
                pairs: ps.len(),
                equivalent: ps.iter().filter(|p| p.equivalent).count(),
                inequivalent: ps.iter().filter(|p| !p.equivalent).count(),
                min_lines: lines.iter().copied().min().unwrap_or(0),
                max_lines: lines.iter().copied().max().unwrap_or(0),
                avg_lines: lines.iter().sum::<u64>() as f64 / lines.len().max(1) as f64,
                mean_similarity: mean(&|_| true),
                mean_similarity_equivalent: mean(&|p| p.equivalent),
                mean_similarity_inequivalent: mean(&|p| !p.equivalent),
                subtlety: Subtlety::of(
                    &ps.iter()
                        .filter(|p| !p.equivalent)
                        .filter_map(|p| p.disagreement())
                        .map(|d| d.rate())
                        .collect::<Vec<_>>(),
                ),
            };
            (cat, stats)
        })
        .collect()
}

/// The table as text.
pub fn render(stats: &BTreeMap<CategoryName, CategoryStats>) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8}",
        "category", "pairs", "eq", "ineq", "min", "max", "avg", "sim", "sim(eq)", "sim(ne)"
    );
    let mut total = 0;
    for (cat, c) in stats {
        total += c.pairs;
        let _ = writeln!(
            s,
            "{:<8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>8.1} {:>8.3} {:>8.3} {:>8.3}",
            cat.as_str(),
            c.pairs,
            c.equivalent,
            c.inequivalent,
            c.min_lines,
            c.max_lines,
            c.avg_lines,
            c.mean_similarity,
            c.mean_similarity_equivalent,
            c.mean_similarity_inequivalent
        );
    }
    let _ = writeln!(s, "{:<8} {:>6}", "total", total);
    let _ = writeln!(
        s,
        "min/max/avg: lines per program; sim: mean winnowing similarity of the two programs"
    );
    if stats.values().any(|c| c.subtlety.is_some()) {
        let _ = writeln!(
            s,
            "\n{:<8} {:>8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            "category", "measured", "min", "q1", "median", "q3", "max", "<=0.1"
        );
        for (cat, c) in stats {
            let Some(t) = &c.subtlety else {
                let _ = writeln!(s, "{:<8} {:>8}", cat.as_str(), 0);
                continue;
            };
            let _ = writeln!(
                s,
                "{:<8} {:>8} {:>6.3} {:>6.3} {:>6.3} {:>6.3} {:>6.3} {:>6}",
                cat.as_str(),
                t.measured,
                t.min,
                t.q1,
                t.median,
                t.q3,
                t.max,
                t.at_most_one_tenth
            );
        }
        let _ = writeln!(
            s,
            "subtlety of inequivalent pairs: the share of trials (fresh inputs, or output bytes) on \
             which the two programs differ; measured: pairs that record it"
        );
    }
    s
}
