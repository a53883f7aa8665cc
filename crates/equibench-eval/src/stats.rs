//! The two tests eval reports: Wilson score intervals for an accuracy, and the exact McNemar test
//! for two runs on the same pairs.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
