mod crossval;
mod features;

use super::descriptor::{PLAIN, REGS, STATED};
use equibench_core::evidence::{Evidence, Source};
use equibench_core::pair::{Pair, PairDraft, Provenance, ToolVersion};
use equibench_core::shortcuts::*;
use equibench_core::CategoryDescriptor;
use rand::Rng as _;
use serde_json::{json, Map};

/// `n` pairs whose programs are random and whose labels are drawn independently of them, so that
/// no feature of the programs carries the label.
fn random_pairs(category: &CategoryDescriptor, n: usize, seed: u64) -> Vec<Pair> {
    let mut programs = equibench_core::seed::rng(seed, &["programs"]);
    let mut labels = equibench_core::seed::rng(seed, &["labels"]);
    (0..n)
        .map(|i| {
            let lines = programs.gen_range(2..30);
            let p1: Vec<String> = (0..lines)
                .map(|j| format!("v{} = v{} + {};", j, programs.gen_range(0..9), i))
                .collect();
            let mut p2 = p1.clone();
            for _ in 0..programs.gen_range(0..4) {
                let at = programs.gen_range(0..p2.len());
                if programs.gen_bool(0.5) {
                    p2.remove(at);
                    if p2.is_empty() {
                        p2.push("pass;".into());
                    }
                } else {
                    p2.insert(at, format!("w = {};", programs.gen_range(0..99)));
                }
            }
            PairDraft {
                equivalent: labels.gen_bool(0.5),
                program_1: p1.join("\n") + "\n",
                program_2: p2.join("\n") + "\n",
                context: Map::new(),
                provenance: Provenance {
                    pipeline: "shortcuts test".into(),
                    tools: vec![ToolVersion::new("none", "0")],
                    seed,
                    source: Source::new("random", &json!({})),
                    transformation: "random edits".into(),
                    evidence: Evidence::new("none", &json!({})),
                },
            }
            .finish(category)
        })
        .collect()
}

fn none(_: &Pair) -> Vec<SurfaceFeature> {
    Vec::new()
}

fn only(report: &ShortcutReport) -> &CategoryShortcuts {
    assert_eq!(report.categories.len(), 1);
    &report.categories[0]
}

fn feature<'a>(c: &'a CategoryShortcuts, name: &str) -> &'a FeatureScore {
    c.per_feature
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no feature {name}"))
}

#[test]
fn a_planted_feature_that_separates_the_labels_is_found() {
    let pairs = random_pairs(&PLAIN, 200, 1);
    let planted = |p: &Pair| vec![SurfaceFeature::flag("planted", p.equivalent)];
    let report = analyse(&pairs, &planted, &CvConfig::default());
    let c = only(&report);
    assert_eq!(c.best_single.accuracy, 1.0);
    assert_eq!(c.best_single.feature.as_deref(), Some("planted"));
    assert_eq!(c.best_single.chosen, 1.0);
    assert_eq!(c.depth2.accuracy, 1.0);
    assert_eq!(c.depth2.root_feature.as_deref(), Some("planted"));
    let leak = c.most_leaking.as_ref().unwrap();
    assert_eq!((leak.name.as_str(), leak.accuracy), ("planted", 1.0));
    assert_eq!((leak.mean_equivalent, leak.mean_inequivalent), (1.0, 0.0));
    assert!(render(&report).contains("feature that leaks most: planted (100.0%)"));
}

#[test]
fn random_labels_score_near_chance() {
    let pairs = random_pairs(&PLAIN, 400, 2);
    let noise = |p: &Pair| {
        let mut r = equibench_core::seed::rng(3, &[&p.id]);
        vec![
            SurfaceFeature::new("noise_a", r.gen()),
            SurfaceFeature::new("noise_b", r.gen_range(0..5) as f64),
        ]
    };
    let report = analyse(&pairs, &noise, &CvConfig::default());
    let c = only(&report);
    assert_eq!(c.pairs, 400);
    for (what, acc) in [
        ("majority", c.majority),
        ("best single", c.best_single.accuracy),
        ("depth-2", c.depth2.accuracy),
    ] {
        assert!(
            (0.40..=0.58).contains(&acc),
            "{what}: {acc}\n{}",
            render(&report)
        );
    }
    for f in &c.per_feature {
        assert!(f.accuracy <= 0.58, "{}: {}", f.name, f.accuracy);
    }
}

#[test]
fn a_memorisable_per_pair_id_does_not_score_high() {
    // A unique value per pair, which a rule evaluated on its own training data could exploit; on
    // held-out folds it is worth nothing.
    let pairs = random_pairs(&PLAIN, 300, 4);
    let id = |p: &Pair| {
        vec![SurfaceFeature::new(
            "pair_id",
            u64::from_str_radix(&p.id[..12], 16).unwrap() as f64,
        )]
    };
    let c = analyse(&pairs, &id, &CvConfig::default())
        .categories
        .remove(0);
    assert!(feature(&c, "pair_id").accuracy < 0.58, "{c:?}");
    assert!(c.best_single.accuracy < 0.58, "{c:?}");
    assert!(c.depth2.accuracy < 0.58, "{c:?}");
}

#[test]
fn uncounted_features_are_reported_apart_and_not_used() {
    let pairs = random_pairs(&STATED, 200, 5);
    let alpha = |p: &Pair| {
        vec![SurfaceFeature::uncounted(
            "alpha_equivalent",
            p.equivalent as u8 as f64,
        )]
    };
    let report = analyse(&pairs, &alpha, &CvConfig::default());
    let c = only(&report);
    let f = feature(c, "alpha_equivalent");
    assert!(!f.counted);
    assert_eq!(f.accuracy, 1.0);
    assert_ne!(c.most_leaking.as_ref().unwrap().name, "alpha_equivalent");
    assert!(c.best_single.accuracy < 0.6, "{c:?}");
    assert!(c.depth2.accuracy < 0.6, "{c:?}");
    let text = render(&report);
    let apart = text.find("reported apart").expect("an uncounted section");
    assert!(text[apart..].contains("alpha_equivalent"), "{text}");
}

#[test]
fn a_feature_only_some_pairs_have_is_a_value_like_any_other() {
    let pairs = random_pairs(&PLAIN, 100, 6);
    let present = |p: &Pair| {
        if p.equivalent {
            vec![SurfaceFeature::new("only_equivalent", 3.0)]
        } else {
            Vec::new()
        }
    };
    let c = analyse(&pairs, &present, &CvConfig::default())
        .categories
        .remove(0);
    assert_eq!(feature(&c, "only_equivalent").accuracy, 1.0);
    assert_eq!(c.best_single.accuracy, 1.0);
}

#[test]
fn categories_are_measured_apart_and_the_result_is_a_pure_function_of_the_pairs() {
    let mut pairs = random_pairs(&PLAIN, 120, 7);
    pairs.extend(random_pairs(&REGS, 60, 8));
    let planted = |p: &Pair| {
        // Separates the labels in REGS only.
        let on = p.category == REGS.id() && p.equivalent;
        vec![SurfaceFeature::flag("planted", on)]
    };
    let cfg = CvConfig {
        folds: 4,
        repeats: 3,
    };
    let a = analyse(&pairs, &planted, &cfg);
    pairs.reverse();
    let b = analyse(&pairs, &planted, &cfg);
    assert_eq!(a, b);
    assert_eq!(render(&a), render(&b));
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    let names: Vec<&str> = a.categories.iter().map(|c| c.category.as_str()).collect();
    assert_eq!(names, ["PLAIN", "regs-64"]);
    assert!(a.categories[0].best_single.accuracy < 0.65);
    assert_eq!(a.categories[1].best_single.accuracy, 1.0);
    assert_eq!(
        a.above(0.9),
        [
            ("regs-64".to_string(), "best single rule", 1.0),
            ("regs-64".to_string(), "depth-2 tree", 1.0)
        ]
    );
}

#[test]
fn too_few_pairs_are_reported_without_accuracies() {
    let pairs = random_pairs(&PLAIN, 1, 9);
    let report = analyse(&pairs, &none, &CvConfig::default());
    let c = only(&report);
    assert!(c.best_single.accuracy.is_nan() && c.depth2.accuracy.is_nan());
    assert!(report.above(0.5).is_empty());
    assert!(render(&report).contains("PLAIN"));
}
