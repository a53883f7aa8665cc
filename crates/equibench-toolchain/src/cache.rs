//! What clang and the other deterministic tools make, kept so that it is made once per machine
//! rather than once per process: artefacts (CUDA's CPU runtime object, x86-64's native harness,
//! [`build_once`]) and the output bytes of one tool run ([`output_once`]: a corpus compiled to
//! assembly or a module reoptimised by wasm-opt, which every build process of a category repeated
//! before). Both live under the system temporary directory, named by a digest of everything they
//! are made from: a change of input, tool or flags makes anew, and a process that finds the
//! result reuses it.
//!
//! Both live in one folder of the user's own, `<temp>/equibench-cache-<uid>` ([`root`]), only they
//! may write to: a harness kept there is executed and an output read back as a tool's, so a folder
//! another user made first (on a shared machine, where the temporary directory is everyone's)
//! could otherwise hand a build forged ones. A folder that is not private to the user is not used:
//! the process keeps what it makes in a private folder of its own instead.
//!
//! Each writer writes into a scratch file or directory of its own beside the final one and renames
//! it into place, so processes and threads that make the same thing at once race harmlessly (a
//! rename is atomic: a reader sees nothing or a whole file).

use equibench_core::pair::sha256_hex;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::UNIX_EPOCH;

/// Set to `off` (or `0`), tool outputs are neither read from nor written to the cache: every run
/// happens (to time a cold build, or to rule the cache out).
pub const OUTPUT_CACHE_ENV: &str = "EQUIBENCH_TOOL_OUTPUT_CACHE";

/// The folder everything kept lives under: `<temp>/equibench-cache-<uid>`, made with mode 0700 if
/// it does not exist, and used only if it is a real folder (not a link) owned by this user that
/// no one else may write to; otherwise (someone else made it, or loosened it) a private folder of
/// this process's own, so that nothing is shared with a folder another user could write to.
pub fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let uid = equibench_core::sandbox::effective_uid();
        let shared = std::env::temp_dir().join(format!("equibench-cache-{uid}"));
        let _ = std::fs::DirBuilder::new().mode(0o700).create(&shared);
        if private_to(&shared, uid) {
            return shared;
        }
        // Kept for the process's life (and left behind: one small folder, in the rare case). Never
        // the folder just refused, even if no private one can be made (then nothing can be kept).
        tempfile::Builder::new()
            .prefix("equibench-cache-own-")
            .tempdir()
            .map_or_else(
                |_| shared.with_file_name(format!("equibench-cache-{uid}-{}", std::process::id())),
                tempfile::TempDir::keep,
            )
    })
}

/// Whether `dir` is a folder (not a link to one) owned by `uid` that no other user may write to.
pub fn private_to(dir: &Path, uid: u32) -> bool {
    std::fs::symlink_metadata(dir)
        .is_ok_and(|m| m.file_type().is_dir() && m.uid() == uid && m.mode() & 0o022 == 0)
}

/// `file`, built by `build` unless a build from the same `key` is already kept: the path of
/// `<root>/<scope>-<digest of key>/<file>` ([`root`]). `build` gets the path to write its output to and
/// returns why it could not (a compiler's message); the error says which artefact failed.
pub fn build_once(
    scope: &str,
    file: &str,
    key: &[u8],
    build: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let dir = root().join(format!("{scope}-{}", &sha256_hex(key)[..16]));
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

/// What identifies an installed tool for [`output_once`]'s key: its resolved path, size and
/// modification time (what ccache's default compiler check reads), so an upgraded or rebuilt tool
/// makes anew. Headers a compiler reads are not in it: they come with the compiler's package (the
/// corpora include only `<stdint.h>`), and an upgrade of that package changes the binary too.
pub fn tool_identity(tool: &Path) -> Vec<u8> {
    let resolved = std::fs::canonicalize(tool).unwrap_or_else(|_| tool.to_path_buf());
    let mut id = resolved.display().to_string().into_bytes();
    if let Ok(meta) = std::fs::metadata(&resolved) {
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        id.extend(format!("\0{}\0{modified}", meta.len()).as_bytes());
    }
    id
}

/// A key for [`output_once`] from its parts, each preceded by its length, so that no two different
/// lists of parts give the same bytes (a module or a path may hold any byte).
pub fn key(parts: &[&[u8]]) -> Vec<u8> {
    let mut key = Vec::new();
    for part in parts {
        key.extend((part.len() as u64).to_le_bytes());
        key.extend(*part);
    }
    key
}

/// The bytes `run` makes, unless a run from the same `key` (every input of a deterministic tool
/// run: the tool's [`tool_identity`], its arguments, the input's bytes) already kept them under
/// `<root>/<scope>/<digest of key>` ([`root`]). Only a success is kept: a failure or a timeout is the
/// caller's to count, and is asked again next time. Each file holds the sha256 of its bytes
/// before them, and a file that does not match (cut short by a full disk, changed by hand) is
/// made again: the cache can cost a run, never change a result. Processes that miss one key at
/// once make it once. A cache that cannot be written only loses the saving; [`OUTPUT_CACHE_ENV`]
/// turns it off.
pub fn output_once<E>(
    scope: &str,
    key: &[u8],
    run: impl FnOnce() -> Result<Vec<u8>, E>,
) -> Result<Vec<u8>, E> {
    let off = std::env::var(OUTPUT_CACHE_ENV).is_ok_and(|v| v == "off" || v == "0");
    if off {
        return run();
    }
    let dir = root().join(scope);
    let digest = sha256_hex(key);
    let file = dir.join(&digest);
    let read = || std::fs::read(&file).ok().and_then(|b| checked(&b));
    if let Some(kept) = read() {
        return Ok(kept);
    }
    // Test processes start together and compile the same corpus at once: the first to miss a key
    // makes it while the others wait on its lock (one of 256, by the digest's first byte) and then
    // read it, instead of all making it. A lock that cannot be had only loses the saving.
    let mut lock = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::File::create(dir.join(format!("lock-{}", &digest[..2]))))
        .ok()
        .map(fd_lock::RwLock::new);
    let _held = lock.as_mut().and_then(|l| l.write().ok());
    if let Some(kept) = read() {
        return Ok(kept);
    }
    let made = run()?;
    let _ = keep(&dir, &file, &made);
    Ok(made)
}

/// The bytes of a kept file when its digest line matches them.
fn checked(file: &[u8]) -> Option<Vec<u8>> {
    let newline = file.iter().position(|b| *b == b'\n')?;
    let (digest, bytes) = (&file[..newline], &file[newline + 1..]);
    (digest == sha256_hex(bytes).as_bytes()).then(|| bytes.to_vec())
}

/// Write `bytes` (after their digest) to `file` through a scratch file renamed into place.
fn keep(dir: &Path, file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut scratch = tempfile::NamedTempFile::new_in(dir)?;
    scratch.write_all(sha256_hex(bytes).as_bytes())?;
    scratch.write_all(b"\n")?;
    scratch.write_all(bytes)?;
    scratch.persist(file).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn built_and_output_once_per_key_anew_for_another_and_again_when_damaged() {
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
        let never = root().join(format!(
            "equibench-cache-test-{}",
            &sha256_hex(b"never built")[..16]
        ));
        assert!(!never.join("x").exists());
        let _ = std::fs::remove_dir_all(never);

        // Output bytes: once per key, only a success kept, a damaged file made again.
        let scope = format!("equibench-output-cache-test-{}", std::process::id());
        let runs = Cell::new(0);
        let run = |bytes: &'static [u8]| {
            runs.set(runs.get() + 1);
            Ok::<_, String>(bytes.to_vec())
        };
        assert_eq!(
            output_once(&scope, b"k1", || run(b"first")).unwrap(),
            b"first"
        );
        assert_eq!(
            output_once(&scope, b"k1", || run(b"other")).unwrap(),
            b"first"
        );
        assert_eq!(runs.get(), 1);
        assert_eq!(
            output_once(&scope, b"k2", || run(b"second")).unwrap(),
            b"second"
        );
        assert_eq!(runs.get(), 2);
        // A failure is the caller's and is not kept.
        let failed = output_once(&scope, b"k3", || Err::<Vec<u8>, _>("no".to_string()));
        assert_eq!(failed, Err("no".to_string()));
        assert_eq!(
            output_once(&scope, b"k3", || run(b"third")).unwrap(),
            b"third"
        );
        // A kept file cut short or changed is made again, never returned.
        let kept = root().join(&scope).join(sha256_hex(b"k1"));
        let whole = std::fs::read(&kept).unwrap();
        std::fs::write(&kept, &whole[..whole.len() - 1]).unwrap();
        assert_eq!(
            output_once(&scope, b"k1", || run(b"first")).unwrap(),
            b"first"
        );
        assert_eq!(runs.get(), 4);
        assert_eq!(std::fs::read(&kept).unwrap(), whole);
        std::fs::write(&kept, b"garbage").unwrap();
        assert_eq!(
            output_once(&scope, b"k1", || run(b"first")).unwrap(),
            b"first"
        );
        assert_eq!(runs.get(), 5);
        std::fs::remove_dir_all(root().join(&scope)).unwrap();

        // Keys of different parts differ even where the parts' bytes, run together, agree.
        let parts = |a: &[u8], b: &[u8]| super::key(&[a, b]);
        assert_ne!(parts(b"ab", b"c"), parts(b"a", b"bc"));

        // A tool's identity changes with its file.
        let dir = tempfile::tempdir().unwrap();
        let tool = dir.path().join("tool");
        std::fs::write(&tool, "one").unwrap();
        let before = tool_identity(&tool);
        assert_eq!(before, tool_identity(&tool));
        std::fs::write(&tool, "longer").unwrap();
        assert_ne!(before, tool_identity(&tool));
    }

    #[test]
    fn only_a_folder_of_the_users_own_that_no_one_else_may_write_to_is_used() {
        use std::os::unix::fs::PermissionsExt;
        let me = equibench_core::sandbox::effective_uid();
        let kept = root();
        assert!(private_to(kept, me), "{}", kept.display());
        assert_eq!(
            std::fs::metadata(kept).unwrap().permissions().mode() & 0o777,
            0o700
        );
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(private_to(&folder, me));
        for loose in [0o777, 0o775, 0o757] {
            std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(loose)).unwrap();
            assert!(!private_to(&folder, me), "mode {loose:o}");
        }
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert!(!private_to(&folder, me + 1), "another user's");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&folder, &link).unwrap();
        assert!(!private_to(&link, me), "a link to a private folder");
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        assert!(!private_to(&file, me), "a file");
        assert!(!private_to(&dir.path().join("missing"), me));
    }
}
