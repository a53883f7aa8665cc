//! Real CSmith, real compilers, real LLVM: one block for a fixed seed makes pairs that pass the
//! record checks and their audit, deterministically.

use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Tools, Verdict};
use equibench_dce::shape::Shape;
use equibench_dce::Dce;

#[test]
fn a_fixed_seed_block_makes_audited_pairs() {
    let tools = Tools::new();
    let inputs = Inputs::default();
    let dce = Dce::default();
    let started = std::time::Instant::now();
    let (sink, report) =
        generate_block(&dce, 7, 0, 1, Balance::new(2, 2), &inputs, &tools).unwrap();
    eprintln!(
        "made {} pairs in {:.1?}; rejected {:?}",
        sink.pairs.len(),
        started.elapsed(),
        report.rejected
    );
    assert_eq!(sink.pairs.iter().filter(|p| p.equivalent).count(), 2);
    assert_eq!(sink.pairs.iter().filter(|p| !p.equivalent).count(), 2);
    for p in &sink.pairs {
        assert!(
            p.problems(&equibench_dce::DESCRIPTOR).is_empty(),
            "{:?}",
            p.problems(&equibench_dce::DESCRIPTOR)
        );
        for prog in [&p.program_1, &p.program_2] {
            assert!(!prog.contains("DCEMarker"));
            assert!(!prog.contains("statistics"));
            let n = equibench_core::pair::count_lines(prog);
            assert!((98..=880).contains(&n), "{n} lines");
        }
        assert_ne!(p.program_1, p.program_2);
        let ev = &p.provenance.evidence.details;
        for key in [
            "marker_id",
            "elimination_level",
            "llvm_version",
            "clang_version",
            "executed",
            "stdout_sha256_1",
            "stdout_sha256_2",
        ] {
            assert!(ev.contains_key(key), "evidence lacks {key}");
        }
        let verdict = audit_pair(&dce, p, &inputs, &tools);
        assert!(
            verdict.is_confirmed(),
            "{}: {}",
            verdict.label(),
            verdict.detail()
        );
    }
    // No program gives more than its cap; both labels come in equal numbers per surface stratum;
    // the CSmith program is sometimes program_1 and sometimes program_2.
    let mut per_program = std::collections::BTreeMap::new();
    let mut per_stratum = std::collections::BTreeMap::new();
    let mut sides = std::collections::BTreeSet::new();
    for p in &sink.pairs {
        let index = p.provenance.source.details["program_index"]
            .as_u64()
            .unwrap();
        *per_program.entry(index).or_insert(0) += 1;
        let shape = Shape::of_pair(&p.program_1, &p.program_2).expect("the edit is found");
        *per_stratum.entry(shape.stratum()).or_insert(0i32) += if p.equivalent { 1 } else { -1 };
        sides.insert(
            p.provenance.evidence.details["original"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    assert!(per_program
        .values()
        .all(|n| *n <= dce.max_pairs_per_program));
    assert!(per_stratum.values().all(|d| *d == 0), "{per_stratum:?}");
    assert_eq!(sides.len(), 2, "{sides:?}");
    // Tampering is caught: flip the label of the first pair.
    let mut forged = sink.pairs[0].clone();
    forged.equivalent = !forged.equivalent;
    assert!(!audit_pair(&dce, &forged, &inputs, &tools).is_confirmed());
    // The evidence is read through the writer's record: a key renamed (here one the audit does
    // not re-derive, so reading by string keys let it pass) contradicts the pair.
    let mut renamed = sink.pairs[0].clone();
    let ev = &mut renamed.provenance.evidence.details;
    let kind = ev.remove("block_kind").unwrap();
    ev.insert("block_type".into(), kind);
    match audit_pair(&dce, &renamed, &inputs, &tools) {
        Verdict::Contradicted(why) => assert!(why.contains("block_type"), "{why}"),
        other => panic!("a renamed evidence key was not refused: {other:?}"),
    }
}
