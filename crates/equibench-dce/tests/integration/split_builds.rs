//! clang's builds compile each source with `-c` and run the linker the driver would have run
//! (issue 27): on real CSmith programs they give byte-identical binaries and the same warnings as
//! one invocation of the driver, including the builds whose second source is compiled once and
//! its object reused in another directory.

use equibench_core::seed::rng;
use equibench_core::Tools;
use equibench_dce::csmith::{self, CsmithRun};
use equibench_dce::markers;
use equibench_dce::runtime;
use equibench_dce::toolchain::{self, Build, Shared};
use std::path::Path;

fn programs(tools: &Tools, dir: &Path, n: usize) -> Vec<String> {
    (0..20)
        .filter_map(|i| {
            let run = CsmithRun::random(&mut rng(11, &["split-build", &i.to_string()]));
            csmith::generate(tools, &run, dir).ok()
        })
        .take(n)
        .collect()
}

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

#[test]
fn split_sanitized_and_plain_builds_equal_one_invocation() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let programs = programs(&tools, d, 2);
    assert_eq!(programs.len(), 2);
    for build in [Build::ClangSanitized, Build::ClangO0] {
        assert!(toolchain::splits(&tools, build, 1).unwrap(), "{build:?}");
    }
    for (i, program) in programs.iter().enumerate() {
        let src = toolchain::write_source(d, &format!("p{i}.c"), program).unwrap();
        for build in [Build::ClangSanitized, Build::ClangO0] {
            let split =
                toolchain::compile(&tools, build, &[&src], &d.join(format!("s{i}"))).unwrap();
            let one = toolchain::compile_in_one_invocation(
                &tools,
                build,
                &[&src],
                &d.join(format!("o{i}")),
            )
            .unwrap();
            assert!(
                bytes(&split.output) == bytes(&one.output),
                "{build:?} of program {i}: binaries differ"
            );
            let differ = split
                .stderr
                .lines()
                .zip(one.stderr.lines())
                .find(|(a, b)| a != b);
            assert!(
                split.stderr == one.stderr,
                "{build:?} of program {i}: stderr differs first at {differ:?}"
            );
            if build == Build::ClangSanitized {
                assert!(split.stderr.contains("warning:"), "CSmith programs warn");
            }
        }
    }
}

/// The instrumented build: the program and the marker runtime, whose object is compiled once and
/// then reused for a program in another directory.
#[test]
fn a_shared_source_object_reused_elsewhere_links_the_same_binary() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let programs = programs(&tools, dir.path(), 2);
    let marked: Vec<_> = programs
        .iter()
        .map(|p| markers::find_markers(p).unwrap())
        .collect();
    // One runtime text for both, so the second build reuses the first one's object.
    let count = marked.iter().map(|m| m.markers.len()).max().unwrap();
    let rt = runtime::marker_runtime(count);
    assert!(toolchain::splits(&tools, Build::ClangO0, 2).unwrap());
    for (i, (program, m)) in programs.iter().zip(&marked).enumerate() {
        let d = dir.path().join(format!("program-{i}"));
        std::fs::create_dir_all(&d).unwrap();
        let src =
            toolchain::write_source(&d, "x.marked.c", &markers::instrument(program, m)).unwrap();
        let shared = Shared {
            name: "x.markers.c",
            text: &rt,
        };
        let split =
            toolchain::compile_with(&tools, Build::ClangO0, &[&src], &[shared], &d.join("s"))
                .unwrap();
        let rt_src = toolchain::write_source(&d, "x.markers.c", &rt).unwrap();
        let one = toolchain::compile_in_one_invocation(
            &tools,
            Build::ClangO0,
            &[&src, &rt_src],
            &d.join("o"),
        )
        .unwrap();
        assert!(
            bytes(&split.output) == bytes(&one.output),
            "program {i}: binaries differ"
        );
        assert_eq!(split.stderr, one.stderr);
        let run = |b: &Path| toolchain::run(b, false).unwrap();
        assert_eq!(run(&split.output), run(&one.output));
    }
}
