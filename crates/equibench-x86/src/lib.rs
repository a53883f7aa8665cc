//! equibench-x86: the x86-64 integer subset that the x86-64 category (STOKE's method) trusts.
//!
//! - [`semantics`], usable without the search or the category: [`semantics::parse`] (AT&T text to
//!   [`Insn`]), [`semantics::codec`] (to and from iced-x86 instructions, machine code and GAS
//!   text), [`semantics::frame`] (the stack frame `-O0` code keeps its values in, and the static
//!   rules a program must follow to have one meaning), one semantic model used three ways
//!   ([`semantics::interp`], concrete and fast; [`semantics::smt`], SMT-LIB2 bit-vectors for z3 and
//!   cvc5, driven by [`equibench_toolchain::solver`]; [`semantics::native`], the encoded bytes run
//!   on the CPU in a sandboxed worker) cross-checked by [`semantics::crossval`], the equivalence
//!   verifier [`semantics::verify`], and [`semantics::tools`], the external tools it runs;
//! - [`command`]: `equibench tool x86 verify`, the verifier on its own;
//! - [`search`], [`select`], [`corpus`], [`category`] and [`audit`] build and check pairs on top of
//!   the semantics (which knows nothing of them); [`subtlety`] counts on how many fresh random
//!   inputs an inequivalent pair's programs disagree.

#![forbid(unsafe_code)]

pub mod audit;
pub mod category;
pub mod command;
pub mod corpus;
pub mod evidence;
pub mod libsample;
pub mod rationale;
pub mod search;
pub mod select;
pub mod semantics;
pub mod source;
pub mod subtlety;

pub use semantics::insn::{Insn, Mem, Rm, Src};
pub use semantics::interp::{Fault, Machine};
pub use semantics::locs::Locs;
pub use semantics::reg::{Reg, Width};
pub use semantics::verify::{verify, verify_files, Counterexample, VerifyOutcome};

/// Everything that can go wrong in this crate.
#[derive(Debug, thiserror::Error)]
pub enum X86Error {
    #[error("line {line} `{text}`: {message}")]
    Parse {
        line: usize,
        text: String,
        message: String,
    },
    #[error("syntax: {0}")]
    Syntax(String),
    #[error("not in the supported x86-64 subset: {0}")]
    Unsupported(String),
    #[error("{0}")]
    Tool(#[from] equibench_core::tools::ToolError),
    #[error("sandbox: {0}")]
    Sandbox(#[from] equibench_core::sandbox::SandboxError),
    #[error("the native runner failed: {0}")]
    Native(String),
    #[error("SMT solver failed: {0}")]
    Solver(String),
    /// A run passed its backstop (time the solver could run, see `solver::run`). Under
    /// deterministic limits this says nothing about the program, only that the solver ran away
    /// or blocked, so it must never become a verdict.
    #[error("out of time: {0}")]
    OutOfTime(String),
    #[error("reading {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("program {program} reads {what} before writing it, and it is not in def_in")]
    ReadsUndefined { program: &'static str, what: String },
    #[error("BUG: the solver's counterexample does not reproduce natively: {0}")]
    ModelNotReproduced(String),
    #[error("internal error: {0}")]
    Internal(String),
}

/// The solver driver's errors keep their meaning here: a backstop kill stays
/// [`X86Error::OutOfTime`] (never a verdict), a failed run (a complaint about the script, or the
/// machine's doing) [`X86Error::Solver`]; a build fails the block on either.
impl From<equibench_toolchain::SolverError> for X86Error {
    fn from(e: equibench_toolchain::SolverError) -> Self {
        use equibench_toolchain::SolverError;
        match e {
            SolverError::Tool(e) => X86Error::Tool(e),
            SolverError::Solver(what) | SolverError::Machine(what) => X86Error::Solver(what),
            SolverError::OutOfTime(what) => X86Error::OutOfTime(what),
        }
    }
}
