//! Choosing pairs whose surface does not give the label away (issue 14). A rewrite's *shape* is
//! what a reader sees without reasoning about meaning: how the length changes, which opcodes
//! appear or disappear, how many lines and tokens differ, how the latency moves. One search of a
//! target yields an equivalent rewrite and an inequivalent one *of the same shape*, or nothing, so
//! neither the shape nor the target's identity says which label a pair has. Pairs are chosen,
//! never dressed: both programs are exactly what the search produced.

use crate::corpus::program_text;
use crate::search::latency::program_latency;
use crate::semantics::insn::Insn;
use std::collections::{BTreeMap, BTreeSet};

/// How a rewrite looks next to its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shape {
    /// Instructions of the rewrite minus the target's.
    pub len_change: i64,
    /// Opcodes (mnemonics) the rewrite uses and the target does not.
    pub new_opcodes: usize,
    /// Opcodes the target uses and the rewrite does not.
    pub removed_opcodes: usize,
    /// Lines added plus lines removed by a line diff.
    pub diff_lines: usize,
    /// Size of the symmetric difference of the two token multisets.
    pub token_diff: usize,
    /// Identifiers (mnemonics and register names) one program has and the other lacks.
    pub identifier_change: usize,
    /// Latency-table cycles of the rewrite minus the target's.
    pub latency_change: i64,
}

/// Couples further apart than this (in opcodes added and removed, diff lines, tokens,
/// identifiers and cycles, summed) are not made.
pub const MAX_DISTANCE: u64 = 4;

impl Shape {
    pub fn of(target: &[Insn], rewrite: &[Insn]) -> Shape {
        let (t, r) = (program_text("f", target), program_text("f", rewrite));
        let (ot, or) = (opcodes(&t), opcodes(&r));
        Shape {
            len_change: rewrite.len() as i64 - target.len() as i64,
            new_opcodes: or.difference(&ot).count(),
            removed_opcodes: ot.difference(&or).count(),
            diff_lines: diff_lines(&t, &r),
            token_diff: token_diff(&t, &r),
            identifier_change: identifiers(&t)
                .symmetric_difference(&identifiers(&r))
                .count(),
            latency_change: program_latency(rewrite) as i64 - program_latency(target) as i64,
        }
    }

    /// None unless the two change the length alike; else how far apart the rest is.
    pub fn distance(&self, other: &Shape) -> Option<u64> {
        if self.len_change != other.len_change {
            return None;
        }
        Some(
            self.new_opcodes.abs_diff(other.new_opcodes) as u64
                + self.removed_opcodes.abs_diff(other.removed_opcodes) as u64
                + self.diff_lines.abs_diff(other.diff_lines) as u64
                + self.token_diff.abs_diff(other.token_diff) as u64
                + self.identifier_change.abs_diff(other.identifier_change) as u64
                + self.latency_change.abs_diff(other.latency_change),
        )
    }
}

/// The closest (equivalent, inequivalent) couple within [`MAX_DISTANCE`], as indices into the
/// two lists; ties go to the earliest (the lists come best first).
pub fn best_couple(equivalent: &[Shape], inequivalent: &[Shape]) -> Option<(usize, usize)> {
    let mut best: Option<(u64, usize, usize)> = None;
    for (i, e) in equivalent.iter().enumerate() {
        for (j, n) in inequivalent.iter().enumerate() {
            if let Some(d) = e.distance(n) {
                if d <= MAX_DISTANCE && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, i, j));
                }
            }
        }
    }
    best.map(|(_, i, j)| (i, j))
}

/// The inequivalent rewrites that may partner `equivalent` (within [`MAX_DISTANCE`] of its
/// shape), closest first, ties in list order: the first is the partner [`best_couple`] gives the
/// equivalent rewrite it chose, the rest are what `build --subtle` may prefer to it.
pub fn partners(equivalent: &Shape, inequivalent: &[Shape]) -> Vec<usize> {
    let mut close: Vec<(u64, usize)> = inequivalent
        .iter()
        .enumerate()
        .filter_map(|(j, n)| Some((equivalent.distance(n)?, j)))
        .filter(|(d, _)| *d <= MAX_DISTANCE)
        .collect();
    close.sort_unstable();
    close.into_iter().map(|(_, j)| j).collect()
}

/// The x86 surface features of a pair, from its two texts alone (what `equibench shortcuts`
/// reports for the category): lines program_2 has more, latency-table cycles program_2 costs
/// more (0 when a side does not parse), and opcodes program_2 uses that program_1 does not.
pub fn pair_features(program_1: &str, program_2: &str) -> [(&'static str, f64); 3] {
    let lines = |t: &str| t.lines().count() as f64;
    let latency =
        |t: &str| crate::semantics::parse::parse_program(t).map(|p| program_latency(&p) as f64);
    let latency_change = match (latency(program_1), latency(program_2)) {
        (Ok(a), Ok(b)) => b - a,
        _ => 0.0,
    };
    let new_opcodes = opcodes(program_2).difference(&opcodes(program_1)).count();
    [
        ("x86_length_change", lines(program_2) - lines(program_1)),
        ("x86_latency_change", latency_change),
        ("x86_new_opcodes", new_opcodes as f64),
    ]
}

/// The mnemonics of a program text (one instruction a line after the label line; `retq` counts).
pub fn opcodes(text: &str) -> BTreeSet<&str> {
    text.lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

/// Lines added plus lines removed by a longest-common-subsequence line diff.
pub fn diff_lines(a: &str, b: &str) -> usize {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    a.len() + b.len() - 2 * lcs[0][0]
}

/// Identifiers, numbers, and single other characters (white space skipped).
fn tokens(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < bytes.len() && (word(bytes[i]) || bytes[i] == b'.') {
                i += 1;
            }
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(&text[start..i]);
    }
    out
}

/// The identifier tokens of a program (mnemonics, register names; the label line left out).
fn identifiers(text: &str) -> BTreeSet<&str> {
    let body = text.split_once('\n').map_or("", |(_, b)| b);
    tokens(body)
        .into_iter()
        .filter(|t| t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .collect()
}

/// Size of the symmetric difference of the two programs' token multisets.
pub fn token_diff(a: &str, b: &str) -> usize {
    let mut counts: BTreeMap<&str, i64> = BTreeMap::new();
    for t in tokens(a) {
        *counts.entry(t).or_default() += 1;
    }
    for t in tokens(b) {
        *counts.entry(t).or_default() -= 1;
    }
    counts.values().map(|c| c.unsigned_abs() as usize).sum()
}
