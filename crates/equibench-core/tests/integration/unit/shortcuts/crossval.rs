use equibench_core::shortcuts::crossval::*;

fn accuracy(correct: usize, o: &Outcome) -> f64 {
    correct as f64 / o.tested as f64
}

#[test]
fn folds_are_stratified_and_cover_every_row() {
    let labels: Vec<bool> = (0..23).map(|i| i % 3 == 0).collect();
    let folds = assign_folds(&labels, 5, "t", 0);
    for fold in 0..5 {
        let members: Vec<usize> = (0..23).filter(|&r| folds[r] == fold).collect();
        assert!((4..=5).contains(&members.len()), "{members:?}");
        let pos = members.iter().filter(|&&r| labels[r]).count();
        assert!((1..=2).contains(&pos), "fold {fold}: {pos} positives");
    }
    assert_ne!(folds, assign_folds(&labels, 5, "t", 1));
    assert_eq!(folds, assign_folds(&labels, 5, "t", 0));
}

#[test]
fn a_threshold_is_found_in_either_direction_and_missing_values_sort_last() {
    // Label true exactly when the value is large or missing.
    let values = [1.0, 2.0, 3.0, 10.0, 11.0, f64::NAN, 12.0, 0.5];
    let labels = vec![false, false, false, true, true, true, true, false];
    let table = Table::new(vec![values.to_vec()], labels.clone());
    let all = vec![true; labels.len()];
    let (rule, score) = fit_feature(&table, 0, &all, Criterion::Accuracy, true);
    assert_eq!(score, 8.0);
    assert_eq!(rule.threshold(), Some(3.0));
    assert!(!rule.left() && rule.right());
    assert!(
        rule.predict(&table, 5),
        "NaN goes right, with the large values"
    );
    // Gini finds the same pure split.
    let (rule, score) = fit_feature(&table, 0, &all, Criterion::Gini, true);
    assert_eq!(score, 0.0);
    assert_eq!(rule.threshold(), Some(3.0));
}

#[test]
fn a_depth_two_tree_learns_a_conjunction_no_single_rule_can() {
    // Label = a > 0.5 && b > 0.5 on a 4x4 grid of (a, b), repeated so folds have every cell.
    let mut a = Vec::new();
    let mut b = Vec::new();
    let mut y = Vec::new();
    for rep in 0..10 {
        for i in 0..4 {
            for j in 0..4 {
                a.push(i as f64 / 3.0 + rep as f64 * 1e-3);
                b.push(j as f64 / 3.0);
                y.push(i >= 2 && j >= 2);
            }
        }
    }
    let table = Table::new(vec![a, b], y);
    let o = cross_validate(&table, &[true, true], 5, 2, "conj");
    assert_eq!(accuracy(o.tree_correct, &o), 1.0);
    // No single threshold beats "always inequivalent" (75%) on this grid; what the training
    // folds suggest beyond that is overfitting, which the held-out folds expose.
    let single = accuracy(o.single_correct, &o);
    assert!(single <= 0.75, "{single}");
}
