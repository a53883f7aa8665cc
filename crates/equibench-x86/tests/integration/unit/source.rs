use equibench_core::pair::Side;
use equibench_core::Pair;
use equibench_x86::source::*;

/// The committed exemplars' sources parse and serialise back to exactly the map on disk, so
/// the record neither drops nor adds a key.
#[test]
fn exemplar_sources_round_trip_through_the_record() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/exemplars/x86-64.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text.lines() {
        let pair: Pair = serde_json::from_str(line).unwrap();
        let record = SourceRecord::parse(&pair.provenance.source).unwrap();
        assert_eq!(record.to_source(), pair.provenance.source, "{}", pair.id);
        assert_eq!(record.to_map()["kind"], KIND_COMPILED, "{}", pair.id);
        read += 1;
    }
    assert!(read > 0);
}

#[test]
fn a_stray_or_missing_key_is_refused() {
    let record = SourceRecord::Library {
        binary: "libz.so.1".into(),
        binary_sha256: "ab".into(),
        address: "0x10".into(),
        length: 7,
        decoder: "iced-x86".into(),
        target_sha256: "cd".into(),
        target_is: None,
    };
    let map = record.to_map();
    assert_eq!(map["kind"], KIND_LIBRARY);
    assert!(!map.contains_key("target_is"));
    assert_eq!(
        SourceRecord::from_map(&map).unwrap().target_is(),
        Side::Program1
    );
    let mut stray = map.clone();
    stray.insert("target_iss".into(), "program_2".into());
    assert!(SourceRecord::from_map(&stray).is_err());
    let mut missing = map.clone();
    missing.remove("target_sha256");
    assert!(SourceRecord::from_map(&missing).is_err());
    let mut other_side = map;
    other_side.insert("target_is".into(), "program_3".into());
    assert!(SourceRecord::from_map(&other_side).is_err());
}
