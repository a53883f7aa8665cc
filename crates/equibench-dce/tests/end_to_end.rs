//! Real CSmith, real compilers, real LLVM: one block for a fixed seed makes pairs that pass the
//! record checks and their audit, deterministically.

use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Tools};
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
        let ev = &p.provenance.evidence;
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
    // Tampering is caught: flip the label of the first pair.
    let mut forged = sink.pairs[0].clone();
    forged.equivalent = !forged.equivalent;
    assert!(!audit_pair(&dce, &forged, &inputs, &tools).is_confirmed());
}
