use crate::unit::pair::sample;
use equibench_core::shortcuts::*;

fn value(features: &[SurfaceFeature], name: &str) -> f64 {
    features
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no feature {name}"))
        .value
}

#[test]
fn tokens_split_identifiers_numbers_and_punctuation() {
    let t: Vec<&str> = tokens("x1 = foo(3.5e2, _y)+%rax # é")
        .iter()
        .map(|t| t.text)
        .collect();
    assert_eq!(
        t,
        ["x1", "=", "foo", "(", "3.5e2", ",", "_y", ")", "+", "%", "rax", "#", "é"]
    );
}

#[test]
fn generic_features_of_a_known_pair() {
    // sample(): program_1 = "int main(void) {\n  return 0; /* t */\n}\n",
    //           program_2 = "int main(void) {\n  return 1 - 1;\n}\n".
    let p = sample(&crate::unit::descriptor::PLAIN, true, "t");
    let f = generic_features(&p);
    assert_eq!(value(&f, "lines_1"), 3.0);
    assert_eq!(value(&f, "lines_2"), 3.0);
    assert_eq!(value(&f, "line_diff"), 0.0);
    assert_eq!(value(&f, "abs_line_diff"), 0.0);
    assert_eq!(value(&f, "line_ratio"), 1.0);
    assert_eq!(value(&f, "longer_side"), 0.0);
    // The middle line differs: one removed, one added.
    assert_eq!(value(&f, "diff_lines"), 2.0);
    // p1 has 0 / * t * /, p2 has 1 - 1: {0,/,*,t,*,/} vs {1,-,1} -> 6 + 3.
    assert_eq!(value(&f, "token_diff"), 9.0);
    // p1: int main ( void ) { return 0 ; / * t * / } = 15 tokens; p2: 12 tokens.
    assert!((value(&f, "token_diff_rel") - 9.0 / 27.0).abs() < 1e-12);
    // Identifiers {int, main, void, return, t} vs {int, main, void, return}.
    assert!((value(&f, "identifier_jaccard") - 0.8).abs() < 1e-12);
    assert_eq!(
        value(&f, "char_diff"),
        p.program_2.len() as f64 - p.program_1.len() as f64
    );
    assert_eq!(value(&f, "similarity"), p.stats.similarity);
    assert!(f.iter().all(|x| x.counted));
}

#[test]
fn size_features_see_which_side_is_longer() {
    let mut p = sample(&crate::unit::descriptor::PLAIN, true, "");
    p.program_2 = "a\nb\nc\nd\ne\nf\n".into();
    p.stats.lines_2 = 6;
    let f = generic_features(&p);
    assert_eq!(value(&f, "line_diff"), 3.0);
    assert_eq!(value(&f, "longer_side"), 1.0);
    assert_eq!(value(&f, "line_ratio"), 0.5);
    assert_eq!(diff_lines("a\nb\nc\n", "a\nx\nc\nd\n"), 3);
    assert_eq!(diff_lines("same\n", "same\n"), 0);
}

#[test]
fn alpha_equivalence_accepts_renamings_only() {
    let a = "def f(x, y):\n    return x + y * 2\n";
    assert!(token_alpha_equivalent(a, a));
    assert!(token_alpha_equivalent(a, "def g(y, x):\n  return y+x*2\n"));
    // Not one-to-one: both x and y become a.
    assert!(!token_alpha_equivalent(
        a,
        "def f(a, a):\n    return a + a * 2\n"
    ));
    // Not consistent: x becomes a, then b.
    assert!(!token_alpha_equivalent(
        a,
        "def f(a, y):\n    return b + y * 2\n"
    ));
    // A changed constant or operator is not a renaming.
    assert!(!token_alpha_equivalent(
        a,
        "def f(x, y):\n    return x + y * 3\n"
    ));
    assert!(!token_alpha_equivalent(
        a,
        "def f(x, y):\n    return x - y * 2\n"
    ));
    // An extra token is not a renaming.
    assert!(!token_alpha_equivalent(
        a,
        "def f(x, y):\n    return (x + y * 2\n"
    ));
}
