//! The category's own mutation operators: one instruction replaced by another of the same type
//! signature (an operator swapped for a near relative, a constant moved by one, a load's
//! extension flipped, a local read swapped for another of its type), so the mutant is well typed
//! by construction. A mutant is only a candidate: its label comes from the solvers and wasmtime,
//! never from the operator (some mutants are equivalent, e.g. a changed spill slot).

use crate::ir::{BinOp, Cvt, Func, Op, RelOp, UnOp};

/// Near relatives of each binary operator.
fn binary(b: BinOp) -> &'static [BinOp] {
    use BinOp::*;
    match b {
        Add => &[Sub, Xor, Or],
        Sub => &[Add, Xor],
        Mul => &[Add, Shl],
        DivS => &[DivU, RemS],
        DivU => &[DivS, RemU],
        RemS => &[RemU, DivS],
        RemU => &[RemS, DivU],
        And => &[Or, Xor],
        Or => &[And, Xor, Add],
        Xor => &[Or, Sub],
        Shl => &[ShrU, Rotl],
        ShrS => &[ShrU, Rotr],
        ShrU => &[ShrS, Rotr],
        Rotl => &[Rotr, Shl],
        Rotr => &[Rotl, ShrU],
    }
}

fn compare(r: RelOp) -> &'static [RelOp] {
    use RelOp::*;
    match r {
        Eq => &[Ne, LeU],
        Ne => &[Eq, GtU],
        LtS => &[LtU, LeS],
        LtU => &[LtS, LeU],
        GtS => &[GtU, GeS],
        GtU => &[GtS, GeU],
        LeS => &[LeU, LtS],
        LeU => &[LeS, LtU],
        GeS => &[GeU, GtS],
        GeU => &[GeS, GtU],
    }
}

fn unary(u: UnOp) -> &'static [UnOp] {
    use UnOp::*;
    match u {
        Clz => &[Ctz, Popcnt],
        Ctz => &[Clz, Popcnt],
        Popcnt => &[Clz, Ctz],
        Extend8S => &[Extend16S],
        Extend16S => &[Extend8S],
        Extend32S => &[Extend16S],
    }
}

/// The replacements of one leaf instruction in `f` (none for structure, stores and the like).
fn replacements(f: &Func, op: &Op) -> Vec<Op> {
    match op {
        Op::Binary(t, b) => binary(*b).iter().map(|&x| Op::Binary(*t, x)).collect(),
        Op::Compare(t, r) => compare(*r).iter().map(|&x| Op::Compare(*t, x)).collect(),
        Op::Unary(t, u) => unary(*u)
            .iter()
            .filter(|x| x.exists_at(*t))
            .map(|&x| Op::Unary(*t, x))
            .collect(),
        Op::I32Const(c) => vec![
            Op::I32Const(c.wrapping_add(1)),
            Op::I32Const(c.wrapping_sub(1)),
        ],
        Op::I64Const(c) => vec![
            Op::I64Const(c.wrapping_add(1)),
            Op::I64Const(c.wrapping_sub(1)),
        ],
        Op::Load(l) if (l.bytes as u32) * 8 < l.ty.bits() => {
            let mut m = *l;
            m.signed = !l.signed;
            vec![Op::Load(m)]
        }
        Op::Convert(Cvt::ExtendS) => vec![Op::Convert(Cvt::ExtendU)],
        Op::Convert(Cvt::ExtendU) => vec![Op::Convert(Cvt::ExtendS)],
        Op::LocalGet(i) => {
            let Some(t) = f.local_type(*i) else {
                return Vec::new();
            };
            (0..(f.params.len() + f.locals.len()) as u32)
                .filter(|&j| j != *i && f.local_type(j) == Some(t))
                .map(Op::LocalGet)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Every (pre-order position, replacement) the operators offer in `f`.
pub fn sites(f: &Func) -> Vec<(usize, Op)> {
    fn walk(f: &Func, ops: &[Op], pos: &mut usize, out: &mut Vec<(usize, Op)>) {
        for op in ops {
            let here = *pos;
            *pos += 1;
            for r in replacements(f, op) {
                out.push((here, r));
            }
            match op {
                Op::Block(_, b) | Op::Loop(_, b) => walk(f, b, pos, out),
                Op::If(_, t, e) => {
                    walk(f, t, pos, out);
                    walk(f, e, pos, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(f, &f.body, &mut 0, &mut out);
    out
}

/// `f` with the instruction at pre-order position `at` replaced by `with`.
pub fn apply(f: &Func, at: usize, with: &Op) -> Func {
    fn walk(ops: &mut [Op], pos: &mut usize, at: usize, with: &Op) {
        for op in ops {
            if *pos == at {
                *op = with.clone();
            }
            *pos += 1;
            match op {
                Op::Block(_, b) | Op::Loop(_, b) => walk(b, pos, at, with),
                Op::If(_, t, e) => {
                    walk(t, pos, at, with);
                    walk(e, pos, at, with);
                }
                _ => {}
            }
        }
    }
    let mut g = f.clone();
    walk(&mut g.body, &mut 0, at, with);
    g
}

/// The edit as recorded in a pair's transformation.
pub fn describe(at: usize, with: &Op) -> String {
    format!("instruction {at} -> {with:?}")
}
