use equibench_dce::runtime::{marker_runtime, parse_hits};
use std::collections::BTreeSet;

#[test]
fn report_round_trips() {
    assert_eq!(
        parse_hits(b"DCE-HITS: 0 4 7\n"),
        Some(BTreeSet::from([0, 4, 7]))
    );
    assert_eq!(parse_hits(b"DCE-HITS:\n"), Some(BTreeSet::new()));
    assert_eq!(parse_hits(b"nothing\n"), None);
    let c = marker_runtime(2);
    assert!(c.contains("void DCEMarker1_(void)"));
    assert!(!c.contains("DCEMarker2_"));
}
