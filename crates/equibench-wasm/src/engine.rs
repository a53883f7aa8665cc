//! The reference engine: wasmtime, through its Python bindings (`tools/wasm_run.py`), run in the
//! core sandbox since the modules are generated programs. One batch is one sandboxed process: the
//! interpreter is cheap and wasmtime's import is not, so callers send many cases at once.
//!
//! A case is the input of one call (parameters, initial globals, initial memory as writes over
//! zeroes) and the memory ranges to read back; its outcome is shaped so the interpreter's can be
//! compared with it field by field ([`interpret`]).

use crate::interp::{self, Outcome, State, Val};
use crate::ir::Func;
use equibench_core::sandbox::{self, Limits, SandboxCommand, Termination};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The helper script's name inside the repository's `tools/`.
pub const SCRIPT: &str = "wasm_run.py";

/// The repository's copy of the helper, found from the checkout this crate was built in.
pub fn script_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tools")
        .join(SCRIPT)
}

/// One call's input, and what of memory to read back after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub args: Vec<Val>,
    pub globals: Vec<Val>,
    /// Writes over zeroed memory before the call.
    pub memory: Vec<(u32, Vec<u8>)>,
    /// Ranges (address, length) read back after a return.
    pub read: Vec<(u32, u32)>,
}

impl Case {
    /// The initial state this case describes, or `None` when a write falls outside memory.
    pub fn state(&self, f: &Func) -> Option<State> {
        let mut s = State::zeroed(f);
        if self.globals.len() != f.globals.len() {
            return None;
        }
        s.globals = self.globals.clone();
        for (addr, bytes) in &self.memory {
            let start = *addr as usize;
            s.memory
                .get_mut(start..start + bytes.len())?
                .copy_from_slice(bytes);
        }
        Some(s)
    }
}

/// How one call ended, as both engines report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Observed {
    Returned {
        results: Vec<Val>,
        globals: Vec<Val>,
        memory: Vec<Vec<u8>>,
    },
    /// The trap code in wasmtime's lower-case spelling.
    Trapped(String),
}

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Sandbox(#[from] sandbox::SandboxError),
    #[error("the wasmtime helper {0}")]
    Failed(String),
    #[error("the wasmtime helper refused a module: {0}")]
    BadModule(String),
    #[error("the wasmtime helper broke the protocol: {0}")]
    Protocol(String),
    #[error("the interpreter: {0}")]
    Interp(#[from] interp::InterpError),
    #[error("a case does not fit its function: {0}")]
    BadCase(String),
}

/// What the interpreter observes for `case`, in the engine's shape. `fuel` bounds loops.
pub fn interpret(f: &Func, case: &Case, fuel: u64) -> Result<Observed, EngineError> {
    let mut state = case
        .state(f)
        .ok_or_else(|| EngineError::BadCase("globals or memory writes out of range".into()))?;
    Ok(match interp::run(f, &case.args, &mut state, fuel)? {
        Outcome::Trapped(t) => Observed::Trapped(t.code().to_string()),
        Outcome::Returned(results) => Observed::Returned {
            results,
            globals: state.globals.clone(),
            memory: case
                .read
                .iter()
                .map(|&(a, n)| {
                    let (a, n) = (a as usize, n as usize);
                    state.memory.get(a..a + n).unwrap_or_default().to_vec()
                })
                .collect(),
        },
    })
}

/// Bytes as lower-case hex, two digits each (how memory is written in JSON).
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// [`hex`] read back: `None` for an odd length or a non-hex digit.
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

fn case_json(c: &Case) -> Value {
    json!({
        "args": c.args.iter().map(|v| v.signed()).collect::<Vec<_>>(),
        "globals": c.globals.iter().map(|v| v.signed()).collect::<Vec<_>>(),
        "memory": c.memory.iter().map(|(a, b)| json!([a, hex(b)])).collect::<Vec<_>>(),
        "read": c.read.iter().map(|(a, n)| json!([a, n])).collect::<Vec<_>>(),
    })
}

/// wasmtime made reachable from the sandbox. The project virtualenv lives under a home directory
/// the sandbox's private uid cannot enter, so the `wasmtime` package (pure Python over its own
/// shared library) is copied once into a world-readable scratch directory, removed on drop, and
/// the system Python imports it from there.
pub struct Wasmtime {
    package_root: tempfile::TempDir,
    python: PathBuf,
    /// The package's version, as the virtualenv's metadata gives it.
    pub version: String,
    script: PathBuf,
}

impl Wasmtime {
    /// `venv_python` locates the installed package (trusted: it only prints a path);
    /// `sandbox_python` runs the helper inside the sandbox.
    pub fn new(
        venv_python: &Path,
        sandbox_python: &Path,
        script: &Path,
    ) -> Result<Self, EngineError> {
        let out = std::process::Command::new(venv_python)
            .args(["-c", "import os, wasmtime, importlib.metadata as m; print(os.path.dirname(wasmtime.__file__)); print(m.version('wasmtime'))"])
            .output()
            .map_err(|e| EngineError::Failed(format!("cannot locate the wasmtime package: {e}")))?;
        if !out.status.success() {
            return Err(EngineError::Failed(format!(
                "cannot import wasmtime in the project virtualenv: {}",
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let mut lines = text.lines();
        let package = PathBuf::from(lines.next().unwrap_or_default().trim());
        let version = lines.next().unwrap_or("unknown").trim().to_string();
        let root = tempfile::Builder::new()
            .prefix("equibench-wasmtime-")
            .tempdir()
            .map_err(|e| EngineError::Failed(format!("scratch directory: {e}")))?;
        copy_tree(&package, &root.path().join("wasmtime"))
            .and_then(|()| open_up(root.path()))
            .map_err(|e| EngineError::Failed(format!("copying the wasmtime package: {e}")))?;
        Ok(Wasmtime {
            package_root: root,
            python: sandbox_python.to_path_buf(),
            version,
            script: script.to_path_buf(),
        })
    }

    /// The wasmtime version and what it observed for every case of every module, in order.
    pub fn run(
        &self,
        jobs: &[(&Func, &[Case])],
    ) -> Result<(String, Vec<Vec<Observed>>), EngineError> {
        let observed = run_wasmtime(&self.python, &self.script, self.package_root.path(), jobs)?;
        Ok((self.version.clone(), observed))
    }
}

/// Copy a directory tree (files and folders only; the package has no links).
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            if entry.file_name() != "__pycache__" {
                copy_tree(&entry.path(), &target)?;
            }
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Make a tree readable (and its folders enterable) by every uid, for the sandbox's.
fn open_up(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path)?;
    let mode = if meta.is_dir() { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(path)? {
            open_up(&entry?.path())?;
        }
    }
    Ok(())
}

fn run_wasmtime(
    python: &Path,
    script: &Path,
    package_root: &Path,
    jobs: &[(&Func, &[Case])],
) -> Result<Vec<Vec<Observed>>, EngineError> {
    let mut modules = Vec::new();
    for (f, cases) in jobs {
        let wat = crate::wat::print(f).map_err(|e| EngineError::BadModule(e.to_string()))?;
        modules.push(json!({"wat": wat, "calls": cases.iter().map(case_json).collect::<Vec<_>>()}));
    }
    let request = serde_json::to_vec(&json!({ "modules": modules }))
        .map_err(|e| EngineError::Protocol(e.to_string()))?;
    let limits = Limits {
        wall: Duration::from_secs(300),
        cpu_seconds: Some(300),
        // wasmtime reserves gigabytes of address space per memory for its guard pages.
        address_space: None,
        stdout_cap: 256 << 20,
        ..Limits::default()
    };
    let cmd = SandboxCommand::new(python.display().to_string())
        .copy_file(SCRIPT, script, false)
        .arg(SCRIPT)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONNOUSERSITE", "1")
        .env("PYTHONPATH", package_root.display().to_string())
        .stdin(request)
        .limits(limits);
    let out = sandbox::run(&cmd)?;
    if out.termination != Termination::Exited(0) {
        return Err(EngineError::Failed(format!(
            "{}: {}",
            out.describe(),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let answer: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        EngineError::Protocol(format!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
    })?;
    if let Some(e) = answer.get("error") {
        return Err(EngineError::BadModule(e.to_string()));
    }
    let per_module = answer["modules"]
        .as_array()
        .ok_or_else(|| EngineError::Protocol("no modules".into()))?;
    if per_module.len() != jobs.len() {
        return Err(EngineError::Protocol("wrong number of modules".into()));
    }
    let mut all = Vec::new();
    for ((f, cases), answers) in jobs.iter().zip(per_module) {
        let answers = answers
            .as_array()
            .filter(|a| a.len() == cases.len())
            .ok_or_else(|| EngineError::Protocol("wrong number of calls".into()))?;
        all.push(
            answers
                .iter()
                .map(|a| observed(f, a))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    Ok(all)
}

fn observed(f: &Func, a: &Value) -> Result<Observed, EngineError> {
    let bad = || EngineError::Protocol(format!("bad answer {a}"));
    if let Some(code) = a.get("trap") {
        return Ok(Observed::Trapped(
            code.as_str().ok_or_else(bad)?.to_string(),
        ));
    }
    let ints = |key: &str| -> Result<Vec<i64>, EngineError> {
        a[key]
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|v| v.as_i64().ok_or_else(bad))
            .collect()
    };
    let results = ints("results")?;
    let globals = ints("globals")?;
    if results.len() != f.results.len() || globals.len() != f.globals.len() {
        return Err(bad());
    }
    Ok(Observed::Returned {
        results: results
            .iter()
            .zip(&f.results)
            .map(|(&v, &t)| Val::from_signed(t, v))
            .collect(),
        globals: globals
            .iter()
            .zip(&f.globals)
            .map(|(&v, &t)| Val::from_signed(t, v))
            .collect(),
        memory: a["memory"]
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|m| m.as_str().and_then(unhex).ok_or_else(bad))
            .collect::<Result<_, _>>()?,
    })
}
