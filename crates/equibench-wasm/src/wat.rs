//! A function of the subset as a stand-alone module: encoded by `wasm-encoder` and printed as WAT
//! by `wasmprinter`. The module is the unit both the interpreter's semantics and wasmtime agree
//! on: one page of memory exported as "memory", the function's globals (all mutable, zero at
//! start) exported as "g0", "g1", ... and the function exported as "f". No name section is
//! written, so the text carries only indices: nothing of the C source's names leaks into a pair.

use crate::interp::Val;
use crate::ir::{BinOp, BlockType, Cvt, Func, Load, Op, RelOp, Store, UnOp, ValType, MEMORY_PAGES};
use wasm_encoder::{
    CodeSection, ConstExpr, ExportKind, ExportSection, Function, FunctionSection, GlobalSection,
    GlobalType, Instruction as I, MemArg, MemArgTarget, MemorySection, MemoryType, Module,
    TypeSection,
};

#[derive(Debug, thiserror::Error)]
pub enum WatError {
    #[error("wasmprinter could not print the module: {0}")]
    Print(String),
}

fn vt(t: ValType) -> wasm_encoder::ValType {
    match t {
        ValType::I32 => wasm_encoder::ValType::I32,
        ValType::I64 => wasm_encoder::ValType::I64,
    }
}

fn bt(b: BlockType) -> wasm_encoder::BlockType {
    match b {
        BlockType::Empty => wasm_encoder::BlockType::Empty,
        BlockType::Value(t) => wasm_encoder::BlockType::Result(vt(t)),
    }
}

/// The module's binary form, every global starting at zero.
pub fn encode(f: &Func) -> Vec<u8> {
    let zeros: Vec<Val> = f.globals.iter().map(|&t| Val::zero(t)).collect();
    encode_with_globals(f, &zeros)
}

/// The module's binary form with the globals' initial values (`inits[i]` for global i; missing
/// ones start at zero).
pub fn encode_with_globals(f: &Func, inits: &[Val]) -> Vec<u8> {
    let mut module = Module::new();
    let mut types = TypeSection::new();
    types.ty().function(
        f.params.iter().map(|&t| vt(t)),
        f.results.iter().map(|&t| vt(t)),
    );
    module.section(&types);
    let mut funcs = FunctionSection::new();
    funcs.function(0);
    module.section(&funcs);
    let mut mems = MemorySection::new();
    mems.memory(MemoryType {
        minimum: MEMORY_PAGES,
        maximum: Some(MEMORY_PAGES),
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    module.section(&mems);
    if !f.globals.is_empty() {
        let mut globals = GlobalSection::new();
        for (i, &t) in f.globals.iter().enumerate() {
            let v = inits.get(i).copied().unwrap_or(Val::zero(t));
            let init = match t {
                ValType::I32 => ConstExpr::i32_const(v.signed() as i32),
                ValType::I64 => ConstExpr::i64_const(v.signed()),
            };
            globals.global(
                GlobalType {
                    val_type: vt(t),
                    mutable: true,
                    shared: false,
                },
                &init,
            );
        }
        module.section(&globals);
    }
    let mut exports = ExportSection::new();
    exports.export("f", ExportKind::Func, 0);
    exports.export("memory", ExportKind::Memory, 0);
    for i in 0..f.globals.len() {
        exports.export(&format!("g{i}"), ExportKind::Global, i as u32);
    }
    module.section(&exports);
    let mut body = Function::new(f.locals.iter().map(|&t| (1, vt(t))));
    emit(&mut body, &f.body);
    body.instruction(&I::End);
    let mut code = CodeSection::new();
    code.function(&body);
    module.section(&code);
    module.finish()
}

/// The module as WAT text.
pub fn print(f: &Func) -> Result<String, WatError> {
    wasmprinter::print_bytes(encode(f)).map_err(|e| WatError::Print(e.to_string()))
}

/// The module as WAT text, its globals starting at `inits`: a pair's program.
pub fn print_with_globals(f: &Func, inits: &[Val]) -> Result<String, WatError> {
    wasmprinter::print_bytes(encode_with_globals(f, inits))
        .map_err(|e| WatError::Print(e.to_string()))
}

fn memarg(offset: u32, bytes: u8) -> MemArg {
    MemArg {
        offset: offset as u64,
        align: bytes.trailing_zeros(),
        target: MemArgTarget::Memory(0),
        ordering: None,
    }
}

fn emit(out: &mut Function, ops: &[Op]) {
    for op in ops {
        match op {
            Op::Block(b, body) => {
                out.instruction(&I::Block(bt(*b)));
                emit(out, body);
                out.instruction(&I::End);
            }
            Op::Loop(b, body) => {
                out.instruction(&I::Loop(bt(*b)));
                emit(out, body);
                out.instruction(&I::End);
            }
            Op::If(b, then, els) => {
                out.instruction(&I::If(bt(*b)));
                emit(out, then);
                if !els.is_empty() {
                    out.instruction(&I::Else);
                    emit(out, els);
                }
                out.instruction(&I::End);
            }
            other => {
                out.instruction(&flat(other));
            }
        }
    }
}

/// The encoder's instruction for an op without a nested body.
fn flat(op: &Op) -> I<'static> {
    use ValType::{I32, I64};
    match op {
        Op::Unreachable => I::Unreachable,
        Op::Nop => I::Nop,
        Op::Drop => I::Drop,
        Op::Select => I::Select,
        Op::Br(d) => I::Br(*d),
        Op::BrIf(d) => I::BrIf(*d),
        Op::BrTable(t, d) => I::BrTable(t.clone().into(), *d),
        Op::Return => I::Return,
        Op::LocalGet(i) => I::LocalGet(*i),
        Op::LocalSet(i) => I::LocalSet(*i),
        Op::LocalTee(i) => I::LocalTee(*i),
        Op::GlobalGet(i) => I::GlobalGet(*i),
        Op::GlobalSet(i) => I::GlobalSet(*i),
        Op::I32Const(c) => I::I32Const(*c),
        Op::I64Const(c) => I::I64Const(*c),
        Op::Load(l) => load(*l),
        Op::Store(s) => store(*s),
        Op::Eqz(I32) => I::I32Eqz,
        Op::Eqz(I64) => I::I64Eqz,
        Op::Unary(t, u) => unary(*t, *u),
        Op::Binary(t, b) => binary(*t, *b),
        Op::Compare(t, r) => compare(*t, *r),
        Op::Convert(Cvt::Wrap) => I::I32WrapI64,
        Op::Convert(Cvt::ExtendS) => I::I64ExtendI32S,
        Op::Convert(Cvt::ExtendU) => I::I64ExtendI32U,
        // Nested bodies are handled by `emit`.
        Op::Block(..) | Op::Loop(..) | Op::If(..) => I::Nop,
    }
}

fn load(l: Load) -> I<'static> {
    let m = memarg(l.offset, l.bytes);
    match (l.ty, l.bytes, l.signed) {
        (ValType::I32, 1, true) => I::I32Load8S(m),
        (ValType::I32, 1, false) => I::I32Load8U(m),
        (ValType::I32, 2, true) => I::I32Load16S(m),
        (ValType::I32, 2, false) => I::I32Load16U(m),
        (ValType::I32, _, _) => I::I32Load(m),
        (ValType::I64, 1, true) => I::I64Load8S(m),
        (ValType::I64, 1, false) => I::I64Load8U(m),
        (ValType::I64, 2, true) => I::I64Load16S(m),
        (ValType::I64, 2, false) => I::I64Load16U(m),
        (ValType::I64, 4, true) => I::I64Load32S(m),
        (ValType::I64, 4, false) => I::I64Load32U(m),
        (ValType::I64, _, _) => I::I64Load(m),
    }
}

fn store(s: Store) -> I<'static> {
    let m = memarg(s.offset, s.bytes);
    match (s.ty, s.bytes) {
        (ValType::I32, 1) => I::I32Store8(m),
        (ValType::I32, 2) => I::I32Store16(m),
        (ValType::I32, _) => I::I32Store(m),
        (ValType::I64, 1) => I::I64Store8(m),
        (ValType::I64, 2) => I::I64Store16(m),
        (ValType::I64, 4) => I::I64Store32(m),
        (ValType::I64, _) => I::I64Store(m),
    }
}

fn unary(t: ValType, u: UnOp) -> I<'static> {
    use ValType::{I32, I64};
    match (t, u) {
        (I32, UnOp::Clz) => I::I32Clz,
        (I32, UnOp::Ctz) => I::I32Ctz,
        (I32, UnOp::Popcnt) => I::I32Popcnt,
        (I32, UnOp::Extend8S) => I::I32Extend8S,
        (I32, UnOp::Extend16S) => I::I32Extend16S,
        // Not an i32 operator; the interpreter refuses it as malformed too.
        (I32, UnOp::Extend32S) => I::Unreachable,
        (I64, UnOp::Clz) => I::I64Clz,
        (I64, UnOp::Ctz) => I::I64Ctz,
        (I64, UnOp::Popcnt) => I::I64Popcnt,
        (I64, UnOp::Extend8S) => I::I64Extend8S,
        (I64, UnOp::Extend16S) => I::I64Extend16S,
        (I64, UnOp::Extend32S) => I::I64Extend32S,
    }
}

fn binary(t: ValType, b: BinOp) -> I<'static> {
    use ValType::{I32, I64};
    match (t, b) {
        (I32, BinOp::Add) => I::I32Add,
        (I32, BinOp::Sub) => I::I32Sub,
        (I32, BinOp::Mul) => I::I32Mul,
        (I32, BinOp::DivS) => I::I32DivS,
        (I32, BinOp::DivU) => I::I32DivU,
        (I32, BinOp::RemS) => I::I32RemS,
        (I32, BinOp::RemU) => I::I32RemU,
        (I32, BinOp::And) => I::I32And,
        (I32, BinOp::Or) => I::I32Or,
        (I32, BinOp::Xor) => I::I32Xor,
        (I32, BinOp::Shl) => I::I32Shl,
        (I32, BinOp::ShrS) => I::I32ShrS,
        (I32, BinOp::ShrU) => I::I32ShrU,
        (I32, BinOp::Rotl) => I::I32Rotl,
        (I32, BinOp::Rotr) => I::I32Rotr,
        (I64, BinOp::Add) => I::I64Add,
        (I64, BinOp::Sub) => I::I64Sub,
        (I64, BinOp::Mul) => I::I64Mul,
        (I64, BinOp::DivS) => I::I64DivS,
        (I64, BinOp::DivU) => I::I64DivU,
        (I64, BinOp::RemS) => I::I64RemS,
        (I64, BinOp::RemU) => I::I64RemU,
        (I64, BinOp::And) => I::I64And,
        (I64, BinOp::Or) => I::I64Or,
        (I64, BinOp::Xor) => I::I64Xor,
        (I64, BinOp::Shl) => I::I64Shl,
        (I64, BinOp::ShrS) => I::I64ShrS,
        (I64, BinOp::ShrU) => I::I64ShrU,
        (I64, BinOp::Rotl) => I::I64Rotl,
        (I64, BinOp::Rotr) => I::I64Rotr,
    }
}

fn compare(t: ValType, r: RelOp) -> I<'static> {
    use ValType::{I32, I64};
    match (t, r) {
        (I32, RelOp::Eq) => I::I32Eq,
        (I32, RelOp::Ne) => I::I32Ne,
        (I32, RelOp::LtS) => I::I32LtS,
        (I32, RelOp::LtU) => I::I32LtU,
        (I32, RelOp::GtS) => I::I32GtS,
        (I32, RelOp::GtU) => I::I32GtU,
        (I32, RelOp::LeS) => I::I32LeS,
        (I32, RelOp::LeU) => I::I32LeU,
        (I32, RelOp::GeS) => I::I32GeS,
        (I32, RelOp::GeU) => I::I32GeU,
        (I64, RelOp::Eq) => I::I64Eq,
        (I64, RelOp::Ne) => I::I64Ne,
        (I64, RelOp::LtS) => I::I64LtS,
        (I64, RelOp::LtU) => I::I64LtU,
        (I64, RelOp::GtS) => I::I64GtS,
        (I64, RelOp::GtU) => I::I64GtU,
        (I64, RelOp::LeS) => I::I64LeS,
        (I64, RelOp::LeU) => I::I64LeU,
        (I64, RelOp::GeS) => I::I64GeS,
        (I64, RelOp::GeU) => I::I64GeU,
    }
}
