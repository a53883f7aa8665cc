use equibench_x86::semantics::flags;
use equibench_x86::semantics::frame::*;
use equibench_x86::semantics::insn::Fx;
use equibench_x86::semantics::locs::Locs;
use equibench_x86::semantics::parse::parse_program;

fn check(text: &str, def_in: &str) -> Result<(), Problem> {
    let p = parse_program(text).unwrap();
    let mut c = Checker::new(&Locs::parse(def_in).unwrap());
    for i in &p {
        c.step(i, &Fx::of(i))?;
    }
    c.finish(&Locs::parse("%rax").unwrap())
}

#[test]
fn gcc_o0_frames_are_valid() {
    let p01 = "pushq %rbp\nmovq %rsp, %rbp\nmovl %edi, -4(%rbp)\nmovl -4(%rbp), %eax\nsubl $1, %eax\nandl -4(%rbp), %eax\npopq %rbp\n";
    assert_eq!(check(p01, "%edi"), Ok(()));
    // The red zone below %rsp, without a frame pointer.
    assert_eq!(
        check("movq %rdi, -8(%rsp)\nmovq -8(%rsp), %rax\n", "%rdi"),
        Ok(())
    );
    // A subq-allocated frame torn down by leave; the flags of subq are undefined.
    let big = "pushq %rbp\nmovq %rsp, %rbp\nsubq $0x10, %rsp\nmovq %rdi, -0x10(%rbp)\nmovq -0x10(%rbp), %rax\nleave\n";
    assert_eq!(check(big, "%rdi"), Ok(()));
    assert_eq!(
        check("subq $0x10, %rsp\nsetb %al\naddq $0x10, %rsp\n", ""),
        Err(Problem::Flags(flags::CF))
    );
}

#[test]
fn invalid_frames_are_refused() {
    // A slot read before it is written.
    assert_eq!(
        check(
            "pushq %rbp\nmovq %rsp, %rbp\nmovl -4(%rbp), %eax\npopq %rbp\n",
            ""
        ),
        Err(Problem::Frame {
            offset: -12,
            len: 4
        })
    );
    // Only the low half of a slot written.
    assert_eq!(
        check("movl %edi, -8(%rsp)\nmovq -8(%rsp), %rax\n", "%edi"),
        Err(Problem::Frame { offset: -8, len: 8 })
    );
    // %rbp as a base before it is a frame pointer, and as data while it is one.
    assert_eq!(
        check("movl %edi, -4(%rbp)\n", "%edi"),
        Err(Problem::RbpNotFrame)
    );
    assert_eq!(
        check(
            "pushq %rbp\nmovq %rsp, %rbp\nmovq %rbp, %rax\npopq %rbp\n",
            ""
        ),
        Err(Problem::FrameAddressEscapes)
    );
    // The return address and the caller's frame are outside.
    assert_eq!(
        check("movq (%rsp), %rax\n", ""),
        Err(Problem::OutsideFrame { offset: 0, len: 8 })
    );
    assert_eq!(
        check("pushq %rbp\npushq %rbp\npopq %rbp\n", ""),
        Err(Problem::Unbalanced(-8))
    );
    // A saved register comes back as it was: undefined, so reading it is refused.
    assert_eq!(
        check("pushq %rbx\npopq %rax\nmovl %eax, %eax\n", ""),
        Err(Problem::Reg {
            num: 0,
            bits: 0xffff_ffff
        })
    );
    assert_eq!(
        check("pushq %rbx\npopq %rbx\nmovl %edi, %eax\n", "%edi"),
        Ok(())
    );
}

#[test]
fn only_the_red_zone_below_rsp_is_storage() {
    // 128 bytes below %rsp are the red zone; a byte deeper is not.
    assert_eq!(
        check("movq %rdi, -128(%rsp)\nmovq -128(%rsp), %rax\n", "%rdi"),
        Ok(())
    );
    assert_eq!(
        check("movq %rdi, -136(%rsp)\nmovq -136(%rsp), %rax\n", "%rdi"),
        Err(Problem::BelowRedZone {
            offset: -136,
            len: 8,
            rsp: 0
        })
    );
    assert_eq!(
        check("movb %dil, -129(%rsp)\nmovl %edi, %eax\n", "%edi"),
        Err(Problem::BelowRedZone {
            offset: -129,
            len: 1,
            rsp: 0
        })
    );
    // Below a pushed %rbp the red zone moves down with %rsp.
    let deep =
        "pushq %rbp\nmovq %rsp, %rbp\nmovq %rdi, -128(%rbp)\nmovq -128(%rbp), %rax\npopq %rbp\n";
    assert_eq!(check(deep, "%rdi"), Ok(()));
    // A value stored while %rsp was lower is lost once %rsp moves up past it.
    let lost = "pushq %rbp\nmovq %rdi, -128(%rsp)\npopq %rbp\nsubq $8, %rsp\nmovq -128(%rsp), %rax\naddq $8, %rsp\n";
    assert_eq!(
        check(lost, "%rdi"),
        Err(Problem::Frame {
            offset: -136,
            len: 8
        })
    );
    // Allocated with subq, the same depth is the function's own.
    let allocated = "subq $0x90, %rsp\nmovq %rdi, (%rsp)\nmovq (%rsp), %rax\naddq $0x90, %rsp\n";
    assert_eq!(check(allocated, "%rdi"), Ok(()));
}

#[test]
fn displacements_of_any_size_are_problems_not_panics() {
    for disp in [
        i32::MIN,
        i32::MIN + 1,
        -0x8000_0000 + 8,
        i32::MAX,
        i32::MAX - 4,
    ] {
        for base in ["%rsp", "%rbp"] {
            let text = format!(
                "pushq %rbp\nmovq %rsp, %rbp\nsubq $0x80, %rsp\nmovl {disp}({base}), %eax\nleave\n"
            );
            assert!(
                matches!(
                    check(&text, ""),
                    Err(Problem::OutsideFrame { .. } | Problem::BelowRedZone { .. })
                ),
                "{text}"
            );
        }
    }
    assert!(equibench_x86::semantics::parse::parse_program("subq $-0x80000000, %rsp\n").is_err());
    assert_eq!(
        check("addq $0x7fffffff, %rsp\n", ""),
        Err(Problem::OutsideFrame {
            offset: 0x7fff_ffff,
            len: 0
        })
    );
}
