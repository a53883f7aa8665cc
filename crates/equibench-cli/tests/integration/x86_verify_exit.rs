//! `equibench tool x86 verify` exit codes cannot mislead: 0 equivalent, 1 inequivalent, 2 unknown, and
//! a program it cannot judge (outside the subset, unparsable, unreadable) exits 3, never 0 or 1.

use std::path::Path;
use std::process::Command;

fn x86_verify(dir: &Path, a: &str, b: &str) -> i32 {
    x86_verify_output(dir, a, b)
        .status
        .code()
        .expect("tool x86 verify exited by a signal")
}

fn x86_verify_output(dir: &Path, a: &str, b: &str) -> std::process::Output {
    let (pa, pb) = (dir.join("a.s"), dir.join("b.s"));
    std::fs::write(&pa, a).unwrap();
    std::fs::write(&pb, b).unwrap();
    Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args([
            "tool",
            "x86",
            "verify",
            &pa.display().to_string(),
            &pb.display().to_string(),
        ])
        .args(["--def-in", "%rdi", "--live-out", "%rax"])
        .output()
        .unwrap()
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
        .args([
            "tool",
            "x86",
            "verify",
            "/nonexistent/a.s",
            "/nonexistent/b.s",
        ])
        .status()
        .unwrap();
    assert_eq!(missing.code(), Some(3));
}

/// Directives are not comments: one that may emit code or change how the rest is read gets no
/// verdict, and the message names its line (issue 26, item 5). Before, `.rept 2; incq %rdi;
/// .endr` was skipped and this pair was called equivalent.
#[test]
fn directives_that_may_emit_code_get_no_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let lea = "f:\n  leaq 1(%rdi), %rax\n";
    let cases = [
        (
            ".rept 2\n  incq %rdi\n.endr\n  movq %rdi, %rax\n",
            ".rept 2",
        ),
        (".byte 0x48, 0xff, 0xc7\n  movq %rdi, %rax\n", ".byte"),
        (
            "  incq %rdi\n.fill 1, 1, 0x90\n  movq %rdi, %rax\n",
            ".fill",
        ),
        (".if 1\n  incq %rdi\n.endif\n  movq %rdi, %rax\n", ".if 1"),
        (".set one, 1\n  leaq 1(%rdi), %rax\n", ".set one"),
        (
            ".macro bump\n  incq %rdi\n.endm\n  bump\n  movq %rdi, %rax\n",
            ".macro",
        ),
        (
            ".intel_syntax noprefix\n  lea rax, [rdi+1]\n",
            ".intel_syntax",
        ),
        (".code32\n  leaq 1(%rdi), %rax\n", ".code32"),
        (
            "  incq %rdi\n  .p2align 4\n  movq %rdi, %rax\n",
            ".p2align 4",
        ),
    ];
    for (body, line) in cases {
        let text = format!("f:\n{body}");
        let out = x86_verify_output(d, &text, lea);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{text}\n{stderr}");
        assert!(stderr.contains(line), "{text}: {stderr}");
    }
    // What a compiler writes around a function is fine.
    let compiled = "\t.text\n\t.globl f\n\t.p2align 4, 0x90\n\t.type f,@function\nf:\n\t.cfi_startproc\n\tincq %rdi\n\tmovq %rdi, %rax\n\tretq\n.Lfunc_end0:\n\t.size f, .Lfunc_end0-f\n\t.cfi_endproc\n";
    assert_eq!(x86_verify(d, compiled, lea), 0);
}

/// Displacements and stack moves of every size, through the real binary: a verdict or "no
/// verdict" (3), never a panic (issue 26, item 6; `-0x80000000(%rbp)` used to exit 101).
#[test]
fn random_displacements_never_panic() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let target = "f:\n  movq %rdi, %rax\n";
    let mut rng = rand::rngs::StdRng::seed_from_u64(6);
    let mut verdicts = 0;
    for i in 0..80 {
        let disp: i64 = match i % 4 {
            0 => rng.gen_range(-140..=8),
            1 => i32::MIN as i64 + rng.gen_range(0..=64),
            2 => i32::MAX as i64 - rng.gen_range(0..=64),
            _ => rng.gen::<i64>() >> rng.gen_range(0..40),
        };
        let (sfx, reg, out) = [
            ("l", "%edi", "%eax"),
            ("q", "%rdi", "%rax"),
            ("w", "%di", "%ax"),
        ][rng.gen_range(0..3)];
        let base = if rng.gen() { "%rbp" } else { "%rsp" };
        let alloc = [0i64, 8, 0x80, 0x7fff_ffff, -0x8000_0000][rng.gen_range(0..5)];
        let program = format!(
            "f:\n  pushq %rbp\n  movq %rsp, %rbp\n  subq ${alloc}, %rsp\n  movq $0, %rax\n  mov{sfx} {reg}, {disp}({base})\n  mov{sfx} {disp}({base}), {out}\n  leave\n"
        );
        let o = x86_verify_output(d, target, &program);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let code = o.status.code();
        assert!(
            matches!(code, Some(0..=3)) && !stderr.contains("panicked"),
            "{program}\nexit {code:?}\n{stderr}"
        );
        verdicts += usize::from(code != Some(3));
    }
    assert!(verdicts > 0, "no program was inside the model");
}

/// Only the 128-byte red zone below %rsp is storage (issue 26, item 7): 136 bytes below it a
/// signal handler may write, so the program gets no verdict.
#[test]
fn storage_below_the_red_zone_gets_no_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let target = "f:\n  movq %rdi, %rax\n";
    let red = "f:\n  movq %rdi, -128(%rsp)\n  movq -128(%rsp), %rax\n";
    assert_eq!(x86_verify(d, target, red), 0);
    let deeper = "f:\n  movq %rdi, -136(%rsp)\n  movq -136(%rsp), %rax\n";
    let out = x86_verify_output(d, target, deeper);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("red zone"));
}
