//! The correctness cost (STOKE's): over all test cases, the Hamming distance between the
//! candidate's live-out bits and the target's. Bits the candidate leaves undefined at run time count
//! as mismatches; live-out bits it never defines at all cost 8 each (8 x the width for a whole
//! register, as STOKE charges an unwritten live-out); a fault where the target has none (or the
//! reverse) costs a large penalty. Evaluation stops as soon as the running sum exceeds a bound,
//! which is what makes Metropolis rejection cheap.

use super::moves::Slot;
use crate::semantics::frame::Checker;
use crate::semantics::insn::Insn;
use crate::semantics::interp::Machine;
use crate::semantics::locs::Locs;
use crate::semantics::native::Case;

/// What the target produced on one test case: live-out values and which bits of them are
/// meaningful (the target's own undefined bits are don't-cares).
#[derive(Debug, Clone, Copy)]
struct Expected {
    fault: bool,
    /// Per entry of `Evaluator::live`: value, and the bits to compare.
    vals: [u64; 16],
    care: [u64; 16],
    flags: u8,
    flags_care: u8,
}

/// Scores programs against the target on a fixed set of test cases.
#[derive(Debug, Clone)]
pub struct Evaluator {
    cases: Vec<Case>,
    expected: Vec<Expected>,
    /// Live-out registers and their bits.
    live: Vec<(usize, u64)>,
    live_flags: u8,
    fault_penalty: u64,
    /// The order cases are run in: a case that ends an evaluation early moves to the front, so
    /// the next proposal meets the cases that refute most first. The order changes no result:
    /// costs are never negative, so the sum exceeds a bound at some point of any order exactly
    /// when the total does, and a complete sum is the same in every order.
    order: Vec<u32>,
}

/// The result of a complete evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub cost: u64,
    pub failed: usize,
}

impl Evaluator {
    pub fn new(target: &[Insn], live_out: &Locs, cases: &[Case]) -> Evaluator {
        let live: Vec<(usize, u64)> = live_out
            .reg_nums()
            .map(|n| (n as usize, live_out.regs[n as usize]))
            .collect();
        let live_bits: u64 = live.iter().map(|(_, m)| m.count_ones() as u64).sum::<u64>()
            + live_out.flags.count_ones() as u64;
        let expected = cases
            .iter()
            .map(|c| {
                let mut m = Machine::new(c.regs, c.flags);
                let fault = m.run(target).is_err();
                let mut e = Expected {
                    fault,
                    vals: [0; 16],
                    care: [0; 16],
                    flags: m.flags & live_out.flags,
                    flags_care: live_out.flags & !m.undef_flags,
                };
                for (k, &(n, mask)) in live.iter().enumerate() {
                    e.vals[k] = m.regs[n] & mask;
                    e.care[k] = mask & !m.undef_regs[n];
                }
                e
            })
            .collect();
        Evaluator {
            cases: cases.to_vec(),
            expected,
            live,
            live_flags: live_out.flags,
            fault_penalty: (8 * live_bits).max(64),
            order: (0..cases.len() as u32).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.cases.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// Cost of `program` (occupied slots only) on test `t`. `undef` holds the live-out bits the program never defines
    /// (statically), `undef_flags` likewise.
    #[inline]
    fn case_cost(
        &self,
        m: &mut Machine,
        program: &[Slot],
        t: usize,
        undef: &[u64; 16],
        undef_flags: u8,
    ) -> u64 {
        let case = &self.cases[t];
        let e = &self.expected[t];
        m.reset(case.regs, case.flags);
        let mut fault = false;
        for slot in program {
            let Some(insn) = &slot.insn else { continue };
            if slot.run.step(m, insn, &slot.fx).is_err() {
                fault = true;
                break;
            }
        }
        if fault != e.fault {
            return self.fault_penalty;
        }
        if fault {
            return 0;
        }
        let mut cost = 0u64;
        for (k, &(n, _)) in self.live.iter().enumerate() {
            let never = undef[n];
            let care = e.care[k] & !never;
            let diff = ((m.regs[n] ^ e.vals[k]) | m.undef_regs[n]) & care;
            cost += diff.count_ones() as u64 + 8 * (never & e.care[k]).count_ones() as u64;
        }
        if self.live_flags != 0 {
            let care = e.flags_care & !undef_flags;
            let diff = ((m.flags ^ e.flags) | m.undef_flags) & care;
            cost += diff.count_ones() as u64 + 8 * (undef_flags & e.flags_care).count_ones() as u64;
        }
        cost
    }

    /// The total cost of `program` (its occupied slots: empty ones are skipped, but a caller
    /// that leaves them out saves the scan), or None as soon as the running sum exceeds `bound`.
    pub fn eval(
        &mut self,
        program: &[Slot],
        undef: &[u64; 16],
        undef_flags: u8,
        bound: u64,
    ) -> Option<Score> {
        let mut total = 0u64;
        let mut failed = 0usize;
        // One machine for all cases: a reset forgets the frame's contents without clearing them.
        let mut m = Machine::default();
        for k in 0..self.order.len() {
            let t = self.order[k] as usize;
            let c = self.case_cost(&mut m, program, t, undef, undef_flags);
            total += c;
            failed += (c != 0) as usize;
            if total > bound {
                if k != 0 {
                    self.order[..=k].rotate_right(1);
                }
                return None;
            }
        }
        Some(Score {
            cost: total,
            failed,
        })
    }
}

/// Registers, flags and frame bytes a program reads before defining them (not in def_in), and
/// uses of the stack outside [`crate::semantics::frame`]'s model: STOKE rejects such candidates, and the
/// verifier refuses them. Returns the live-out bits left undefined at the end, or None if the
/// program breaks a rule. Same rules as `verify::check_defined` (one [`Checker`]).
pub fn static_check(program: &[Slot], def_in: &Locs, live_out: &Locs) -> Option<([u64; 16], u8)> {
    let all: Vec<u8> = (0..program.len() as u8).collect();
    static_check_from(Checker::new(def_in), program, &all, live_out)
}

/// [`static_check`] of the rest of a program, `slots[i] for i in rest`, from the checker's state
/// after its first part (the search keeps the states of the current program, so a proposal is
/// checked from the first instruction it changed).
#[inline]
pub fn static_check_from(
    mut c: Checker,
    slots: &[Slot],
    rest: &[u8],
    live_out: &Locs,
) -> Option<([u64; 16], u8)> {
    for &i in rest {
        let slot = &slots[i as usize];
        if let Some(insn) = &slot.insn {
            c.step(insn, &slot.fx).ok()?;
        }
    }
    c.finish(live_out).ok()?;
    let undef: [u64; 16] = std::array::from_fn(|n| live_out.regs[n] & !c.regs[n]);
    Some((undef, live_out.flags & !c.flags))
}
