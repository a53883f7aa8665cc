use equibench_wasm::interp::*;
use equibench_wasm::ir::{BinOp, BlockType, Func, Op, UnOp, ValType};

#[test]
fn division_traps_as_the_spec_says() {
    let t = ValType::I32;
    assert_eq!(
        binary(t, BinOp::DivS, 5, 0),
        Err(Trap::IntegerDivisionByZero)
    );
    assert_eq!(
        binary(t, BinOp::DivS, 0x8000_0000, 0xffff_ffff),
        Err(Trap::IntegerOverflow)
    );
    // rem_s of INT_MIN by -1 is 0, not a trap.
    assert_eq!(binary(t, BinOp::RemS, 0x8000_0000, 0xffff_ffff), Ok(0));
    assert_eq!(
        binary(t, BinOp::DivS, (-7i32) as u32 as u64, 2),
        Ok((-3i32) as u32 as u64)
    );
}

#[test]
fn shifts_take_the_count_modulo_the_width() {
    assert_eq!(binary(ValType::I32, BinOp::Shl, 1, 33), Ok(2));
    assert_eq!(binary(ValType::I64, BinOp::Rotl, 1u64 << 63, 65), Ok(1));
    assert_eq!(binary(ValType::I32, BinOp::Rotr, 1, 33), Ok(1 << 31));
    assert_eq!(unary(ValType::I32, UnOp::Clz, 0), 32);
    assert_eq!(unary(ValType::I64, UnOp::Ctz, 0), 64);
}

#[test]
fn a_branch_out_of_a_block_keeps_only_its_result() {
    // (block (result i32) i32.const 1 i32.const 2 br 0) -> 2, the 1 discarded.
    let f = Func {
        params: vec![],
        results: vec![ValType::I32],
        locals: vec![],
        globals: vec![],
        body: vec![Op::Block(
            BlockType::Value(ValType::I32),
            vec![Op::I32Const(1), Op::I32Const(2), Op::Br(0)],
        )],
    };
    let mut s = State::zeroed(&f);
    assert_eq!(
        run(&f, &[], &mut s, 100),
        Ok(Outcome::Returned(vec![Val::I32(2)]))
    );
}

#[test]
fn an_ill_typed_function_is_an_error_not_a_panic() {
    let f = Func {
        params: vec![],
        results: vec![ValType::I32],
        locals: vec![],
        globals: vec![],
        body: vec![Op::I64Const(1), Op::Binary(ValType::I32, BinOp::Add)],
    };
    let mut s = State::zeroed(&f);
    assert!(run(&f, &[], &mut s, 100).is_err());
}
