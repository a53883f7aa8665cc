//! WebAssembly for equibench (issue 29, in progress): C functions compiled by clang-19 to wasm32
//! ([`compile`]), read into a small integer subset ([`parse`], [`ir`]), printed as WAT ([`wat`])
//! and given one concrete semantics ([`interp`]) that is cross-validated against wasmtime
//! ([`engine`], [`crossval`]). See README.md for what is built and what is left.

#![forbid(unsafe_code)]

pub mod compile;
pub mod corpus;
pub mod crossval;
pub mod engine;
pub mod equiv;
pub mod interp;
pub mod ir;
pub mod parse;
pub mod smt;
pub mod tools;
pub mod wat;

use equibench_core::CategoryDescriptor;

/// Who the category is. Not registered in the binary yet: it has no `Category` implementation
/// until pairs can be built and audited end to end (README.md).
pub static DESCRIPTOR: CategoryDescriptor = CategoryDescriptor {
    name: "WASM",
    cli_name: "wasm",
    aliases: &["webassembly", "wat"],
    harness_dir: "WASM",
    language: "WebAssembly",
    summary: "WebAssembly functions (WAT) from clang-19 at several levels: SMT proofs and wasmtime-confirmed witnesses",
    definition: "given any values of the parameters (and any initial contents of linear memory and globals), the two functions always return the same values, or both trap.",
    context: &[],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};

#[cfg(test)]
mod tests {
    #[test]
    fn the_descriptor_is_well_formed() {
        super::DESCRIPTOR.check().unwrap();
    }
}
