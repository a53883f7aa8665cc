//! The external tools and virtualenv packages are declared by the category crates (issue 28): the
//! registry of the binary holds every one of them, `scripts/setup.sh` installs what they say
//! installs them, the real tools are found, and the core and the CLI name none of them.

use equibench_core::{Install, Tools};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The words of the bash array `NAME=( ... )` in scripts/setup.sh (comments dropped, quotes
/// removed).
fn setup_array(name: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo().join("scripts/setup.sh")).unwrap();
    let start = text
        .find(&format!("{name}=("))
        .unwrap_or_else(|| panic!("no {name} in scripts/setup.sh"));
    let body = &text[start + name.len() + 2..];
    let body = &body[..body.find("\n)").expect("the array is closed")];
    body.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(|w| w.trim_matches('"').to_string())
        .collect()
}

#[test]
fn the_binary_declares_the_tools_it_always_had() {
    let registry = equibench_cli::default_registry();
    let overrides: BTreeSet<&str> = registry
        .tools()
        .iter()
        .map(|t| t.what.env_override)
        .collect();
    let expected: BTreeSet<&str> = [
        "EQUIBENCH_CSMITH",
        "EQUIBENCH_CLANG",
        "EQUIBENCH_GCC",
        "EQUIBENCH_Z3",
        "EQUIBENCH_CVC5",
        "EQUIBENCH_PYTHON",
        "EQUIBENCH_SANDBOX_PYTHON",
        "EQUIBENCH_WASM_LD",
        "EQUIBENCH_WASM_OPT",
    ]
    .into();
    assert_eq!(overrides, expected);
    let packages: Vec<&str> = registry
        .venv_packages()
        .iter()
        .map(|p| p.what.name)
        .collect();
    assert!(packages.contains(&"apache-tvm"), "{packages:?}");
}

/// README's set-up section names the tool overrides of the binary, all of them and no other, so
/// the page cannot fall behind the registry again (it listed 7 of 9).
#[test]
fn the_readme_lists_every_tool_override_of_the_binary() {
    let registry = equibench_cli::default_registry();
    let declared: BTreeSet<&str> = registry
        .tools()
        .iter()
        .map(|t| t.what.env_override)
        .collect();
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme
        .find("Tool locations can be overridden with")
        .expect("README says which tool overrides there are");
    let end = start
        + readme[start..]
            .find("(the overrides of the categories compiled in")
            .expect("the list of overrides ends");
    let listed: BTreeSet<&str> = readme[start..end]
        .split('`')
        .filter(|w| w.starts_with("EQUIBENCH_"))
        .collect();
    assert_eq!(listed, declared);
}

#[test]
fn setup_installs_every_declared_tool_and_package_and_each_is_found() {
    let registry = equibench_cli::default_registry();
    let apt = setup_array("APT_PACKAGES");
    let pip = setup_array("PY_PACKAGES");
    let tools = Tools::new();
    let mut problems = Vec::new();
    for t in registry.tools() {
        if let Install::Debian(pkgs) = t.what.install {
            for p in pkgs.split_whitespace().filter(|p| !apt.contains(*p)) {
                problems.push(format!(
                    "{}: setup.sh does not install `{p}`",
                    t.what.label()
                ));
            }
        }
        match tools.get(t.what) {
            Ok(info) if info.version.starts_with(|c: char| c.is_ascii_digit()) => {}
            Ok(info) => problems.push(format!("{}: odd version {info:?}", t.what.label())),
            Err(e) => problems.push(e.to_string()),
        }
    }
    for p in registry.venv_packages() {
        if !pip.contains(p.what.pip) {
            problems.push(format!(
                "{}: setup.sh does not install `{}`",
                p.what.name, p.what.pip
            ));
        }
        if let Err(e) = tools.venv_package(p.what) {
            problems.push(e.to_string());
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // LLVM 19 is what the DCE category's inkwell links; its clang must match.
    let clang = registry
        .tools()
        .into_iter()
        .find(|t| t.what.name == "clang")
        .expect("clang is declared");
    assert!(tools.get(clang.what).unwrap().version.starts_with("19."));
}

/// The packages that read the exports are installed by the setup script and found, like the
/// categories' own.
#[test]
fn setup_installs_the_export_readers_and_each_is_found() {
    let pip = setup_array("PY_PACKAGES");
    let tools = Tools::new();
    for (package, format) in equibench_export::venv::packages() {
        assert!(
            pip.contains(package.pip),
            "{} (for --format {format}): setup.sh does not install `{}`",
            package.name,
            package.pip
        );
        if let Err(e) = tools.venv_package(package) {
            panic!("{e}");
        }
    }
}

/// The source of `dir`'s `.rs` files, each up to its first `#[cfg(test)]` (unit tests may quote
/// real tools' banners).
fn sources_outside_tests(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources_outside_tests(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let end = text.find("#[cfg(test)]").unwrap_or(text.len());
            out.push((path, text[..end].to_lowercase()));
        }
    }
    out
}

#[test]
fn the_core_and_the_cli_name_no_category_nor_its_tools_packages_or_data_folders() {
    let registry = equibench_cli::default_registry();
    let mut words: BTreeSet<String> = ["csmith", "clang", "gcc", "z3", "cvc5", "tvm", "minifier"]
        .map(String::from)
        .into();
    // Whatever the categories declare (the project virtualenv's Python is the core's own).
    for t in registry.tools() {
        if t.what.name != equibench_core::VENV_PYTHON.name {
            words.insert(t.what.name.to_lowercase());
        }
    }
    for p in registry.venv_packages() {
        words.insert(p.what.name.to_lowercase());
    }
    for f in registry.data_folders() {
        words.insert(format!("data/{f}"));
        words.insert(format!("\"{f}\""));
    }
    // Nor a category: every spelling of every registered one, and the corpora they draw from.
    words.insert("codenet".into());
    for name in registry.names() {
        let d = registry.descriptor(name).unwrap();
        for spelling in [d.name, d.cli_name, d.harness_dir]
            .into_iter()
            .chain(d.aliases.iter().copied())
        {
            words.insert(spelling.to_lowercase());
        }
    }
    let mut found = Vec::new();
    for dir in ["crates/equibench-core/src", "crates/equibench-cli/src"] {
        for (path, text) in sources_outside_tests(&repo().join(dir)) {
            for w in &words {
                if text.contains(w.as_str()) {
                    found.push(format!("{} names `{w}`", path.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// All of the workspace's `unsafe` is in the sandbox crate: every other crate forbids it at every
/// root the compiler starts from (library, binaries, examples, benches, integration tests), so the
/// compiler refuses any that creeps in; an example is its own crate, and a check of `lib.rs` alone
/// missed one.
#[test]
fn only_the_sandbox_crate_may_hold_unsafe_code() {
    let mut missing = Vec::new();
    let mut roots_seen = 0;
    for entry in std::fs::read_dir(repo().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        if dir.file_name().is_some_and(|n| n == "equibench-sandbox") {
            continue;
        }
        for path in crate_roots(&dir) {
            roots_seen += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains("#![forbid(unsafe_code)]") {
                missing.push(path.display().to_string());
            }
        }
    }
    assert!(roots_seen > 20, "only {roots_seen} crate roots found");
    assert!(
        missing.is_empty(),
        "no #![forbid(unsafe_code)] in {missing:?}"
    );
}

/// The files cargo compiles as crate roots of the package in `dir`: `src/lib.rs`, `src/main.rs`,
/// `src/bin/*.rs`, and under `examples/`, `benches/` and `tests/` each `*.rs` file and each
/// folder's `main.rs`.
fn crate_roots(dir: &Path) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["src/lib.rs", "src/main.rs"]
        .iter()
        .map(|r| dir.join(r))
        .filter(|p| p.is_file())
        .collect();
    for sub in ["src/bin", "examples", "benches", "tests"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                let main = path.join("main.rs");
                if main.is_file() {
                    roots.push(main);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                roots.push(path);
            }
        }
    }
    roots
}
