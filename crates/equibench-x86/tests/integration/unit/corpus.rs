use equibench_core::tools::Tools;
use equibench_x86::corpus::*;
use equibench_x86::semantics::parse::parse_program;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

/// Issue 36: at every seed, a benchmark build draws none of the reserved functions and no
/// target with their code, and an exemplar build draws only reserved functions, none with a
/// benchmark target's code; the reserve gives an exemplar build enough targets.
#[test]
fn builds_and_exemplars_draw_disjoint_functions_and_code() {
    let tools = Tools::new();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let seeds = equibench_core::testing::exemplar_boundary_seeds();
    let functions = |set: &TargetSet| -> BTreeSet<(String, String)> {
        set.targets
            .iter()
            .filter_map(|t| match &t.origin {
                Origin::Corpus { file, function, .. } => Some((file.clone(), function.clone())),
                Origin::Library { .. } => None,
            })
            .collect()
    };
    let code = |set: &TargetSet| -> BTreeSet<String> {
        set.targets
            .iter()
            .map(|t| code_key(&t.program, &t.def_in, &t.live_out))
            .collect()
    };
    let mut drawn: [Option<Arc<TargetSet>>; 2] = [None, None];
    for seed in seeds {
        let draw = Draw::for_seed(seed);
        let set = targets(&tools, &data, draw).unwrap();
        let names = functions(&set);
        let reserved = names.iter().filter(|(f, _)| f.starts_with("exemplars/"));
        if draw == Draw::Exemplars {
            assert_eq!(reserved.count(), names.len(), "seed {seed}");
        } else {
            assert_eq!(reserved.count(), 0, "seed {seed}: {names:?}");
        }
        drawn[usize::from(draw == Draw::Exemplars)] = Some(set);
    }
    let [Some(benchmark), Some(exemplars)] = drawn else {
        panic!("the seeds cover both draws");
    };
    let names = |set: &TargetSet| -> BTreeSet<String> {
        functions(set).into_iter().map(|(_, f)| f).collect()
    };
    assert!(names(&benchmark).is_disjoint(&names(&exemplars)));
    assert!(code(&benchmark).is_disjoint(&code(&exemplars)));
    // An exemplar build of 12 pairs searches six targets that give both labels or more.
    assert!(exemplars.targets.len() >= 16, "{}", exemplars.targets.len());
    assert!(
        benchmark.targets.len() >= 500,
        "{}",
        benchmark.targets.len()
    );
}

/// The exemplars shipped in data/exemplars/ were made from the reserved functions only.
#[test]
fn shipped_exemplars_come_from_the_reserved_functions() {
    let text = include_str!("../../../../../data/exemplars/x86-64.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let pair: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = pair["provenance"]["source"]["corpus_file"]
            .as_str()
            .unwrap();
        assert!(file.starts_with("data/x86/exemplars/"), "{file}");
        n += 1;
    }
    assert!(n >= 4);
}

#[test]
fn reads_signatures() {
    let f = parse_signatures(
        "#include <stdint.h>\n/* c */\nuint32_t p01(uint32_t x) {\n  return x;\n}\nint64_t g(int64_t a, uint32_t b) {\n",
    )
    .unwrap();
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].name, "p01");
    assert_eq!(f[1].params, vec![CType::I64, CType::U32]);
    assert!(parse_signatures("float h(float x) {\n").is_err());
}

#[test]
fn context_widens_what_lea_reads() {
    let f = CFunction {
        name: "p01".into(),
        ret: CType::U32,
        params: vec![CType::U32],
        signature: String::new(),
    };
    let p = parse_program("leal -1(%rdi), %eax\nandl %edi, %eax\n").unwrap();
    let (d, l) = context_for(&f, &p).unwrap();
    assert_eq!(locs_text(&d), "%rdi");
    assert_eq!(locs_text(&l), "%eax");
    let p = parse_program("movl %edi, %eax\nandl %esi, %eax\n").unwrap();
    assert_eq!(context_for(&f, &p), Err("target-reads-undefined-register"));
    let p = parse_program("movl %edi, %eax\nnegl %eax\n").unwrap();
    assert_eq!(locs_text(&context_for(&f, &p).unwrap().0), "%edi");
}

#[test]
fn extracts_bodies_and_rejects_branches() {
    let asm = "\t.globl f\n\t.type f, @function\nf:\n\tmovl\t%edi, %eax # c\n\t.p2align 4\n\tnegl\t%eax\n\tret\n\t.size f, .-f\ng:\n\ttestl %edi, %edi\n\tje .L3\n.L3:\n\tret\n\t.size g, .-g\n";
    let f = function_lines(asm, "f").unwrap();
    assert_eq!(f, vec!["movl %edi, %eax", ".p2align 4", "negl %eax", "ret"]);
    let body = classify_body(&f).unwrap();
    assert_eq!(body, "movl %edi, %eax\n.p2align 4\nnegl %eax\n");
    // Padding between instructions would execute: the parser refuses it.
    assert!(parse_program(&body).is_err());
    let g = function_lines(asm, "g").unwrap();
    assert_eq!(classify_body(&g), Err("target-has-branch"));
    assert!(function_lines(asm, "h").is_none());
    // clang's labels carry a comment.
    let clang = "h:                                      # @h\n# %bb.0:\n\tleal\t1(%rdi), %eax\n\tretq\n.Lfunc_end0:\n";
    assert_eq!(
        function_lines(clang, "h").unwrap(),
        vec!["leal 1(%rdi), %eax", "retq"]
    );
}

#[test]
fn pair_text_shape() {
    let p = parse_program("leaq 1(%rdi,%rsi,2), %rax\n").unwrap();
    assert_eq!(
        program_text("f", &p),
        "f:\n  leaq 0x1(%rdi,%rsi,2), %rax\n  retq\n"
    );
    assert!(!in_window(5));
    assert!(in_window(6));
    assert!(in_window(27));
    assert!(!in_window(28));
}
