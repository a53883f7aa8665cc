//! The equivalent condition edit `(c && 0)` on a dead then-branch, made from a real CSmith program
//! with the original placed second, passes its audit; the same record with a falsified tier fails.

use equibench_core::seed::rng;
use equibench_core::testing::audit_pair;
use equibench_core::{Inputs, Tools};
use equibench_dce::csmith::{self, CsmithRun, LineWindow};
use equibench_dce::markers::{self, BlockKind, Edit};
use equibench_dce::pairs::{self, Candidate, Origin, Tier, Versions};
use equibench_dce::shape::Shape;
use equibench_dce::{analysis, Dce};

#[test]
fn a_dead_then_made_false_pair_is_audited_with_the_original_second() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let versions = Versions::probe(&tools).unwrap();
    let window = LineWindow::default();
    for i in 0..6 {
        let run = CsmithRun::random(&mut rng(11, &["condition-edit", &i.to_string()]));
        let Ok(program) = csmith::generate(&tools, &run, dir.path()) else {
            continue;
        };
        let Ok(analysis) = analysis::analyse(&tools, dir.path(), &program).unwrap() else {
            continue;
        };
        let candidates =
            analysis.marked.markers.iter().filter(|m| {
                Tier::of(&analysis, m, &program, true).contains(&Tier::DeadThenMadeFalse)
            });
        for marker in candidates.take(2) {
            let cand = Candidate {
                marker: marker.clone(),
                tier: Tier::DeadThenMadeFalse,
            };
            let Ok(checked) = pairs::check_candidate(
                &tools,
                dir.path(),
                &program,
                &analysis.stdout,
                &cand,
                window,
            )
            .unwrap() else {
                continue;
            };
            assert_eq!(checked.stdout_2, analysis.stdout);
            let origin = Origin {
                build_seed: 11,
                block: 0,
                program_index: i,
                csmith: &run,
            };
            let pair = pairs::make_pair(
                &origin, &versions, &program, &analysis, &cand, checked, false,
            );
            assert!(pair.equivalent);
            assert_eq!(pair.program_2, program, "the original is program_2");
            assert!(pair.program_1.contains("&& 0)"));
            let shape = Shape::of_pair(&pair.program_1, &pair.program_2).unwrap();
            assert_eq!(shape.edit, Edit::ConditionMadeFalse);
            let dce = Dce::default();
            let inputs = Inputs::default();
            let verdict = audit_pair(&dce, &pair, &inputs, &tools);
            assert!(verdict.is_confirmed(), "{}", verdict.detail());
            // The same edit claimed as the inequivalent one (the branch ran) is caught.
            let mut forged = pair.clone();
            forged.equivalent = false;
            forged.provenance.evidence.kind = Tier::ExecutedThenMadeFalse.as_str().into();
            assert!(!audit_pair(&dce, &forged, &inputs, &tools).is_confirmed());
            return;
        }
    }
    panic!("no CSmith program of six gave a checked dead-then `(c && 0)` edit");
}

/// `(c || 1)` means two things: at an else-branch that never ran it changes nothing
/// (equivalent), at a then-branch that never ran it forces the branch (inequivalent, whatever the
/// stdout). Generation never offers the equivalent tier at a then-branch, and the audit contradicts
/// a record that claims it.
#[test]
fn a_condition_made_true_at_a_then_branch_is_never_equivalent() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let versions = Versions::probe(&tools).unwrap();
    for i in 0..6 {
        let run = CsmithRun::random(&mut rng(13, &["then-made-true", &i.to_string()]));
        let Ok(program) = csmith::generate(&tools, &run, dir.path()) else {
            continue;
        };
        let Ok(analysis) = analysis::analyse(&tools, dir.path(), &program).unwrap() else {
            continue;
        };
        for m in &analysis.marked.markers {
            let eq = Tier::of(&analysis, m, &program, true);
            let ineq = Tier::of(&analysis, m, &program, false);
            match m.kind {
                BlockKind::Then => assert!(!eq.contains(&Tier::DeadElseMadeTrue), "{m:?}"),
                _ => assert!(!ineq.contains(&Tier::DeadConditionMadeTrue), "{m:?}"),
            }
        }
        // A never-run then-branch forced true, recorded as the equivalent "dead else" edit.
        let Some(then) = analysis.marked.markers.iter().find(|m| {
            m.kind == BlockKind::Then
                && Tier::of(&analysis, m, &program, false).contains(&Tier::DeadConditionMadeTrue)
        }) else {
            continue;
        };
        let forced = markers::apply_edit(&program, then, Edit::ConditionMadeTrue).unwrap();
        let cand = Candidate {
            marker: then.clone(),
            tier: Tier::DeadElseMadeTrue,
        };
        let checked = pairs::Checked2 {
            program_2: forced,
            stdout_2: analysis.stdout.clone(),
        };
        let origin = Origin {
            build_seed: 13,
            block: 0,
            program_index: i,
            csmith: &run,
        };
        let forged = pairs::make_pair(
            &origin, &versions, &program, &analysis, &cand, checked, true,
        );
        assert!(forged.equivalent);
        let verdict = audit_pair(&Dce::default(), &forged, &Inputs::default(), &tools);
        match verdict {
            equibench_core::Verdict::Contradicted(why) => {
                assert!(why.contains("does not mean what the tier says"), "{why}")
            }
            other => panic!("a forced then-branch passed as equivalent: {other:?}"),
        }
        return;
    }
    panic!("no CSmith program of six had a never-run then-branch");
}
