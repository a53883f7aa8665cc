//! `equibench shortcuts`: can a label be guessed from the surface of a pair, without reading the
//! programs for meaning? (issue 14)
//!
//! For every category, the pairs become a table of *surface features* (sizes, diff sizes, token
//! differences, similarity, plus what the category adds through
//! [`Category::surface_features`](crate::Category::surface_features)), and two shallow learners a
//! skeptical user would try are cross-validated on it: the best single-feature threshold rule and a
//! depth-2 tree. Both are fitted on the training folds only and scored on the held-out fold, so a
//! high accuracy means a rule that *generalises*, not one that memorised the pairs. 50% is chance
//! on a balanced category; a benchmark whose labels need reasoning keeps both near it.

pub mod crossval;
mod features;

pub use features::{
    diff_lines, generic_features, identifier_jaccard, token_alpha_equivalent, token_diff, tokens,
    Token,
};

use crate::pair::Pair;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One number about a pair that a model could see without understanding the programs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurfaceFeature {
    /// A stable snake_case name; categorical features are 0/1 indicators named `kind=value`.
    pub name: String,
    pub value: f64,
    /// False for a feature reported apart and kept out of the best-rule and tree numbers, because
    /// recognising it is the very task (e.g. alpha-equivalence in a renaming category).
    pub counted: bool,
}

impl SurfaceFeature {
    /// A counted feature.
    pub fn new(name: impl Into<String>, value: f64) -> Self {
        SurfaceFeature {
            name: name.into(),
            value,
            counted: true,
        }
    }

    /// A feature reported apart, not used by the best rule or the tree.
    pub fn uncounted(name: impl Into<String>, value: f64) -> Self {
        SurfaceFeature {
            counted: false,
            ..SurfaceFeature::new(name, value)
        }
    }

    /// A 0/1 indicator feature.
    pub fn flag(name: impl Into<String>, on: bool) -> Self {
        SurfaceFeature::new(name, if on { 1.0 } else { 0.0 })
    }
}

/// How the cross-validation is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CvConfig {
    /// k of the stratified k-fold split.
    pub folds: usize,
    /// How many times the split is redrawn (each from its own derived seed); the accuracies are
    /// means over every held-out prediction of every repeat.
    pub repeats: usize,
}

impl Default for CvConfig {
    fn default() -> Self {
        CvConfig {
            folds: 5,
            repeats: 5,
        }
    }
}

/// The shortcut measurement of a whole output, one entry per category in output order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShortcutReport {
    pub folds: usize,
    pub repeats: usize,
    pub categories: Vec<CategoryShortcuts>,
}

/// What shallow rules achieve on one category's pairs. Accuracies are in [0, 1], held-out only;
/// NaN (JSON `null`) when the category has too few pairs to cross-validate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryShortcuts {
    pub category: String,
    pub pairs: usize,
    pub equivalent: usize,
    pub inequivalent: usize,
    /// Always predicting the training folds' majority label: the chance level to compare with.
    pub majority: f64,
    pub best_single: BestSingle,
    pub depth2: Depth2,
    /// The counted feature whose own threshold rule scores highest.
    pub most_leaking: Option<FeatureScore>,
    /// Every feature, counted or not, by held-out accuracy of its own threshold rule (best first).
    pub per_feature: Vec<FeatureScore>,
}

/// The best single-feature threshold rule, re-chosen in every training fold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BestSingle {
    pub accuracy: f64,
    /// The feature chosen in most folds (None when no fold found a useful split).
    pub feature: Option<String>,
    /// Share of the folds that chose it.
    pub chosen: f64,
}

/// The depth-2 tree over the counted features, re-grown in every training fold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Depth2 {
    pub accuracy: f64,
    /// The root split's feature in most folds.
    pub root_feature: Option<String>,
}

/// One feature's own threshold rule, and its mean per label (over pairs that have it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FeatureScore {
    pub name: String,
    pub accuracy: f64,
    pub counted: bool,
    pub mean_equivalent: f64,
    pub mean_inequivalent: f64,
}

impl CategoryShortcuts {
    /// The higher of the best single rule's and the tree's accuracy (NaN when not measured).
    pub fn worst_case(&self) -> f64 {
        self.best_single.accuracy.max(self.depth2.accuracy)
    }

    /// The uncounted features, reported apart.
    pub fn uncounted(&self) -> impl Iterator<Item = &FeatureScore> {
        self.per_feature.iter().filter(|f| !f.counted)
    }
}

impl ShortcutReport {
    /// `(category, learner, accuracy)` for every best-single or depth-2 accuracy above `limit`.
    pub fn above(&self, limit: f64) -> Vec<(String, &'static str, f64)> {
        let mut out = Vec::new();
        for c in &self.categories {
            for (learner, acc) in [
                ("best single rule", c.best_single.accuracy),
                ("depth-2 tree", c.depth2.accuracy),
            ] {
                if acc > limit {
                    out.push((c.category.clone(), learner, acc));
                }
            }
        }
        out
    }
}

/// Measure every category of `pairs`: generic features plus `extra(pair)` (the category's own),
/// cross-validated as `cfg` says. A pure function of the pairs: they are grouped by category (an
/// opaque ordered key) and sorted by id before the folds are drawn.
pub fn analyse(
    pairs: &[Pair],
    extra: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
    cfg: &CvConfig,
) -> ShortcutReport {
    let mut by_category: BTreeMap<_, Vec<&Pair>> = BTreeMap::new();
    for p in pairs {
        by_category.entry(p.category).or_default().push(p);
    }
    let categories = by_category
        .into_iter()
        .map(|(category, mut ps)| {
            ps.sort_by(|a, b| a.id.cmp(&b.id));
            analyse_category(&category.to_string(), &ps, extra, cfg)
        })
        .collect();
    ShortcutReport {
        folds: cfg.folds,
        repeats: cfg.repeats,
        categories,
    }
}

fn analyse_category(
    category: &str,
    pairs: &[&Pair],
    extra: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
    cfg: &CvConfig,
) -> CategoryShortcuts {
    let rows: Vec<Vec<SurfaceFeature>> = pairs
        .par_iter()
        .map(|p| {
            let mut f = generic_features(p);
            f.extend(extra(p));
            f
        })
        .collect();
    // Feature names in name order; a feature is counted unless every pair that has it says not.
    let mut index: BTreeMap<&str, bool> = BTreeMap::new();
    for row in &rows {
        for f in row {
            *index.entry(f.name.as_str()).or_insert(false) |= f.counted;
        }
    }
    let names: Vec<&str> = index.keys().copied().collect();
    let counted: Vec<bool> = index.values().copied().collect();
    let position: BTreeMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let mut columns = vec![vec![f64::NAN; pairs.len()]; names.len()];
    for (r, row) in rows.iter().enumerate() {
        // The first value of a name a pair reports is the one used.
        for f in row.iter().rev() {
            columns[position[f.name.as_str()]][r] = f.value;
        }
    }
    let labels: Vec<bool> = pairs.iter().map(|p| p.equivalent).collect();
    let means: Vec<(f64, f64)> = columns
        .iter()
        .map(|c| (mean_where(c, &labels, true), mean_where(c, &labels, false)))
        .collect();
    let table = crossval::Table::new(columns, labels.clone());
    let o = crossval::cross_validate(&table, &counted, cfg.folds, cfg.repeats, category);
    let acc = |correct: usize| {
        if o.tested == 0 {
            f64::NAN
        } else {
            correct as f64 / o.tested as f64
        }
    };
    let most_chosen = |counts: &[usize]| -> Option<(String, usize)> {
        let (f, n) = counts
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        (*n > 0).then(|| (names[f].to_string(), *n))
    };
    let mut per_feature: Vec<FeatureScore> = (0..names.len())
        .map(|f| FeatureScore {
            name: names[f].to_string(),
            accuracy: acc(o.feature_correct[f]),
            counted: counted[f],
            mean_equivalent: means[f].0,
            mean_inequivalent: means[f].1,
        })
        .collect();
    per_feature.sort_by(|a, b| {
        b.accuracy
            .total_cmp(&a.accuracy)
            .then_with(|| a.name.cmp(&b.name))
    });
    let single = most_chosen(&o.single_chosen);
    CategoryShortcuts {
        category: category.to_string(),
        pairs: pairs.len(),
        equivalent: labels.iter().filter(|&&l| l).count(),
        inequivalent: labels.iter().filter(|&&l| !l).count(),
        majority: acc(o.majority_correct),
        best_single: BestSingle {
            accuracy: acc(o.single_correct),
            chosen: single
                .as_ref()
                .map_or(0.0, |(_, n)| *n as f64 / o.fits.max(1) as f64),
            feature: single.map(|(name, _)| name),
        },
        depth2: Depth2 {
            accuracy: acc(o.tree_correct),
            root_feature: most_chosen(&o.root_chosen).map(|(name, _)| name),
        },
        most_leaking: per_feature.iter().find(|f| f.counted).cloned(),
        per_feature,
    }
}

/// Mean of the non-NaN values of rows labelled `label` (NaN when there are none).
fn mean_where(column: &[f64], labels: &[bool], label: bool) -> f64 {
    let values: Vec<f64> = column
        .iter()
        .zip(labels)
        .filter(|(v, l)| **l == label && !v.is_nan())
        .map(|(v, _)| *v)
        .collect();
    if values.is_empty() {
        f64::NAN
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

/// One row of the per-feature listing: name, held-out accuracy, mean value per label.
fn feature_line(s: &mut String, f: &FeatureScore) {
    let _ = writeln!(
        s,
        "    {:<28} {:>6}   {} vs {}",
        f.name,
        percent(f.accuracy),
        number(f.mean_equivalent),
        number(f.mean_inequivalent)
    );
}

/// A percentage with one decimal, or `-` when not measured.
fn percent(x: f64) -> String {
    if x.is_nan() {
        "-".to_string()
    } else {
        format!("{:.1}%", x * 100.0)
    }
}

/// A feature mean, compactly.
fn number(x: f64) -> String {
    if x.is_nan() {
        "-".to_string()
    } else if x.fract() == 0.0 && x.abs() < 1e6 {
        format!("{x:.0}")
    } else if x.abs() >= 100.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.3}")
    }
}

/// The report as text: a summary table, then each category's features by how much they leak.
pub fn render(report: &ShortcutReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Surface shortcuts: held-out accuracy of shallow rules on surface features \
         ({}-fold stratified cross-validation, {} repeat(s); fitted on training folds only; \
         50% is chance on balanced labels)\n",
        report.folds, report.repeats
    );
    let header = [
        "category",
        "pairs",
        "eq/ineq",
        "majority",
        "best single rule",
        "(feature)",
        "depth-2 tree",
        "(root)",
        "most leaking feature",
    ];
    let rows: Vec<Vec<String>> = report
        .categories
        .iter()
        .map(|c| {
            vec![
                c.category.clone(),
                c.pairs.to_string(),
                format!("{}/{}", c.equivalent, c.inequivalent),
                percent(c.majority),
                percent(c.best_single.accuracy),
                c.best_single.feature.clone().unwrap_or_else(|| "-".into()),
                percent(c.depth2.accuracy),
                c.depth2.root_feature.clone().unwrap_or_else(|| "-".into()),
                c.most_leaking.as_ref().map_or("-".into(), |f| {
                    format!("{} {}", f.name, percent(f.accuracy))
                }),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_string()
    };
    let _ = writeln!(
        s,
        "{}",
        line(header.iter().map(|h| h.to_string()).collect())
    );
    for r in rows {
        let _ = writeln!(s, "{}", line(r));
    }
    for c in &report.categories {
        let _ = writeln!(
            s,
            "\n{} ({} pairs, {} equivalent / {} inequivalent)",
            c.category, c.pairs, c.equivalent, c.inequivalent
        );
        match &c.most_leaking {
            Some(f) => {
                let _ = writeln!(
                    s,
                    "  feature that leaks most: {} ({})",
                    f.name,
                    percent(f.accuracy)
                );
            }
            None => {
                let _ = writeln!(s, "  no counted feature");
            }
        }
        let _ = writeln!(
            s,
            "  per feature (held-out accuracy; mean equivalent vs inequivalent):"
        );
        for f in c.per_feature.iter().filter(|f| f.counted) {
            feature_line(&mut s, f);
        }
        let apart: Vec<&FeatureScore> = c.uncounted().collect();
        if !apart.is_empty() {
            let _ = writeln!(s, "  reported apart (not counted):");
            for f in apart {
                feature_line(&mut s, f);
            }
        }
    }
    s
}

/// The summary as a Markdown table, one row per category (for `DATASHEET.md`).
pub fn markdown_table(report: &ShortcutReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| category | pairs | equivalent / inequivalent | best single rule | its feature | depth-2 tree | feature that leaks most |"
    );
    let _ = writeln!(s, "|---|---:|---:|---:|---|---:|---|");
    for c in &report.categories {
        let _ = writeln!(
            s,
            "| {} | {} | {} / {} | {} | {} | {} | {} |",
            c.category,
            c.pairs,
            c.equivalent,
            c.inequivalent,
            percent(c.best_single.accuracy),
            c.best_single
                .feature
                .as_deref()
                .map_or("-".to_string(), |f| format!("`{f}`")),
            percent(c.depth2.accuracy),
            c.most_leaking.as_ref().map_or("-".to_string(), |f| format!(
                "`{}` ({})",
                f.name,
                percent(f.accuracy)
            ))
        );
    }
    s
}

/// An accuracy as the reports print it: one decimal percent, `-` when not measured.
pub fn format_accuracy(x: f64) -> String {
    percent(x)
}
