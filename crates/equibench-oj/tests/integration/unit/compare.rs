use equibench_oj::compare::{
    canonical_output, output_accepted, outputs_agree, Tolerance, ToleranceKind, TolerancePlaces,
};

#[test]
fn whitespace_does_not_matter_but_tokens_do() {
    for m in [output_accepted, outputs_agree] {
        assert!(m(b"1 2\n3\n", b"1\n2 3", None));
        assert!(m(b"", b"\n\n", None));
        assert!(!m(b"1 2", b"1 2 3", None));
        assert!(!m(b"Yes", b"yes", None));
        assert!(!m(b"1.0", b"1", None));
    }
}

fn abs_or_rel(v: f64) -> Tolerance {
    Tolerance::absolute_or_relative(v)
}

#[test]
fn floats_within_tolerance() {
    let t6 = abs_or_rel(1e-6);
    for m in [output_accepted, outputs_agree] {
        assert!(m(b"3.14159265", b"3.1415927", Some(&t6)));
        assert!(m(b"1000000.5", b"1000000.6", Some(&t6)));
        assert!(!m(b"3.14", b"3.15", Some(&t6)));
        assert!(m(b"2.5e-3", b"0.0025000001", Some(&t6)));
        assert!(!m(b"nan", b"nan2", Some(&abs_or_rel(1.0))));
        assert!(!m(b"abc", b"abd", Some(&abs_or_rel(1.0))));
    }
    // A real reference accepts an integer-looking answer within the tolerance.
    assert!(output_accepted(b"5.000000", b"5", Some(&t6)));
    assert!(output_accepted(
        b"2.",
        b"2.0000000001",
        Some(&abs_or_rel(1e-9))
    ));
}

#[test]
fn integer_tokens_match_exactly_whatever_the_tolerance() {
    let t6 = abs_or_rel(1e-6);
    for m in [output_accepted, outputs_agree] {
        // Issue 26: a relative tolerance must not pass a wrong integer...
        assert!(!m(b"1 300000000", b"1 300000299", Some(&t6)));
        assert!(!m(b"-0", b"0", Some(&t6)));
        assert!(!m(b"5", b"6.0", Some(&t6)));
        // ...while the real tokens of the same output keep theirs.
        assert!(m(b"7 0.3333333", b"7 0.33333331", Some(&t6)));
        assert!(!m(b"7 0.3333333", b"8 0.3333333", Some(&t6)));
    }
    // Where the statement makes every field real, `3` and `3.0` are one answer, and so are
    // two integers within the tolerance.
    let every = Tolerance {
        places: TolerancePlaces::EveryNumber,
        ..t6
    };
    assert!(outputs_agree(b"3", b"3.0", Some(&every)));
    assert!(output_accepted(b"3", b"3.0000001", Some(&every)));
    assert!(!output_accepted(b"3", b"4", Some(&every)));
    // Records written before `places` existed read as the default.
    let old: Tolerance =
        serde_json::from_str(r#"{"value": 1e-6, "kind": "absolute-or-relative"}"#).unwrap();
    assert_eq!(old, t6);
    assert!(!serde_json::to_string(&t6).unwrap().contains("places"));
}

/// Issue 37 item 3: the tolerance applies when either token is a decimal, whichever side is
/// the reference. Before, a reference `374` rejected `374.000000000000` while the reverse
/// was accepted (a benchmark OJ_VA witness of p90076 rested on exactly that).
#[test]
fn the_tolerance_is_symmetric() {
    let t6 = abs_or_rel(1e-6);
    for (a, b) in [
        (&b"374"[..], &b"374.000000000000"[..]),
        (b"5", b"5.0"),
        (b"3 123456789", b"3 1.234568e+08"),
        (b"2 0.5", b"2 0.5000001"),
    ] {
        for m in [output_accepted, outputs_agree] {
            assert!(m(a, b, Some(&t6)), "{a:?} {b:?}");
            assert!(m(b, a, Some(&t6)), "{b:?} {a:?}");
        }
    }
    for (a, b) in [
        (&b"374"[..], &b"374.01"[..]),
        (b"374", b"375"),
        (b"5", b"5.0x"),
    ] {
        for m in [output_accepted, outputs_agree] {
            assert!(!m(a, b, Some(&t6)), "{a:?} {b:?}");
            assert!(!m(b, a, Some(&t6)), "{b:?} {a:?}");
        }
    }
    // Without a stated tolerance, text decides.
    assert!(!output_accepted(b"374", b"374.0", None));
}

#[test]
fn the_kind_of_error_decides_large_values() {
    let abs = Tolerance {
        value: 1e-6,
        kind: ToleranceKind::Absolute,
        places: TolerancePlaces::RealDecimals,
    };
    let rel = Tolerance {
        value: 1e-6,
        kind: ToleranceKind::Relative,
        places: TolerancePlaces::RealDecimals,
    };
    assert!(!abs.accepts(1_000_000.5, 1_000_000.6));
    assert!(rel.accepts(1_000_000.5, 1_000_000.6));
    assert!(abs.accepts(1e-9, 2e-9));
    assert!(!rel.accepts(1e-9, 2e-9));
}

#[test]
fn tolerances_are_read_from_statement_phrasings() {
    let cases: &[(&str, f64, ToleranceKind)] = &[
            ("<p>Your output is considered correct if the absolute or relative error from the judge's output is at most <var>10^{-6}</var>.</p>", 1e-6, ToleranceKind::AbsoluteOrRelative),
            ("<p>The output is considered correct if its absolute or relative error is at most 10<sup>-9</sup>.</p>", 1e-9, ToleranceKind::AbsoluteOrRelative),
            ("<p>The output should not contain an error greater than 0.00001.</p>", 1e-5, ToleranceKind::Absolute),
            ("<p>Your answer will be judged correct if its absolute error does not exceed 1e-4.</p>", 1e-4, ToleranceKind::Absolute),
            ("<p>Print the answer with a relative error of at most $10^{-7}$.</p>", 1e-7, ToleranceKind::Relative),
            ("<p>The answer may contain an error less than or equal to 10<sup>&minus;3</sup>.</p>", 1e-3, ToleranceKind::Absolute),
            ("<p>Outputs that differ from the judge's by at most 10^{-6} are accepted.</p>", 1e-6, ToleranceKind::Absolute),
            ("<p>The absolute or relative error must be at most 10\u{2212}6.</p>", 1e-6, ToleranceKind::AbsoluteOrRelative),
            ("<p>Your output will be considered correct when its absolute or relative error from our answer is at most <var>10^{-9}</var>.</p>", 1e-9, ToleranceKind::AbsoluteOrRelative),
            ("<p>The output should not contain an absolute error greater than 10<sup>-5</sup>.</p>", 1e-5, ToleranceKind::Absolute),
            ("<p>The output values should be in a decimal fraction with an error less than 0.001.</p>", 1e-3, ToleranceKind::Absolute),
        ];
    for (html, value, kind) in cases {
        let t = Tolerance::from_statement(html).unwrap_or_else(|| panic!("none in {html}"));
        assert!((t.value - value).abs() < value * 1e-9, "{html}: {t:?}");
        assert_eq!(t.kind, *kind, "{html}");
    }
    for html in [
        "<p>Print the answer.</p>",
        "<p>If there is no such pair, print -1. 1 \\leq N \\leq 10^5.</p>",
        "<p>Print an error message if the input is empty.</p>",
    ] {
        assert_eq!(Tolerance::from_statement(html), None, "{html}");
    }
}

#[test]
fn the_rule_in_words_names_the_kind() {
    assert!(Tolerance::rule(None).contains("no tolerance"));
    assert!(Tolerance::rule(Some(&abs_or_rel(1e-6)))
        .contains("absolute or relative error from it is at most 1e-6"));
}

#[test]
fn canonical_output_joins_tokens() {
    assert_eq!(canonical_output(b" 1\n2  3\n"), b"1 2 3");
}
