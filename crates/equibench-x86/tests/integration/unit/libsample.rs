use equibench_x86::libsample::*;
use equibench_x86::semantics::parse::parse_program;

#[test]
fn context_of_a_block() {
    let p = parse_program("movq %rdi, %rax\nshrq $3, %rax\nleal (%rax,%rsi), %ecx\n").unwrap();
    let (d, l) = block_context(&p).unwrap();
    assert_eq!(equibench_x86::corpus::locs_text(&d), "%rdi %rsi");
    assert_eq!(equibench_x86::corpus::locs_text(&l), "%ecx");
    let p = parse_program("adcq %rdi, %rax\n").unwrap();
    assert_eq!(block_context(&p), Err("block-reads-flags"));
}

#[test]
fn splits_runs_at_memory_and_control_flow() {
    // mov %rdi,%rax; add %rsi,%rax; mov (%rdi),%rcx; xor %edx,%edx; ret
    let code = [
        0x48, 0x89, 0xf8, 0x48, 0x01, 0xf0, 0x48, 0x8b, 0x0f, 0x31, 0xd2, 0xc3,
    ];
    let blocks = straight_line_blocks(0x1000, &code);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].0, 0x1000);
    assert_eq!(blocks[0].1, 6);
    assert_eq!(blocks[0].2.len(), 2);
    assert_eq!(blocks[1].0, 0x1009);
    assert_eq!(blocks[1].2.len(), 1);
}

#[test]
fn rejects_non_elf() {
    assert!(text_section(b"hello").is_err());
}
