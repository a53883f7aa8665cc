//! `equibench eval analyse RUN...`: the analyses of the EquiBench paper, from finished runs and the
//! pairs they answered.
//!
//! - **By label** (the paper's Table A1): per category, the accuracy on equivalent and on
//!   inequivalent pairs, each with its Wilson interval. Models call equivalent pairs inequivalent
//!   far more often than the reverse in some categories; the overall accuracy hides it.
//! - **Similarity**: per category and label, the accuracy in bins of the pairs' winnowing
//!   similarity (Moss's algorithm, `equibench stats`), and a logistic regression of correctness on
//!   similarity with its likelihood-ratio p-value and the direction it finds. The paper finds
//!   accuracy rising with similarity on equivalent pairs and falling on inequivalent ones: a model
//!   that reads form, not meaning.
//! - **Subtlety**: on inequivalent pairs that record it, the accuracy against the disagreement
//!   rate (the share of fresh inputs on which the two programs differ; see
//!   `equibench_core::disagreement`). Pairs without it are left out and counted.
//! - **Prompt types**: the runs of one model with different prompt types as one table (rows:
//!   categories; columns: types), each cell against ZERO on the pairs both answered, with the
//!   exact McNemar p-value of [`crate::compare`].

use crate::answer::Answer;
use crate::compare::compare_records;
use crate::runlog::RequestRecord;
use crate::runs::FinishedRun;
use crate::stats::{logistic, wilson, Interval, Logistic};
use crate::EvalError;
use equibench_core::prompts::PromptType;
use equibench_core::{CategoryName, Pair};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The significance level at which a trend is called a direction.
pub const ALPHA: f64 = 0.05;

/// Edges of the similarity bins (five of width 0.2; the last includes 1).
pub const SIMILARITY_EDGES: [f64; 6] = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];

/// Edges of the disagreement-rate bins: subtle pairs (a few inputs in a hundred tell the programs
/// apart) are told from gross ones.
pub const SUBTLETY_EDGES: [f64; 6] = [0.0, 0.02, 0.1, 0.25, 0.5, 1.0];

/// One run to analyse: its name (as shown) and its finished records, last per pair.
#[derive(Debug, Clone, Copy)]
pub struct Run<'a> {
    pub name: &'a str,
    pub records: &'a [RequestRecord],
}

/// An accuracy with its Wilson 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Accuracy {
    pub n: usize,
    pub correct: usize,
    pub accuracy: f64,
    pub ci95: Interval,
}

impl Accuracy {
    fn of(outcomes: impl Iterator<Item = bool>) -> Accuracy {
        let (mut n, mut correct) = (0, 0);
        for c in outcomes {
            n += 1;
            correct += usize::from(c);
        }
        Accuracy {
            n,
            correct,
            accuracy: if n == 0 {
                0.0
            } else {
                correct as f64 / n as f64
            },
            ci95: wilson(correct, n),
        }
    }
}

/// Table A1's cells of one category in one run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ByLabel {
    pub equivalent: Accuracy,
    pub inequivalent: Accuracy,
}

/// One bin of a trend: pairs with `low <= x < high` (the last bin includes its high edge).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bin {
    pub low: f64,
    pub high: f64,
    #[serde(flatten)]
    pub accuracy: Accuracy,
}

/// What a trend test found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Accuracy rises with x (p < [`ALPHA`]).
    Rises,
    /// Accuracy falls with x (p < [`ALPHA`]).
    Falls,
    /// No trend significant at [`ALPHA`].
    NotSignificant,
    /// Nothing to test: too few pairs, every answer right (or wrong), or x constant.
    Untestable,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Rises => "rises",
            Direction::Falls => "falls",
            Direction::NotSignificant => "no significant trend",
            Direction::Untestable => "untestable",
        }
    }
}

/// Accuracy against one measure of the pairs: binned, and tested.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trend {
    pub n: usize,
    pub bins: Vec<Bin>,
    /// The logistic regression of correctness on the measure (`None`: untestable).
    pub fit: Option<Logistic>,
    pub direction: Direction,
}

impl Trend {
    /// The trend of `points` (measure, correct) over bins with `edges`.
    pub fn of(points: &[(f64, bool)], edges: &[f64]) -> Trend {
        let last = edges.len() - 2;
        let bins = edges
            .windows(2)
            .enumerate()
            .map(|(i, w)| Bin {
                low: w[0],
                high: w[1],
                accuracy: Accuracy::of(
                    points
                        .iter()
                        .filter(|(x, _)| *x >= w[0] && (*x < w[1] || (i == last && *x <= w[1])))
                        .map(|p| p.1),
                ),
            })
            .collect();
        let fit = logistic(points);
        let direction = match fit {
            None => Direction::Untestable,
            Some(f) if f.p_value >= ALPHA => Direction::NotSignificant,
            Some(f) if f.slope > 0.0 => Direction::Rises,
            Some(_) => Direction::Falls,
        };
        Trend {
            n: points.len(),
            bins,
            fit,
            direction,
        }
    }
}

/// Accuracy against similarity, per label.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimilarityTrends {
    pub equivalent: Trend,
    pub inequivalent: Trend,
}

/// Accuracy against the disagreement rate, inequivalent pairs only.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubtletyTrend {
    #[serde(flatten)]
    pub trend: Trend,
    /// Inequivalent pairs answered that record no disagreement rate (left out).
    pub without_rate: usize,
}

/// Everything about one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunAnalysis {
    pub run: String,
    pub model: String,
    pub prompt_type: PromptType,
    pub by_label: BTreeMap<CategoryName, ByLabel>,
    pub similarity: BTreeMap<CategoryName, SimilarityTrends>,
    pub subtlety: BTreeMap<CategoryName, SubtletyTrend>,
}

/// One cell of the prompt-type table: a type's accuracy in a category, and against ZERO.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TypeCell {
    pub n: usize,
    pub accuracy: f64,
    /// Against the ZERO run on the pairs both answered (absent in the ZERO column, or without a
    /// ZERO run).
    pub versus_zero: Option<VersusZero>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VersusZero {
    pub shared: usize,
    /// Right with ZERO only.
    pub zero_only: usize,
    /// Right with this type only.
    pub type_only: usize,
    /// This type's accuracy minus ZERO's, on the shared pairs.
    pub difference: f64,
    /// Exact McNemar p-value.
    pub p_value: f64,
}

/// The four prompt types of one model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PromptTypeTable {
    pub model: String,
    /// The types present, in EquiBench's order, with the run of each.
    pub runs: BTreeMap<PromptType, String>,
    /// Per category, per type.
    pub categories: BTreeMap<CategoryName, BTreeMap<PromptType, TypeCell>>,
}

/// `analysis.json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    pub alpha: f64,
    pub runs: Vec<RunAnalysis>,
    /// One table per model that has runs of more than one prompt type.
    pub prompt_types: Vec<PromptTypeTable>,
}

/// Why runs cannot be analysed together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalyseError {
    #[error("{run} answered {count} pair(s) that are not in the pairs given (first: {first}): was it run over another output?")]
    ForeignPairs {
        run: String,
        count: usize,
        first: String,
    },
    #[error("{first} and {second} are both runs of model `{model}` with prompt type {prompt_type}: analyse one of them at a time")]
    DuplicateType {
        model: String,
        prompt_type: PromptType,
        first: String,
        second: String,
    },
}

/// Analyse `runs` over `pairs` (the output they answered). `rate(pair)` is the pair's
/// disagreement rate, when it records one.
pub fn analyse(
    runs: &[Run<'_>],
    pairs: &[Pair],
    rate: &dyn Fn(&Pair) -> Option<f64>,
) -> Result<Analysis, AnalyseError> {
    let by_id: HashMap<&str, &Pair> = pairs.iter().map(|p| (p.id.as_str(), p)).collect();
    let mut analyses = Vec::new();
    for run in runs {
        let foreign: Vec<&RequestRecord> = run
            .records
            .iter()
            .filter(|r| !by_id.contains_key(r.pair_id.as_str()))
            .collect();
        if let Some(first) = foreign.first() {
            return Err(AnalyseError::ForeignPairs {
                run: run.name.to_string(),
                count: foreign.len(),
                first: first.pair_id.clone(),
            });
        }
        analyses.push(analyse_run(run, &by_id, rate));
    }
    Ok(Analysis {
        alpha: ALPHA,
        prompt_types: prompt_type_tables(runs)?,
        runs: analyses,
    })
}

/// A pair's disagreement rate as `equibench_core::disagreement` records it (`None`: not
/// recorded, or malformed, which `validate` and `audit` report).
pub fn disagreement_rate(p: &Pair) -> Option<f64> {
    p.disagreement().map(|d| d.rate())
}

/// `equibench eval analyse RUN... [--dir DIR]`: read the runs and the output they answered (DIR,
/// or the one the first run recorded in its `run.json`), and analyse them.
pub fn analyse_dirs(runs: &[PathBuf], dir: Option<&Path>) -> Result<Analysis, EvalError> {
    let finished: Vec<FinishedRun> = runs
        .iter()
        .map(|r| FinishedRun::read(r))
        .collect::<Result<_, _>>()?;
    let dir = match dir {
        Some(d) => d.to_path_buf(),
        None => {
            let first = finished
                .first()
                .ok_or_else(|| EvalError::Run("give at least one run directory".into()))?;
            let recorded = PathBuf::from(first.identity()?.dir);
            if !recorded.exists() {
                return Err(EvalError::Run(format!(
                    "{} was run over {}, which is not there (from here): give the output directory with --dir",
                    first.dir.display(),
                    recorded.display()
                )));
            }
            recorded
        }
    };
    let pairs = equibench_core::output::read_pairs(&dir)?;
    for run in &finished {
        run.check_over(&pairs, &dir)?;
    }
    let names: Vec<String> = finished.iter().map(FinishedRun::name).collect();
    let runs: Vec<Run> = finished
        .iter()
        .zip(&names)
        .map(|(r, name)| Run {
            name,
            records: &r.records,
        })
        .collect();
    Ok(analyse(&runs, &pairs, &disagreement_rate)?)
}

fn analyse_run(
    run: &Run<'_>,
    by_id: &HashMap<&str, &Pair>,
    rate: &dyn Fn(&Pair) -> Option<f64>,
) -> RunAnalysis {
    let mut per: BTreeMap<CategoryName, Vec<(&RequestRecord, &Pair)>> = BTreeMap::new();
    for r in run.records {
        per.entry(r.category)
            .or_default()
            .push((r, by_id[r.pair_id.as_str()]));
    }
    let mut by_label = BTreeMap::new();
    let mut similarity = BTreeMap::new();
    let mut subtlety = BTreeMap::new();
    for (cat, rows) in &per {
        let of_label = |eq: bool| {
            rows.iter()
                .filter(move |(r, _)| (r.expected == Answer::Yes) == eq)
        };
        by_label.insert(
            *cat,
            ByLabel {
                equivalent: Accuracy::of(of_label(true).map(|(r, _)| r.correct)),
                inequivalent: Accuracy::of(of_label(false).map(|(r, _)| r.correct)),
            },
        );
        let sim = |eq: bool| -> Vec<(f64, bool)> {
            of_label(eq)
                .map(|(r, p)| (p.stats.similarity, r.correct))
                .collect()
        };
        similarity.insert(
            *cat,
            SimilarityTrends {
                equivalent: Trend::of(&sim(true), &SIMILARITY_EDGES),
                inequivalent: Trend::of(&sim(false), &SIMILARITY_EDGES),
            },
        );
        let rated: Vec<(f64, bool)> = of_label(false)
            .filter_map(|(r, p)| rate(p).map(|x| (x, r.correct)))
            .collect();
        let without_rate = of_label(false).count() - rated.len();
        if !rated.is_empty() {
            subtlety.insert(
                *cat,
                SubtletyTrend {
                    trend: Trend::of(&rated, &SUBTLETY_EDGES),
                    without_rate,
                },
            );
        }
    }
    let first = run.records.first();
    RunAnalysis {
        run: run.name.to_string(),
        model: first.map(|r| r.model.clone()).unwrap_or_default(),
        prompt_type: first.map_or(PromptType::Zero, |r| r.prompt_type),
        by_label,
        similarity,
        subtlety,
    }
}

fn prompt_type_tables(runs: &[Run<'_>]) -> Result<Vec<PromptTypeTable>, AnalyseError> {
    let mut models: BTreeMap<&str, BTreeMap<PromptType, &Run<'_>>> = BTreeMap::new();
    for run in runs {
        let Some(first) = run.records.first() else {
            continue;
        };
        let types = models.entry(first.model.as_str()).or_default();
        if let Some(earlier) = types.insert(first.prompt_type, run) {
            return Err(AnalyseError::DuplicateType {
                model: first.model.clone(),
                prompt_type: first.prompt_type,
                first: earlier.name.to_string(),
                second: run.name.to_string(),
            });
        }
    }
    let mut tables = Vec::new();
    for (model, types) in models {
        if types.len() < 2 {
            continue;
        }
        let zero = types.get(&PromptType::Zero);
        let mut categories: BTreeMap<CategoryName, BTreeMap<PromptType, TypeCell>> =
            BTreeMap::new();
        for (t, run) in &types {
            let versus = zero
                .filter(|_| *t != PromptType::Zero)
                .map(|z| compare_records(z.name, z.records, run.name, run.records));
            let mut per: BTreeMap<CategoryName, Vec<bool>> = BTreeMap::new();
            for r in run.records {
                per.entry(r.category).or_default().push(r.correct);
            }
            for (cat, outcomes) in per {
                let acc = Accuracy::of(outcomes.into_iter());
                let versus_zero = versus.as_ref().and_then(|c| {
                    c.categories
                        .iter()
                        .find(|row| row.category == cat.as_str())
                        .map(|row| VersusZero {
                            shared: row.shared,
                            zero_only: row.a_only,
                            type_only: row.b_only,
                            difference: row.difference,
                            p_value: row.p_value,
                        })
                });
                categories.entry(cat).or_default().insert(
                    *t,
                    TypeCell {
                        n: acc.n,
                        accuracy: acc.accuracy,
                        versus_zero,
                    },
                );
            }
        }
        tables.push(PromptTypeTable {
            model: model.to_string(),
            runs: types
                .iter()
                .map(|(t, r)| (*t, r.name.to_string()))
                .collect(),
            categories,
        });
    }
    Ok(tables)
}

fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

fn acc_cell(a: &Accuracy) -> String {
    if a.n == 0 {
        "-".into()
    } else {
        format!(
            "{} [{}, {}] n={}",
            pct(a.accuracy),
            pct(a.ci95.low),
            pct(a.ci95.high),
            a.n
        )
    }
}

/// A p-value as printed: four decimals, or "< 0.0001".
pub fn p_text(p: f64) -> String {
    if p < 1e-4 {
        "< 0.0001".into()
    } else {
        format!("{p:.4}")
    }
}

fn trend_line(t: &Trend) -> String {
    let bins: Vec<String> = t
        .bins
        .iter()
        .map(|b| {
            if b.accuracy.n == 0 {
                "-".into()
            } else {
                format!("{}% ({})", pct(b.accuracy.accuracy), b.accuracy.n)
            }
        })
        .collect();
    let test = match &t.fit {
        Some(f) => format!(
            "slope {:+.2}, p {}{}",
            f.slope,
            p_text(f.p_value),
            if f.separated { ", separated" } else { "" }
        ),
        None => "no test".into(),
    };
    format!("{}  | {test}: {}", bins.join("  "), t.direction.as_str())
}

/// The analysis as text (what `equibench eval analyse` prints).
pub fn render(a: &Analysis) -> String {
    let mut out = String::new();
    for r in &a.runs {
        // The run's name already says its model and prompt type (`FinishedRun::name`).
        let _ = writeln!(out, "== {}", r.run);
        let _ = writeln!(
            out,
            "accuracy by label, % [Wilson 95%] (Table A1)\n{:<10} {:>28} {:>28}",
            "category", "equivalent", "inequivalent"
        );
        for (c, b) in &r.by_label {
            let _ = writeln!(
                out,
                "{:<10} {:>28} {:>28}",
                c.as_str(),
                acc_cell(&b.equivalent),
                acc_cell(&b.inequivalent)
            );
        }
        let edges: Vec<String> = SIMILARITY_EDGES
            .windows(2)
            .map(|w| format!("{:.1}-{:.1}", w[0], w[1]))
            .collect();
        let _ = writeln!(
            out,
            "accuracy against similarity (bins {}; logistic regression, likelihood-ratio test)",
            edges.join(" ")
        );
        for (c, s) in &r.similarity {
            let _ = writeln!(
                out,
                "{:<10} eq    {}",
                c.as_str(),
                trend_line(&s.equivalent)
            );
            let _ = writeln!(out, "{:<10} ineq  {}", "", trend_line(&s.inequivalent));
        }
        if !r.subtlety.is_empty() {
            let edges: Vec<String> = SUBTLETY_EDGES
                .windows(2)
                .map(|w| format!("{}-{}", w[0], w[1]))
                .collect();
            let _ = writeln!(
                out,
                "inequivalent pairs: accuracy against the disagreement rate (bins {})",
                edges.join(" ")
            );
            for (c, s) in &r.subtlety {
                let _ = writeln!(
                    out,
                    "{:<10} {}{}",
                    c.as_str(),
                    trend_line(&s.trend),
                    if s.without_rate > 0 {
                        format!(" ({} without a rate, left out)", s.without_rate)
                    } else {
                        String::new()
                    }
                );
            }
        }
        out.push('\n');
    }
    for t in &a.prompt_types {
        let _ = writeln!(
            out,
            "== prompt types of {}: accuracy %, against ZERO (exact McNemar p)",
            t.model
        );
        let _ = write!(out, "{:<10}", "category");
        for pt in t.runs.keys() {
            let _ = write!(out, " {:>24}", pt.record_name());
        }
        out.push('\n');
        for (c, cells) in &t.categories {
            let _ = write!(out, "{:<10}", c.as_str());
            for pt in t.runs.keys() {
                let text = match cells.get(pt) {
                    None => "-".to_string(),
                    Some(cell) => match &cell.versus_zero {
                        Some(v) => format!(
                            "{} ({:+.1}, p {})",
                            pct(cell.accuracy),
                            v.difference * 100.0,
                            p_text(v.p_value)
                        ),
                        None => pct(cell.accuracy),
                    },
                };
                let _ = write!(out, " {text:>24}");
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}
