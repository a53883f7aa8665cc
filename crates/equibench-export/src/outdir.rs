//! Where an export goes. It is written into a staging directory beside OUT and moved into place
//! only when complete, so a crash or Ctrl-C never leaves half an export that looks whole; an
//! earlier export in OUT (it holds [`MARKER_FILE`]) is replaced, anything else is refused.

use crate::{io_err, ExportError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Present at the top of every export: what it is and what it was made from (read by `import`).
pub const MARKER_FILE: &str = "equibench-export.json";

/// What [`MARKER_FILE`] holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    /// The format (`hf`, `lm-eval`, `inspect`).
    pub format: String,
    pub equibench_version: String,
    /// sha256 of the `pairs.jsonl` the export was made from.
    pub pairs_sha256: String,
    pub pairs: usize,
    /// The data files, relative to the export, with the configuration (category) each holds and
    /// its rows.
    pub data_files: Vec<DataFile>,
    /// Prompt types exported (lm-eval, inspect).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prompt_types: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataFile {
    pub config: String,
    pub path: String,
    pub rows: usize,
}

impl Marker {
    pub fn read(export: &Path) -> Result<Marker, ExportError> {
        let path = export.join(MARKER_FILE);
        if !path.is_file() {
            return Err(ExportError::NotAnExport(format!(
                "{} has no {MARKER_FILE}: is it a directory `equibench export` wrote?",
                export.display()
            )));
        }
        let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
        serde_json::from_str(&text)
            .map_err(|e| ExportError::NotAnExport(format!("{}: {e}", path.display())))
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("the marker serialises");
        s.push('\n');
        s
    }
}

/// Run `fill` on an empty staging directory, then put it at `out` (replacing an earlier export).
pub fn write_export<T>(
    out: &Path,
    fill: impl FnOnce(&Path) -> Result<T, ExportError>,
) -> Result<T, ExportError> {
    if out.exists() {
        if !out.is_dir() {
            return Err(ExportError::WouldOverwrite(out.to_path_buf()));
        }
        let empty = std::fs::read_dir(out)
            .map_err(io_err(out))?
            .next()
            .is_none();
        if !empty && !out.join(MARKER_FILE).is_file() {
            return Err(ExportError::WouldOverwrite(out.to_path_buf()));
        }
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(io_err(&parent))?;
    let staging = tempfile::Builder::new()
        .prefix(".equibench-export-")
        .tempdir_in(&parent)
        .map_err(io_err(&parent))?;
    let value = fill(staging.path())?;
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(io_err(out))?;
    }
    let staged = staging.keep();
    std::fs::rename(&staged, out).map_err(io_err(out))?;
    Ok(value)
}

/// Write `bytes` to `dir/relative`, creating folders; returns the entry for [`crate::Written`].
pub fn put(dir: &Path, relative: &str, bytes: &[u8]) -> Result<(String, u64), ExportError> {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io_err(parent))?;
    }
    std::fs::write(&path, bytes).map_err(io_err(&path))?;
    Ok((relative.to_string(), bytes.len() as u64))
}
