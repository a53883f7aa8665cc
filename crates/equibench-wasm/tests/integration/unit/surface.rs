use equibench_core::shortcuts::diff_lines;
use equibench_wasm::ir::{BinOp, Func, Op, ValType};
use equibench_wasm::mutate;
use equibench_wasm::surface::*;
use equibench_wasm::wat::print_with_globals;

fn func(body: Vec<Op>) -> Func {
    Func {
        params: vec![ValType::I32, ValType::I32],
        results: vec![ValType::I32],
        locals: Vec::new(),
        globals: Vec::new(),
        body,
    }
}

/// Two versions differing in one instruction (`add` vs `or` of the same operands): only
/// mutations of that instruction keep the diff at two lines; a mutated operand read or the
/// other version's `local.get`s would add a changed line.
#[test]
fn only_mutations_inside_the_differing_lines_are_offered() {
    let a = func(vec![
        Op::LocalGet(0),
        Op::LocalGet(1),
        Op::Binary(ValType::I32, BinOp::Add),
    ]);
    let mut b = a.clone();
    b.body[2] = Op::Binary(ValType::I32, BinOp::Or);
    let funcs = [a.clone(), b.clone()];
    let all = matched_sites(&funcs, &[]).unwrap();
    assert!(!all.is_empty());
    for s in &all {
        assert_eq!(s.at, 2, "{s:?}");
        // `add` -> `or` would make the versions alike (0 diff lines), so it is not offered.
        assert_ne!(s.with, funcs[1 - s.side].body[2], "{s:?}");
    }
    let every = mutate::sites(&a).len() + mutate::sites(&b).len();
    assert!(all.len() < every, "{} of {every}", all.len());
    let texts: Vec<String> = funcs
        .iter()
        .map(|f| print_with_globals(f, &[]).unwrap())
        .collect();
    assert_eq!(diff_lines(&texts[0], &texts[1]), 2);
}
