use equibench_dce::markers::Edit;
use equibench_dce::markers::{find_markers, BlockKind};
use equibench_dce::prescreen::{switchboard, Look};

const PROGRAM: &str = "#include <stdio.h>\n\
int g = 1;\n\
int main(void) {\n\
  if (g > 0) {\n\
    g = g + 2;\n\
    if (g > 5) {\n\
      g = 7;\n\
    }\n\
  } else {\n\
    g = 9;\n\
  }\n\
  printf(\"%d\\n\", g);\n\
  return 0;\n\
}\n";

#[test]
fn nested_and_same_range_edits_each_have_their_own_switch() {
    let marked = find_markers(PROGRAM).unwrap();
    let then = marked
        .markers
        .iter()
        .find(|m| m.kind == BlockKind::Then)
        .unwrap();
    let inner = marked
        .markers
        .iter()
        .filter(|m| m.kind == BlockKind::Then)
        .nth(1)
        .unwrap();
    let edits = [
        (then, Edit::RemoveContents),
        (inner, Edit::RemoveContents),
        (then, Edit::ConditionMadeFalse),
        (then, Edit::ConditionMadeTrue),
    ];
    let text = switchboard(PROGRAM, &edits).unwrap();
    assert!(
        text.contains("(((g > 0) || eqb_edit == 3) && eqb_edit != 2)"),
        "{text}"
    );
    assert!(text.contains("if (eqb_edit != 0) {"), "{text}");
    assert!(text.contains("if (eqb_edit != 1) {"), "{text}");
    // Braces stay balanced, and the inner switch sits inside the outer one.
    assert_eq!(text.matches('{').count(), text.matches('}').count());
    assert!(text.find("eqb_edit != 0").unwrap() < text.find("eqb_edit != 1").unwrap());
}

#[test]
fn looks_reject_as_the_full_check_would() {
    assert_eq!(Look::Unchanged.rejects(true), None);
    assert_eq!(Look::Changed.rejects(false), None);
    assert_eq!(Look::Changed.rejects(true), Some("edit-changed-stdout"));
    assert_eq!(
        Look::Unchanged.rejects(false),
        Some("edit-stdout-unchanged")
    );
    assert_eq!(
        Look::Failed("edit-timeout").rejects(true),
        Some("edit-timeout")
    );
}
