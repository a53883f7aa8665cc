//! The evidence a WASM pair carries, as typed records written by the build and read back by the
//! audit and the rationale, so a key cannot be spelt two ways and a key neither knows is refused
//! (CUDA's `evidence.rs` is the model). On disk each is the JSON object pair-format.md
//! describes, tagged by `kind`:
//!
//! - equivalent (`smt-proof`): the globals' initial values, both solvers' `unsat` with the
//!   limit each was given, and the sha256 of the query they answered;
//! - inequivalent (`wasmtime-witness`): the input (parameters and the initial bytes of memory
//!   either function reads), what each program did on it in wasmtime, and the solver whose model
//!   it is.

use crate::engine::{hex, unhex, Case, Observed};
use crate::interp::Val;
use crate::ir::{Func, MEMORY_BYTES};
use equibench_core::evidence::Evidence;
use serde::{Deserialize, Serialize};

/// `kind` of an equivalent pair's evidence.
pub const PROOF_KIND: &str = "smt-proof";
/// `kind` of an inequivalent pair's evidence.
pub const WITNESS_KIND: &str = "wasmtime-witness";

/// One solver's line in `proofs`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofLine {
    pub solver: String,
    pub version: String,
    /// z3's `:rlimit` or cvc5's `:rlimit-per`, the category's ([`crate::witness::rlimit`]).
    pub rlimit: u64,
    pub answer: String,
}

/// Evidence of an equivalent pair (`kind` [`PROOF_KIND`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofEvidence {
    /// The globals' initial values (signed), as both modules declare them.
    pub globals_init: Vec<i64>,
    /// z3's `unsat`, then cvc5's.
    pub proofs: Vec<ProofLine>,
    /// sha256 of the query both solvers answered (without the option lines before it), built
    /// from program_1 and program_2 in that order; pairs written before issue 36 asked with the
    /// target's first level first, whichever side the pair put it on.
    pub query_sha256: String,
}

/// The witness input: the parameters (signed), and runs of initial memory bytes (address, hex
/// bytes) over zeroes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WitnessInput {
    pub args: Vec<i64>,
    pub memory: Vec<(u32, String)>,
}

impl WitnessInput {
    pub fn of(case: &Case) -> WitnessInput {
        WitnessInput {
            args: case.args.iter().map(|v| v.signed()).collect(),
            memory: case
                .memory
                .iter()
                .map(|(a, bytes)| (*a, hex(bytes)))
                .collect(),
        }
    }

    /// The call this input describes for `f` (globals at `inits`), or why it does not fit.
    pub fn case(&self, f: &Func, inits: &[Val]) -> Result<Case, String> {
        if self.args.len() != f.params.len() {
            return Err(format!(
                "the witness has {} arguments, the function {} parameters",
                self.args.len(),
                f.params.len()
            ));
        }
        let args = self
            .args
            .iter()
            .zip(&f.params)
            .map(|(&x, &t)| Val::from_signed(t, x))
            .collect();
        let mut memory = Vec::new();
        for (addr, hex) in &self.memory {
            let bytes =
                unhex(hex).ok_or_else(|| format!("memory at {addr}: `{hex}` is not hex"))?;
            if *addr as usize + bytes.len() > MEMORY_BYTES {
                return Err(format!("memory at {addr}: past the end of memory"));
            }
            memory.push((*addr, bytes));
        }
        Ok(Case {
            args,
            globals: inits.to_vec(),
            memory,
            read: Vec::new(),
        })
    }
}

/// How a call ended, as evidence records it: `{"returned": [..]}` (signed values) or
/// `{"trap": CODE}` (wasmtime's lower-case spelling).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum OutcomeRecord {
    Returned(Vec<i64>),
    Trap(String),
}

impl OutcomeRecord {
    pub fn of(o: &Observed) -> OutcomeRecord {
        match o {
            Observed::Trapped(code) => OutcomeRecord::Trap(code.clone()),
            Observed::Returned { results, .. } => {
                OutcomeRecord::Returned(results.iter().map(|v| v.signed()).collect())
            }
        }
    }

    /// In words, for rationales and audit messages.
    pub fn text(&self) -> String {
        match self {
            OutcomeRecord::Trap(t) => format!("traps ({})", t.replace('_', " ")),
            OutcomeRecord::Returned(v) if v.is_empty() => "returns nothing".into(),
            OutcomeRecord::Returned(v) => format!(
                "returns {}",
                v.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// Evidence of an inequivalent pair (`kind` [`WITNESS_KIND`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WitnessEvidence {
    /// The solver whose model the witness is.
    pub found_by: String,
    /// `wasmtime VERSION`, the engine that confirmed it.
    pub engine: String,
    pub globals_init: Vec<i64>,
    pub witness: WitnessInput,
    pub outcome_1: OutcomeRecord,
    pub outcome_2: OutcomeRecord,
    /// sha256 of the query whose model the witness is, program_1 first (left out by pairs
    /// written before issue 36).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_sha256: Option<String>,
}

/// The category's details of `evidence` parsed as `T`: a key `T` does not know, or one it needs
/// and does not find, is an error, never a default.
pub fn parse<T: serde::de::DeserializeOwned>(evidence: &Evidence) -> Result<T, String> {
    evidence.record().map_err(|e| e.to_string())
}

/// The evidence of `record`, tagged `kind`.
pub fn envelope<T: Serialize>(kind: &str, record: &T) -> Evidence {
    Evidence::new(kind, record)
}

/// The globals' initial values as evidence records them.
pub fn globals_init(inits: &[Val]) -> Vec<i64> {
    inits.iter().map(|v| v.signed()).collect()
}
