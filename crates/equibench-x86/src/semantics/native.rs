//! Native execution of encoded instructions, only to validate the model and to confirm
//! counterexamples. A tiny C harness (compiled once with gcc) reads jobs from stdin: machine code
//! plus test cases; for each case it loads the 15 general registers (all but %rsp) and the flags,
//! switches to a stack of its own, calls the code (so the code starts where a function starts:
//! the return address at (%rsp), the frame of [`crate::semantics::frame`] below it), switches back, stores
//! registers and RFLAGS, and catches faults with a signal handler. Before every case the stack is
//! filled with a pattern, so no case sees what an earlier one left there. It runs inside the core
//! sandbox, many cases per launch.

use crate::semantics::flags;
use crate::semantics::insn::{BitOp, Insn};
use crate::X86Error;
use equibench_core::sandbox::{self, Limits, SandboxCommand, Termination};
use equibench_core::tools::Tools;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// An input state: the 16 registers (the %rsp slot is ignored) and the modelled flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Case {
    pub regs: [u64; 16],
    pub flags: u8,
}

/// What the hardware did: the signal that stopped it (0 for none), registers and flags after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub signal: i32,
    pub regs: [u64; 16],
    pub flags: u8,
}

/// One program and the cases to run it on.
pub struct Job<'a> {
    pub code: &'a [u8],
    pub cases: &'a [Case],
}

const HARNESS: &str = r#"
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct { uint64_t r[16]; uint64_t rflags; } state_t;
void run_code(state_t *s, void *code);

__asm__(
    ".text\n.globl run_code\n.type run_code,@function\nrun_code:\n"
    "push %rbx\npush %rbp\npush %r12\npush %r13\npush %r14\npush %r15\n"
    "mov %rdi, g_state(%rip)\nmov %rsi, g_code(%rip)\n"
    "mov %rsp, g_saved_rsp(%rip)\nmov g_stack_top(%rip), %rsp\n"
    "mov %rdi, %rax\n"
    "pushq 128(%rax)\npopfq\n"
    "mov 8(%rax),%rcx\nmov 16(%rax),%rdx\nmov 24(%rax),%rbx\nmov 40(%rax),%rbp\n"
    "mov 48(%rax),%rsi\nmov 56(%rax),%rdi\nmov 64(%rax),%r8\nmov 72(%rax),%r9\n"
    "mov 80(%rax),%r10\nmov 88(%rax),%r11\nmov 96(%rax),%r12\nmov 104(%rax),%r13\n"
    "mov 112(%rax),%r14\nmov 120(%rax),%r15\nmov 0(%rax),%rax\n"
    "call *g_code(%rip)\n"
    "pushfq\npush %rax\nmov g_state(%rip),%rax\n"
    "mov %rcx,8(%rax)\nmov %rdx,16(%rax)\nmov %rbx,24(%rax)\nmov %rbp,40(%rax)\n"
    "mov %rsi,48(%rax)\nmov %rdi,56(%rax)\nmov %r8,64(%rax)\nmov %r9,72(%rax)\n"
    "mov %r10,80(%rax)\nmov %r11,88(%rax)\nmov %r12,96(%rax)\nmov %r13,104(%rax)\n"
    "mov %r14,112(%rax)\nmov %r15,120(%rax)\n"
    "pop %rcx\nmov %rcx,0(%rax)\npop %rcx\nmov %rcx,128(%rax)\n"
    "mov g_saved_rsp(%rip), %rsp\n"
    "pop %r15\npop %r14\npop %r13\npop %r12\npop %rbp\npop %rbx\nret\n"
    ".bss\n.p2align 3\ng_state: .zero 8\ng_code: .zero 8\ng_saved_rsp: .zero 8\n"
    ".globl g_stack_top\ng_stack_top: .zero 8\n.text\n");

/* The programs' stack: the code is called with %rsp 16-byte aligned below its top, as a
 * function is; the frame the model covers is the 256 bytes under the return address. */
#define STACK_SIZE (1 << 16)
#define STACK_FILL 4096
static unsigned char prog_stack[STACK_SIZE] __attribute__((aligned(64)));
extern unsigned char *g_stack_top;

static sigjmp_buf jump;
static volatile sig_atomic_t caught;

static void on_fault(int sig) { caught = sig; siglongjmp(jump, 1); }

static int read_all(void *buf, size_t n) { return fread(buf, 1, n, stdin) == n; }

int main(void) {
    static char inbuf[1 << 16], outbuf[1 << 16];
    setvbuf(stdin, inbuf, _IOFBF, sizeof inbuf);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    int sigs[] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP};
    g_stack_top = prog_stack + STACK_SIZE - 64;
    for (unsigned i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fault;
        sa.sa_flags = SA_NODEFER;
        sigaction(sigs[i], &sa, 0);
    }
    size_t cap = 1 << 16;
    unsigned char *page = mmap(0, cap, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) { perror("mmap"); return 3; }
    for (;;) {
        uint32_t len, n;
        if (!read_all(&len, 4) || len == 0) break;
        if (len + 1 > cap) { fprintf(stderr, "code too long\n"); return 4; }
        if (!read_all(page, len)) return 5;
        page[len] = 0xc3; /* ret */
        if (!read_all(&n, 4)) return 5;
        for (uint32_t i = 0; i < n; i++) {
            state_t in, s;
            if (!read_all(&in, sizeof in)) return 5;
            s = in;
            caught = 0;
            memset(g_stack_top - STACK_FILL, 0xa5, STACK_FILL);
            uint64_t status = 0;
            if (sigsetjmp(jump, 1) == 0) {
                run_code(&s, page);
            } else {
                status = (uint64_t)caught;
                s = in;
            }
            fwrite(&status, 8, 1, stdout);
            fwrite(&s, sizeof s, 1, stdout);
        }
    }
    fflush(stdout);
    return 0;
}
"#;

/// Build the harness once per machine (cached under the temp dir by a hash of its source).
fn harness(tools: &Tools) -> Result<PathBuf, X86Error> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT
        .get_or_init(|| build_harness(tools).map_err(|e| e.to_string()))
        .clone()
        .map_err(X86Error::Native)
}

fn build_harness(tools: &Tools) -> Result<PathBuf, X86Error> {
    let gcc = tools.get(&crate::semantics::tools::GCC)?;
    equibench_toolchain::cache::build_once(
        "equibench-x86-runner",
        "runner",
        HARNESS.as_bytes(),
        |exe| {
            let src = exe.with_extension("c");
            std::fs::write(&src, HARNESS).map_err(|e| format!("writing the harness: {e}"))?;
            let status = std::process::Command::new(&gcc.path)
                .arg("-O2")
                .arg("-o")
                .arg(exe)
                .arg(&src)
                .output()
                .map_err(|e| format!("running gcc: {e}"))?;
            if status.status.success() {
                Ok(())
            } else {
                Err(format!(
                    "gcc could not build the harness: {}",
                    String::from_utf8_lossy(&status.stderr)
                ))
            }
        },
    )
    .map_err(X86Error::Native)
}

/// Launches of the harness before a wall-clock kill is an error.
const NATIVE_TRIES: usize = 3;

/// Run jobs natively, all in one sandboxed launch. Returns one outcome per case, per job.
pub fn run(tools: &Tools, jobs: &[Job]) -> Result<Vec<Vec<Outcome>>, X86Error> {
    let exe = harness(tools)?;
    let mut input = Vec::new();
    let mut total = 0usize;
    for job in jobs {
        if job.code.is_empty() {
            // An empty program: nothing runs, the state is unchanged.
            continue;
        }
        input.extend_from_slice(&(job.code.len() as u32).to_le_bytes());
        input.extend_from_slice(job.code);
        input.extend_from_slice(&(job.cases.len() as u32).to_le_bytes());
        for c in job.cases {
            for r in c.regs {
                input.extend_from_slice(&r.to_le_bytes());
            }
            input.extend_from_slice(&(flags::to_rflags(c.flags) | 0x202).to_le_bytes());
        }
        total += job.cases.len();
    }
    input.extend_from_slice(&0u32.to_le_bytes());
    let record = 18 * 8;
    let limits = Limits {
        wall: Duration::from_secs(60),
        cpu_seconds: Some(60),
        stdout_cap: total * record + 1024,
        ..Limits::default()
    };
    let cmd = SandboxCommand::new("./runner")
        .copy_file("runner", &exe, true)
        .stdin(input)
        .limits(limits);
    // The code is straight-line and takes microseconds: a wall-clock kill says the machine
    // stopped or starved the harness, not what the programs do, so it is run again rather than
    // turned into an outcome.
    let mut out = sandbox::run(&cmd)?;
    for _ in 1..NATIVE_TRIES {
        if out.termination != Termination::WallTimeout {
            break;
        }
        out = sandbox::run(&cmd)?;
    }
    if out.termination == Termination::WallTimeout {
        return Err(X86Error::OutOfTime(format!(
            "the native harness ran past its wall-clock limit {NATIVE_TRIES} times"
        )));
    }
    if out.termination != Termination::Exited(0) || out.stdout.len() != total * record {
        return Err(X86Error::Native(format!(
            "the harness {} after {} of {} bytes: {}",
            out.describe(),
            out.stdout.len(),
            total * record,
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let word =
        |i: usize| u64::from_le_bytes(out.stdout[i * 8..i * 8 + 8].try_into().unwrap_or([0; 8]));
    let mut results = Vec::with_capacity(jobs.len());
    let mut k = 0usize;
    for job in jobs {
        let mut v = Vec::with_capacity(job.cases.len());
        for c in job.cases {
            if job.code.is_empty() {
                v.push(Outcome {
                    signal: 0,
                    regs: c.regs,
                    flags: c.flags,
                });
                continue;
            }
            let base = k * 18;
            let mut regs: [u64; 16] = std::array::from_fn(|i| word(base + 1 + i));
            regs[crate::semantics::reg::RSP as usize] = c.regs[crate::semantics::reg::RSP as usize];
            v.push(Outcome {
                signal: word(base) as i32,
                regs,
                flags: flags::from_rflags(word(base + 17)),
            });
            k += 1;
        }
        results.push(v);
    }
    Ok(results)
}

/// Can this CPU run `insn` with its documented meaning? (Without LZCNT/BMI1, lzcnt and tzcnt
/// silently execute as bsr and bsf.)
pub fn cpu_supports(insn: &Insn) -> bool {
    match insn {
        Insn::Bits {
            op: BitOp::Lzcnt, ..
        } => std::arch::is_x86_feature_detected!("lzcnt"),
        Insn::Bits {
            op: BitOp::Tzcnt, ..
        }
        | Insn::Andn { .. } => std::arch::is_x86_feature_detected!("bmi1"),
        Insn::Bits {
            op: BitOp::Popcnt, ..
        } => std::arch::is_x86_feature_detected!("popcnt"),
        _ => true,
    }
}

/// Can this CPU run every instruction of `program`?
pub fn cpu_supports_all(program: &[Insn]) -> bool {
    program.iter().all(cpu_supports)
}
