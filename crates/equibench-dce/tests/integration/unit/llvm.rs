use equibench_dce::llvm::{called_markers, classify, llvm_version, target_machine, Level, LEVELS};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::passes::PassBuilderOptions;
use std::collections::BTreeSet;

#[test]
fn finds_called_markers_not_declarations() {
    let ir = "declare void @DCEMarker3_()\n  call void @DCEMarker1_()\n  tail call void @DCEMarker12_() #2\n";
    assert_eq!(called_markers(ir), BTreeSet::from([1, 12]));
}

#[test]
fn levels_order_and_parse() {
    assert!(Level::FrontEnd < Level::O1 && Level::O2 < Level::O3);
    for l in [Level::FrontEnd, Level::O1, Level::O2, Level::O3] {
        assert_eq!(Level::parse(l.as_str()), Some(l));
    }
    assert!(llvm_version().starts_with("19."));
}

/// The pipelines run on clones of one parsed module find what they found on a fresh parse
/// each (real CSmith programs, instrumented as the pipeline does).
#[test]
fn clones_of_one_parse_classify_as_fresh_parses() {
    use equibench_dce::{csmith, markers, toolchain};
    let tools = equibench_core::Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    for i in 0..3 {
        let run = csmith::CsmithRun::random(&mut equibench_core::seed::rng(
            9,
            &["llvm-clone", &i.to_string()],
        ));
        let program = csmith::generate(&tools, &run, dir.path()).unwrap();
        let Ok(marked) = markers::find_markers(&program) else {
            continue;
        };
        let text = markers::instrument(&program, &marked);
        let src = toolchain::write_source(dir.path(), "p.c", &text).unwrap();
        let ll = dir.path().join("p.ll");
        toolchain::compile(&tools, toolchain::Build::ClangIr, &[&src], &ll).unwrap();
        let ir = std::fs::read_to_string(&ll).unwrap();
        let machine = target_machine().unwrap();
        let fresh: Vec<BTreeSet<usize>> = LEVELS
            .iter()
            .map(|level| {
                let context = Context::create();
                let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "dce.ll");
                let module = context.create_module_from_ir(buffer).unwrap();
                module
                    .run_passes(level.pipeline(), &machine, PassBuilderOptions::create())
                    .unwrap();
                called_markers(&module.print_to_string().to_string())
            })
            .collect();
        let c = classify(&ir).unwrap();
        assert_eq!(c.surviving.to_vec(), fresh, "program {i}");
        assert!(c.surviving[0].len() < c.in_frontend_ir.len() || c.in_frontend_ir.is_empty());
        compared += 1;
    }
    assert!(compared > 0);
}
