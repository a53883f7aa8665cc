//! The learners a skeptical user would try, and the cross-validation that keeps them honest.
//!
//! Two learners, both fitted on the training folds only and scored on the held-out fold:
//! - a *threshold rule* on one feature (`value <= t` predicts one label, otherwise the other), with
//!   feature, threshold and direction chosen by training accuracy;
//! - a *depth-2 tree*: a root threshold split and one threshold split in each child, chosen greedily
//!   by Gini impurity (as CART and scikit-learn do), leaves predicting the training majority.
//!
//! Values are compared in a total order with NaN (a missing feature) after every number, so a
//! feature that some pairs lack splits "present" from "absent" like any other value.
//!
//! Each feature is sorted once; a fold walks that order skipping held-out rows, so fitting is
//! O(rows x features) per fold.

use crate::seed;
use rand::seq::SliceRandom;
use std::cmp::Ordering;

/// A category's pairs as a matrix: one column per feature, NaN where a pair lacks the feature.
pub struct Table {
    /// `columns[feature][row]`.
    pub columns: Vec<Vec<f64>>,
    pub labels: Vec<bool>,
    /// Per feature, the rows sorted by value (ties by row, so the order is a pure function).
    order: Vec<Vec<u32>>,
}

impl Table {
    /// `columns[feature][row]`; every column must have one value per label.
    pub fn new(columns: Vec<Vec<f64>>, labels: Vec<bool>) -> Table {
        let columns: Vec<Vec<f64>> = columns
            .into_iter()
            .map(|c| c.into_iter().map(normalise).collect())
            .collect();
        let order = columns
            .iter()
            .map(|c| {
                assert_eq!(c.len(), labels.len(), "one value per row");
                let mut rows: Vec<u32> = (0..c.len() as u32).collect();
                rows.sort_by(|&a, &b| {
                    compare(c[a as usize], c[b as usize]).then_with(|| a.cmp(&b))
                });
                rows
            })
            .collect();
        Table {
            columns,
            labels,
            order,
        }
    }

    fn rows(&self) -> usize {
        self.labels.len()
    }
}

/// One NaN and one zero, so that the total order below has no distinctions the data does not mean.
fn normalise(v: f64) -> f64 {
    if v.is_nan() {
        f64::NAN
    } else {
        v + 0.0
    }
}

/// The total order of feature values: numbers ascending, then NaN (`f64::NAN` is a positive NaN,
/// which `total_cmp` puts after +inf).
fn compare(a: f64, b: f64) -> Ordering {
    a.total_cmp(&b)
}

/// `value <= threshold` goes left and predicts `left`; everything else predicts `right`. Without a
/// threshold every row goes right: a constant prediction.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    feature: usize,
    threshold: Option<f64>,
    left: bool,
    right: bool,
}

impl Rule {
    fn constant(label: bool) -> Rule {
        Rule {
            feature: 0,
            threshold: None,
            left: label,
            right: label,
        }
    }

    fn goes_left(&self, table: &Table, row: usize) -> bool {
        match self.threshold {
            Some(t) => compare(table.columns[self.feature][row], t) != Ordering::Greater,
            None => false,
        }
    }

    /// The label the rule predicts for `row` of `table`.
    pub fn predict(&self, table: &Table, row: usize) -> bool {
        if self.goes_left(table, row) {
            self.left
        } else {
            self.right
        }
    }

    /// The split's threshold, `None` for a constant prediction.
    pub fn threshold(&self) -> Option<f64> {
        self.threshold
    }

    /// The prediction for the values at or below the threshold.
    pub fn left(&self) -> bool {
        self.left
    }

    /// The prediction for the values above the threshold (or for every row, without one).
    pub fn right(&self) -> bool {
        self.right
    }
}

/// What a split is chosen by. Scores are "higher is better".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    /// Training rows predicted right.
    Accuracy,
    /// Minus the size-weighted Gini impurity of the two sides.
    Gini,
}

/// The majority label of `pos` positives and `neg` negatives, `tie` when equal.
fn majority(pos: usize, neg: usize, tie: bool) -> bool {
    match pos.cmp(&neg) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => tie,
    }
}

/// `n x gini` of a node: `n - (pos^2 + neg^2) / n`.
fn weighted_gini(pos: usize, neg: usize) -> f64 {
    let n = (pos + neg) as f64;
    if n == 0.0 {
        0.0
    } else {
        n - ((pos * pos + neg * neg) as f64) / n
    }
}

/// The best split of feature `f` over the rows with `member[row]`; `tie` labels a side with as many
/// rows of each label. The constant rule is a candidate too, and wins ties (it comes first).
pub fn fit_feature(
    table: &Table,
    f: usize,
    member: &[bool],
    criterion: Criterion,
    tie: bool,
) -> (Rule, f64) {
    let column = &table.columns[f];
    let rows: Vec<usize> = table.order[f]
        .iter()
        .map(|&r| r as usize)
        .filter(|&r| member[r])
        .collect();
    let pos = rows.iter().filter(|&&r| table.labels[r]).count();
    let neg = rows.len() - pos;
    let score = |pl: usize, nl: usize| -> (f64, bool, bool) {
        let (pr, nr) = (pos - pl, neg - nl);
        match criterion {
            Criterion::Accuracy => {
                let (a, b) = (pl + nr, nl + pr);
                if a > b {
                    (a as f64, true, false)
                } else if b > a {
                    (b as f64, false, true)
                } else {
                    // Either direction is as good: a constant prediction in effect.
                    (a as f64, tie, tie)
                }
            }
            Criterion::Gini => (
                -(weighted_gini(pl, nl) + weighted_gini(pr, nr)),
                majority(pl, nl, tie),
                majority(pr, nr, tie),
            ),
        }
    };
    let constant = majority(pos, neg, tie);
    let mut best = Rule {
        feature: f,
        ..Rule::constant(constant)
    };
    let mut best_score = score(0, 0).0;
    let (mut pl, mut nl) = (0, 0);
    for (i, &r) in rows.iter().enumerate() {
        if table.labels[r] {
            pl += 1;
        } else {
            nl += 1;
        }
        let last = i + 1 == rows.len();
        if last || compare(column[r], column[rows[i + 1]]) == Ordering::Equal {
            continue;
        }
        let (s, left, right) = score(pl, nl);
        if s > best_score {
            best_score = s;
            best = Rule {
                feature: f,
                threshold: Some(column[r]),
                left,
                right,
            };
        }
    }
    (best, best_score)
}

/// The best single-feature rule among `features` (first one on ties), or the constant majority.
fn fit_best(
    table: &Table,
    features: &[usize],
    member: &[bool],
    criterion: Criterion,
    tie: bool,
) -> Rule {
    let mut best: Option<(Rule, f64)> = None;
    for &f in features {
        let (rule, score) = fit_feature(table, f, member, criterion, tie);
        if best.as_ref().is_none_or(|(_, s)| score > *s) {
            best = Some((rule, score));
        }
    }
    match best {
        Some((rule, _)) => rule,
        None => {
            let pos = (0..table.rows())
                .filter(|&r| member[r] && table.labels[r])
                .count();
            let n = member.iter().filter(|&&m| m).count();
            Rule::constant(majority(pos, n - pos, tie))
        }
    }
}

/// A root split and one split per side.
struct Tree {
    root: Rule,
    left: Rule,
    right: Rule,
}

impl Tree {
    fn fit(table: &Table, features: &[usize], member: &[bool]) -> Tree {
        let root = fit_best(table, features, member, Criterion::Gini, true);
        let side = |go_left: bool| -> Vec<bool> {
            (0..table.rows())
                .map(|r| member[r] && root.goes_left(table, r) == go_left)
                .collect()
        };
        Tree {
            root,
            left: fit_best(table, features, &side(true), Criterion::Gini, root.left),
            right: fit_best(table, features, &side(false), Criterion::Gini, root.right),
        }
    }

    fn predict(&self, table: &Table, row: usize) -> bool {
        if self.root.goes_left(table, row) {
            self.left.predict(table, row)
        } else {
            self.right.predict(table, row)
        }
    }

    /// The root's feature, unless the root does not split.
    fn root_feature(&self) -> Option<usize> {
        self.root.threshold.map(|_| self.root.feature)
    }
}

/// Held-out counts summed over every fold of every repeat: each row is tested once per repeat.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Held-out predictions made (rows x repeats).
    pub tested: usize,
    /// Always predicting the training folds' majority label.
    pub majority_correct: usize,
    pub single_correct: usize,
    pub tree_correct: usize,
    /// Per feature: its own threshold rule, fitted on the training folds.
    pub feature_correct: Vec<usize>,
    /// Per feature: in how many folds the best single rule used it.
    pub single_chosen: Vec<usize>,
    /// Per feature: in how many folds the tree's root split on it.
    pub root_chosen: Vec<usize>,
    /// Folds fitted (folds x repeats, fewer when there are fewer rows than folds).
    pub fits: usize,
}

/// Stratified `folds`-fold cross-validation, repeated `repeats` times with shuffles drawn from
/// `seed_label`. `counted[f]` says whether feature `f` may be used by the best rule and the tree;
/// every feature gets its own per-feature score.
pub fn cross_validate(
    table: &Table,
    counted: &[bool],
    folds: usize,
    repeats: usize,
    seed_label: &str,
) -> Outcome {
    let n = table.rows();
    let nf = table.columns.len();
    let mut out = Outcome {
        feature_correct: vec![0; nf],
        single_chosen: vec![0; nf],
        root_chosen: vec![0; nf],
        ..Outcome::default()
    };
    let k = folds.min(n);
    if k < 2 {
        return out;
    }
    let usable: Vec<usize> = (0..nf).filter(|&f| counted[f]).collect();
    for repeat in 0..repeats {
        let fold_of = assign_folds(&table.labels, k, seed_label, repeat);
        for fold in 0..k {
            let train: Vec<bool> = fold_of.iter().map(|&f| f != fold).collect();
            let test: Vec<usize> = (0..n).filter(|&r| fold_of[r] == fold).collect();
            let pos = (0..n).filter(|&r| train[r] && table.labels[r]).count();
            let train_n = train.iter().filter(|&&t| t).count();
            let constant = majority(pos, train_n - pos, true);
            let mut fitted: Vec<(Rule, f64)> = Vec::with_capacity(nf);
            for f in 0..nf {
                fitted.push(fit_feature(table, f, &train, Criterion::Accuracy, constant));
            }
            // The best single rule is the per-feature rule with the best training score.
            let mut single: Option<(usize, f64)> = None;
            for &f in &usable {
                if single.is_none_or(|(_, s)| fitted[f].1 > s) {
                    single = Some((f, fitted[f].1));
                }
            }
            let single_rule = single.map_or(Rule::constant(constant), |(f, _)| fitted[f].0);
            if let (Some((f, _)), Some(_)) = (single, single_rule.threshold) {
                out.single_chosen[f] += 1;
            }
            let tree = Tree::fit(table, &usable, &train);
            if let Some(f) = tree.root_feature() {
                out.root_chosen[f] += 1;
            }
            out.fits += 1;
            for &r in &test {
                let y = table.labels[r];
                out.tested += 1;
                out.majority_correct += (constant == y) as usize;
                out.single_correct += (single_rule.predict(table, r) == y) as usize;
                out.tree_correct += (tree.predict(table, r) == y) as usize;
                for (f, (rule, _)) in fitted.iter().enumerate() {
                    out.feature_correct[f] += (rule.predict(table, r) == y) as usize;
                }
            }
        }
    }
    out
}

/// The fold of every row for one repeat: each label's rows shuffled and dealt round-robin, the deal
/// continuing across labels so fold sizes differ by at most one.
pub fn assign_folds(labels: &[bool], k: usize, seed_label: &str, repeat: usize) -> Vec<usize> {
    let mut rng = seed::rng(0, &["shortcuts", seed_label, &repeat.to_string()]);
    let mut fold_of = vec![0; labels.len()];
    let mut dealt = 0;
    for label in [true, false] {
        let mut rows: Vec<usize> = (0..labels.len()).filter(|&r| labels[r] == label).collect();
        rows.shuffle(&mut rng);
        for r in rows {
            fold_of[r] = dealt % k;
            dealt += 1;
        }
    }
    fold_of
}
