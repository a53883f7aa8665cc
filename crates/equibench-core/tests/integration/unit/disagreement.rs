use super::descriptor::PLAIN;
use super::pair::sample;
use equibench_core::disagreement::*;
use equibench_core::pair::Pair;

#[test]
fn output_bytes_count_every_position_up_to_the_longer_output() {
    let d = Disagreement::of_outputs(b"checksum = 12\n", b"checksum = 13\n");
    assert_eq!((d.trials, d.differing), (14, 1));
    let d = Disagreement::of_outputs(b"ab", b"abcd");
    assert_eq!((d.trials, d.differing), (4, 2));
    assert_eq!(Disagreement::of_outputs(b"", b"").trials, 0);
}

#[test]
fn the_record_round_trips_and_malformed_values_are_reported() {
    let mut p = sample(&PLAIN, false, "a");
    assert!(p.disagreement().is_none());
    p.provenance.evidence.disagreement = Some(Disagreement {
        over: Over::Inputs,
        trials: 64,
        differing: 1,
        seed: Some(7),
    });
    let line = p.to_json_line();
    assert!(
        line.contains(r#""disagreement":{"differing":1,"over":"inputs","seed":7,"trials":64}"#),
        "{line}"
    );
    let back: Pair = serde_json::from_str(&line).expect("well formed");
    let d = back.disagreement().expect("present");
    assert_eq!(d.rate(), 1.0 / 64.0);
    assert_eq!(d.problem(), None);
    let malformed = line.replace(r#""trials":64"#, r#""trials":"x""#);
    let e = serde_json::from_str::<Pair>(&malformed).unwrap_err();
    assert!(
        e.to_string().contains("provenance.evidence.disagreement"),
        "{e}"
    );
    let bad = Disagreement {
        over: Over::Inputs,
        trials: 4,
        differing: 5,
        seed: Some(1),
    };
    assert!(bad.problem().expect("a problem").contains("exceeds"));
}
