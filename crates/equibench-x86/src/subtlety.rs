//! How subtle an inequivalent x86-64 pair is (issue 41): on how many of [`TRIALS`] fresh random
//! inputs its two programs disagree, recorded as the shared
//! [`equibench_core::disagreement::Disagreement`] so `stats`, the report and `eval analyse` read
//! it without knowing the category.
//!
//! - **Inputs.** Each trial gives every def_in register a uniformly random 64-bit value (masked
//!   to its def_in bits) and the def_in flags random values; every other register is zero and
//!   every other flag clear, as the search's test cases set them
//!   ([`crate::search::initial_tests`]). They are drawn from a seed derived from the pair's
//!   search seed ([`seed`]), never the witness's: the pair's own counterexample is not a trial.
//! - **Running.** Both programs run natively, in the batched harness launch the build already
//!   makes for the pair's counterexample (no extra process), and in the audit's.
//! - **Counting.** A trial disagrees when the hardware shows a live_out difference
//!   ([`differs`]: a signal on one side only, or live_out bits) AND the semantic model says some
//!   differing live_out bit is defined on both sides
//!   ([`differs_only_in_undefined_bits`] is false). Architecturally undefined bits (a flag after
//!   `imul`, `bsf` of zero, ...) differ between CPUs; a trial whose only difference lies there
//!   counts as agreeing, on every CPU, since defined bits are the same on all of them. This is
//!   the rule a counterexample meets ([`crate::category`] drops one showing only undefined bits),
//!   so a trial counts exactly when it could have been the pair's witness.

use crate::semantics::codec;
use crate::semantics::flags;
use crate::semantics::locs::Locs;
use crate::semantics::native::{self, Case, Job, Outcome};
use crate::semantics::verify::{differs, differs_only_in_undefined_bits};
use crate::{Insn, X86Error};
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::seed::{derive_seed, rng};
use equibench_core::tools::Tools;
use rand::Rng;

/// Fresh inputs per inequivalent pair (K): the category's rule, which the audit requires.
pub const TRIALS: u32 = 64;

/// The seed a pair's trials are drawn from: derived from its search's seed (recorded as
/// `search.seed`), so the audit can tell a record's seed is the category's, not one chosen.
pub fn seed(search_seed: u64) -> u64 {
    derive_seed(search_seed, &["x86-disagreement"])
}

/// The `trials` inputs drawn from `seed` for `def_in` (see the module's rules).
pub fn inputs(def_in: &Locs, seed: u64, trials: u32) -> Vec<Case> {
    let mut r = rng(seed, &["x86-disagreement-inputs"]);
    let nums: Vec<u8> = def_in.reg_nums().collect();
    (0..trials)
        .map(|_| {
            let mut c = Case::default();
            for &n in &nums {
                c.regs[n as usize] = r.gen::<u64>() & def_in.regs[n as usize];
            }
            c.flags = r.gen_range(0..=flags::ALL) & def_in.flags;
            c
        })
        .collect()
}

/// Of `inputs`, those on which `a` and `b` (their native outcomes `out_a`, `out_b`, in order)
/// disagree in defined live_out bits, as the record keeps them.
pub fn tally(
    seed: u64,
    a: &[Insn],
    b: &[Insn],
    live_out: &Locs,
    inputs: &[Case],
    out_a: &[Outcome],
    out_b: &[Outcome],
) -> Disagreement {
    let differing = inputs
        .iter()
        .zip(out_a.iter().zip(out_b))
        .filter(|(input, (x, y))| {
            differs(x, y, live_out) && !differs_only_in_undefined_bits(a, b, live_out, input)
        })
        .count();
    Disagreement {
        over: Over::Inputs,
        trials: u32::try_from(inputs.len()).unwrap_or(u32::MAX),
        differing: u32::try_from(differing).unwrap_or(u32::MAX),
        seed: Some(seed),
    }
}

/// Draw, run natively (one harness launch) and count, for two programs on their own: what the
/// build and the audit do inside their batched launches.
pub fn measure(
    tools: &Tools,
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    seed: u64,
) -> Result<Disagreement, X86Error> {
    let mut each = measure_each(tools, a, &[b], def_in, live_out, seed)?;
    Ok(each.remove(0))
}

/// [`measure`] of `a` against each of `others`, on the same inputs and in one harness launch
/// (`a` runs once): how `build --subtle` compares the inequivalent rewrites it may choose.
pub fn measure_each(
    tools: &Tools,
    a: &[Insn],
    others: &[&[Insn]],
    def_in: &Locs,
    live_out: &Locs,
    seed: u64,
) -> Result<Vec<Disagreement>, X86Error> {
    let cases = inputs(def_in, seed, TRIALS);
    let code_a = codec::encode(a)?;
    let codes = others
        .iter()
        .map(|b| codec::encode(b))
        .collect::<Result<Vec<_>, _>>()?;
    let jobs: Vec<Job> = std::iter::once(&code_a)
        .chain(&codes)
        .map(|code| Job {
            code,
            cases: &cases,
        })
        .collect();
    let out = native::run(tools, &jobs)?;
    Ok(others
        .iter()
        .zip(&out[1..])
        .map(|(b, out_b)| tally(seed, a, b, live_out, &cases, &out[0], out_b))
        .collect())
}
