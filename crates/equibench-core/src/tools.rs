//! Finding the external tools and recording their exact versions for provenance. Each tool is
//! looked up once per process: an env override first (`EQUIBENCH_CSMITH`, `EQUIBENCH_CLANG`, ...),
//! then PATH. A missing tool is an error that names the tool and the command that installs it.

use crate::pair::ToolVersion;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// The command that installs everything; every missing-tool error points at it.
pub const SETUP_COMMAND: &str = "scripts/setup.sh";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ToolId {
    /// CSmith random C program generator (Debian `csmith`).
    Csmith,
    /// clang 19 (Debian `clang-19`).
    Clang,
    /// GCC (Debian `gcc`).
    Gcc,
    /// z3 SMT solver binary (Debian `z3`).
    Z3,
    /// cvc5 SMT solver binary (Debian `cvc5`): the second opinion on x86-64 proofs.
    Cvc5,
    /// The project virtualenv's Python (TVM, python-minifier): trusted helper tools.
    VenvPython,
    /// A system-wide Python 3 that an unprivileged sandbox uid can execute: runs submissions.
    SandboxPython,
}

impl ToolId {
    pub const ALL: [ToolId; 7] = [
        ToolId::Csmith,
        ToolId::Clang,
        ToolId::Gcc,
        ToolId::Z3,
        ToolId::Cvc5,
        ToolId::VenvPython,
        ToolId::SandboxPython,
    ];

    /// The name recorded in provenance.
    pub fn name(self) -> &'static str {
        match self {
            ToolId::Csmith => "csmith",
            ToolId::Clang => "clang",
            ToolId::Gcc => "gcc",
            ToolId::Z3 => "z3",
            ToolId::Cvc5 => "cvc5",
            ToolId::VenvPython => "python",
            ToolId::SandboxPython => "python",
        }
    }

    /// The environment variable that overrides the location.
    pub fn env_override(self) -> &'static str {
        match self {
            ToolId::Csmith => "EQUIBENCH_CSMITH",
            ToolId::Clang => "EQUIBENCH_CLANG",
            ToolId::Gcc => "EQUIBENCH_GCC",
            ToolId::Z3 => "EQUIBENCH_Z3",
            ToolId::Cvc5 => "EQUIBENCH_CVC5",
            ToolId::VenvPython => "EQUIBENCH_PYTHON",
            ToolId::SandboxPython => "EQUIBENCH_SANDBOX_PYTHON",
        }
    }

    fn candidates(self) -> Vec<PathBuf> {
        match self {
            ToolId::Csmith => vec!["csmith".into()],
            ToolId::Clang => vec!["clang-19".into(), "/usr/lib/llvm-19/bin/clang".into()],
            ToolId::Gcc => vec!["gcc".into()],
            ToolId::Z3 => vec!["z3".into()],
            ToolId::Cvc5 => vec!["cvc5".into()],
            ToolId::VenvPython => vec![venv_dir().join("bin/python")],
            ToolId::SandboxPython => vec!["/usr/bin/python3".into()],
        }
    }

    /// The Debian packages that install it (None: not a system package).
    pub fn debian_packages(self) -> Option<&'static str> {
        match self {
            ToolId::Csmith => Some("csmith libcsmith-dev"),
            ToolId::Clang => Some("clang-19"),
            ToolId::Gcc => Some("gcc"),
            ToolId::Z3 => Some("z3"),
            ToolId::Cvc5 => Some("cvc5"),
            ToolId::VenvPython => None,
            ToolId::SandboxPython => Some("python3"),
        }
    }

    /// What installs it.
    pub fn install_hint(self) -> String {
        let what = match self.debian_packages() {
            Some(pkgs) => format!("`apt-get install {pkgs}`"),
            None => "the virtualenv with apache-tvm and python-minifier".to_string(),
        };
        format!(
            "run `{SETUP_COMMAND}` (it installs {what}), or set {} to its path",
            self.env_override()
        )
    }
}

/// The project virtualenv: `EQUIBENCH_VENV`, else `~/.cache/equibench/venv` (outside the checkout so
/// fresh clones reuse the large TVM wheel).
pub fn venv_dir() -> PathBuf {
    if let Some(v) = std::env::var_os("EQUIBENCH_VENV") {
        return PathBuf::from(v);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| "/root".into());
    home.join(".cache/equibench/venv")
}

/// A found tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolInfo {
    pub id: ToolId,
    pub path: PathBuf,
    /// The bare version number, e.g. `19.1.7`.
    pub version: String,
}

impl ToolInfo {
    pub fn record(&self) -> ToolVersion {
        ToolVersion::new(self.id.name(), self.version.clone())
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum ToolError {
    #[error("{tool} not found (looked for {looked}); {hint}")]
    Missing {
        tool: &'static str,
        looked: String,
        hint: String,
    },
    #[error("{tool} at {path} did not report a version ({detail}); {hint}")]
    Unusable {
        tool: &'static str,
        path: String,
        detail: String,
        hint: String,
    },
}

/// Tool lookups, each done at most once.
#[derive(Default)]
pub struct Tools {
    found: BTreeMap<ToolId, OnceLock<Result<ToolInfo, ToolError>>>,
    packages: Mutex<BTreeMap<String, Option<String>>>,
}

impl Tools {
    pub fn new() -> Self {
        Tools {
            found: ToolId::ALL.iter().map(|t| (*t, OnceLock::new())).collect(),
            packages: Mutex::new(BTreeMap::new()),
        }
    }

    /// Find `id` (once) and return its location and version.
    pub fn get(&self, id: ToolId) -> Result<&ToolInfo, ToolError> {
        self.found[&id]
            .get_or_init(|| probe(id))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The version of a package installed in the project virtualenv (e.g. `apache-tvm`), read from
    /// its metadata without importing it.
    pub fn venv_package(&self, package: &str) -> Result<ToolVersion, ToolError> {
        let python = self.get(ToolId::VenvPython)?;
        let mut cache = self.packages.lock().expect("tool cache poisoned");
        let version = cache.entry(package.to_string()).or_insert_with(|| {
            Command::new(&python.path)
                .args([
                    "-c",
                    "import sys, importlib.metadata as m; print(m.version(sys.argv[1]))",
                    package,
                ])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        });
        match version {
            Some(v) => Ok(ToolVersion::new(package, v.clone())),
            None => Err(ToolError::Missing {
                tool: "python package",
                looked: format!("{package} in {}", python.path.display()),
                hint: format!(
                    "run `{SETUP_COMMAND}`, which installs {package} into the virtualenv"
                ),
            }),
        }
    }
}

fn probe(id: ToolId) -> Result<ToolInfo, ToolError> {
    probe_from(id, std::env::var_os(id.env_override()))
}

fn probe_from(id: ToolId, env_override: Option<std::ffi::OsString>) -> Result<ToolInfo, ToolError> {
    let candidates: Vec<PathBuf> = match env_override {
        Some(p) if !p.is_empty() => vec![PathBuf::from(p)],
        _ => id.candidates(),
    };
    let path = candidates
        .iter()
        .find_map(|c| locate(c))
        .ok_or_else(|| ToolError::Missing {
            tool: id.name(),
            looked: candidates
                .iter()
                .map(|c| c.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            hint: id.install_hint(),
        })?;
    let unusable = |detail: String| ToolError::Unusable {
        tool: id.name(),
        path: path.display().to_string(),
        detail,
        hint: id.install_hint(),
    };
    // csmith writes platform.info into its working directory even for --version.
    let out = Command::new(&path)
        .arg("--version")
        .current_dir(std::env::temp_dir())
        .output()
        .map_err(|e| unusable(e.to_string()))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let version = parse_version(id, &text).ok_or_else(|| unusable(first_line(&text)))?;
    Ok(ToolInfo { id, path, version })
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("no output").to_string()
}

/// The version number in a tool's `--version` text.
fn parse_version(id: ToolId, text: &str) -> Option<String> {
    let line = match id {
        ToolId::Clang => text.lines().find(|l| l.contains("clang version"))?,
        _ => text.lines().next()?,
    };
    let after = match id {
        ToolId::Clang => line.split("clang version").nth(1)?,
        ToolId::Z3 | ToolId::Cvc5 => line.split("version").nth(1)?,
        // gcc prints `gcc (Debian 12.2.0-14+deb12u1) 12.2.0`: the last word is the version.
        ToolId::Gcc => line.rsplit(' ').next()?,
        _ => line,
    };
    after
        .split_whitespace()
        .find(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()) && w.contains('.'))
        .map(str::to_string)
}

/// An executable at `candidate` (absolute) or on PATH.
fn locate(candidate: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let is_exec = |p: &Path| {
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if candidate.components().count() > 1 {
        return is_exec(candidate).then(|| candidate.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(candidate))
        .find(|p| is_exec(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_real_version_banners() {
        assert_eq!(
            parse_version(
                ToolId::Clang,
                "Debian clang version 19.1.7 (3~deb12u1)\nTarget: x86_64"
            )
            .as_deref(),
            Some("19.1.7")
        );
        assert_eq!(
            parse_version(
                ToolId::Gcc,
                "gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright"
            )
            .as_deref(),
            Some("12.2.0")
        );
        assert_eq!(
            parse_version(ToolId::Csmith, "csmith 2.3.0\nGit version: 30dccd7").as_deref(),
            Some("2.3.0")
        );
        assert_eq!(
            parse_version(ToolId::Z3, "Z3 version 4.8.12 - 64 bit").as_deref(),
            Some("4.8.12")
        );
        assert_eq!(
            parse_version(
                ToolId::Cvc5,
                "This is cvc5 version 1.0.3\ncompiled with GCC version 12.2.0"
            )
            .as_deref(),
            Some("1.0.3")
        );
        assert_eq!(
            parse_version(ToolId::VenvPython, "Python 3.11.7").as_deref(),
            Some("3.11.7")
        );
    }

    #[test]
    fn missing_tool_names_itself_and_the_setup_command() {
        // The override points nowhere, so the lookup must fail with a helpful message.
        let err = probe_from(ToolId::Z3, Some("/nonexistent/z3".into())).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("z3 not found"), "{msg}");
        assert!(msg.contains(SETUP_COMMAND), "{msg}");
        assert!(msg.contains("EQUIBENCH_Z3"), "{msg}");
        let err = probe_from(ToolId::Cvc5, Some("/nonexistent/cvc5".into())).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("cvc5 not found"), "{msg}");
        assert!(msg.contains("apt-get install cvc5"), "{msg}");
        assert!(msg.contains("EQUIBENCH_CVC5"), "{msg}");
    }

    #[test]
    fn finds_the_installed_toolchain() {
        // setup.sh installs these; the suite runs after it.
        let tools = Tools::new();
        for id in [
            ToolId::Gcc,
            ToolId::Clang,
            ToolId::Csmith,
            ToolId::Z3,
            ToolId::Cvc5,
            ToolId::SandboxPython,
        ] {
            let info = tools.get(id).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                info.version.chars().next().unwrap().is_ascii_digit(),
                "{info:?}"
            );
        }
        assert_eq!(
            tools.get(ToolId::Clang).unwrap().version.split('.').next(),
            Some("19")
        );
    }
}
