//! WebAssembly for equibench (issue 29, in progress): C functions compiled by clang-19 to wasm32
//! ([`compile`]), read into a small integer subset ([`parse`], [`ir`]), printed as WAT ([`wat`])
//! and given one concrete semantics ([`interp`]) that is cross-validated against wasmtime
//! ([`engine`], [`crossval`]). See README.md for what is built and what is left.

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

#[cfg(test)]
mod tests {
    #[test]
    fn the_descriptor_is_well_formed() {
        super::DESCRIPTOR.check().unwrap();
    }
}
