//! Hand-written C whose answers are known, run through the real compilers, LLVM and the sandbox.

use equibench_core::Tools;
use equibench_dce::analysis::{self, Analysis};
use equibench_dce::csmith::LineWindow;
use equibench_dce::llvm::Level;
use equibench_dce::markers::BlockKind;
use equibench_dce::pairs::{self, Candidate, Tier};

/// EquiBench Figure 2 in miniature: `p` can only point at `b`, so `p == q` is false, which LLVM
/// proves only through alias reasoning (globalopt + distinct globals); the loop body and the
/// `case 2` body run.
const PROGRAM: &str = r#"#include <stdio.h>
int a[2];
int b;
static int *p = &b;
int main(void) {
    int *q = &a[0];
    if (p == q) {
        a[1] = 7;
    }
    for (int i = 0; i < 2; i++) {
        a[i] += i + 1;
    }
    switch (a[1]) {
    case 2:
        a[0] += 10;
        break;
    case 5:
        a[0] = 99;
        break;
    default:
        a[0] = 1;
    }
    printf("%d %d\n", a[0], a[1]);
    return 0;
}
"#;

fn analysed(dir: &std::path::Path) -> (Tools, Analysis) {
    let tools = Tools::new();
    let a = analysis::analyse(&tools, dir, PROGRAM).unwrap().unwrap();
    (tools, a)
}

fn marker(a: &Analysis, kind: BlockKind, nth: usize) -> equibench_dce::markers::Marker {
    a.marked
        .markers
        .iter()
        .filter(|m| m.kind == kind)
        .nth(nth)
        .unwrap()
        .clone()
}

#[test]
fn classifies_and_pairs_the_hand_written_program() {
    let dir = tempfile::tempdir().unwrap();
    let (tools, a) = analysed(dir.path());
    assert_eq!(a.stdout, b"11 2\n");

    // The alias-dependent branch: never run, removed by LLVM O2 but not by the front end.
    let then = marker(&a, BlockKind::Then, 0);
    assert!(!a.hits.contains(&then.id));
    assert!(a.classification.eliminated_at(then.id, Level::O2));
    assert_ne!(
        a.classification.lowest_level(then.id),
        Some(Level::FrontEnd)
    );

    // The loop body and `case 2` run; `case 5` does not.
    let body = marker(&a, BlockKind::ForBody, 0);
    assert!(a.hits.contains(&body.id));
    assert_eq!(a.classification.lowest_level(body.id), None);
    let case2 = marker(&a, BlockKind::Case, 0);
    let case5 = marker(&a, BlockKind::Case, 1);
    assert!(a.hits.contains(&case2.id));
    assert!(!a.hits.contains(&case5.id));

    let window = LineWindow { min: 1, max: 1000 };
    let check = |m: &equibench_dce::markers::Marker, tier: Tier| {
        pairs::check_candidate(
            &tools,
            dir.path(),
            PROGRAM,
            &a.stdout,
            &Candidate {
                marker: m.clone(),
                tier,
            },
            window,
        )
        .unwrap()
    };
    // Equivalent: the dead branch emptied, stdout identical.
    let eq = check(&then, Tier::LlvmProvedDead).expect("dead branch removal is equivalent");
    assert!(eq.program_2.contains("if (p == q) {\n}"));
    assert_eq!(eq.stdout_2, a.stdout);
    // Inequivalent: the live loop body emptied changes the output.
    let ineq = check(&body, Tier::ExecutedRemoved).expect("live loop body removal changes stdout");
    assert_eq!(ineq.stdout_2, b"1 0\n");
    // Inequivalent (Figure 2): the dead branch forced taken.
    let forced =
        check(&then, Tier::DeadConditionMadeTrue).expect("forcing the branch changes stdout");
    assert!(forced.program_2.contains("if ((p == q) || 1) {"));
    assert_ne!(forced.stdout_2, a.stdout);
    // The switch case: removing the executed `case 2` body falls through into `case 5`.
    let case = check(&case2, Tier::ExecutedRemoved).expect("executed case removal changes stdout");
    assert_eq!(case.stdout_2, b"99 2\n");
    // Removing the body of the dead `case 5` is equivalent (it runs only in the harder tier).
    let dead_case = check(&case5, Tier::RuntimeDead).expect("dead case removal is equivalent");
    assert_eq!(dead_case.stdout_2, a.stdout);
}

#[test]
fn goto_labelled_blocks_are_never_candidates() {
    let src = "#include <stdio.h>\nint g;\nint main(void) {\n  if (g) {\n    g = 1;\n  lbl:\n    g += 2;\n  }\n  if (g < 3) {\n    goto lbl;\n  }\n  printf(\"%d\\n\", g);\n  return 0;\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let tools = Tools::new();
    let a = analysis::analyse(&tools, dir.path(), src).unwrap().unwrap();
    assert_eq!(a.stdout, b"4\n");
    assert_eq!(a.marked.skipped_for_labels, 1);
    // The labelled block runs (entered by goto) without any marker; it is not in the marker list.
    assert!(a
        .marked
        .markers
        .iter()
        .all(|m| !src[m.contents.clone()].contains("lbl:")));
}

#[test]
fn undefined_behaviour_is_screened_out() {
    let src = "#include <stdio.h>\nint a[4];\nint main(void) {\n  int i;\n  for (i = 0; i < 4; i++) {\n    a[i] = i;\n  }\n  int *p = &a[0];\n  printf(\"%d\\n\", p[i]);\n  return 0;\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let tools = Tools::new();
    let r = analysis::analyse(&tools, dir.path(), src)
        .unwrap()
        .unwrap_err();
    assert!(
        ["sanitizer", "gcc-warning", "clang-warning"].contains(&r.reason),
        "{r:?}"
    );
}

/// The switchboard is built before LLVM has spoken, from the tiers a marker may support knowing
/// only whether it ran: those must include every tier the full analysis allows (so no candidate
/// misses its look), and the inequivalent ones must be exactly those (a program is given up early
/// only when it has no inequivalent candidate at all).
#[test]
fn tiers_possible_before_llvm_cover_the_tiers_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_, a) = analysed(dir.path());
    let mut proved_dead = 0;
    for m in &a.marked.markers {
        let executed = a.hits.contains(&m.id);
        for equivalent in [false, true] {
            let after = Tier::of(&a, m, PROGRAM, equivalent);
            let before = Tier::possible(executed, m, PROGRAM, equivalent);
            assert!(after.iter().all(|t| before.contains(t)), "marker {}", m.id);
            if !equivalent {
                assert_eq!(after, before, "marker {}", m.id);
            }
            proved_dead += after.contains(&Tier::LlvmProvedDead) as usize;
        }
    }
    assert!(
        proved_dead > 0,
        "no LLVM-proved tier: the superset was not exercised"
    );
}
