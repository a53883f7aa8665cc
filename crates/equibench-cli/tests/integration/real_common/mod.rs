// Each test binary uses a different part of this module.
#![allow(dead_code)]

//! Helpers for the tests that drive the real `equibench` binary over the real categories (every
//! category in `default_registry()`, so a category registered later is covered without editing the
//! tests). A missing tool fails the test with its name, never skips it.

use equibench_core::{CategoryName, Tools};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, SystemTime};

/// The `equibench` binary Cargo built for these tests.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_equibench"))
}

/// The descriptor of a registered category.
pub fn descriptor(category: CategoryName) -> equibench_core::CategoryDescriptor {
    *equibench_cli::default_registry()
        .descriptor(category)
        .expect("a registered category")
}

/// Every category compiled into the binary, in the registry's order.
pub fn registered() -> Vec<CategoryName> {
    let names = equibench_cli::default_registry().names();
    assert!(
        !names.is_empty(),
        "default_registry() holds no category: nothing to test"
    );
    names
}

/// Fail (naming each one) when a tool some registered category needs is missing, so that a machine
/// without the tools reports why instead of passing or skipping.
pub fn require_tools(categories: &[CategoryName]) {
    let registry = equibench_cli::default_registry();
    let tools = Tools::new();
    let mut missing = Vec::new();
    for cat in categories {
        let category = registry.get(*cat).expect("a registered category");
        for spec in category.required_tools() {
            if let Err(e) = tools.get(spec) {
                missing.push(format!("{cat} needs {}: {e}", spec.label()));
            }
        }
        for package in category.venv_packages() {
            if let Err(e) = tools.venv_package(package) {
                missing.push(format!("{cat} needs {}: {e}", package.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "real tools are missing (install them with scripts/setup.sh):\n{}",
        missing.join("\n")
    );
}

/// `equibench --quiet ARGS...` with its output captured.
pub fn equibench(args: &[&str]) -> Output {
    Command::new(bin())
        .arg("--quiet")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", bin().display()))
}

/// Both streams of a finished command, for assertion messages.
pub fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Assert that a command exited 0, showing what it printed otherwise (a missing tool is named there).
pub fn assert_ok(out: &Output, what: &str) {
    assert!(out.status.success(), "{what} failed: {}", describe(out));
}

/// The build arguments every variant of a test shares.
pub fn build_args(out: &Path, pairs: usize, seed: u64, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "build".to_string(),
        "--pairs".into(),
        pairs.to_string(),
        "--seed".into(),
        seed.to_string(),
        "--out".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// `equibench --quiet build ...` into `out`; panics (with the CLI's own messages) unless it exits 0.
pub fn build(out: &Path, pairs: usize, seed: u64, extra: &[&str]) -> Output {
    let args = build_args(out, pairs, seed, extra);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = equibench(&refs);
    assert_ok(&o, &format!("equibench build {}", args.join(" ")));
    o
}

/// The files that must be byte-identical between two builds of one request: `pairs.jsonl` and the
/// harness export of every category.
pub fn output_files(dir: &Path, categories: &[CategoryName]) -> Vec<(String, Vec<u8>)> {
    let mut names = vec!["pairs.jsonl".to_string()];
    names.extend(
        categories
            .iter()
            .map(|c| format!("{}/pairs.json", descriptor(*c).harness_dir)),
    );
    names
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(&f))
                .unwrap_or_else(|e| panic!("{}/{f}: {e}", dir.display()));
            (f, bytes)
        })
        .collect()
}

/// Assert two outputs are byte-identical, naming the first file and line that differ (the files
/// are too large to print whole).
pub fn assert_same_output(a: &Path, b: &Path, categories: &[CategoryName], what: &str) {
    for ((name, x), (_, y)) in output_files(a, categories)
        .into_iter()
        .zip(output_files(b, categories))
    {
        if x == y {
            continue;
        }
        let (xs, ys) = (String::from_utf8_lossy(&x), String::from_utf8_lossy(&y));
        let first = xs
            .lines()
            .zip(ys.lines())
            .position(|(l, r)| l != r)
            .unwrap_or_else(|| xs.lines().count().min(ys.lines().count()));
        let clip = |s: Option<&str>| s.unwrap_or("<none>").chars().take(400).collect::<String>();
        panic!(
            "{what}: {name} differs ({} vs {} bytes), first at line {}:\n  {}\n  {}",
            x.len(),
            y.len(),
            first + 1,
            clip(xs.lines().nth(first)),
            clip(ys.lines().nth(first))
        );
    }
}

/// Pairs per category in an output, checked to be the balanced amount asked for.
pub fn assert_every_category_built(dir: &Path, categories: &[CategoryName], pairs: usize) {
    let made = equibench_core::output::read_pairs(dir).expect("pairs.jsonl reads back");
    for cat in categories {
        let eq = made
            .iter()
            .filter(|p| p.category == *cat && p.equivalent)
            .count();
        let ineq = made
            .iter()
            .filter(|p| p.category == *cat && !p.equivalent)
            .count();
        assert_eq!(
            (eq, ineq),
            (pairs / 2, pairs / 2),
            "{cat}: made {eq} equivalent + {ineq} inequivalent pairs, asked for {pairs}"
        );
    }
}

/// Lines of a journal that start an entry of `kind` (`pair`, `block_done`).
pub fn journal_entries(journal: &Path, kind: &str) -> usize {
    let prefix = format!("{{\"{kind}\"");
    std::fs::read_to_string(journal)
        .map(|t| t.lines().filter(|l| l.starts_with(&prefix)).count())
        .unwrap_or(0)
}

/// Pairs per category of the shared reference build: one block of each category, both labels.
pub const SHARED_PAIRS: usize = 2;
/// The seed of the shared reference build.
pub const SHARED_SEED: u64 = 20_260_123;

/// One `--jobs 2` build of every registered category ([`SHARED_PAIRS`] pairs, [`SHARED_SEED`]),
/// made once per test run and shared by the tests that compare other builds with it (jobs, kill
/// and resume, stops, CPU hogs) or read it (tamper, eval, report): read only, copy it with
/// [`copy_dir`] to change it.
pub fn shared_reference() -> PathBuf {
    shared("reference-every-category", |dir| {
        let categories = registered();
        require_tools(&categories);
        let started = std::time::Instant::now();
        build(dir, SHARED_PAIRS, SHARED_SEED, &["--jobs", "2"]);
        eprintln!("shared reference build: {:.1?}", started.elapsed());
        assert_every_category_built(dir, &categories, SHARED_PAIRS);
    })
}

/// The shared reference exported as a Hugging Face dataset (`hf/`) and imported back
/// (`restored/`), made once per test run: the Hugging Face export test reads both, and the tamper
/// test audits copies of `restored/`, so the audit it confirms the untouched pairs with is also
/// the audit of an import (one audit instead of two of the same bytes). Read only.
pub fn imported_reference() -> PathBuf {
    shared("reference-exported-and-imported", |dir| {
        let reference = shared_reference();
        let (hf, restored) = (dir.join("hf"), dir.join("restored"));
        let path = |p: &Path| p.display().to_string();
        assert_ok(
            &equibench(&[
                "export",
                &path(&reference),
                "--format",
                "hf",
                "--out",
                &path(&hf),
            ]),
            "export --format hf",
        );
        assert_ok(
            &equibench(&["import", &path(&hf), "--out", &path(&restored)]),
            "import",
        );
    })
}

/// Where this test run's shared fixtures live. nextest runs every test in a process of its own, so
/// a fixture made once per run is kept on disk, under the run's id (`NEXTEST_RUN_ID`; the process
/// id under `cargo test`, whose tests share one process) and the identity of the `equibench`
/// binary that made it (its size and modification time), so no fixture outlives its run or the
/// binary it came from.
fn run_dir() -> PathBuf {
    let run =
        std::env::var("NEXTEST_RUN_ID").unwrap_or_else(|_| format!("pid-{}", std::process::id()));
    let meta = std::fs::metadata(bin())
        .unwrap_or_else(|e| panic!("the equibench binary {}: {e}", bin().display()));
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("shared-fixtures")
        .join(format!("{run}-bin-{}-{modified}", meta.len()))
}

/// The fixture `name`, a directory made by `make` once per test run and shared by every test (and
/// test process) that asks: the first one makes it while the others wait on a file lock. `make`
/// writes into a scratch directory (which does not exist yet) that is renamed into place only when
/// it returns, so a fixture is never seen half made; a `make` that panics leaves no fixture, and
/// the next test to ask makes it again (and fails with its own message). Read only: copy it with
/// [`copy_dir`] to change it.
pub fn shared(name: &str, make: impl FnOnce(&Path)) -> PathBuf {
    let root = run_dir();
    std::fs::create_dir_all(&root).unwrap();
    let mut lock = fd_lock::RwLock::new(File::create(root.join(format!("{name}.lock"))).unwrap());
    // Held until this function returns, or released by the kernel when the process dies.
    let _held = lock.write().unwrap();
    let dir = root.join(name);
    if !dir.exists() {
        let scratch = root.join(format!("{name}.partial"));
        let _ = std::fs::remove_dir_all(&scratch);
        make(&scratch);
        std::fs::rename(&scratch, &dir).unwrap();
        forget_old_runs(&root);
    }
    dir
}

/// Remove the fixtures of other runs last touched more than a day ago.
fn forget_old_runs(current: &Path) {
    let Some(Ok(entries)) = current.parent().map(std::fs::read_dir) else {
        return;
    };
    let day_ago = SystemTime::now() - Duration::from_secs(24 * 3600);
    for e in entries.flatten() {
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t < day_ago);
        if old && e.path() != current {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Copy a directory tree of plain files (a build output) to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}
