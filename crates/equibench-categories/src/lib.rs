//! equibench-categories: the categories compiled into the `equibench` binary, and nothing else.
//!
//! This is the only list of categories there is: the CLI and the core name none (a test greps
//! them), so adding a category is its crate, its dependency in this crate's `Cargo.toml` and one
//! `register` line below.

#![forbid(unsafe_code)]

use equibench_core::Registry;

/// The registry of every category crate compiled in.
pub fn default_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register(equibench_dce::category());
    registry.register(equibench_cuda::category());
    for oj in equibench_oj::categories() {
        registry.register(oj);
    }
    registry.register(equibench_x86::category::category());
    registry.register(equibench_wasm::category());
    registry
}
