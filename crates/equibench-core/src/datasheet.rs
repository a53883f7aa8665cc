//! `DATASHEET.md`: the document every build writes beside its pairs, in the spirit of "Datasheets for
//! Datasets" (Gebru et al., 2018). A benchmark is only as trustworthy as what its users can learn
//! about it without reading the code: where the programs come from, which tools (and versions)
//! shaped them, what backs each label, how `equibench audit` re-checks it, and what the labels do not
//! guarantee. The category crates write the prose about themselves ([`CategoryDatasheet`], through
//! [`Category::datasheet`](crate::category::Category::datasheet)); this module adds the facts of
//! one build (counts, rejections, evidence kinds, tool versions) and renders the Markdown.
//!
//! The text is a pure function of the output (`manifest.json`, `pairs.jsonl`), the categories' prose
//! and the probed tool versions: no clock, no paths, no host names. The same seed on the same
//! tools gives the same datasheet, and a merged sharded build gets the datasheet of the unsharded one.

use crate::category::Registry;
use crate::descriptor::{CategoryDescriptor, CategoryName};
use crate::output::{read_manifest, read_pairs, write_atomic, Manifest, OutputError};
use crate::pair::{Pair, ToolVersion};
use crate::shortcuts::{self, CvConfig, SurfaceFeature};
use crate::stats;
use crate::tools::{Tools, SETUP_COMMAND};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

pub use crate::category_sheet::CategoryDatasheet;

pub const DATASHEET_FILE: &str = "DATASHEET.md";

#[derive(Debug, thiserror::Error)]
pub enum DatasheetError {
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// A tool's version as probed for the datasheet, or why it could not be probed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probed {
    pub name: String,
    pub version: Result<String, String>,
}

/// What the datasheet needs from a registry and the machine, per category: the category's own text
/// (`None` when it provides none) and its tools probed now.
#[derive(Debug, Clone, Default)]
pub struct Knowledge {
    /// The descriptors of the registered categories (names, language).
    pub descriptors: BTreeMap<CategoryName, CategoryDescriptor>,
    pub sheets: BTreeMap<CategoryName, Option<CategoryDatasheet>>,
    pub probed: BTreeMap<CategoryName, Vec<Probed>>,
    /// Each pair's category-specific surface features, by pair id (see [`Knowledge::surface_of`]).
    pub surface_features: BTreeMap<String, Vec<SurfaceFeature>>,
    /// How each pair was made ([`Category::composition`]), by pair id.
    pub composition: BTreeMap<String, Vec<String>>,
}

impl Knowledge {
    /// Ask every category of `categories` found in `registry` for its text, and probe the tools and
    /// virtualenv packages it declares (as `equibench doctor` does; versions only, never paths, so
    /// the text stays the same on every machine with the same tools).
    pub fn gather(registry: &Registry, tools: &Tools, categories: &[CategoryName]) -> Knowledge {
        let mut k = Knowledge::default();
        for cat in categories {
            let Some(category) = registry.get(*cat) else {
                k.sheets.insert(*cat, None);
                continue;
            };
            k.descriptors.insert(*cat, *category.descriptor());
            let sheet = category.datasheet();
            let mut probed: Vec<Probed> = Vec::new();
            for spec in category.required_tools() {
                let name = spec.label();
                if probed.iter().any(|p| p.name == name) {
                    continue;
                }
                probed.push(Probed {
                    name,
                    version: tools
                        .get(spec)
                        .map(|t| t.version)
                        .map_err(|_| format!("not found (run {SETUP_COMMAND})")),
                });
            }
            for pkg in category.venv_packages() {
                probed.push(Probed {
                    name: format!("{} (virtualenv package)", pkg.name),
                    version: tools
                        .venv_package(pkg)
                        .map(|v| v.version)
                        .map_err(|_| format!("not installed (run {SETUP_COMMAND})")),
                });
            }
            k.sheets.insert(*cat, sheet);
            k.probed.insert(*cat, probed);
        }
        k
    }

    /// How the CLI spells `cat` (the record spelling for a category this binary does not have).
    fn cli_name(&self, cat: CategoryName) -> &'static str {
        self.descriptors
            .get(&cat)
            .map_or(cat.as_str(), |d| d.cli_name)
    }

    /// The language of `cat`: from its descriptor, else from its pairs.
    fn language(&self, cat: CategoryName, pairs: &[Pair]) -> String {
        match self.descriptors.get(&cat) {
            Some(d) => d.language.to_string(),
            None => pairs
                .iter()
                .find(|p| p.category == cat)
                .map_or_else(|| "unknown language".into(), |p| p.language.to_string()),
        }
    }

    /// Add the category features of `pairs` (from their categories in `registry`) that the
    /// "Surface shortcuts" section measures beside the generic ones.
    pub fn surface_of(mut self, registry: &Registry, pairs: &[Pair]) -> Knowledge {
        for p in pairs {
            if let Some(category) = registry.get(p.category) {
                self.surface_features
                    .insert(p.id.clone(), category.surface_features(p));
                self.composition
                    .insert(p.id.clone(), category.composition(p));
            }
        }
        self
    }
}

/// Write `out/DATASHEET.md` for the finished output in `out` (its manifest and pairs).
pub fn write(out: &Path, registry: &Registry, tools: &Tools) -> Result<PathBuf, DatasheetError> {
    let manifest = read_manifest(out)?;
    let pairs = read_pairs(out)?;
    let categories: Vec<CategoryName> = manifest.categories.keys().copied().collect();
    let knowledge = Knowledge::gather(registry, tools, &categories).surface_of(registry, &pairs);
    let path = out.join(DATASHEET_FILE);
    write_atomic(&path, render(&manifest, &pairs, &knowledge).as_bytes()).map_err(|source| {
        OutputError::Io {
            path: path.clone(),
            source,
        }
    })?;
    Ok(path)
}

/// The datasheet of an output, as Markdown.
pub fn render(manifest: &Manifest, pairs: &[Pair], knowledge: &Knowledge) -> String {
    let mut s = String::new();
    let categories: Vec<CategoryName> = manifest.categories.keys().copied().collect();
    render_intro(&mut s, manifest, &categories);
    render_this_build(&mut s, manifest, &categories, knowledge);
    render_table1(&mut s, pairs, &categories, knowledge);
    render_shortcuts(&mut s, pairs, knowledge);
    for cat in &categories {
        let mine: Vec<&Pair> = pairs.iter().filter(|p| p.category == *cat).collect();
        let language = knowledge.language(*cat, pairs);
        render_category(&mut s, *cat, &language, manifest, &mine, knowledge);
    }
    render_uses_and_maintenance(&mut s);
    s
}

/// The title and the motivation.
fn render_intro(s: &mut String, manifest: &Manifest, categories: &[CategoryName]) {
    let names = categories
        .iter()
        .map(|c| c.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(s, "# Datasheet: equibench benchmark ({names})\n");
    let _ = writeln!(
        s,
        "Written by `equibench build` (equibench {}) beside `pairs.jsonl`. The facts about this build \
         (counts, rejections, evidence kinds, tool versions) are computed from `manifest.json` and \
         `pairs.jsonl`; the prose about each category comes from the category's crate.\n",
        manifest.equibench_version
    );

    let _ = writeln!(s, "## Motivation\n");
    let _ = writeln!(
        s,
        "Pairs of programs labelled equivalent or inequivalent, to test whether language models \
         understand what code does (a regeneration of EquiBench, arXiv 2502.12466). Every label \
         carries the evidence it rests on, and `equibench audit` re-checks each label from that \
         evidence with the real tools.\n"
    );
}

/// The build's own facts: seed, counts, checksum, and how to regenerate it.
fn render_this_build(
    s: &mut String,
    manifest: &Manifest,
    categories: &[CategoryName],
    knowledge: &Knowledge,
) {
    let _ = writeln!(s, "## This build\n");
    let _ = writeln!(s, "| | |\n|---|---|");
    let _ = writeln!(s, "| seed | {} |", manifest.seed);
    let _ = writeln!(
        s,
        "| pairs asked per category | {} (half equivalent, half inequivalent) |",
        manifest.pairs_per_category
    );
    let _ = writeln!(
        s,
        "| categories | {} |",
        categories
            .iter()
            .map(|c| format!("`{}`", knowledge.cli_name(*c)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "| difficulty asked | {} |",
        if manifest.subtle {
            "`--subtle`: of the inequivalent candidates, those whose programs disagree on the \
             fewest fresh inputs (or output bytes) were preferred; equivalent candidates are \
             drawn as without it, and a category that substitutes only after its default \
             decisions keeps exactly the default build's equivalent pairs, balance kept"
        } else {
            "default (no preference on how often an inequivalent pair's programs disagree)"
        }
    );
    let _ = writeln!(s, "| pairs made | {} |", manifest.total_pairs);
    let _ = writeln!(s, "| sha256 of pairs.jsonl | `{}` |", manifest.pairs_sha256);
    if let Some(partial) = partial_shards(&manifest.shards) {
        let _ = writeln!(
            s,
            "| shards held | {partial} (merge the others to complete it) |"
        );
    }
    let _ = writeln!(
        s,
        "\nRegenerate with `equibench build --categories {} --pairs {} --seed {}{}` (plus the input \
         flags the build used, listed by `equibench build --help`: see each category's sources below); the same seed and tool \
         versions give a byte-identical `pairs.jsonl`.\n",
        categories
            .iter()
            .map(|c| knowledge.cli_name(*c))
            .collect::<Vec<_>>()
            .join(","),
        manifest.pairs_per_category,
        manifest.seed,
        if manifest.subtle { " --subtle" } else { "" }
    );
}

/// EquiBench's Table 1 for this build.
fn render_table1(
    s: &mut String,
    pairs: &[Pair],
    categories: &[CategoryName],
    knowledge: &Knowledge,
) {
    let table1 = stats::compute(pairs);
    let _ = writeln!(s, "## Composition (EquiBench Table 1)\n");
    let _ = writeln!(
        s,
        "| category | language | pairs | equivalent | inequivalent | min lines | max lines | avg lines | mean similarity |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for cat in categories {
        match table1.get(cat) {
            Some(t) => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.3} |",
                    cat.as_str(),
                    knowledge.language(*cat, pairs),
                    t.pairs,
                    t.equivalent,
                    t.inequivalent,
                    t.min_lines,
                    t.max_lines,
                    t.avg_lines,
                    t.mean_similarity
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "| {} | {} | 0 | 0 | 0 | - | - | - | - |",
                    cat.as_str(),
                    knowledge.language(*cat, pairs)
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "\nLines are counted per program over both programs of every pair; similarity is the \
         winnowing (Moss-style) similarity of the two programs of a pair, 0 to 1.\n"
    );
}

/// How the benchmark is meant to be used and kept.
fn render_uses_and_maintenance(s: &mut String) {
    let _ = writeln!(s, "## Uses and cautions\n");
    let _ = writeln!(
        s,
        "- Meant for evaluating equivalence checking (by models or tools): show `program_1`, \
         `program_2`, `definition` and `context`; never `provenance` or `stats`, which give the \
         answer away.\n\
         - Labels are as strong as their evidence kind (above): proofs and complete checks for some, \
         testing or execution on recorded inputs for others. Read each category's limitations before \
         drawing conclusions from small differences in accuracy.\n\
         - Programs are generated or collected code; they run only inside equibench's sandbox.\n"
    );
    let _ = writeln!(s, "## Maintenance\n");
    let _ = writeln!(
        s,
        "Run `equibench validate DIR` (format) and `equibench audit DIR` (every label, from its \
         evidence) on any copy before use; `equibench report DIR` draws the tables, histograms and a \
         browser of the pairs as static HTML."
    );
}

/// How well shallow rules on surface features guess the labels (issue 14), as `equibench
/// shortcuts` measures it with its defaults.
fn render_shortcuts(s: &mut String, pairs: &[Pair], knowledge: &Knowledge) {
    let cfg = CvConfig::default();
    let features = |p: &Pair| {
        knowledge
            .surface_features
            .get(&p.id)
            .cloned()
            .unwrap_or_default()
    };
    let report = shortcuts::analyse(pairs, &features, &cfg);
    let _ = writeln!(
        s,
        "## Surface shortcuts
"
    );
    let _ = writeln!(
        s,
        "Can a label be guessed without reading the programs for meaning? Per category, the \
         held-out accuracy of the best single-feature threshold rule and of a depth-2 decision tree \
         over surface features (line counts, their difference and ratio, lines changed by a line \
         diff, token-multiset difference, identifier overlap, winnowing similarity, which side is \
         longer, and the category's own features), {}-fold stratified cross-validation repeated {} \
         times, every rule fitted on the training folds only. 50% is chance on balanced labels; \
         the higher a number, the more a model can score by pattern-matching. `equibench \
         shortcuts DIR` prints every feature's own accuracy.\n",
        cfg.folds, cfg.repeats
    );
    let _ = writeln!(s, "{}", shortcuts::markdown_table(&report));
    let apart: Vec<String> = report
        .categories
        .iter()
        .flat_map(|c| {
            c.uncounted().map(move |f| {
                format!(
                    "`{}` in {} ({})",
                    f.name,
                    c.category,
                    shortcuts::format_accuracy(f.accuracy)
                )
            })
        })
        .collect();
    if !apart.is_empty() {
        let _ = writeln!(
            s,
            "Reported apart and not counted above, because recognising them is the task itself: {}.\n",
            apart.join(", ")
        );
    }
}

fn render_category(
    s: &mut String,
    cat: CategoryName,
    language: &str,
    manifest: &Manifest,
    pairs: &[&Pair],
    knowledge: &Knowledge,
) {
    let _ = writeln!(s, "## {} ({language})\n", cat.as_str());
    let summary = manifest.categories.get(&cat);
    let asked = manifest.pairs_per_category / 2;
    let (eq, ineq) = summary.map_or((0, 0), |c| (c.equivalent, c.inequivalent));
    let _ = writeln!(
        s,
        "Made {eq} equivalent and {ineq} inequivalent pairs (asked {asked} of each{}).\n",
        if summary.is_some_and(|c| c.exhausted) {
            "; the sources ran out before the request was met"
        } else {
            ""
        }
    );
    let sheet = knowledge.sheets.get(&cat).and_then(Option::as_ref);
    let Some(sheet) = sheet else {
        let _ = writeln!(
            s,
            "_This category provides no datasheet text of its own: its sources, evidence and \
             limitations are undocumented here. Read its crate before relying on its labels._\n"
        );
        render_facts(s, cat, manifest, pairs, knowledge);
        return;
    };
    let _ = writeln!(s, "### Sources\n\n{}\n", sheet.sources.trim());
    let _ = writeln!(s, "### Construction\n\n{}\n", sheet.construction.trim());
    render_facts(s, cat, manifest, pairs, knowledge);
    let _ = writeln!(s, "### Label evidence\n");
    let _ = writeln!(s, "**Equivalent.** {}\n", sheet.equivalent_evidence.trim());
    let _ = writeln!(
        s,
        "**Inequivalent.** {}\n",
        sheet.inequivalent_evidence.trim()
    );
    let _ = writeln!(
        s,
        "**How `equibench audit` re-checks it.** {}\n",
        sheet.audit.trim()
    );
    let kinds = count_by(pairs, |p| {
        (p.equivalent, p.provenance.evidence.kind.clone())
    });
    if !kinds.is_empty() {
        let _ = writeln!(s, "Evidence kinds in this build:\n");
        let _ = writeln!(s, "| label | evidence kind | pairs |\n|---|---|---:|");
        let equivalent_first = kinds
            .iter()
            .filter(|((e, _), _)| *e)
            .chain(kinds.iter().filter(|((e, _), _)| !*e));
        for ((equivalent, kind), n) in equivalent_first {
            let _ = writeln!(
                s,
                "| {} | `{}` | {n} |",
                if *equivalent {
                    "equivalent"
                } else {
                    "inequivalent"
                },
                cell(kind)
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "### Known limitations\n");
    for l in &sheet.limitations {
        let _ = writeln!(s, "- {}", l.trim());
    }
    let _ = writeln!(s);
}

/// The facts of this build about one category: pipelines, source kinds, tools, rejections.
fn render_facts(
    s: &mut String,
    cat: CategoryName,
    manifest: &Manifest,
    pairs: &[&Pair],
    knowledge: &Knowledge,
) {
    let _ = writeln!(s, "### Tools and versions\n");
    let pipelines: BTreeSet<&str> = pairs
        .iter()
        .map(|p| p.provenance.pipeline.as_str())
        .collect();
    if !pipelines.is_empty() {
        let _ = writeln!(
            s,
            "Made by {}.\n",
            pipelines
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let recorded: BTreeSet<&ToolVersion> = pairs
        .iter()
        .flat_map(|p| p.provenance.tools.iter())
        .collect();
    let _ = writeln!(s, "| tool | version | known from |\n|---|---|---|");
    for t in &recorded {
        let _ = writeln!(
            s,
            "| {} | {} | recorded in the pairs' provenance |",
            cell(&t.name),
            cell(&t.version)
        );
    }
    for p in knowledge.probed.get(&cat).into_iter().flatten() {
        let (version, how) = match &p.version {
            Ok(v) => (v.as_str(), "probed when this datasheet was written"),
            Err(e) => ("-", e.as_str()),
        };
        let _ = writeln!(s, "| {} | {} | {} |", cell(&p.name), cell(version), how);
    }
    let _ = writeln!(s);
    let sources = count_by(pairs, |p| p.provenance.source.kind.clone());
    if !sources.is_empty() {
        let _ = writeln!(
            s,
            "Source kinds in this build: {}.\n",
            sources
                .iter()
                .map(|(k, n)| format!("`{}` ({n})", k))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    render_composition(s, pairs, knowledge);
    let _ = writeln!(s, "### Candidates rejected\n");
    let rejected = manifest
        .categories
        .get(&cat)
        .map(|c| c.rejected.clone())
        .unwrap_or_default();
    if rejected.is_empty() {
        let _ = writeln!(s, "None.\n");
    } else {
        let total: u64 = rejected.values().sum();
        let _ = writeln!(
            s,
            "{total} candidates were dropped because their label could not be backed (a pair is \
             never emitted without its evidence):\n"
        );
        let _ = writeln!(s, "| reason | candidates |\n|---|---:|");
        let mut reasons: Vec<(&String, &u64)> = rejected.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, n) in reasons {
            let _ = writeln!(s, "| {} | {n} |", cell(reason));
        }
        let _ = writeln!(s);
    }
}

/// The measured make-up of a category's pairs: how many of each label each way of making them gave
/// ([`Category::composition`]), with its share of the label.
fn render_composition(s: &mut String, pairs: &[&Pair], knowledge: &Knowledge) {
    let mut counts: BTreeMap<&str, [usize; 2]> = BTreeMap::new();
    let mut totals = [0usize; 2];
    for p in pairs {
        totals[usize::from(p.equivalent)] += 1;
        for tag in knowledge.composition.get(&p.id).into_iter().flatten() {
            counts.entry(tag.as_str()).or_default()[usize::from(p.equivalent)] += 1;
        }
    }
    if counts.is_empty() {
        return;
    }
    let _ = writeln!(s, "### How the pairs were made (measured on this build)\n");
    let _ = writeln!(s, "| how | equivalent | inequivalent |\n|---|---:|---:|");
    let share = |n: usize, of: usize| {
        if n == 0 {
            "-".to_string()
        } else {
            format!("{n} ({:.0}%)", 100.0 * n as f64 / of.max(1) as f64)
        }
    };
    for (tag, [ineq, eq]) in &counts {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            cell(tag),
            share(*eq, totals[1]),
            share(*ineq, totals[0])
        );
    }
    let _ = writeln!(s);
}

/// Counts of `key` over `pairs`, in key order.
fn count_by<K: Ord>(pairs: &[&Pair], key: impl Fn(&Pair) -> K) -> BTreeMap<K, usize> {
    let mut m = BTreeMap::new();
    for p in pairs {
        *m.entry(key(p)).or_default() += 1;
    }
    m
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// `Some(description)` when `shards` is not a complete set `0/N .. N-1/N` (a partial output).
pub fn partial_shards(shards: &[String]) -> Option<String> {
    let parsed: Vec<crate::category::Shard> =
        shards.iter().filter_map(|s| s.parse().ok()).collect();
    let complete = !parsed.is_empty()
        && parsed.len() == shards.len()
        && parsed.iter().all(|p| p.count == parsed[0].count)
        && parsed
            .iter()
            .map(|p| p.index)
            .collect::<BTreeSet<_>>()
            .len()
            == parsed[0].count;
    (!complete).then(|| shards.join(", "))
}
