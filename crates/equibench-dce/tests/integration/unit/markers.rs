use equibench_dce::markers::{
    apply_edit, find_markers, instrument, without_comments, BlockKind, Edit,
};

const FIG2: &str = r#"int a[2];
int *p = &a[1];
int main(void) {
    int *q = &a[0];
    if (p == q) {
        a[0] = 5;
    }
    for (int i = 0; i < 2; i++) {
        a[i] += 1;
    }
    return a[0];
}
"#;

#[test]
fn marks_then_added_else_and_loop_body() {
    let m = find_markers(FIG2).unwrap();
    let kinds: Vec<_> = m.markers.iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        vec![BlockKind::Then, BlockKind::AddedElse, BlockKind::ForBody]
    );
    let then = &m.markers[0];
    assert_eq!(FIG2[then.contents.clone()].trim(), "a[0] = 5;");
    assert_eq!(&FIG2[then.condition.clone().unwrap()], "(p == q)");
    let inst = instrument(FIG2, &m);
    assert!(inst.contains("void DCEMarker0_(void);"));
    assert!(inst.contains("if (p == q) { DCEMarker0_();"));
    assert!(inst.contains("} else { DCEMarker1_(); }"));
    assert!(inst.contains("i++) { DCEMarker2_();"));
    assert!(find_markers(&inst).is_err(), "a marked program is refused");
}

#[test]
fn edits_keep_the_condition() {
    let m = find_markers(FIG2).unwrap();
    let removed = apply_edit(FIG2, &m.markers[0], Edit::RemoveContents).unwrap();
    assert!(removed.contains("if (p == q) {\n}"), "{removed}");
    let forced = apply_edit(FIG2, &m.markers[0], Edit::ConditionMadeTrue).unwrap();
    assert!(forced.contains("if ((p == q) || 1) {"), "{forced}");
    assert_eq!(apply_edit(FIG2, &m.markers[1], Edit::RemoveContents), None);
    assert_eq!(
        apply_edit(FIG2, &m.markers[2], Edit::ConditionMadeTrue),
        None
    );
}

#[test]
fn condition_edits_name_the_if_through_either_branch() {
    let src = "int g;\nint main(void) {\n  if (g) {\n    g = 1;\n  } else {\n    g = 2;\n  }\n  return g;\n}\n";
    let m = find_markers(src).unwrap();
    let (then, els) = (&m.markers[0], &m.markers[1]);
    assert_eq!((then.kind, els.kind), (BlockKind::Then, BlockKind::Else));
    assert_eq!(then.condition, els.condition);
    let falsified = apply_edit(src, then, Edit::ConditionMadeFalse).unwrap();
    assert!(falsified.contains("if ((g) && 0) {"), "{falsified}");
    let forced = apply_edit(src, els, Edit::ConditionMadeTrue).unwrap();
    assert!(forced.contains("if ((g) || 1) {"), "{forced}");
    assert_eq!(apply_edit(src, els, Edit::ConditionMadeFalse), None);
    assert_eq!((then.depth, els.depth), (2, 2));
}

#[test]
fn comment_only_blocks_have_no_contents() {
    let src = "int g;\nint main(void) {\n  if (g) {\n    /* block id: 3 */\n  }\n  while (g) { // spin\n  }\n  if (g > 1) { /* block id: 4 */\n    g = 0; /* x */\n  }\n  return g;\n}\n";
    let m = find_markers(src).unwrap();
    let with_code: Vec<bool> = m
        .markers
        .iter()
        .filter(|k| k.kind != BlockKind::AddedElse)
        .map(|k| k.has_contents(src))
        .collect();
    assert_eq!(with_code, vec![false, false, true]);
    assert_eq!(apply_edit(src, &m.markers[0], Edit::RemoveContents), None);
    assert_eq!(
        without_comments("a = \"/* no */\"; /* yes */ b; // c\n"),
        "a = \"/* no */\";   b; \n"
    );
}

#[test]
fn marks_switch_cases() {
    let src = "int f(int x) {\n  int r = 0;\n  switch (x) {\n    case 1: r = 1; break;\n    default: r = 2;\n  }\n  return r;\n}\n";
    let m = find_markers(src).unwrap();
    let cases: Vec<_> = m
        .markers
        .iter()
        .filter(|m| m.kind == BlockKind::Case)
        .collect();
    assert_eq!(cases.len(), 2);
    assert_eq!(src[cases[0].contents.clone()].trim(), "r = 1; break;");
    let edited = apply_edit(src, cases[0], Edit::RemoveContents).unwrap();
    assert!(edited.contains("case 1: ;\n"), "{edited}");
    let inst = instrument(src, &m);
    assert!(inst.contains("case 1: DCEMarker"), "{inst}");
}

#[test]
fn skips_blocks_holding_goto_labels() {
    let src = "int g;\nint main(void) {\n  if (g) {\n    g = 1;\n  lbl:\n    g = 2;\n  }\n  if (g < 3) {\n    goto lbl;\n  }\n  return 0;\n}\n";
    let m = find_markers(src).unwrap();
    assert_eq!(m.skipped_for_labels, 1);
    // The first if's then-branch is unmarked; its added else and the second if's are marked.
    assert!(m
        .markers
        .iter()
        .all(|k| !src[k.contents.clone()].contains("lbl:")));
    assert_eq!(
        m.markers
            .iter()
            .filter(|k| k.kind == BlockKind::Then)
            .count(),
        1
    );
}
