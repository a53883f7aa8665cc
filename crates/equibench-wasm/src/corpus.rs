//! The C corpus as functions of the subset: every `.c` file of a directory (the x86 category's
//! `data/x86/`, shared rather than copied) compiled at each of [`compile::OPT_LEVELS`], every
//! exported function parsed. A function outside the subset is kept with its reason, so callers
//! can count rejections by name.

use crate::compile::{self, CompileError, OPT_LEVELS};
use crate::ir::Func;
use crate::parse::{self, ParseError, Unsupported};
use std::path::{Path, PathBuf};

/// One function of one source file at one optimisation level.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub file: String,
    pub name: String,
    pub opt: &'static str,
    pub func: Result<Func, Unsupported>,
}

#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error("reading {0}: {1}")]
    Read(PathBuf, std::io::Error),
    #[error(transparent)]
    Compile(#[from] CompileError),
    #[error("{file} at {opt}: {source}")]
    Parse {
        file: String,
        opt: &'static str,
        source: ParseError,
    },
}

/// Functions the linker adds, not the C source's.
const LINKER_FUNCTIONS: &[&str] = &["__wasm_call_ctors"];

/// Every function of every `.c` file in `dir` (sorted by file name), at every level.
pub fn compile_dir(clang: &Path, wasm_ld: &Path, dir: &Path) -> Result<Vec<Compiled>, CorpusError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CorpusError::Read(dir.to_path_buf(), e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for opt in OPT_LEVELS {
            let bytes = compile::compile_c(clang, wasm_ld, &path, opt)?;
            let parsed = parse::parse_module(&bytes).map_err(|source| CorpusError::Parse {
                file: file.clone(),
                opt,
                source,
            })?;
            for p in parsed {
                if LINKER_FUNCTIONS.contains(&p.name.as_str()) {
                    continue;
                }
                out.push(Compiled {
                    file: file.clone(),
                    name: p.name,
                    opt,
                    func: p.func,
                });
            }
        }
    }
    Ok(out)
}
