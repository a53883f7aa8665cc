use equibench_x86::semantics::insn::{Fx, Insn};
use equibench_x86::semantics::interp::*;
use equibench_x86::semantics::parse::parse_program;

fn run(text: &str, regs: &[(u8, u64)]) -> Machine {
    let mut m = Machine::default();
    for (r, v) in regs {
        m.regs[*r as usize] = *v;
    }
    m.run(&parse_program(text).unwrap()).unwrap();
    m
}

#[test]
fn thirty_two_bit_writes_zero_extend_and_narrow_writes_merge() {
    let m = run(
        "movl %eax, %eax\nmovb $1, %bl\nmovb $2, %ch",
        &[(0, u64::MAX), (3, u64::MAX), (1, 0)],
    );
    assert_eq!(m.regs[0], 0xffff_ffff);
    assert_eq!(m.regs[3], 0xffff_ffff_ffff_ff01);
    assert_eq!(m.regs[1], 0x200);
}

#[test]
fn not_taken_cmov_still_zero_extends() {
    let m = run(
        "xorl %ecx, %ecx\ncmovnel %esi, %eax",
        &[(0, u64::MAX), (6, 5)],
    );
    assert_eq!(m.regs[0], 0xffff_ffff);
}

#[test]
fn bsf_of_zero_is_undefined_and_div_by_zero_faults() {
    let mut m = Machine::default();
    m.run(&parse_program("bsfq %rdi, %rax").unwrap()).unwrap();
    assert_eq!(m.undef_regs[0], u64::MAX);
    let mut m = Machine::default();
    assert_eq!(
        m.run(&parse_program("divq %rdi").unwrap()),
        Err(Fault::DivideError)
    );
}

/// Undefined bits spread through what reads them, and a full write of a register defines it
/// again (the tracking `step_with` does from cached effects).
#[test]
fn undefined_bits_propagate_to_readers_only() {
    let mut m = Machine::default();
    m.regs[7] = 0;
    m.run(
        &parse_program(
            "bsfq %rdi, %rax\nmovq %rax, %rcx\naddq %rcx, %rdx\nmovl $1, %eax\nmovq %rsi, %r8",
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(m.undef_regs[1], u64::MAX, "moved from an undefined rax");
    assert_eq!(m.undef_regs[2], u64::MAX, "added an undefined rcx");
    assert_ne!(m.undef_flags, 0, "flags of an add of undefined values");
    assert_eq!(m.undef_regs[0], 0, "movl defines all of rax");
    assert_eq!(m.undef_regs[8], 0, "r8 never touched anything undefined");
}

/// `step_with` (the search's path) and `step` (everyone else's) agree on random programs of
/// every form, undefined bits and faults included.
#[test]
fn step_with_cached_effects_equals_step() {
    use rand::Rng;
    let forms = equibench_x86::semantics::forms::all();
    let mut rng = equibench_core::seed::rng(9, &["step-with-test"]);
    let mut tainted_runs = 0;
    for _ in 0..3000 {
        let program: Vec<Insn> = (0..8)
            .map(|_| {
                let f = &forms[rng.gen_range(0..forms.len())];
                f.insns[rng.gen_range(0..f.insns.len())]
            })
            .collect();
        let mut start = Machine::default();
        for r in start.regs.iter_mut() {
            *r = equibench_x86::semantics::forms::interesting(&mut rng);
        }
        let (mut a, mut b) = (start, start);
        let ra: Vec<_> = program.iter().map(|i| a.step(i)).collect();
        let rb: Vec<_> = program.iter().map(|i| b.step_with(i, &Fx::of(i))).collect();
        assert_eq!((ra, a), (rb, b), "{program:?}");
        tainted_runs += usize::from(a.any_undef());
    }
    assert!(
        tainted_runs > 300,
        "only {tainted_runs} programs had undefined bits"
    );
}
