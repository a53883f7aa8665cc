//! Surface features every pair has, whatever its category: sizes, how much the two programs differ
//! line by line and token by token, and the winnowing similarity. They are computed from the two
//! programs alone (never from provenance or evidence, which a model under test does not see), so a
//! rule that predicts the label from them is a rule a pattern-matcher could learn.

use super::SurfaceFeature;
use crate::pair::Pair;
use std::collections::{BTreeMap, BTreeSet};

/// The category-independent features of a pair, in a fixed order.
pub fn generic_features(p: &Pair) -> Vec<SurfaceFeature> {
    let l1 = p.stats.lines_1 as f64;
    let l2 = p.stats.lines_2 as f64;
    let t1 = tokens(&p.program_1);
    let t2 = tokens(&p.program_2);
    let token_diff = multiset_symmetric_difference(&t1, &t2) as f64;
    let total_tokens = (t1.len() + t2.len()) as f64;
    let chars_1 = p.program_1.chars().count() as f64;
    let chars_2 = p.program_2.chars().count() as f64;
    vec![
        SurfaceFeature::new("lines_1", l1),
        SurfaceFeature::new("lines_2", l2),
        SurfaceFeature::new("line_diff", l2 - l1),
        SurfaceFeature::new("abs_line_diff", (l2 - l1).abs()),
        SurfaceFeature::new("line_ratio", ratio(l1, l2)),
        SurfaceFeature::new("diff_lines", diff_lines(&p.program_1, &p.program_2) as f64),
        SurfaceFeature::new("token_diff", token_diff),
        SurfaceFeature::new(
            "token_diff_rel",
            if total_tokens > 0.0 {
                token_diff / total_tokens
            } else {
                0.0
            },
        ),
        SurfaceFeature::new("similarity", p.stats.similarity),
        SurfaceFeature::new("longer_side", longer_side(l1, l2)),
        SurfaceFeature::new(
            "identifier_jaccard",
            identifier_jaccard(&p.program_1, &p.program_2),
        ),
        SurfaceFeature::new("char_diff", chars_2 - chars_1),
    ]
}

/// -1 when program_1 has more lines, 1 when program_2 has, 0 when they have as many.
fn longer_side(l1: f64, l2: f64) -> f64 {
    match l2.partial_cmp(&l1) {
        Some(std::cmp::Ordering::Greater) => 1.0,
        Some(std::cmp::Ordering::Less) => -1.0,
        _ => 0.0,
    }
}

/// `min / max`, 1 when both are 0.
fn ratio(a: f64, b: f64) -> f64 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if hi == 0.0 {
        1.0
    } else {
        lo / hi
    }
}

/// Lines added plus lines removed by a line diff (Myers, as `diff` does). No time limit: a deadline
/// would make the number depend on the machine's speed.
pub fn diff_lines(a: &str, b: &str) -> usize {
    use similar::{DiffOp, TextDiff};
    let diff = TextDiff::configure()
        .algorithm(similar::Algorithm::Myers)
        .diff_lines(a, b);
    diff.ops()
        .iter()
        .map(|op| match *op {
            DiffOp::Equal { .. } => 0,
            DiffOp::Delete { old_len, .. } => old_len,
            DiffOp::Insert { new_len, .. } => new_len,
            DiffOp::Replace {
                old_len, new_len, ..
            } => old_len + new_len,
        })
        .sum()
}

/// A lexical token: an identifier (`[A-Za-z_][A-Za-z0-9_]*`), a number (a digit followed by
/// letters, digits, `_` or `.`), or one character of anything else but white space. Comments and
/// strings are not special: they are part of the surface too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Token<'a> {
    pub text: &'a str,
    pub identifier: bool,
}

/// The tokens of a program, in order.
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
            out.push(Token {
                text: &text[start..i],
                identifier: true,
            });
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (word(bytes[i]) || bytes[i] == b'.') {
                i += 1;
            }
            out.push(Token {
                text: &text[start..i],
                identifier: false,
            });
        } else {
            // One character, which may be several bytes of UTF-8.
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push(Token {
                text: &text[i..i + len],
                identifier: false,
            });
            i += len;
        }
    }
    out
}

/// Size of the symmetric difference of the two token multisets: tokens one program has more
/// copies of than the other, counted with multiplicity.
fn multiset_symmetric_difference(a: &[Token], b: &[Token]) -> usize {
    let mut counts: BTreeMap<&str, i64> = BTreeMap::new();
    for t in a {
        *counts.entry(t.text).or_default() += 1;
    }
    for t in b {
        *counts.entry(t.text).or_default() -= 1;
    }
    counts.values().map(|c| c.unsigned_abs() as usize).sum()
}

/// How many tokens one program has that the other lacks, counted with multiplicity (the
/// `token_diff` feature): what a selection bins when both labels must look alike by it.
pub fn token_diff(a: &str, b: &str) -> usize {
    multiset_symmetric_difference(&tokens(a), &tokens(b))
}

/// Jaccard overlap of the two programs' sets of identifiers (1 when neither has any).
pub fn identifier_jaccard(a: &str, b: &str) -> f64 {
    let ids = |s| -> BTreeSet<&str> {
        tokens(s)
            .into_iter()
            .filter(|t| t.identifier)
            .map(|t| t.text)
            .collect()
    };
    let (ia, ib) = (ids(a), ids(b));
    let union = ia.union(&ib).count();
    if union == 0 {
        return 1.0;
    }
    ia.intersection(&ib).count() as f64 / union as f64
}

/// True when the two programs have the same token sequence up to a consistent one-to-one renaming
/// of identifiers: what a pure renaming produces. Purely lexical, so it
/// knows no keywords: a consistent swap of two keywords would count as a renaming too.
pub fn token_alpha_equivalent(a: &str, b: &str) -> bool {
    let (ta, tb) = (tokens(a), tokens(b));
    if ta.len() != tb.len() {
        return false;
    }
    let mut forward: BTreeMap<&str, &str> = BTreeMap::new();
    let mut backward: BTreeMap<&str, &str> = BTreeMap::new();
    for (x, y) in ta.iter().zip(&tb) {
        match (x.identifier, y.identifier) {
            (true, true) => {
                if *forward.entry(x.text).or_insert(y.text) != y.text
                    || *backward.entry(y.text).or_insert(x.text) != x.text
                {
                    return false;
                }
            }
            (false, false) if x.text == y.text => {}
            _ => return false,
        }
    }
    true
}
