use equibench_eval::stats::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-4
}

#[test]
fn wilson_matches_published_values() {
    // 81 of 263 (Wilson 1927 as tabulated by Newcombe 1998, method 3): 0.2553 to 0.3662.
    let w = wilson(81, 263);
    assert!(close(w.low, 0.2553) && close(w.high, 0.3662), "{w:?}");
    // 0 of 10: 0 to 0.2775 (Newcombe's example 5/... family, upper limit z^2/(n+z^2)).
    let w = wilson(0, 10);
    assert_eq!(w.low, 0.0);
    assert!(close(w.high, 0.2775), "{w:?}");
    let w = wilson(10, 10);
    assert!(close(w.low, 0.7225) && w.high == 1.0, "{w:?}");
    assert_eq!(
        wilson(0, 0),
        Interval {
            low: 0.0,
            high: 1.0
        }
    );
}

#[test]
fn mcnemar_exact_matches_the_binomial_tails() {
    // b = 1, c = 9: 2 * P(X <= 1), X ~ Bin(10, 1/2) = 2 * 11/1024.
    assert!(close(mcnemar_exact(1, 9), 22.0 / 1024.0));
    assert!(close(mcnemar_exact(9, 1), 22.0 / 1024.0), "symmetric");
    // b = 0, c = 5: 2 / 32.
    assert!(close(mcnemar_exact(0, 5), 0.0625));
    assert_eq!(mcnemar_exact(3, 3), 1.0);
    assert_eq!(mcnemar_exact(0, 0), 1.0);
    let p = mcnemar_exact(200, 260);
    assert!(p > 0.0 && p < 0.01, "{p}");
}

#[test]
fn chi_squared_tail_matches_the_tables() {
    // The 5% and 1% critical values of chi-squared with one degree of freedom.
    assert!(close(chi_squared_1_survival(3.841_458_820_694_124), 0.05));
    assert!(close(chi_squared_1_survival(6.634_896_601_021_214), 0.01));
    assert_eq!(chi_squared_1_survival(0.0), 1.0);
}

#[test]
fn logistic_on_a_two_valued_measure_matches_the_closed_form() {
    // x = 0: 3 of 10 right; x = 1: 8 of 10 right. The fit reproduces both shares, so the
    // slope is logit(0.8) - logit(0.3), and the likelihood-ratio statistic is the G statistic
    // of the 2x2 table.
    let mut points = Vec::new();
    for (x, right, n) in [(0.0, 3, 10), (1.0, 8, 10)] {
        for i in 0..n {
            points.push((x, i < right));
        }
    }
    let fit = logistic(&points).unwrap();
    let logit = |p: f64| (p / (1.0 - p)).ln();
    assert!((fit.intercept - logit(0.3)).abs() < 1e-6, "{fit:?}");
    assert!(
        (fit.slope - (logit(0.8) - logit(0.3))).abs() < 1e-6,
        "{fit:?}"
    );
    let g = {
        // Observed and expected (from the margins: 11 right of 20) counts.
        let cells = [(3.0, 5.5), (7.0, 4.5), (8.0, 5.5), (2.0, 4.5)];
        2.0 * cells
            .iter()
            .map(|(o, e): &(f64, f64)| o * (o / e).ln())
            .sum::<f64>()
    };
    assert!(
        (fit.lr_statistic - g).abs() < 1e-6,
        "{} vs {g}",
        fit.lr_statistic
    );
    assert!(close(fit.p_value, chi_squared_1_survival(g)));
    assert!(!fit.separated);
}

#[test]
fn a_separated_measure_still_gets_a_small_p_value() {
    // Right exactly when x > 0.5: no finite slope fits, the likelihood-ratio test still
    // rejects "no trend" (the Wald test would not).
    let points: Vec<(f64, bool)> = (0..20).map(|i| (i as f64 / 19.0, i >= 10)).collect();
    let fit = logistic(&points).unwrap();
    assert!(fit.separated && fit.slope > 10.0, "{fit:?}");
    // The statistic tends to 2 * 20 ln 2 (a perfect fit against a coin).
    assert!(
        (fit.lr_statistic - 40.0 * 2f64.ln()).abs() < 1e-3,
        "{fit:?}"
    );
    assert!(fit.p_value < 1e-6);
}

#[test]
fn no_trend_is_tested_without_variation() {
    assert!(logistic(&[(0.1, true), (0.5, true), (0.9, true)]).is_none());
    assert!(logistic(&[(0.5, true), (0.5, false), (0.5, true)]).is_none());
    assert!(logistic(&[(0.5, true), (0.6, false)]).is_none());
}
