//! `RUN/scores.json` and the table printed at the end of a run.
//!
//! Everything about the model is computed from `requests.jsonl` alone (the last line of each
//! pair), so scores can be recomputed, or audited, without the server. Per category: accuracy with
//! a Wilson 95% interval, the unparsed count and rate, errors by kind, the confusion matrix
//! (label by answer) and the share of YES answers (models lean to "equivalent"). Overall: the plain
//! mean of the category accuracies, as the paper reports.
//!
//! Beside each, three baselines on the same pairs: chance (0.5), the majority answer (always
//! giving the more common label of these pairs: what a constant answer could score here), and the
//! best surface shortcut (the held-out accuracy of `equibench shortcuts`' best single-feature rule,
//! fitted on the same pairs). A model below the shortcut has not shown it reads the programs.

use crate::answer::Answer;
use crate::prompt::PromptType;
use crate::runlog::RequestRecord;
use crate::stats::{wilson, Interval, Z95};
use equibench_core::shortcuts::{self, CvConfig};
use equibench_core::{CategoryName, Pair, SurfaceFeature};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

/// How often each answer was given to pairs of one label.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerCounts {
    #[serde(rename = "YES")]
    pub yes: usize,
    #[serde(rename = "NO")]
    pub no: usize,
    /// Replies the parser could not read (and no coin replaced).
    pub unparsed: usize,
    /// Replies cut at the token limit (and no coin replaced).
    #[serde(default)]
    pub truncated: usize,
    /// Requests that failed (and no coin replaced).
    pub error: usize,
}

/// Label (rows) by answer (columns).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confusion {
    pub equivalent: AnswerCounts,
    pub inequivalent: AnswerCounts,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Baselines {
    pub chance: f64,
    pub majority: f64,
    /// `None` until [`attach_shortcuts`] ran, or when the category has too few pairs.
    pub shortcut: Option<f64>,
    pub shortcut_feature: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CategoryScore {
    pub n: usize,
    pub correct: usize,
    pub accuracy: f64,
    pub ci95: Interval,
    /// Replies whose answer the parser could not read (a count; scored wrong unless a
    /// `--paper-compat` coin replaced them).
    pub unparsed: usize,
    pub unparsed_rate: f64,
    /// Replies cut at the token limit (`finish_reason: "length"`): not read, so scored as
    /// unparsed (or by the coin under `--paper-compat`). Not counted in `unparsed`.
    #[serde(default)]
    pub truncated: usize,
    #[serde(default)]
    pub truncated_rate: f64,
    /// Failed requests by kind.
    pub errors: BTreeMap<String, usize>,
    pub confusion: Confusion,
    /// YES answers over all pairs.
    pub yes_share: f64,
    pub baselines: Baselines,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overall {
    /// Mean of the category accuracies (the paper's overall score).
    pub accuracy: f64,
    /// Normal-approximation 95% interval of that mean (independent categories, each binomial with
    /// its Agresti-Coull adjusted proportion).
    pub ci95: Interval,
    pub categories: usize,
    pub n: usize,
    pub correct: usize,
    pub unparsed: usize,
    pub unparsed_rate: f64,
    #[serde(default)]
    pub truncated: usize,
    #[serde(default)]
    pub truncated_rate: f64,
    pub yes_share: f64,
    pub baselines: Baselines,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scores {
    pub model: String,
    pub prompt_type: PromptType,
    pub paper_compat: bool,
    pub categories: BTreeMap<CategoryName, CategoryScore>,
    pub overall: Overall,
}

fn ratio(a: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        a as f64 / n as f64
    }
}

/// Scores of the last record of each pair in `records` (see [`crate::runlog::latest`]).
pub fn score(records: &[RequestRecord]) -> Scores {
    let mut by_cat: BTreeMap<CategoryName, Vec<&RequestRecord>> = BTreeMap::new();
    for r in records {
        by_cat.entry(r.category).or_default().push(r);
    }
    let categories: BTreeMap<CategoryName, CategoryScore> = by_cat
        .iter()
        .map(|(c, rs)| (*c, score_category(rs)))
        .collect();
    let k = categories.len();
    let mean = |f: &dyn Fn(&CategoryScore) -> f64| {
        if k == 0 {
            0.0
        } else {
            categories.values().map(f).sum::<f64>() / k as f64
        }
    };
    let accuracy = mean(&|c| c.accuracy);
    // Each category's variance from its Agresti-Coull adjusted proportion, so that a category at
    // 0% or 100% still contributes its uncertainty (the plain p(1-p)/n would be 0).
    let z2 = Z95 * Z95;
    let var: f64 = categories
        .values()
        .map(|c| {
            let n = c.n as f64 + z2;
            let p = (c.correct as f64 + z2 / 2.0) / n;
            p * (1.0 - p) / n
        })
        .sum::<f64>()
        / (k.max(1) * k.max(1)) as f64;
    let half = Z95 * var.sqrt();
    let n: usize = categories.values().map(|c| c.n).sum();
    let unparsed: usize = categories.values().map(|c| c.unparsed).sum();
    let truncated: usize = categories.values().map(|c| c.truncated).sum();
    let yes: usize = records.iter().filter(|r| r.answer == Answer::Yes).count();
    let first = records.first();
    Scores {
        model: first.map(|r| r.model.clone()).unwrap_or_default(),
        prompt_type: first.map_or(PromptType::Zero, |r| r.prompt_type),
        paper_compat: first.is_some_and(|r| r.paper_compat),
        overall: Overall {
            accuracy,
            ci95: Interval {
                low: (accuracy - half).max(0.0),
                high: (accuracy + half).min(1.0),
            },
            categories: k,
            n,
            correct: categories.values().map(|c| c.correct).sum(),
            unparsed,
            unparsed_rate: ratio(unparsed, n),
            truncated,
            truncated_rate: ratio(truncated, n),
            yes_share: ratio(yes, n),
            baselines: Baselines {
                chance: 0.5,
                majority: mean(&|c| c.baselines.majority),
                shortcut: None,
                shortcut_feature: None,
            },
        },
        categories,
    }
}

fn score_category(rs: &[&RequestRecord]) -> CategoryScore {
    let n = rs.len();
    let correct = rs.iter().filter(|r| r.correct).count();
    let unparsed = rs
        .iter()
        .filter(|r| r.parsed == Some(Answer::Unparsed))
        .count();
    let truncated = rs
        .iter()
        .filter(|r| r.parsed == Some(Answer::Truncated))
        .count();
    let mut errors = BTreeMap::new();
    let mut confusion = Confusion::default();
    for r in rs {
        if let Some(k) = r.error {
            *errors.entry(k.as_str().to_string()).or_default() += 1;
        }
        let row = if r.expected == Answer::Yes {
            &mut confusion.equivalent
        } else {
            &mut confusion.inequivalent
        };
        match (r.answer, r.error) {
            (Answer::Yes, _) => row.yes += 1,
            (Answer::No, _) => row.no += 1,
            (Answer::Unparsed, Some(_)) => row.error += 1,
            (Answer::Unparsed, None) => row.unparsed += 1,
            (Answer::Truncated, _) => row.truncated += 1,
        }
    }
    let equivalent = rs.iter().filter(|r| r.expected == Answer::Yes).count();
    let yes = confusion.equivalent.yes + confusion.inequivalent.yes;
    CategoryScore {
        n,
        correct,
        accuracy: ratio(correct, n),
        ci95: wilson(correct, n),
        unparsed,
        unparsed_rate: ratio(unparsed, n),
        truncated,
        truncated_rate: ratio(truncated, n),
        errors,
        confusion,
        yes_share: ratio(yes, n),
        baselines: Baselines {
            chance: 0.5,
            majority: ratio(equivalent.max(n - equivalent), n),
            shortcut: None,
            shortcut_feature: None,
        },
    }
}

/// The scores of `records` with every baseline: [`score`], and the shortcut baseline measured on
/// the pairs of `pairs` that `records` answered. What `equibench eval` writes to `scores.json` and
/// what the report shows.
pub fn score_over(
    records: &[RequestRecord],
    pairs: &[Pair],
    extra: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
) -> Scores {
    let mut s = score(records);
    let asked: HashSet<&str> = records.iter().map(|r| r.pair_id.as_str()).collect();
    let answered: Vec<Pair> = pairs
        .iter()
        .filter(|p| asked.contains(p.id.as_str()))
        .cloned()
        .collect();
    attach_shortcuts(&mut s, &answered, extra);
    s
}

/// Add the best-surface-shortcut baseline, measured on the scored pairs of `pairs` with
/// `equibench shortcuts`' default cross-validation; `extra` gives the categories' own features.
pub fn attach_shortcuts(
    scores: &mut Scores,
    pairs: &[Pair],
    extra: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
) {
    let ids: HashSet<&str> = scores_ids(scores, pairs);
    let scored: Vec<Pair> = pairs
        .iter()
        .filter(|p| ids.contains(p.id.as_str()))
        .cloned()
        .collect();
    let report = shortcuts::analyse(&scored, extra, &CvConfig::default());
    for c in report.categories {
        if let Some(s) = scores.categories.get_mut(&CategoryName::new(&c.category)) {
            let acc = c.best_single.accuracy;
            s.baselines.shortcut = acc.is_finite().then_some(acc);
            s.baselines.shortcut_feature = c.best_single.feature.clone();
        }
    }
    let measured: Vec<f64> = scores
        .categories
        .values()
        .filter_map(|c| c.baselines.shortcut)
        .collect();
    // The overall shortcut is the mean over categories only when every category has one.
    scores.overall.baselines.shortcut = (measured.len() == scores.categories.len()
        && !measured.is_empty())
    .then(|| measured.iter().sum::<f64>() / measured.len() as f64);
}

/// The ids of `pairs` that are in a scored category (the records carry the ids; the caller passes
/// only the run's pairs).
fn scores_ids<'a>(scores: &Scores, pairs: &'a [Pair]) -> HashSet<&'a str> {
    pairs
        .iter()
        .filter(|p| scores.categories.contains_key(&p.category))
        .map(|p| p.id.as_str())
        .collect()
}

fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

fn opt_pct(x: Option<f64>) -> String {
    x.map(pct).unwrap_or_else(|| "-".into())
}

/// The table printed at the end of a run (percentages).
pub fn render(s: &Scores) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}{}): accuracy in %, 95% interval; baselines on the same pairs",
        s.model,
        s.prompt_type.record_name(),
        if s.paper_compat { ", paper-compat" } else { "" }
    );
    let _ = writeln!(
        out,
        "{:<10} {:>5} {:>6} {:>13} {:>9} {:>9} {:>6} {:>15} {:>15} {:>6} {:>6} {:>8}",
        "category",
        "n",
        "acc",
        "95% CI",
        "unparsed",
        "truncated",
        "YES%",
        "eq: Y/N/?",
        "ineq: Y/N/?",
        "chance",
        "major",
        "shortcut"
    );
    let cm =
        |a: &AnswerCounts| format!("{}/{}/{}", a.yes, a.no, a.unparsed + a.truncated + a.error);
    for (c, v) in &s.categories {
        let _ = writeln!(
            out,
            "{:<10} {:>5} {:>6} {:>13} {:>9} {:>9} {:>6} {:>15} {:>15} {:>6} {:>6} {:>8}",
            c.as_str(),
            v.n,
            pct(v.accuracy),
            format!("{}-{}", pct(v.ci95.low), pct(v.ci95.high)),
            format!("{} ({}%)", v.unparsed, pct(v.unparsed_rate)),
            format!("{} ({}%)", v.truncated, pct(v.truncated_rate)),
            pct(v.yes_share),
            cm(&v.confusion.equivalent),
            cm(&v.confusion.inequivalent),
            pct(v.baselines.chance),
            pct(v.baselines.majority),
            opt_pct(v.baselines.shortcut),
        );
    }
    let o = &s.overall;
    let _ = writeln!(
        out,
        "{:<10} {:>5} {:>6} {:>13} {:>9} {:>9} {:>6} {:>15} {:>15} {:>6} {:>6} {:>8}",
        "overall",
        o.n,
        pct(o.accuracy),
        format!("{}-{}", pct(o.ci95.low), pct(o.ci95.high)),
        format!("{} ({}%)", o.unparsed, pct(o.unparsed_rate)),
        format!("{} ({}%)", o.truncated, pct(o.truncated_rate)),
        pct(o.yes_share),
        "",
        "",
        pct(o.baselines.chance),
        pct(o.baselines.majority),
        opt_pct(o.baselines.shortcut),
    );
    let errors: BTreeMap<&str, usize> = s.categories.values().flat_map(|c| c.errors.iter()).fold(
        BTreeMap::new(),
        |mut m, (k, v)| {
            *m.entry(k.as_str()).or_default() += v;
            m
        },
    );
    if !errors.is_empty() {
        let list: Vec<String> = errors.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(out, "failed requests (scored wrong): {}", list.join(", "));
    }
    out
}
