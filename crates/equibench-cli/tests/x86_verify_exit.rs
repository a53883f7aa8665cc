//! `equibench x86-verify` exit codes cannot mislead: 0 equivalent, 1 inequivalent, 2 unknown, and
//! a program it cannot judge (outside the subset, unparsable, unreadable) exits 3, never 0 or 1.

use std::path::Path;
use std::process::Command;

fn x86_verify(dir: &Path, a: &str, b: &str) -> i32 {
    let (pa, pb) = (dir.join("a.s"), dir.join("b.s"));
    std::fs::write(&pa, a).unwrap();
    std::fs::write(&pb, b).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args([
            "x86-verify",
            &pa.display().to_string(),
            &pb.display().to_string(),
        ])
        .args(["--def-in", "%rdi", "--live-out", "%rax"])
        .output()
        .unwrap();
    out.status.code().expect("x86-verify exited by a signal")
}

#[test]
fn verdicts_and_errors_have_distinct_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let target = "f:\n  movq %rdi, %rax\n  addq %rdi, %rax\n";
    assert_eq!(x86_verify(d, target, "f:\n  leaq (%rdi,%rdi), %rax\n"), 0);
    assert_eq!(x86_verify(d, target, "f:\n  leaq 1(%rdi,%rdi), %rax\n"), 1);
    // Outside the subset (memory other than the stack frame, the stack pointer as data, the
    // return address above the frame), and not x86 at all: no verdict.
    assert_eq!(x86_verify(d, target, "f:\n  movq (%rdi), %rax\n"), 3);
    assert_eq!(x86_verify(d, target, "f:\n  movq %rsp, %rax\n"), 3);
    assert_eq!(x86_verify(d, target, "f:\n  movq 8(%rsp), %rax\n"), 3);
    assert_eq!(x86_verify(d, "f:\n  frobnicate %rax\n", target), 3);
    // An -O0 frame is inside the subset: a verdict either way.
    let frame = "f:\n  pushq %rbp\n  movq %rsp, %rbp\n  movq %rdi, -8(%rbp)\n  movq -8(%rbp), %rax\n  addq -8(%rbp), %rax\n  popq %rbp\n";
    assert_eq!(x86_verify(d, target, frame), 0);
    let push = "f:\n  pushq %rbp\n  movq %rdi, %rax\n  popq %rbp\n";
    assert_eq!(x86_verify(d, target, push), 1);
    let missing = Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args(["x86-verify", "/nonexistent/a.s", "/nonexistent/b.s"])
        .status()
        .unwrap();
    assert_eq!(missing.code(), Some(3));
}
