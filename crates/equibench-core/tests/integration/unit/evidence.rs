use equibench_core::evidence::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Witness {
    input: u64,
    outputs: [String; 2],
}

#[test]
fn written_as_one_sorted_object_and_read_back_into_the_same_envelope() {
    let ev = Evidence::new(
        "numeric-witness",
        &Witness {
            input: 7,
            outputs: ["a".into(), "b".into()],
        },
    );
    let line = serde_json::to_string(&ev).unwrap();
    assert_eq!(
        line,
        r#"{"input":7,"kind":"numeric-witness","outputs":["a","b"]}"#
    );
    let back: Evidence = serde_json::from_str(&line).unwrap();
    assert_eq!(back, ev);
    assert_eq!(back.kind, "numeric-witness");
    assert_eq!(back.disagreement, None);
    let w: Witness = back.record().unwrap();
    assert_eq!(w.input, 7);
    assert_eq!(serde_json::to_string(&back.to_map()).unwrap(), line);
}

#[test]
fn a_record_reads_only_the_keys_it_declares() {
    let mut ev = Evidence::new(
        "numeric-witness",
        &json!({"input": 1, "outputs": ["a", "b"]}),
    );
    ev.details.insert("extra".into(), json!(true));
    let e = ev.record::<Witness>().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("malformed evidence: unknown field `extra`"),
        "{e}"
    );
    ev.details.remove("extra");
    ev.details.remove("input");
    let e = ev.record::<Witness>().unwrap_err();
    assert!(e.to_string().contains("missing field `input`"), "{e}");
}

#[test]
fn an_object_without_a_string_kind_does_not_parse() {
    for (text, says) in [
        (r#"{"input":1}"#, "provenance.evidence has no `kind`"),
        (r#"{"kind":3}"#, "`kind` that is not a string"),
    ] {
        let e = serde_json::from_str::<Evidence>(text).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
    }
    let e = serde_json::from_str::<Source>(r#"{"seed":1}"#).unwrap_err();
    assert!(
        e.to_string().contains("provenance.source has no `kind`"),
        "{e}"
    );
}

#[test]
fn the_envelope_keys_never_come_from_the_record() {
    let ev = Evidence::new("a", &json!({"kind": "b", "disagreement": 1, "x": 1}));
    assert_eq!(ev.kind, "a");
    assert_eq!(ev.details, json!({"x": 1}).as_object().unwrap().clone());
    let s = Source::new("csmith", &json!({"kind": "other", "seed": 2}));
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        r#"{"kind":"csmith","seed":2}"#
    );
}
