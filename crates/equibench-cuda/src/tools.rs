//! What CUDA needs from the machine besides its own files, declared here so that the core, `doctor`,
//! the build's up-front check and the datasheet learn it from this crate: clang 19 (the CUDA syntax
//! check), the project virtualenv's Python (the TVM worker) and the packages it imports. CLANG is
//! declared alike by the other categories that run it; the registry refuses two different
//! declarations of one tool.

use equibench_core::{Install, Location, ToolSpec, VenvPackage, VersionRule};

/// clang 19: parses every kernel as CUDA against `tools/cuda_shim/`.
pub static CLANG: ToolSpec = ToolSpec {
    name: "clang",
    role: None,
    env_override: "EQUIBENCH_CLANG",
    candidates: &[
        Location::Path("clang-19"),
        Location::Path("/usr/lib/llvm-19/bin/clang"),
    ],
    version_arg: "--version",
    version: VersionRule::After("clang version"),
    install: Install::Debian("clang-19"),
};

/// apache-tvm: schedules and lowers the operators; the audit replays traces with it.
pub static APACHE_TVM: VenvPackage = VenvPackage {
    name: "apache-tvm",
    pip: "apache-tvm==0.27.0.post1",
};

/// numpy, installed with apache-tvm: draws the witness inputs.
pub static NUMPY: VenvPackage = VenvPackage {
    name: "numpy",
    pip: "apache-tvm==0.27.0.post1",
};
