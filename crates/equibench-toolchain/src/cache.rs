//! Artefacts compiled once per machine (CUDA's CPU runtime object, x86-64's native harness) and
//! kept under the system temporary directory, named by a digest of everything they are built from:
//! a change of source, compiler or flags builds anew, and a build that finds its file reuses it.
//!
//! Each build writes into a scratch directory of its own beside the final file and renames its
//! output over it, so processes and threads that build the same artefact at once race harmlessly
//! (a rename is atomic: a reader sees no file or a whole one).

use equibench_core::pair::sha256_hex;
use std::path::{Path, PathBuf};

/// `file`, built by `build` unless a build from the same `key` is already kept: the path of
/// `<temp>/<scope>-<digest of key>/<file>`. `build` gets the path to write its output to and
/// returns why it could not (a compiler's message); the error says which artefact failed.
pub fn build_once(
    scope: &str,
    file: &str,
    key: &[u8],
    build: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("{scope}-{}", &sha256_hex(key)[..16]));
    let kept = dir.join(file);
    if kept.is_file() {
        return Ok(kept);
    }
    let io = |e: std::io::Error| format!("preparing {}: {e}", kept.display());
    std::fs::create_dir_all(&dir).map_err(io)?;
    let scratch = tempfile::tempdir_in(&dir).map_err(io)?;
    let out = scratch.path().join(file);
    build(&out)?;
    std::fs::rename(&out, &kept).map_err(io)?;
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn built_once_per_key_and_anew_for_another() {
        let key = format!("equibench-toolchain cache test {}", std::process::id());
        let builds = Cell::new(0);
        let build = |out: &Path| {
            builds.set(builds.get() + 1);
            std::fs::write(out, "made").map_err(|e| e.to_string())
        };
        let a = build_once("equibench-cache-test", "thing.o", key.as_bytes(), build).unwrap();
        let b = build_once("equibench-cache-test", "thing.o", key.as_bytes(), build).unwrap();
        assert_eq!(a, b);
        assert_eq!(builds.get(), 1);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "made");
        let other = format!("{key} other");
        let c = build_once("equibench-cache-test", "thing.o", other.as_bytes(), build).unwrap();
        assert_ne!(a, c);
        assert_eq!(builds.get(), 2);
        let failed = build_once("equibench-cache-test", "x", b"never built", |_| {
            Err("the compiler said no".to_string())
        });
        assert_eq!(failed, Err("the compiler said no".to_string()));
        for p in [a, c] {
            std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
        }
        let never = std::env::temp_dir().join(format!(
            "equibench-cache-test-{}",
            &sha256_hex(b"never built")[..16]
        ));
        assert!(!never.join("x").exists());
        let _ = std::fs::remove_dir_all(never);
    }
}
