//! Shifts by %cl (issue 26, item 8). A count that may be zero keeps the flags as they were,
//! defined or not, so `x << n` is a program with a meaning even when nothing defined the flags
//! before it; only a later read of a flag the zero count may have kept is refused. The verdicts
//! below come from the real solvers, and each counterexample is confirmed on the CPU.

use equibench_core::tools::Tools;
use equibench_x86::corpus::{context_for, parse_signatures};
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::verify::{verify_limited, Limits, VerifyOutcome};
use equibench_x86::{Insn, Locs, X86Error};
use std::time::Duration;

fn program(text: &str) -> Vec<Insn> {
    parse_program(text).unwrap_or_else(|e| panic!("{e}"))
}

fn limits() -> Limits {
    Limits {
        z3_rlimit: Some(equibench_x86::search::Z3_RLIMIT),
        z3_sorted_ac_rlimit: Some(equibench_x86::search::Z3_SORTED_AC_RLIMIT),
        cvc5_rlimit: Some(equibench_x86::search::CVC5_RLIMIT),
        cvc5_after_retry_rlimit: Some(equibench_x86::search::CVC5_RLIMIT),
        timeout: Duration::from_secs(120),
        backstop: equibench_x86::semantics::verify::Backstop::Retry,
    }
}

/// clang -O2 of `uint32_t f(uint32_t x, uint32_t n) { return x << n; }`.
const SHL: &str = "movl %esi, %ecx\nmovl %edi, %eax\nshll %cl, %eax\n";
/// The same with a 64-bit shift of the masked count.
const SHL_MASKED_64: &str =
    "movl %esi, %ecx\nandl $31, %ecx\nmovl %edi, %eax\nshlq %cl, %rax\nmovl %eax, %eax\n";
/// A 64-bit shift without the mask: counts 32..63 shift everything out of %eax.
const SHL_UNMASKED_64: &str = "movl %esi, %ecx\nmovl %edi, %eax\nshlq %cl, %rax\nmovl %eax, %eax\n";

#[test]
fn a_function_shifting_by_its_argument_is_a_target() {
    let f = parse_signatures("uint32_t f(uint32_t x, uint32_t n) {\n")
        .unwrap()
        .remove(0);
    let (def_in, live_out) = context_for(&f, &program(SHL)).expect("a target");
    assert_eq!(def_in, Locs::parse("%edi %esi").unwrap());
    assert_eq!(live_out, Locs::parse("%eax").unwrap());
    // The -O0 form: the count comes from a stack slot.
    let o0 = "pushq %rbp\nmovq %rsp, %rbp\nmovl %edi, -4(%rbp)\nmovl %esi, -8(%rbp)\n\
              movl -4(%rbp), %eax\nmovl -8(%rbp), %ecx\nshll %cl, %eax\npopq %rbp\n";
    assert!(context_for(&f, &program(o0)).is_ok());
    // Reading a flag the shift may have kept, when nothing defined it before, is still refused.
    let reads_cf = "movl %esi, %ecx\nmovl %edi, %eax\nshll %cl, %eax\nsetb %al\n";
    assert_eq!(
        context_for(&f, &program(reads_cf)),
        Err("target-reads-undefined-flags")
    );
}

#[test]
fn variable_shift_pairs_get_verdicts_the_cpu_confirms() {
    let tools = Tools::new();
    let def_in = Locs::parse("%edi %esi").unwrap();
    let live_out = Locs::parse("%eax").unwrap();
    let verify = |a: &str, b: &str| {
        verify_limited(
            &program(a),
            &program(b),
            &def_in,
            &live_out,
            &tools,
            &limits(),
        )
    };
    let same = verify(SHL, SHL_MASKED_64).unwrap();
    assert!(same.is_equivalent(), "{same}");
    match verify(SHL, SHL_UNMASKED_64).unwrap() {
        VerifyOutcome::Counterexample(c) => {
            let count = c.input.regs[6] & 63;
            assert!((32..64).contains(&count), "{c}");
            assert_ne!(c.a.regs[0] as u32, c.b.regs[0] as u32, "{c}");
        }
        other => panic!("expected a counterexample: {other}"),
    }
    // The zero count's own path: CF comes from the `cmp` when the count is 0 (mod 32) and from
    // the shift otherwise, so these differ only at x = 1 with a zero count, which the solver
    // must find and the CPU must show.
    let keep = |k: u32| {
        format!(
            "movl %esi, %ecx\nmovl %edi, %eax\ncmpl ${k}, %edi\nshll %cl, %eax\nsetb %dl\nmovzbl %dl, %eax\n"
        )
    };
    match verify(&keep(1), &keep(2)).unwrap() {
        VerifyOutcome::Counterexample(c) => {
            assert_eq!(c.input.regs[6] & 31, 0, "{c}");
            assert_eq!(c.input.regs[7] as u32, 1, "{c}");
        }
        other => panic!("expected a counterexample: {other}"),
    }
    let same_zf = verify(
        "movl %esi, %ecx\nmovl %edi, %eax\ntestl %eax, %eax\nshll %cl, %eax\nsete %dl\nmovzbl %dl, %eax\n",
        "movl %esi, %ecx\nmovl %edi, %eax\nshll %cl, %eax\ntestl %eax, %eax\nsete %dl\nmovzbl %dl, %eax\n",
    )
    .unwrap();
    assert!(same_zf.is_equivalent(), "{same_zf}");
    // A flag the zero count may have kept undefined is no input to compare.
    let undefined = verify(
        SHL,
        "movl %esi, %ecx\nmovl %edi, %eax\nshll %cl, %eax\nadcl $0, %eax\n",
    );
    assert!(
        matches!(
            undefined,
            Err(X86Error::ReadsUndefined { program: "B", .. })
        ),
        "{undefined:?}"
    );
}

/// Interpreter, CPU and SMT encoding agree on every shift by %cl, zero counts included (the case
/// generator draws 0, 32 and 64 among its edge values), with the flags as inputs.
#[test]
fn shifts_by_cl_agree_natively_and_in_smt() {
    let tools = Tools::new();
    let forms: Vec<_> = equibench_x86::semantics::forms::all()
        .into_iter()
        .filter(|f| f.name.contains("%cl"))
        .collect();
    assert!(forms.len() >= 20, "{} forms", forms.len());
    let report = equibench_x86::semantics::crossval::run_forms(&tools, forms, 2000, 400, 26)
        .unwrap_or_else(|e| panic!("{e}"));
    println!("{}", report.summary());
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
}
