//! The C corpus as functions of the subset: every `.c` file of a directory (the x86 category's
//! `data/x86/`, shared rather than copied) compiled in each of [`compile::VARIANTS`], every
//! exported function parsed. A function outside the subset is kept with its reason, and a module
//! wasm-opt could not make is counted, so callers can count rejections by name.

use crate::compile::{self, CompileError, Toolchain, OPT_LEVELS, VARIANTS};
use crate::interp::Val;
use crate::ir::{Func, MEMORY_BYTES};
use crate::parse::{self, ParseError, Unsupported};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where clang's stack pointer (the only global clang's code uses) starts: the top of the one
/// page of memory, as a linked module initialises it to the top of its stack region.
pub const STACK_TOP: u32 = MEMORY_BYTES as u32;

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
        for level in OPT_LEVELS {
            let bytes = compile::compile_c(&tc.clang, &tc.wasm_ld, &path, level)?;
            let parsed = parse::parse_module(&bytes).map_err(|source| CorpusError::Parse {
                file: file.clone(),
                opt: level,
                source,
            })?;
            for p in parsed {
                if LINKER_FUNCTIONS.contains(&p.name.as_str()) {
                    continue;
                }
                if let Ok(f) = &p.func {
                    for v in VARIANTS.iter().filter(|v| v.clang == level) {
                        match reoptimise(&tc.wasm_opt, f, v.wasm_opt) {
                            Ok(g) => out.functions.push(Compiled {
                                file: file.clone(),
                                name: p.name.clone(),
                                opt: v.name,
                                func: g,
                            }),
                            Err(why) => *out.optimiser_failures.entry(why).or_default() += 1,
                        }
                    }
                }
                out.functions.push(Compiled {
                    file: file.clone(),
                    name: p.name,
                    opt: level,
                    func: p.func,
                });
            }
        }
    }
    Ok(out)
}

/// A clang function optimised again by wasm-opt, as a module of its own in which the stack
/// pointer is an exported mutable global starting at [`STACK_TOP`] (the category's module): in
/// the linked module wasm-opt would fold the linker's stack address into the code, an address
/// the category's one page of memory does not have. `Ok(Err(..))`: read back, outside the
/// subset; `Err`: wasm-opt failed or timed out (a counted reason).
fn reoptimise(
    wasm_opt: &Path,
    f: &Func,
    args: &[&str],
) -> Result<Result<Func, Unsupported>, String> {
    let inits: Vec<Val> = f.globals.iter().map(|_| Val::I32(STACK_TOP)).collect();
    compile::optimise_function(wasm_opt, f, &inits, args)
}
