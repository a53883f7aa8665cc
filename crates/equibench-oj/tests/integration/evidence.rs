//! OJ evidence that stands on its own (issue 16): differential tests on seeds the judge never fitted
//! statuses on, inequivalent records that re-check from the record alone, and fresh inputs an
//! auditor draws from a seed of their own.

use crate::common;

use common::{codenet_sample, write};
use equibench_core::testing::{audit_pair, audit_pair_with, generate_block};
use equibench_core::{Balance, FreshInputs, Inputs, Tools, Verdict};
use equibench_oj::inputs::{SeedRange, TEST_SEEDS_FIRST};
use equibench_oj::{judge_corpus, JudgeOptions, OjCategory, Variant};
use serde_json::Value;

const INPUTS: usize = 12;

#[test]
fn inequivalent_records_recheck_from_the_record_alone() {
    let inputs = Inputs::new(std::path::PathBuf::from("/nonexistent"))
        .with(equibench_oj::variant::CODENET.flag, vec![codenet_sample()]);
    let tools = Tools::new();
    let cat = OjCategory::new(Variant::A).with_generated_inputs(INPUTS);
    let (sink, _) = generate_block(&cat, 5, 0, 1, Balance::new(1, 1), &inputs, &tools).unwrap();
    assert_eq!(sink.pairs.len(), 2, "{:?}", sink.rejected);
    // Nothing of the corpus: no --codenet, no data directory.
    let bare = Inputs::new(std::path::PathBuf::from("/nonexistent"));
    for p in &sink.pairs {
        let ev = &p.provenance.evidence.details;
        let ranges = &ev["seed_ranges"];
        assert_eq!(ranges["judge"], serde_json::json!([0, INPUTS]));
        assert_eq!(
            ranges["test"],
            serde_json::json!([TEST_SEEDS_FIRST, TEST_SEEDS_FIRST + INPUTS as u64])
        );
        let verdict = audit_pair(&cat, p, &bare, &tools);
        if p.equivalent {
            // Derived (sample-mutation) inputs are numbered from the test range and inline.
            let items = ev["inputs"]["items"].as_array().unwrap();
            assert!(items.iter().all(|i| i.get("text").is_some()));
            assert!(items
                .iter()
                .filter_map(|i| i.get("attempt").and_then(Value::as_u64))
                .all(|a| a >= TEST_SEEDS_FIRST));
            assert!(!verdict.is_confirmed(), "{verdict:?}");
        } else {
            assert!(ev["witness"]["input"]["text"].is_string());
            match verdict {
                Verdict::Confirmed(why) => assert!(why.contains("record alone"), "{why}"),
                other => panic!("inequivalent pair not re-checked from its record: {other:?}"),
            }
        }
    }
}

/// A problem whose input is one number n (the generator prints its seed): its two accepted
/// programs agree below 10^9, where the judge and the differential test draw their seeds, and
/// differ above, where an auditor's fresh range lies.
fn fitted_corpus(root: &std::path::Path) {
    let oj = root.join("oj");
    write(
        &oj.join("authoring/p99001.json"),
        r#"{"problem_id": "p99001", "name": "Remainder by Seven", "time_limit_ms": 2000,
            "memory_limit_kb": 262144, "float_tolerance": null, "submissions": {
            "s990010001": {"intent": "accepted", "approach": "n % 7"},
            "s990010002": {"intent": "accepted", "approach": "n % 7, but -1 from 10^9 on"}}}"#,
    );
    write(
        &oj.join("data/p99001/Python/s990010001.py"),
        "n = int(input())\nprint(n % 7)\n",
    );
    write(
        &oj.join("data/p99001/Python/s990010002.py"),
        "x = int(input())\nif x >= 10 ** 9:\n    print(-1)\nelse:\n    print(x - 7 * (x // 7))\n",
    );
    write(
        &oj.join("generators/p99001.py"),
        "import sys\nprint(int(sys.argv[1]))\n",
    );
    write(
        &oj.join("problem_descriptions/p99001.html"),
        "<h1>Remainder by Seven</h1><p>Print N modulo 7.</p><pre>10\n</pre><pre>3\n</pre>",
    );
    write(
        &oj.join("derived/input_output/data/p99001/input.txt"),
        "10\n",
    );
    write(
        &oj.join("derived/input_output/data/p99001/output.txt"),
        "3\n",
    );
}

#[test]
fn fresh_inputs_catch_an_equivalence_fitted_to_the_tested_seeds() {
    let dir = tempfile::tempdir().unwrap();
    fitted_corpus(dir.path());
    let tools = Tools::new();
    let options = JudgeOptions {
        generated_inputs: INPUTS,
        ..JudgeOptions::default()
    };
    let report = judge_corpus(&dir.path().join("oj"), &tools, &options, &mut |_| {}).unwrap();
    assert!(report.intent_mismatches.is_empty(), "{report:?}");
    let inputs = Inputs::new(dir.path().to_path_buf());
    // The one pair of two Accepted programs belongs to OJ_A or OJ_VA (a seeded deal).
    let mut made = None;
    for variant in [Variant::A, Variant::Va] {
        let cat = OjCategory::new(variant).with_generated_inputs(INPUTS);
        let (sink, _) = generate_block(&cat, 3, 0, 1, Balance::new(1, 0), &inputs, &tools).unwrap();
        if let Some(p) = sink.pairs.into_iter().next() {
            made = Some((cat, p));
        }
    }
    let (cat, pair) = made.expect("the accepted pair is made by OJ_A or OJ_VA");
    assert!(pair.equivalent);
    // The build's label is fitted to seeds below 10^9: the recorded evidence confirms it ...
    assert!(audit_pair(&cat, &pair, &inputs, &tools).is_confirmed());
    // ... but an auditor's fresh range lies above 10^9, where the programs differ.
    assert!(SeedRange::fresh(4, 3).first >= 1_000_000_000);
    let fresh = Some(FreshInputs { count: 3, seed: 4 });
    match audit_pair_with(&cat, &pair, &inputs, &tools, fresh) {
        Verdict::Contradicted(why) => assert!(why.contains("fresh input"), "{why}"),
        other => panic!("fresh inputs did not contradict the fitted label: {other:?}"),
    }
}
