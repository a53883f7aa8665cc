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
