use equibench_report::diff::*;

#[test]
fn a_removed_block_is_the_only_change() {
    let a = "int f() {\n  if (x) {\n    y = 1;\n    z = 2;\n  }\n  return y;\n}\n";
    let b = "int f() {\n  if (x) {\n  }\n  return y;\n}\n";
    let (ca, cb) = changed_lines(a, b);
    assert_eq!(ca, vec![false, false, true, true, false, false, false]);
    assert!(cb.iter().all(|c| !c));
}

#[test]
fn moved_and_edited_lines_are_marked_on_both_sides() {
    let (ca, cb) = changed_lines("a\nb\nc\nd\n", "a\nx\nc\nd\ne\n");
    assert_eq!(ca, vec![false, true, false, false]);
    assert_eq!(cb, vec![false, true, false, false, true]);
    let (ca, cb) = changed_lines("", "");
    assert!(ca.is_empty() && cb.is_empty());
}

#[test]
fn large_programs_are_compared_too() {
    // 2100 unrelated lines a side around one shared line: past the 4M-cell table the old
    // diff gave up on, so nothing was shaded.
    let side = |tag: &str, shared_at: usize| {
        let mut lines: Vec<String> = (0..2100).map(|i| format!("{tag}{i}")).collect();
        lines.insert(shared_at, "shared".into());
        lines.join("\n")
    };
    let (ca, cb) = changed_lines(&side("a", 1000), &side("b", 5));
    assert_eq!((ca.len(), cb.len()), (2101, 2101));
    assert_eq!(ca.iter().position(|c| !c), Some(1000));
    assert_eq!(cb.iter().position(|c| !c), Some(5));
    assert_eq!(ca.iter().filter(|c| !**c).count(), 1);
    assert_eq!(cb.iter().filter(|c| !**c).count(), 1);
}
