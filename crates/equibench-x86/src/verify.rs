//! The equivalence verifier (STOKE's bounded validator for loop-free code): both programs are
//! encoded from one shared symbolic input state; z3 is asked whether some live-out bit (or the
//! fault status) can differ. `unsat` proves equivalence; a model is replayed natively and becomes a
//! counterexample only if the hardware shows the difference.

use crate::codec;
use crate::flags;
use crate::frame::{Checker, Problem};
use crate::insn::{Fx, Insn};
use crate::interp::Machine;
use crate::locs::Locs;
use crate::native::{self, Case, Outcome};
use crate::parse::parse_program;
use crate::reg::name64;
use crate::smt::{input_state, Encoder};
use crate::solver::{self, SatResult};
use crate::X86Error;
use equibench_core::tools::Tools;
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// How long z3 may think before the answer is `Unknown`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

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
}

/// The verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyOutcome {
    Equivalent,
    Counterexample(Box<Counterexample>),
    /// The solver timed out, or the difference exists only in architecturally undefined bits.
    Unknown(String),
}

impl VerifyOutcome {
    /// The CLI's exit status: 0 equivalent, 1 inequivalent, 2 unknown.
    pub fn exit_code(&self) -> i32 {
        match self {
            VerifyOutcome::Equivalent => 0,
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
        writeln!(f, "counterexample (def_in {}):", self.def_in)?;
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
            VerifyOutcome::Equivalent => writeln!(f, "equivalent"),
            VerifyOutcome::Counterexample(c) => {
                writeln!(f, "inequivalent")?;
                write!(f, "{c}")
            }
            VerifyOutcome::Unknown(why) => writeln!(f, "unknown: {why}"),
        }
    }
}

/// Check that `program` reads only def_in bits (or bits it wrote itself), defines every
/// live-out, and uses the stack as [`crate::frame`] allows. Programs that read undefined values
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

/// The SMT-LIB2 query "some live-out differs" for programs `a` and `b`.
pub fn query(
    a: &[Insn],
    b: &[Insn],
    live_out: &Locs,
    timeout: Duration,
    rlimit: Option<u64>,
) -> String {
    let (input, decls) = input_state("in");
    let mut sa = input.clone();
    let mut sb = input;
    let mut ea = Encoder::new("a");
    let mut eb = Encoder::new("b");
    ea.run(&mut sa, a);
    eb.run(&mut sb, b);
    let mut diffs = Vec::new();
    for n in live_out.reg_nums() {
        let m = crate::smt::bv(live_out.regs[n as usize], 64);
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
    s.push_str(&format!("(set-option :timeout {})\n", timeout.as_millis()));
    if let Some(r) = rlimit {
        s.push_str(&format!("(set-option :rlimit {r})\n"));
    }
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

/// Do `a` and `b` agree on every live-out bit for every def_in assignment? z3 may think for
/// `timeout` of wall-clock time.
pub fn verify(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    tools: &Tools,
    timeout: Duration,
) -> Result<VerifyOutcome, X86Error> {
    verify_limited(a, b, def_in, live_out, tools, timeout, None)
}

/// [`verify`] with z3's deterministic resource limit (`rlimit`) besides the wall clock: with the
/// same z3, a query either finishes within `rlimit` or not, whatever the load of the machine, so a
/// build that depends on the answers stays a pure function of its seed. The wall-clock `timeout`
/// is only a backstop and should be far above what `rlimit` takes.
pub fn verify_limited(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    tools: &Tools,
    timeout: Duration,
    rlimit: Option<u64>,
) -> Result<VerifyOutcome, X86Error> {
    check_defined(a, def_in, live_out, "A")?;
    check_defined(b, def_in, live_out, "B")?;
    let script = query(a, b, live_out, timeout, rlimit);
    let out = solver::run_script(tools, &script, timeout + Duration::from_secs(5))?;
    match solver::first_answer(&out) {
        SatResult::Unsat => Ok(VerifyOutcome::Equivalent),
        SatResult::Unknown => Ok(VerifyOutcome::Unknown(match rlimit {
            Some(r) => format!("z3 gave no answer within rlimit {r} or {timeout:.0?}"),
            None => format!("z3 gave no answer within {timeout:.0?}"),
        })),
        SatResult::Sat => {
            let values = solver::parse_values(&out);
            let mut input = Case::default();
            for n in 0..16u8 {
                let v = values
                    .get(&format!("in_{}", name64(n)))
                    .copied()
                    .unwrap_or(0);
                input.regs[n as usize] = v & def_in.regs[n as usize];
            }
            for (f, name, _) in flags::TABLE {
                if def_in.flags & f != 0
                    && values.get(&format!("in_{name}")).copied().unwrap_or(0) != 0
                {
                    input.flags |= f;
                }
            }
            confirm(a, b, def_in, live_out, input, tools)
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

/// Replay a solver model natively; it is a counterexample only if the hardware shows it.
fn confirm(
    a: &[Insn],
    b: &[Insn],
    def_in: &Locs,
    live_out: &Locs,
    input: Case,
    tools: &Tools,
) -> Result<VerifyOutcome, X86Error> {
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
        return Ok(VerifyOutcome::Unknown(
            "this CPU lacks an instruction set extension the programs use, so the counterexample cannot be confirmed natively".into(),
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
        })));
    }
    if undefined_live_out(&ra, &ma) || undefined_live_out(&rb, &mb) {
        return Ok(VerifyOutcome::Unknown(
            "a live-out depends on architecturally undefined bits; the solver's difference does not show on this CPU".into(),
        ));
    }
    Err(X86Error::ModelNotReproduced(format!(
        "input {:x?} flags [{}]: both programs agree natively on the live-outs",
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

/// `equibench x86-verify A.s B.s --def-in '%rdi' --live-out '%rax'`.
pub fn verify_files(
    a: &Path,
    b: &Path,
    def_in: &str,
    live_out: &str,
    tools: &Tools,
) -> Result<VerifyOutcome, X86Error> {
    let pa = read_program(a)?;
    let pb = read_program(b)?;
    let def_in = Locs::parse(def_in)?;
    let live_out = Locs::parse(live_out)?;
    if live_out.is_empty() {
        return Err(X86Error::Syntax("live_out is empty".into()));
    }
    verify(&pa, &pb, &def_in, &live_out, tools, DEFAULT_TIMEOUT)
}
