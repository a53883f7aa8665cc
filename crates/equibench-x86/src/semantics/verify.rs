//! The equivalence verifier (STOKE's bounded validator for loop-free code): both programs are
//! encoded from one shared symbolic input state; the solvers are asked whether some live-out bit
//! (or the fault status) can differ. Equivalence needs `unsat` from BOTH z3 and cvc5 on the same
//! query; a model of either (`sat`) is replayed natively and becomes a counterexample only if the
//! hardware shows the difference. z3 answers first; cvc5 re-checks its `unsat` and is asked what
//! z3 leaves unknown. In a build every answer is taken under a deterministic resource limit
//! ([`Limits`]), never a wall-clock one.

use crate::semantics::codec;
use crate::semantics::flags;
use crate::semantics::frame::{Checker, Problem};
use crate::semantics::insn::{Fx, Insn};
use crate::semantics::interp::Machine;
use crate::semantics::locs::Locs;
use crate::semantics::native::{self, Case, Outcome};
use crate::semantics::parse::parse_program;
use crate::semantics::reg::name64;
use crate::semantics::smt::{input_state, Encoder};
use crate::X86Error;
use equibench_core::pair::sha256_hex;
use equibench_core::tools::Tools;
use equibench_toolchain::solver::{self, Remembered, SatResult, Solver, SolverError, Strategy};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// What `equibench tool x86 verify` does, for its `--help` (kept here, beside the verifier it
/// describes, so the CLI names no solver).
pub const CLI_ABOUT: &str = "Decide whether two x86-64 programs (AT&T syntax, loop-free, supported \
subset) agree on the live-out registers for every value of the def-in registers: prints the verdict \
and any counterexample (run natively); exit 0 equivalent, 1 inequivalent, 2 unknown, 3 no verdict \
(a program outside the supported subset, a parse error, an unreadable file, a missing tool), so \
that an error is never read as a verdict. Labels, comments and directives that emit nothing \
(.globl, .type, .size, .text, .file, .loc, .ident, .cfi_*, text sections, alignment before the \
first instruction) are skipped; any other directive (.byte, .rept, .if, .set, .macro, \
.intel_syntax, ...) gets no verdict. Stack slots may lie at most 128 bytes (the SysV red zone) \
below %rsp. Two solvers decide: z3 first (as it comes, then with sorted AC operands if it has no \
answer), cvc5 second, each under a deterministic resource limit (--rlimit; the same answer on any \
machine) and a wall clock (--timeout) past which it has no answer; equivalent only when BOTH answer \
unsat; a model (sat) of either is a counterexample only once the CPU reproduces it in bits the \
architecture defines (programs that differ only in undefined bits, such as a flag `imul` leaves \
undefined, or `bsr`'s result at 0, get no verdict: unknown); no answer from one, or sat against unsat \
(the query is then saved in $EQUIBENCH_X86_SOLVER_LOG or the temporary directory), is unknown";

/// How long each solver may think before the answer is `Unknown` (`tool x86 verify`): a backstop
/// above what [`ONE_QUESTION_Z3_RLIMIT`] and [`ONE_QUESTION_CVC5_RLIMIT`] take on a loaded machine
/// (cvc5's popcount proof below took 132 s of wall clock at a load of 17 on two cores).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// z3's `:rlimit` for one question (`tool x86 verify`), for both of its tries. The 64-bit SWAR
/// popcount against `popcntq` (tests/integration/known_answers.rs) needs 6,273,312 units (z3
/// 4.8.12 `-st`, 7.4 s of CPU): more than a build's [`crate::search::Z3_RLIMIT`], under the
/// 10,000,000 builds gave z3 before each strategy had its own limit (issue 27). A user asking one
/// question waits for one answer, not thousands, so the limit is set for the hard question: six
/// times that old limit, about 75 s of CPU when it runs out.
pub const ONE_QUESTION_Z3_RLIMIT: u64 = 60_000_000;

/// cvc5's `:rlimit-per` for one question, whichever z3 try came before. The same popcount needs
/// 256,576 units (`--stats-internal`, 37.6 s of CPU): more than the 100,000 builds gave cvc5
/// before issue 27, so `tool x86 verify` under its old 60 s wall clock gave no answer on a loaded
/// machine (issue 36). Ten times that old limit, about four times the popcount's need.
pub const ONE_QUESTION_CVC5_RLIMIT: u64 = 1_000_000;

/// What the solvers may spend on one query. With the same solver versions a query either finishes
/// within its `rlimit` or not, whatever the load of the machine, so a build that depends on the
/// answers stays a pure function of its seed; `timeout` is then only a backstop (per solver call,
/// far above what the rlimits take) whose expiry is what [`Backstop`] says. `None` leaves only the
/// wall clock, which makes an `Unknown` depend on the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// z3's `:rlimit` for its first try ([`Strategy::Z3`]).
    pub z3_rlimit: Option<u64>,
    /// z3's `:rlimit` for its second try ([`Strategy::Z3_SORTED_AC`]), which is asked only
    /// what the first try left open: its own limit, because the proofs it finds need far fewer
    /// units than the first try's models do, and each of its `unknown`s costs the whole limit.
    pub z3_sorted_ac_rlimit: Option<u64>,
    /// cvc5's `:rlimit-per` (its own units, unrelated to z3's).
    pub cvc5_rlimit: Option<u64>,
    /// cvc5's `:rlimit-per` on a query z3 as it comes ran out on (its second try proved it, or
    /// neither try answered): such a query bit-blasts multipliers, which cvc5 rarely gets through
    /// ([`Limits::after_z3`]).
    pub cvc5_after_retry_rlimit: Option<u64>,
    pub timeout: Duration,
    /// What a run past `timeout` under an rlimit means.
    pub backstop: Backstop,
}

/// What a solver run that the wall clock stops means when it had a deterministic limit too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backstop {
    /// A build's (and an audit's): the answer is a function of the query alone, so the run is
    /// asked again with more time and, if it never ends, an error ([`X86Error::OutOfTime`]),
    /// never an `Unknown` that would depend on the machine.
    Retry,
    /// One question's (`tool x86 verify`): the user gave the solver this long; no answer by then
    /// is `Unknown`, said once.
    GiveUp,
}

impl Limits {
    /// Wall-clock limits only.
    pub fn wall_clock(timeout: Duration) -> Limits {
        Limits {
            z3_rlimit: None,
            z3_sorted_ac_rlimit: None,
            cvc5_rlimit: None,
            cvc5_after_retry_rlimit: None,
            timeout,
            backstop: Backstop::GiveUp,
        }
    }

    /// The limits of one question (`tool x86 verify`): [`ONE_QUESTION_Z3_RLIMIT`] for both z3
    /// tries, [`ONE_QUESTION_CVC5_RLIMIT`] for cvc5 whatever came before, and `timeout` of wall
    /// clock per solver call, past which a solver has no answer. A build's limits
    /// ([`crate::search::Config::limits`]) are cut to what a build's many queries can afford; one
    /// question can afford more.
    pub fn one_question(timeout: Duration) -> Limits {
        Limits {
            z3_rlimit: Some(ONE_QUESTION_Z3_RLIMIT),
            z3_sorted_ac_rlimit: Some(ONE_QUESTION_Z3_RLIMIT),
            cvc5_rlimit: Some(ONE_QUESTION_CVC5_RLIMIT),
            cvc5_after_retry_rlimit: Some(ONE_QUESTION_CVC5_RLIMIT),
            timeout,
            backstop: Backstop::GiveUp,
        }
    }

    /// The limits cvc5 is asked under once z3 has answered with `z3` (the strategy that
    /// decided, or the last one tried): the usual ones after z3 as it comes, and cvc5's
    /// `cvc5_after_retry_rlimit` once z3's first try ran out. Those queries multiply (the
    /// sorted-AC retry exists for operands reordered before a multiplication), and cvc5's lazy
    /// bit-blasting spends its whole limit on them in CaDiCaL (about 15 s at 75,000 units,
    /// bench/RESULTS.md "Issue 27 (fourth session)"), while the few it proves need few units.
    pub fn after_z3(&self, z3: Strategy) -> Limits {
        if z3 == Strategy::Z3 {
            return *self;
        }
        Limits {
            cvc5_rlimit: self.cvc5_after_retry_rlimit,
            ..*self
        }
    }

    /// The deterministic limit `strategy` is asked under.
    pub fn rlimit(&self, strategy: Strategy) -> Option<u64> {
        match strategy.solver {
            Solver::Z3 if strategy == Strategy::Z3_SORTED_AC => self.z3_sorted_ac_rlimit,
            Solver::Z3 => self.z3_rlimit,
            Solver::Cvc5 => self.cvc5_rlimit,
        }
    }

    fn describe(&self, strategy: Strategy) -> String {
        match (self.rlimit(strategy), self.backstop) {
            (Some(r), Backstop::Retry) => format!("{} (rlimit {r})", strategy.describe()),
            (Some(r), Backstop::GiveUp) => format!(
                "{} (rlimit {r}, within {:.0?})",
                strategy.describe(),
                self.timeout
            ),
            (None, _) => format!("{} (within {:.0?})", strategy.describe(), self.timeout),
        }
    }
}

/// A def_in assignment on which the programs' live-outs differ on the hardware.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The input state (only def_in bits matter; the rest is zero).
    pub input: Case,
    pub def_in: Locs,
    pub live_out: Locs,
    /// What each program did natively.
    pub a: Outcome,
    pub b: Outcome,
    /// Whose model it is.
    pub found_by: Strategy,
    /// sha256 of the query whose model it is ([`query_sha256`]).
    pub query_sha256: String,
}

/// Why there is no verdict; each reason is counted under its own name when a build drops the
/// candidate ([`UnknownReason::counted_as`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownReason {
    /// Neither solver decided the query within its limit.
    NoAnswer,
    /// One solver answered `unsat`, the other gave no answer within its limit.
    SecondSolverUnknown,
    /// One solver answered `unsat`, the other `sat`: a solver bug, or an encoding one solver
    /// reads differently. The query is logged ([`solver::log_query`]).
    SolversDisagree,
    /// A model exists, but its difference lies in architecturally undefined bits or cannot be
    /// run on this CPU, so the hardware cannot confirm it.
    Unconfirmed,
    /// The hardware shows the model's difference, but only in bits the architecture leaves
    /// undefined (a flag `imul` leaves undefined read by `sete`, `bsr`'s result at 0): a fact
    /// about this CPU, not about the programs ([`one_question`]; a build counts such a refutation
    /// when it drops it, [`differs_only_in_undefined_bits`]).
    UndefinedBits,
}

impl UnknownReason {
    /// The rejection reason a build reports.
    pub fn counted_as(self) -> &'static str {
        match self {
            UnknownReason::NoAnswer | UnknownReason::Unconfirmed => "verifier-unknown",
            UnknownReason::SecondSolverUnknown => "second-solver-unknown",
            UnknownReason::SolversDisagree => "solvers-disagree",
            UnknownReason::UndefinedBits => "counterexample-in-undefined-bits",
        }
    }
}

/// No verdict, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undecided {
    pub reason: UnknownReason,
    pub detail: String,
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

fn undecided(reason: UnknownReason, detail: impl Into<String>) -> VerifyOutcome {
    VerifyOutcome::Unknown(Undecided {
        reason,
        detail: detail.into(),
    })
}

/// The verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyOutcome {
    /// Both z3 and cvc5 answered `unsat`.
    Equivalent(Proof),
    /// A solver's model, confirmed natively.
    Counterexample(Box<Counterexample>),
    Unknown(Undecided),
}

/// Who proved an equivalence: the strategy of each solver that answered `unsat`, z3's first, and
/// the query they answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    pub unsat: Vec<Strategy>,
    /// sha256 of the query both answered ([`query_sha256`]).
    pub query_sha256: String,
}

impl VerifyOutcome {
    pub fn is_equivalent(&self) -> bool {
        matches!(self, VerifyOutcome::Equivalent(_))
    }

    /// The CLI's exit status: 0 equivalent, 1 inequivalent, 2 unknown (3, no verdict at all, is
    /// an error's: [`crate::command::NO_VERDICT`]).
    pub fn exit_code(&self) -> i32 {
        match self {
            VerifyOutcome::Equivalent(_) => 0,
            VerifyOutcome::Counterexample(_) => 1,
            VerifyOutcome::Unknown(_) => 2,
        }
    }
}

fn signal_name(s: i32) -> String {
    match s {
        0 => "none".into(),
        libc::SIGFPE => "SIGFPE".into(),
        libc::SIGSEGV => "SIGSEGV".into(),
        libc::SIGILL => "SIGILL".into(),
        s => format!("signal {s}"),
    }
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "counterexample ({}'s model, confirmed natively; def_in {}):",
            self.found_by.describe(),
            self.def_in
        )?;
        for n in self.def_in.reg_nums() {
            writeln!(
                f,
                "  %{} = {:#018x}",
                name64(n),
                self.input.regs[n as usize]
            )?;
        }
        for name in flags::names(self.def_in.flags) {
            let bit = flags::parse(name).unwrap_or(0);
            writeln!(f, "  %{name} = {}", u8::from(self.input.flags & bit != 0))?;
        }
        writeln!(f, "live_out {}:", self.live_out)?;
        for (label, o) in [("A", &self.a), ("B", &self.b)] {
            if o.signal != 0 {
                writeln!(f, "  {label}: faulted with {}", signal_name(o.signal))?;
                continue;
            }
            let mut parts = Vec::new();
            for n in self.live_out.reg_nums() {
                let v = o.regs[n as usize] & self.live_out.regs[n as usize];
                parts.push(format!("%{} = {v:#018x}", name64(n)));
            }
            for name in flags::names(self.live_out.flags) {
                let bit = flags::parse(name).unwrap_or(0);
                parts.push(format!("%{name} = {}", u8::from(o.flags & bit != 0)));
            }
            writeln!(f, "  {label}: {}", parts.join(", "))?;
        }
        Ok(())
    }
}

impl fmt::Display for VerifyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyOutcome::Equivalent(p) => {
                let by: Vec<String> = p.unsat.iter().map(Strategy::describe).collect();
                writeln!(f, "equivalent (unsat from {})", by.join(" and "))
            }
            VerifyOutcome::Counterexample(c) => {
                writeln!(f, "inequivalent")?;
                write!(f, "{c}")
            }
            VerifyOutcome::Unknown(why) => writeln!(f, "unknown: {why}"),
        }
    }
}

/// Check that `program` reads only def_in bits (or bits it wrote itself), defines every
/// live-out, and uses the stack as [`crate::semantics::frame`] allows. Programs that read undefined values
/// have no meaning to compare (`ReadsUndefined`); a use of the stack outside the frame model is
/// outside the subset (`Unsupported`).
pub fn check_defined(
    program: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    label: &'static str,
) -> Result<(), X86Error> {
    let mut c = Checker::new(def_in);
    let fail = |p: Problem, at: Option<&Insn>| {
        let place = at.map(|i| format!(" in `{i}`")).unwrap_or_default();
        if p.is_undefined_read() {
            X86Error::ReadsUndefined {
                program: label,
                what: format!("{}{place}", p.describe()),
            }
        } else {
            X86Error::Unsupported(format!("program {label} uses {}{place}", p.describe()))
        }
    };
    for insn in program {
        c.step(insn, &Fx::of(insn))
            .map_err(|p| fail(p, Some(insn)))?;
    }
    c.finish(live_out).map_err(|p| fail(p, None))?;
    for (n, (live, defined)) in live_out.regs.iter().zip(&c.regs).enumerate() {
        if live & !defined != 0 {
            return Err(X86Error::ReadsUndefined {
                program: label,
                what: format!("live-out %{} (never written)", name64(n as u8)),
            });
        }
    }
    if live_out.flags & !c.flags != 0 {
        return Err(X86Error::ReadsUndefined {
            program: label,
            what: format!(
                "live-out flags [{}] (never written)",
                flags::names(live_out.flags & !c.flags).join(" ")
            ),
        });
    }
    Ok(())
}

/// The SMT-LIB2 query "some live-out differs" for programs `a` and `b`, without solver options
/// (see [`Strategy::prelude`]): `check-sat`, then `get-value` of the input state.
pub fn query(a: &[Insn], b: &[Insn], live_out: &Locs) -> String {
    let (input, decls) = input_state("in");
    let mut sa = input.clone();
    let mut sb = input;
    let mut ea = Encoder::new("a");
    let mut eb = Encoder::new("b");
    ea.run(&mut sa, a);
    eb.run(&mut sb, b);
    let mut diffs = Vec::new();
    for n in live_out.reg_nums() {
        let m = crate::semantics::smt::bv(live_out.regs[n as usize], 64);
        diffs.push(format!(
            "(not (= (bvand {} {m}) (bvand {} {m})))",
            sa.regs[n as usize], sb.regs[n as usize]
        ));
    }
    for (i, (f, _, _)) in flags::TABLE.iter().enumerate() {
        if live_out.flags & f != 0 {
            diffs.push(format!("(not (= {} {}))", sa.flags[i], sb.flags[i]));
        }
    }
    let mut s = String::new();
    s.push_str("(set-logic QF_BV)\n");
    s.push_str(&decls);
    s.push_str(&ea.render_defines());
    s.push_str(&eb.render_defines());
    s.push_str(&format!(
        "(assert (or (not (= {fa} {fb})) (and (not {fa}) (or false {d}))))\n(check-sat)\n",
        fa = sa.fault,
        fb = sb.fault,
        d = diffs.join(" ")
    ));
    let names: Vec<String> = (0..16u8)
        .map(|n| format!("in_{}", name64(n)))
        .chain(flags::TABLE.iter().map(|(_, n, _)| format!("in_{n}")))
        .collect();
    s.push_str(&format!("(get-value ({}))\n", names.join(" ")));
    s
}

/// The sha256 (hex) of a [`query`]'s text, as evidence records it: the question itself, without
/// the option lines each strategy puts before it ([`Strategy::prelude`], which the evidence
/// records as the strategy's options and rlimit).
pub fn query_sha256(body: &str) -> String {
    sha256_hex(body.as_bytes())
}

/// One solver's answer to a [`query`], and its model (empty unless `sat`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub strategy: Strategy,
    pub result: SatResult,
    pub model: BTreeMap<String, u64>,
    /// [`query_sha256`] of the query it answers.
    pub query_sha256: String,
}

/// Ask the query `body` the way `strategy` says, under `limits`.
pub fn ask(
    tools: &Tools,
    strategy: Strategy,
    body: &str,
    limits: &Limits,
) -> Result<Answer, X86Error> {
    let solver = strategy.solver;
    let script = format!(
        "{}{body}",
        strategy.prelude(limits.rlimit(strategy), limits.timeout)
    );
    let started = std::time::Instant::now();
    let mut remembered = false;
    let out = match (limits.rlimit(strategy), limits.backstop) {
        // Only the wall clock limits the solver: running out of it is its `unknown`.
        (None, _) => match solver::run(tools, solver, &script, limits.timeout + BACKSTOP_GRACE) {
            Err(SolverError::OutOfTime(_)) => String::new(),
            other => other?,
        },
        // One question: the time the user gave (time the solver could run, `solver::run`), once;
        // no answer by then is `unknown`.
        (Some(_), Backstop::GiveUp) => match solver::run(tools, solver, &script, limits.timeout) {
            Err(SolverError::OutOfTime(_)) => String::new(),
            other => other?,
        },
        // A deterministic limit: the answer is the script's, so one run serves every asking.
        (Some(_), Backstop::Retry) => match Remembered::get(solver, &script) {
            Some(out) => {
                remembered = true;
                out
            }
            None => {
                let out = run_to_answer(tools, solver, &script, limits.timeout)?;
                Remembered::put(solver, &script, &out);
                out
            }
        },
    };
    let result = solver::first_answer(&out);
    solver::trace(&strategy, result, started.elapsed(), remembered);
    let model = match result {
        SatResult::Sat => solver::parse_values(&out),
        _ => BTreeMap::new(),
    };
    Ok(Answer {
        strategy,
        result,
        model,
        query_sha256: query_sha256(body),
    })
}

/// What the backstop (time the solver could run) adds to a solver's own `:timeout`
/// (wall-clock mode).
const BACKSTOP_GRACE: Duration = Duration::from_secs(5);

/// Times a solver run under a deterministic limit is tried, each with twice the previous
/// backstop, before the wall clock is reported as an error.
const BACKSTOP_TRIES: u32 = 3;

/// Run a script whose solver has a deterministic limit. Its answer is a function of the query
/// alone, so a run the backstop kills (the machine was stopped or starved, or is far slower than
/// the limit assumes) is asked again with more time, and if it never ends the error says so:
/// an `unknown` here would depend on the machine.
fn run_to_answer(
    tools: &Tools,
    solver: Solver,
    script: &str,
    backstop: Duration,
) -> Result<String, SolverError> {
    let mut limit = backstop;
    for _ in 1..BACKSTOP_TRIES {
        match solver::run(tools, solver, script, limit) {
            Err(SolverError::OutOfTime(_)) => limit *= 2,
            other => return other,
        }
    }
    solver::run(tools, solver, script, limit)
}

/// Do `a` and `b` agree on every live-out bit for every def_in assignment? The question `tool x86
/// verify` answers ([`one_question`]), under `limits`: with rlimits (e.g.
/// [`Limits::one_question`]) the answer is the query's alone; with [`Limits::wall_clock`] a
/// loaded machine can turn it into `unknown`.
pub fn verify(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    tools: &Tools,
    limits: &Limits,
) -> Result<VerifyOutcome, X86Error> {
    let programs = Programs {
        a,
        b,
        def_in,
        live_out,
    };
    one_question(&programs, tools, limits)
}

/// How many more models [`one_question`] asks for, each excluding the inputs before it, when a
/// model's difference lies only in undefined bits.
const MORE_MODELS: usize = 8;

/// The verdict on one question a user asks (`tool x86 verify`): [`verify_limited`], except that a
/// counterexample whose live_out difference lies only in bits the architecture leaves undefined
/// is no verdict, as a build drops such a refutation and the audit contradicts it: the programs
/// differ there only by what this CPU happens to compute. The solver that found it is then asked
/// for other inputs (each model so far excluded, up to [`MORE_MODELS`] times): one whose
/// difference lies in defined bits, confirmed natively, is the counterexample; else the answer is
/// unknown ([`UnknownReason::UndefinedBits`]).
pub fn one_question(
    programs: &Programs,
    tools: &Tools,
    limits: &Limits,
) -> Result<VerifyOutcome, X86Error> {
    let Programs {
        a,
        b,
        def_in,
        live_out,
    } = *programs;
    let first = match verify_planted(programs, tools, limits, &as_answered)? {
        VerifyOutcome::Counterexample(c)
            if differs_only_in_undefined_bits(a, b, live_out, &c.input) =>
        {
            c
        }
        other => return Ok(other),
    };
    let body = query(a, b, live_out);
    let mut seen = vec![first.input];
    for _ in 0..MORE_MODELS {
        let excluded = excluding(&body, def_in, &seen);
        let answer = ask(tools, first.found_by, &excluded, limits)?;
        if answer.result != SatResult::Sat {
            break;
        }
        match confirm(a, b, def_in, live_out, &answer, tools)? {
            VerifyOutcome::Counterexample(c)
                if !differs_only_in_undefined_bits(a, b, live_out, &c.input) =>
            {
                return Ok(VerifyOutcome::Counterexample(c));
            }
            VerifyOutcome::Counterexample(c) => seen.push(c.input),
            _ => seen.push(model_input(&answer, def_in)),
        }
    }
    let inputs: Vec<String> = seen
        .iter()
        .map(|input| {
            let regs: Vec<String> = def_in
                .reg_nums()
                .map(|n| format!("%{} = {:#x}", name64(n), input.regs[n as usize]))
                .collect();
            regs.join(", ")
        })
        .collect();
    Ok(undecided(
        UnknownReason::UndefinedBits,
        format!(
            "undefined: on every input {} found ({}), the live_out differs on this CPU only in \
             bits the architecture leaves undefined (such as a flag `imul` leaves undefined, or \
             `bsr`'s result at 0), which says nothing about the programs; no input showed a \
             difference in defined bits",
            first.found_by.describe(),
            inputs.join("; ")
        ),
    ))
}

/// `body` with the def_in bits of each of `inputs` excluded, so a solver gives another model.
fn excluding(body: &str, def_in: &Locs, inputs: &[Case]) -> String {
    let mut blocks = String::new();
    for input in inputs {
        let mut same = Vec::new();
        for n in def_in.reg_nums() {
            let mask = def_in.regs[n as usize];
            same.push(format!(
                "(= (bvand in_{} {}) {})",
                name64(n),
                crate::semantics::smt::bv(mask, 64),
                crate::semantics::smt::bv(input.regs[n as usize] & mask, 64)
            ));
        }
        for (f, name, _) in flags::TABLE {
            if def_in.flags & f != 0 {
                let set = if input.flags & f != 0 {
                    "true"
                } else {
                    "false"
                };
                same.push(format!("(= in_{name} {set})"));
            }
        }
        if !same.is_empty() {
            blocks.push_str(&format!("(assert (not (and true {})))\n", same.join(" ")));
        }
    }
    match body.find("(check-sat)") {
        Some(at) => format!("{}{blocks}{}", &body[..at], &body[at..]),
        None => body.to_string(),
    }
}

/// [`verify`] under the solvers' deterministic resource limits (see [`Limits`]).
pub fn verify_limited(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    tools: &Tools,
    limits: &Limits,
) -> Result<VerifyOutcome, X86Error> {
    let programs = Programs {
        a,
        b,
        def_in,
        live_out,
    };
    verify_planted(&programs, tools, limits, &as_answered)
}

/// The two programs a verification compares, and the locations that frame the comparison.
#[derive(Debug, Clone, Copy)]
pub struct Programs<'a> {
    pub a: &'a [Insn],
    pub b: &'a [Insn],
    pub def_in: &'a Locs,
    pub live_out: &'a Locs,
}

/// Passes every solver answer on before it is used: the identity in a build, a wrong answer
/// (a solver bug) in a test, with the real solvers still running.
pub type Plant<'p> = &'p dyn Fn(Strategy, SatResult) -> SatResult;

/// The [`Plant`] of a build: every answer as the solver gave it.
pub fn as_answered(_: Strategy, answer: SatResult) -> SatResult {
    answer
}

/// [`verify_limited`] with every solver answer passed through `plant` before it is used.
///
/// The order: z3 ([`Strategy::Z3_TRIES`], the second try only when the first has no answer);
/// a `sat` is replayed natively; an `unsat` goes to cvc5 for the second opinion; no answer goes
/// to cvc5, whose `sat` is replayed natively and whose `unsat` lacks a second opinion.
pub fn verify_planted(
    programs: &Programs,
    tools: &Tools,
    limits: &Limits,
    plant: Plant,
) -> Result<VerifyOutcome, X86Error> {
    match first_opinion(programs, tools, limits, plant)? {
        FirstOpinion::Decided(outcome) => Ok(outcome),
        FirstOpinion::Unsat(pending) => pending.second_opinion(tools, plant),
    }
}

/// What z3 alone made of a query: a verdict (its model replayed, or, when z3 had no answer,
/// cvc5's), or an `unsat` that still needs cvc5's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FirstOpinion {
    Decided(VerifyOutcome),
    Unsat(Pending),
}

/// An equivalence z3 proved and cvc5 has not been asked about yet. Asking costs the most of all
/// the build's solver calls (cvc5's second opinion on every z3 `unsat`, and the hard ones run
/// to the limit), so a build asks only for the rewrites it would pick
/// ([`Pending::second_opinion`]); the answer is the one [`verify_planted`] would have got, as the
/// query and the limits are the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// z3's answer (the strategy that said `unsat`).
    unsat: Answer,
    /// The query both solvers are asked.
    body: String,
    limits: Limits,
}

impl Pending {
    /// Ask cvc5 for its second opinion: [`VerifyOutcome::Equivalent`] only if it says `unsat`
    /// too, else [`VerifyOutcome::Unknown`] (never a counterexample: a model against z3's
    /// `unsat` is a disagreement, logged).
    pub fn second_opinion(&self, tools: &Tools, plant: Plant) -> Result<VerifyOutcome, X86Error> {
        let mut second = ask(tools, Strategy::CVC5, &self.body, &self.limits)?;
        second.result = plant(second.strategy, second.result);
        Ok(both_unsat(&self.unsat, &second, &self.limits, &self.body))
    }
}

/// The first half of [`verify_planted`]: everything but cvc5's second opinion on z3's `unsat`.
pub fn first_opinion(
    programs: &Programs,
    tools: &Tools,
    limits: &Limits,
    plant: Plant,
) -> Result<FirstOpinion, X86Error> {
    let Programs {
        a,
        b,
        def_in,
        live_out,
    } = *programs;
    check_defined(a, def_in, live_out, "A")?;
    check_defined(b, def_in, live_out, "B")?;
    let body = query(a, b, live_out);
    let ask = |strategy: Strategy| -> Result<Answer, X86Error> {
        let mut answer = ask(tools, strategy, &body, limits)?;
        answer.result = plant(strategy, answer.result);
        Ok(answer)
    };
    let mut first = ask(Strategy::Z3_TRIES[0])?;
    for next in &Strategy::Z3_TRIES[1..] {
        if first.result != SatResult::Unknown {
            break;
        }
        first = ask(*next)?;
    }
    let decided = match first.result {
        SatResult::Sat => confirm(a, b, def_in, live_out, &first, tools)?,
        SatResult::Unsat => {
            return Ok(FirstOpinion::Unsat(Pending {
                limits: limits.after_z3(first.strategy),
                unsat: first,
                body,
            }))
        }
        SatResult::Unknown => {
            let after = limits.after_z3(first.strategy);
            let mut second = self::ask(tools, Strategy::CVC5, &body, &after)?;
            second.result = plant(Strategy::CVC5, second.result);
            match second.result {
                SatResult::Sat => confirm(a, b, def_in, live_out, &second, tools)?,
                SatResult::Unsat => both_unsat(&second, &first, &after, &body),
                SatResult::Unknown => {
                    if solver::log_undecided() {
                        solver::log_query("unknown", "no solver answered", &body);
                    }
                    undecided(
                        UnknownReason::NoAnswer,
                        format!(
                            "neither {} nor {} gave an answer",
                            after.describe(first.strategy),
                            after.describe(Strategy::CVC5)
                        ),
                    )
                }
            }
        }
    };
    Ok(FirstOpinion::Decided(decided))
}

/// The verdict once `unsat` has answered and `second` has been asked the same query: equivalent
/// only if it says `unsat` too.
fn both_unsat(unsat: &Answer, second: &Answer, limits: &Limits, body: &str) -> VerifyOutcome {
    let (u, o) = (unsat.strategy.describe(), second.strategy.describe());
    match second.result {
        SatResult::Unsat => {
            let mut by = [unsat.strategy, second.strategy];
            by.sort_by_key(|s| s.solver);
            VerifyOutcome::Equivalent(Proof {
                unsat: by.to_vec(),
                query_sha256: query_sha256(body),
            })
        }
        SatResult::Unknown => {
            if solver::log_undecided() {
                solver::log_query("second-unknown", &format!("{u}: unsat; {o}: unknown"), body);
            }
            undecided(
                UnknownReason::SecondSolverUnknown,
                format!(
                    "{u} answers unsat, but {} gave no answer",
                    limits.describe(second.strategy)
                ),
            )
        }
        SatResult::Sat => {
            let note = format!("{u}: unsat; {o}: sat with model {:x?}", second.model);
            let logged = solver::log_query("disagree", &note, body)
                .map(|p| format!(" (query in {})", p.display()))
                .unwrap_or_default();
            undecided(
                UnknownReason::SolversDisagree,
                format!("the solvers disagree: {u} answers unsat, {o} sat{logged}"),
            )
        }
    }
}

/// Do two native outcomes differ in a live-out bit or in their fault status?
pub fn differs(x: &Outcome, y: &Outcome, live_out: &Locs) -> bool {
    if x.signal != y.signal {
        return true;
    }
    if x.signal != 0 {
        return false;
    }
    (0..16).any(|n| (x.regs[n] ^ y.regs[n]) & live_out.regs[n] != 0)
        || (x.flags ^ y.flags) & live_out.flags != 0
}

/// Would the model say the two programs' live-outs can only differ in architecturally undefined
/// bits on `input`? Such a difference is a fact about this CPU, not about the programs.
pub fn differs_only_in_undefined_bits(a: &[Insn], b: &[Insn], live: &Locs, input: &Case) -> bool {
    let run = |p: &[Insn]| {
        let mut m = Machine::new(input.regs, input.flags);
        let r = m.run(p);
        (r, m)
    };
    let (ra, ma) = run(a);
    let (rb, mb) = run(b);
    if ra.is_err() != rb.is_err() {
        return false;
    }
    if ra.is_err() {
        return true;
    }
    let defined_diff =
        (0..16).any(|n| {
            let defined = !(ma.undef_regs[n] | mb.undef_regs[n]);
            (ma.regs[n] ^ mb.regs[n]) & live.regs[n] & defined != 0
        }) || ((ma.flags ^ mb.flags) & live.flags & !(ma.undef_flags | mb.undef_flags)) != 0;
    !defined_diff
}

/// The input state a `sat` answer's model gives (def_in bits only).
pub fn model_input(answer: &Answer, def_in: &Locs) -> Case {
    let values = &answer.model;
    let mut input = Case::default();
    for n in 0..16u8 {
        let v = values
            .get(&format!("in_{}", name64(n)))
            .copied()
            .unwrap_or(0);
        input.regs[n as usize] = v & def_in.regs[n as usize];
    }
    for (f, name, _) in flags::TABLE {
        if def_in.flags & f != 0 && values.get(&format!("in_{name}")).copied().unwrap_or(0) != 0 {
            input.flags |= f;
        }
    }
    input
}

/// Replay a solver's model (a `sat` answer) natively; it is a counterexample only if the hardware
/// shows it.
pub fn confirm(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    answer: &Answer,
    tools: &Tools,
) -> Result<VerifyOutcome, X86Error> {
    let input = model_input(answer, def_in);
    let interp = |p: &[Insn]| {
        let mut m = Machine::new(input.regs, input.flags);
        let r = m.run(p);
        (r, m)
    };
    let (ra, ma) = interp(a);
    let (rb, mb) = interp(b);
    let undefined_live_out = |r: &Result<(), crate::Fault>, m: &Machine| {
        r.is_ok()
            && ((0..16).any(|n| m.undef_regs[n] & live_out.regs[n] != 0)
                || m.undef_flags & live_out.flags != 0)
    };
    if !native::cpu_supports_all(a) || !native::cpu_supports_all(b) {
        return Ok(undecided(
            UnknownReason::Unconfirmed,
            "this CPU lacks an instruction set extension the programs use, so the counterexample cannot be confirmed natively",
        ));
    }
    let code_a = codec::encode(a)?;
    let code_b = codec::encode(b)?;
    let cases = [input];
    let results = native::run(
        tools,
        &[
            native::Job {
                code: &code_a,
                cases: &cases,
            },
            native::Job {
                code: &code_b,
                cases: &cases,
            },
        ],
    )?;
    let (oa, ob) = (results[0][0], results[1][0]);
    if differs(&oa, &ob, live_out) {
        return Ok(VerifyOutcome::Counterexample(Box::new(Counterexample {
            input,
            def_in: *def_in,
            live_out: *live_out,
            a: oa,
            b: ob,
            found_by: answer.strategy,
            query_sha256: answer.query_sha256.clone(),
        })));
    }
    if undefined_live_out(&ra, &ma) || undefined_live_out(&rb, &mb) {
        return Ok(undecided(
            UnknownReason::Unconfirmed,
            format!(
                "a live-out depends on architecturally undefined bits; {}'s difference does not show on this CPU",
                answer.strategy.describe()
            ),
        ));
    }
    Err(X86Error::ModelNotReproduced(format!(
        "{}'s model, input {:x?} flags [{}]: both programs agree natively on the live-outs",
        answer.strategy.describe(),
        input.regs,
        flags::names(input.flags).join(" ")
    )))
}

/// Read a program from an AT&T file.
pub fn read_program(path: &Path) -> Result<Vec<Insn>, X86Error> {
    let text = std::fs::read_to_string(path).map_err(|source| X86Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    parse_program(&text)
}

/// `equibench tool x86 verify A.s B.s --def-in '%rdi' --live-out '%rax'`, under `limits`
/// ([`Limits::one_question`] unless the user says otherwise).
pub fn verify_files(
    a: &Path,
    b: &Path,
    def_in: &str,
    live_out: &str,
    limits: &Limits,
    tools: &Tools,
) -> Result<VerifyOutcome, X86Error> {
    let pa = read_program(a)?;
    let pb = read_program(b)?;
    let def_in = Locs::parse(def_in)?;
    let live_out = Locs::parse(live_out)?;
    if live_out.is_empty() {
        return Err(X86Error::Syntax("live_out is empty".into()));
    }
    let programs = Programs {
        a: &pa,
        b: &pb,
        def_in: &def_in,
        live_out: &live_out,
    };
    one_question(&programs, tools, limits)
}
