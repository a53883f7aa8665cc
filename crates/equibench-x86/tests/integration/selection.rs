//! Pairs chosen so that the surface does not give the label away (issue 14), on one real block
//! (real compilers, z3 and the CPU, a small search budget): each search gives one pair of each
//! label or none, the two of one shape; a (target, label) occurs once; the target is program_1 in
//! some pairs and program_2 in others; every label audits; and an equivalent pair's evidence
//! names both solvers, z3 and cvc5, which the audit runs again; a lost, stray or renamed evidence
//! key is contradicted.

use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Pair, Tools, Verdict};
use equibench_x86::category::X86;
use equibench_x86::select::{Shape, MAX_DISTANCE};
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::tools::{CVC5, Z3};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn target_is_program_1(p: &Pair) -> bool {
    match p.provenance.source.details["target_is"].as_str() {
        Some("program_1") => true,
        Some("program_2") => false,
        other => panic!("{}: target_is {other:?}", p.id),
    }
}

/// The rewrite's shape against the target, whichever side each is on.
fn shape(p: &Pair) -> Shape {
    let (t, r) = if target_is_program_1(p) {
        (&p.program_1, &p.program_2)
    } else {
        (&p.program_2, &p.program_1)
    };
    Shape::of(&parse_program(t).unwrap(), &parse_program(r).unwrap())
}

#[test]
fn one_block_pairs_both_labels_of_one_shape_per_search_with_the_target_on_either_side() {
    let tools = Tools::new();
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let mut x86 = X86::default();
    x86.search.proposals = 20_000;
    let want = 3;
    let (sink, _report) =
        generate_block(&x86, 5, 0, 1, Balance::new(want, want), &inputs, &tools).unwrap();
    let eq = sink.pairs.iter().filter(|p| p.equivalent).count();
    assert_eq!(
        (eq, sink.pairs.len() - eq),
        (want, want),
        "{:?}",
        sink.rejected
    );
    // One search = one seed: it gave exactly one pair of each label, of one shape.
    let mut by_search: BTreeMap<u64, Vec<&Pair>> = BTreeMap::new();
    let mut per_target_label: BTreeMap<(String, bool), usize> = BTreeMap::new();
    for p in &sink.pairs {
        let seed = p.provenance.evidence.details["search"]["seed"]
            .as_u64()
            .unwrap();
        by_search.entry(seed).or_default().push(p);
        let target = p.provenance.source.details["target_sha256"]
            .as_str()
            .unwrap();
        *per_target_label
            .entry((target.to_string(), p.equivalent))
            .or_default() += 1;
    }
    for (seed, pairs) in &by_search {
        assert_eq!(pairs.len(), 2, "search {seed}");
        assert_ne!(pairs[0].equivalent, pairs[1].equivalent, "search {seed}");
        let (a, b) = (shape(pairs[0]), shape(pairs[1]));
        let d = a.distance(&b);
        assert!(
            d.is_some_and(|d| d <= MAX_DISTANCE),
            "search {seed}: {a:?} vs {b:?}"
        );
    }
    assert!(per_target_label.values().all(|&n| n == 1));
    let firsts = sink.pairs.iter().filter(|p| target_is_program_1(p)).count();
    assert!(
        0 < firsts && firsts < sink.pairs.len(),
        "the target is always on one side ({firsts} of {} as program_1)",
        sink.pairs.len()
    );
    for p in &sink.pairs {
        let v = audit_pair(&x86, p, &inputs, &tools);
        assert!(v.is_confirmed(), "{}: {v:?}", p.id);
    }
    equivalent_evidence_names_both_solvers(&x86, &sink.pairs, &inputs, &tools);
    evidence_keys_are_all_read(&x86, &sink.pairs, &inputs, &tools);
}

/// The audit reads the evidence as its typed record: a key the record does not have, or one it
/// has and the evidence lost (even one the re-check itself does not use), contradicts the label
/// rather than being ignored or defaulted.
fn evidence_keys_are_all_read(x86: &X86, pairs: &[Pair], inputs: &Inputs, tools: &Tools) {
    for p in pairs {
        let dropped = if p.equivalent {
            "native_tests_passed"
        } else {
            "confirmed_by"
        };
        let mut lost = p.clone();
        assert!(
            lost.provenance.evidence.details.remove(dropped).is_some(),
            "{}",
            p.id
        );
        let mut stray = p.clone();
        stray.provenance.evidence.details["search"]["rewrite_tests_passed"] = 0.into();
        let mut renamed = p.clone();
        let search = renamed
            .provenance
            .evidence
            .details
            .remove("search")
            .unwrap();
        renamed
            .provenance
            .evidence
            .details
            .insert("search_record".into(), search);
        for (how, tampered) in [("lost", lost), ("stray", stray), ("renamed", renamed)] {
            let v = audit_pair(x86, &tampered, inputs, tools);
            assert!(
                matches!(&v, Verdict::Contradicted(why) if why.contains("malformed evidence")),
                "{} ({how}): {v:?}",
                p.id
            );
        }
    }
}

/// Every equivalent pair records `unsat` from z3 and from cvc5 with their versions and limits,
/// lists both in `provenance.tools`, and the audit proves it again with both; evidence that
/// drops either answer is contradicted.
fn equivalent_evidence_names_both_solvers(
    x86: &X86,
    pairs: &[Pair],
    inputs: &Inputs,
    tools: &Tools,
) {
    let equivalent: Vec<&Pair> = pairs.iter().filter(|p| p.equivalent).collect();
    assert!(!equivalent.is_empty());
    for p in equivalent {
        let recorded = p.provenance.evidence.details["solvers"].as_array().unwrap();
        let names: Vec<&str> = recorded
            .iter()
            .map(|r| r["solver"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["z3", "cvc5"], "{}", p.id);
        for (r, id) in recorded.iter().zip([&Z3, &CVC5]) {
            let version = &tools.get(id).unwrap().version;
            assert_eq!(r["version"].as_str(), Some(version.as_str()), "{}", p.id);
            assert_eq!(r["answer"], "unsat", "{}", p.id);
            assert!(r["rlimit"].as_u64().is_some(), "{}", p.id);
            assert!(
                p.provenance
                    .tools
                    .iter()
                    .any(|t| t.name == id.name && t.version == *version),
                "{}: {:?}",
                p.id,
                p.provenance.tools
            );
        }
        let v = audit_pair(x86, p, inputs, tools);
        let Verdict::Confirmed(why) = &v else {
            panic!("{}: {v:?}", p.id)
        };
        assert!(why.contains("z3") && why.contains("cvc5"), "{why}");
        let mut tampered = p.clone();
        tampered.provenance.evidence.details["solvers"][1]["answer"] = "unknown".into();
        let v = audit_pair(x86, &tampered, inputs, tools);
        assert!(matches!(v, Verdict::Contradicted(_)), "{v:?}");
    }
}
