//! The pages of the report: the index (Table 1, balance, histograms, links), one page per category
//! listing its pairs, one page per pair (the two programs side by side with label, context and
//! evidence), and the datasheet. A full benchmark is 2400 pairs with programs of up to ~1700
//! lines, so no page holds more than one pair's programs.

use crate::diff::changed_lines;
use crate::eval::{self, EvalRun};
use crate::html::{escape, fixed, json_block, label_badge, page};
use crate::paths::{by_category, category_path, pair_path};
use crate::svg::{balance, histogram, Bins};
use equibench_core::output::Manifest;
use equibench_core::shortcuts::{format_accuracy, ShortcutReport};
use equibench_core::stats::CategoryStats;
use equibench_core::{CategoryName, Pair};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Everything the pages are drawn from.
pub struct Input<'a> {
    pub pairs: &'a [Pair],
    pub manifest: Option<&'a Manifest>,
    /// `DATASHEET.md`, if the output has one.
    pub datasheet: Option<&'a str>,
    /// The directory the report was made from, as the user named it (shown, never linked).
    pub source: &'a str,
    /// How well shallow rules guess the labels from surface features (`equibench shortcuts`).
    pub shortcuts: Option<&'a ShortcutReport>,
    /// Runs of `equibench eval` to show (none: the report of the benchmark alone).
    pub runs: &'a [EvalRun],
}

/// The language of a category's pairs (as their records say).
fn language(pairs: &[&Pair]) -> String {
    pairs
        .first()
        .map_or_else(String::new, |p| p.language.to_string())
}

fn evidence_kind(p: &Pair) -> &str {
    &p.provenance.evidence.kind
}

fn nav(root: &str, here: &str) -> String {
    let mut s = String::from("<nav class=\"top\">");
    for (href, text) in [
        ("index.html", "Overview"),
        ("index.html#table1", "Table 1"),
        ("index.html#histograms", "Histograms"),
        ("index.html#browser", "Pairs"),
        ("datasheet.html", "Datasheet"),
    ] {
        let class = if text == here { " class=\"here\"" } else { "" };
        let _ = write!(s, "<a href=\"{root}{href}\"{class}>{text}</a>");
    }
    s.push_str("</nav>");
    s
}

/// `index.html`: a header, Table 1, the label balance, the shortcut and eval tables when given,
/// the histograms, the pair browser's entry points and the rejections.
pub fn index(input: &Input, stats: &BTreeMap<CategoryName, CategoryStats>) -> String {
    let groups = by_category(input.pairs);
    let mut b = String::new();
    b.push_str(&nav("", "Overview"));
    b.push_str(&index_header(input, &groups));
    b.push_str(&table1(input, stats, &groups));
    b.push_str(&balance_section(stats));
    if let Some(report) = input.shortcuts {
        b.push_str(&shortcuts(report));
    }
    if !input.runs.is_empty() {
        b.push_str(&eval::scores_section(input.runs));
    }
    b.push_str(&histograms(&groups));
    b.push_str(&browser(&groups));
    if let Some(m) = input.manifest {
        b.push_str(&rejections(m));
    }
    page("equibench report", "", &b)
}

type Groups<'a> = BTreeMap<CategoryName, Vec<&'a Pair>>;

/// The title and what the output is (size, source, seed, digest).
fn index_header(input: &Input, groups: &Groups) -> String {
    let mut b = String::new();
    b.push_str("<header><h1>equibench benchmark report</h1>");
    let _ = write!(
        b,
        "<p class=\"sub\">{} pairs in {} categories from <code>{}</code>",
        input.pairs.len(),
        groups.len(),
        escape(input.source)
    );
    if let Some(m) = input.manifest {
        let _ = write!(
            b,
            " &middot; seed {} &middot; {} pairs asked per category &middot; equibench {} &middot; \
             pairs.jsonl sha256 <code class=\"hash\">{}</code>",
            m.seed,
            m.pairs_per_category,
            escape(&m.equibench_version),
            escape(&m.pairs_sha256)
        );
    }
    b.push_str("</p></header>\n");

    b
}

/// EquiBench's Table 1: pairs and program lengths per category, with similarity and rejections.
fn table1(input: &Input, stats: &BTreeMap<CategoryName, CategoryStats>, groups: &Groups) -> String {
    let mut b = String::new();
    b.push_str(
        "<section id=\"table1\"><h2>Table 1: pairs and program lengths per category</h2>\
         <p class=\"note\">As in the EquiBench paper: lines are counted per program, over both \
         programs of every pair. Similarity is the winnowing similarity of a pair's two programs \
         (0 to 1), averaged.</p>\
         <table class=\"t1\"><thead><tr><th>Category</th><th>Language</th><th>Pairs</th>\
         <th>Equivalent</th><th>Inequivalent</th><th>Min lines</th><th>Max lines</th>\
         <th>Avg lines</th><th>Mean similarity (eq / ineq)</th><th>Rejected</th></tr></thead><tbody>\n",
    );
    let mut totals = (0, 0, 0);
    for (cat, s) in stats {
        totals.0 += s.pairs;
        totals.1 += s.equivalent;
        totals.2 += s.inequivalent;
        let rejected = input
            .manifest
            .and_then(|m| m.categories.get(cat))
            .map(|c| c.rejected.values().sum::<u64>().to_string())
            .unwrap_or_else(|| "-".into());
        let _ = writeln!(
            b,
            "<tr class=\"t1-row\" data-category=\"{0}\"><td><a href=\"{1}\">{0}</a></td><td>{2}</td>\
             <td class=\"num\">{3}</td><td class=\"num\">{4}</td><td class=\"num\">{5}</td>\
             <td class=\"num\">{6}</td><td class=\"num\">{7}</td><td class=\"num\">{8}</td>\
             <td class=\"num\">{9} ({10} / {11})</td><td class=\"num\">{12}</td></tr>",
            escape(cat.as_str()),
            category_path(*cat),
            escape(&groups.get(cat).map_or_else(String::new, |g| language(g))),
            s.pairs,
            s.equivalent,
            s.inequivalent,
            s.min_lines,
            s.max_lines,
            fixed(s.avg_lines, 1),
            fixed(s.mean_similarity, 3),
            fixed(s.mean_similarity_equivalent, 3),
            fixed(s.mean_similarity_inequivalent, 3),
            rejected
        );
    }
    let _ = writeln!(
        b,
        "</tbody><tfoot><tr><td>Total</td><td></td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
         <td class=\"num\">{}</td><td colspan=\"5\"></td></tr></tfoot></table></section>",
        totals.0, totals.1, totals.2
    );

    b
}

/// The equivalent / inequivalent bars per category.
fn balance_section(stats: &BTreeMap<CategoryName, CategoryStats>) -> String {
    let mut b = String::new();
    let rows: Vec<(String, usize, usize)> = stats
        .iter()
        .map(|(c, s)| (c.as_str().to_string(), s.equivalent, s.inequivalent))
        .collect();
    let _ = writeln!(
        b,
        "<section id=\"balance\"><h2>Equivalent / inequivalent balance</h2>{}{}</section>",
        legend(),
        balance(&rows)
    );

    b
}

/// Lines per program and pair similarity, per category, stacked by label.
fn histograms(groups: &Groups) -> String {
    let mut b = String::new();
    b.push_str(
        "<section id=\"histograms\"><h2>Program lengths, pair similarity and subtlety</h2>\
         <p class=\"note\">Left: lines per program (both programs of every pair). Middle: winnowing \
         similarity of each pair. Bars stack equivalent (bottom) and inequivalent pairs; hover a bar \
         for its counts. Right, where the category records it: the subtlety of each inequivalent \
         pair, the share of trials (fresh inputs, or output bytes) on which its two programs \
         differ; near 0 they differ rarely, the hardest to call inequivalent.</p>",
    );
    b.push_str(&legend());
    for (cat, ps) in groups {
        let lines: Vec<(f64, bool)> = ps
            .iter()
            .flat_map(|p| {
                [
                    (p.stats.lines_1 as f64, p.equivalent),
                    (p.stats.lines_2 as f64, p.equivalent),
                ]
            })
            .collect();
        let sims: Vec<(f64, bool)> = ps
            .iter()
            .map(|p| (p.stats.similarity, p.equivalent))
            .collect();
        let rates: Vec<(f64, bool)> = ps
            .iter()
            .filter(|p| !p.equivalent)
            .filter_map(|p| p.disagreement())
            .map(|d| (d.rate(), false))
            .collect();
        let line_bins = Bins::for_lines(&lines, 12);
        let sim_bins = Bins::fill(0.0, 0.1, 10, &sims);
        let subtlety = if rates.is_empty() {
            String::new()
        } else {
            histogram(
                &Bins::fill(0.0, 0.1, 10, &rates),
                &format!("{}: subtlety of inequivalent pairs", cat.as_str()),
                "share of trials on which the programs differ",
                &|x| format!("{x:.1}"),
            )
        };
        let _ = writeln!(
            b,
            "<div class=\"hist\" data-category=\"{0}\"><h3>{0} <span class=\"lang\">{1}</span></h3>\
             <div class=\"charts\">{2}{3}{4}</div></div>",
            escape(cat.as_str()),
            escape(&language(ps)),
            histogram(
                &line_bins,
                &format!("{}: lines per program", cat.as_str()),
                "lines per program",
                &|x| format!("{x:.0}")
            ),
            histogram(
                &sim_bins,
                &format!("{}: pair similarity", cat.as_str()),
                "similarity of the two programs",
                &|x| format!("{x:.1}")
            ),
            subtlety
        );
    }
    b.push_str("</section>\n");

    b
}

/// Links to every category page and its first pair.
fn browser(groups: &Groups) -> String {
    let mut b = String::new();
    b.push_str(
        "<section id=\"browser\"><h2>Browse the pairs</h2><p class=\"note\">Each category page \
         lists its pairs; each pair page shows the two programs side by side (lines without a \
         counterpart in the other program are shaded) with the label, context and the evidence \
         behind the label.</p><ul class=\"cats\">",
    );
    for (cat, ps) in groups {
        let eq = ps.iter().filter(|p| p.equivalent).count();
        let _ = write!(
            b,
            "<li><a class=\"cat-link\" href=\"{}\">{}</a> {} pairs ({} equivalent, {} inequivalent) \
             &middot; <a href=\"{}\">first pair</a></li>",
            category_path(*cat),
            escape(cat.as_str()),
            ps.len(),
            eq,
            ps.len() - eq,
            pair_path(*cat, 1)
        );
    }
    b.push_str("</ul></section>\n");

    b
}

/// The candidates each category dropped, by reason, from the manifest.
fn rejections(m: &Manifest) -> String {
    let mut b = String::new();
    b.push_str(
        "<section id=\"rejections\"><h2>Candidates rejected</h2><p class=\"note\">A candidate \
         whose label cannot be backed by evidence is dropped and counted, never emitted.</p>",
    );
    for (cat, c) in &m.categories {
        let total: u64 = c.rejected.values().sum();
        let _ = write!(
            b,
            "<details><summary>{} &middot; {} rejected{}</summary><table class=\"small\">\
             <thead><tr><th>Reason</th><th>Candidates</th></tr></thead><tbody>",
            escape(cat.as_str()),
            total,
            if c.exhausted {
                " &middot; sources ran out"
            } else {
                ""
            }
        );
        let mut reasons: Vec<(&String, &u64)> = c.rejected.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, n) in reasons {
            let _ = write!(
                b,
                "<tr><td><code>{}</code></td><td class=\"num\">{n}</td></tr>",
                escape(reason)
            );
        }
        b.push_str("</tbody></table></details>");
    }
    b.push_str("</section>\n");
    b
}

/// The surface-shortcut table: what a pattern-matcher could score without reading the programs.
fn shortcuts(report: &ShortcutReport) -> String {
    let mut b = String::new();
    let _ = writeln!(
        b,
        "<section id=\"shortcuts\"><h2>Surface shortcuts</h2><p class=\"note\">Held-out accuracy \
         of the best single-feature threshold rule and of a depth-2 decision tree over surface \
         features of the pairs (line counts and their difference, diff size, token difference, \
         similarity, ...), {}-fold stratified cross-validation repeated {} times, rules fitted on \
         the training folds only. 50% is chance on balanced labels; a high number means the label \
         can be guessed without reading the programs for meaning. <code>equibench shortcuts \
         DIR</code> prints every feature.</p>\
         <table class=\"t1\"><thead><tr><th>Category</th><th>Pairs</th><th>Best single rule</th>\
         <th>Its feature</th><th>Depth-2 tree</th><th>Feature that leaks most</th></tr></thead>\
         <tbody>",
        report.folds, report.repeats
    );
    let name =
        |n: Option<&str>| n.map_or("-".to_string(), |n| format!("<code>{}</code>", escape(n)));
    for c in &report.categories {
        let _ = writeln!(
            b,
            "<tr class=\"shortcut-row\" data-category=\"{}\"><td>{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            escape(&c.category),
            escape(&c.category),
            c.pairs,
            format_accuracy(c.best_single.accuracy),
            name(c.best_single.feature.as_deref()),
            format_accuracy(c.depth2.accuracy),
            c.most_leaking.as_ref().map_or("-".to_string(), |f| format!(
                "{} ({})",
                name(Some(&f.name)),
                format_accuracy(f.accuracy)
            ))
        );
    }
    b.push_str("</tbody></table></section>\n");
    b
}

fn legend() -> String {
    "<p class=\"legend\"><span class=\"key eq\"></span> equivalent <span class=\"key ne\"></span> \
     inequivalent</p>"
        .to_string()
}

/// `cat-<slug>.html`: the table of a category's pairs, filterable by label and text.
pub fn category(cat: CategoryName, pairs: &[&Pair], runs: &[EvalRun]) -> String {
    let mut b = String::new();
    b.push_str(&nav("", ""));
    let eq = pairs.iter().filter(|p| p.equivalent).count();
    let _ = write!(
        b,
        "<header><p class=\"crumbs\"><a href=\"index.html\">Overview</a> &rsaquo; {0}</p>\
         <h1>{0} <span class=\"lang\">{1}</span></h1><p class=\"sub\">{2} pairs: {3} equivalent, \
         {4} inequivalent</p></header>",
        escape(cat.as_str()),
        escape(&language(pairs)),
        pairs.len(),
        eq,
        pairs.len() - eq
    );
    let _ = write!(
        b,
        "<div class=\"filters\" hidden><label>Label <select id=\"f-label\"><option value=\"\">all</option>\
         <option value=\"eq\">equivalent</option><option value=\"ne\">inequivalent</option></select></label>\
         <label>Search <input id=\"f-text\" type=\"search\" placeholder=\"id, evidence, transformation\"></label>\
         {}<span id=\"f-count\"></span></div>",
        if runs.is_empty() {
            String::new()
        } else {
            eval::filter_control(runs)
        }
    );
    let _ = writeln!(
        b,
        "<table class=\"pairs\" id=\"pair-table\"><thead><tr><th>#</th><th>Label</th><th>Lines 1</th>\
         <th>Lines 2</th><th>Similarity</th><th>Evidence</th><th>Transformation</th><th>Id</th>{}</tr></thead><tbody>",
        if runs.is_empty() { "" } else { "<th>Wrong in</th>" }
    );
    for (i, p) in pairs.iter().enumerate() {
        let n = i + 1;
        let wrong = eval::wrong_by(p, runs);
        let _ = writeln!(
            b,
            "<tr class=\"pair-row\" data-label=\"{}\" data-wrong=\"{wrong}\"><td class=\"num\"><a href=\"{}\">{n}</a></td>\
             <td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td><code>{}</code></td><td class=\"tr\">{}</td><td><a href=\"{1}\"><code>{}</code></a></td>{}</tr>",
            if p.equivalent { "eq" } else { "ne" },
            pair_path(cat, n),
            label_badge(p.equivalent),
            p.stats.lines_1,
            p.stats.lines_2,
            fixed(p.stats.similarity, 3),
            escape(evidence_kind(p)),
            escape(&p.provenance.transformation),
            escape(&p.id[..p.id.len().min(12)]),
            if runs.is_empty() {
                String::new()
            } else {
                format!("<td>{}</td>", escape(&wrong))
            }
        );
    }
    b.push_str("</tbody></table>");
    page(
        &format!("{} pairs · equibench report", cat.as_str()),
        "",
        &b,
    )
}

/// One program as numbered lines, with the lines that have no counterpart shaded.
fn code_pane(which: usize, text: &str, changed: &[bool], lines: u64) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<div class=\"pane\" id=\"program-{which}\"><h3>program_{which} <span class=\"meta\">{lines} lines</span></h3>\
         <pre class=\"code\"><code>"
    );
    let width = text.lines().count().max(1).to_string().len();
    for (i, line) in text.lines().enumerate() {
        let class = if changed.get(i).copied().unwrap_or(false) {
            "ln chg"
        } else {
            "ln"
        };
        let _ = writeln!(
            s,
            "<span class=\"{class}\"><span class=\"n\">{:>width$}</span>{}</span>",
            i + 1,
            escape(line)
        );
    }
    s.push_str("</code></pre></div>");
    s
}

/// `pairs/<slug>/<NNNN>.html`: one pair.
pub fn pair(cat: CategoryName, pairs: &[&Pair], index: usize, runs: &[EvalRun]) -> String {
    let p = pairs[index];
    let n = index + 1;
    let root = "../../";
    let mut b = String::new();
    b.push_str(&nav(root, ""));
    let link = |k: usize, text: &str, rel: &str| {
        format!(
            "<a id=\"{rel}\" rel=\"{rel}\" href=\"{root}{}\">{text}</a>",
            pair_path(cat, k)
        )
    };
    let prev = if n > 1 {
        link(n - 1, "&larr; previous", "prev")
    } else {
        "<span class=\"off\">&larr; previous</span>".to_string()
    };
    let next = if n < pairs.len() {
        link(n + 1, "next &rarr;", "next")
    } else {
        "<span class=\"off\">next &rarr;</span>".to_string()
    };
    let _ = write!(
        b,
        "<header><p class=\"crumbs\"><a href=\"{root}index.html\">Overview</a> &rsaquo; \
         <a href=\"{root}{}\">{1}</a> &rsaquo; pair {n} of {2} <span class=\"pager\">{prev} {next}</span></p>\
         <h1>{1} pair {n} {3}</h1><p class=\"sub\">id <code class=\"hash\">{4}</code></p></header>",
        category_path(cat),
        escape(cat.as_str()),
        pairs.len(),
        label_badge(p.equivalent),
        escape(&p.id)
    );
    let _ = write!(
        b,
        "<section id=\"summary\"><table class=\"kv\"><tbody>\
         <tr><th>Label</th><td>{}</td></tr>\
         <tr><th>Language</th><td>{}</td></tr>\
         <tr><th>Lines</th><td>{} / {}</td></tr>\
         <tr><th>Similarity</th><td>{}</td></tr>\
         <tr><th>Transformation</th><td>{}</td></tr>\
         <tr><th>Evidence</th><td><code>{}</code> (below)</td></tr>\
         <tr><th>Pipeline</th><td>{} &middot; seed {}</td></tr>\
         <tr><th>Tools</th><td>{}</td></tr>\
         <tr><th>Definition</th><td class=\"def\">{}</td></tr>\
         </tbody></table></section>",
        if p.equivalent {
            "equivalent"
        } else {
            "inequivalent"
        },
        p.language,
        p.stats.lines_1,
        p.stats.lines_2,
        fixed(p.stats.similarity, 4),
        escape(&p.provenance.transformation),
        escape(evidence_kind(p)),
        escape(&p.provenance.pipeline),
        p.provenance.seed,
        p.provenance
            .tools
            .iter()
            .map(|t| format!("{} {}", escape(&t.name), escape(&t.version)))
            .collect::<Vec<_>>()
            .join(", "),
        escape(&p.definition)
    );
    let changed = changed_lines(&p.program_1, &p.program_2);
    let _ = write!(
        b,
        "<section id=\"programs\" class=\"side-by-side\">{}{}</section>",
        code_pane(1, &p.program_1, &changed.0, p.stats.lines_1),
        code_pane(2, &p.program_2, &changed.1, p.stats.lines_2)
    );
    b.push_str("<section id=\"context\"><h2>Context</h2>");
    if let Some(html) = p.context.get("problem_html").and_then(Value::as_str) {
        // The statement is rendered in a sandboxed frame that may neither run scripts nor load
        // anything: a problem statement is someone else's HTML.
        let doc = format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
             <style>body{{font:14px/1.45 system-ui,sans-serif;margin:8px;color:#222}}</style>{html}"
        );
        let _ = write!(
            b,
            "<h3>Problem statement</h3><iframe class=\"problem\" sandbox=\"\" title=\"problem statement\" srcdoc=\"{}\"></iframe>",
            escape(&doc)
        );
    }
    if p.context.is_empty() {
        b.push_str("<p class=\"note\">This category has no context: the programs are the whole question.</p>");
    } else {
        b.push_str(&json_block(&Value::Object(p.context.clone())));
    }
    b.push_str("</section>");
    if !runs.is_empty() {
        b.push_str(&eval::pair_section(p, runs));
    }
    let _ = write!(
        b,
        "<section id=\"evidence\"><h2>Evidence <code>{}</code></h2>{}</section>\
         <section id=\"source\"><h2>Source</h2>{}</section>",
        escape(evidence_kind(p)),
        json_block(&Value::Object(p.provenance.evidence.to_map())),
        json_block(&Value::Object(p.provenance.source.to_map()))
    );
    page(
        &format!(
            "{} pair {n} ({}) · equibench report",
            cat.as_str(),
            if p.equivalent {
                "equivalent"
            } else {
                "inequivalent"
            }
        ),
        root,
        &b,
    )
}

/// `datasheet.html`: the output's `DATASHEET.md`, shown as text.
pub fn datasheet(text: Option<&str>) -> String {
    let mut b = String::new();
    b.push_str(&nav("", "Datasheet"));
    b.push_str("<header><h1>Datasheet</h1></header>");
    match text {
        Some(t) => {
            let _ = write!(
                b,
                "<p class=\"note\">The output's <code>DATASHEET.md</code>, written by \
                 <code>equibench build</code>.</p><pre class=\"md\">{}</pre>",
                escape(t)
            );
        }
        None => b.push_str(
            "<p class=\"note\">This output has no <code>DATASHEET.md</code> (it was built by an \
             equibench without datasheets).</p>",
        ),
    }
    page("Datasheet · equibench report", "", &b)
}
