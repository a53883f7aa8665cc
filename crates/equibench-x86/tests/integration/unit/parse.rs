use equibench_x86::semantics::insn::{AluOp, Cond, Count, Insn, Mem, Rm, ShiftOp, Src};
use equibench_x86::semantics::parse::*;
use equibench_x86::semantics::reg::{Reg, Width, RBP};
use equibench_x86::X86Error;

#[test]
fn directives_that_may_emit_code_are_refused_with_their_line() {
    let refused = [
        ".rept 2\nincq %rdi\n.endr\nmovq %rdi, %rax\n",
        ".byte 0x48, 0xff, 0xc7\nmovq %rdi, %rax\n",
        "movq %rdi, %rax\n.fill 3, 1, 0x90\n",
        ".if 0\nincq %rdi\n.endif\nmovq %rdi, %rax\n",
        ".set n, 1\nmovq %rdi, %rax\n",
        ".equ n, 1\nmovq %rdi, %rax\n",
        ".macro m\nincq %rdi\n.endm\nm\nmovq %rdi, %rax\n",
        ".intel_syntax noprefix\nmov rax, rdi\n",
        ".code32\nmovl %edi, %eax\n",
        "movq %rdi, %rax\n.p2align 4\nincq %rax\n",
        ".section .data\nmovq %rdi, %rax\n",
        ".zero 4\nmovq %rdi, %rax\n",
        "movq %rdi, %rax ; .word 1\n",
    ];
    for text in refused {
        match parse_program(text) {
            Err(X86Error::Parse { line, text: l, .. }) => {
                assert!(l.starts_with('.') || l.contains(".word"), "{text}: {l}");
                assert_eq!(text.lines().nth(line - 1).map(str::trim), Some(l.as_str()));
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // What compilers put around a function emits no code.
    let accepted = "\t.text\n\t.file \"p.c\"\n\t.section .text.f,\"ax\",@progbits\n\t.globl f\n\t.p2align 4, 0x90\n\t.type f,@function\nf:\n\t.cfi_startproc\n\t.loc 1 2 3 prologue_end\n\tleaq 1(%rdi), %rax\n\tretq\n.Lfunc_end0:\n\t.size f, .Lfunc_end0-f\n\t.cfi_endproc\n\t.p2align 4\n\t.ident \"clang\"\n\t.section \".note.GNU-stack\",\"\",@progbits\n";
    assert_eq!(parse_program(accepted).unwrap().len(), 1);
}

#[test]
fn parses_common_forms() {
    let p = parse_program(
        "f:\n  .cfi_startproc\n  leaq -1(%rdi), %rax  # x-1\n  andq %rdi, %rax\n  shlq %rax\n  cmovne %rsi,%rax\n  ret\n",
    )
    .unwrap();
    assert_eq!(p.len(), 4);
    assert_eq!(
        p[2],
        Insn::Shift {
            op: ShiftOp::Shl,
            dst: Rm::Reg(Reg::q(0)),
            count: Count::Imm(1)
        }
    );
    assert_eq!(
        parse_insn("movl $0xffffffff, %eax").unwrap(),
        Insn::Mov {
            dst: Rm::Reg(Reg::new(0, Width::W32)),
            src: Src::Imm(-1)
        }
    );
    assert!(parse_insn("addq $0xffffffff, %rax").is_err());
    assert!(parse_insn("movb %ah, %sil").is_err());
    assert!(parse_insn("movzbq %ah, %rdx").is_err());
    assert!(parse_insn("movzbl %ah, %edx").is_ok());
    assert!(parse_insn("addl %eax, %rcx").is_err());
    assert!(parse_insn("frobnicate %eax").is_err());
    assert!(parse_insn("movq %rax, %rsp").is_err());
    assert!(parse_insn("addl %esp, %eax").is_err());
    assert!(parse_insn("leaq 8(%rsp), %rax").is_err());
    assert!(parse_insn("movl 8(%rax), %eax").is_err());
    assert!(parse_insn("movl -4(%rbp,%rax,1), %eax").is_err());
    assert!(parse_insn("addl -4(%rbp), -8(%rbp)").is_err());
    assert!(parse_insn("incl -4(%rbp)").is_ok());
    assert!(parse_insn("inc -4(%rbp)").is_err());
    assert!(parse_insn("pushq %rsp").is_err());
    assert!(parse_insn("popl %eax").is_err());
    assert!(parse_insn("andq $-16, %rsp").is_err());
    assert_eq!(parse_insn("subq $16, %rsp").unwrap(), Insn::AdjustRsp(-16));
    assert_eq!(parse_insn("movq %rsp, %rbp").unwrap(), Insn::FramePointer);
    assert_eq!(parse_insn("leave").unwrap(), Insn::Leave);
    assert_eq!(
        parse_insn("testl -4(%rbp), %eax").unwrap(),
        parse_insn("testl %eax, -4(%rbp)").unwrap()
    );
    assert_eq!(
        parse_insn("movl -0x4(%rbp), %eax").unwrap(),
        Insn::Mov {
            dst: Rm::Reg(Reg::new(0, Width::W32)),
            src: Src::Mem(Mem::new(RBP, -4, Width::W32))
        }
    );
    assert_eq!(
        parse_insn("imull $-1028477387, -4(%rbp), %eax").unwrap(),
        Insn::Imul {
            dst: Reg::new(0, Width::W32),
            src: Rm::Mem(Mem::new(RBP, -4, Width::W32)),
            imm: Some(-1028477387)
        }
    );
    assert_eq!(
        parse_insn("cmovbl %ecx,%eax").unwrap(),
        Insn::Cmov {
            cond: Cond::B,
            dst: Reg::new(0, Width::W32),
            src: Rm::Reg(Reg::new(1, Width::W32))
        }
    );
    assert_eq!(
        parse_insn("cmovl %ecx,%eax").unwrap(),
        Insn::Cmov {
            cond: Cond::L,
            dst: Reg::new(0, Width::W32),
            src: Rm::Reg(Reg::new(1, Width::W32))
        }
    );
    assert!(matches!(
        parse_insn("movzbl %al,%eax").unwrap(),
        Insn::Movx { signed: false, .. }
    ));
    assert!(matches!(
        parse_insn("sbbb %al,%cl").unwrap(),
        Insn::Alu { op: AluOp::Sbb, .. }
    ));
}
