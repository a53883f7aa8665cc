//! OJ evidence that stands on its own (issue 16): differential tests on seeds the judge never fitted
//! statuses on, inequivalent records that re-check from the record alone, and fresh inputs an
//! auditor draws from a seed of their own.

use crate::common;

use common::{codenet_sample, write};
use equibench_core::disagreement::{Disagreement, Over};
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

/// A problem `id` whose input is one number n (the generator prints its seed; the sample is
/// 10, answered 3, as n mod 7), with `programs` as (intent, approach, source), numbered
/// `s<digits of id>0001`, ... in order.
fn seed_problem(root: &std::path::Path, id: &str, name: &str, programs: &[(&str, &str, &str)]) {
    let oj = root.join("oj");
    let digits = &id[1..];
    let submissions: Vec<String> = programs
        .iter()
        .enumerate()
        .map(|(k, (intent, approach, _))| {
            format!(
                r#""s{digits}{:04}": {{"intent": "{intent}", "approach": "{approach}"}}"#,
                k + 1
            )
        })
        .collect();
    write(
        &oj.join(format!("authoring/{id}.json")),
        format!(
            r#"{{"problem_id": "{id}", "name": "{name}", "time_limit_ms": 2000,
            "memory_limit_kb": 262144, "float_tolerance": null, "submissions": {{{}}}}}"#,
            submissions.join(", ")
        ),
    );
    for (k, (_, _, source)) in programs.iter().enumerate() {
        write(
            &oj.join(format!("data/{id}/Python/s{digits}{:04}.py", k + 1)),
            source,
        );
    }
    write(
        &oj.join(format!("generators/{id}.py")),
        "import sys\nprint(int(sys.argv[1]))\n",
    );
    write(
        &oj.join(format!("problem_descriptions/{id}.html")),
        format!("<h1>{name}</h1><p>Print N modulo 7.</p><pre>10\n</pre><pre>3\n</pre>"),
    );
    write(
        &oj.join(format!("derived/input_output/data/{id}/input.txt")),
        "10\n",
    );
    write(
        &oj.join(format!("derived/input_output/data/{id}/output.txt")),
        "3\n",
    );
}

/// A problem whose input is one number n (the generator prints its seed): its two accepted
/// programs agree below 10^9, where the judge and the differential test draw their seeds, and
/// differ above, where an auditor's fresh range lies.
fn fitted_corpus(root: &std::path::Path) {
    seed_problem(
        root,
        "p99001",
        "Remainder by Seven",
        &[
            ("accepted", "n % 7", "n = int(input())\nprint(n % 7)\n"),
            (
                "accepted",
                "n % 7, but -1 from 10^9 on",
                "x = int(input())\nif x >= 10 ** 9:\n    print(-1)\nelse:\n    print(x - 7 * (x // 7))\n",
            ),
        ],
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

/// A problem whose input is one number n (the generator prints its seed), with two Accepted
/// programs (n mod 7, two ways) and a Wrong Answer that prints -1 where n is a multiple of 50:
/// any 50 consecutive seeds hold exactly one such n, so the Wrong Answer disagrees with an
/// Accepted program on exactly one of the 50 fresh inputs of any disagreement draw (and the
/// judge's seed 0 makes it a Wrong Answer).
fn one_in_fifty_corpus(root: &std::path::Path) {
    seed_problem(
        root,
        "p99002",
        "Remainder by Seven Again",
        &[
            ("accepted", "n % 7", "n = int(input())\nprint(n % 7)\n"),
            (
                "accepted",
                "n - 7 * (n // 7)",
                "x = int(input())\nprint(x - 7 * (x // 7))\n",
            ),
            (
                "wrong_answer",
                "-1 at multiples of 50",
                "n = int(input())\nprint(n % 7 if n % 50 else -1)\n",
            ),
        ],
    );
}

/// The one-in-fifty corpus judged, and an equivalent and an inequivalent pair built from it, each
/// with the category that made it (OJ_A or OJ_VA: which one owns a submission pair is a seeded
/// deal).
fn one_in_fifty_pairs(root: &std::path::Path, seed: u64) -> (Inputs, Made, Made) {
    one_in_fifty_corpus(root);
    let tools = Tools::new();
    let options = JudgeOptions {
        generated_inputs: INPUTS,
        ..JudgeOptions::default()
    };
    let report = judge_corpus(&root.join("oj"), &tools, &options, &mut |_| {}).unwrap();
    assert!(report.intent_mismatches.is_empty(), "{report:?}");
    let inputs = Inputs::new(root.to_path_buf());
    let made = |balance: Balance| {
        for variant in [Variant::A, Variant::Va] {
            let cat = OjCategory::new(variant).with_generated_inputs(INPUTS);
            let (sink, _) = generate_block(&cat, seed, 0, 1, balance, &inputs, &tools).unwrap();
            if let Some(p) = sink.pairs.into_iter().next() {
                return (cat, p);
            }
        }
        panic!("neither OJ_A nor OJ_VA made a pair for {balance:?}");
    };
    let eq = made(Balance::new(1, 0));
    let ineq = made(Balance::new(0, 1));
    assert!(eq.1.equivalent && !ineq.1.equivalent);
    (inputs, eq, ineq)
}

/// A pair and the category that made it.
type Made = (OjCategory, equibench_core::Pair);

/// Issue 41: a pair that differs on exactly one input of any fifty consecutive seeds records
/// 1/50 over its build seed's draw, re-derived by the audit; a tampered value is contradicted,
/// naming the field; an equivalent pair carries none.
#[test]
fn the_disagreement_is_measured_on_fresh_inputs_and_re_derived_by_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let seed = 11;
    let (inputs, (eq_cat, eq), (cat, ineq)) = one_in_fifty_pairs(dir.path(), seed);
    let tools = Tools::new();
    let first = SeedRange::disagreement(seed, equibench_oj::disagreement::TRIALS).first;
    let d = ineq
        .disagreement()
        .expect("an inequivalent pair records it");
    assert_eq!(
        (d.trials, d.differing, d.seed),
        (50, 1, Some(first)),
        "{d:?}"
    );
    assert!(eq.disagreement().is_none());
    match audit_pair(&cat, &ineq, &inputs, &tools) {
        Verdict::Confirmed(why) => assert!(why.contains("1 of 50 fresh inputs"), "{why}"),
        other => panic!("{other:?}"),
    }
    let over_inputs = |trials, differing| Disagreement {
        over: Over::Inputs,
        trials,
        differing,
        seed: Some(first),
    };
    for (what, tampered) in [
        ("differing", over_inputs(50, 0)),
        ("trials", over_inputs(60, 1)),
        (
            "over",
            Disagreement {
                over: Over::OutputBytes,
                seed: None,
                ..d
            },
        ),
        ("zero trials", over_inputs(0, 0)),
    ] {
        let mut bad = ineq.clone();
        bad.provenance.evidence.disagreement = Some(tampered);
        match audit_pair(&cat, &bad, &inputs, &tools) {
            Verdict::Contradicted(why) => assert!(why.contains("`disagreement`"), "{what}: {why}"),
            other => panic!("a tampered {what} was not contradicted: {other:?}"),
        }
    }
    let mut eq_with = eq.clone();
    eq_with.provenance.evidence.disagreement = Some(d);
    assert!(matches!(
        audit_pair(&eq_cat, &eq_with, &inputs, &tools),
        Verdict::Contradicted(_)
    ));
}

/// Issue 37 item 5: the audit re-derives a record's parameters instead of trusting them. With
/// the corpus here, limits and tolerance must be the problem's and every recorded output hash
/// must be one the programs print; from the record alone (an inequivalent pair), they must be
/// values a problem can have. Each tampered record used to be confirmed.
#[test]
fn tampered_parameters_are_contradicted_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (inputs, (eq_cat, eq), (cat, ineq)) = one_in_fifty_pairs(dir.path(), 12);
    let tools = Tools::new();
    let bare = Inputs::new(std::path::PathBuf::from("/nonexistent"));
    assert!(audit_pair(&eq_cat, &eq, &inputs, &tools).is_confirmed());
    assert!(audit_pair(&cat, &ineq, &inputs, &tools).is_confirmed());
    assert!(audit_pair(&cat, &ineq, &bare, &tools).is_confirmed());
    let tampered = |pair: &equibench_core::Pair, key: &str, value: Value| {
        let mut bad = pair.clone();
        bad.provenance.evidence.details.insert(key.into(), value);
        bad
    };
    let minus_one = serde_json::json!({"value": -1.0, "kind": "absolute-or-relative"});
    let loose = serde_json::json!({"value": 1e-6, "kind": "absolute-or-relative"});
    let a_hash = eq.provenance.evidence.details["output_sha256"][0].clone();
    let count = eq.provenance.evidence.details["output_sha256"]
        .as_array()
        .unwrap()
        .len();
    let cases = [
        (
            &eq,
            "output_sha256",
            serde_json::json!([]),
            "output_sha256",
            &inputs,
        ),
        (
            &eq,
            "output_sha256",
            serde_json::json!(vec!["0".repeat(64); count]),
            "output_sha256",
            &inputs,
        ),
        (&eq, "tolerance", minus_one.clone(), "tolerance", &inputs),
        (&eq, "tolerance", loose.clone(), "tolerance", &inputs),
        (
            &eq,
            "time_limit_ms",
            serde_json::json!(0),
            "time_limit_ms",
            &inputs,
        ),
        (
            &eq,
            "time_limit_ms",
            serde_json::json!(60000),
            "time_limit_ms",
            &inputs,
        ),
        (
            &eq,
            "memory_limit_kb",
            serde_json::json!(1),
            "memory_limit_kb",
            &inputs,
        ),
        (&ineq, "tolerance", minus_one, "tolerance", &bare),
        (
            &ineq,
            "time_limit_ms",
            serde_json::json!(0),
            "time_limit_ms",
            &bare,
        ),
        (&ineq, "tolerance", loose, "tolerance", &inputs),
        (
            &ineq,
            "time_limit_ms",
            serde_json::json!(60000),
            "time_limit_ms",
            &inputs,
        ),
    ];
    assert!(a_hash.is_string());
    let mut trusted = Vec::new();
    for (pair, key, value, named, at) in cases {
        let bad = tampered(pair, key, value.clone());
        let category = if pair.equivalent { &eq_cat } else { &cat };
        match audit_pair(category, &bad, at, &tools) {
            Verdict::Contradicted(why) if why.contains(&format!("`{named}`")) => {}
            other => trusted.push(format!("{key} = {value}: {other:?}")),
        }
    }
    assert!(trusted.is_empty(), "{}", trusted.join("\n"));
}
