//! Subtlety, measured per inequivalent pair (issue 41): on how many of the category's K fresh
//! random inputs the two programs differ natively in defined live_out bits. Pairs built so that
//! they differ on exactly one drawn input, or on every one, count 1 and K; a build's inequivalent
//! pair records the count its audit recounts, and a tampered or malformed record, or an
//! equivalent pair carrying one, is a contradiction naming the field.

use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::testing::{assert_disagreement_audited, audit_pair, generate_block, TrialSeed};
use equibench_core::{Balance, Tools};
use equibench_x86::category::X86;
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::subtlety::{self, TRIALS};
use equibench_x86::Locs;

/// The 32-bit argument register as the x86 numbering has it (`%rdi` is register 7).
const RDI: usize = 7;

/// `movl %edi, %eax` against the same plus one exactly when `%edi` is `v` (`cmpl $1` sets the
/// carry only for a zero `%ecx`, which the `xorl` makes only from `v`).
fn differs_only_at(v: u32) -> (Vec<equibench_x86::Insn>, Vec<equibench_x86::Insn>) {
    let a = parse_program("movl %edi, %eax").unwrap();
    let b = parse_program(&format!(
        "movl %edi, %ecx\nxorl ${v:#x}, %ecx\ncmpl $1, %ecx\nmovl %edi, %eax\nadcl $0, %eax"
    ))
    .unwrap();
    (a, b)
}

#[test]
fn a_pair_differing_at_one_drawn_input_counts_one_and_one_differing_everywhere_counts_k() {
    let tools = Tools::new();
    let def_in = Locs::parse("%edi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let seed = subtlety::seed(41);
    let drawn = subtlety::inputs(&def_in, seed, TRIALS);
    // The value one trial (the 18th) gives %edi; no other trial draws it (32 random bits each).
    let v = drawn[17].regs[RDI] as u32;
    assert_eq!(drawn.iter().filter(|c| c.regs[RDI] as u32 == v).count(), 1);
    let (a, b) = differs_only_at(v);
    let d = subtlety::measure(&tools, &a, &b, &def_in, &live_out, seed).unwrap();
    assert_eq!(
        d,
        Disagreement {
            over: Over::Inputs,
            trials: TRIALS,
            differing: 1,
            seed: Some(seed),
        }
    );
    assert_eq!(d.problem(), None);
    // The same pair at a value no trial draws: never seen to differ (the subtlest count).
    let (a, b) = differs_only_at(v ^ 1);
    let d = subtlety::measure(&tools, &a, &b, &def_in, &live_out, seed).unwrap();
    assert_eq!(d.differing, 0);
    // A complement differs on every input.
    let a = parse_program("movl %edi, %eax").unwrap();
    let b = parse_program("movl %edi, %eax\nnotl %eax").unwrap();
    let d = subtlety::measure(&tools, &a, &b, &def_in, &live_out, seed).unwrap();
    assert_eq!((d.differing, d.trials), (TRIALS, TRIALS));
}

/// A difference only in architecturally undefined bits is no disagreement, whatever this CPU
/// puts there: after `bsfl` of a zero source the destination is undefined (Intel leaves it, AMD
/// documents it unchanged), so two programs whose live_out differs only there count 0 on every
/// CPU, while one that differs in defined bits counts.
#[test]
fn differences_in_undefined_bits_are_not_counted() {
    let tools = Tools::new();
    let def_in = Locs::parse("%rdi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let seed = subtlety::seed(7);
    // %rdi is zero on no drawn input, so the bsf of `a` is always defined: both agree except
    // when bsf's source is zero, and `b` makes it zero on every input.
    let a = parse_program("movq $5, %rax\nbsfq %rdi, %rax").unwrap();
    let b = parse_program("movq $6, %rax\nmovq $0, %rcx\nbsfq %rcx, %rax").unwrap();
    let d = subtlety::measure(&tools, &a, &b, &def_in, &live_out, seed).unwrap();
    // b's %rax is undefined on every input: whatever the CPU left there, nothing counts.
    assert_eq!(d.differing, 0, "{d:?}");
    let c = parse_program("movq $64, %rax").unwrap();
    let d = subtlety::measure(&tools, &a, &c, &def_in, &live_out, seed).unwrap();
    assert_eq!(d.differing, TRIALS, "{d:?}");
}

#[test]
fn a_build_records_the_disagreement_its_audit_recounts() {
    let tools = Tools::new();
    // gray_decode32 alone in a corpus, as query_digest.rs builds it.
    let (_dir, inputs) = crate::query_digest::gray_decode32_corpus();
    let x86 = X86::default();
    let (sink, _) = generate_block(&x86, 2, 0, 1, Balance::new(1, 1), &inputs, &tools).unwrap();
    let inequivalent = sink
        .pairs
        .iter()
        .find(|p| !p.equivalent)
        .expect("gray_decode32 gives an inequivalent pair");
    let equivalent = sink
        .pairs
        .iter()
        .find(|p| p.equivalent)
        .expect("and an equivalent one");
    assert_eq!(equivalent.disagreement(), None);
    let d = inequivalent.disagreement().expect("recorded");
    let search_seed = inequivalent.provenance.evidence.details["search"]["seed"]
        .as_u64()
        .unwrap();
    assert_eq!((d.over, d.trials), (Over::Inputs, TRIALS));
    assert_eq!(d.seed, Some(subtlety::seed(search_seed)));
    assert!(d.differing >= 1, "{d:?}");
    // What the build counted in its batched launch is what the programs give on their own.
    let parse = |t: &str| parse_program(t).unwrap();
    let def_in = Locs::parse(inequivalent.context["def_in"].as_str().unwrap()).unwrap();
    let live_out = Locs::parse(inequivalent.context["live_out"].as_str().unwrap()).unwrap();
    let alone = subtlety::measure(
        &tools,
        &parse(&inequivalent.program_1),
        &parse(&inequivalent.program_2),
        &def_in,
        &live_out,
        d.seed.unwrap(),
    )
    .unwrap();
    assert_eq!(alone, d);
    assert_disagreement_audited(inequivalent, equivalent, TrialSeed::Derived, |p| {
        audit_pair(&x86, p, &inputs, &tools)
    });
}
