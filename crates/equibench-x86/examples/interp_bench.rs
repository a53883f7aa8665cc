//! Interpreter speed, single core: runs a straight-line popcount (26 instructions), an x&(x-1)
//! kernel and an -O0 body with its stack frame over random inputs and prints instructions per
//! second.
//! `cargo run --release -p equibench-x86 --example interp_bench`

#![forbid(unsafe_code)]

use equibench_x86::semantics::parse::parse_program;
use equibench_x86::Machine;
use rand::Rng;
use std::time::Instant;

const POPCOUNT: &str = "
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

const MIXED: &str = "
    leaq -1(%rdi), %rax
    andq %rdi, %rax
    cmpq %rsi, %rax
    cmovlq %rsi, %rax
    imulq $3, %rax, %rdx
    movzbl %dl, %ecx
    sarq %cl, %rdx
    setne %cl
    addl %ecx, %eax
    xorq %rdx, %rax
";

/// gcc -O0's sat_sub_i32_masked-style code: every value through a stack slot of the frame.
const FRAME: &str = "
    pushq %rbp
    movq %rsp, %rbp
    movl %edi, -0x14(%rbp)
    movl %esi, -0x18(%rbp)
    movl -0x14(%rbp), %eax
    subl -0x18(%rbp), %eax
    movl %eax, -0x4(%rbp)
    movl -0x14(%rbp), %eax
    shrl $0x1f, %eax
    addl $0x7fffffff, %eax
    movl %eax, -0x8(%rbp)
    movl -0x14(%rbp), %eax
    xorl -0x18(%rbp), %eax
    movl -0x14(%rbp), %edx
    xorl -0x4(%rbp), %edx
    andl %edx, %eax
    shrl $0x1f, %eax
    negl %eax
    popq %rbp
";

/// CPU seconds of this thread, which a loaded machine does not inflate (the sandbox crate owns
/// the `unsafe` call it takes).
fn thread_cpu_seconds() -> f64 {
    equibench_core::sandbox::thread_cpu_time().as_secs_f64()
}

fn main() {
    let mut rng = equibench_core::seed::rng(1, &["x86-interp-bench"]);
    for (name, text) in [("popcount", POPCOUNT), ("mixed", MIXED), ("frame", FRAME)] {
        let program = parse_program(text).expect("benchmark programs parse");
        let inputs: Vec<[u64; 16]> = (0..1024)
            .map(|_| std::array::from_fn(|_| rng.gen()))
            .collect();
        let mut executed = 0u64;
        let mut sink = 0u64;
        let start = Instant::now();
        let cpu_start = thread_cpu_seconds();
        while start.elapsed().as_secs_f64() < 2.0 {
            for regs in &inputs {
                let mut m = Machine::new(*regs, 0);
                let _ = m.run(&program);
                sink ^= m.regs[0];
            }
            executed += (inputs.len() * program.len()) as u64;
        }
        let secs = start.elapsed().as_secs_f64();
        let cpu = thread_cpu_seconds() - cpu_start;
        println!(
            "{name}: {} instructions x {} runs in {secs:.2}s wall, {cpu:.2}s CPU = {:.1} million instructions per CPU-second, {:.2} million programs per CPU-second (checksum {sink:x})",
            program.len(),
            executed / program.len() as u64,
            executed as f64 / cpu / 1e6,
            executed as f64 / program.len() as f64 / cpu / 1e6
        );
    }
}
