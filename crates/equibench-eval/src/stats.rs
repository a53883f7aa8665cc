//! The tests eval reports: Wilson score intervals for an accuracy, the exact McNemar test for two
//! runs on the same pairs, and a logistic trend test of accuracy against a pair's measure.

use serde::{Deserialize, Serialize};

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A 95% interval, as fractions.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval of `successes` out of `n`. Wilson rather than the normal
/// approximation because it stays inside [0, 1] and is sensible at 0% and 100% and for the small
/// per-category counts of a `--limit` run. `n = 0` gives the uninformative [0, 1].
pub fn wilson(successes: usize, n: usize) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt() / denom;
    // At 0 and n the bound is exactly 0 or 1; rounding would leave 1e-17 off it.
    Interval {
        low: if successes == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if successes as f64 == n {
            1.0
        } else {
            (centre + half).min(1.0)
        },
    }
}

/// The exact (binomial) McNemar test: `b` pairs only run A got right, `c` only run B got right.
/// Under "both runs are equally accurate", each discordant pair is a fair coin, so the two-sided
/// p-value is twice the smaller binomial tail, capped at 1. Exact rather than chi-squared because
/// discordant counts per category are often small. No discordant pairs gives p = 1.
pub fn mcnemar_exact(b: usize, c: usize) -> f64 {
    let n = b + c;
    if n == 0 {
        return 1.0;
    }
    let k = b.min(c);
    // P(X <= k) for X ~ Binomial(n, 1/2), summed in log space so that n in the thousands is fine.
    let ln_half_n = n as f64 * 0.5f64.ln();
    let mut ln_choose = 0.0f64; // ln C(n, 0)
    let mut tail = 0.0;
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

/// A logistic regression of a yes/no outcome (here: the model was right) on one number (here:
/// the pair's similarity or subtlety), with the likelihood-ratio test of "no trend".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Logistic {
    /// log-odds of the outcome at x = 0.
    pub intercept: f64,
    /// Change of the log-odds per unit of x (x runs over [0, 1] here).
    pub slope: f64,
    /// 2 (log L(fit) - log L(intercept only)): chi-squared with one degree of freedom when the
    /// outcome does not depend on x.
    pub lr_statistic: f64,
    /// The likelihood-ratio test's p-value (two-sided: a trend either way).
    pub p_value: f64,
    /// x separates the outcomes perfectly, so the slope grows without bound and what is reported
    /// is where the fit stopped; the test stays valid (its statistic converges).
    pub separated: bool,
}

/// ln(1 + e^x) without overflow.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// The fit's log-likelihood at (a, b) over standardised x.
fn log_likelihood(points: &[(f64, bool)], a: f64, b: f64) -> f64 {
    points
        .iter()
        .map(|&(z, y)| {
            let eta = a + b * z;
            if y {
                -softplus(-eta)
            } else {
                -softplus(eta)
            }
        })
        .sum()
}

/// Fit `P(y) = 1 / (1 + e^-(intercept + slope x))` by Newton's method (with step halving, so the
/// likelihood never falls) and test the slope with the likelihood-ratio test, the usual test for
/// a logistic trend and, unlike the Wald test, sound when x separates the outcomes. `None` when no
/// trend can be tested: fewer than 3 points, every outcome the same, or x constant.
///
/// Written here rather than taken from a crate: two parameters need a 2x2 solve, and the
/// statistics crates that fit logistic models bring a linear-algebra stack for it.
pub fn logistic(points: &[(f64, bool)]) -> Option<Logistic> {
    let n = points.len();
    let k = points.iter().filter(|p| p.1).count();
    if n < 3 || k == 0 || k == n {
        return None;
    }
    let mean = points.iter().map(|p| p.0).sum::<f64>() / n as f64;
    let sd = (points.iter().map(|p| (p.0 - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
    if sd.is_nan() || sd <= 1e-12 {
        return None;
    }
    // Standardised x keeps Newton's method well conditioned.
    let z: Vec<(f64, bool)> = points.iter().map(|&(x, y)| ((x - mean) / sd, y)).collect();
    let share = k as f64 / n as f64;
    let (mut a, mut b) = ((share / (1.0 - share)).ln(), 0.0);
    let null = log_likelihood(&z, a, b);
    let mut ll = null;
    for _ in 0..200 {
        let (mut g0, mut g1, mut h00, mut h01, mut h11) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(zi, y) in &z {
            let p = 1.0 / (1.0 + (-(a + b * zi)).exp());
            let r = f64::from(u8::from(y)) - p;
            let w = p * (1.0 - p);
            g0 += r;
            g1 += r * zi;
            h00 += w;
            h01 += w * zi;
            h11 += w * zi * zi;
        }
        let det = h00 * h11 - h01 * h01;
        if det.is_nan() || det <= 1e-300 {
            break;
        }
        let (mut da, mut db) = ((h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det);
        let mut next = log_likelihood(&z, a + da, b + db);
        let mut halvings = 0;
        while (next.is_nan() || next < ll) && halvings < 40 {
            da /= 2.0;
            db /= 2.0;
            next = log_likelihood(&z, a + da, b + db);
            halvings += 1;
        }
        if next.is_nan() || next < ll {
            break;
        }
        a += da;
        b += db;
        let gain = next - ll;
        ll = next;
        if gain < 1e-12 {
            break;
        }
    }
    let lr_statistic = (2.0 * (ll - null)).max(0.0);
    Some(Logistic {
        intercept: a - b * mean / sd,
        slope: b / sd,
        lr_statistic,
        p_value: chi_squared_1_survival(lr_statistic),
        // Every fitted probability is within 1e-6 of its outcome: no finite slope fits better.
        separated: ll > -1e-6 * n as f64,
    })
}

/// P(X > x) for X chi-squared with one degree of freedom: erfc(sqrt(x / 2)).
pub fn chi_squared_1_survival(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    statrs::function::erf::erfc((x / 2.0).sqrt()).clamp(0.0, 1.0)
}
