//! Program similarity by winnowing (Schleimer, Wilkerson, Aiken, SIGMOD 2003: the method behind
//! Moss). Programs become a normalised token stream (comments dropped, identifiers, numbers and
//! strings collapsed to one class each), every k-gram is hashed, and from each window of `w`
//! consecutive hashes the minimum is kept. The score is the Jaccard overlap of the two fingerprint
//! sets: 1 for identical token streams, 0 when no k-gram is shared. Because identifiers are
//! normalised, renaming variables leaves the score high; EquiBench uses such a score to rank difficulty.

#![forbid(unsafe_code)]

use std::collections::BTreeSet;

/// Noise threshold: matches shorter than `K` tokens are ignored.
pub const K: usize = 5;
/// Window: any shared run of at least `K + W - 1` tokens is guaranteed to be detected.
pub const W: usize = 4;

/// Similarity of two programs in [0, 1].
pub fn similarity(a: &str, b: &str) -> f64 {
    let fa = fingerprints(a, K, W);
    let fb = fingerprints(b, K, W);
    if fa.is_empty() && fb.is_empty() {
        return 1.0;
    }
    let shared = fa.intersection(&fb).count();
    let union = fa.len() + fb.len() - shared;
    shared as f64 / union as f64
}

/// The winnowed fingerprint set of a program.
pub fn fingerprints(text: &str, k: usize, w: usize) -> BTreeSet<u64> {
    let tokens = normalised_tokens(text);
    let hashes: Vec<u64> = if tokens.len() < k {
        if tokens.is_empty() {
            Vec::new()
        } else {
            vec![hash_gram(&tokens)]
        }
    } else {
        tokens.windows(k).map(hash_gram).collect()
    };
    let mut out = BTreeSet::new();
    if hashes.len() <= w {
        if let Some(m) = hashes.iter().min() {
            out.insert(*m);
        }
        return out;
    }
    for window in hashes.windows(w) {
        // Winnowing keeps the rightmost minimal hash of each window; as a set, the rightmost rule
        // only matters for positions, which we do not report.
        out.insert(*window.iter().min().expect("windows are non-empty"));
    }
    out
}

/// FNV-1a over the tokens of a k-gram, tokens separated by a byte that no token contains.
fn hash_gram(gram: &[Token]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for t in gram {
        for b in t.as_bytes() {
            h ^= *b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

type Token = String;

/// Keywords of the benchmark's languages are kept as themselves; other identifiers become `I`.
const KEYWORDS: &[&str] = &[
    // C and its GPU dialect
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "int",
    "long",
    "register",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "__global__",
    "__device__",
    "__shared__",
    "__syncthreads",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "int64_t",
    "int32_t",
    "uint64_t",
    "uint32_t",
    "int16_t",
    "uint16_t",
    "int8_t",
    "uint8_t", // Python
    "and",
    "as",
    "assert",
    "async",
    "await",
    "class",
    "def",
    "del",
    "elif",
    "except",
    "False",
    "finally",
    "from",
    "global",
    "import",
    "in",
    "is",
    "lambda",
    "None",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "True",
    "try",
    "with",
    "yield",
    "print",
    "input",
    "range",
    "len",
    "int",
    "str",
    "list",
    "dict",
    "set",
    "map",
    "sorted",
    "sum",
    "min",
    "max",
];

/// Tokenise C (and its GPU dialect), Python or AT&T assembly well enough for fingerprints: comments and whitespace
/// dropped, identifiers other than keywords and assembly mnemonics-as-written collapsed.
pub fn normalised_tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'#' || (c == b'/' && bytes.get(i + 1) == Some(&b'/')) {
            // Line comment (Python, AT&T assembly, C++/C99) or a C preprocessor line.
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            i += 2;
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != c && bytes[i] != b'\n' {
                if bytes[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push("S".to_string());
        } else if c.is_ascii_digit() {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                i += 1;
            }
            out.push("N".to_string());
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] >= 0x80)
            {
                i += 1;
            }
            let word = &text[start..i];
            // A word right after `%` is an AT&T register: keep it, registers are the program.
            let after_percent = start > 0 && bytes[start - 1] == b'%';
            if after_percent || KEYWORDS.contains(&word) || is_line_leading_mnemonic(bytes, start) {
                out.push(word.to_string());
            } else {
                out.push("I".to_string());
            }
        } else {
            out.push((c as char).to_string());
            i += 1;
        }
    }
    out
}

/// In assembly the first word of a line is an opcode, which must not be collapsed like a name.
/// Lines of C or Python that start with an identifier are statements, where collapsing is right; we
/// only treat the word as a mnemonic when the line looks like assembly (next token starts with % or $).
fn is_line_leading_mnemonic(bytes: &[u8], start: usize) -> bool {
    let mut j = start;
    while j > 0 && (bytes[j - 1] == b' ' || bytes[j - 1] == b'\t') {
        j -= 1;
    }
    if j > 0 && bytes[j - 1] != b'\n' {
        return false;
    }
    let mut k = start;
    while k < bytes.len() && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'_') {
        k += 1;
    }
    while k < bytes.len() && (bytes[k] == b' ' || bytes[k] == b'\t') {
        k += 1;
    }
    matches!(bytes.get(k), Some(b'%') | Some(b'$'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PY: &str =
        "n = int(input())\ntotal = 0\nfor i in range(n):\n    total += i * i\nprint(total)\n";
    const PY_RENAMED: &str = "var1 = int(input())\nvar2 = 0\nfor var3 in range(var1):\n    var2 += var3 * var3\nprint(var2)\n";

    #[test]
    fn identical_programs_score_one() {
        assert_eq!(similarity(PY, PY), 1.0);
    }

    #[test]
    fn disjoint_programs_score_zero() {
        let c = "int main(void) { return 0; }";
        let asm = "movq %rdi, %rax\nsubq $1, %rax\nandq %rdi, %rax\nretq\n";
        assert_eq!(similarity(c, asm), 0.0);
    }

    #[test]
    fn renamed_identifiers_stay_high() {
        let s = similarity(PY, PY_RENAMED);
        assert!(s > 0.9, "renamed copy scored {s}");
    }

    #[test]
    fn comments_and_layout_do_not_count() {
        let commented = "# squares\nn = int(input())   # read\ntotal = 0\nfor i in range(n):\n\n    total += i * i\nprint(total)";
        assert_eq!(similarity(PY, commented), 1.0);
    }

    #[test]
    fn a_small_edit_scores_between() {
        let edited = PY.replace("i * i", "i + i");
        let s = similarity(PY, &edited);
        assert!(s > 0.2 && s < 1.0, "edited copy scored {s}");
    }

    #[test]
    fn registers_are_not_collapsed() {
        let a = "popcntq %rdi, %rax\n";
        let b = "popcntl %edi, %eax\n";
        assert!(similarity(a, b) < 1.0);
    }
}
