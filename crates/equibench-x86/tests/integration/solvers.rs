//! The two solvers behind every x86-64 verdict, run for real: cvc5 answers what z3 leaves
//! unknown, an equivalence needs `unsat` from both, and a disagreement is dropped. The wrong
//! answers are planted through `verify_planted`'s parameter while both real solvers still run.

use equibench_core::tools::Tools;
use equibench_toolchain::solver::{SatResult, Solver, Strategy};
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::verify::{
    self, verify_limited, verify_planted, Limits, Programs, UnknownReason, VerifyOutcome,
};
use equibench_x86::{Insn, Locs};
use std::time::Duration;

fn program(text: &str) -> Vec<Insn> {
    parse_program(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The 32-bit multiply of murmur3's fmix32, written two ways.
const MUL_TWO_OPERAND: &str = "movl %edi, %eax\nimull $0x85ebca6b, %eax\n";
const MUL_THREE_OPERAND: &str = "imull $0x85ebca6b, %edi, %eax\n";
/// One bit of the constant off.
const MUL_WRONG_CONSTANT: &str = "imull $0x85ebca6f, %edi, %eax\n";

fn limits(z3_rlimit: u64) -> Limits {
    Limits {
        z3_rlimit: Some(z3_rlimit),
        z3_sorted_ac_rlimit: Some(z3_rlimit),
        cvc5_rlimit: Some(equibench_x86::search::CVC5_RLIMIT),
        cvc5_after_retry_rlimit: Some(equibench_x86::search::CVC5_RLIMIT),
        timeout: Duration::from_secs(120),
        backstop: equibench_x86::semantics::verify::Backstop::Retry,
    }
}

#[test]
fn cvc5_answers_what_z3_leaves_unknown_under_a_small_rlimit() {
    let tools = Tools::new();
    let def_in = Locs::parse("%rdi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let small = limits(1);
    for (b, expect_sat) in [(MUL_WRONG_CONSTANT, true), (MUL_THREE_OPERAND, false)] {
        let (pa, pb) = (program(MUL_TWO_OPERAND), program(b));
        let body = verify::query(&pa, &pb, &live_out);
        // Each solver on its own: z3 (both tries) runs out of its resources, cvc5 decides.
        for z3 in Strategy::Z3_TRIES {
            let answer = verify::ask(&tools, z3, &body, &small).unwrap();
            assert_eq!(answer.result, SatResult::Unknown, "{z3:?} on {b}");
        }
        let cvc5 = verify::ask(&tools, Strategy::CVC5, &body, &small).unwrap();
        let want = if expect_sat {
            SatResult::Sat
        } else {
            SatResult::Unsat
        };
        assert_eq!(cvc5.result, want, "cvc5 on {b}");
        let out = verify_limited(&pa, &pb, &def_in, &live_out, &tools, &small).unwrap();
        println!("{b} => {out}");
        match out {
            // cvc5's model, confirmed by the CPU.
            VerifyOutcome::Counterexample(c) if expect_sat => {
                assert_eq!(c.found_by, Strategy::CVC5);
                let x = c.input.regs[7] as u32;
                assert_eq!(c.a.regs[0], u64::from(x.wrapping_mul(0x85eb_ca6b)));
                assert_eq!(c.b.regs[0], u64::from(x.wrapping_mul(0x85eb_ca6f)));
            }
            // cvc5's unsat alone is not enough: z3 gave no second opinion.
            VerifyOutcome::Unknown(u) if !expect_sat => {
                assert_eq!(u.reason, UnknownReason::SecondSolverUnknown, "{u}");
                assert_eq!(u.reason.counted_as(), "second-solver-unknown");
            }
            other => panic!("{b}: {other}"),
        }
        // With z3's usual limit both solvers prove the equivalence.
        let usual = limits(equibench_x86::search::Z3_RLIMIT);
        let out = verify_limited(&pa, &pb, &def_in, &live_out, &tools, &usual).unwrap();
        assert_eq!(out.is_equivalent(), !expect_sat, "{b}: {out}");
    }
}

#[test]
fn a_planted_disagreement_is_dropped_and_its_query_kept() {
    let tools = Tools::new();
    let def_in = Locs::parse("%rdi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let (pa, pb) = (program(MUL_TWO_OPERAND), program(MUL_THREE_OPERAND));
    let usual = limits(equibench_x86::search::Z3_RLIMIT);
    let programs = Programs {
        a: &pa,
        b: &pb,
        def_in: &def_in,
        live_out: &live_out,
    };
    let run = |plant: &dyn Fn(Strategy, SatResult) -> SatResult| {
        verify_planted(&programs, &tools, &usual, plant)
    };
    // Untouched, both solvers say unsat.
    let Ok(VerifyOutcome::Equivalent(proof)) = run(&|_, r| r) else {
        panic!("not proved")
    };
    assert_eq!(proof.unsat, [Strategy::Z3, Strategy::CVC5]);
    // cvc5 (planted) says sat where z3 says unsat: no label, and the query is logged.
    let flip = |s: Strategy, r: SatResult| match (s.solver, r) {
        (Solver::Cvc5, SatResult::Unsat) => SatResult::Sat,
        _ => r,
    };
    let Ok(VerifyOutcome::Unknown(u)) = run(&flip) else {
        panic!("a disagreement gave a verdict")
    };
    assert_eq!(u.reason, UnknownReason::SolversDisagree, "{u}");
    assert_eq!(u.reason.counted_as(), "solvers-disagree");
    let logged = u
        .detail
        .split("(query in ")
        .nth(1)
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("no log file named in `{u}`"));
    let text = std::fs::read_to_string(logged).unwrap();
    assert!(text.starts_with("; z3: unsat; cvc5: sat"), "{text}");
    assert!(
        text.contains("(check-sat)") && text.contains("#x85ebca6b"),
        "{text}"
    );
    // cvc5 (planted) out of resources: dropped as second-solver-unknown.
    let silence = |s: Strategy, r: SatResult| match s.solver {
        Solver::Cvc5 => SatResult::Unknown,
        Solver::Z3 => r,
    };
    let Ok(VerifyOutcome::Unknown(u)) = run(&silence) else {
        panic!("one solver's unsat gave a verdict")
    };
    assert_eq!(u.reason, UnknownReason::SecondSolverUnknown, "{u}");
    // z3 (planted) says sat: its model is empty, the CPU does not reproduce a difference, and
    // that is an error, never a label.
    let z3_sat = |s: Strategy, r: SatResult| match s.solver {
        Solver::Z3 => SatResult::Sat,
        Solver::Cvc5 => r,
    };
    assert!(run(&z3_sat).is_err());
}

/// Under a deterministic limit the wall clock decides nothing (issue 26, item 9): z3 is given no
/// `:timeout`, and a run the backstop cuts short (here a backstop too short for any run) is
/// retried and then an error, never an `unknown` that would drop a candidate on a busy machine.
/// Without an rlimit (`tool x86 verify`, the audit) the wall clock is the limit and its expiry is
/// `unknown`.
#[test]
fn a_wall_clock_expiry_is_never_an_answer_under_rlimits() {
    let tools = Tools::new();
    for strategy in Strategy::ALL {
        let prelude = strategy.prelude(Some(10_000_000), Duration::from_secs(300));
        assert!(!prelude.contains(":timeout"), "{prelude}");
    }
    let live_out = Locs::parse("%rax").unwrap();
    let body = verify::query(
        &program(MUL_TWO_OPERAND),
        &program(MUL_THREE_OPERAND),
        &live_out,
    );
    let cut_short = Limits {
        timeout: Duration::from_millis(1),
        ..limits(equibench_x86::search::Z3_RLIMIT)
    };
    for strategy in Strategy::ALL {
        let answer = verify::ask(&tools, strategy, &body, &cut_short);
        assert!(
            matches!(answer, Err(equibench_x86::X86Error::OutOfTime(_))),
            "{strategy:?}: {answer:?}"
        );
    }
    let wall_clock = Limits::wall_clock(Duration::from_secs(60));
    let answer = verify::ask(&tools, Strategy::Z3, &body, &wall_clock).unwrap();
    assert_eq!(answer.result, SatResult::Unsat);
}

/// A script under a deterministic limit is run once per process: asking it again gives exactly
/// what a fresh run of the solver gives (result and model), from memory; a script limited only
/// by the wall clock is never remembered (its answer depends on the machine).
#[test]
fn answers_under_rlimits_are_remembered_and_equal_a_fresh_run() {
    use equibench_toolchain::solver::{self, Remembered};
    let tools = Tools::new();
    let live_out = Locs::parse("%rax").unwrap();
    let (pa, pb) = (program(MUL_TWO_OPERAND), program(MUL_WRONG_CONSTANT));
    let body = verify::query(&pa, &pb, &live_out);
    // A limit no other test uses, so this script is new to the process.
    let limited = limits(10_000_019);
    for strategy in [Strategy::Z3, Strategy::CVC5] {
        let script = format!(
            "{}{body}",
            strategy.prelude(limited.rlimit(strategy), limited.timeout)
        );
        assert_eq!(Remembered::get(strategy.solver, &script), None);
        let first = verify::ask(&tools, strategy, &body, &limited).unwrap();
        assert_eq!(first.result, SatResult::Sat, "{strategy:?}");
        let stored = Remembered::get(strategy.solver, &script).expect("remembered");
        let fresh = solver::run(&tools, strategy.solver, &script, limited.timeout).unwrap();
        assert_eq!(stored, fresh, "{strategy:?}");
        let again = verify::ask(&tools, strategy, &body, &limited).unwrap();
        assert_eq!(again, first, "{strategy:?}");
    }
    let wall = Limits::wall_clock(Duration::from_secs(117));
    let script = format!(
        "{}{body}",
        Strategy::Z3.prelude(wall.rlimit(Strategy::Z3), wall.timeout)
    );
    verify::ask(&tools, Strategy::Z3, &body, &wall).unwrap();
    assert_eq!(Remembered::get(Solver::Z3, &script), None);
}
