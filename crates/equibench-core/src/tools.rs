//! Finding the external tools and recording their exact versions for provenance.
//!
//! The core knows no tool by name: each category crate declares the programs it runs as
//! [`ToolSpec`] statics (and the packages of the project virtualenv it imports as [`VenvPackage`]s)
//! and returns them from [`Category::required_tools`](crate::Category::required_tools), so that a
//! new category with a new tool edits nothing outside its crate. The registry checks that two
//! categories declaring the same tool declare it alike; `doctor`, the build's up-front check and the
//! datasheet all read the declarations from there.
//!
//! Each tool is looked up once per process: its env override first (`EQUIBENCH_...`), then its
//! candidate locations. A missing tool is an error that names the tool and what installs it.

use crate::pair::ToolVersion;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// The command that installs everything; every missing-tool error points at it.
pub const SETUP_COMMAND: &str = "scripts/setup.sh";

/// An external program a category runs, declared as a `static` by the crate that needs it: how to
/// find it, how to read its version and what installs it. Two categories may declare the same tool
/// (the same `env_override`) only if their declarations are equal, which the registry checks.
#[derive(Debug, PartialEq, Eq)]
pub struct ToolSpec {
    /// The name recorded in provenance (`ToolVersion::name`); two tools may share it (two Pythons).
    pub name: &'static str,
    /// What sets this tool apart from another of the same name, shown after it in `doctor` and the
    /// datasheet, e.g. `project virtualenv`.
    pub role: Option<&'static str>,
    /// The environment variable that overrides the location; it identifies the tool.
    pub env_override: &'static str,
    /// Where to look, in order, when the override is unset.
    pub candidates: &'static [Location],
    /// The argument that makes it print its version.
    pub version_arg: &'static str,
    /// Where the version number is in that output.
    pub version: VersionRule,
    /// What installs it.
    pub install: Install,
}

/// A place a tool may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A program name looked up on PATH, or an absolute path.
    Path(&'static str),
    /// A path inside the project virtualenv ([`venv_dir`]), e.g. `bin/python`.
    InVirtualenv(&'static str),
}

/// How the version number is read from a tool's version text: the first word that starts with a
/// digit and contains a dot, within the part of the text the rule names.
#[derive(Debug, Clone, Copy)]
pub enum VersionRule {
    /// After `marker` on the first line that contains it; an empty marker means the first line.
    After(&'static str),
    /// The last word of the first line, for banners like `cc (Debian 12.2.0-14) 12.2.0` whose
    /// first number is the Debian revision.
    LastWord,
    /// A reader the declaring crate supplies, for banners the rules above cannot read (e.g.
    /// a banner such as `tool version 108`, a version without a dot), so that a category never
    /// needs a core change to declare its tool. Two declarations are equal when their `reader`
    /// names are (function addresses are not a reliable identity).
    Custom {
        /// Names the reader, e.g. `integer after "version"`.
        reader: &'static str,
        /// Reads the version number from the whole version text.
        read: fn(&str) -> Option<String>,
    },
}

impl PartialEq for VersionRule {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::After(a), Self::After(b)) => a == b,
            (Self::LastWord, Self::LastWord) => true,
            (Self::Custom { reader: a, .. }, Self::Custom { reader: b, .. }) => a == b,
            _ => false,
        }
    }
}

impl Eq for VersionRule {}

/// What installs a tool; [`SETUP_COMMAND`] must install it too (a test of the CLI checks it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Install {
    /// Debian packages, space-separated, for `apt-get install`.
    Debian(&'static str),
    /// [`SETUP_COMMAND`] creates it with the project virtualenv.
    Virtualenv,
}

/// A package of the project virtualenv whose version shapes pairs (it is recorded or documented),
/// declared by the category crate that imports it.
#[derive(Debug, PartialEq, Eq)]
pub struct VenvPackage {
    /// The distribution name, as `importlib.metadata.version` takes it.
    pub name: &'static str,
    /// The pip requirement that installs it: the package itself (pinned), or the package that
    /// pulls it in as a dependency.
    pub pip: &'static str,
}

/// The interpreter of the project virtualenv, which runs the categories' trusted Python helpers and
/// through which [`Tools::venv_package`] reads package versions. The core declares it because it
/// owns the virtualenv ([`venv_dir`]); a category that runs it lists it among its tools.
pub static VENV_PYTHON: ToolSpec = ToolSpec {
    name: "python",
    role: Some("project virtualenv"),
    env_override: "EQUIBENCH_PYTHON",
    candidates: &[Location::InVirtualenv("bin/python")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Virtualenv,
};

impl ToolSpec {
    /// How `doctor` and the datasheet name it: the name, and its role when it has one.
    pub fn label(&self) -> String {
        match self.role {
            Some(role) => format!("{} ({role})", self.name),
            None => self.name.to_string(),
        }
    }

    /// What installs it, for an error message.
    pub fn install_hint(&self) -> String {
        let what = match self.install {
            Install::Debian(pkgs) => format!("`apt-get install {pkgs}`"),
            Install::Virtualenv => format!("the project virtualenv in {}", venv_dir().display()),
        };
        format!(
            "run `{SETUP_COMMAND}` (it installs {what}), or set {} to its path",
            self.env_override
        )
    }

    /// The places to look when the override is unset.
    fn candidate_paths(&self) -> Vec<PathBuf> {
        self.candidates
            .iter()
            .map(|c| match c {
                Location::Path(p) => PathBuf::from(p),
                Location::InVirtualenv(p) => venv_dir().join(p),
            })
            .collect()
    }

    /// True when `other` declares a different tool under this one's identity (its env override or
    /// label): two categories would then find, record or install it differently.
    pub fn clashes_with(&self, other: &ToolSpec) -> bool {
        (self.env_override == other.env_override || self.label() == other.label()) && self != other
    }
}

/// The project virtualenv: `EQUIBENCH_VENV`, else `~/.cache/equibench/venv` (outside the checkout so
/// fresh clones reuse large wheels).
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
    /// The name recorded in provenance.
    pub name: &'static str,
    pub path: PathBuf,
    /// The bare version number, e.g. `19.1.7`.
    pub version: String,
}

impl ToolInfo {
    pub fn record(&self) -> ToolVersion {
        ToolVersion::new(self.name, self.version.clone())
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

type Lookup = Arc<OnceLock<Result<ToolInfo, ToolError>>>;

/// Tool lookups, each done at most once per tool (keyed by its env override, which the registry
/// keeps unique).
#[derive(Default)]
pub struct Tools {
    found: Mutex<BTreeMap<&'static str, Lookup>>,
    packages: Mutex<BTreeMap<String, Option<String>>>,
}

impl Tools {
    pub fn new() -> Self {
        Tools::default()
    }

    /// Find `spec` (once) and return its location and version.
    pub fn get(&self, spec: &'static ToolSpec) -> Result<ToolInfo, ToolError> {
        // The map lock is held only to find the cell, so slow probes of different tools overlap.
        let cell = self
            .found
            .lock()
            .expect("tool cache poisoned")
            .entry(spec.env_override)
            .or_default()
            .clone();
        cell.get_or_init(|| probe(spec)).clone()
    }

    /// The version of a package installed in the project virtualenv, read from its metadata
    /// without importing it.
    pub fn venv_package(&self, package: &VenvPackage) -> Result<ToolVersion, ToolError> {
        let python = self.get(&VENV_PYTHON)?;
        let mut cache = self.packages.lock().expect("tool cache poisoned");
        let version = cache.entry(package.name.to_string()).or_insert_with(|| {
            Command::new(&python.path)
                .args([
                    "-c",
                    "import sys, importlib.metadata as m; print(m.version(sys.argv[1]))",
                    package.name,
                ])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        });
        match version {
            Some(v) => Ok(ToolVersion::new(package.name, v.clone())),
            None => Err(ToolError::Missing {
                tool: "python package",
                looked: format!("{} in {}", package.name, python.path.display()),
                hint: format!(
                    "run `{SETUP_COMMAND}`, which installs `{}` into the virtualenv",
                    package.pip
                ),
            }),
        }
    }

    /// How many tools have been looked up so far (each once, found or not).
    pub fn lookups(&self) -> usize {
        self.found.lock().expect("tool cache poisoned").len()
    }
}

fn probe(spec: &'static ToolSpec) -> Result<ToolInfo, ToolError> {
    probe_from(spec, std::env::var_os(spec.env_override))
}

/// Find `spec` at `env_override` when it is set and not empty, else at its candidates, and read
/// its version (what [`Tools::get`] does once per tool, with the override from the environment).
pub fn probe_from(
    spec: &'static ToolSpec,
    env_override: Option<std::ffi::OsString>,
) -> Result<ToolInfo, ToolError> {
    let candidates: Vec<PathBuf> = match env_override {
        Some(p) if !p.is_empty() => vec![PathBuf::from(p)],
        _ => spec.candidate_paths(),
    };
    let path = candidates
        .iter()
        .find_map(|c| locate(c))
        .ok_or_else(|| ToolError::Missing {
            tool: spec.name,
            looked: candidates
                .iter()
                .map(|c| c.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            hint: spec.install_hint(),
        })?;
    let unusable = |detail: String| ToolError::Unusable {
        tool: spec.name,
        path: path.display().to_string(),
        detail,
        hint: spec.install_hint(),
    };
    // Some tools write files into their working directory even for --version.
    let out = Command::new(&path)
        .arg(spec.version_arg)
        .current_dir(std::env::temp_dir())
        .output()
        .map_err(|e| unusable(e.to_string()))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let version = parse_version(spec.version, &text).ok_or_else(|| unusable(first_line(&text)))?;
    Ok(ToolInfo {
        name: spec.name,
        path,
        version,
    })
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("no output").to_string()
}

/// The version number in a tool's version text.
pub fn parse_version(rule: VersionRule, text: &str) -> Option<String> {
    let part = match rule {
        VersionRule::Custom { read, .. } => return read(text),
        VersionRule::After("") => text.lines().next()?,
        VersionRule::After(marker) => text
            .lines()
            .find(|l| l.contains(marker))?
            .split(marker)
            .nth(1)?,
        VersionRule::LastWord => text.lines().next()?.rsplit(' ').next()?,
    };
    part.split_whitespace()
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
