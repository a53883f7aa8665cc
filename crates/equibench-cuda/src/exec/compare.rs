//! Comparing two outputs the way the dataset's witnesses do: element i differs when
//! |a_i - b_i| > atol + rtol * |b_i|, or exactly one of them is NaN (an element a kernel never wrote
//! stays NaN).

use serde::{Deserialize, Serialize};

/// How two outputs compare, with the worst element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Agreement {
    pub differs: bool,
    pub differing_elements: u64,
    pub max_abs_diff: f64,
    /// Flat index of the element that exceeds the tolerance most.
    pub index: u64,
    pub value_1: f64,
    pub value_2: f64,
}

impl Agreement {
    /// Does this (re-computed) comparison reproduce `recorded`? The same verdict, count and worst
    /// element; values equal up to the last bits JSON may lose in a round trip.
    pub fn reproduces(&self, recorded: &Agreement) -> bool {
        let close = |a: f64, b: f64| {
            (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
        };
        self.differs == recorded.differs
            && self.differing_elements == recorded.differing_elements
            && self.index == recorded.index
            && close(self.max_abs_diff, recorded.max_abs_diff)
            && close(self.value_1, recorded.value_1)
            && close(self.value_2, recorded.value_2)
    }
}

pub fn compare(a: &[f32], b: &[f32], rtol: f64, atol: f64) -> Agreement {
    let mut worst = (f64::NEG_INFINITY, 0usize);
    let mut differing = 0u64;
    let mut max_abs = 0f64;
    for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
        let (x, y) = (f64::from(x), f64::from(y));
        let excess = match (x.is_nan(), y.is_nan()) {
            (true, true) => f64::NEG_INFINITY,
            (true, false) | (false, true) => f64::INFINITY,
            _ => {
                max_abs = max_abs.max((x - y).abs());
                (x - y).abs() - (atol + rtol * y.abs())
            }
        };
        if excess > 0.0 {
            differing += 1;
        }
        if excess > worst.0 {
            worst = (excess, i);
        }
    }
    if a.len() != b.len() {
        differing += a.len().abs_diff(b.len()) as u64;
    }
    let i = worst.1;
    Agreement {
        differs: differing > 0,
        differing_elements: differing,
        max_abs_diff: max_abs,
        index: i as u64,
        value_1: a.get(i).map_or(f64::NAN, |&v| f64::from(v)),
        value_2: b.get(i).map_or(f64::NAN, |&v| f64::from(v)),
    }
}
