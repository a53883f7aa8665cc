//! `equibench import EXPORT --out DIR`: a Hugging Face export read back into a build's output
//! directory: `pairs.jsonl` byte for byte as the export was made from (checked against the sha256
//! the export recorded), and the build's `manifest.json` and `DATASHEET.md` as they were. DIR is
//! then what `validate`, `audit`, `eval` and `report` read. (The EquiBench harness folders a build
//! also writes are not restored.)

use crate::columns::Layout;
use crate::hf::BUILD_FILES_DIR;
use crate::outdir::Marker;
use crate::{io_err, table, ExportError, Format};
use equibench_core::datasheet::DATASHEET_FILE;
use equibench_core::output::{write_atomic, MANIFEST_FILE, PAIRS_FILE};
use equibench_core::pair::sha256_hex;
use equibench_core::Pair;
use std::path::{Path, PathBuf};

/// What an import restored.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub out: PathBuf,
    pub pairs: usize,
    pub pairs_sha256: String,
    /// The other files restored (relative to `out`).
    pub files: Vec<String>,
}

/// The records of an export, in `pairs.jsonl`'s order.
pub fn read_pairs(export: &Path) -> Result<(Marker, Vec<Pair>), ExportError> {
    let marker = Marker::read(export)?;
    if marker.format != Format::Hf.name() {
        return Err(ExportError::NotAnExport(format!(
            "{} is an export of format `{}`; only `{}` exports hold whole records",
            export.display(),
            marker.format,
            Format::Hf.name()
        )));
    }
    let mut pairs = Vec::new();
    for file in &marker.data_files {
        let path = export.join(&file.path);
        let (names, rows) = table::read(&path)?;
        let layout = Layout::from_names(names.iter().map(String::as_str));
        for (i, cells) in rows.iter().enumerate() {
            let pair = layout.pair(cells).map_err(|source| ExportError::Row {
                path: path.clone(),
                row: i,
                source,
            })?;
            pairs.push(pair);
        }
    }
    pairs.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    Ok((marker, pairs))
}

/// Restore `export` into `out` (which must not hold a `pairs.jsonl` already).
pub fn import(export: &Path, out: &Path) -> Result<Imported, ExportError> {
    let (marker, pairs) = read_pairs(export)?;
    let mut jsonl = String::new();
    for p in &pairs {
        jsonl.push_str(&p.to_json_line());
        jsonl.push('\n');
    }
    let restored = sha256_hex(jsonl.as_bytes());
    if restored != marker.pairs_sha256 {
        return Err(ExportError::Mismatch {
            expected: marker.pairs_sha256,
            restored,
        });
    }
    if out.join(PAIRS_FILE).exists() {
        return Err(ExportError::Options(format!(
            "{} already holds a {PAIRS_FILE}: import into a new directory",
            out.display()
        )));
    }
    std::fs::create_dir_all(out).map_err(io_err(out))?;
    let mut files = Vec::new();
    for name in [MANIFEST_FILE, DATASHEET_FILE] {
        let from = export.join(BUILD_FILES_DIR).join(name);
        if from.is_file() {
            let bytes = std::fs::read(&from).map_err(io_err(&from))?;
            let to = out.join(name);
            write_atomic(&to, &bytes).map_err(io_err(&to))?;
            files.push(name.to_string());
        }
    }
    // pairs.jsonl last: its presence means the import is complete.
    let to = out.join(PAIRS_FILE);
    write_atomic(&to, jsonl.as_bytes()).map_err(io_err(&to))?;
    Ok(Imported {
        out: out.to_path_buf(),
        pairs: pairs.len(),
        pairs_sha256: restored,
        files,
    })
}
