use equibench_core::evidence::{Evidence, Source};
use equibench_core::Pair;
use equibench_dce::evidence::{BlockEvidence, CsmithSource, SOURCE_KIND};

/// The committed exemplars were written before the records were typed: each evidence and
/// source must parse and serialise back to exactly the object on disk, so the types neither
/// drop nor add a key.
#[test]
fn exemplar_records_round_trip_through_the_types() {
    let text = include_str!("../../../../../data/exemplars/DCE.jsonl");
    let mut kinds = std::collections::BTreeSet::new();
    for line in text.lines() {
        let pair: Pair = serde_json::from_str(line).unwrap();
        let ev = &pair.provenance.evidence;
        let record: BlockEvidence = ev.record().unwrap();
        let mut typed = Evidence::new(ev.kind.clone(), &record);
        typed.disagreement = ev.disagreement;
        assert_eq!(
            serde_json::to_string(&typed).unwrap(),
            serde_json::to_string(ev).unwrap()
        );
        assert_eq!(ev.disagreement.is_some(), !pair.equivalent);
        let src = &pair.provenance.source;
        let source: CsmithSource = src.record().unwrap();
        assert_eq!(src.kind, SOURCE_KIND);
        assert_eq!(
            serde_json::to_string(&Source::new(SOURCE_KIND, &source)).unwrap(),
            serde_json::to_string(src).unwrap()
        );
        assert_eq!(pair.to_json_line(), line);
        kinds.insert(ev.kind.clone());
    }
    assert!(
        kinds.len() >= 2,
        "both labels' kinds in the exemplars: {kinds:?}"
    );
}
