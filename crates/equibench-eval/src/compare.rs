//! `equibench eval compare RUN_A RUN_B`: per category, the accuracy of two runs on the pairs both
//! answered, their difference, and the exact McNemar test on the pairs where they disagree about
//! correctness (a paired test: both runs saw the same pairs, so their errors are not independent).

use crate::runlog::RequestRecord;
use crate::runs::FinishedRun;
use crate::stats::mcnemar_exact;
use crate::EvalError;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub category: String,
    /// Pairs both runs finished.
    pub shared: usize,
    pub accuracy_a: f64,
    pub accuracy_b: f64,
    /// B minus A.
    pub difference: f64,
    /// Right in A only.
    pub a_only: usize,
    /// Right in B only.
    pub b_only: usize,
    pub p_value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    pub run_a: String,
    pub run_b: String,
    pub categories: Vec<Row>,
    /// Every shared pair together.
    pub all: Row,
}

/// The finished records of a run, last per pair.
pub fn read_run(run: &Path) -> Result<Vec<RequestRecord>, EvalError> {
    Ok(FinishedRun::read(run)?.records)
}

fn row(category: String, pairs: &[(bool, bool)]) -> Row {
    let n = pairs.len();
    let a = pairs.iter().filter(|p| p.0).count();
    let b = pairs.iter().filter(|p| p.1).count();
    let a_only = pairs.iter().filter(|p| p.0 && !p.1).count();
    let b_only = pairs.iter().filter(|p| !p.0 && p.1).count();
    let acc = |k: usize| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    Row {
        category,
        shared: n,
        accuracy_a: acc(a),
        accuracy_b: acc(b),
        difference: acc(b) - acc(a),
        a_only,
        b_only,
        p_value: mcnemar_exact(a_only, b_only),
    }
}

/// Compare two runs' records.
pub fn compare_records(
    name_a: &str,
    a: &[RequestRecord],
    name_b: &str,
    b: &[RequestRecord],
) -> Comparison {
    let by_id: HashMap<&str, &RequestRecord> = b.iter().map(|r| (r.pair_id.as_str(), r)).collect();
    let mut per: BTreeMap<String, Vec<(bool, bool)>> = BTreeMap::new();
    for ra in a {
        if let Some(rb) = by_id.get(ra.pair_id.as_str()) {
            per.entry(ra.category.to_string())
                .or_default()
                .push((ra.correct, rb.correct));
        }
    }
    let all: Vec<(bool, bool)> = per.values().flatten().copied().collect();
    Comparison {
        run_a: name_a.into(),
        run_b: name_b.into(),
        categories: per.into_iter().map(|(c, v)| row(c, &v)).collect(),
        all: row("all".into(), &all),
    }
}

/// Compare the runs in two directories.
pub fn compare(run_a: &Path, run_b: &Path) -> Result<Comparison, EvalError> {
    let a = read_run(run_a)?;
    let b = read_run(run_b)?;
    Ok(compare_records(
        &run_a.display().to_string(),
        &a,
        &run_b.display().to_string(),
        &b,
    ))
}

pub fn render(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A = {}\nB = {}", c.run_a, c.run_b);
    let _ = writeln!(
        out,
        "{:<10} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9}",
        "category", "shared", "A %", "B %", "B-A", "A only", "B only", "McNemar p"
    );
    for r in c.categories.iter().chain(std::iter::once(&c.all)) {
        let _ = writeln!(
            out,
            "{:<10} {:>6} {:>7.1} {:>7.1} {:>+7.1} {:>7} {:>7} {:>9.4}",
            r.category,
            r.shared,
            r.accuracy_a * 100.0,
            r.accuracy_b * 100.0,
            r.difference * 100.0,
            r.a_only,
            r.b_only,
            r.p_value
        );
    }
    out
}
