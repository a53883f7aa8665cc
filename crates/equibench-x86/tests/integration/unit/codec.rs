use equibench_x86::semantics::codec::*;
use equibench_x86::semantics::parse::parse_insn;

#[test]
fn round_trips_a_few_forms() {
    for t in [
        "addq $1, %rax",
        "andq $-0x100, %rdi",
        "movabs $0x123456789, %rax",
        "leaq -1(%rdi,%rsi,4), %rax",
        "xchgl %eax, %eax",
        "shlb $3, %ah",
        "imul $1000, %rsi, %rax",
        "movl %edi, -4(%rbp)",
        "movl -0x14(%rbp), %eax",
        "movq $-1, -8(%rsp)",
        "addl $1, -4(%rbp)",
        "cmpl $0x1000, (%rbp)",
        "andb $3, -1(%rsp)",
        "xorq -8(%rbp), %rax",
        "imull $-1028477387, -4(%rbp), %eax",
        "shrl %cl, -4(%rbp)",
        "divl -8(%rbp)",
        "movzbl -1(%rbp), %eax",
        "sete -9(%rbp)",
        "btl $3, -4(%rbp)",
        "pushq %rbp",
        "popq %r12",
        "movq %rsp, %rbp",
        "leave",
        "subq $0x10, %rsp",
        "addq $0x200, %rsp",
    ] {
        let insn = parse_insn(t).unwrap();
        let bytes = encode(&[insn]).unwrap();
        let back = decode(&bytes).unwrap();
        assert_eq!(back, vec![insn], "{t}");
        let text = format_gas(&insn).unwrap();
        assert_eq!(parse_insn(&text).unwrap(), insn, "{t} -> {text}");
    }
}
