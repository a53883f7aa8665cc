use equibench_export::card::*;

#[test]
fn size_buckets_follow_the_hub() {
    assert_eq!(size_category(14), "n<1K");
    assert_eq!(size_category(999), "n<1K");
    assert_eq!(size_category(2400), "1K<n<10K");
    assert_eq!(size_category(10_000), "10K<n<100K");
}

#[test]
fn yaml_strings_are_quoted_so_no_name_can_break_the_front_matter() {
    assert_eq!(q("x86-64"), "\"x86-64\"");
    assert_eq!(q("a: b\n- c"), "\"a: b\\n- c\"");
}
