//! Known answers for the verifier (issue 5's acceptance): equivalences it must prove and
//! inequivalences it must refute with a counterexample confirmed on the hardware.

use equibench_core::tools::Tools;
use equibench_toolchain::solver::{SatResult, Strategy};
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::verify::{
    ask, query, verify, verify_files, Backstop, Limits, Proof, UnknownReason, VerifyOutcome,
    DEFAULT_TIMEOUT,
};
use equibench_x86::{Locs, X86Error};

/// What every question of these tests is asked under: `tool x86 verify`'s deterministic limits
/// ([`Limits::one_question`]), so an answer is the query's alone and no load of the machine can
/// turn a proof into `unknown`. The wall clock is only a safety net: a run it stops is asked
/// again with more time and then an error ([`Backstop::Retry`]), never an answer.
pub(crate) fn deterministic() -> Limits {
    Limits {
        backstop: Backstop::Retry,
        ..Limits::one_question(DEFAULT_TIMEOUT)
    }
}

fn check(a: &str, b: &str, def_in: &str, live_out: &str) -> VerifyOutcome {
    let pa = parse_program(a).unwrap_or_else(|e| panic!("{e}"));
    let pb = parse_program(b).unwrap_or_else(|e| panic!("{e}"));
    let def_in = Locs::parse(def_in).unwrap();
    let live_out = Locs::parse(live_out).unwrap();
    let out = verify(
        &pa,
        &pb,
        &def_in,
        &live_out,
        &Tools::new(),
        &deterministic(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    println!("---\n{a}\nvs\n{b}\n=> {out}");
    out
}

/// Who proved it, when it is equivalent.
fn proved_by(out: &VerifyOutcome) -> Option<Vec<Strategy>> {
    match out {
        VerifyOutcome::Equivalent(Proof { unsat, .. }) => Some(unsat.clone()),
        _ => None,
    }
}

/// Equivalent, by z3 (first try) and cvc5.
fn both_unsat() -> Option<Vec<Strategy>> {
    Some(vec![Strategy::Z3, Strategy::CVC5])
}

fn counterexample(out: VerifyOutcome) -> equibench_x86::Counterexample {
    match out {
        VerifyOutcome::Counterexample(c) => *c,
        other => panic!("expected a counterexample, got {other}"),
    }
}

const CLEAR_LOWEST_LEA: &str = "f:\n  leaq -1(%rdi), %rax\n  andq %rdi, %rax\n  ret\n";
const CLEAR_LOWEST_SUB: &str = "movq %rdi, %rax\nsubq $1, %rax\nandq %rdi, %rax\n";
/// x - (x & -x)
const CLEAR_LOWEST_NEG: &str = "movq %rdi, %rax\nnegq %rax\nandq %rdi, %rax\nmovq %rdi, %rcx\nsubq %rax, %rcx\nmovq %rcx, %rax\n";

#[test]
fn x_and_x_minus_one_three_ways_are_equivalent() {
    for (a, b) in [
        (CLEAR_LOWEST_LEA, CLEAR_LOWEST_SUB),
        (CLEAR_LOWEST_LEA, CLEAR_LOWEST_NEG),
        (CLEAR_LOWEST_SUB, CLEAR_LOWEST_NEG),
    ] {
        assert_eq!(proved_by(&check(a, b, "%rdi", "%rax")), both_unsat());
    }
    // x & (x + 1) is a different function.
    let c = counterexample(check(
        CLEAR_LOWEST_LEA,
        "leaq 1(%rdi), %rax\nandq %rdi, %rax\n",
        "%rdi",
        "%rax",
    ));
    let x = c.input.regs[7];
    assert_ne!(c.a.regs[0], c.b.regs[0]);
    assert_eq!(c.a.regs[0], x & x.wrapping_sub(1));
}

/// Popcount by bit tricks (Hacker's Delight), with shifts and adds only.
const POPCOUNT_TRICKS: &str = "
    movq %rdi, %rax
    shrq $1, %rax
    movabsq $0x5555555555555555, %rcx
    andq %rcx, %rax
    subq %rax, %rdi
    movabsq $0x3333333333333333, %rcx
    movq %rdi, %rax
    andq %rcx, %rax
    shrq $2, %rdi
    andq %rcx, %rdi
    addq %rdi, %rax
    movq %rax, %rdx
    shrq $4, %rdx
    addq %rdx, %rax
    movabsq $0x0f0f0f0f0f0f0f0f, %rcx
    andq %rcx, %rax
    movq %rax, %rdx
    shrq $8, %rdx
    addq %rdx, %rax
    movq %rax, %rdx
    shrq $16, %rdx
    addq %rdx, %rax
    movq %rax, %rdx
    shrq $32, %rdx
    addq %rdx, %rax
    andl $0x7f, %eax
";

#[test]
fn popcntl_is_not_popcntq_above_32_bits() {
    let c = counterexample(check(
        "popcntl %edi, %eax",
        "popcntq %rdi, %rax",
        "%rdi",
        "%rax",
    ));
    let x = c.input.regs[7];
    assert_ne!(
        x >> 32,
        0,
        "the counterexample must have bits above 32: {x:#x}"
    );
    assert_eq!(c.a.regs[0], (x as u32).count_ones() as u64);
    assert_eq!(c.b.regs[0], x.count_ones() as u64);
}

const MAX_A: &str = "movq %rdi, %rax\ncmpq %rsi, %rdi\ncmovlq %rsi, %rax\n";
const MAX_B: &str = "movq %rsi, %rax\ncmpq %rdi, %rsi\ncmovlq %rdi, %rax\n";
const MAX_UNSIGNED: &str = "movq %rdi, %rax\ncmpq %rsi, %rdi\ncmovbq %rsi, %rax\n";

#[test]
fn flag_dependent_cmov_pairs_both_ways() {
    assert_eq!(
        proved_by(&check(MAX_A, MAX_B, "%rdi %rsi", "%rax")),
        both_unsat()
    );
    let c = counterexample(check(MAX_A, MAX_UNSIGNED, "%rdi %rsi", "%rax"));
    let (x, y) = (c.input.regs[7] as i64, c.input.regs[6] as i64);
    assert_eq!(c.a.regs[0] as i64, x.max(y));
    assert_eq!(c.b.regs[0], (x as u64).max(y as u64));
}

#[test]
fn a_division_fault_is_a_counterexample() {
    let div = "movq %rdi, %rax\nxorl %edx, %edx\ndivq %rsi\n";
    let c = counterexample(check(div, "movq %rdi, %rax\n", "%rdi %rsi", "%rax"));
    assert!(
        c.a.signal == libc_sigfpe() || c.a.regs[0] != c.b.regs[0],
        "{c}"
    );
}

fn libc_sigfpe() -> i32 {
    8
}

#[test]
fn reading_a_register_outside_def_in_is_an_error() {
    let a = parse_program("movq %rsi, %rax").unwrap();
    let err = verify(
        &a,
        &a,
        &Locs::parse("%rdi").unwrap(),
        &Locs::parse("%rax").unwrap(),
        &Tools::new(),
        &deterministic(),
    )
    .unwrap_err();
    assert!(matches!(err, X86Error::ReadsUndefined { .. }), "{err}");
}

#[test]
fn verify_files_prints_the_verdict_and_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.s");
    let b = dir.path().join("b.s");
    std::fs::write(&a, "popcntl %edi, %eax\nret\n").unwrap();
    std::fs::write(&b, "popcntq %rdi, %rax\nret\n").unwrap();
    let limits = deterministic();
    let out = verify_files(&a, &b, "%rdi", "%rax", &limits, &Tools::new()).unwrap();
    let text = out.to_string();
    println!("{text}");
    assert_eq!(out.exit_code(), 1);
    assert!(text.starts_with("inequivalent"), "{text}");
    assert!(text.contains("%rdi = 0x"), "{text}");
    std::fs::write(&b, "popcntl %edi, %eax\n").unwrap();
    let out = verify_files(&a, &b, "%rdi", "%rax", &limits, &Tools::new()).unwrap();
    assert_eq!(
        (out.exit_code(), out.to_string()),
        (0, "equivalent (unsat from z3 and cvc5)\n".to_string())
    );
}

#[test]
fn sbb_idiom_reads_only_the_carry() {
    // -(x < y unsigned), once with the `sbb %rax,%rax` idiom (which does not read %rax).
    let a = "cmpq %rsi, %rdi\nsbbq %rax, %rax\n";
    let b = "xorl %eax, %eax\ncmpq %rsi, %rdi\nsetb %al\nnegq %rax\n";
    assert_eq!(proved_by(&check(a, b, "%rdi %rsi", "%rax")), both_unsat());
}

/// Hacker's Delight p01 (x & (x - 1)) as gcc -O0 writes it: every value through a stack slot.
const P01_GCC_O0: &str = "p01:
    pushq %rbp
    movq %rsp, %rbp
    movl %edi, -4(%rbp)
    movl -4(%rbp), %eax
    subl $1, %eax
    andl -4(%rbp), %eax
    popq %rbp
    ret
";

#[test]
fn o0_stack_traffic_is_equivalent_to_register_code() {
    // The -O0 frame against the -O2 code, and against a red-zone version without a frame.
    assert_eq!(
        proved_by(&check(
            P01_GCC_O0,
            "movl %edi, %eax\ndecl %eax\nandl %edi, %eax\n",
            "%edi",
            "%eax"
        )),
        both_unsat()
    );
    assert_eq!(
        proved_by(&check(
            P01_GCC_O0,
            "movl %edi, -0xc(%rsp)\nmovl -0xc(%rsp), %eax\ndecl %eax\nandl -0xc(%rsp), %eax\n",
            "%edi",
            "%eax"
        )),
        both_unsat()
    );
    // A store through the wrong slot width keeps only the low byte: refuted on the hardware.
    let c = counterexample(check(
        P01_GCC_O0,
        "pushq %rbp\nmovq %rsp, %rbp\nmovb %dil, -4(%rbp)\nmovzbl -4(%rbp), %eax\nsubl $1, %eax\nandl %edi, %eax\npopq %rbp\n",
        "%edi",
        "%eax",
    ));
    let x = c.input.regs[7] as u32;
    assert_eq!(c.a.regs[0] as u32, x & x.wrapping_sub(1));
    assert_ne!(c.a.regs[0] as u32, c.b.regs[0] as u32);
}

#[test]
fn a_program_may_not_depend_on_the_frame_before_it_writes_it() {
    let check_err = |b: &str| {
        verify(
            &parse_program(P01_GCC_O0).unwrap(),
            &parse_program(b).unwrap(),
            &Locs::parse("%edi").unwrap(),
            &Locs::parse("%eax").unwrap(),
            &Tools::new(),
            &deterministic(),
        )
        .unwrap_err()
    };
    // A slot never written is undefined, like a register outside def_in.
    let e = check_err("movl -8(%rsp), %eax\n");
    assert!(matches!(e, X86Error::ReadsUndefined { .. }), "{e}");
    // The caller's %rbp, saved by the push, is no input either.
    let e = check_err("pushq %rbp\nmovq %rsp, %rbp\nmovl -8(%rbp), %eax\npopq %rbp\n");
    assert!(matches!(e, X86Error::ReadsUndefined { .. }), "{e}");
    // Stack addresses are not data, and the frame ends where the return address begins.
    let e = check_err("pushq %rbp\nmovq %rsp, %rbp\nmovl %ebp, %eax\npopq %rbp\n");
    assert!(matches!(e, X86Error::Unsupported(_)), "{e}");
    let e = check_err("movl 8(%rsp), %eax\n");
    assert!(matches!(e, X86Error::Unsupported(_)), "{e}");
    // %rsp must come back to where it started.
    let e = check_err("pushq %rdi\nmovl %edi, %eax\n");
    assert!(matches!(e, X86Error::Unsupported(_)), "{e}");
}

/// A day of wall clock: the `--timeout` the tests give `tool x86 verify` unless they test the
/// option itself. The command's deterministic limits (`--rlimit`'s defaults) decide its answer;
/// its default wall clock (600 s) is a user's patience, which a test starved of CPU by other work
/// on the machine could outlast, turning a proof into `unknown`.
const PATIENT: &str = "86400";

/// `equibench tool x86 verify` as a user runs it, with the command's own defaults (but for the
/// wall clock, [`PATIENT`], where `extra` does not set it): its exit code and what it printed
/// (stdout is the test's).
fn tool_verify(a: &str, b: &str, def_in: &str, live_out: &str, extra: &[&str]) -> u8 {
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb) = (dir.path().join("a.s"), dir.path().join("b.s"));
    std::fs::write(&pa, a).unwrap();
    std::fs::write(&pb, b).unwrap();
    let mut args: Vec<std::ffi::OsString> = vec!["verify".into(), pa.into(), pb.into()];
    let patient: &[&str] = if extra.contains(&"--timeout") {
        &[]
    } else {
        &["--timeout", PATIENT]
    };
    for a in ["--def-in", def_in, "--live-out", live_out]
        .iter()
        .chain(patient)
        .chain(extra)
    {
        args.push(a.into());
    }
    let tools = Tools::new();
    let data = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let env = equibench_core::CommandEnv {
        tools: &tools,
        data_dir: &data,
    };
    (equibench_x86::command::VERIFY.run)(&args, &env).unwrap()
}

/// The straight-line popcount equals `popcntq`, proved by z3 (its first try) and cvc5; and the
/// verifier a user asks one question keeps the proofs it made before builds got their own,
/// smaller per-strategy limits (issue 36): this 64-bit SWAR popcount, which cvc5 did not prove
/// within the old 60 s, is equivalent under the command's default rlimits (deterministic, so the
/// same on any machine and under any load: the wall clock, [`PATIENT`], is only a safety net).
/// One proof serves both (it was two tests asking the same question, about 45 s of cvc5 each):
/// the command's exit 0 is both solvers' `unsat`, and z3's first try, asked the same script
/// alone, says which z3 try gave it.
#[test]
fn straight_line_popcount_equals_popcntq_and_tool_verify_proves_it_under_its_own_limits() {
    assert_eq!(
        tool_verify(POPCOUNT_TRICKS, "popcntq %rdi, %rax\n", "%rdi", "%rax", &[]),
        0
    );
    let (a, b) = (
        parse_program(POPCOUNT_TRICKS).unwrap(),
        parse_program("popcntq %rdi, %rax").unwrap(),
    );
    let body = query(&a, &b, &Locs::parse("%rax").unwrap());
    let z3 = ask(&Tools::new(), Strategy::Z3, &body, &deterministic()).unwrap();
    assert_eq!(z3.result, SatResult::Unsat, "z3's first try");
}

/// The two programs of issue 37 that differ only in bits the architecture leaves undefined: a
/// flag `imul` leaves undefined read by `sete`, and `bsr`'s result at 0 against `lzcnt`. The
/// build drops such a refutation and the audit contradicts it; the command says unknown (exit 2),
/// never inequivalent. `bsr` against `lzcnt` alone differ in defined bits too: z3's first model
/// (0) shows only the undefined difference, the next one a real one, so that is inequivalent.
#[test]
fn tool_verify_gives_no_verdict_on_undefined_bits() {
    let cases = [
        (
            "imulq %rsi, %rdi\nsete %al\n",
            "imulq %rsi, %rdi\ntestq %rdi, %rdi\nsete %al\n",
            "%rdi %rsi",
            "%al",
        ),
        (
            "bsrq %rdi, %rax\nxorq $63, %rax\n",
            "lzcntq %rdi, %rax\n",
            "%rdi",
            "%rax",
        ),
    ];
    for (a, b, def_in, live_out) in cases {
        assert_eq!(tool_verify(a, b, def_in, live_out, &[]), 2, "{a} vs {b}");
        let dir = tempfile::tempdir().unwrap();
        let (pa, pb) = (dir.path().join("a.s"), dir.path().join("b.s"));
        std::fs::write(&pa, a).unwrap();
        std::fs::write(&pb, b).unwrap();
        let limits = deterministic();
        match verify_files(&pa, &pb, def_in, live_out, &limits, &Tools::new()).unwrap() {
            VerifyOutcome::Unknown(u) => {
                assert_eq!(u.reason, UnknownReason::UndefinedBits, "{a} vs {b}: {u}");
                assert!(u.detail.starts_with("undefined:"), "{u}");
            }
            other => panic!("{a} vs {b}: {other}"),
        }
    }
    assert_eq!(
        tool_verify(
            "bsrq %rdi, %rax\n",
            "lzcntq %rdi, %rax\n",
            "%rdi",
            "%rax",
            &[]
        ),
        1
    );
}

/// `--timeout` and `--rlimit` reach the solvers: one unit each leaves the popcount without an
/// answer (unknown, exit 2); `--rlimit none` leaves the wall clock alone; a limit of 0 (no limit
/// to z3) or an unknown solver is a usage error (clap's exit 2, with a message).
#[test]
fn tool_verify_takes_its_limits_from_the_command_line() {
    let (a, b) = (POPCOUNT_TRICKS, "popcntq %rdi, %rax\n");
    assert_eq!(
        tool_verify(a, b, "%rdi", "%rax", &["--rlimit", "z3=1,cvc5=1"]),
        2
    );
    assert_eq!(
        tool_verify(
            "movq %rdi, %rax\n",
            "leaq (%rdi), %rax\n",
            "%rdi",
            "%rax",
            &["--rlimit", "none", "--timeout", "3600"]
        ),
        0
    );
    for bad in ["z3=0", "yices=5", "z3"] {
        assert_eq!(
            tool_verify(a, b, "%rdi", "%rax", &["--rlimit", bad]),
            2,
            "{bad}"
        );
    }
}
