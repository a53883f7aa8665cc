//! Cross-validation of the interpreter against wasmtime: one small function per instruction form
//! of the subset (every operator at each width, every load and store kind at offsets that reach
//! the end of memory, select, globals, each control construct) and random well-typed compositions
//! of them, each run on edge-biased random inputs in both engines. Any difference in results,
//! globals, memory read back, or trap code is a disagreement.

use crate::engine::{self, Case, Observed};
use crate::interp::Val;
use crate::ir::{BinOp, BlockType, Cvt, Func, Load, Op, RelOp, Store, UnOp, ValType, MEMORY_BYTES};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Steps the interpreter may take per case; the looping forms stop far sooner.
const FUEL: u64 = 100_000;

/// One function to test and how its inputs are drawn.
pub struct Form {
    pub name: String,
    pub func: Func,
    /// Memory accessed at `param 0 (+ offset)`: cases put bytes there and read them back.
    pub memory_at: Option<u32>,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub forms: usize,
    pub cases: usize,
    pub traps: usize,
    pub wasmtime: String,
    pub disagreements: Vec<String>,
}

use ValType::{I32, I64};

fn func(params: &[ValType], results: &[ValType], body: Vec<Op>) -> Func {
    Func {
        params: params.to_vec(),
        results: results.to_vec(),
        locals: vec![],
        globals: vec![],
        body,
    }
}

fn ty_name(t: ValType) -> &'static str {
    match t {
        I32 => "i32",
        I64 => "i64",
    }
}

/// Every form of the subset, one function each.
pub fn forms() -> Vec<Form> {
    let mut out = Vec::new();
    let mut add = |name: String, func: Func, memory_at: Option<u32>| {
        out.push(Form {
            name,
            func,
            memory_at,
        })
    };
    let get = |i| Op::LocalGet(i);
    for t in [I32, I64] {
        let n = ty_name(t);
        for b in BinOp::ALL {
            add(
                format!("{n}.{b:?}"),
                func(&[t, t], &[t], vec![get(0), get(1), Op::Binary(t, b)]),
                None,
            );
        }
        for r in RelOp::ALL {
            add(
                format!("{n}.{r:?}"),
                func(&[t, t], &[I32], vec![get(0), get(1), Op::Compare(t, r)]),
                None,
            );
        }
        for u in UnOp::ALL.into_iter().filter(|u| u.exists_at(t)) {
            add(
                format!("{n}.{u:?}"),
                func(&[t], &[t], vec![get(0), Op::Unary(t, u)]),
                None,
            );
        }
        add(
            format!("{n}.eqz"),
            func(&[t], &[I32], vec![get(0), Op::Eqz(t)]),
            None,
        );
        add(
            format!("{n}.select"),
            func(&[t, t, I32], &[t], vec![get(0), get(1), get(2), Op::Select]),
            None,
        );
        let konst = match t {
            I32 => Op::I32Const(-0x7edc_ba99),
            I64 => Op::I64Const(-0x7edc_ba98_7654_3211),
        };
        add(
            format!("{n}.const"),
            func(&[t], &[t], vec![get(0), konst, Op::Binary(t, BinOp::Xor)]),
            None,
        );
        let loads: &[(u8, bool)] = match t {
            I32 => &[(4, false), (1, true), (1, false), (2, true), (2, false)],
            I64 => &[
                (8, false),
                (1, true),
                (1, false),
                (2, true),
                (2, false),
                (4, true),
                (4, false),
            ],
        };
        for &(bytes, signed) in loads {
            for offset in [0u32, 5, 65_530, u32::MAX] {
                let l = Load {
                    ty: t,
                    bytes,
                    signed,
                    offset,
                };
                add(
                    format!(
                        "{n}.load{}{} offset={offset}",
                        bytes * 8,
                        if signed { "_s" } else { "" }
                    ),
                    func(&[I32], &[t], vec![get(0), Op::Load(l)]),
                    Some(offset),
                );
            }
        }
        let stores: &[u8] = match t {
            I32 => &[4, 1, 2],
            I64 => &[8, 1, 2, 4],
        };
        for &bytes in stores {
            for offset in [0u32, 3, 65_533] {
                let s = Store {
                    ty: t,
                    bytes,
                    offset,
                };
                add(
                    format!("{n}.store{} offset={offset}", bytes * 8),
                    func(&[I32, t], &[], vec![get(0), get(1), Op::Store(s)]),
                    Some(offset),
                );
            }
        }
    }
    add(
        "i32.wrap_i64".into(),
        func(&[I64], &[I32], vec![get(0), Op::Convert(Cvt::Wrap)]),
        None,
    );
    add(
        "i64.extend_i32_s".into(),
        func(&[I32], &[I64], vec![get(0), Op::Convert(Cvt::ExtendS)]),
        None,
    );
    add(
        "i64.extend_i32_u".into(),
        func(&[I32], &[I64], vec![get(0), Op::Convert(Cvt::ExtendU)]),
        None,
    );
    for (name, f) in control_forms() {
        add(name.into(), f, None);
    }
    out
}

/// Control flow, locals, globals and traps.
fn control_forms() -> Vec<(&'static str, Func)> {
    let get = |i| Op::LocalGet(i);
    let vi = BlockType::Value(I32);
    let mut globals = func(
        &[I32, I64],
        &[I64],
        vec![
            Op::GlobalGet(0),
            get(0),
            Op::Binary(I32, BinOp::Add),
            Op::GlobalSet(0),
            Op::GlobalGet(1),
            get(1),
            Op::Binary(I64, BinOp::Mul),
            Op::GlobalSet(1),
            Op::GlobalGet(1),
        ],
    );
    globals.globals = vec![I32, I64];
    let mut locals = func(
        &[I32],
        &[I32],
        vec![
            get(0),
            Op::LocalTee(1),
            get(1),
            Op::Binary(I32, BinOp::Mul),
            Op::LocalSet(2),
            get(2),
            get(1),
            Op::Binary(I32, BinOp::Sub),
        ],
    );
    locals.locals = vec![I32, I32];
    let mut countdown = func(
        &[I32],
        &[I32],
        vec![
            get(0),
            Op::I32Const(31),
            Op::Binary(I32, BinOp::And),
            Op::I32Const(1),
            Op::Binary(I32, BinOp::Add),
            Op::LocalSet(0),
            Op::Loop(
                BlockType::Empty,
                vec![
                    get(1),
                    get(0),
                    Op::Binary(I32, BinOp::Add),
                    Op::LocalSet(1),
                    get(0),
                    Op::I32Const(1),
                    Op::Binary(I32, BinOp::Sub),
                    Op::LocalTee(0),
                    Op::BrIf(0),
                ],
            ),
            get(1),
        ],
    );
    countdown.locals = vec![I32];
    vec![
        (
            "block/br_if",
            func(
                &[I32, I32],
                &[I32],
                vec![Op::Block(
                    vi,
                    vec![get(0), get(1), Op::BrIf(0), Op::Drop, Op::I32Const(7)],
                )],
            ),
        ),
        (
            "if/else",
            func(
                &[I32, I32],
                &[I32],
                vec![
                    get(0),
                    Op::If(
                        vi,
                        vec![get(1), Op::I32Const(1), Op::Binary(I32, BinOp::Shl)],
                        vec![get(1), Op::Eqz(I32)],
                    ),
                ],
            ),
        ),
        (
            "if-without-else/unreachable",
            func(
                &[I32, I32],
                &[I32],
                vec![
                    get(0),
                    Op::I32Const(3),
                    Op::Compare(I32, RelOp::GtU),
                    Op::If(BlockType::Empty, vec![Op::Unreachable], vec![]),
                    get(1),
                ],
            ),
        ),
        (
            "br_table",
            func(
                &[I32],
                &[I32],
                vec![
                    Op::Block(
                        BlockType::Empty,
                        vec![
                            Op::Block(
                                BlockType::Empty,
                                vec![
                                    Op::Block(
                                        BlockType::Empty,
                                        vec![get(0), Op::BrTable(vec![0, 1, 0], 2)],
                                    ),
                                    Op::I32Const(10),
                                    Op::Return,
                                ],
                            ),
                            Op::I32Const(20),
                            Op::Return,
                        ],
                    ),
                    Op::I32Const(30),
                ],
            ),
        ),
        (
            "return-from-nested-block",
            func(
                &[I32, I32],
                &[I32],
                vec![
                    Op::Block(
                        BlockType::Empty,
                        vec![
                            get(0),
                            Op::If(BlockType::Empty, vec![get(1), Op::Return], vec![]),
                        ],
                    ),
                    Op::I32Const(-1),
                    Op::Nop,
                ],
            ),
        ),
        (
            "br-out-of-if",
            func(
                &[I32, I32],
                &[I32],
                vec![Op::Block(
                    vi,
                    vec![
                        get(1),
                        get(0),
                        Op::If(BlockType::Empty, vec![Op::I32Const(5), Op::Br(1)], vec![]),
                        Op::I32Const(2),
                        Op::Binary(I32, BinOp::Mul),
                    ],
                )],
            ),
        ),
        ("global.get/set", globals),
        ("local.tee/set", locals),
        ("loop/br_if", countdown),
    ]
}

/// An edge-biased value of `t`.
fn value(rng: &mut ChaCha8Rng, t: ValType) -> Val {
    let bits = t.bits();
    let raw: u64 = match rng.gen_range(0..8) {
        0 => [0u64, 1, 2, u64::MAX, u64::MAX - 1][rng.gen_range(0..5)],
        1 => 1u64 << rng.gen_range(0..bits),
        2 => (1u64 << (bits - 1)).wrapping_sub(rng.gen_range(0..3)),
        3 => rng.gen_range(0..70),
        4 => (rng.gen_range(0..70u64)).wrapping_neg(),
        5 => rng.gen::<u8>() as u64,
        _ => rng.gen(),
    };
    match t {
        I32 => Val::I32(raw as u32),
        I64 => Val::I64(raw),
    }
}

/// An address biased to land near both ends of memory and past them.
fn address(rng: &mut ChaCha8Rng, offset: u32) -> u32 {
    let end = MEMORY_BYTES as u32;
    match rng.gen_range(0..6) {
        0 => rng.gen_range(0..64),
        1 => end.wrapping_sub(offset).wrapping_sub(rng.gen_range(0..12)),
        2 => end.wrapping_sub(offset).wrapping_add(rng.gen_range(0..4)),
        3 => rng.gen_range(0..end),
        4 => u32::MAX - rng.gen_range(0..16),
        _ => rng.gen(),
    }
}

/// A random case for `form`.
pub fn case(rng: &mut ChaCha8Rng, form: &Form) -> Case {
    let f = &form.func;
    let mut args: Vec<Val> = f.params.iter().map(|&t| value(rng, t)).collect();
    let mut memory = Vec::new();
    let mut read = Vec::new();
    let mut fill = |rng: &mut ChaCha8Rng, start: u64| {
        let start = start.saturating_sub(4);
        if start < MEMORY_BYTES as u64 {
            let len = (MEMORY_BYTES as u64 - start).min(16);
            let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            memory.push((start as u32, bytes));
            read.push((start as u32, len as u32));
        }
    };
    if let Some(offset) = form.memory_at {
        let addr = address(rng, offset);
        args[0] = Val::I32(addr);
        fill(rng, addr as u64 + offset as u64);
    }
    // Random bytes in a few places for the compositions' masked loads.
    if form.memory_at.is_none() && f.uses_memory() {
        for _ in 0..3 {
            let a = rng.gen_range(0..0x1100u64);
            fill(rng, a);
        }
    }
    // An i32 global is often clang's shadow-stack pointer: half the time it points into memory
    // (16-aligned, as the ABI keeps it) so code that spills to the stack runs to its end.
    let globals = f
        .globals
        .iter()
        .map(|&t| match t {
            I32 if rng.gen_bool(0.5) => Val::I32(rng.gen_range(16..=4096u32) * 16),
            _ => value(rng, t),
        })
        .collect();
    Case {
        args,
        globals,
        memory,
        read,
    }
}

/// Random well-typed compositions of the subset: straight-line expressions with blocks, ifs,
/// early exits, selects, masked loads and stores, locals and globals.
pub fn random_function(rng: &mut ChaCha8Rng) -> Func {
    let result = if rng.gen_bool(0.5) { I32 } else { I64 };
    let mut g = Gen {
        rng,
        params: vec![I32, I32, I64, I64],
        locals: vec![I32, I64],
        depth: 0,
    };
    let mut body = Vec::new();
    for _ in 0..g.rng.gen_range(0..3) {
        body.extend(g.statement());
    }
    body.extend(g.expr(result));
    Func {
        params: g.params.clone(),
        results: vec![result],
        locals: g.locals.clone(),
        globals: vec![I32, I64],
        body,
    }
}

struct Gen<'a> {
    rng: &'a mut ChaCha8Rng,
    params: Vec<ValType>,
    locals: Vec<ValType>,
    depth: u32,
}

impl Gen<'_> {
    fn local_of(&mut self, t: ValType) -> u32 {
        let all: Vec<u32> = self
            .params
            .iter()
            .chain(&self.locals)
            .enumerate()
            .filter(|(_, &u)| u == t)
            .map(|(i, _)| i as u32)
            .collect();
        all[self.rng.gen_range(0..all.len())]
    }

    fn scratch_of(&self, t: ValType) -> u32 {
        (self.params.len() + if t == I32 { 0 } else { 1 }) as u32
    }

    fn global_of(t: ValType) -> u32 {
        if t == I32 {
            0
        } else {
            1
        }
    }

    /// An i32 address mostly inside the first 4 KiB (so loads mostly succeed), sometimes not.
    fn address(&mut self) -> Vec<Op> {
        let mut ops = self.expr(I32);
        if self.rng.gen_bool(0.9) {
            ops.extend([Op::I32Const(0xfff), Op::Binary(I32, BinOp::And)]);
        }
        ops
    }

    fn statement(&mut self) -> Vec<Op> {
        let t = if self.rng.gen_bool(0.5) { I32 } else { I64 };
        match self.rng.gen_range(0..3) {
            0 => {
                let mut ops = self.expr(t);
                ops.push(Op::LocalSet(self.scratch_of(t)));
                ops
            }
            1 => {
                let mut ops = self.expr(t);
                ops.push(Op::GlobalSet(Self::global_of(t)));
                ops
            }
            _ => {
                let mut ops = self.address();
                ops.extend(self.expr(t));
                let bytes = match t {
                    I32 => [1u8, 2, 4][self.rng.gen_range(0..3)],
                    I64 => [1u8, 2, 4, 8][self.rng.gen_range(0..4)],
                };
                ops.push(Op::Store(Store {
                    ty: t,
                    bytes,
                    offset: self.rng.gen_range(0..8),
                }));
                ops
            }
        }
    }

    fn leaf(&mut self, t: ValType) -> Vec<Op> {
        match self.rng.gen_range(0..4) {
            0 => {
                let v = value(self.rng, t);
                vec![match v {
                    Val::I32(x) => Op::I32Const(x as i32),
                    Val::I64(x) => Op::I64Const(x as i64),
                }]
            }
            1 => vec![Op::GlobalGet(Self::global_of(t))],
            _ => vec![Op::LocalGet(self.local_of(t))],
        }
    }

    fn expr(&mut self, t: ValType) -> Vec<Op> {
        if self.depth >= 4 || self.rng.gen_bool(0.25) {
            return self.leaf(t);
        }
        self.depth += 1;
        let other = if t == I32 { I64 } else { I32 };
        let mut ops = Vec::new();
        match self.rng.gen_range(0..12) {
            0..=2 => {
                ops.extend(self.expr(t));
                ops.extend(self.expr(t));
                ops.push(Op::Binary(t, BinOp::ALL[self.rng.gen_range(0..15)]));
            }
            3 => {
                let u = loop {
                    let u = UnOp::ALL[self.rng.gen_range(0..6)];
                    if u.exists_at(t) {
                        break u;
                    }
                };
                ops.extend(self.expr(t));
                ops.push(Op::Unary(t, u));
            }
            4 if t == I32 => {
                let c = if self.rng.gen_bool(0.5) { I32 } else { I64 };
                ops.extend(self.expr(c));
                if self.rng.gen_bool(0.3) {
                    ops.push(Op::Eqz(c));
                } else {
                    ops.extend(self.expr(c));
                    ops.push(Op::Compare(c, RelOp::ALL[self.rng.gen_range(0..10)]));
                }
            }
            4 | 5 => {
                ops.extend(self.expr(other));
                ops.push(Op::Convert(match t {
                    I32 => Cvt::Wrap,
                    I64 => {
                        if self.rng.gen_bool(0.5) {
                            Cvt::ExtendS
                        } else {
                            Cvt::ExtendU
                        }
                    }
                }));
            }
            6 => {
                ops.extend(self.expr(t));
                ops.extend(self.expr(t));
                ops.extend(self.expr(I32));
                ops.push(Op::Select);
            }
            7 => {
                ops.extend(self.address());
                let (bytes, signed) = match t {
                    I32 => [(1u8, true), (1, false), (2, true), (2, false), (4, false)]
                        [self.rng.gen_range(0..5)],
                    I64 => [(1u8, true), (2, false), (4, true), (4, false), (8, false)]
                        [self.rng.gen_range(0..5)],
                };
                ops.push(Op::Load(Load {
                    ty: t,
                    bytes,
                    signed,
                    offset: self.rng.gen_range(0..8),
                }));
            }
            8 => {
                // (block (result t) e1 c br_if 0 drop e2)
                let mut inner = self.expr(t);
                inner.extend(self.expr(I32));
                inner.push(Op::BrIf(0));
                inner.push(Op::Drop);
                inner.extend(self.expr(t));
                ops.push(Op::Block(BlockType::Value(t), inner));
            }
            9 => {
                ops.extend(self.expr(I32));
                let then = self.expr(t);
                let els = self.expr(t);
                ops.push(Op::If(BlockType::Value(t), then, els));
            }
            10 => {
                ops.extend(self.expr(t));
                ops.push(Op::LocalTee(self.scratch_of(t)));
            }
            _ => {
                ops.extend(self.statement());
                ops.extend(self.expr(t));
            }
        }
        self.depth -= 1;
        ops
    }
}

/// Run every form on `cases_per_form` random cases and `random_functions` random compositions on
/// `cases_per_random` cases each, in the interpreter and in wasmtime.
pub fn run(
    engine: &engine::Wasmtime,
    seed: u64,
    cases_per_form: usize,
    random_functions: usize,
    cases_per_random: usize,
) -> Result<Report, engine::EngineError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut all: Vec<(Form, usize)> = forms().into_iter().map(|f| (f, cases_per_form)).collect();
    for i in 0..random_functions {
        let form = Form {
            name: format!("random#{i}"),
            func: random_function(&mut rng),
            memory_at: None,
        };
        all.push((form, cases_per_random));
    }
    run_forms(engine, &mut rng, all)
}

/// Run each form on its number of random cases in both engines.
pub fn run_forms(
    engine: &engine::Wasmtime,
    rng: &mut ChaCha8Rng,
    all: Vec<(Form, usize)>,
) -> Result<Report, engine::EngineError> {
    let cases: Vec<Vec<Case>> = all
        .iter()
        .map(|(form, n)| (0..*n).map(|_| case(rng, form)).collect())
        .collect();
    let all: Vec<Form> = all.into_iter().map(|(f, _)| f).collect();
    let jobs: Vec<(&Func, &[Case])> = all
        .iter()
        .zip(&cases)
        .map(|(f, c)| (&f.func, c.as_slice()))
        .collect();
    let (version, observed) = engine.run(&jobs)?;
    let mut report = Report {
        forms: all.len(),
        wasmtime: version,
        ..Report::default()
    };
    for ((form, cases), theirs) in all.iter().zip(&cases).zip(observed) {
        for (case, theirs) in cases.iter().zip(theirs) {
            report.cases += 1;
            let ours = engine::interpret(&form.func, case, FUEL)?;
            if matches!(ours, Observed::Trapped(_)) {
                report.traps += 1;
            }
            if ours != theirs {
                report.disagreements.push(format!(
                    "{}: {case:?}\n  interpreter: {ours:?}\n  wasmtime:    {theirs:?}",
                    form.name
                ));
            }
        }
    }
    Ok(report)
}
