use equibench_core::evidence::{Evidence, Source};
use equibench_core::prompts::PromptType;
use equibench_core::{CategoryDescriptor, Pair, PairDraft, Provenance};
use equibench_eval::analyse::*;
use equibench_eval::answer::Answer;
use equibench_eval::runlog::RequestRecord;
use equibench_eval::stats::{mcnemar_exact, wilson};
use rand::{Rng, SeedableRng};
use serde_json::json;

static CAT: CategoryDescriptor = CategoryDescriptor {
    name: "C",
    cli_name: "c",
    aliases: &[],
    harness_dir: "C",
    language: "C",
    summary: "analysis test pairs",
    definition: "the two programs print the same text.",
    context: &[],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};

/// A pair of category C whose similarity is set to `similarity`.
fn pair(i: usize, equivalent: bool, similarity: f64) -> Pair {
    let mut p = PairDraft {
        equivalent,
        program_1: format!("int main(void) {{ return {i}; }}\n"),
        program_2: format!("int main(void) {{ return {i} + 0; }}\n"),
        context: serde_json::Map::new(),
        provenance: Provenance {
            pipeline: "analysis test".into(),
            tools: vec![],
            seed: 1,
            source: Source::new("test", &json!({})),
            transformation: "none".into(),
            evidence: Evidence::new("test", &json!({})),
        },
    }
    .finish(&CAT);
    p.stats.similarity = similarity;
    p
}

fn record(p: &Pair, model: &str, t: PromptType, correct: bool) -> RequestRecord {
    let expected = Answer::from_label(p.equivalent);
    let answer = if correct {
        expected
    } else {
        Answer::from_label(!p.equivalent)
    };
    RequestRecord {
        pair_id: p.id.clone(),
        category: p.category,
        prompt_type: t,
        prompt_sha256: String::new(),
        model: model.into(),
        temperature: None,
        max_tokens: None,
        seed: None,
        paper_compat: false,
        expected,
        reply: Some(answer.as_str().into()),
        finish_reason: Some("stop".into()),
        parsed: Some(answer),
        coin: None,
        answer,
        correct,
        latency_ms: 0,
        tries: 1,
        usage: None,
        error: None,
        error_detail: None,
    }
}

/// 200 equivalent and 200 inequivalent pairs, similarities spread evenly over [0, 1].
fn pairs() -> Vec<Pair> {
    (0..400)
        .map(|i| pair(i, i % 2 == 0, ((i / 2) as f64 + 0.5) / 200.0))
        .collect()
}

fn run<'a>(name: &'a str, records: &'a [RequestRecord]) -> Run<'a> {
    Run { name, records }
}

fn no_rate(_: &Pair) -> Option<f64> {
    None
}

#[test]
fn table_a1_counts_each_label_with_its_wilson_interval() {
    let ps = pairs();
    // Right on every equivalent pair, on one inequivalent pair in four.
    let records: Vec<RequestRecord> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| record(p, "m", PromptType::Zero, p.equivalent || i % 8 == 1))
        .collect();
    let a = analyse(&[run("r", &records)], &ps, &no_rate).unwrap();
    let b = a.runs[0].by_label[&CAT.id()];
    assert_eq!((b.equivalent.n, b.equivalent.correct), (200, 200));
    assert_eq!((b.inequivalent.n, b.inequivalent.correct), (200, 50));
    assert_eq!(b.inequivalent.accuracy, 0.25);
    assert_eq!(b.inequivalent.ci95, wilson(50, 200));
    assert_eq!(b.equivalent.ci95.high, 1.0);
    assert!(render(&a).contains("25.0 ["), "{}", render(&a));
}

#[test]
fn a_model_answering_from_similarity_shows_the_papers_trend_and_a_fixed_rate_one_does_not() {
    let ps = pairs();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    // Says YES with probability equal to the similarity: right on equivalent pairs as often
    // as they look alike, on inequivalent ones as often as they look different.
    let by_similarity: Vec<RequestRecord> = ps
        .iter()
        .map(|p| {
            let yes = rng.gen_bool(p.stats.similarity);
            record(p, "sim", PromptType::Zero, yes == p.equivalent)
        })
        .collect();
    // Right on 7 pairs in 10 of each label, the same share in every stretch of similarity.
    let fixed: Vec<RequestRecord> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| record(p, "fixed", PromptType::Zero, (i / 2) % 10 < 7))
        .collect();
    let a = analyse(
        &[run("sim", &by_similarity), run("fixed", &fixed)],
        &ps,
        &no_rate,
    )
    .unwrap();
    let sim = &a.runs[0].similarity[&CAT.id()];
    assert_eq!(sim.equivalent.direction, Direction::Rises);
    assert_eq!(sim.inequivalent.direction, Direction::Falls);
    for t in [&sim.equivalent, &sim.inequivalent] {
        let fit = t.fit.unwrap();
        assert!(fit.p_value < 1e-6, "{fit:?}");
        assert_eq!(t.n, 200);
        assert_eq!(t.bins.iter().map(|b| b.accuracy.n).sum::<usize>(), 200);
        assert!(t.bins.iter().all(|b| b.accuracy.n == 40), "even bins");
    }
    // The lowest bin of equivalent pairs is mostly wrong, the highest mostly right.
    assert!(sim.equivalent.bins[0].accuracy.accuracy < 0.3);
    assert!(sim.equivalent.bins[4].accuracy.accuracy > 0.7);
    let fixed = &a.runs[1].similarity[&CAT.id()];
    for t in [&fixed.equivalent, &fixed.inequivalent] {
        assert_eq!(t.direction, Direction::NotSignificant);
        assert!(t.fit.unwrap().p_value > 0.5, "{:?}", t.fit);
        assert!(t.bins.iter().all(|b| b.accuracy.accuracy == 0.7));
    }
    let text = render(&a);
    assert!(text.contains("rises") && text.contains("falls"), "{text}");
}

#[test]
fn a_model_that_only_catches_gross_differences_rises_with_the_disagreement_rate() {
    let ps = pairs();
    // A rate for every inequivalent pair but the first ten; right where the rate is above 0.2.
    let rate = |p: &Pair| -> Option<f64> {
        let i: usize = p.program_1[23..].split(';').next()?.trim().parse().ok()?;
        (!p.equivalent && i >= 20).then(|| ((i - 20) as f64) / 400.0)
    };
    let records: Vec<RequestRecord> = ps
        .iter()
        .map(|p| {
            let right = rate(p).is_some_and(|r| r > 0.2);
            record(p, "m", PromptType::Zero, p.equivalent || right)
        })
        .collect();
    let a = analyse(&[run("r", &records)], &ps, &rate).unwrap();
    let s = &a.runs[0].subtlety[&CAT.id()];
    assert_eq!(s.without_rate, 10);
    assert_eq!(s.trend.n, 190);
    assert_eq!(s.trend.direction, Direction::Rises);
    assert!(s.trend.fit.unwrap().separated);
    assert_eq!(
        s.trend.bins[0].accuracy.correct, 0,
        "the subtlest pairs are missed"
    );
    assert_eq!(s.trend.bins[4].accuracy.accuracy, 1.0);
}

#[test]
fn prompt_types_of_one_model_are_one_table_tested_against_zero() {
    let ps = pairs();
    let zero: Vec<RequestRecord> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| record(p, "m", PromptType::Zero, i < 100))
        .collect();
    let few: Vec<RequestRecord> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| record(p, "m", PromptType::Few, i < 108))
        .collect();
    let cot: Vec<RequestRecord> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| record(p, "m", PromptType::ZeroCot, (2..102).contains(&i)))
        .collect();
    let other = vec![record(&ps[0], "other", PromptType::Zero, true)];
    let runs = [
        run("few", &few),
        run("zero", &zero),
        run("cot", &cot),
        run("other", &other),
    ];
    let a = analyse(&runs, &ps, &no_rate).unwrap();
    assert_eq!(a.prompt_types.len(), 1, "one model with more than one type");
    let t = &a.prompt_types[0];
    assert_eq!(t.model, "m");
    assert_eq!(
        t.runs.keys().copied().collect::<Vec<_>>(),
        [PromptType::Zero, PromptType::Few, PromptType::ZeroCot]
    );
    let cells = &t.categories[&CAT.id()];
    assert!(cells[&PromptType::Zero].versus_zero.is_none());
    assert_eq!(cells[&PromptType::Zero].accuracy, 0.25);
    let few = cells[&PromptType::Few].versus_zero.unwrap();
    assert_eq!((few.shared, few.zero_only, few.type_only), (400, 0, 8));
    assert_eq!(few.p_value, mcnemar_exact(0, 8));
    assert!((few.difference - 0.02).abs() < 1e-12);
    let cot = cells[&PromptType::ZeroCot].versus_zero.unwrap();
    assert_eq!((cot.zero_only, cot.type_only, cot.p_value), (2, 2, 1.0));
    assert!(render(&a).contains("prompt types of m"));

    let twice = [run("a", runs[1].records), run("b", runs[1].records)];
    let e = analyse(&twice, &ps, &no_rate).unwrap_err();
    assert!(matches!(e, AnalyseError::DuplicateType { .. }), "{e}");
}

#[test]
fn a_run_over_other_pairs_is_refused() {
    let ps = pairs();
    let records = vec![record(&ps[0], "m", PromptType::Zero, true)];
    let e = analyse(&[run("r", &records)], &ps[1..], &no_rate).unwrap_err();
    assert!(e.to_string().contains("not in the pairs given"), "{e}");
}
