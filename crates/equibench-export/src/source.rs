//! What an export is made from: the output directory of `equibench build` (or `merge`, or
//! `import`): its pairs, read and checked to re-serialise to the very bytes of `pairs.jsonl` (so
//! that an import can promise them back), its manifest and its datasheet.

use crate::{io_err, ExportError};
use equibench_core::datasheet::DATASHEET_FILE;
use equibench_core::output::{read_manifest, Manifest, MANIFEST_FILE, PAIRS_FILE};
use equibench_core::pair::sha256_hex;
use equibench_core::{CategoryName, Pair};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A build's output as an export reads it.
pub struct Source {
    pub dir: PathBuf,
    /// In `pairs.jsonl`'s order (category, then id).
    pub pairs: Vec<Pair>,
    /// sha256 of `pairs.jsonl` as it is on disk.
    pub pairs_sha256: String,
    /// `manifest.json`, when the directory has one.
    pub manifest: Option<Manifest>,
    /// `DATASHEET.md` as the build wrote it, when the directory has one.
    pub datasheet: Option<String>,
}

impl Source {
    /// Read `dir` (a build's output directory).
    pub fn read(dir: &Path) -> Result<Source, ExportError> {
        let path = dir.join(PAIRS_FILE);
        if !path.is_file() {
            return Err(ExportError::NotABuild {
                dir: dir.to_path_buf(),
                file: PAIRS_FILE,
            });
        }
        let bytes = std::fs::read(&path).map_err(io_err(&path))?;
        let pairs = equibench_core::output::read_pairs(dir)?;
        check_canonical(&path, &bytes, &pairs)?;
        let manifest = if dir.join(MANIFEST_FILE).is_file() {
            Some(read_manifest(dir)?)
        } else {
            None
        };
        let sheet = dir.join(DATASHEET_FILE);
        let datasheet = if sheet.is_file() {
            Some(std::fs::read_to_string(&sheet).map_err(io_err(&sheet))?)
        } else {
            None
        };
        Ok(Source {
            dir: dir.to_path_buf(),
            pairs_sha256: sha256_hex(&bytes),
            pairs,
            manifest,
            datasheet,
        })
    }

    /// The manifest, which the formats that describe the build need.
    pub fn manifest(&self) -> Result<&Manifest, ExportError> {
        self.manifest
            .as_ref()
            .ok_or_else(|| ExportError::NotABuild {
                dir: self.dir.clone(),
                file: MANIFEST_FILE,
            })
    }

    /// The categories present, by record spelling, each with its pairs in file order.
    pub fn by_category(&self) -> Vec<(CategoryName, Vec<&Pair>)> {
        let mut out: BTreeMap<CategoryName, Vec<&Pair>> = BTreeMap::new();
        for p in &self.pairs {
            out.entry(p.category).or_default().push(p);
        }
        out.into_iter().collect()
    }
}

/// The file must be exactly its records written back, one a line: otherwise an import (which can
/// only write records back) could not restore it.
fn check_canonical(path: &Path, bytes: &[u8], pairs: &[Pair]) -> Result<(), ExportError> {
    let mut at = 0usize;
    for (i, p) in pairs.iter().enumerate() {
        let mut line = p.to_json_line();
        line.push('\n');
        let end = at + line.len();
        if bytes.get(at..end) != Some(line.as_bytes()) {
            return Err(ExportError::NotCanonical {
                path: path.to_path_buf(),
                line: i + 1,
            });
        }
        at = end;
    }
    if at != bytes.len() {
        return Err(ExportError::NotCanonical {
            path: path.to_path_buf(),
            line: pairs.len() + 1,
        });
    }
    Ok(())
}
