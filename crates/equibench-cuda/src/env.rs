//! What a block or an audit needs from the machine: how to start the TVM worker, the clang check,
//! and the tool versions recorded in every pair's provenance.

use crate::clang_check::ClangCheck;
use crate::paths::{repo_tools_dir, SHIM_DIR, WORKER_SCRIPT};
use crate::tools::{APACHE_TVM, CLANG, NUMPY};
use crate::worker::WorkerSpec;
use equibench_core::{CategoryError, Inputs, ToolVersion, Tools, VENV_PYTHON};

pub struct Env {
    pub worker: WorkerSpec,
    pub clang: ClangCheck,
    /// apache-tvm, numpy (draws the witness inputs), the venv Python, clang.
    pub tool_versions: Vec<ToolVersion>,
}

impl Env {
    pub fn new(tools: &Tools, inputs: &Inputs) -> Result<Env, CategoryError> {
        let python = tools.get(&VENV_PYTHON)?;
        let clang = tools.get(&CLANG)?;
        let dir = repo_tools_dir(Some(&inputs.data_dir));
        let script = dir.join(WORKER_SCRIPT);
        let shim_dir = dir.join(SHIM_DIR);
        if !script.is_file() || !shim_dir.is_dir() {
            return Err(CategoryError::Input(format!(
                "the CUDA category needs {} and {} from the repository's tools/ directory",
                script.display(),
                shim_dir.display()
            )));
        }
        let tool_versions = vec![
            tools.venv_package(&APACHE_TVM)?,
            tools.venv_package(&NUMPY)?,
            python.record(),
            clang.record(),
        ];
        Ok(Env {
            worker: WorkerSpec {
                python: python.path.clone(),
                script,
            },
            clang: ClangCheck {
                clang: clang.path.clone(),
                shim_dir,
            },
            tool_versions,
        })
    }
}
