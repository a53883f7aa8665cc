//! End to end: pairs from the real CodeNet sample (mutants as the wrong answers), audited; and the
//! judge writing metadata for a small copy of the embedded corpus, then pairs from it.

use crate::common;

use common::{codenet_sample, copy_embedded};
use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Tools, Verdict};
use equibench_oj::codenet::{load, CorpusKind, Status};
use equibench_oj::{judge_corpus, JudgeOptions, OjCategory, Variant};
use serde_json::Value;

/// Generated inputs per problem in these tests (the default, 100, is what builds use).
const INPUTS: usize = 12;

fn codenet_inputs() -> Inputs {
    Inputs::new(std::path::PathBuf::from("/nonexistent"))
        .with(equibench_oj::variant::CODENET.flag, vec![codenet_sample()])
}

fn check_pairs(name: Variant, inputs: &Inputs, want: usize) -> Vec<equibench_core::Pair> {
    let tools = Tools::new();
    let cat = OjCategory::new(name).with_generated_inputs(INPUTS);
    let (sink, _report) =
        generate_block(&cat, 7, 0, 1, Balance::new(want, want), inputs, &tools).unwrap();
    assert_eq!(
        sink.pairs.iter().filter(|p| p.equivalent).count(),
        want,
        "{name}: rejected {:?}",
        sink.rejected
    );
    assert_eq!(
        sink.pairs.iter().filter(|p| !p.equivalent).count(),
        want,
        "{name}: rejected {:?}",
        sink.rejected
    );
    // Matched selection: as many equivalent as inequivalent pairs in every surface bin.
    let mut bins = std::collections::BTreeMap::new();
    for p in &sink.pairs {
        let bin = equibench_oj::surface::SurfaceBin::of(&p.program_1, &p.program_2);
        *bins.entry(bin).or_insert(0i64) += if p.equivalent { 1 } else { -1 };
    }
    assert!(bins.values().all(|n| *n == 0), "{name}: {bins:?}");
    for p in &sink.pairs {
        let problems = p.problems(name.descriptor());
        assert!(problems.is_empty(), "{problems:?}");
        let v = audit_pair(&cat, p, inputs, &tools);
        assert!(v.is_confirmed(), "{name} {}: {v:?}", p.id);
        let ev = &p.provenance.evidence.details;
        assert_eq!(ev["statuses"].as_array().unwrap().len(), 2);
        if p.equivalent {
            assert!(ev["inputs"]["count"].as_u64().unwrap() > INPUTS as u64 / 2);
        } else {
            let w = &ev["witness"];
            assert_ne!(w["output_1"]["sha256"], w["output_2"]["sha256"]);
        }
        if name != Variant::A {
            assert!(ev["renaming"]["map"]
                .as_object()
                .is_some_and(|m| !m.is_empty()));
            // Both sides are formatted by ast.unparse: no comments, no trailing spaces.
            for prog in [&p.program_1, &p.program_2] {
                assert!(!prog.lines().any(|l| l.ends_with(' ')), "{prog}");
            }
        }
    }
    sink.pairs
}

#[test]
fn codenet_sample_makes_audited_pairs_in_all_three_categories() {
    let inputs = codenet_inputs();
    for name in [Variant::A, Variant::V, Variant::Va] {
        let pairs = check_pairs(name, &inputs, 2);
        // No Wrong Answers in the sample: every inequivalent pair's wrong side is a judged mutant.
        for p in pairs.iter().filter(|p| !p.equivalent) {
            let src = &p.provenance.source.details;
            let mutant = src["program_1"]
                .get("mutant")
                .or(src["program_2"].get("mutant"));
            assert!(mutant.is_some(), "{src:?}");
            assert!(p.provenance.evidence.details["status_source"]
                .as_str()
                .unwrap()
                .contains("mutant"));
        }
        if name == Variant::V {
            for p in pairs.iter().filter(|p| p.equivalent) {
                assert_eq!(
                    p.provenance.evidence.kind,
                    "alpha-equivalence-and-differential-test"
                );
            }
        }
    }
}

#[test]
fn tampered_pairs_are_contradicted() {
    let inputs = codenet_inputs();
    let tools = Tools::new();
    let cat = OjCategory::new(Variant::V).with_generated_inputs(INPUTS);
    let (sink, _) = generate_block(&cat, 11, 0, 1, Balance::new(1, 1), &inputs, &tools).unwrap();
    for p in &sink.pairs {
        let mut flipped = p.clone();
        flipped.equivalent = !p.equivalent;
        if !p.equivalent {
            // An inequivalent pair relabelled equivalent has no recorded inputs: contradicted or
            // at best inconclusive, never confirmed.
            assert!(!audit_pair(&cat, &flipped, &inputs, &tools).is_confirmed());
            continue;
        }
        // Break alpha-equivalence of the renamed side.
        let mut broken = p.clone();
        broken.program_2 = format!("{}print(0)\n", broken.program_2);
        assert!(matches!(
            audit_pair(&cat, &broken, &inputs, &tools),
            Verdict::Contradicted(_)
        ));
        // A tampered recorded input no longer matches its sha256.
        let mut forged = p.clone();
        if let Some(Value::Object(item)) =
            forged.provenance.evidence.details["inputs"]["items"].get_mut(0)
        {
            item.insert("text".into(), Value::String("forged\n".into()));
        }
        assert!(!audit_pair(&cat, &forged, &inputs, &tools).is_confirmed());
    }
}

#[test]
fn judge_writes_metadata_and_the_embedded_layout_makes_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let oj = dir.path().join("oj");
    copy_embedded(&["p90001", "p90002"], &oj);
    let tools = Tools::new();
    let options = JudgeOptions {
        generated_inputs: INPUTS,
        ..JudgeOptions::default()
    };
    let report = judge_corpus(&oj, &tools, &options, &mut |_| {}).unwrap();
    assert_eq!(report.problems_judged, 2, "{report:?}");
    assert!(report.runs > 0);
    let list = std::fs::read_to_string(oj.join("metadata/problem_list.csv")).unwrap();
    assert!(list.starts_with("id,name,dataset,time_limit,memory_limit"));
    assert!(list.contains("p90001,Digit Sums,equibench,2000,262144"));
    let corpus = load(&oj, CorpusKind::Embedded).unwrap();
    let p = corpus.problem("p90001").unwrap();
    assert_eq!(p.submissions.len(), 8);
    assert!(p.generator.is_some());
    // The judge's verdicts, not the authors' intents: the authors' accepted solutions agree.
    let accepted = p.with_status(&Status::Accepted).count();
    assert!(accepted >= 4, "{report:?}");
    assert!(
        p.with_status(&Status::WrongAnswer).count() >= 1,
        "{report:?}"
    );

    let inputs = Inputs::new(dir.path().to_path_buf());
    // Two problems' submissions: since surface bins also hold the identifier overlap (issue 36),
    // one couple of OJ_A shares a bin at this seed (two did before); one shows the layout works.
    let pairs = check_pairs(Variant::A, &inputs, 1);
    for p in pairs {
        assert_eq!(p.provenance.source.kind, "equibench-oj-corpus");
    }
    // A source edited after judging has a stale status: its problem is skipped and counted.
    let path = oj.join("data/p90001/Python/s900010001.py");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("# edited\n");
    std::fs::write(&path, text).unwrap();
    let corpus = load(&oj, CorpusKind::Embedded).unwrap();
    assert_eq!(corpus.problems.len(), 1);
    assert!(corpus.problem("p90001").is_none());
    assert_eq!(
        corpus.skips.get("problem-changed-since-judging"),
        Some(&1),
        "{:?}",
        corpus.skips
    );
    // Judging again (incrementally: only changed problems) makes it usable again.
    let again = JudgeOptions {
        incremental: true,
        ..options
    };
    let report = judge_corpus(&oj, &tools, &again, &mut |_| {}).unwrap();
    assert_eq!(report.problems_judged, 1);
    let report = judge_corpus(&oj, &tools, &again, &mut |_| {}).unwrap();
    assert_eq!(report.problems_judged, 0, "nothing changed since");
    assert_eq!(load(&oj, CorpusKind::Embedded).unwrap().problems.len(), 2);
}
