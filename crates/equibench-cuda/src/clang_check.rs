//! The CUDA syntax and type check of every emitted kernel, without the CUDA SDK: clang-19 in CUDA
//! mode, device side only, syntax only, with the small shim header in `tools/cuda_shim/` standing in
//! for the CUDA runtime headers. The kernel text is our own (TVM's output), so clang is run directly.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The flags, recorded in evidence so a reader can repeat the check.
pub const CLANG_FLAGS: &[&str] = &[
    "-x",
    "cuda",
    "--cuda-gpu-arch=sm_80",
    "-nocudainc",
    "-nocudalib",
    "--cuda-device-only",
    "-fsyntax-only",
];

/// The shim's file name inside its directory.
pub const SHIM_HEADER: &str = "cuda_shim.h";

#[derive(Debug, thiserror::Error)]
pub enum ClangCheckError {
    #[error("cannot run clang {clang}: {source}")]
    Run {
        clang: String,
        source: std::io::Error,
    },
    #[error("clang rejected the kernels: {0}")]
    Rejected(String),
}

/// clang plus the shim directory.
#[derive(Debug, Clone)]
pub struct ClangCheck {
    pub clang: PathBuf,
    pub shim_dir: PathBuf,
}

impl ClangCheck {
    /// The command line, for evidence (paths relative to the repository).
    pub fn describe() -> String {
        format!(
            "clang {} -I tools/cuda_shim -include {SHIM_HEADER}",
            CLANG_FLAGS.join(" ")
        )
    }

    /// Check `kernels` (written to `scratch/name.cu`).
    pub fn check(&self, kernels: &str, scratch: &Path, name: &str) -> Result<(), ClangCheckError> {
        let file = scratch.join(format!("{name}.cu"));
        std::fs::write(&file, kernels).map_err(|source| ClangCheckError::Run {
            clang: self.clang.display().to_string(),
            source,
        })?;
        let out = Command::new(&self.clang)
            .args(CLANG_FLAGS)
            .arg("-I")
            .arg(&self.shim_dir)
            .arg("-include")
            .arg(SHIM_HEADER)
            .arg(&file)
            .current_dir(scratch)
            .output()
            .map_err(|source| ClangCheckError::Run {
                clang: self.clang.display().to_string(),
                source,
            })?;
        let _ = std::fs::remove_file(&file);
        if out.status.success() {
            Ok(())
        } else {
            let stderr = String::from_utf8_lossy(&out.stderr);
            Err(ClangCheckError::Rejected(
                stderr.lines().take(6).collect::<Vec<_>>().join("\n"),
            ))
        }
    }
}
