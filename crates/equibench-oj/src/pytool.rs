//! The renaming / normalising / mutating helper, `tools/py_rename.py` (with `tools/py_mutate.py`),
//! run with the project virtualenv's Python as one long-lived process per [`PyTool`], one JSON
//! request per line. It is our own trusted code and never runs a submission (it only parses
//! them), so it runs outside the sandbox.

use equibench_core::tools::{Tools, VENV_PYTHON};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub const RENAME_SOURCE: &str = include_str!("../../../tools/py_rename.py");
pub const MUTATE_SOURCE: &str = include_str!("../../../tools/py_mutate.py");
pub const HASH_ORDER_SOURCE: &str = include_str!("../../../tools/py_hash_order.py");

/// What recorded pairs name as the renaming tool.
pub const RENAMER_NAME: &str = "tools/py_rename.py (stdlib ast + symtable)";

#[derive(Debug, thiserror::Error)]
pub enum PyToolError {
    #[error(transparent)]
    Tool(#[from] equibench_core::tools::ToolError),
    #[error("could not start tools/py_rename.py: {0}")]
    Start(std::io::Error),
    #[error("tools/py_rename.py stopped answering: {0}")]
    Died(String),
    /// The tool refused the request (a syntax error, a program it cannot rename, ...).
    #[error("{0}")]
    Refused(String),
}

/// A renamed program.
#[derive(Debug, Clone)]
pub struct Renamed {
    /// The renamed program, formatted by `ast.unparse`.
    pub code: String,
    /// The original program formatted the same way.
    pub normalized: String,
    /// old name -> new name.
    pub map: BTreeMap<String, String>,
    /// Names the program binds that were kept, and why (builtin, imported, a keyword argument,
    /// a class name an instance's default repr may show, ...).
    pub kept: BTreeMap<String, String>,
}

/// The start of every refusal of a program that uses reflection the renamer cannot follow
/// (`dir()`, `getattr` with a computed name, `**` keyword arguments, ...: see
/// `tools/py_rename.py`), as [`PyToolError::Refused`] carries it.
pub const REFLECTION_REFUSAL: &str = "RenameError: reflection: ";

/// The rejection reason a refused renaming is counted under: `rename-changes-nothing` (nothing
/// renamable), `rename-refused-dynamic-names` (reflection, [`REFLECTION_REFUSAL`]), else
/// `rename-refused` (a syntax error, a failed alpha check, ...).
pub fn rename_refusal_reason(why: &str) -> &'static str {
    if why.contains("no renamable names") || why.contains("changed nothing") {
        "rename-changes-nothing"
    } else if why.starts_with(REFLECTION_REFUSAL) || why.contains("renaming could change") {
        "rename-refused-dynamic-names"
    } else {
        "rename-refused"
    }
}

/// The alpha-equivalence verdict on two programs.
#[derive(Debug, Clone)]
pub struct AlphaCheck {
    pub equivalent: bool,
    pub reason: String,
    pub map: BTreeMap<String, String>,
}

/// One mutant of a program.
#[derive(Debug, Clone)]
pub struct Mutant {
    pub code: String,
    pub operator: String,
    pub line: u64,
    pub detail: String,
}

pub struct PyTool {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Holds the helper's sources; an unpredictable name (another user of the machine cannot
    /// plant a script there first), removed on drop.
    _dir: tempfile::TempDir,
}

impl PyTool {
    pub fn start(tools: &Tools) -> Result<PyTool, PyToolError> {
        let python = tools.get(&VENV_PYTHON)?;
        let dir = tempfile::Builder::new()
            .prefix("equibench-oj-pytool-")
            .tempdir()
            .map_err(PyToolError::Start)?;
        std::fs::write(dir.path().join("py_rename.py"), RENAME_SOURCE)
            .map_err(PyToolError::Start)?;
        std::fs::write(dir.path().join("py_mutate.py"), MUTATE_SOURCE)
            .map_err(PyToolError::Start)?;
        std::fs::write(dir.path().join("py_hash_order.py"), HASH_ORDER_SOURCE)
            .map_err(PyToolError::Start)?;
        let mut child = Command::new(&python.path)
            .arg(dir.path().join("py_rename.py"))
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env("PYTHONHASHSEED", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(PyToolError::Start)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| PyToolError::Died("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| PyToolError::Died("no stdout".into()))?;
        Ok(PyTool {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            _dir: dir,
        })
    }

    fn ask(&mut self, request: Value) -> Result<Value, PyToolError> {
        let died = |e: std::io::Error| PyToolError::Died(e.to_string());
        let mut line = serde_json::to_string(&request).expect("json");
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).map_err(died)?;
        self.stdin.flush().map_err(died)?;
        let mut answer = String::new();
        if self.stdout.read_line(&mut answer).map_err(died)? == 0 {
            return Err(PyToolError::Died("end of output".into()));
        }
        let v: Value =
            serde_json::from_str(&answer).map_err(|e| PyToolError::Died(e.to_string()))?;
        if v["ok"] == Value::Bool(true) {
            Ok(v)
        } else {
            Err(PyToolError::Refused(
                v["error"].as_str().unwrap_or("refused").to_string(),
            ))
        }
    }

    /// `ast.unparse(ast.parse(source))`: the formatting every renamed pair uses on both sides.
    pub fn normalize(&mut self, source: &str) -> Result<String, PyToolError> {
        let v = self.ask(json!({"op": "normalize", "source": source}))?;
        Ok(v["code"].as_str().unwrap_or_default().to_string())
    }

    /// Rename every program-bound identifier to var1/func1/class1-style names, except names the
    /// output may show; refuse programs using reflection the renamer cannot follow.
    pub fn rename(&mut self, source: &str) -> Result<Renamed, PyToolError> {
        self.rename_request(json!({"op": "rename", "source": source}))
    }

    /// The renaming with its soundness rules off (no refusals; only builtins, imports, dunder
    /// and private names and class-body names kept). Never for building pairs: the hazard tests
    /// use it to show that each hazard program would change output without the rules.
    pub fn rename_unchecked(&mut self, source: &str) -> Result<Renamed, PyToolError> {
        self.rename_request(json!({"op": "rename", "source": source, "unchecked": true}))
    }

    fn rename_request(&mut self, request: Value) -> Result<Renamed, PyToolError> {
        let v = self.ask(request)?;
        Ok(Renamed {
            code: v["code"].as_str().unwrap_or_default().to_string(),
            normalized: v["normalized"].as_str().unwrap_or_default().to_string(),
            map: string_map(&v["map"]),
            kept: string_map(&v["kept"]),
        })
    }

    /// Same AST up to a bijective renaming, symbol tables agreeing?
    pub fn alpha(&mut self, a: &str, b: &str) -> Result<AlphaCheck, PyToolError> {
        let v = self.ask(json!({"op": "alpha", "a": a, "b": b}))?;
        Ok(AlphaCheck {
            equivalent: v["equivalent"] == Value::Bool(true),
            reason: v["reason"].as_str().unwrap_or_default().to_string(),
            map: string_map(&v["map"]),
        })
    }

    /// What could make `source`'s behaviour depend on `PYTHONHASHSEED` (None: nothing can;
    /// `tools/py_hash_order.py` says why a syntactic answer is enough and what it refuses).
    pub fn hash_hazard(&mut self, source: &str) -> Result<Option<String>, PyToolError> {
        let v = self.ask(json!({"op": "hash_order", "source": source}))?;
        Ok(v["hazard"].as_str().map(str::to_string))
    }

    /// First-order mutants of `source`, in source order.
    pub fn mutants(&mut self, source: &str) -> Result<Vec<Mutant>, PyToolError> {
        let v = self.ask(json!({"op": "mutants", "source": source}))?;
        Ok(v["mutants"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|m| Mutant {
                        code: m["code"].as_str().unwrap_or_default().to_string(),
                        operator: m["operator"].as_str().unwrap_or_default().to_string(),
                        line: m["line"].as_u64().unwrap_or(0),
                        detail: m["detail"].as_str().unwrap_or_default().to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default())
    }
}

fn string_map(v: &Value) -> BTreeMap<String, String> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                .collect()
        })
        .unwrap_or_default()
}

impl Drop for PyTool {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
