use equibench_core::Tools;
use equibench_dce::toolchain::{compile, risky_warnings, run, write_source, Build, RunResult};

#[test]
fn risky_warnings_are_picked_out() {
    let err = "a.c:3:5: warning: unused variable 'x' [-Wunused-variable]\n\
                   a.c:4:5: warning: 'y' is used uninitialized [-Wuninitialized]\n\
                   a.c:9:1: warning: control reaches end of non-void function [-Wreturn-type]\n\
                   a.c:7:9: warning: multiple unsequenced modifications to 'i' [-Wunsequenced]\n";
    let r = risky_warnings(err);
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(risky_warnings(
        "x.c:1:1: warning: comparison of integers of different signs [-Wsign-compare]"
    )
    .is_empty());
}

/// The sanitized build prints its warnings without the source lines and carets (which cost
/// a `write` call per few characters), and the risky ones are still found.
#[test]
fn sanitized_build_reports_risky_warnings_without_carets() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let src = write_source(
            dir.path(),
            "w.c",
            "#include <stdio.h>\nint main(void) { int unused_one; int y; printf(\"%d\\n\", y); return 0; }\n",
        )
        .unwrap();
    let built = compile(
        &tools,
        Build::ClangSanitized,
        &[&src],
        &dir.path().join("w"),
    )
    .unwrap();
    assert!(
        built
            .risky_warnings()
            .iter()
            .any(|w| w.contains("[-Wuninitialized]")),
        "{}",
        built.stderr
    );
    assert!(
        built.stderr.contains("[-Wunused-variable]"),
        "{}",
        built.stderr
    );
    assert!(!built.stderr.contains("int main"), "{}", built.stderr);
    assert!(matches!(
        run(&built.output, true).unwrap(),
        RunResult::Ok { .. } | RunResult::Sanitizer(_)
    ));
}

#[test]
fn sanitizer_catches_an_out_of_bounds_read() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let src = write_source(
            dir.path(),
            "oob.c",
            "#include <stdio.h>\nint a[3];\nint main(void) { volatile int i = 3; printf(\"%d\\n\", a[i]); return 0; }\n",
        )
        .unwrap();
    let built = compile(
        &tools,
        Build::ClangSanitized,
        &[&src],
        &dir.path().join("oob"),
    )
    .unwrap();
    match run(&built.output, true).unwrap() {
        RunResult::Sanitizer(_) => {}
        other => panic!("expected a sanitizer report, got {other:?}"),
    }
}
