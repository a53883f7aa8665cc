//! What CUDA needs from the machine besides its own files, declared here so that the core, `doctor`,
//! the build's up-front check and the datasheet learn it from this crate: clang 19 (the CUDA syntax
//! check), the project virtualenv's Python (the TVM worker) and the packages it imports. CLANG is
//! the declaration of `equibench-toolchain`, shared with the other categories that run it.

use equibench_core::VenvPackage;

/// Declared once for every category that runs them.
pub use equibench_toolchain::CLANG;

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
