//! The supported subset of WebAssembly as a tree: structured control flow kept as nested bodies so
//! the interpreter, the printer and (later) the SMT encoding walk one shape. Everything outside the
//! subset (floats, calls, tables, memory.grow, multi-value blocks) is refused by the parser, never
//! approximated.

/// The two value types of the subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValType {
    I32,
    I64,
}

impl ValType {
    pub fn bits(self) -> u32 {
        match self {
            ValType::I32 => 32,
            ValType::I64 => 64,
        }
    }
}

/// A block's result: none or one value (the subset has no block parameters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockType {
    Empty,
    Value(ValType),
}

impl BlockType {
    pub fn arity(self) -> usize {
        match self {
            BlockType::Empty => 0,
            BlockType::Value(_) => 1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
    Rotl,
    Rotr,
}

impl BinOp {
    pub const ALL: [BinOp; 15] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::DivS,
        BinOp::DivU,
        BinOp::RemS,
        BinOp::RemU,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::ShrS,
        BinOp::ShrU,
        BinOp::Rotl,
        BinOp::Rotr,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelOp {
    Eq,
    Ne,
    LtS,
    LtU,
    GtS,
    GtU,
    LeS,
    LeU,
    GeS,
    GeU,
}

impl RelOp {
    pub const ALL: [RelOp; 10] = [
        RelOp::Eq,
        RelOp::Ne,
        RelOp::LtS,
        RelOp::LtU,
        RelOp::GtS,
        RelOp::GtU,
        RelOp::LeS,
        RelOp::LeU,
        RelOp::GeS,
        RelOp::GeU,
    ];
}

/// One-operand operators whose result has the operand's type (`eqz` is [`Op::Eqz`]: it gives i32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    Clz,
    Ctz,
    Popcnt,
    Extend8S,
    Extend16S,
    /// i64 only.
    Extend32S,
}

impl UnOp {
    pub const ALL: [UnOp; 6] = [
        UnOp::Clz,
        UnOp::Ctz,
        UnOp::Popcnt,
        UnOp::Extend8S,
        UnOp::Extend16S,
        UnOp::Extend32S,
    ];

    /// Whether the operator exists at this width.
    pub fn exists_at(self, ty: ValType) -> bool {
        !(self == UnOp::Extend32S && ty == ValType::I32)
    }
}

/// Conversions between the two widths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cvt {
    /// i32.wrap_i64
    Wrap,
    /// i64.extend_i32_s
    ExtendS,
    /// i64.extend_i32_u
    ExtendU,
}

/// A load: `bytes` read little-endian, sign- or zero-extended to `ty`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Load {
    pub ty: ValType,
    pub bytes: u8,
    pub signed: bool,
    pub offset: u32,
}

/// A store of the low `bytes` of a `ty` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Store {
    pub ty: ValType,
    pub bytes: u8,
    pub offset: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Op {
    Unreachable,
    Nop,
    Drop,
    Select,
    Block(BlockType, Vec<Op>),
    Loop(BlockType, Vec<Op>),
    If(BlockType, Vec<Op>, Vec<Op>),
    Br(u32),
    BrIf(u32),
    BrTable(Vec<u32>, u32),
    Return,
    LocalGet(u32),
    LocalSet(u32),
    LocalTee(u32),
    GlobalGet(u32),
    GlobalSet(u32),
    Load(Load),
    Store(Store),
    I32Const(i32),
    I64Const(i64),
    Eqz(ValType),
    Unary(ValType, UnOp),
    Binary(ValType, BinOp),
    Compare(ValType, RelOp),
    Convert(Cvt),
}

impl Op {
    /// Whether this op or any nested one is a loop.
    pub fn has_loop(&self) -> bool {
        match self {
            Op::Loop(..) => true,
            Op::Block(_, b) => b.iter().any(Op::has_loop),
            Op::If(_, t, e) => t.iter().chain(e).any(Op::has_loop),
            _ => false,
        }
    }

    /// Whether this op or any nested one touches linear memory.
    pub fn uses_memory(&self) -> bool {
        match self {
            Op::Load(_) | Op::Store(_) => true,
            Op::Block(_, b) | Op::Loop(_, b) => b.iter().any(Op::uses_memory),
            Op::If(_, t, e) => t.iter().chain(e).any(Op::uses_memory),
            _ => false,
        }
    }
}

/// One function of the subset, standing alone: its globals are its own (renumbered from 0 in the
/// order the original module declared them) and it sees one page of linear memory.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Func {
    pub params: Vec<ValType>,
    pub results: Vec<ValType>,
    /// Declared locals after the parameters.
    pub locals: Vec<ValType>,
    /// The globals it reads or writes, all mutable in the printed module.
    pub globals: Vec<ValType>,
    pub body: Vec<Op>,
}

/// Pages of linear memory every function of the category sees (64 KiB each).
pub const MEMORY_PAGES: u64 = 1;
/// Bytes of linear memory.
pub const MEMORY_BYTES: usize = 65536 * MEMORY_PAGES as usize;

impl Func {
    pub fn is_loop_free(&self) -> bool {
        !self.body.iter().any(Op::has_loop)
    }

    pub fn uses_memory(&self) -> bool {
        self.body.iter().any(Op::uses_memory)
    }

    /// The type of local `i` (parameters first).
    pub fn local_type(&self, i: u32) -> Option<ValType> {
        self.params
            .iter()
            .chain(&self.locals)
            .nth(i as usize)
            .copied()
    }
}
