//! The switched build (the instrumented program with every possible edit behind a switch, one
//! build and one sandboxed start) says exactly what the two builds it replaces say: the
//! instrumented run's stdout and hits, the switchboard's look at each edit, and the instrumented
//! run's rejection when the original fails.

use crate::common;

use common::all_edits;
use equibench_core::seed::rng;
use equibench_core::Tools;
use equibench_dce::analysis;
use equibench_dce::csmith::{self, CsmithRun};
use equibench_dce::markers::{self, Marker};
use equibench_dce::prescreen::{self, Look, Runs};
use equibench_dce::switched;

#[test]
fn one_switched_build_gives_the_instrumented_run_and_every_look() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let (mut compared, mut changed, mut unchanged, mut ran, mut not_ran) = (0, 0, 0, 0, 0);
    for i in 0..10 {
        if compared >= 3 {
            break;
        }
        let run = CsmithRun::random(&mut rng(7, &["switched", &i.to_string()]));
        let Ok(program) = csmith::generate(&tools, &run, dir.path()) else {
            continue;
        };
        let Ok(marked) = markers::find_markers(&program) else {
            continue;
        };
        let text = markers::instrument(&program, &marked);
        let Ok((stdout, hits)) =
            analysis::run_instrumented(&tools, dir.path(), "orig", &text, marked.markers.len())
                .unwrap()
        else {
            continue;
        };
        let edits = all_edits(&program, &marked.markers);
        let s = switched::instrument_and_look(&tools, dir.path(), &marked, &text, &edits)
            .unwrap()
            .expect("the switched build serves")
            .expect("the original runs");
        assert_eq!(s.stdout, stdout, "program {i}: stdout");
        assert_eq!(s.hits, hits, "program {i}: hits");
        let looks =
            prescreen::prescreen_with(Runs::Served, &tools, dir.path(), &program, &stdout, &edits)
                .unwrap()
                .expect("the switchboard reproduces the original");
        assert_eq!(s.looks, looks, "program {i}: looks");
        changed += looks.iter().filter(|l| **l == Look::Changed).count();
        unchanged += looks.iter().filter(|l| **l == Look::Unchanged).count();
        ran += hits.len();
        not_ran += marked.markers.len() - hits.len();
        compared += 1;
    }
    assert!(compared >= 2, "too few CSmith programs compared");
    assert!(changed > 0 && unchanged > 0, "looks of one kind only");
    assert!(ran > 0 && not_ran > 0, "hits of one kind only");
}

/// A program whose `main` takes the branch that never ends (or aborts) when `g` starts as 1.
fn failing(body: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\nint g = 1;\nint main(void) {{\n  \
         if (g > 0) {{\n    {body}\n  }}\n  if (g < 0) {{\n    g = 2;\n  }}\n  \
         printf(\"%d\\n\", g);\n  return 0;\n}}\n"
    )
}

#[test]
fn a_failing_original_is_rejected_as_the_instrumented_run_rejects_it() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    for (body, reason) in [
        (
            "while (g != 0) { g = g + 2; if (g > 100) { g = 1; } }",
            "timeout",
        ),
        ("abort();", "crash"),
    ] {
        let program = failing(body);
        let marked = markers::find_markers(&program).unwrap();
        let text = markers::instrument(&program, &marked);
        let alone =
            analysis::run_instrumented(&tools, dir.path(), "orig", &text, marked.markers.len())
                .unwrap()
                .expect_err("the instrumented run fails");
        assert_eq!(alone.reason, reason);
        let edits = all_edits(&program, &marked.markers);
        assert!(!edits.is_empty());
        let s = switched::instrument_and_look(&tools, dir.path(), &marked, &text, &edits)
            .unwrap()
            .expect("the switched build serves");
        assert_eq!(s.expect_err("the original fails").reason, reason);
    }
}

#[test]
fn moved_markers_cover_the_same_text_in_the_instrumented_program() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let run = CsmithRun::random(&mut rng(7, &["moved"]));
    let program = csmith::generate(&tools, &run, dir.path()).unwrap();
    let marked = markers::find_markers(&program).unwrap();
    let text = markers::instrument(&program, &marked);
    let strip = |s: &str| {
        let mut s = s.to_string();
        for m in &marked.markers {
            s = s.replace(&format!(" else {{ {}(); }}", m.name()), "");
            s = s.replace(&format!(" {}();", m.name()), "");
        }
        s
    };
    for m in &marked.markers {
        let moved = markers::instrumented_marker(&marked, m);
        assert_eq!(
            strip(&text[moved.contents.clone()]),
            program[m.contents.clone()],
            "marker {}",
            m.id
        );
        if let (Some(c), Some(mc)) = (&m.condition, &moved.condition) {
            assert_eq!(text[mc.clone()], program[c.clone()]);
        }
        // The block's own marker call stays outside its contents (before them).
        assert!(!text[moved.contents.clone()].contains(&format!(" {}();", m.name())));
    }
}

/// An `if` with no `else` that ends its enclosing block's contents with no space between: the
/// `else` the instrumenter adds there must land inside the enclosing block's switch.
const TIGHT: &str = "#include <stdio.h>\n\
int g = 1;\n\
int main(void) {\n\
  if (g > 0) {g = g + 4; if (g > 3) {g = 7;}}\n\
  if (g < 0) {g = 9; if (g > 3) {g = 8;}}\n\
  printf(\"%d\\n\", g);\n\
  return 0;\n\
}\n";

#[test]
fn an_added_else_that_ends_a_block_stays_inside_its_switch() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let marked = markers::find_markers(TIGHT).unwrap();
    let added: Vec<&Marker> = marked
        .markers
        .iter()
        .filter(|m| m.kind == markers::BlockKind::AddedElse)
        .collect();
    assert_eq!(added.len(), 4, "{:?}", marked.markers);
    let text = markers::instrument(TIGHT, &marked);
    let edits = all_edits(TIGHT, &marked.markers);
    let outer_then = marked
        .markers
        .iter()
        .find(|m| m.kind == markers::BlockKind::Then)
        .unwrap();
    let moved = markers::instrumented_marker(&marked, outer_then);
    assert!(
        text[moved.contents.clone()].ends_with(&format!(" else {{ {}(); }}", added[0].name())),
        "{}",
        &text[moved.contents.clone()]
    );
    let s = switched::instrument_and_look(&tools, dir.path(), &marked, &text, &edits)
        .unwrap()
        .expect("the switched build compiles and serves")
        .expect("the original runs");
    assert_eq!(s.stdout, b"7\n");
    let looks = prescreen::prescreen_with(Runs::Served, &tools, dir.path(), TIGHT, b"7\n", &edits)
        .unwrap()
        .expect("the switchboard reproduces the original");
    assert_eq!(s.looks, looks);
    assert!(looks.contains(&Look::Changed) && looks.contains(&Look::Unchanged));
}
