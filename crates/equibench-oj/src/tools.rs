//! The external tools the OJ categories run, declared here so that the core, `doctor`, the build's
//! up-front check and the datasheet learn them from this crate. Besides the project virtualenv's
//! Python (the core's [`equibench_core::VENV_PYTHON`], which runs our own renaming helper), the
//! submissions need a Python that the sandbox's unprivileged uid can execute.

/// A system-wide Python 3, outside any home directory, so that the sandbox uid can run it: runs
/// every submission. Declared once in `equibench-toolchain` (WebAssembly runs it too).
pub use equibench_toolchain::SANDBOX_PYTHON;

/// The folder of the data directory that holds the embedded corpus.
pub const DATA_FOLDER: &str = "oj";
