//! `analysis.html`: the EquiBench paper's analyses of the runs a report shows, as
//! `equibench eval analyse` computes them ([`equibench_eval::analyse`]): accuracy on equivalent
//! and on inequivalent pairs (Table A1), accuracy against similarity and against the
//! disagreement rate with their trend tests (drawn as SVG), and the prompt types of one model
//! side by side, each against ZERO.

use crate::html::{escape, fixed, page};
use crate::svg::{trend, Series};
use equibench_eval::analyse::{p_text, Accuracy, Analysis, Trend};
use std::fmt::Write;

/// Where the page lives, relative to the report root.
pub const PATH: &str = "analysis.html";

fn pct(x: f64) -> String {
    fixed(x * 100.0, 1)
}

fn acc_cell(a: &Accuracy) -> String {
    if a.n == 0 {
        return "<td class=\"num\">-</td>".into();
    }
    format!(
        "<td class=\"num\">{} <span class=\"meta\">[{}, {}] n={}</span></td>",
        pct(a.accuracy),
        pct(a.ci95.low),
        pct(a.ci95.high),
        a.n
    )
}

/// The line of a trend: the middle of each bin that has pairs.
fn series(name: &str, class: &'static str, t: &Trend) -> Series {
    Series {
        name: name.into(),
        class,
        points: t
            .bins
            .iter()
            .filter(|b| b.accuracy.n > 0)
            .map(|b| {
                (
                    (b.low + b.high) / 2.0,
                    b.accuracy.accuracy,
                    b.accuracy.ci95.low,
                    b.accuracy.ci95.high,
                    b.accuracy.n,
                )
            })
            .collect(),
    }
}

/// "rises (slope +3.1, p < 0.0001)".
fn verdict(t: &Trend) -> String {
    match &t.fit {
        Some(f) => format!(
            "{} (slope {:+.2}, p {})",
            t.direction.as_str(),
            f.slope,
            p_text(f.p_value)
        ),
        None => t.direction.as_str().into(),
    }
}

/// The page.
pub fn analysis_page(a: &Analysis) -> String {
    let mut b = String::new();
    let _ = write!(
        b,
        "<header><p class=\"crumbs\"><a href=\"index.html\">Overview</a> &rsaquo; analyses</p>\
         <h1>Why pairs are hard: the paper's analyses</h1><p class=\"sub\">Trends are tested by a \
         logistic regression of correctness on the measure (likelihood-ratio test) and called a \
         direction at p &lt; {}; intervals are Wilson 95%.</p></header>",
        a.alpha
    );
    b.push_str("<section id=\"by-label\"><h2>Accuracy by label (Table A1)</h2>");
    for r in &a.runs {
        let _ = write!(
            b,
            "<h3>{}</h3><table class=\"t1 by-label\" data-run=\"{}\"><thead><tr><th>Category</th>\
             <th>equivalent pairs</th><th>inequivalent pairs</th></tr></thead><tbody>",
            escape(&r.run),
            escape(&r.run)
        );
        for (c, l) in &r.by_label {
            let _ = write!(
                b,
                "<tr class=\"label-row\" data-category=\"{}\"><td>{}</td>{}{}</tr>",
                escape(c.as_str()),
                escape(c.as_str()),
                acc_cell(&l.equivalent),
                acc_cell(&l.inequivalent)
            );
        }
        b.push_str("</tbody></table>");
    }
    b.push_str("</section>");

    b.push_str(
        "<section id=\"similarity\"><h2>Accuracy against similarity</h2><p class=\"note\">The \
         winnowing similarity of the two programs (Moss's algorithm, as <code>equibench stats</code>), \
         in bins of 0.2. The paper finds accuracy rising with similarity on equivalent pairs and \
         falling on inequivalent ones: a model that judges by form.</p>",
    );
    for r in &a.runs {
        let _ = write!(b, "<h3>{}</h3><div class=\"charts\">", escape(&r.run));
        for (c, s) in &r.similarity {
            let caption = format!("{}: accuracy against similarity, {}", c.as_str(), r.run);
            let _ = write!(
                b,
                "<figure class=\"trend-figure\" data-category=\"{}\">{}<figcaption>{}: equivalent \
                 {}; inequivalent {}</figcaption></figure>",
                escape(c.as_str()),
                trend(
                    &[
                        series("equivalent", "eq", &s.equivalent),
                        series("inequivalent", "ne", &s.inequivalent)
                    ],
                    &caption,
                    "similarity"
                ),
                escape(c.as_str()),
                escape(&verdict(&s.equivalent)),
                escape(&verdict(&s.inequivalent)),
            );
        }
        b.push_str("</div>");
    }
    b.push_str("</section>");

    b.push_str(
        "<section id=\"subtlety\"><h2>Accuracy against subtlety</h2><p class=\"note\">Inequivalent \
         pairs only: the share of fresh random inputs on which the two programs disagree. A low \
         rate is a subtle pair. Pairs that record no rate are left out.</p>",
    );
    let mut any = false;
    for r in &a.runs {
        if r.subtlety.is_empty() {
            continue;
        }
        any = true;
        let _ = write!(b, "<h3>{}</h3><div class=\"charts\">", escape(&r.run));
        for (c, s) in &r.subtlety {
            let caption = format!(
                "{}: accuracy against the disagreement rate, {}",
                c.as_str(),
                r.run
            );
            let _ = write!(
                b,
                "<figure class=\"trend-figure subtle\" data-category=\"{}\">{}<figcaption>{}: {} \
                 ({} pairs{})</figcaption></figure>",
                escape(c.as_str()),
                trend(
                    &[series("inequivalent", "ne", &s.trend)],
                    &caption,
                    "disagreement rate"
                ),
                escape(c.as_str()),
                escape(&verdict(&s.trend)),
                s.trend.n,
                if s.without_rate > 0 {
                    format!("; {} without a rate", s.without_rate)
                } else {
                    String::new()
                }
            );
        }
        b.push_str("</div>");
    }
    if !any {
        b.push_str("<p class=\"note\">No answered pair records a disagreement rate.</p>");
    }
    b.push_str("</section>");

    b.push_str("<section id=\"prompt-types\"><h2>Prompt types</h2>");
    if a.prompt_types.is_empty() {
        b.push_str(
            "<p class=\"note\">Give runs of one model with more than one prompt type to compare them.</p>",
        );
    }
    for t in &a.prompt_types {
        let _ = write!(
            b,
            "<h3>{}</h3><p class=\"note\">Accuracy in %; beside each type, its difference from ZERO \
             on the pairs both answered and the exact McNemar p-value.</p>\
             <table class=\"t1 prompt-types\"><thead><tr><th>Category</th>",
            escape(&t.model)
        );
        for pt in t.runs.keys() {
            let _ = write!(b, "<th>{}</th>", pt.record_name());
        }
        b.push_str("</tr></thead><tbody>");
        for (c, cells) in &t.categories {
            let _ = write!(
                b,
                "<tr class=\"type-row\" data-category=\"{}\"><td>{}</td>",
                escape(c.as_str()),
                escape(c.as_str())
            );
            for pt in t.runs.keys() {
                match cells.get(pt) {
                    None => b.push_str("<td class=\"num\">-</td>"),
                    Some(cell) => {
                        let against = cell.versus_zero.map_or(String::new(), |v| {
                            format!(
                                " <span class=\"meta\">{:+.1}, p {}</span>",
                                v.difference * 100.0,
                                p_text(v.p_value)
                            )
                        });
                        let _ = write!(b, "<td class=\"num\">{}{against}</td>", pct(cell.accuracy));
                    }
                }
            }
            b.push_str("</tr>");
        }
        b.push_str("</tbody></table>");
    }
    b.push_str("</section><p><a href=\"index.html\">&larr; overview</a></p>");
    page("analyses · equibench report", "", &b)
}
