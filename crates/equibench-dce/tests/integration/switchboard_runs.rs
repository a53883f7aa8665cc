//! The switchboard that runs every edit itself, in one sandboxed start, says exactly what one
//! start per edit says, on real CSmith programs (every removal and condition edit of each), and
//! on edits that time out, crash and flood.

use crate::common;

use common::all_edits;
use equibench_core::seed::rng;
use equibench_core::Tools;
use equibench_dce::analysis;
use equibench_dce::csmith::{self, CsmithRun};
use equibench_dce::markers;
use equibench_dce::prescreen::{self, Look, Runs};

#[test]
fn one_start_for_all_edits_looks_as_one_start_each() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let (mut compared, mut changed) = (0, 0);
    for i in 0..8 {
        if compared >= 3 {
            break;
        }
        let run = CsmithRun::random(&mut rng(5, &["switchboard", &i.to_string()]));
        let Ok(program) = csmith::generate(&tools, &run, dir.path()) else {
            continue;
        };
        let Ok(a) = analysis::analyse(&tools, dir.path(), &program).unwrap() else {
            continue;
        };
        let edits = all_edits(&program, &a.marked.markers);
        let served = prescreen::prescreen_with(
            Runs::Served,
            &tools,
            dir.path(),
            &program,
            &a.stdout,
            &edits,
        )
        .unwrap()
        .expect("the switchboard reproduces the original");
        let single = prescreen::prescreen_with(
            Runs::OneByOne,
            &tools,
            dir.path(),
            &program,
            &a.stdout,
            &edits,
        )
        .unwrap()
        .expect("the switchboard reproduces the original");
        assert_eq!(served, single, "program {i}");
        assert_eq!(served.len(), edits.len());
        changed += served.iter().filter(|l| **l == Look::Changed).count();
        compared += 1;
    }
    assert!(compared >= 2, "too few CSmith programs analysed");
    assert!(changed > 0, "no edit changed stdout: nothing was compared");
}

const FAULTY: &str = "#include <stdio.h>\n\
#include <stdlib.h>\n\
int g = 1;\n\
int main(void) {\n\
  if (g > 0) {\n\
    g = 3;\n\
  }\n\
  if (g < 0) {\n\
    while (g != 0) { g = g + 2; if (g > 100) { g = 1; } }\n\
  }\n\
  if (g < 0) {\n\
    abort();\n\
  }\n\
  if (g < 0) {\n\
    for (;;) { putchar('x'); }\n\
  }\n\
  printf(\"%d\\n\", g);\n\
  return 0;\n\
}\n";

#[test]
fn timeouts_crashes_and_floods_are_told_apart_as_before() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let marked = markers::find_markers(FAULTY).unwrap();
    let edits = all_edits(FAULTY, &marked.markers);
    let stdout = b"3\n";
    let served =
        prescreen::prescreen_with(Runs::Served, &tools, dir.path(), FAULTY, stdout, &edits)
            .unwrap()
            .expect("the original runs");
    let single =
        prescreen::prescreen_with(Runs::OneByOne, &tools, dir.path(), FAULTY, stdout, &edits)
            .unwrap()
            .expect("the original runs");
    assert_eq!(served, single);
    for look in [
        Look::Failed("edit-timeout"),
        Look::Failed("edit-crash"),
        Look::Changed,
        Look::Unchanged,
    ] {
        assert!(served.contains(&look), "no {look:?} in {served:?}");
    }
}
