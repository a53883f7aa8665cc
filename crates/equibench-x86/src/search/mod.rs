//! STOKE's stochastic superoptimizer for the subset: an MCMC walk over fixed-length programs whose
//! cost is the Hamming distance to the target on test cases plus a latency term, with Metropolis
//! acceptance evaluated under an early-exit bound; and the driver that sends test-passing
//! candidates to the verifier, adding counterexamples to the tests.
//!
//! - [`moves`]: pools and the eight moves (instruction, opcode, operand, local swap, global swap,
//!   rotate, delete, insert; and dropping the frame of `-O0` code), always producing encodable
//!   code without `%rsp` as a register;
//! - [`cost`]: the correctness cost with early exit, and the definedness check;
//! - [`latency`]: the per-opcode latency table;
//! - [`rename`]: [`differs_beyond_renaming`], so equivalent pairs are real rewrites.
//!
//! Everything is a function of the seed: budgets are counted in proposals, never in seconds.

pub mod cost;
pub mod latency;
pub mod moves;
pub mod rename;

use crate::semantics::forms::interesting;
use crate::semantics::frame::Checker;
use crate::semantics::insn::Insn;
use crate::semantics::locs::Locs;
use crate::semantics::native::Case;
use crate::semantics::verify::{
    self, as_answered, Counterexample, FirstOpinion, Pending, Programs, Proof, VerifyOutcome,
};
use crate::X86Error;
use cost::{static_check_from, Evaluator};
use equibench_core::seed;
use equibench_core::tools::Tools;
use moves::{apply, Pools, Slot};
use rand::Rng;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::time::Duration;

pub use rename::differs_beyond_renaming;

/// Where a chain starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// From the target itself, looking for cheaper code (needs `latency_weight > 0` to move
    /// anywhere useful).
    Optimise,
    /// From an empty program of `max_len` slots.
    Synthesise,
}

/// Search parameters.
#[derive(Debug, Clone)]
pub struct Config {
    pub mode: Mode,
    /// Proposals per [`search`] call, split evenly over the `restarts + 1` chains.
    pub proposals: u64,
    /// Inverse temperature: a proposal costing `d` more is accepted with probability `exp(-beta d)`.
    pub beta: f64,
    /// Extra chains, each restarting from the initial program with its own random stream.
    pub restarts: u32,
    /// Weight of the latency term (0 for pure synthesis).
    pub latency_weight: u64,
    /// Program slots (in optimise mode at least the target's length).
    pub max_len: usize,
    /// Test cases [`superoptimise`] starts with.
    pub tests: usize,
    /// How many correct candidates and near misses to keep (each).
    pub keep: usize,
    /// [`superoptimise`]: search rounds at most (another round only after a counterexample).
    pub rounds: u32,
    /// [`superoptimise`]: test-passing candidates sent to the verifier per round at most.
    pub verify_per_round: usize,
    /// [`superoptimise`]: near misses sent to the verifier (to refute them) in total at most.
    pub refute: usize,
    /// [`superoptimise`]: z3's deterministic resource limit per query (see
    /// [`verify::Limits`]); `None` leaves only the wall-clock timeout, which makes the
    /// outcome depend on the machine's speed and load.
    pub solver_rlimit: Option<u64>,
    /// [`superoptimise`]: z3's deterministic resource limit for its second try, with sorted AC
    /// operands ([`equibench_toolchain::solver::Strategy::Z3_SORTED_AC`]).
    pub sorted_ac_rlimit: Option<u64>,
    /// [`superoptimise`]: cvc5's deterministic resource limit per query (its own units).
    pub cvc5_rlimit: Option<u64>,
    /// [`superoptimise`]: cvc5's limit once z3 as it comes has run out on the query
    /// ([`verify::Limits::after_z3`]).
    pub cvc5_after_retry_rlimit: Option<u64>,
    /// [`superoptimise`]: stop sending candidates to the verifier after this many `Unknown`
    /// answers (a target whose queries exhaust the limit, such as a multiplicative hash, tends to
    /// exhaust it every time, and each costs the whole limit).
    pub max_unknown: usize,
    /// [`superoptimise`]: leave cvc5's second opinion on z3's `unsat` to the caller
    /// ([`Superopt::pending`]), who asks it only of the rewrites it would pick: most proved
    /// candidates are never picked, and the second opinion is the costliest call of all.
    pub defer_second_opinion: bool,
    /// [`superoptimise`]: whether the solvers are asked with the target as the first program
    /// of the query (else the candidate first). A build sets it to the side its pairs will put
    /// the target on, so every query is, byte for byte, the one the audit rebuilds from the
    /// pair's text in the pair's order: z3 spends its rlimit differently on the two orders, so a
    /// proof of one may not replay on the other (issue 36).
    pub target_first: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            mode: Mode::Optimise,
            proposals: 200_000,
            beta: 1.0,
            restarts: 3,
            latency_weight: 1,
            max_len: 16,
            tests: 32,
            keep: 32,
            rounds: 4,
            verify_per_round: 8,
            refute: 4,
            solver_rlimit: Some(Z3_RLIMIT),
            sorted_ac_rlimit: Some(Z3_SORTED_AC_RLIMIT),
            cvc5_rlimit: Some(CVC5_RLIMIT),
            cvc5_after_retry_rlimit: Some(CVC5_AFTER_RETRY_RLIMIT),
            max_unknown: usize::MAX,
            defer_second_opinion: false,
            target_first: true,
        }
    }
}

impl Config {
    /// The limits [`superoptimise`] asks every query under (and a build records in evidence).
    pub fn limits(&self, timeout: Duration) -> verify::Limits {
        verify::Limits {
            z3_rlimit: self.solver_rlimit,
            z3_sorted_ac_rlimit: self.sorted_ac_rlimit,
            cvc5_rlimit: self.cvc5_rlimit,
            cvc5_after_retry_rlimit: self.cvc5_after_retry_rlimit,
            timeout,
            backstop: verify::Backstop::Retry,
        }
    }
}

/// z3's default `:rlimit`. Every `unknown` costs the whole limit (10,000,000 units took about
/// 2 s of CPU, and z3's second try, [`equibench_toolchain::solver::Strategy::Z3_SORTED_AC`], as much again),
/// so it sits just above what real answers need, measured with z3 4.8.12's `-st`
/// `rlimit-count` over the first 346 solver calls of a 400-pair build (bench/RESULTS.md,
/// "Issue 27 (third session)"): `unsat` answers used at most 1,041,254 units (the 32-bit
/// popcount of tests/search.rs; build proofs at most 704,282), `sat` answers (models that
/// become counterexamples) at most 4,682,294. The margin, 28% over the largest model, is for
/// the long tail of models, which grows with the build's size; a model it cuts off is asked of
/// cvc5 next, so it is not lost for certain.
pub const Z3_RLIMIT: u64 = 6_000_000;

/// z3's `:rlimit` for its second try (sorted AC operands), asked only what the first try left
/// open. Its answers come fast or not at all: over four 100-pair builds (seeds 1-4, 62 retries;
/// bench/RESULTS.md, "Issue 27 (fourth session)") its proofs used 112-645,878 units but one
/// (5,763,562), its models 1,583,560-2,260,235 but one (5,373,600), and 24 of the 62 ran out,
/// each costing the whole limit (0.7-3.8 s of CPU at 6,000,000). The limit keeps every answer
/// but those two, 10% above the largest model below it; a model it cuts off is asked of cvc5
/// next. What it costs: the seed-1 400-pair build loses p23's equivalent pair (an adder tree
/// the retry proves in 5,844,337 units), and the retries' unknowns cost 2.4 times less.
pub const Z3_SORTED_AC_RLIMIT: u64 = 2_500_000;

/// cvc5's default `:rlimit-per`. cvc5 1.0.3 counts one unit per rewrite step (about a
/// microsecond) and one per CaDiCaL termination check (`BvSatStep`, 50-270 us of CPU on the
/// queries measured), and cannot weigh them apart, so a query that runs out after bit-blasting
/// costs most of its CPU in the units above what its rewriting took (one took 22.6 s at
/// 100,000 and 15.2 s at 75,000). Real proofs (`--stats-internal`'s `resourceUnitsUsed`): the
/// 32-bit popcount (tests/search.rs) needs 63,497-63,500 units for each `popcnt` rewrite the
/// search finds; every second opinion of a build at most 26,493 (86 of a 100-pair build; 39
/// of the first 346 calls of a 400-pair one, at most 10,684). The limit is 18% above the
/// popcount: the same proof for another register choice or operand order needs a few units
/// more, not thousands, and the next-hardest proof of a build is 2.8 times below it.
/// `build_limits_sit_just_above_the_popcount_proof` (tests/search.rs) holds the limit to that:
/// the popcount is proved under it and not under four fifths of it.
pub const CVC5_RLIMIT: u64 = 75_000;

/// cvc5's `:rlimit-per` once z3 as it comes has run out on the query
/// ([`verify::Limits::after_z3`]). Over four 100-pair builds (seeds 1-4): of the second
/// opinions on proofs of z3's retry, the 4 cvc5 proved needed 202-389 units and the other 3
/// ran out after 15-16 s of CPU each (SAT-bound: over a fifth of all solver CPU of those builds);
/// asked after both z3 tries ran out (where only a model helps: its `unsat` lacks z3's), cvc5
/// gave no model in 25 queries and spent up to 7 s on one (0.02-0.5 s at this limit).
/// 77 times the largest of those proofs, 27% above p23's (an adder tree the retry proves, which
/// cvc5 proves in 23,620 units); [`CVC5_RLIMIT`] stays for everything else, as the
/// second opinions on z3's first try need up to 39,290 units and the popcount 63,500.
pub const CVC5_AFTER_RETRY_RLIMIT: u64 = 30_000;

/// A program the search found, with its scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub program: Vec<Insn>,
    /// Correctness cost on the tests (0 = passes them all).
    pub cost: u64,
    /// Sum of the latency table over the program.
    pub latency: u64,
    /// Test cases with a nonzero cost.
    pub tests_failed: usize,
    pub tests_total: usize,
}

/// What one [`search`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Programs passing every test (the target itself excluded), distinct, lowest latency first
    /// within each length class (shorter, as long, longer than the target), classes interleaved.
    pub correct: Vec<Candidate>,
    /// Programs failing some test, distinct, lowest cost first within each length class, classes
    /// interleaved.
    pub near_misses: Vec<Candidate>,
    pub proposals: u64,
    pub accepted: u64,
}

/// What [`superoptimise`] found.
#[derive(Debug, Clone)]
pub struct Superopt {
    /// Candidates the verifier proved equivalent to the target, with who proved them.
    pub verified: Vec<(Candidate, Proof)>,
    /// With [`Config::defer_second_opinion`], candidates z3 proved equivalent, in the order
    /// found, awaiting cvc5's second opinion ([`Pending::second_opinion`]); `verified` stays
    /// empty then.
    pub pending: Vec<(Candidate, Pending)>,
    /// Candidates the verifier refuted, with the counterexample (confirmed on the hardware).
    pub refuted: Vec<(Candidate, Counterexample)>,
    /// Programs that failed some test of the round that found them (so are inequivalent, by that
    /// test), distinct, in the order found; not sent to the verifier.
    pub near_misses: Vec<Candidate>,
    /// Verifier answers `Unknown`.
    pub unknown: usize,
    /// The same, by the name a build counts them under ([`verify::UnknownReason::counted_as`]).
    pub unknown_by_reason: BTreeMap<&'static str, usize>,
    /// Candidates dropped before the verifier because they read a register outside def_in
    /// before writing it.
    pub reads_undefined: usize,
    /// Verifier errors that concern one candidate only (a model the hardware disagrees with: a
    /// bug in the semantic model), kept to be reported rather than aborting the search.
    pub errors: Vec<String>,
    /// The final test set (initial tests plus counterexamples).
    pub tests: Vec<Case>,
    pub proposals: u64,
}

/// Edge values every test set starts with: zero, one, all ones, sign bits of each width, values
/// above 32 bits, alternating patterns, shift-count-sized values.
const EDGE_VALUES: [u64; 16] = [
    0,
    1,
    u64::MAX,
    0x8000_0000_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x1_0000_0000,
    2,
    0x5555_5555_5555_5555,
    0xaaaa_aaaa_aaaa_aaaa,
    0x80,
    0x8000,
    63,
    0xffff_ffff_0000_0000,
    0x1234_5678_9abc_def0,
];

/// `n` test inputs for `def_in`: edge values first (different combinations per register), then
/// random values biased toward edges. Registers outside def_in are zero (a candidate reading them
/// is rejected anyway).
pub fn initial_tests(def_in: &Locs, n: usize, seed: u64) -> Vec<Case> {
    let mut rng = seed::rng(seed, &["x86-search-tests"]);
    let nums: Vec<u8> = def_in.reg_nums().collect();
    (0..n)
        .map(|k| {
            let mut c = Case::default();
            for (j, &num) in nums.iter().enumerate() {
                let v = if k < EDGE_VALUES.len() {
                    EDGE_VALUES[(k + 5 * j) % EDGE_VALUES.len()]
                } else {
                    interesting(&mut rng)
                };
                c.regs[num as usize] = v & def_in.regs[num as usize];
            }
            c.flags = rng.gen_range(0..=crate::semantics::flags::ALL) & def_in.flags;
            c
        })
        .collect()
}

fn program_hash(program: &[Insn]) -> u64 {
    let mut h = DefaultHasher::new();
    program.hash(&mut h);
    h.finish()
}

/// Where a candidate's length stands against the target's: shorter, as long, longer. Candidates
/// are kept and verified per length class, so both labels can draw on rewrites of every shape
/// (issue 14: a label must not follow from whether a rewrite changes the length).
fn length_class(len: usize, target_len: usize) -> usize {
    match len.cmp(&target_len) {
        std::cmp::Ordering::Less => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 2,
    }
}

/// Keeps the best distinct candidates of each kind, `keep` of each per length class.
struct Collector {
    keep: usize,
    tests_total: usize,
    target_len: usize,
    exclude: u64,
    correct: [Vec<Candidate>; 3],
    correct_seen: HashSet<u64>,
    near: [Vec<Candidate>; 3],
    near_seen: HashSet<u64>,
}

impl Collector {
    fn new(keep: usize, tests_total: usize, exclude: &[Insn]) -> Collector {
        Collector {
            keep,
            tests_total,
            target_len: exclude.len(),
            exclude: program_hash(exclude),
            correct: Default::default(),
            correct_seen: HashSet::new(),
            near: Default::default(),
            near_seen: HashSet::new(),
        }
    }

    fn correct_key(c: &Candidate) -> (u64, usize) {
        (c.latency, c.program.len())
    }

    fn near_key(c: &Candidate) -> (u64, usize, u64) {
        (c.cost, c.tests_failed, c.latency)
    }

    /// The index of the worst kept candidate by `key`.
    fn worst<K: Ord>(list: &[Candidate], key: impl Fn(&Candidate) -> K) -> usize {
        let mut w = 0;
        for (i, c) in list.iter().enumerate() {
            if key(c) > key(&list[w]) {
                w = i;
            }
        }
        w
    }

    /// Keep `program` if it is among the best so far. Recording a program again with the same
    /// scores changes nothing (the seen sets only grow; a full list only gets better, so what was
    /// not good enough stays so), which lets [`chain`] skip it.
    fn record(&mut self, program: &[Insn], cost: u64, failed: usize, latency: u64) {
        if self.keep == 0 {
            return;
        }
        let class = length_class(program.len(), self.target_len);
        let cand = |program: &[Insn]| Candidate {
            program: program.to_vec(),
            cost,
            latency,
            tests_failed: failed,
            tests_total: self.tests_total,
        };
        if cost == 0 {
            let list = &mut self.correct[class];
            let full = list.len() >= self.keep;
            let w = Self::worst(list, Self::correct_key);
            if full && (latency, program.len()) >= Self::correct_key(&list[w]) {
                return;
            }
            let h = program_hash(program);
            if h == self.exclude || !self.correct_seen.insert(h) {
                return;
            }
            let c = cand(program);
            if full {
                list[w] = c;
            } else {
                list.push(c);
            }
        } else {
            let list = &mut self.near[class];
            let full = list.len() >= self.keep;
            let w = Self::worst(list, Self::near_key);
            if full && (cost, failed, latency) >= Self::near_key(&list[w]) {
                return;
            }
            let h = program_hash(program);
            if !self.near_seen.insert(h) {
                return;
            }
            let c = cand(program);
            if full {
                list[w] = c;
            } else {
                list.push(c);
            }
        }
    }

    /// Both kinds, each best first within its length class and the classes interleaved (the best
    /// of each class, then the second of each, ...), so that a caller taking the first few gets
    /// every shape there is.
    fn finish(self) -> (Vec<Candidate>, Vec<Candidate>) {
        let interleave =
            |mut lists: [Vec<Candidate>; 3],
             key: &dyn Fn(&Candidate, &Candidate) -> std::cmp::Ordering| {
                for l in &mut lists {
                    l.sort_by(|a, b| key(a, b));
                }
                let mut out = Vec::new();
                let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
                let mut iters: Vec<_> = lists.into_iter().map(Vec::into_iter).collect();
                for _ in 0..longest {
                    for it in &mut iters {
                        out.extend(it.next());
                    }
                }
                out
            };
        let correct = interleave(self.correct, &|a, b| {
            (Self::correct_key(a), &a.program).cmp(&(Self::correct_key(b), &b.program))
        });
        let near = interleave(self.near, &|a, b| {
            (Self::near_key(a), &a.program).cmp(&(Self::near_key(b), &b.program))
        });
        (correct, near)
    }
}

/// The initial slots of a chain.
fn initial_slots(target: &[Insn], config: &Config) -> Vec<Slot> {
    match config.mode {
        Mode::Optimise => {
            let n = config.max_len.max(target.len());
            let mut v: Vec<Slot> = target.iter().map(|i| Slot::new(*i)).collect();
            v.resize(n, Slot::EMPTY);
            v
        }
        Mode::Synthesise => vec![Slot::EMPTY; config.max_len.max(1)],
    }
}

/// The executable program of the slots: the indices of the occupied ones, into a reused buffer.
#[inline]
fn compact(slots: &[Slot], out: &mut Vec<u8>) {
    out.clear();
    out.extend(
        slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.insn.is_some())
            .map(|(i, _)| i as u8),
    );
}

/// The slots of a program, contiguous (for the evaluator's inner loop), into a reused buffer.
#[inline]
fn gather(slots: &[Slot], program: &[u8], out: &mut Vec<Slot>) {
    out.clear();
    out.extend(program.iter().map(|&i| slots[i as usize]));
}

/// The instructions of a program, into a reused buffer.
#[inline]
fn insns(slots: &[Slot], program: &[u8], out: &mut Vec<Insn>) {
    out.clear();
    out.extend(program.iter().filter_map(|&i| slots[i as usize].insn));
}

/// Where the program `slots[i] for i in program` first differs from `insns` (the shorter one's
/// length when one is a prefix of the other, so equal programs give their length).
#[inline]
fn first_difference(slots: &[Slot], program: &[u8], insns: &[Insn]) -> usize {
    program
        .iter()
        .zip(insns)
        .position(|(&i, y)| slots[i as usize].insn.as_ref() != Some(y))
        .unwrap_or(program.len().min(insns.len()))
}

/// The static checker's state before each instruction of the program from `from` on, and after
/// its last, into `states` (whose first `from + 1` entries are kept). None if the program breaks
/// a rule before its end.
fn checker_states(
    slots: &[Slot],
    program: &[u8],
    from: usize,
    states: &mut Vec<Checker>,
) -> Option<()> {
    states.truncate(from + 1);
    let mut c = states[from];
    for &i in &program[from..] {
        let slot = &slots[i as usize];
        c.step(slot.insn.as_ref()?, &slot.fx).ok()?;
        states.push(c);
    }
    Some(())
}

/// One in this many proposals rejected on cost is kept as a near miss.
const REJECTED_SAMPLE: u64 = 64;

/// The Metropolis bound for a proposal from `current`: accept iff new cost <= the bound.
#[inline]
fn acceptance_bound(current: u64, p: f64, beta: f64) -> u64 {
    let slack = -p.ln() / beta;
    let b = current as f64 + slack;
    // NaN and huge slack both mean "accept anything".
    if b.is_nan() || b >= 4.0e18 {
        u64::MAX / 4
    } else {
        b.floor() as u64
    }
}

/// What every chain of one [`search`] shares: the move pools, the target's locations, the
/// initial program and the parameters.
#[derive(Clone, Copy)]
struct Walk<'a> {
    pools: &'a Pools,
    def_in: &'a Locs,
    live_out: &'a Locs,
    init: &'a [Slot],
    config: &'a Config,
}

/// One chain of the walk; returns (proposals, accepted).
///
/// Work the outcome does not depend on is skipped:
/// - a proposal whose executable program (its occupied slots in order) is the current one, as a
///   swap or rotation among empty slots often makes, costs what the current program costs: it
///   passes the static check and is accepted, so neither is run again (the random draw of its
///   acceptance is still made, so the walk stays the same), and recording it again would change
///   nothing (see [`Collector::record`]);
/// - the static check starts from the checker's state before the first instruction the proposal
///   changed, kept for every instruction of the current program;
/// - programs are evaluated without their empty slots.
fn chain(
    walk: &Walk,
    eval: &mut Evaluator,
    budget: u64,
    rng: &mut seed::Rng,
    collector: &mut Collector,
) -> (u64, u64) {
    let Walk {
        pools,
        def_in,
        live_out,
        init,
        config,
    } = *walk;
    let mut slots = init.to_vec();
    let latency = |prog: &[u8], slots: &[Slot]| {
        prog.iter()
            .map(|&i| slots[i as usize].latency as u64)
            .sum::<u64>()
    };
    // The proposal's executable program (indices of its occupied slots).
    let mut prog: Vec<u8> = Vec::with_capacity(slots.len());
    compact(&slots, &mut prog);
    // The current executable program: its instructions, the checker's states along it, its
    // score, and whether the collector has seen it with that score.
    let mut cur: Vec<Insn> = Vec::with_capacity(slots.len());
    insns(&slots, &prog, &mut cur);
    let mut checks = vec![Checker::new(def_in)];
    if checker_states(&slots, &prog, 0, &mut checks).is_none() {
        return (0, 0);
    }
    let Some((undef, undef_flags)) = static_check_from(checks[0], &slots, &prog, live_out) else {
        return (0, 0);
    };
    let mut run: Vec<Slot> = Vec::with_capacity(slots.len());
    gather(&slots, &prog, &mut run);
    let Some(mut cur_score) = eval.eval(&run, &undef, undef_flags, u64::MAX) else {
        return (0, 0);
    };
    let mut cur_latency = latency(&prog, &slots);
    let mut current = cur_score.cost + config.latency_weight * cur_latency;
    let mut cur_recorded = false;
    // The instructions of a program being recorded.
    let mut exec: Vec<Insn> = Vec::with_capacity(slots.len());
    let (mut proposals, mut accepted, mut rejected) = (0u64, 0u64, 0u64);
    let mut attempts = 0u64;
    while proposals < budget && attempts < budget.saturating_mul(8) {
        attempts += 1;
        let kind = pools.moves[rng.gen_range(0..pools.moves.len())];
        let Some(undo) = apply(pools, rng, &mut slots, kind) else {
            continue;
        };
        proposals += 1;
        compact(&slots, &mut prog);
        let first = first_difference(&slots, &prog, &cur);
        if first == prog.len() && first == cur.len() {
            // The draw the acceptance test would make; it always accepts.
            let _: f64 = rng.gen();
            accepted += 1;
            if !cur_recorded {
                collector.record(&cur, cur_score.cost, cur_score.failed, cur_latency);
                cur_recorded = true;
            }
            continue;
        }
        let Some((undef, undef_flags)) =
            static_check_from(checks[first], &slots, &prog[first..], live_out)
        else {
            undo.undo(&mut slots);
            continue;
        };
        let lat = latency(&prog, &slots);
        let perf = config.latency_weight * lat;
        let p = 1.0 - rng.gen::<f64>();
        let bound = acceptance_bound(current, p, config.beta);
        gather(&slots, &prog, &mut run);
        if perf > bound {
            // Rejected on latency alone; a correct program is still worth keeping.
            if eval.eval(&run, &undef, undef_flags, 0).is_some() {
                insns(&slots, &prog, &mut exec);
                collector.record(&exec, 0, 0, lat);
            }
            undo.undo(&mut slots);
            continue;
        }
        match eval.eval(&run, &undef, undef_flags, bound - perf) {
            Some(s) => {
                current = s.cost + perf;
                accepted += 1;
                insns(&slots, &prog, &mut cur);
                collector.record(&cur, s.cost, s.failed, lat);
                checker_states(&slots, &prog, first, &mut checks)
                    .expect("an accepted program passed the static check");
                cur_score = s;
                cur_latency = lat;
                cur_recorded = true;
            }
            None => {
                // Rejected on cost: it fails some test. A sample of these keeps the near misses
                // one move away from where the chain walks (for most targets, next to correct
                // rewrites), not only the few the walk accepts; the cost recorded is a lower
                // bound.
                rejected += 1;
                if rejected % REJECTED_SAMPLE == 0 {
                    insns(&slots, &prog, &mut exec);
                    collector.record(&exec, (bound - perf).saturating_add(1), 1, lat);
                }
                undo.undo(&mut slots)
            }
        }
    }
    (proposals, accepted)
}

/// Pure search over the given tests (no solver): `restarts + 1` chains from the initial program
/// (the target in optimise mode, empty slots in synthesis mode).
pub fn search(
    target: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    tests: &[Case],
    config: &Config,
    seed: u64,
) -> SearchOutcome {
    let pools = Pools::new(target, def_in, live_out);
    let mut eval = Evaluator::new(target, live_out, tests);
    let init = initial_slots(target, config);
    let mut collector = Collector::new(config.keep, tests.len(), target);
    let chains = config.restarts as u64 + 1;
    let (mut proposals, mut accepted) = (0, 0);
    for c in 0..chains {
        let budget = config.proposals / chains + u64::from(c < config.proposals % chains);
        let mut rng = seed::rng(seed, &["x86-search", &c.to_string()]);
        let walk = Walk {
            pools: &pools,
            def_in,
            live_out,
            init: &init,
            config,
        };
        let (p, a) = chain(&walk, &mut eval, budget, &mut rng, &mut collector);
        proposals += p;
        accepted += a;
    }
    let (correct, near_misses) = collector.finish();
    SearchOutcome {
        correct,
        near_misses,
        proposals,
        accepted,
    }
}

/// STOKE's loop: search; send candidates passing every test to the verifier; a counterexample
/// joins the tests and the search runs again (up to `config.rounds` rounds). Low-cost near misses
/// are sent to the verifier too, so inequivalent rewrites come with confirmed counterexamples.
pub fn superoptimise(
    target: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    config: &Config,
    seed: u64,
    tools: &Tools,
    verify_timeout: Duration,
) -> Result<Superopt, X86Error> {
    verify::check_defined(target, def_in, live_out, "target")?;
    let mut out = Superopt {
        verified: Vec::new(),
        pending: Vec::new(),
        refuted: Vec::new(),
        near_misses: Vec::new(),
        unknown: 0,
        unknown_by_reason: BTreeMap::new(),
        reads_undefined: 0,
        errors: Vec::new(),
        tests: initial_tests(def_in, config.tests, seed),
        proposals: 0,
    };
    let problem = &Problem {
        target,
        def_in,
        live_out,
        tools,
        defer_second_opinion: config.defer_second_opinion,
        target_first: config.target_first,
        limits: config.limits(verify_timeout),
    };
    let mut tried: HashSet<Vec<Insn>> = HashSet::new();
    let mut refute_left = config.refute;
    let mut near_seen: HashSet<Vec<Insn>> = HashSet::new();
    for round in 0..config.rounds.max(1) {
        let found = search(
            target,
            def_in,
            live_out,
            &out.tests,
            config,
            seed::derive_seed(seed, &["x86-superopt-round", &round.to_string()]),
        );
        out.proposals += found.proposals;
        let mut correct = found.correct;
        // Real rewrites first (the length classes stay interleaved: the sort is stable).
        correct.sort_by_key(|c| !differs_beyond_renaming(target, &c.program));
        let mut new_counterexample = false;
        let mut sent = 0;
        for cand in correct {
            if sent >= config.verify_per_round || out.unknown >= config.max_unknown {
                break;
            }
            if !tried.insert(cand.program.clone()) {
                continue;
            }
            sent += 1;
            new_counterexample |= check(problem, cand, &mut out)?;
        }
        let mut near = found.near_misses;
        near.sort_by_key(|c| (c.tests_failed, c.cost, c.latency));
        for cand in &near {
            if refute_left == 0 || out.unknown >= config.max_unknown {
                break;
            }
            if !tried.insert(cand.program.clone()) {
                continue;
            }
            refute_left -= 1;
            check(problem, cand.clone(), &mut out)?;
        }
        for cand in near {
            if near_seen.insert(cand.program.clone()) {
                out.near_misses.push(cand);
            }
        }
        if !new_counterexample {
            break;
        }
    }
    Ok(out)
}

/// What [`check`] needs besides the candidate.
struct Problem<'a> {
    target: &'a [Insn],
    def_in: &'a Locs,
    live_out: &'a Locs,
    tools: &'a Tools,
    limits: verify::Limits,
    defer_second_opinion: bool,
    target_first: bool,
}

/// Verify one candidate and file it under verified, refuted (its counterexample joining the tests)
/// or unknown; errors that concern only this candidate are recorded, not raised. Returns whether
/// a new counterexample was found.
fn check(p: &Problem, cand: Candidate, out: &mut Superopt) -> Result<bool, X86Error> {
    let (a, b) = if p.target_first {
        (p.target, cand.program.as_slice())
    } else {
        (cand.program.as_slice(), p.target)
    };
    let programs = Programs {
        a,
        b,
        def_in: p.def_in,
        live_out: p.live_out,
    };
    let opinion = match verify::first_opinion(&programs, p.tools, &p.limits, &as_answered) {
        Ok(FirstOpinion::Unsat(pending)) if p.defer_second_opinion => {
            out.pending.push((cand, pending));
            return Ok(false);
        }
        Ok(FirstOpinion::Unsat(pending)) => pending.second_opinion(p.tools, &as_answered),
        Ok(FirstOpinion::Decided(v)) => Ok(v),
        Err(e) => Err(e),
    };
    let outcome = match opinion {
        Ok(v) => v,
        // The tests give registers outside def_in a fixed value, so a candidate may pass them
        // while reading such a register; it has no meaning as a rewrite and is dropped.
        Err(X86Error::ReadsUndefined { .. }) => {
            out.reads_undefined += 1;
            return Ok(false);
        }
        Err(e @ X86Error::ModelNotReproduced(_)) => {
            out.errors.push(format!("{e}"));
            return Ok(false);
        }
        Err(e) => return Err(e),
    };
    Ok(match outcome {
        VerifyOutcome::Equivalent(proof) => {
            out.verified.push((cand, proof));
            false
        }
        VerifyOutcome::Counterexample(c) => {
            out.tests.push(c.input);
            out.refuted.push((cand, *c));
            true
        }
        VerifyOutcome::Unknown(why) => {
            out.unknown += 1;
            *out.unknown_by_reason
                .entry(why.reason.counted_as())
                .or_default() += 1;
            false
        }
    })
}
