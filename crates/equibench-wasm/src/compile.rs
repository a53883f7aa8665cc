//! C to a linked wasm32 module: clang-19 `--target=wasm32 -c` at one optimisation level, then
//! wasm-ld with `--export-all` so every function keeps its C name as an export. Undefined symbols
//! (compiler-rt helpers such as `__multi3`) become imports, and the functions that call them fall
//! outside the subset when parsed.

use std::path::Path;
use std::process::Command;

/// The optimisation levels the corpus is compiled at.
pub const OPT_LEVELS: [&str; 4] = ["-O0", "-O1", "-O2", "-Os"];

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("cannot run {tool}: {source}")]
    Spawn {
        tool: String,
        source: std::io::Error,
    },
    #[error("{tool} failed on {input}: {stderr}")]
    Failed {
        tool: String,
        input: String,
        stderr: String,
    },
    #[error("scratch directory: {0}")]
    Scratch(std::io::Error),
}

fn run(cmd: &mut Command, tool: &Path, input: &Path) -> Result<(), CompileError> {
    let out = cmd.output().map_err(|source| CompileError::Spawn {
        tool: tool.display().to_string(),
        source,
    })?;
    if out.status.success() {
        Ok(())
    } else {
        Err(CompileError::Failed {
            tool: tool.display().to_string(),
            input: input.display().to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }
}

/// Compile `source` at `opt` (one of [`OPT_LEVELS`]) and link it; the module's bytes.
pub fn compile_c(
    clang: &Path,
    wasm_ld: &Path,
    source: &Path,
    opt: &str,
) -> Result<Vec<u8>, CompileError> {
    let dir = tempfile::tempdir().map_err(CompileError::Scratch)?;
    let obj = dir.path().join("out.o");
    let module = dir.path().join("out.wasm");
    run(
        Command::new(clang)
            .args([
                "--target=wasm32",
                opt,
                "-c",
                "-ffreestanding",
                "-fno-builtin",
            ])
            .arg(source)
            .arg("-o")
            .arg(&obj),
        clang,
        source,
    )?;
    run(
        Command::new(wasm_ld)
            .args(["--no-entry", "--export-all", "--allow-undefined"])
            .arg(&obj)
            .arg("-o")
            .arg(&module),
        wasm_ld,
        source,
    )?;
    std::fs::read(&module).map_err(CompileError::Scratch)
}
