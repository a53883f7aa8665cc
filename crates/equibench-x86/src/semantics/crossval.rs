//! Cross-validation of the three uses of the semantic model: for every form in [`crate::semantics::forms`],
//! random and edge inputs run through the interpreter, natively (undefined bits masked), and through
//! the SMT encoding evaluated by z3. Any disagreement is a failure with the instruction and inputs.
//!
//! An instruction with a stack slot runs inside a small program (see [`program_for`]) that fills
//! the bytes around the slot from %r14 and %r15, runs the instruction, and reads them back into
//! %r14 and %r15, so what it does to memory is compared through registers; push, pop and the frame
//! instructions run inside balanced programs that observe them the same way.
//!
//! The SMT check is batched: one z3 process per form asks, for every case of the batch, whether for
//! SOME choice of the undefined values a bit the interpreter calls defined differs from the
//! interpreter's value. The cases are first put to z3's simplifier, a few at a time (`(simplify (or
//! (bad ...) ...))`): a group it rewrites to `false` agrees for every choice. Should any group give
//! anything else, the batch is asked as one satisfiability query (is SOME case bad?): `unsat`
//! proves agreement on every case at once; on `sat` the batch is bisected to name a failing case.
//! The simplifier decides the ground cases without the solver's set-up around one formula of
//! every case: the cross-validation's z3 time fell by 40% (issue 38).

use crate::semantics::flags;
use crate::semantics::forms::{self, Form, Shape, SLOT_AREA};
use crate::semantics::insn::{Insn, Mem, Rm, Src};
use crate::semantics::interp::Machine;
use crate::semantics::native::{self, Case};
use crate::semantics::reg::{Reg, Width, RBP, RSP};
use crate::semantics::smt::{bv, Encoder, SymState};
use crate::X86Error;
use equibench_core::tools::Tools;
use equibench_toolchain::solver::{self, SatResult};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What a cross-validation run covered and found.
#[derive(Debug, Default)]
pub struct Report {
    pub forms: Vec<String>,
    /// Cases per (form, check): total interpreter-vs-native and SMT-vs-interpreter comparisons.
    pub native_cases: usize,
    pub smt_cases: usize,
    /// Forms not run natively because the CPU lacks the feature.
    pub native_skipped: Vec<String>,
    pub failures: Vec<String>,
    pub native_time: Duration,
    pub smt_time: Duration,
}

impl Report {
    pub fn summary(&self) -> String {
        format!(
            "{} forms; {} interpreter-vs-native cases ({:.1?}); {} SMT-vs-interpreter cases ({:.1?}); native skipped: [{}]; {} failures",
            self.forms.len(),
            self.native_cases,
            self.native_time,
            self.smt_cases,
            self.smt_time,
            self.native_skipped.join(", "),
            self.failures.len()
        )
    }
}

/// Cases for one instruction of a form.
struct Work<'a> {
    form: &'a Form,
    insn: Insn,
    /// What runs: the instruction, or the program around it that observes its memory.
    program: Vec<Insn>,
    cases: Vec<Case>,
    interp: Vec<(Result<(), crate::Fault>, Machine)>,
    /// How many of the cases (a prefix) go through z3 too.
    smt_cases: usize,
}

/// Run the cross-validation with `cases_per_form` cases for every form (split among its instances).
pub fn run(tools: &Tools, cases_per_form: usize, seed: u64) -> Result<Report, X86Error> {
    run_forms(tools, forms::all(), cases_per_form, cases_per_form, seed)
}

/// [`run`] on chosen forms, with `smt_cases_per_form` (at most `cases_per_form`) of the cases also
/// checked through z3 (z3 needs about 0.1 ms of CPU per case, the hardware far less).
pub fn run_forms(
    tools: &Tools,
    forms: Vec<Form>,
    cases_per_form: usize,
    smt_cases_per_form: usize,
    seed: u64,
) -> Result<Report, X86Error> {
    let mut report = Report {
        forms: forms.iter().map(|f| f.name.clone()).collect(),
        ..Report::default()
    };
    let mut work = Vec::new();
    for form in &forms {
        let mut rng = equibench_core::seed::rng(seed, &["x86-crossval", &form.name]);
        let k = form.insns.len();
        for (j, insn) in form.insns.iter().enumerate() {
            let n = cases_per_form / k + usize::from(j < cases_per_form % k);
            let smt_n = smt_cases_per_form.min(cases_per_form) / k
                + usize::from(j < smt_cases_per_form.min(cases_per_form) % k);
            let cases: Vec<Case> = (0..n).map(|_| forms::case(&mut rng, form.shape)).collect();
            let program = program_for(*insn, form.shape);
            if let Err(p) = crate::semantics::frame::check_stack(&program) {
                report.failures.push(format!(
                    "[{}] `{insn}`: its cross-validation program leaves the frame model: {}",
                    form.name,
                    p.describe()
                ));
                continue;
            }
            let interp = cases
                .iter()
                .map(|c| {
                    let mut m = Machine::new(c.regs, c.flags);
                    (m.run(&program), m)
                })
                .collect();
            work.push(Work {
                form,
                insn: *insn,
                program,
                cases,
                interp,
                smt_cases: smt_n,
            });
        }
    }

    let t = Instant::now();
    for f in &forms {
        if !f.insns.iter().all(native::cpu_supports) {
            report.native_skipped.push(f.name.clone());
        }
    }
    let native_work: Vec<&Work> = work
        .iter()
        .filter(|w| native::cpu_supports_all(&w.program))
        .collect();
    let chunks: Vec<&[&Work]> = native_work.chunks(24).collect();
    let native_failures: Vec<Result<Vec<String>, X86Error>> = chunks
        .par_iter()
        .map(|chunk| check_native(tools, chunk))
        .collect();
    for r in native_failures {
        report.failures.extend(r?);
    }
    report.native_cases = native_work.iter().map(|w| w.cases.len()).sum();
    report.native_time = t.elapsed();

    let t = Instant::now();
    // One z3 call per form (its instances together), forms in parallel.
    let mut groups: Vec<Vec<&Work>> = Vec::new();
    for w in &work {
        match groups.last_mut() {
            Some(g) if std::ptr::eq(g[0].form, w.form) => g.push(w),
            _ => groups.push(vec![w]),
        }
    }
    let smt_failures: Vec<Result<Vec<String>, X86Error>> = groups
        .par_iter()
        .map(|g| check_smt_group(tools, g))
        .collect();
    for r in smt_failures {
        report.failures.extend(r?);
    }
    report.smt_cases = work.iter().map(|w| w.smt_cases).sum();
    report.smt_time = t.elapsed();
    Ok(report)
}

fn describe_case(c: &Case) -> String {
    let regs: Vec<String> = (0..16u8)
        .filter(|n| *n != crate::semantics::reg::RSP)
        .map(|n| {
            format!(
                "%{}={:#x}",
                crate::semantics::reg::name64(n),
                c.regs[n as usize]
            )
        })
        .collect();
    format!(
        "{} flags=[{}]",
        regs.join(" "),
        flags::names(c.flags).join(" ")
    )
}

/// Compare the interpreter with the hardware on a chunk of instructions (one sandboxed launch).
fn check_native(tools: &Tools, chunk: &[&Work]) -> Result<Vec<String>, X86Error> {
    let codes: Vec<Vec<u8>> = chunk
        .iter()
        .map(|w| crate::semantics::codec::encode(&w.program))
        .collect::<Result<_, _>>()?;
    let jobs: Vec<native::Job> = chunk
        .iter()
        .zip(&codes)
        .map(|(w, code)| native::Job {
            code,
            cases: &w.cases,
        })
        .collect();
    let results = native::run(tools, &jobs)?;
    let mut failures = Vec::new();
    for (w, outs) in chunk.iter().zip(results) {
        for ((case, (res, m)), hw) in w.cases.iter().zip(&w.interp).zip(outs) {
            let problem = match res {
                Err(fault) if hw.signal != fault.signal() => Some(format!(
                    "interpreter faults ({fault:?}) but hardware gave signal {}",
                    hw.signal
                )),
                Err(_) => None,
                Ok(()) if hw.signal != 0 => Some(format!("hardware raised signal {}", hw.signal)),
                Ok(()) => {
                    let mut diffs = Vec::new();
                    for n in 0..16 {
                        if n == crate::semantics::reg::RSP as usize {
                            continue;
                        }
                        let d = (m.regs[n] ^ hw.regs[n]) & !m.undef_regs[n];
                        if d != 0 {
                            diffs.push(format!(
                                "%{}: interp {:#x} hw {:#x}",
                                crate::semantics::reg::name64(n as u8),
                                m.regs[n],
                                hw.regs[n]
                            ));
                        }
                    }
                    let fd = (m.flags ^ hw.flags) & !m.undef_flags & flags::ALL;
                    if fd != 0 {
                        diffs.push(format!(
                            "flags [{}]: interp [{}] hw [{}]",
                            flags::names(fd).join(" "),
                            flags::names(m.flags).join(" "),
                            flags::names(hw.flags).join(" ")
                        ));
                    }
                    (!diffs.is_empty()).then(|| diffs.join("; "))
                }
            };
            if let Some(p) = problem {
                failures.push(format!(
                    "[{}] `{}` native mismatch: {p}; input {}",
                    w.form.name,
                    w.insn,
                    describe_case(case)
                ));
                break; // one report per instruction is enough
            }
        }
    }
    Ok(failures)
}

/// One program and a slice of its cases.
type Item<'a> = (
    &'a [Insn],
    &'a [Case],
    &'a [(Result<(), crate::Fault>, Machine)],
);

/// The registers and flags a program reads (anywhere) and writes, as one [`crate::semantics::insn::Effects`].
fn program_effects(program: &[Insn]) -> crate::semantics::insn::Effects {
    let mut all = crate::semantics::insn::Effects::default();
    for insn in program {
        let e = insn.effects();
        for n in 0..16 {
            all.reads[n] |= e.reads[n];
            all.writes[n] |= e.writes[n];
        }
        // A flag kept by a zero shift count comes from the input: it is an input like a read one.
        all.reads_flags |= e.reads_flags | e.keeps_flags;
        all.writes_flags |= e.writes_flags;
    }
    all
}

/// The definition of `bad{k}` (does a case disagree with the interpreter?) and its calls.
fn smt_item(k: usize, (program, cases, interp): Item, s: &mut String, calls: &mut Vec<String>) {
    let e = program_effects(program);
    let read_regs: Vec<usize> = (0..16).filter(|&n| e.reads[n] != 0).collect();
    let written_regs: Vec<usize> = (0..16).filter(|&n| e.writes[n] != 0).collect();
    // Every flag is an input and every flag is compared: one the program writes must be the
    // interpreter's value, one it leaves alone must come out as it went in (an encoding that set a
    // flag an instruction keeps, as `inc` keeps CF, would show in no written flag, yet a later
    // reader of that flag would see it).
    let flags_compared: Vec<usize> = (0..5).collect();

    let regs: [String; 16] = std::array::from_fn(|n| {
        if read_regs.contains(&n) {
            format!("i{n}")
        } else {
            bv(0, 64)
        }
    });
    let fl: [String; 5] = std::array::from_fn(|i| format!("f{i}"));
    let mut st = SymState::new(regs, fl);
    let mut enc = Encoder::new(&format!("x{k}"));
    enc.run(&mut st, program);

    // What the interpreter says of each case, as the values of the outcome parameters: `fe` (it
    // faulted), per written register `m{n}` (its defined bits) and `e{n}` (their value), per
    // flag `d{i}` (defined) and `g{i}` (its value; false where undefined, which the check
    // ignores, so that cases differing only there are one question).
    let mut outcome_params = vec![("fe".to_string(), "Bool")];
    for n in &written_regs {
        outcome_params.push((format!("m{n}"), "(_ BitVec 64)"));
        outcome_params.push((format!("e{n}"), "(_ BitVec 64)"));
    }
    for i in &flags_compared {
        outcome_params.push((format!("d{i}"), "Bool"));
        outcome_params.push((format!("g{i}"), "Bool"));
    }
    // Typed values, written out only into the script: 3 million cases of strings built, joined
    // and cloned were most of this process's time, in the allocator (issue 38).
    let outcomes: Vec<Vec<Value>> = interp
        .iter()
        .map(|(res, m)| {
            let faulted = res.is_err();
            let mut values = Vec::with_capacity(outcome_params.len());
            values.push(Value::Bool(faulted));
            for n in &written_regs {
                let mask = if faulted {
                    0
                } else {
                    e.writes[*n] & !m.undef_regs[*n]
                };
                values.push(Value::Bv64(mask));
                values.push(Value::Bv64(m.regs[*n] & mask));
            }
            for i in &flags_compared {
                let f = flags::TABLE[*i].0;
                let defined = !faulted && m.undef_flags & f == 0;
                values.push(Value::Bool(defined));
                values.push(Value::Bool(defined && m.flags & f != 0));
            }
            values
        })
        .collect();
    // An outcome parameter every case gives one value (a mask, a flag's definedness, no fault)
    // is that value written into the definition: each call is then shorter, and z3's time goes
    // into reading and expanding calls.
    let constant: Vec<Option<Value>> = (0..outcome_params.len())
        .map(|j| {
            let first = outcomes.first()?[j];
            outcomes.iter().all(|o| o[j] == first).then_some(first)
        })
        .collect();
    let value = |j: usize| -> String {
        constant[j].map_or_else(|| outcome_params[j].0.clone(), |v| v.to_string())
    };

    let mut params = Vec::new();
    for n in &read_regs {
        params.push(format!("(i{n} (_ BitVec 64))"));
    }
    for i in &flags_compared {
        params.push(format!("(f{i} Bool)"));
    }
    for (j, (name, sort)) in outcome_params.iter().enumerate() {
        if constant[j].is_none() {
            params.push(format!("({name} {sort})"));
        }
    }
    // The disagreements, with what a constant outcome settles written out of them (a register
    // every case defines whole is compared unmasked, one no case defines and a flag no case
    // defines are left out, a flag every case defines is compared as it is): z3 reads and
    // expands the definition at every call, so what it need not read saves time at each.
    let (all_bits, no_bits) = (bv(u64::MAX, 64), bv(0, 64));
    let mut mismatches = Vec::new();
    for (r, n) in written_regs.iter().enumerate() {
        let (mask, expected) = (value(1 + 2 * r), value(2 + 2 * r));
        let reg = &st.regs[*n];
        if mask == all_bits {
            mismatches.push(format!("(not (= {reg} {expected}))"));
        } else if mask != no_bits || expected != no_bits {
            mismatches.push(format!("(not (= (bvand {reg} {mask}) {expected}))"));
        }
    }
    let flags_at = 1 + 2 * written_regs.len();
    for (q, i) in flags_compared.iter().enumerate() {
        let (defined, expected) = (value(flags_at + 2 * q), value(flags_at + 2 * q + 1));
        let flag = &st.flags[*i];
        match defined.as_str() {
            "false" => {}
            "true" => mismatches.push(format!("(not (= {flag} {expected}))")),
            _ => mismatches.push(format!("(and {defined} (not (= {flag} {expected})))")),
        }
    }
    let fe = value(0);
    let body = if fe == "false" {
        // No case faulted: a fault of the encoding is a disagreement, as is any mismatch.
        if st.fault != "false" {
            mismatches.insert(0, st.fault.clone());
        }
        disjunction(&mismatches)
    } else {
        format!(
            "(or (not (= {} {fe})) (and (not {fe}) {}))",
            st.fault,
            disjunction(&mismatches)
        )
    };
    s.push_str(&enc.render_fresh());
    s.push_str(&format!(
        "(define-fun bad{k} ({}) Bool {})\n",
        params.join(" "),
        enc.render_let(&body)
    ));
    // Cases that give the same arguments ask z3 the same question: each is asked once (edge
    // values make repeats common, and z3 pays for every application it expands).
    let mut asked = std::collections::HashSet::new();
    for (c, outcome) in cases.iter().zip(&outcomes) {
        let mut args: Vec<Value> = Vec::new();
        args.extend(read_regs.iter().map(|n| Value::Bv64(c.regs[*n])));
        args.extend(
            flags_compared
                .iter()
                .map(|i| Value::Bool(c.flags & flags::TABLE[*i].0 != 0)),
        );
        args.extend(
            outcome
                .iter()
                .zip(&constant)
                .filter(|(_, c)| c.is_none())
                .map(|(v, _)| *v),
        );
        // A definition left without parameters (every value constant) is applied by its name.
        let mut call = String::with_capacity(8 + 19 * args.len());
        if args.is_empty() {
            let _ = write!(call, "bad{k}");
        } else {
            let _ = write!(call, "(bad{k}");
            for a in &args {
                let _ = write!(call, " {a}");
            }
            call.push(')');
        }
        if !asked.contains(&call) {
            asked.insert(call.clone());
            calls.push(call);
        }
    }
}

/// A value of a call's argument: a 64-bit vector or a Boolean, written as SMT-LIB writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Bv64(u64),
    Bool(bool),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // As `bv(v, 64)` writes it.
            Value::Bv64(v) => write!(f, "#x{v:016x}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// `(or ...)` of the terms, written as the term itself when there is one and `false` for none.
fn disjunction(terms: &[String]) -> String {
    match terms {
        [] => "false".into(),
        [one] => one.clone(),
        _ => format!("(or {})", terms.join(" ")),
    }
}

/// How a script puts the cases to z3.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    /// The cases to the simplifier, [`SIMPLIFIED_TOGETHER`] at a time (`(simplify (or ...))`), one
    /// answer line per group.
    EachSimplified,
    /// One satisfiability query: does SOME case disagree?
    AnyDisagrees,
}

/// Cases per `simplify` command. z3 writes and flushes one line per command: one per case made
/// a million small writes to the pipe (the test's system time doubled), while a large group makes
/// the rewriter's work on the disjunction grow; 32 measured cheapest (issue 38).
const SIMPLIFIED_TOGETHER: usize = 32;

/// The SMT-LIB2 script putting every case of every item to z3 as `ask` says, and how many answer
/// lines it asks for.
fn smt_script(items: &[Item], ask: Ask) -> (String, usize) {
    let mut s = String::from("(set-logic QF_BV)\n");
    let mut calls = Vec::new();
    for (k, item) in items.iter().enumerate() {
        smt_item(k, *item, &mut s, &mut calls);
    }
    match ask {
        Ask::EachSimplified => {
            let groups = calls.chunks(SIMPLIFIED_TOGETHER);
            let answers = groups.len();
            for group in groups {
                s.push_str(&format!("(simplify {})\n", disjunction(group)));
            }
            (s, answers)
        }
        Ask::AnyDisagrees => {
            s.push_str("(assert (or false\n");
            for call in &calls {
                s.push_str(&format!(" {call}\n"));
            }
            s.push_str("))\n(check-sat)\n");
            (s, 1)
        }
    }
}

/// Whether every case of `items` agrees with the interpreter: by the simplifier when it rewrites
/// every case to `false`, else by the satisfiability query.
fn smt_agrees(tools: &Tools, items: &[Item]) -> Result<bool, X86Error> {
    let (script, groups) = smt_script(items, Ask::EachSimplified);
    let out = run_smt(tools, items, &script)?;
    let answers: Vec<&str> = out.lines().map(str::trim).collect();
    if answers.len() == groups && answers.iter().all(|a| *a == "false") {
        return Ok(true);
    }
    let (script, _) = smt_script(items, Ask::AnyDisagrees);
    let out = run_smt(tools, items, &script)?;
    match solver::first_answer(&out) {
        SatResult::Unsat => Ok(true),
        SatResult::Sat => Ok(false),
        SatResult::Unknown => Err(X86Error::Solver(format!(
            "no answer for `{}`: {out}",
            items
                .first()
                .map(|i| describe_program(i.0))
                .unwrap_or_default()
        ))),
    }
}

/// z3's output for `script` (written to `EQUIBENCH_X86_DUMP_SMT` first when that names a folder).
fn run_smt(tools: &Tools, items: &[Item], script: &str) -> Result<String, X86Error> {
    if let Ok(dir) = std::env::var("EQUIBENCH_X86_DUMP_SMT") {
        let name = items
            .first()
            .map(|i| describe_program(i.0))
            .unwrap_or_default()
            .replace(['%', ' ', ',', '$', '(', ')', ';'], "_");
        let _ = std::fs::write(format!("{dir}/{name}.smt2"), script);
    }
    // z3 reads a file through a buffered stream and its standard input a character at a time
    // through stdio: the scripts are megabytes, and the same answers came 5-10% cheaper so.
    let io = |source| X86Error::Io {
        path: std::env::temp_dir().display().to_string(),
        source,
    };
    let file = tempfile::Builder::new()
        .suffix(".smt2")
        .tempfile()
        .map_err(io)?;
    std::fs::write(file.path(), script).map_err(io)?;
    // A string literal of SMT-LIB writes a quote twice.
    let path = file.path().display().to_string().replace('"', "\"\"");
    let include = format!("(include \"{path}\")\n");
    Ok(solver::run_script(
        tools,
        &include,
        Duration::from_secs(300),
    )?)
}

fn item<'a>(w: &'a Work, range: std::ops::Range<usize>) -> Item<'a> {
    (&w.program, &w.cases[range.clone()], &w.interp[range])
}

fn describe_program(p: &[Insn]) -> String {
    p.iter().map(Insn::to_string).collect::<Vec<_>>().join("; ")
}

/// What cross-validation runs for `insn`: the instruction itself, or, when it has a stack slot or
/// moves the stack, a balanced program that makes its effect on memory visible in %r14 and %r15
/// (the slot instances of [`crate::semantics::forms`] never use those registers). A division's divisor is
/// first copied into its slot from the register the division's input shape fills.
pub fn program_for(insn: Insn, shape: Shape) -> Vec<Insn> {
    let q = Reg::q;
    let rbp = q(RBP);
    let store = |base: u8, disp: i32, r: u8| Insn::Mov {
        dst: Rm::Mem(Mem::new(base, disp, Width::W64)),
        src: Src::Reg(q(r)),
    };
    let load = |base: u8, disp: i32, r: u8| Insn::Mov {
        dst: Rm::Reg(q(r)),
        src: Src::Mem(Mem::new(base, disp, Width::W64)),
    };
    match insn {
        Insn::Push(_) => vec![insn, Insn::Pop(q(14))],
        Insn::Pop(_) => vec![Insn::Push(q(14)), insn],
        Insn::FramePointer => vec![
            Insn::Push(rbp),
            insn,
            store(RBP, -8, 14),
            load(RSP, -8, 15),
            Insn::Pop(rbp),
        ],
        Insn::Leave => vec![
            Insn::Push(rbp),
            Insn::FramePointer,
            Insn::AdjustRsp(-16),
            store(RSP, 0, 14),
            load(RBP, -16, 15),
            insn,
        ],
        Insn::AdjustRsp(n) => {
            let n = n.saturating_abs();
            if i64::from(n) <= crate::semantics::frame::RED_ZONE {
                vec![
                    Insn::AdjustRsp(-n),
                    store(RSP, 0, 14),
                    Insn::AdjustRsp(n),
                    load(RSP, -n, 15),
                ]
            } else {
                // Deeper than the red zone the slot is reached only while allocated: read back
                // 8 bytes higher after moving down by n - 8 (two moves must add up).
                vec![
                    Insn::AdjustRsp(-n),
                    store(RSP, 0, 14),
                    Insn::AdjustRsp(n),
                    Insn::AdjustRsp(-n),
                    Insn::AdjustRsp(8),
                    load(RSP, -8, 15),
                    Insn::AdjustRsp(n - 8),
                ]
            }
        }
        _ => match insn.mem_operand() {
            None => vec![insn],
            Some(m) => {
                let (lo, _) = SLOT_AREA;
                let mut p = Vec::new();
                if m.base == RBP {
                    p.extend([Insn::Push(rbp), Insn::FramePointer]);
                }
                p.extend([store(m.base, lo, 14), store(m.base, lo + 8, 15)]);
                if let Shape::Div { divisor, width, .. } = shape {
                    p.push(Insn::Mov {
                        dst: Rm::Mem(m),
                        src: Src::Reg(Reg::new(divisor, width)),
                    });
                }
                p.push(insn);
                p.extend([load(m.base, lo, 14), load(m.base, lo + 8, 15)]);
                if m.base == RBP {
                    p.push(Insn::Pop(rbp));
                }
                p
            }
        },
    }
}

/// Check a group of instructions' cases against the SMT encoding in one z3 call; on
/// disagreement, find the instructions and bisect each to one failing case.
fn check_smt_group(tools: &Tools, group: &[&Work]) -> Result<Vec<String>, X86Error> {
    let items: Vec<Item> = group.iter().map(|w| item(w, 0..w.smt_cases)).collect();
    if smt_agrees(tools, &items)? {
        return Ok(Vec::new());
    }
    let mut failures = Vec::new();
    for w in group {
        if let Some(f) = check_smt(tools, w)? {
            failures.push(f);
        }
    }
    Ok(failures)
}

/// Check one instruction's cases against the SMT encoding; on disagreement, bisect to one case.
fn check_smt(tools: &Tools, w: &Work) -> Result<Option<String>, X86Error> {
    let mut range = 0..w.smt_cases;
    if smt_agrees(tools, &[item(w, range.clone())])? {
        return Ok(None);
    }
    while range.len() > 1 {
        let mid = range.start + range.len() / 2;
        if !smt_agrees(tools, &[item(w, range.start..mid)])? {
            range = range.start..mid;
        } else {
            range = mid..range.end;
        }
    }
    let i = range.start;
    let (res, m) = &w.interp[i];
    Ok(Some(format!(
        "[{}] `{}` SMT disagrees with the interpreter on input {}; interpreter: {:?} regs {:x?} undef {:x?} flags [{}] undef [{}]",
        w.form.name,
        w.insn,
        describe_case(&w.cases[i]),
        res,
        m.regs,
        m.undef_regs,
        flags::names(m.flags).join(" "),
        flags::names(m.undef_flags).join(" ")
    )))
}
