//! The integration tests of the `equibench` binary and the library behind it, as one test binary:
//! one link instead of one per file (each file was its own binary before). nextest still runs every
//! test in a process of its own. A new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

// Helpers shared by the test modules.
mod common;
mod expr_category;
mod real_common;
mod scripted_server;

mod audit_dispatch;
mod build_cache;
mod build_machinery;
mod datasheet;
mod eval_real;
mod eval_server;
mod exemplars;
mod export_real;
mod layering;
mod open_category;
mod real_reproducibility;
mod real_tamper;
mod report_browser;
mod scale_out;
mod shortcuts_report;
mod tools_declared;
mod validate_rejects;
mod x86_verify_exit;
