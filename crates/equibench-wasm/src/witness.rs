//! Labels from solvers and the engine: a proof is `unsat` from z3 and from cvc5 under
//! deterministic resource limits (so the same query gets the same answer on any machine and
//! under any load); a witness is a solver model turned into one call's input and confirmed by
//! running both functions in wasmtime.

use crate::engine::{Case, EngineError, Observed, Wasmtime};
use crate::equiv::Query;
use crate::interp::Val;
use crate::ir::{Func, MEMORY_BYTES};
use equibench_core::tools::Tools;
use equibench_toolchain::solver::{self, SatResult, SolverError, Strategy};
use std::collections::BTreeMap;
use std::time::Duration;

/// z3's `:rlimit` for every query of the category: a few seconds of z3's work on this machine,
/// far above what the corpus's proofs take, recorded with each proof.
pub const Z3_RLIMIT: u64 = 20_000_000;
/// cvc5's `:rlimit-per` (its own units), recorded likewise.
pub const CVC5_RLIMIT: u64 = 200_000;
/// The backstop: a run past it is an error that fails the block, never an answer nor a counted
/// rejection. It counts only the time the solver could run (not its waits for a CPU, see
/// `solver::run`): at a load of 40 with `nice -n 10` a cvc5 run of a few CPU seconds passed
/// 300 s of wall clock, and at seed 7 one cvc5 query that ends `unknown` at its rlimit takes
/// 72-89 s of CPU, which on a wall clock a starved machine stretched past this bound.
pub const BACKSTOP: Duration = Duration::from_secs(1800);

/// The rlimit the category gives `strategy`'s solver.
pub fn rlimit(strategy: Strategy) -> u64 {
    match strategy.solver {
        solver::Solver::Z3 => Z3_RLIMIT,
        solver::Solver::Cvc5 => CVC5_RLIMIT,
    }
}

/// Ask `script` (ending in `check-sat`) of one solver with the given limit; its answer and the
/// values of its `get-value`, if any.
pub fn ask(
    tools: &Tools,
    strategy: Strategy,
    script: &str,
    rlimit: u64,
) -> Result<(SatResult, BTreeMap<String, u64>), SolverError> {
    let full = format!("{}{script}", strategy.prelude(Some(rlimit), BACKSTOP));
    let out = solver::run(tools, strategy.solver, &full, BACKSTOP)?;
    let answer = solver::first_answer(&out);
    let values = if answer == SatResult::Sat {
        solver::parse_values(&out)
    } else {
        BTreeMap::new()
    };
    Ok((answer, values))
}

/// One call's input from a model of [`crate::equiv::query_fixed`]: the parameters, the globals
/// at their initial values, and the initial bytes at every address either function loads from
/// (the rest of memory zero). `None` when the model lacks a parameter's value.
pub fn case_from_model(
    q: &Query,
    values: &BTreeMap<String, u64>,
    f: &Func,
    inits: &[Val],
) -> Option<Case> {
    let args = q
        .params
        .iter()
        .zip(&f.params)
        .map(|(n, &t)| values.get(n).map(|&v| Val::from_signed(t, v as i64)))
        .collect::<Option<Vec<_>>>()?;
    let mut bytes: BTreeMap<u32, u8> = BTreeMap::new();
    for (addr, names) in &q.reads {
        let Some(&a) = values.get(addr) else { continue };
        for (k, n) in names.iter().enumerate() {
            let at = a + k as u64;
            if let (Some(&b), true) = (values.get(n), at < MEMORY_BYTES as u64) {
                bytes.insert(at as u32, b as u8);
            }
        }
    }
    Some(Case {
        args,
        globals: inits.to_vec(),
        memory: runs(&bytes),
        read: Vec::new(),
    })
}

/// Nonzero bytes as runs of consecutive addresses (zero is memory's default).
pub(crate) fn runs(bytes: &BTreeMap<u32, u8>) -> Vec<(u32, Vec<u8>)> {
    let mut out: Vec<(u32, Vec<u8>)> = Vec::new();
    for (&a, &b) in bytes.iter().filter(|(_, &b)| b != 0) {
        match out.last_mut() {
            Some((start, run)) if *start as usize + run.len() == a as usize => run.push(b),
            _ => out.push((a, vec![b])),
        }
    }
    out
}

/// Whether two outcomes differ under the definition: one traps and the other returns, or both
/// return and some result differs (globals and memory after the call are not compared).
pub fn differ(a: &Observed, b: &Observed) -> bool {
    match (a, b) {
        (Observed::Trapped(_), Observed::Trapped(_)) => false,
        (Observed::Returned { results: x, .. }, Observed::Returned { results: y, .. }) => x != y,
        _ => true,
    }
}

/// Run each pair's case on both functions in one wasmtime batch; the two outcomes per pair.
pub fn run_pairs(
    engine: &Wasmtime,
    pairs: &[(&Func, &Func, &Case)],
) -> Result<Vec<(Observed, Observed)>, EngineError> {
    let with: Vec<(&Func, &Func, &Case, &[Case])> =
        pairs.iter().map(|&(a, b, c)| (a, b, c, &[][..])).collect();
    Ok(run_pairs_with_trials(engine, &with)?
        .into_iter()
        .map(|r| r.witness)
        .collect())
}

/// What one pair's functions did in wasmtime: on its case, and on each of its trials.
pub struct Ran {
    pub witness: (Observed, Observed),
    pub trials: (Vec<Observed>, Vec<Observed>),
}

/// Run each pair's case, then its trials ([`crate::subtlety`]), on both functions in one
/// wasmtime batch (one module per function, the case first).
pub fn run_pairs_with_trials(
    engine: &Wasmtime,
    pairs: &[(&Func, &Func, &Case, &[Case])],
) -> Result<Vec<Ran>, EngineError> {
    let cases: Vec<Vec<Case>> = pairs
        .iter()
        .map(|(_, _, c, trials)| {
            std::iter::once((*c).clone())
                .chain(trials.iter().cloned())
                .collect()
        })
        .collect();
    let mut jobs: Vec<(&Func, &[Case])> = Vec::new();
    for ((a, b, _, _), c) in pairs.iter().zip(&cases) {
        jobs.push((a, c));
        jobs.push((b, c));
    }
    let (_, observed) = engine.run(&jobs)?;
    let mut out = Vec::new();
    let mut it = observed.into_iter();
    for c in &cases {
        let (Some(mut a), Some(mut b)) = (it.next(), it.next()) else {
            break;
        };
        if a.len() != c.len() || b.len() != c.len() {
            break;
        }
        let (trials_a, trials_b) = (a.split_off(1), b.split_off(1));
        let (Some(wa), Some(wb)) = (a.pop(), b.pop()) else {
            break;
        };
        out.push(Ran {
            witness: (wa, wb),
            trials: (trials_a, trials_b),
        });
    }
    if out.len() != pairs.len() {
        return Err(EngineError::Protocol("missing outcomes".into()));
    }
    Ok(out)
}
