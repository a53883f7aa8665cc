//! The external tools the OJ categories run, declared here so that the core, `doctor`, the build's
//! up-front check and the datasheet learn them from this crate. Besides the project virtualenv's
//! Python (the core's [`equibench_core::VENV_PYTHON`], which runs our own renaming helper), the
//! submissions need a Python that the sandbox's unprivileged uid can execute.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// A system-wide Python 3, outside any home directory, so that the sandbox uid can run it: runs
/// every submission.
pub static SANDBOX_PYTHON: ToolSpec = ToolSpec {
    name: "python",
    role: Some("system, runs submissions in the sandbox"),
    env_override: "EQUIBENCH_SANDBOX_PYTHON",
    candidates: &[Location::Path("/usr/bin/python3")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Debian("python3"),
};

/// The folder of the data directory that holds the embedded corpus.
pub const DATA_FOLDER: &str = "oj";
