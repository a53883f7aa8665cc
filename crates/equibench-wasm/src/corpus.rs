//! The C corpus as functions of the subset: every `.c` file of a directory (the x86 category's
//! `data/x86/`, shared rather than copied) compiled in each of [`compile::VARIANTS`], every
//! exported function parsed. A function outside the subset is kept with its reason, and a module
//! wasm-opt could not make is counted, so callers can count rejections by name.

use crate::compile::{self, CompileError, Toolchain, VARIANTS};
use crate::ir::Func;
use crate::parse::{self, ParseError, Unsupported};
use std::collections::BTreeMap;
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

/// The corpus compiled: its functions, and the modules wasm-opt did not make (a crash or a
/// timeout on generated code is a counted rejection, not an error of the build), by reason.
#[derive(Debug, Default)]
pub struct Corpus {
    pub functions: Vec<Compiled>,
    pub optimiser_failures: BTreeMap<String, u64>,
}

/// Every function of every `.c` file in `dir` (sorted by file name), in every variant.
pub fn compile_dir(tc: &Toolchain, dir: &Path) -> Result<Corpus, CorpusError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CorpusError::Read(dir.to_path_buf(), e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    let mut out = Corpus::default();
    for path in files {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut by_level: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
        for v in VARIANTS {
            let clang_out = match by_level.get(v.clang) {
                Some(b) => b.clone(),
                None => {
                    let b = compile::compile_c(&tc.clang, &tc.wasm_ld, &path, v.clang)?;
                    by_level.insert(v.clang, b.clone());
                    b
                }
            };
            let bytes = if v.wasm_opt.is_empty() {
                clang_out
            } else {
                match compile::wasm_opt(
                    &tc.wasm_opt,
                    &clang_out,
                    v.wasm_opt,
                    compile::WASM_OPT_TIMEOUT,
                ) {
                    Ok(b) => b,
                    Err(e @ (CompileError::Failed { .. } | CompileError::TimedOut { .. })) => {
                        *out.optimiser_failures
                            .entry(format!("wasm-opt-{}", e.reason()))
                            .or_default() += 1;
                        continue;
                    }
                    Err(e) => return Err(e.into()),
                }
            };
            let opt = v.name;
            let parsed = parse::parse_module(&bytes).map_err(|source| CorpusError::Parse {
                file: file.clone(),
                opt,
                source,
            })?;
            for p in parsed {
                if LINKER_FUNCTIONS.contains(&p.name.as_str()) {
                    continue;
                }
                out.functions.push(Compiled {
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
