//! What `equibench report DIR --eval RUN...` adds: each run's answer on the pair pages, an
//! "answered wrong by" filter on the category pages, a page per run listing the pairs it got wrong
//! with their evidence beside them, a scores table on the index, and the paper's analyses
//! ([`crate::analysis`]). The report reads no run directory itself: it is given each run's records
//! and scores as `equibench eval` types them ([`RequestRecord`], [`Scores`]), so it stays a pure
//! function of its inputs.

use crate::html::{escape, fixed, json_block, label_badge, page};
use crate::paths::{by_category, pair_path};
use equibench_core::Pair;
use equibench_eval::runlog::RequestRecord;
use equibench_eval::scores::{CategoryScore, Scores};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// One run of `equibench eval` over the reported output.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalRun {
    /// How the run is shown (model, prompt type and directory).
    pub name: String,
    /// The last record of every pair it finished.
    pub records: Vec<RequestRecord>,
    pub scores: Scores,
    /// Index into `records` by pair id.
    by_pair: HashMap<String, usize>,
}

impl EvalRun {
    pub fn new(name: String, records: Vec<RequestRecord>, scores: Scores) -> EvalRun {
        let by_pair = records
            .iter()
            .enumerate()
            .map(|(i, r)| (r.pair_id.clone(), i))
            .collect();
        EvalRun {
            name,
            records,
            scores,
            by_pair,
        }
    }

    /// The run's answer to a pair, if it answered it.
    pub fn answer(&self, pair_id: &str) -> Option<&RequestRecord> {
        self.by_pair.get(pair_id).map(|&i| &self.records[i])
    }
}

/// The page of run `k` (0-based) listing the pairs it got wrong.
pub fn run_path(k: usize) -> String {
    format!("eval-{}.html", k + 1)
}

fn pct(x: f64) -> String {
    fixed(x * 100.0, 1)
}

/// The index's scores table.
pub fn scores_section(runs: &[EvalRun]) -> String {
    let mut categories: Vec<&str> = runs
        .iter()
        .flat_map(|r| r.scores.categories.keys().map(|c| c.as_str()))
        .collect();
    categories.sort();
    categories.dedup();
    let mut b = String::new();
    b.push_str(
        "<section id=\"eval\"><h2>Model scores</h2><p class=\"note\">Accuracy in % on the pairs \
         each run answered (n), with its Wilson 95% interval; unparsed replies count as wrong. \
         Overall is the mean of the categories, as the EquiBench paper reports. Baselines on the \
         same pairs: chance 50%, the majority answer, and the best surface shortcut (held-out \
         accuracy of <code>equibench shortcuts</code>' best single rule).</p>\
         <table class=\"t1\"><thead><tr><th>Run</th>",
    );
    for c in &categories {
        let _ = write!(b, "<th>{}</th>", escape(c));
    }
    b.push_str("<th>Overall</th><th>Wrong</th></tr></thead><tbody>\n");
    for (k, r) in runs.iter().enumerate() {
        let _ = write!(
            b,
            "<tr class=\"eval-row\" data-run=\"{}\"><td>{}</td>",
            k + 1,
            escape(&r.name)
        );
        for c in &categories {
            match r
                .scores
                .categories
                .iter()
                .find(|(k, _)| k.as_str() == *c)
                .map(|(_, s)| s)
            {
                Some(s) => {
                    let _ = write!(
                        b,
                        "<td class=\"num\" data-category=\"{}\">{} <span class=\"meta\">[{}, {}] n={}{}</span></td>",
                        escape(c),
                        pct(s.accuracy),
                        pct(s.ci95.low),
                        pct(s.ci95.high),
                        s.n,
                        [(s.unparsed, "unparsed"), (s.truncated, "truncated")]
                            .iter()
                            .filter(|(k, _)| *k > 0)
                            .map(|(k, what)| format!(", {k} {what}"))
                            .collect::<String>()
                    );
                }
                None => b.push_str("<td class=\"num\">-</td>"),
            }
        }
        let wrong = r.records.iter().filter(|a| !a.correct).count();
        let _ = writeln!(
            b,
            "<td class=\"num overall\">{}</td><td class=\"num\"><a href=\"{}\">{wrong} pairs</a></td></tr>",
            pct(r.scores.overall.accuracy),
            run_path(k)
        );
    }
    // The baselines of the first run that scored each category (they depend on its pairs only).
    for (label, get) in [
        (
            "majority answer",
            (|s: &CategoryScore| Some(s.baselines.majority)) as fn(&CategoryScore) -> Option<f64>,
        ),
        ("best surface shortcut", |s: &CategoryScore| {
            s.baselines.shortcut
        }),
    ] {
        let _ = write!(b, "<tr class=\"baseline-row\"><td>baseline: {label}</td>");
        for c in &categories {
            let v = runs
                .iter()
                .find_map(|r| {
                    r.scores
                        .categories
                        .iter()
                        .find(|(k, _)| k.as_str() == *c)
                        .map(|(_, s)| s)
                })
                .and_then(get);
            let _ = write!(b, "<td class=\"num\">{}</td>", v.map_or("-".into(), pct));
        }
        b.push_str("<td></td><td></td></tr>\n");
    }
    b.push_str("</tbody></table>");
    let _ = writeln!(
        b,
        "<p><a href=\"{}\">Analyses</a>: accuracy on equivalent and on inequivalent pairs, against \
         similarity and subtlety, and the prompt types side by side.</p></section>",
        crate::analysis::PATH
    );
    b
}

/// The pair page's table of every run's answer.
pub fn pair_section(pair: &Pair, runs: &[EvalRun]) -> String {
    let mut b = String::from(
        "<section id=\"eval-answers\"><h2>Model answers</h2><table class=\"kv\"><thead><tr>\
         <th>Run</th><th>Answer</th><th>Reply</th></tr></thead><tbody>",
    );
    for r in runs {
        match r.answer(&pair.id) {
            Some(a) => {
                let reply = match (&a.reply, a.error) {
                    (Some(t), _) => format!(
                        "<details><summary>{} characters</summary><pre class=\"reply\">{}</pre></details>",
                        t.chars().count(),
                        escape(t)
                    ),
                    (None, Some(e)) => {
                        format!("request failed: <code>{}</code>", escape(e.as_str()))
                    }
                    (None, None) => String::new(),
                };
                let _ =
                    write!(
                    b,
                    "<tr class=\"eval-answer {}\"><th>{}</th><td>{} {}</td><td>{reply}</td></tr>",
                    if a.correct { "right" } else { "wrong" },
                    escape(&r.name),
                    escape(a.answer.as_str()),
                    if a.correct { "&#10003; right" } else { "&#10007; wrong" },
                );
            }
            None => {
                let _ = write!(
                    b,
                    "<tr class=\"eval-answer none\"><th>{}</th><td>not asked</td><td></td></tr>",
                    escape(&r.name)
                );
            }
        }
    }
    b.push_str("</tbody></table></section>");
    b
}

/// `data-wrong` of a category table row: the runs (1-based) that got the pair wrong.
pub fn wrong_by(pair: &Pair, runs: &[EvalRun]) -> String {
    runs.iter()
        .enumerate()
        .filter(|(_, r)| r.answer(&pair.id).is_some_and(|a| !a.correct))
        .map(|(k, _)| format!("r{}", k + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The filter control of the category pages.
pub fn filter_control(runs: &[EvalRun]) -> String {
    let mut s = String::from(
        "<label>Models <select id=\"f-eval\"><option value=\"\">all pairs</option>\
         <option value=\"any\">answered wrong by any run</option>",
    );
    for (k, r) in runs.iter().enumerate() {
        let _ = write!(
            s,
            "<option value=\"r{}\">answered wrong by {}</option>",
            k + 1,
            escape(&r.name)
        );
    }
    s.push_str("</select></label>");
    s
}

/// `eval-K.html` (see [`run_path`]): the pairs a run got wrong, each with its label, the answer and the evidence.
pub fn run_page(run: &EvalRun, pairs: &[Pair]) -> String {
    let mut b = String::new();
    let _ = write!(
        b,
        "<header><p class=\"crumbs\"><a href=\"index.html\">Overview</a> &rsaquo; {0}</p>\
         <h1>Pairs {0} got wrong</h1><p class=\"sub\">overall {1}% (mean of categories)</p></header>",
        escape(&run.name),
        pct(run.scores.overall.accuracy)
    );
    b.push_str(
        "<table class=\"pairs\" id=\"wrong-table\"><thead><tr><th>Pair</th><th>Label</th>\
                <th>Answer</th><th>Evidence</th></tr></thead><tbody>\n",
    );
    for (cat, group) in by_category(pairs) {
        for (i, p) in group.iter().enumerate() {
            let Some(a) = run.answer(&p.id).filter(|a| !a.correct) else {
                continue;
            };
            let _ = writeln!(
                b,
                "<tr class=\"wrong-row\" data-category=\"{0}\"><td><a href=\"{1}\">{0} {2}</a></td><td>{3}</td>\
                 <td>{4}{5}</td><td>{6}</td></tr>",
                escape(cat.as_str()),
                pair_path(cat, i + 1),
                i + 1,
                label_badge(p.equivalent),
                escape(a.answer.as_str()),
                a.error.map_or(String::new(), |e| format!(
                    " <code>{}</code>",
                    escape(e.as_str())
                )),
                json_block(&Value::Object(p.provenance.evidence.to_map()))
            );
        }
    }
    b.push_str("</tbody></table>");
    b.push_str("<p><a href=\"index.html\">&larr; overview</a></p>");
    page(
        &format!("{} · wrong answers · equibench report", run.name),
        "",
        &b,
    )
}
