//! How subtle an inequivalent WASM pair is (issue 41): on how many of [`TRIALS`] fresh random
//! calls its two functions differ in wasmtime, recorded as the shared
//! [`equibench_core::disagreement::Disagreement`] so `stats`, the report and `eval analyse` read
//! it without knowing the category.
//!
//! - **Inputs.** Each trial gives every parameter a uniformly random value of its type, the
//!   globals their initial values (as a witness does: they are not quantified), and, when either
//!   function touches memory, random bytes at every address either function loads from on that
//!   call, zero elsewhere (a witness's memory convention). Which bytes those are is found by
//!   running the interpreter on a wholly random page and noting the bytes each function loads:
//!   the calls are deterministic, so with the same bytes at those addresses they run the same
//!   way, and the trial is as if all of memory were random. The seed is drawn per target visit
//!   from the block's seed ([`equibench_core::seed::derive_seed`]) and recorded; the pair's own
//!   witness (a z3 model) is not a trial.
//! - **Running.** Both functions run each trial in wasmtime, in the batch that confirms the
//!   witnesses (one module per function, the witness first and the trials after it), in the
//!   build and in the audit alike.
//! - **Counting.** A trial disagrees under the definition the label uses
//!   ([`crate::witness::differ`]): one call traps and the other returns, or both return and a
//!   result differs.

use crate::engine::{Case, EngineError, Observed, Wasmtime};
use crate::interp::{self, State, Val};
use crate::ir::{Func, ValType};
use crate::witness::differ;
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::seed::rng;
use rand::{Rng, RngCore};
use std::collections::BTreeMap;

/// Fresh calls per inequivalent pair (K): the category's rule, which the audit requires.
pub const TRIALS: u32 = 64;

/// Interpreter fuel when tracing loads (the functions are loop-free; the witness check's bound).
const FUEL: u64 = 1 << 20;

/// The `trials` calls drawn from `seed` for the two functions (the same whichever is first).
pub fn inputs(a: &Func, b: &Func, inits: &[Val], seed: u64, trials: u32) -> Vec<Case> {
    let mut r = rng(seed, &["wasm-disagreement-inputs"]);
    let memory = a.uses_memory() || b.uses_memory();
    (0..trials)
        .map(|k| {
            let args: Vec<Val> = a
                .params
                .iter()
                .map(|t| match t {
                    ValType::I32 => Val::I32(r.gen()),
                    ValType::I64 => Val::I64(r.gen()),
                })
                .collect();
            let mut case = Case {
                args,
                globals: inits.to_vec(),
                memory: Vec::new(),
                read: Vec::new(),
            };
            if memory {
                let mut page = vec![0u8; crate::ir::MEMORY_BYTES];
                rng(seed, &["wasm-disagreement-memory", &k.to_string()]).fill_bytes(&mut page);
                case.memory = loaded_bytes(&[a, b], &case, &page);
            }
            case
        })
        .collect()
}

/// The bytes of `page` at every address one of `funcs` loads from when called as `case` with
/// `page` as its memory, as runs of consecutive addresses (zero bytes left to memory's default).
fn loaded_bytes(funcs: &[&Func], case: &Case, page: &[u8]) -> Vec<(u32, Vec<u8>)> {
    let mut bytes: BTreeMap<u32, u8> = BTreeMap::new();
    for f in funcs {
        let mut state = State {
            globals: case.globals.clone(),
            memory: page.to_vec(),
        };
        // A function the interpreter cannot run loads nothing it can say; wasmtime still runs it.
        let Ok((_, loaded)) = interp::run_tracing_loads(f, &case.args, &mut state, FUEL) else {
            continue;
        };
        for (addr, _) in loaded.iter().enumerate().filter(|(_, l)| **l) {
            bytes.insert(addr as u32, page[addr]);
        }
    }
    crate::witness::runs(&bytes)
}

/// The record of `differing` of the `trials` drawn from `seed`.
pub fn disagreement(seed: u64, trials: usize, differing: usize) -> Disagreement {
    Disagreement {
        over: Over::Inputs,
        trials: u32::try_from(trials).unwrap_or(u32::MAX),
        differing: u32::try_from(differing).unwrap_or(u32::MAX),
        seed: Some(seed),
    }
}

/// How many of the trials' outcomes (the two functions', in order) differ.
pub fn count(out_a: &[Observed], out_b: &[Observed]) -> usize {
    out_a
        .iter()
        .zip(out_b)
        .filter(|(x, y)| differ(x, y))
        .count()
}

/// How many of the trials drawn from `seed` the two functions differ on in the interpreter, a
/// call it cannot run counting as differing: how `build --subtle` compares mutants before the
/// one kept is run in wasmtime (which the interpreter is cross-validated against) and its
/// count recorded.
pub fn interpreted(a: &Func, b: &Func, inits: &[Val], seed: u64) -> usize {
    inputs(a, b, inits, seed, TRIALS)
        .iter()
        .filter(|case| {
            match (
                crate::engine::interpret(a, case, FUEL),
                crate::engine::interpret(b, case, FUEL),
            ) {
                (Ok(x), Ok(y)) => differ(&x, &y),
                _ => true,
            }
        })
        .count()
}

/// Draw, run in wasmtime (one batch) and count, for two functions on their own: what the build
/// and the audit do inside their witness batches.
pub fn measure(
    engine: &Wasmtime,
    a: &Func,
    b: &Func,
    inits: &[Val],
    seed: u64,
) -> Result<Disagreement, EngineError> {
    let cases = inputs(a, b, inits, seed, TRIALS);
    let (_, out) = engine.run(&[(a, &cases), (b, &cases)])?;
    match out.as_slice() {
        [x, y] if x.len() == cases.len() && y.len() == cases.len() => {
            Ok(disagreement(seed, cases.len(), count(x, y)))
        }
        _ => Err(EngineError::Protocol("missing outcomes".into())),
    }
}
