use equibench_dce::rationale::differing_lines;

#[test]
fn differing_lines_trims_common_lines() {
    assert_eq!(differing_lines("a\nb\nc\nd", "a\nd"), Some((2, 3)));
    assert_eq!(differing_lines("a\nb", "a\nb"), None);
    assert_eq!(differing_lines("a\nx\nc", "a\ny\nc"), Some((2, 2)));
    assert_eq!(differing_lines("a\nc", "a\nb\nc"), Some((2, 2)));
}
