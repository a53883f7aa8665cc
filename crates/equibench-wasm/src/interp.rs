//! The concrete semantics of the subset: the reference the SMT encoding is checked against, and
//! itself checked against wasmtime (`tests/crossval.rs`). A malformed function (one the validator
//! would refuse: a type mismatch, an index out of range) is an error, never a panic.

use crate::ir::{BinOp, BlockType, Cvt, Func, Load, Op, RelOp, Store, UnOp, ValType, MEMORY_BYTES};

/// A value of the subset, kept unsigned (i32 in the low 32 bits of its own variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Val {
    I32(u32),
    I64(u64),
}

impl Val {
    pub fn ty(self) -> ValType {
        match self {
            Val::I32(_) => ValType::I32,
            Val::I64(_) => ValType::I64,
        }
    }

    /// The zero of a type (fresh locals).
    pub fn zero(ty: ValType) -> Val {
        match ty {
            ValType::I32 => Val::I32(0),
            ValType::I64 => Val::I64(0),
        }
    }

    /// The value as a signed integer (how the engine's bindings show it).
    pub fn signed(self) -> i64 {
        match self {
            Val::I32(v) => v as i32 as i64,
            Val::I64(v) => v as i64,
        }
    }

    /// A value of `ty` from a signed integer, truncated to the width.
    pub fn from_signed(ty: ValType, v: i64) -> Val {
        match ty {
            ValType::I32 => Val::I32(v as u32),
            ValType::I64 => Val::I64(v as u64),
        }
    }
}

/// Why a run trapped; named as wasmtime names its trap codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trap {
    Unreachable,
    IntegerDivisionByZero,
    IntegerOverflow,
    MemoryOutOfBounds,
    /// The interpreter's own step budget ran out (loops); not a WebAssembly trap.
    OutOfFuel,
}

impl Trap {
    /// wasmtime's trap code name in lower case.
    pub fn code(self) -> &'static str {
        match self {
            Trap::Unreachable => "unreachable",
            Trap::IntegerDivisionByZero => "integer_division_by_zero",
            Trap::IntegerOverflow => "integer_overflow",
            Trap::MemoryOutOfBounds => "memory_out_of_bounds",
            Trap::OutOfFuel => "out_of_fuel",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InterpError {
    #[error("malformed function: {0}")]
    Malformed(String),
}

/// Globals and memory: what a call may read and change besides its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub globals: Vec<Val>,
    pub memory: Vec<u8>,
}

impl State {
    /// Zeroed globals of the function's types and zeroed memory.
    pub fn zeroed(f: &Func) -> State {
        State {
            globals: f.globals.iter().map(|&t| Val::zero(t)).collect(),
            memory: vec![0; MEMORY_BYTES],
        }
    }
}

/// How a call ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Returned(Vec<Val>),
    Trapped(Trap),
}

enum Flow {
    Next,
    Br(u32),
    Return,
}

enum Stop {
    Trap(Trap),
    Bad(String),
}

impl From<Trap> for Stop {
    fn from(t: Trap) -> Stop {
        Stop::Trap(t)
    }
}

fn bad<T>(msg: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Bad(msg.into()))
}

struct Machine<'a> {
    func: &'a Func,
    stack: Vec<Val>,
    locals: Vec<Val>,
    state: &'a mut State,
    fuel: u64,
    /// One flag per byte of memory, set when a load reads it (only when asked for).
    loaded: Option<Vec<bool>>,
}

/// Run `func` on `args` with `state` (changed in place by global and memory writes), allowing
/// `fuel` executed instructions before stopping with [`Trap::OutOfFuel`].
pub fn run(
    func: &Func,
    args: &[Val],
    state: &mut State,
    fuel: u64,
) -> Result<Outcome, InterpError> {
    run_with(func, args, state, fuel, None).map(|(o, _)| o)
}

/// [`run`], also saying which bytes of memory the call loaded (one flag per byte): the only
/// bytes of the initial memory its outcome can depend on, since the call is deterministic.
pub fn run_tracing_loads(
    func: &Func,
    args: &[Val],
    state: &mut State,
    fuel: u64,
) -> Result<(Outcome, Vec<bool>), InterpError> {
    let (outcome, loaded) = run_with(func, args, state, fuel, Some(vec![false; MEMORY_BYTES]))?;
    Ok((outcome, loaded.unwrap_or_default()))
}

fn run_with(
    func: &Func,
    args: &[Val],
    state: &mut State,
    fuel: u64,
    loaded: Option<Vec<bool>>,
) -> Result<(Outcome, Option<Vec<bool>>), InterpError> {
    if args.len() != func.params.len() || args.iter().zip(&func.params).any(|(a, &t)| a.ty() != t) {
        return Err(InterpError::Malformed(
            "arguments do not match the parameters".into(),
        ));
    }
    if state.globals.len() != func.globals.len()
        || state
            .globals
            .iter()
            .zip(&func.globals)
            .any(|(g, &t)| g.ty() != t)
        || state.memory.len() != MEMORY_BYTES
    {
        return Err(InterpError::Malformed(
            "state does not match the function".into(),
        ));
    }
    let mut locals = args.to_vec();
    locals.extend(func.locals.iter().map(|&t| Val::zero(t)));
    let mut m = Machine {
        func,
        stack: Vec::new(),
        locals,
        state,
        fuel,
        loaded,
    };
    let arity = func.results.len();
    let outcome = match m.body(&func.body) {
        Ok(Flow::Next) | Ok(Flow::Br(0)) | Ok(Flow::Return) => m.take_results(arity),
        Ok(Flow::Br(_)) => Err(Stop::Bad("branch past the function body".into())),
        Err(e) => Err(e),
    };
    let outcome = match outcome {
        Ok(vals) => {
            if vals.iter().zip(&func.results).any(|(v, &t)| v.ty() != t) {
                return Err(InterpError::Malformed("result of the wrong type".into()));
            }
            Outcome::Returned(vals)
        }
        Err(Stop::Trap(t)) => Outcome::Trapped(t),
        Err(Stop::Bad(m)) => return Err(InterpError::Malformed(m)),
    };
    Ok((outcome, m.loaded))
}

impl Machine<'_> {
    fn take_results(&mut self, arity: usize) -> Result<Vec<Val>, Stop> {
        if self.stack.len() < arity {
            return bad("stack underflow at a result");
        }
        Ok(self.stack.split_off(self.stack.len() - arity))
    }

    fn pop(&mut self) -> Result<Val, Stop> {
        match self.stack.pop() {
            Some(v) => Ok(v),
            None => bad("stack underflow"),
        }
    }

    fn pop_i32(&mut self) -> Result<u32, Stop> {
        match self.pop()? {
            Val::I32(v) => Ok(v),
            _ => bad("expected an i32"),
        }
    }

    fn pop_ty(&mut self, ty: ValType) -> Result<u64, Stop> {
        match (self.pop()?, ty) {
            (Val::I32(v), ValType::I32) => Ok(v as u64),
            (Val::I64(v), ValType::I64) => Ok(v),
            _ => bad("operand of the wrong type"),
        }
    }

    fn push(&mut self, ty: ValType, v: u64) {
        self.stack.push(match ty {
            ValType::I32 => Val::I32(v as u32),
            ValType::I64 => Val::I64(v),
        });
    }

    /// Run a labelled body (block, loop iteration, if arm) and settle the stack at its label.
    fn labelled(&mut self, bt: BlockType, body: &[Op], is_loop: bool) -> Result<Flow, Stop> {
        let height = self.stack.len();
        loop {
            match self.body(body)? {
                Flow::Next => return Ok(Flow::Next),
                Flow::Br(0) if is_loop => {
                    self.stack.truncate(height);
                    if self.fuel == 0 {
                        return Err(Trap::OutOfFuel.into());
                    }
                    self.fuel -= 1;
                }
                Flow::Br(0) => {
                    let vals = self.take_results(bt.arity())?;
                    self.stack.truncate(height);
                    self.stack.extend(vals);
                    return Ok(Flow::Next);
                }
                Flow::Br(n) => return Ok(Flow::Br(n - 1)),
                Flow::Return => return Ok(Flow::Return),
            }
        }
    }

    fn body(&mut self, ops: &[Op]) -> Result<Flow, Stop> {
        for op in ops {
            if self.fuel == 0 {
                return Err(Trap::OutOfFuel.into());
            }
            self.fuel -= 1;
            match self.step(op)? {
                Flow::Next => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Next)
    }

    fn step(&mut self, op: &Op) -> Result<Flow, Stop> {
        match op {
            Op::Unreachable => return Err(Trap::Unreachable.into()),
            Op::Nop => {}
            Op::Drop => {
                self.pop()?;
            }
            Op::Select => {
                let c = self.pop_i32()?;
                let b = self.pop()?;
                let a = self.pop()?;
                if a.ty() != b.ty() {
                    return bad("select of two types");
                }
                self.stack.push(if c != 0 { a } else { b });
            }
            Op::Block(bt, body) => return self.labelled(*bt, body, false),
            Op::Loop(bt, body) => return self.labelled(*bt, body, true),
            Op::If(bt, then, els) => {
                let c = self.pop_i32()?;
                return self.labelled(*bt, if c != 0 { then } else { els }, false);
            }
            Op::Br(d) => return Ok(Flow::Br(*d)),
            Op::BrIf(d) => {
                if self.pop_i32()? != 0 {
                    return Ok(Flow::Br(*d));
                }
            }
            Op::BrTable(targets, default) => {
                let i = self.pop_i32()? as usize;
                return Ok(Flow::Br(*targets.get(i).unwrap_or(default)));
            }
            Op::Return => return Ok(Flow::Return),
            Op::LocalGet(i) => {
                let v = *self.local(*i)?;
                self.stack.push(v);
            }
            Op::LocalSet(i) | Op::LocalTee(i) => {
                let v = self.pop()?;
                let slot = self.local(*i)?;
                if slot.ty() != v.ty() {
                    return bad("local of another type");
                }
                *slot = v;
                if matches!(op, Op::LocalTee(_)) {
                    self.stack.push(v);
                }
            }
            Op::GlobalGet(i) => {
                let v = *self.global(*i)?;
                self.stack.push(v);
            }
            Op::GlobalSet(i) => {
                let v = self.pop()?;
                let slot = self.global(*i)?;
                if slot.ty() != v.ty() {
                    return bad("global of another type");
                }
                *slot = v;
            }
            Op::Load(l) => {
                let addr = self.pop_i32()?;
                let v = self.load(*l, addr)?;
                self.push(l.ty, v);
            }
            Op::Store(s) => {
                let v = self.pop_ty(s.ty)?;
                let addr = self.pop_i32()?;
                self.store(*s, addr, v)?;
            }
            Op::I32Const(c) => self.stack.push(Val::I32(*c as u32)),
            Op::I64Const(c) => self.stack.push(Val::I64(*c as u64)),
            Op::Eqz(ty) => {
                let a = self.pop_ty(*ty)?;
                self.stack.push(Val::I32((a == 0) as u32));
            }
            Op::Unary(ty, u) => {
                if !u.exists_at(*ty) {
                    return bad("no such operator at this width");
                }
                let a = self.pop_ty(*ty)?;
                self.push(*ty, unary(*ty, *u, a));
            }
            Op::Binary(ty, b) => {
                let y = self.pop_ty(*ty)?;
                let x = self.pop_ty(*ty)?;
                let v = binary(*ty, *b, x, y)?;
                self.push(*ty, v);
            }
            Op::Compare(ty, r) => {
                let y = self.pop_ty(*ty)?;
                let x = self.pop_ty(*ty)?;
                self.stack.push(Val::I32(compare(*ty, *r, x, y) as u32));
            }
            Op::Convert(c) => match c {
                Cvt::Wrap => {
                    let a = self.pop_ty(ValType::I64)?;
                    self.stack.push(Val::I32(a as u32));
                }
                Cvt::ExtendS => {
                    let a = self.pop_i32()?;
                    self.stack.push(Val::I64(a as i32 as i64 as u64));
                }
                Cvt::ExtendU => {
                    let a = self.pop_i32()?;
                    self.stack.push(Val::I64(a as u64));
                }
            },
        }
        Ok(Flow::Next)
    }

    fn local(&mut self, i: u32) -> Result<&mut Val, Stop> {
        match self.locals.get_mut(i as usize) {
            Some(v) => Ok(v),
            None => bad(format!("no local {i}")),
        }
    }

    fn global(&mut self, i: u32) -> Result<&mut Val, Stop> {
        let _ = self.func;
        match self.state.globals.get_mut(i as usize) {
            Some(v) => Ok(v),
            None => bad(format!("no global {i}")),
        }
    }

    /// The effective address range of an access, or the out-of-bounds trap. The sum is taken in
    /// 64 bits: WebAssembly does not wrap `addr + offset`.
    fn range(addr: u32, offset: u32, bytes: u8) -> Result<std::ops::Range<usize>, Stop> {
        let start = addr as u64 + offset as u64;
        let end = start + bytes as u64;
        if end > MEMORY_BYTES as u64 {
            return Err(Trap::MemoryOutOfBounds.into());
        }
        Ok(start as usize..end as usize)
    }

    fn load(&mut self, l: Load, addr: u32) -> Result<u64, Stop> {
        let r = Self::range(addr, l.offset, l.bytes)?;
        if let Some(loaded) = &mut self.loaded {
            loaded[r.clone()].fill(true);
        }
        let mut raw = [0u8; 8];
        raw[..l.bytes as usize].copy_from_slice(&self.state.memory[r]);
        let v = u64::from_le_bytes(raw);
        let bits = 8 * l.bytes as u32;
        Ok(if l.signed && bits < 64 {
            sext(v, bits)
        } else {
            v
        })
    }

    fn store(&mut self, s: Store, addr: u32, v: u64) -> Result<(), Stop> {
        let r = Self::range(addr, s.offset, s.bytes)?;
        self.state.memory[r].copy_from_slice(&v.to_le_bytes()[..s.bytes as usize]);
        Ok(())
    }
}

/// Sign-extend the low `bits` of `v` to 64 bits.
fn sext(v: u64, bits: u32) -> u64 {
    let sh = 64 - bits;
    (((v << sh) as i64) >> sh) as u64
}

fn mask(ty: ValType, v: u64) -> u64 {
    match ty {
        ValType::I32 => v & 0xffff_ffff,
        ValType::I64 => v,
    }
}

/// The operand as a signed 64-bit integer.
fn signed(ty: ValType, v: u64) -> i64 {
    sext(v, ty.bits()) as i64
}

pub fn unary(ty: ValType, op: UnOp, a: u64) -> u64 {
    let w = ty.bits();
    let a = mask(ty, a);
    let r = match op {
        UnOp::Clz => (a.leading_zeros() - (64 - w)) as u64,
        UnOp::Ctz => {
            if a == 0 {
                w as u64
            } else {
                a.trailing_zeros() as u64
            }
        }
        UnOp::Popcnt => a.count_ones() as u64,
        UnOp::Extend8S => sext(a, 8),
        UnOp::Extend16S => sext(a, 16),
        UnOp::Extend32S => sext(a, 32),
    };
    mask(ty, r)
}

pub fn binary(ty: ValType, op: BinOp, x: u64, y: u64) -> Result<u64, Trap> {
    let w = ty.bits() as u64;
    let (x, y) = (mask(ty, x), mask(ty, y));
    let (sx, sy) = (signed(ty, x), signed(ty, y));
    let min = signed(ty, 1u64 << (w - 1));
    let r = match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::DivS => {
            if sy == 0 {
                return Err(Trap::IntegerDivisionByZero);
            }
            if sx == min && sy == -1 {
                return Err(Trap::IntegerOverflow);
            }
            (sx / sy) as u64
        }
        BinOp::DivU => {
            if y == 0 {
                return Err(Trap::IntegerDivisionByZero);
            }
            x / y
        }
        BinOp::RemS => {
            if sy == 0 {
                return Err(Trap::IntegerDivisionByZero);
            }
            sx.wrapping_rem(sy) as u64
        }
        BinOp::RemU => {
            if y == 0 {
                return Err(Trap::IntegerDivisionByZero);
            }
            x % y
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::Shl => x << (y % w),
        BinOp::ShrS => (sx >> (y % w)) as u64,
        BinOp::ShrU => x >> (y % w),
        BinOp::Rotl => {
            let k = y % w;
            if k == 0 {
                x
            } else {
                (x << k) | (x >> (w - k))
            }
        }
        BinOp::Rotr => {
            let k = y % w;
            if k == 0 {
                x
            } else {
                (x >> k) | (x << (w - k))
            }
        }
    };
    Ok(mask(ty, r))
}

pub fn compare(ty: ValType, op: RelOp, x: u64, y: u64) -> bool {
    let (x, y) = (mask(ty, x), mask(ty, y));
    let (sx, sy) = (signed(ty, x), signed(ty, y));
    match op {
        RelOp::Eq => x == y,
        RelOp::Ne => x != y,
        RelOp::LtS => sx < sy,
        RelOp::LtU => x < y,
        RelOp::GtS => sx > sy,
        RelOp::GtU => x > y,
        RelOp::LeS => sx <= sy,
        RelOp::LeU => x <= y,
        RelOp::GeS => sx >= sy,
        RelOp::GeU => x >= y,
    }
}
