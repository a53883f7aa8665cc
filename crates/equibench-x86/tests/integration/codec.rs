//! Every instance of every supported form round-trips (text -> instruction -> bytes -> instruction
//! -> GAS text -> instruction), and our encodings are byte-for-byte what GNU `as` makes of both our
//! AT&T text and iced's GAS text.

use equibench_x86::semantics::codec::{decode, encode, format_gas};
use equibench_x86::semantics::forms;
use equibench_x86::semantics::parse::parse_insn;
use equibench_x86::Insn;
use std::process::Command;

fn all_insns() -> Vec<Insn> {
    forms::all().into_iter().flat_map(|f| f.insns).collect()
}

#[test]
fn every_form_round_trips_through_bytes_and_text() {
    let insns = all_insns();
    for insn in &insns {
        let text = insn.to_string();
        assert_eq!(
            parse_insn(&text).unwrap_or_else(|e| panic!("{text}: {e}")),
            *insn,
            "{text}"
        );
        let bytes = encode(&[*insn]).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back = decode(&bytes).unwrap_or_else(|e| panic!("{text} {bytes:02x?}: {e}"));
        assert_eq!(back, vec![*insn], "{text} {bytes:02x?}");
        let gas = format_gas(insn).unwrap();
        assert_eq!(
            parse_insn(&gas).unwrap_or_else(|e| panic!("{gas}: {e}")),
            *insn,
            "{text} printed as {gas}"
        );
    }
    println!("{} instructions round-trip", insns.len());
}

/// Assemble `lines` with GNU as and return the .text bytes.
fn gnu_as(lines: &[String]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("t.s");
    let obj = dir.path().join("t.o");
    let bin = dir.path().join("t.bin");
    std::fs::write(&src, format!(".text\n{}\n", lines.join("\n"))).unwrap();
    let out = Command::new("as")
        .arg("--64")
        .arg("-o")
        .arg(&obj)
        .arg(&src)
        .output()
        .expect("GNU as (binutils) is installed");
    assert!(
        out.status.success(),
        "as failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new("objcopy")
        .args(["-O", "binary", "--only-section=.text"])
        .arg(&obj)
        .arg(&bin)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "objcopy failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&bin).unwrap()
}

#[test]
fn encodings_match_gnu_as_for_every_form() {
    let insns = all_insns();
    let ours: Vec<Vec<u8>> = insns.iter().map(|i| encode(&[*i]).unwrap()).collect();
    let att: Vec<String> = insns.iter().map(|i| i.to_string()).collect();
    let gas: Vec<String> = insns.iter().map(|i| format_gas(i).unwrap()).collect();
    for (label, lines) in [("our AT&T text", &att), ("iced's GAS text", &gas)] {
        let theirs = gnu_as(lines);
        let mut at = 0;
        let mut mismatches = Vec::new();
        for ((insn, mine), text) in insns.iter().zip(&ours).zip(lines) {
            let got = theirs.get(at..at + mine.len()).unwrap_or(&[]);
            if got != mine.as_slice() {
                mismatches.push(format!("{text} ({insn:?}): ours {mine:02x?} as {got:02x?}"));
                break; // offsets are meaningless after the first difference
            }
            at += mine.len();
        }
        assert!(mismatches.is_empty(), "{label}: {}", mismatches.join("\n"));
        assert_eq!(at, theirs.len(), "{label}: trailing bytes from as");
        println!(
            "{label}: {} instructions, {} bytes, identical to GNU as",
            insns.len(),
            at
        );
    }
}
