//! Output comparison as online judges do it: the outputs are split into whitespace-separated
//! tokens, which must match one for one. A stated tolerance is for real numbers only: it applies
//! to a pair of tokens only where both are numbers and at least one of them is a *real* decimal
//! (one with a fraction or an exponent, `0.5`, `2.`, `1e-3`), and then accepts them within it;
//! two integers, and words, match exactly, so a program printing a wrong integer is never
//! accepted because the problem's real-valued answers have a tolerance (`1 300000000` vs
//! `1 300000299`).
//!
//! The rule is symmetric (issue 37): which side is the reference never changes a verdict, so a
//! reference `374` and an answer `374.000000000000` agree exactly as the reverse does (a float
//! checker reads both as numbers). [`output_accepted`] names the use where one side is the
//! reference (the judge against its consensus, a witness against the Accepted side);
//! [`outputs_agree`] the use where neither is (two programs both claimed correct); both apply
//! the same rule.
//! [`Tolerance::from_statement`] reads the tolerance from a problem statement in the phrasings
//! CodeNet's sources (AtCoder, Aizu) use.

use serde::{Deserialize, Serialize};

/// How a tolerance bounds the difference of two numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToleranceKind {
    /// `|a - b| <= t` or `|a - b| <= t * max(|a|, |b|)`: "absolute or relative error".
    AbsoluteOrRelative,
    /// `|a - b| <= t`: "absolute error", or an error bound stated without a kind.
    Absolute,
    /// `|a - b| <= t * max(|a|, |b|)`: "relative error" alone.
    Relative,
}

/// Which output tokens a tolerance applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TolerancePlaces {
    /// Where either token is a decimal with a fraction or exponent (the default: a statement that
    /// speaks of "error" speaks of its real-valued answers; two integer tokens are an integer
    /// answer).
    #[default]
    RealDecimals,
    /// Every numeric token: the statement makes every output field a real number, so `3` and
    /// `3.0` are the same answer (the embedded corpus's authoring says so per problem).
    EveryNumber,
}

impl TolerancePlaces {
    fn is_default(&self) -> bool {
        *self == TolerancePlaces::RealDecimals
    }
}

/// A stated tolerance for real-number output.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Tolerance {
    pub value: f64,
    pub kind: ToleranceKind,
    /// Absent from records made before it existed, and when it is the default.
    #[serde(default, skip_serializing_if = "TolerancePlaces::is_default")]
    pub places: TolerancePlaces,
}

impl Tolerance {
    /// "Absolute or relative error" of `value`, the usual statement (and the embedded corpus's).
    pub fn absolute_or_relative(value: f64) -> Self {
        Tolerance {
            value,
            kind: ToleranceKind::AbsoluteOrRelative,
            places: TolerancePlaces::RealDecimals,
        }
    }

    /// Whether two numbers agree within the tolerance.
    pub fn accepts(&self, a: f64, b: f64) -> bool {
        let diff = (a - b).abs();
        let scale = a.abs().max(b.abs());
        match self.kind {
            ToleranceKind::AbsoluteOrRelative => diff <= self.value || diff <= self.value * scale,
            ToleranceKind::Absolute => diff <= self.value,
            ToleranceKind::Relative => diff <= self.value * scale,
        }
    }

    /// The comparison rule in words, as recorded in a pair's evidence.
    pub fn rule(tolerance: Option<&Tolerance>) -> String {
        let tokens = "outputs split into whitespace-separated tokens, matched one for one";
        match tolerance {
            None => format!("{tokens}; every token equal as text (no tolerance stated)"),
            Some(t) => format!(
                "{tokens}; tokens equal as text, or, {}, a finite number whose {} error from it is at most {:e}",
                match t.places {
                    TolerancePlaces::RealDecimals => "where both tokens are finite numbers and either is a decimal with a fraction or exponent, whichever side is the reference (two integers and words exactly)",
                    TolerancePlaces::EveryNumber => "where both tokens are finite numbers (the statement makes every output field real)",
                },
                match t.kind {
                    ToleranceKind::AbsoluteOrRelative => "absolute or relative",
                    ToleranceKind::Absolute => "absolute",
                    ToleranceKind::Relative => "relative",
                },
                t.value
            ),
        }
    }

    /// The tolerance a statement gives for real-number output, if it states one: a sentence
    /// that speaks of an *error* (or of outputs that may *differ*) and bounds it by a number
    /// (`10^{-6}`, `10<sup>-6</sup>`, `10-6`, `1e-6`, `0.000001`). The kind follows the words:
    /// "absolute or relative" (or both words), "relative" alone, else absolute.
    pub fn from_statement(html: &str) -> Option<Tolerance> {
        let text = plain_text(html);
        for sentence in sentences(&text) {
            let lower = sentence.to_ascii_lowercase();
            if !(lower.contains("error") || lower.contains("differ")) {
                continue;
            }
            let Some(value) = bound_in(&lower) else {
                continue;
            };
            let (abs, rel) = (lower.contains("absolute"), lower.contains("relative"));
            let kind = match (abs, rel) {
                (true, false) => ToleranceKind::Absolute,
                (false, true) => ToleranceKind::Relative,
                (true, true) => ToleranceKind::AbsoluteOrRelative,
                (false, false) => ToleranceKind::Absolute,
            };
            return Some(Tolerance {
                value,
                kind,
                places: TolerancePlaces::RealDecimals,
            });
        }
        None
    }
}

/// Sentences of a text: cut at a newline, or at a period followed by whitespace (so the period of
/// `0.00001` stays inside its number).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut cuts = vec![0];
    let bytes = text.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        let next_blank = bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace());
        if c == b'\n' || (c == b'.' && next_blank) {
            cuts.push(i + 1);
        }
    }
    cuts.push(text.len());
    cuts.dedup();
    (0..cuts.len() - 1).map(move |k| &text[cuts[k]..cuts[k + 1]])
}

/// The statement as text: tags dropped (`<sup>` kept as `^`), entities and TeX spacing undone,
/// unicode minus signs made ASCII.
fn plain_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close].to_ascii_lowercase();
        if tag == "sup" {
            out.push('^');
        } else if tag.starts_with('p') || tag.starts_with("br") || tag.starts_with("li") {
            out.push('\n');
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out.replace("&minus;", "-")
        .replace('\u{2212}', "-")
        .replace("&nbsp;", " ")
        .replace("\\leq", "<=")
        .replace("\\le", "<=")
}

/// The smallest positive bound written in a sentence, in any of the notations statements use.
fn bound_in(sentence: &str) -> Option<f64> {
    let compact: String = sentence
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '{' | '}' | '$' | '(' | ')'))
        .collect();
    let b = compact.as_bytes();
    let mut found: Option<f64> = None;
    let mut keep = |v: f64| {
        if v > 0.0 && v < 1.0 {
            found = Some(found.map_or(v, |f| f.min(v)));
        }
    };
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            i += 1;
        }
        // A sentence's own period is not part of its last number.
        if b[i - 1] == b'.' {
            i -= 1;
        }
        let mantissa = &compact[start..i];
        // 10^-6, 10^{-6}, 10<sup>-6</sup> (now 10^-6), and the bare "10-6" left by stripped tags.
        if mantissa == "10" {
            let mut j = i;
            if j < b.len() && b[j] == b'^' {
                j += 1;
            }
            if j < b.len() && b[j] == b'-' {
                let k0 = j + 1;
                let mut k = k0;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if let Ok(e) = compact[k0..k].parse::<i32>() {
                    keep(10f64.powi(-e));
                    i = k;
                    continue;
                }
            }
        }
        // 1e-6, 1.0E-6, 2.5e-4
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') && b.get(i + 1) == Some(&b'-') {
            let mut k = i + 2;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if let Ok(v) = compact[start..k].parse::<f64>() {
                keep(v);
                i = k;
                continue;
            }
        }
        // 0.000001
        if mantissa.starts_with("0.") {
            if let Ok(v) = mantissa.parse::<f64>() {
                keep(v);
            }
        }
    }
    found
}

/// Is `actual` accepted against the judge's `reference` output? Tokens equal as text, or (with a
/// tolerance) two finite numbers within it, at least one of them a real decimal (every number
/// where the tolerance applies to every number). Symmetric in its two outputs.
pub fn output_accepted(reference: &[u8], actual: &[u8], tolerance: Option<&Tolerance>) -> bool {
    outputs_agree(reference, actual, tolerance)
}

/// Do two outputs, neither of them the reference, agree as a judge would see it? The rule of
/// [`output_accepted`], which is the same whichever side is the reference.
pub fn outputs_agree(a: &[u8], b: &[u8], tolerance: Option<&Tolerance>) -> bool {
    let x: Vec<&[u8]> = tokens(a).collect();
    let y: Vec<&[u8]> = tokens(b).collect();
    x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| tokens_agree(p, q, tolerance))
}

fn tokens(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// Two tokens agree: equal as text, or two finite numbers within the tolerance where it applies
/// (at least one a real decimal, or any numbers under [`TolerancePlaces::EveryNumber`]).
fn tokens_agree(x: &[u8], y: &[u8], tolerance: Option<&Tolerance>) -> bool {
    if x == y {
        return true;
    }
    let Some(tol) = tolerance else {
        return false;
    };
    if tol.places == TolerancePlaces::RealDecimals && !is_real_decimal(x) && !is_real_decimal(y) {
        return false;
    }
    match (number(x), number(y)) {
        (Some(a), Some(b)) => tol.accepts(a, b),
        _ => false,
    }
}

/// A decimal with a fraction or an exponent (`3.0`, `.5`, `2.`, `1e-6`): the kind of token a
/// tolerance is stated for. `123` is an integer and is compared exactly.
fn is_real_decimal(t: &[u8]) -> bool {
    number(t).is_some() && t.iter().any(|b| matches!(b, b'.' | b'e' | b'E'))
}

fn number(t: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(t).ok()?;
    // Only plain decimal notation: `inf`, `nan` and hex floats are words, not numbers, to a judge.
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
    {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A normalised form of an output (tokens joined by single spaces), whose sha256 identifies the
/// output for exact comparison in evidence.
pub fn canonical_output(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (i, t) in tokens(bytes).enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(t);
    }
    out
}
