//! equibench-report: `equibench report DIR`, a static HTML report of a built benchmark that people
//! can read without the tool: EquiBench's Table 1, the equivalent/inequivalent balance, histograms of
//! program length and pair similarity per category, and a browser of the pairs (both programs side
//! by side with the label, context and evidence).
//!
//! The report is plain files (`index.html`, a page per category, a page per pair, `style.css`,
//! `report.js`) with no external assets, so it opens from `file://` with no server or network, and
//! it is a pure function of the output directory: the same input gives byte-identical files.
//!
//! - [`html`]: escaping and the page skeleton; [`svg`]: the charts; [`diff`]: which lines differ;
//! - [`paths`]: where each page lives; [`pages`]: the benchmark's pages; [`eval`]: what runs of
//!   `equibench eval` add; [`analysis`]: the paper's analyses of those runs.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod diff;
pub mod eval;
pub mod html;
pub mod pages;
pub mod paths;
pub mod svg;

use equibench_core::datasheet::DATASHEET_FILE;
use equibench_core::output::{read_manifest, read_pairs, OutputError, MANIFEST_FILE, PAIRS_FILE};
use equibench_core::{Pair, SurfaceFeature};
pub use eval::EvalRun;
use std::path::{Path, PathBuf};

const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/report.js");
/// Present in every report directory; only a directory holding it is ever replaced.
pub const MARKER_FILE: &str = ".equibench-report";

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{0} does not exist")]
    Missing(PathBuf),
    #[error("{0} is not a directory: give the output directory of `equibench build`")]
    NotADirectory(PathBuf),
    #[error("{dir} has no {PAIRS_FILE}: is it the output directory of `equibench build`?")]
    NoPairs { dir: PathBuf },
    #[error(transparent)]
    Read(#[from] OutputError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the runs cannot be analysed together: {0}")]
    Analysis(String),
    #[error(
        "{0} exists and is not an equibench report (no {MARKER_FILE} in it); refusing to overwrite it: \
         choose another --out or remove it"
    )]
    WouldOverwrite(PathBuf),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ReportError + '_ {
    move |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// What a report run wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub index: PathBuf,
    /// Every file written, relative to the report directory.
    pub files: usize,
    pub pairs: usize,
}

/// Where the report goes unless told otherwise.
pub fn default_out(dir: &Path) -> PathBuf {
    dir.join("report")
}

/// Write the report of the output directory `dir` into `out` (replacing an earlier report there).
/// Its shortcut table uses the generic surface features only: see [`write_report_with`].
pub fn write_report(dir: &Path, out: &Path) -> Result<Written, ReportError> {
    write_report_with(dir, out, &|_| Vec::new())
}

/// [`write_report`], with `category_features(pair)` (the categories' own surface features, which
/// only a registry knows) added to the generic ones in the shortcut table.
pub fn write_report_with(
    dir: &Path,
    out: &Path,
    category_features: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
) -> Result<Written, ReportError> {
    write_report_full(dir, out, category_features, &[])
}

/// [`write_report_with`], showing the answers and scores of `runs` of `equibench eval` too.
pub fn write_report_full(
    dir: &Path,
    out: &Path,
    category_features: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
    runs: &[EvalRun],
) -> Result<Written, ReportError> {
    if !dir.exists() {
        return Err(ReportError::Missing(dir.to_path_buf()));
    }
    if !dir.is_dir() {
        return Err(ReportError::NotADirectory(dir.to_path_buf()));
    }
    if !dir.join(PAIRS_FILE).is_file() {
        return Err(ReportError::NoPairs {
            dir: dir.to_path_buf(),
        });
    }
    let pairs = read_pairs(dir)?;
    // An output without a manifest (an interrupted build) still has pairs worth reading.
    let manifest = if dir.join(MANIFEST_FILE).is_file() {
        Some(read_manifest(dir)?)
    } else {
        None
    };
    let datasheet_path = dir.join(DATASHEET_FILE);
    let datasheet = if datasheet_path.is_file() {
        Some(std::fs::read_to_string(&datasheet_path).map_err(io(&datasheet_path))?)
    } else {
        None
    };
    prepare_out(out)?;

    let stats = equibench_core::stats::compute(&pairs);
    let shortcuts = equibench_core::shortcuts::analyse(
        &pairs,
        category_features,
        &equibench_core::shortcuts::CvConfig::default(),
    );
    let source = dir.display().to_string();
    let input = pages::Input {
        pairs: &pairs,
        manifest: manifest.as_ref(),
        datasheet: datasheet.as_deref(),
        source: &source,
        shortcuts: Some(&shortcuts),
        runs,
    };
    let mut files = 0usize;
    let mut put = |rel: &str, text: &str| -> Result<(), ReportError> {
        let path = out.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&path, text).map_err(io(&path))?;
        files += 1;
        Ok(())
    };
    put(
        MARKER_FILE,
        "made by `equibench report`; this directory is replaced by the next report\n",
    )?;
    put("style.css", STYLE)?;
    put("report.js", SCRIPT)?;
    put("datasheet.html", &pages::datasheet(input.datasheet))?;
    for (cat, group) in paths::by_category(&pairs) {
        put(
            &paths::category_path(cat),
            &pages::category(cat, &group, runs),
        )?;
        for i in 0..group.len() {
            put(
                &paths::pair_path(cat, i + 1),
                &pages::pair(cat, &group, i, runs),
            )?;
        }
    }
    for (k, run) in runs.iter().enumerate() {
        put(&eval::run_path(k), &eval::run_page(run, &pairs))?;
    }
    if !runs.is_empty() {
        let named: Vec<equibench_eval::analyse::Run> = runs
            .iter()
            .map(|r| equibench_eval::analyse::Run {
                name: &r.name,
                records: &r.records,
            })
            .collect();
        let analysis = equibench_eval::analyse::analyse(
            &named,
            &pairs,
            &equibench_eval::analyse::disagreement_rate,
        )
        .map_err(|e| ReportError::Analysis(e.to_string()))?;
        put(analysis::PATH, &analysis::analysis_page(&analysis))?;
    }
    // The index last: its presence means the report is complete.
    put("index.html", &pages::index(&input, &stats))?;
    Ok(Written {
        index: out.join("index.html"),
        files,
        pairs: pairs.len(),
    })
}

/// Make `out` an empty directory, removing an earlier report but nothing else.
fn prepare_out(out: &Path) -> Result<(), ReportError> {
    if out.exists() {
        if !out.is_dir() {
            return Err(ReportError::WouldOverwrite(out.to_path_buf()));
        }
        let empty = std::fs::read_dir(out).map_err(io(out))?.next().is_none();
        if !empty {
            if !out.join(MARKER_FILE).is_file() {
                return Err(ReportError::WouldOverwrite(out.to_path_buf()));
            }
            std::fs::remove_dir_all(out).map_err(io(out))?;
        }
    }
    std::fs::create_dir_all(out).map_err(io(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use equibench_core::evidence::{Evidence, Source};
    use equibench_core::{CategoryDescriptor, ContextField, PairDraft, Provenance, ToolVersion};
    use serde_json::{json, Map};

    /// Two categories of the report's own, shaped like DCE and OJ_A.
    static C_PAIRS: CategoryDescriptor = CategoryDescriptor {
        name: "DCE",
        cli_name: "dce",
        aliases: &[],
        harness_dir: "DCE",
        language: "C",
        summary: "test",
        definition: "the two programs have the same state at every reachable point.",
        context: &[],
        problem_statement: None,
        prompt_template: None,
        inputs: &[],
    };
    static STATED: CategoryDescriptor = CategoryDescriptor {
        name: "OJ_A",
        cli_name: "oj_a",
        aliases: &[],
        harness_dir: "OJ_A",
        language: "Python",
        summary: "test",
        definition: "for every valid input the two programs print the same output.",
        context: &[
            ContextField {
                key: "problem_id",
                doc: "problem",
                required: true,
                harness_field: None,
            },
            ContextField {
                key: "problem_html",
                doc: "statement",
                required: true,
                harness_field: Some("problem_html_content"),
            },
        ],
        problem_statement: Some("problem_html"),
        prompt_template: None,
        inputs: &[],
    };

    fn pair(category: &CategoryDescriptor, equivalent: bool, body: &str) -> equibench_core::Pair {
        let mut context = Map::new();
        if category.problem_statement.is_some() {
            context.insert("problem_id".into(), json!("p1"));
            context.insert(
                "problem_html".into(),
                json!("<p>Print <b>1</b></p><script>alert(1)</script>"),
            );
        }
        PairDraft {
            equivalent,
            program_1: format!(
                "int main(void) {{\n  if (a < b && c > d) {{ {body} }}\n  return 0;\n}}\n"
            ),
            program_2: "int main(void) {\n  return 0;\n}\n".into(),
            context,
            provenance: Provenance {
                pipeline: "report test".into(),
                tools: vec![ToolVersion::new("none", "0")],
                seed: 1,
                source: Source::new("hand", &json!({"note": "</pre><b>x</b>"})),
                transformation: "removed <the> block".into(),
                evidence: Evidence::new("by-hand", &json!({"why": "a & b"})),
            },
        }
        .finish(category)
    }

    fn output() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut subtle = pair(&C_PAIRS, false, "y = 2;");
        subtle.provenance.evidence = subtle.provenance.evidence.with_disagreement(
            equibench_core::disagreement::Disagreement::of_outputs(b"sum = 1\n", b"sum = 2\n"),
        );
        let mut pairs = vec![
            pair(&C_PAIRS, true, "x = 1;"),
            subtle,
            pair(&STATED, true, "z = 3;"),
        ];
        equibench_core::output::write_final(
            dir.path(),
            &mut pairs,
            equibench_core::output::ManifestInfo {
                command: vec!["equibench".into()],
                seed: 3,
                pairs_per_category: 2,
                shards: vec!["0/1".into()],
                subtle: false,
                categories: &[C_PAIRS, STATED],
                reports: &Default::default(),
            },
        )
        .unwrap();
        dir
    }

    fn read_all(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    out.push((
                        p.strip_prefix(dir).unwrap().to_path_buf(),
                        std::fs::read(&p).unwrap(),
                    ));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn writes_every_page_escaped_and_deterministic() {
        let dir = output();
        let out = dir.path().join("report");
        let w = write_report(dir.path(), &out).unwrap();
        assert_eq!(w.pairs, 3);
        let index = std::fs::read_to_string(&w.index).unwrap();
        assert!(index.contains("data-category=\"DCE\""));
        assert!(index.contains("data-category=\"OJ_A\""));
        assert!(index.contains("<svg"));
        // The subtlety chart only where an inequivalent pair records its disagreement.
        assert!(
            index.contains("DCE: subtlety of inequivalent pairs"),
            "{index}"
        );
        assert!(!index.contains("OJ_A: subtlety of inequivalent pairs"));
        assert!(index.contains("<section id=\"shortcuts\">"), "{index}");
        assert!(index.contains("<tr class=\"shortcut-row\" data-category=\"DCE\">"));
        let page = std::fs::read_to_string(out.join("pairs/dce/0001.html")).unwrap();
        assert!(page.contains("a &lt; b &amp;&amp; c &gt; d"));
        assert!(!page.contains("a < b"));
        assert!(page.contains("&lt;/pre&gt;&lt;b&gt;x&lt;/b&gt;"));
        assert!(page.contains("removed &lt;the&gt; block"));
        let oj = std::fs::read_to_string(out.join("pairs/oj_a/0001.html")).unwrap();
        assert!(oj.contains("sandbox=\"\""));
        assert!(!oj.contains("<script>alert"));
        assert!(out.join("cat-dce.html").is_file() && out.join("datasheet.html").is_file());
        let first = read_all(&out);
        assert_eq!(first.len(), w.files);
        // A second run replaces the report with identical bytes.
        write_report(dir.path(), &out).unwrap();
        assert_eq!(read_all(&out), first);
    }

    #[test]
    fn bad_directories_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope");
        let e = write_report(&missing, &missing.join("r")).unwrap_err();
        assert!(e.to_string().contains("does not exist"), "{e}");
        let e = write_report(dir.path(), &dir.path().join("r")).unwrap_err();
        assert!(e.to_string().contains("has no pairs.jsonl"), "{e}");
        std::fs::write(dir.path().join("pairs.jsonl"), "{not json\n").unwrap();
        let e = write_report(dir.path(), &dir.path().join("r")).unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        let file = dir.path().join("pairs.jsonl");
        let e = write_report(&file, &dir.path().join("r")).unwrap_err();
        assert!(e.to_string().contains("not a directory"), "{e}");
    }

    #[test]
    fn never_overwrites_a_directory_it_did_not_make() {
        let dir = output();
        // Pointing --out at the output itself must not delete the benchmark.
        let e = write_report(dir.path(), dir.path()).unwrap_err();
        assert!(e.to_string().contains("refusing to overwrite"), "{e}");
        assert!(dir.path().join("pairs.jsonl").is_file());
    }
}
