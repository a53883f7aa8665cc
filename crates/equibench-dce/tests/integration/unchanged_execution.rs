//! An edit of an equivalent tier leaves the executed operations as they were, so the candidate
//! check takes the original's sanitized run for the edited program's and reads only its warnings
//! from clang's front end. On real CSmith programs, that screen gives what the full screen gives
//! (the same stdout, or the same rejection) for every equivalent candidate, and the front end's
//! warnings are the whole sanitized build's.

use equibench_core::seed::rng;
use equibench_core::Tools;
use equibench_dce::analysis;
use equibench_dce::csmith::{self, CsmithRun};
use equibench_dce::markers;
use equibench_dce::pairs::Tier;
use equibench_dce::toolchain::{self, Build};

#[test]
fn the_screen_of_an_equivalent_edit_says_what_the_full_screen_says() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let (mut compared, mut passed) = (0, 0);
    for i in 0..8 {
        if compared >= 6 {
            break;
        }
        let run = CsmithRun::random(&mut rng(13, &["unchanged", &i.to_string()]));
        let Ok(program) = csmith::generate(&tools, &run, dir.path()) else {
            continue;
        };
        let Ok(a) = analysis::analyse(&tools, dir.path(), &program).unwrap() else {
            continue;
        };
        let early = |out: &[u8]| {
            (out != a.stdout.as_slice())
                .then(|| analysis::Reject::new("edit-changed-stdout", "stdout changed"))
        };
        for m in &a.marked.markers {
            for tier in Tier::of(&a, m, &program, true).into_iter().take(1) {
                let Some(edited) = markers::apply_edit(&program, m, tier.edit()) else {
                    continue;
                };
                let full = analysis::screen(&tools, dir.path(), "full", &edited, &early).unwrap();
                let implied = analysis::screen_unchanged_execution(
                    &tools,
                    dir.path(),
                    "implied",
                    &edited,
                    &early,
                )
                .unwrap();
                assert_eq!(
                    implied.as_ref().map_err(|r| r.reason),
                    full.as_ref().map_err(|r| r.reason),
                    "program {i}, marker {}, {tier:?}",
                    m.id
                );
                passed += usize::from(full.is_ok());
                compared += 1;
            }
            if compared >= 6 {
                break;
            }
        }
    }
    assert!(compared >= 4, "too few equivalent candidates compared");
    assert!(passed > 0, "no candidate passed: nothing was compared");
}

#[test]
fn front_end_warnings_are_the_sanitized_builds_warnings() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let mut warned = 0;
    for i in 0..3 {
        let run = CsmithRun::random(&mut rng(13, &["warnings", &i.to_string()]));
        let program = csmith::generate(&tools, &run, dir.path()).unwrap();
        // A risky warning of its own, so the comparison covers one the screen rejects for.
        let program = program.replacen(
            "int main (void)\n{",
            "int main (void)\n{\n    int eqb_unset; printf(\"%d\", eqb_unset);",
            1,
        );
        let src = toolchain::write_source(dir.path(), &format!("w{i}.c"), &program).unwrap();
        let built = toolchain::compile(
            &tools,
            Build::ClangSanitized,
            &[&src],
            &dir.path().join(format!("w{i}")),
        )
        .unwrap();
        let front = toolchain::warnings_only(&tools, Build::ClangSanitized, &src).unwrap();
        assert_eq!(front, built.stderr, "program {i}");
        assert!(!toolchain::risky_warnings(&front).is_empty(), "program {i}");
        warned += 1;
    }
    assert_eq!(warned, 3);
}
