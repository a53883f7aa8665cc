//! `equibench stats`: EquiBench's Table 1 (pairs and lines per category) plus balance and the mean
//! winnowing similarity, which tracks how hard pairs look.

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
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::tests_support::PLAIN;
    use crate::pair::tests_support::sample;

    #[test]
    fn counts_lines_over_both_programs() {
        let pairs = vec![sample(&PLAIN, true, "a"), sample(&PLAIN, false, "b")];
        let s = compute(&pairs);
        let d = &s[&PLAIN.id()];
        assert_eq!((d.pairs, d.equivalent, d.inequivalent), (2, 1, 1));
        assert_eq!((d.min_lines, d.max_lines), (3, 3));
        assert!(render(&s).contains("PLAIN"));
    }
}
