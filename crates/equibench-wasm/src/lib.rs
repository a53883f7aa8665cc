//! The WebAssembly category (`WASM`, beyond EquiBench): functions of the C corpus compiled by
//! clang-19 to wasm32 at several levels and through wasm-opt ([`compile`], [`corpus`]) and
//! wasm-smith functions ([`smith`]), read into a small integer subset ([`parse`], [`ir`]) and shown
//! as WAT ([`wat`]). Two versions of one function whose code differs make a target ([`targets`]):
//! an equivalent pair is proved by z3 and cvc5 ([`smt`], [`equiv`], [`witness`]); an inequivalent
//! pair is a mutant ([`mutate`]) with an input found by the solver, checked by the interpreter
//! ([`interp`], cross-validated against wasmtime in [`crossval`]) and confirmed in wasmtime
//! ([`engine`]). [`category`] implements the trait (generation and audit), [`sheet`] the datasheet
//! and rationales, [`surface`] the features `equibench shortcuts` measures, [`subtlety`] on how
//! many fresh random calls an inequivalent pair's functions differ, [`tools`] the tools it runs. README.md lists each piece with the test that checks it.

#![forbid(unsafe_code)]

pub mod category;
pub mod compile;
pub mod corpus;
pub mod crossval;
pub mod engine;
pub mod equiv;
pub mod evidence;
pub mod interp;
pub mod ir;
pub mod mutate;
pub mod parse;
pub mod sheet;
pub mod smith;
pub mod smt;
pub mod subtlety;
pub mod surface;
pub mod targets;
pub mod tools;
pub mod wat;
pub mod witness;

pub use category::category;

use equibench_core::CategoryDescriptor;

/// Who the category is. Globals are not quantified (README.md, "the shadow stack"): clang's
/// stack pointer starts where the module puts it, so -O0 code that spills to the stack is compared
/// with -O2 code that does not on the memory it would really have.
pub static DESCRIPTOR: CategoryDescriptor = CategoryDescriptor {
    name: "WASM",
    cli_name: "wasm",
    aliases: &["webassembly", "wat"],
    harness_dir: "WASM",
    language: "WebAssembly",
    summary: "WebAssembly functions (WAT) from clang-19 at several levels: SMT proofs and wasmtime-confirmed witnesses",
    definition: "given any values of the parameters and any initial contents of linear memory (globals start as the module initialises them: the stack pointer at the top of memory), the two functions always return the same values, or both trap.",
    context: &[],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};
