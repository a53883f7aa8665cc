//! Where the repository's helper files are: `tools/tvm_worker.py` and `tools/cuda_shim/`. They are
//! looked up next to the data directory the CLI was given (the repository's `data/`), falling back to
//! the checkout this crate was built from.

use std::path::{Path, PathBuf};

/// The worker script's name inside `tools/`.
pub const WORKER_SCRIPT: &str = "tvm_worker.py";
/// The shim directory's name inside `tools/`.
pub const SHIM_DIR: &str = "cuda_shim";

/// The repository's `tools/` directory, as an absolute path: clang and the worker run in scratch
/// directories, where a relative path would point nowhere.
pub fn repo_tools_dir(data_dir: Option<&Path>) -> PathBuf {
    let absolute = |p: PathBuf| std::fs::canonicalize(&p).unwrap_or(p);
    if let Some(data) = data_dir {
        if let Some(parent) = absolute(data.to_path_buf()).parent() {
            let tools = parent.join("tools");
            if tools.join(WORKER_SCRIPT).is_file() {
                return tools;
            }
        }
    }
    absolute(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools"))
}
