use super::descriptor::PLAIN;
use super::pair::sample;
use equibench_core::stats::*;

#[test]
fn counts_lines_over_both_programs() {
    let pairs = vec![sample(&PLAIN, true, "a"), sample(&PLAIN, false, "b")];
    let s = compute(&pairs);
    let d = &s[&PLAIN.id()];
    assert_eq!((d.pairs, d.equivalent, d.inequivalent), (2, 1, 1));
    assert_eq!((d.min_lines, d.max_lines), (3, 3));
    assert!(render(&s).contains("PLAIN"));
    assert_eq!(d.subtlety, None, "no pair records a disagreement");
    assert!(!render(&s).contains("subtlety"));
}

/// Rates 1/8, 1/4, 1/2, 1 (and an equivalent pair, never counted): quartiles interpolated
/// between them, the tenths and the count at most 0.1 as drawn.
#[test]
fn the_subtlety_of_inequivalent_pairs_is_summarised() {
    use equibench_core::disagreement::{Disagreement, Over};
    let with = |equivalent, differing, id: &str| {
        let mut p = sample(&PLAIN, equivalent, id);
        p.provenance.evidence.disagreement = Some(Disagreement {
            over: Over::OutputBytes,
            trials: 8,
            differing,
            seed: None,
        });
        p
    };
    let pairs = vec![
        with(false, 1, "a"),
        with(false, 2, "b"),
        with(false, 4, "c"),
        with(false, 8, "d"),
        with(true, 0, "e"),
        sample(&PLAIN, false, "f"),
    ];
    let s = compute(&pairs);
    let t = s[&PLAIN.id()].subtlety.clone().unwrap();
    assert_eq!(t.measured, 4);
    assert_eq!((t.min, t.max), (0.125, 1.0));
    assert_eq!((t.q1, t.median, t.q3), (0.21875, 0.375, 0.625));
    assert_eq!(t.at_most_one_tenth, 0);
    assert_eq!(t.tenths, [0, 1, 1, 0, 0, 1, 0, 0, 0, 1]);
    let text = render(&s);
    assert!(text.contains("0.375"), "{text}");
    assert_eq!(
        Subtlety::of(&[0.0, 0.1]).unwrap().at_most_one_tenth,
        2,
        "0.1 itself counts"
    );
    assert_eq!(Subtlety::of(&[]), None);
}
