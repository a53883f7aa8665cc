use equibench_core::Pair;
use equibench_oj::evidence;
use equibench_oj::rationale::{output_text, quote, rationale};

/// The shipped OJ exemplars: each rationale names both judge statuses and, for an
/// inequivalent pair, quotes both recorded outputs of its witness.
#[test]
fn shipped_exemplars_are_explained_from_their_typed_evidence() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/exemplars");
    let mut seen = 0;
    for file in ["OJ_A.jsonl", "OJ_V.jsonl", "OJ_VA.jsonl"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text.lines() {
            let pair: Pair = serde_json::from_str(line).unwrap();
            let why = rationale(&pair).unwrap_or_else(|| panic!("{file}: {}", pair.id));
            let ev = evidence::parse(&pair.provenance.evidence).unwrap();
            assert!(why.contains(&ev.statuses[0]), "{why}");
            if pair.equivalent {
                let count = ev.inputs.as_ref().unwrap().count;
                assert!(
                    why.contains(&format!("Run on {count} valid inputs")),
                    "{why}"
                );
            } else {
                let w = ev.witness.as_ref().unwrap();
                for out in [&w.output_1, &w.output_2] {
                    let quoted = quote(output_text(out)).unwrap();
                    assert!(why.contains(&quoted), "{why}");
                }
            }
            assert_eq!(
                why.contains("identifiers were renamed"),
                ev.renaming.is_some()
            );
            seen += 1;
        }
    }
    assert!(seen >= 24, "{seen} exemplars");
}
