//! Reading compiled modules into the subset. The module is validated by `wasmparser` first, so
//! the tree built here is well typed; a function that uses anything outside the subset is
//! returned as [`Unsupported`] with the first operator that put it out, never approximated.

use crate::interp::Val;
use crate::ir::{BinOp, BlockType, Cvt, Func, Load, Op, RelOp, Store, UnOp, ValType};
use std::collections::BTreeMap;
use wasmparser::{ExternalKind, FunctionBody, Operator, Parser, Payload};

#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    #[error("not a valid WebAssembly module: {0}")]
    Invalid(String),
}

/// Why one function is outside the subset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("outside the subset: {0}")]
pub struct Unsupported(pub String);

/// One exported function of a module, read into the subset or not.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub name: String,
    pub func: Result<Func, Unsupported>,
}

fn invalid(e: impl std::fmt::Display) -> ParseError {
    ParseError::Invalid(e.to_string())
}

fn unsupported<T>(what: impl Into<String>) -> Result<T, Unsupported> {
    Err(Unsupported(what.into()))
}

fn val_type(t: wasmparser::ValType) -> Result<ValType, Unsupported> {
    match t {
        wasmparser::ValType::I32 => Ok(ValType::I32),
        wasmparser::ValType::I64 => Ok(ValType::I64),
        other => unsupported(format!("value type {other}")),
    }
}

/// Every exported function of a linked module, in export order.
pub fn parse_module(bytes: &[u8]) -> Result<Vec<Parsed>, ParseError> {
    let types = wasmparser::validate(bytes).map_err(invalid)?;
    let types = types.as_ref();
    let mut bodies: Vec<FunctionBody> = Vec::new();
    let mut exports: Vec<(String, u32)> = Vec::new();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(invalid)? {
            Payload::ExportSection(r) => {
                for e in r {
                    let e = e.map_err(invalid)?;
                    if e.kind == ExternalKind::Func {
                        exports.push((e.name.to_string(), e.index));
                    }
                }
            }
            Payload::CodeSectionEntry(body) => bodies.push(body),
            _ => {}
        }
    }
    let imported = types.function_count() as usize - bodies.len();
    let mut out = Vec::new();
    for (name, index) in exports {
        let Some(body) = (index as usize)
            .checked_sub(imported)
            .and_then(|i| bodies.get(i))
        else {
            out.push(Parsed {
                name,
                func: unsupported("an imported function"),
            });
            continue;
        };
        let ty = types[types.core_function_at(index)].unwrap_func().clone();
        let func = read_function(&ty, body, |g| types.global_at(g).content_type, None);
        out.push(Parsed { name, func });
    }
    Ok(out)
}

fn read_function(
    ty: &wasmparser::FuncType,
    body: &FunctionBody,
    global_type: impl Fn(u32) -> wasmparser::ValType,
    keep_globals: Option<u32>,
) -> Result<Func, Unsupported> {
    let params = ty
        .params()
        .iter()
        .map(|&t| val_type(t))
        .collect::<Result<Vec<_>, _>>()?;
    let results = ty
        .results()
        .iter()
        .map(|&t| val_type(t))
        .collect::<Result<Vec<_>, _>>()?;
    if results.len() > 1 {
        return unsupported("several results");
    }
    let mut locals = Vec::new();
    let reader = body
        .get_locals_reader()
        .map_err(|e| Unsupported(e.to_string()))?;
    for l in reader {
        let (n, t) = l.map_err(|e| Unsupported(e.to_string()))?;
        let t = val_type(t)?;
        if n > 10_000 {
            return unsupported("too many locals");
        }
        locals.extend(std::iter::repeat_n(t, n as usize));
    }
    // Globals renumbered densely in the order the module declared them.
    let mut globals: BTreeMap<u32, u32> = BTreeMap::new();
    let ops = read_ops(body, &mut globals)?;
    // A category's module keeps every global it declares, used or not, at its own index.
    if let Some(count) = keep_globals {
        for g in 0..count {
            globals.insert(g, g);
        }
    }
    let mut global_types = Vec::new();
    let order: Vec<u32> = globals.keys().copied().collect();
    for (new, old) in order.iter().enumerate() {
        globals.insert(*old, new as u32);
        global_types.push(val_type(global_type(*old))?);
    }
    let body = renumber_globals(ops, &globals);
    Ok(Func {
        params,
        results,
        locals,
        globals: global_types,
        body,
    })
}

/// A program of the category as its pairs carry it (a module printed by
/// [`crate::wat::print_with_globals`]): the function exported as "f", with every global of the
/// module in its own place, and the globals' initial values.
pub fn parse_program(text: &str) -> Result<(Func, Vec<Val>), ParseError> {
    let bytes = wat::parse_str(text).map_err(invalid)?;
    let types = wasmparser::validate(&bytes).map_err(invalid)?;
    let types = types.as_ref();
    let mut body = None;
    let mut exported = None;
    let mut inits = Vec::new();
    for payload in Parser::new(0).parse_all(&bytes) {
        match payload.map_err(invalid)? {
            Payload::ExportSection(r) => {
                for e in r {
                    let e = e.map_err(invalid)?;
                    if e.kind == ExternalKind::Func && e.name == "f" {
                        exported = Some(e.index);
                    }
                }
            }
            Payload::GlobalSection(r) => {
                for g in r {
                    let g = g.map_err(invalid)?;
                    let mut ops = g.init_expr.get_operators_reader();
                    let v = match ops.read().map_err(invalid)? {
                        Operator::I32Const { value } => Val::I32(value as u32),
                        Operator::I64Const { value } => Val::I64(value as u64),
                        other => {
                            return Err(ParseError::Invalid(format!(
                                "a global initialised by {other:?}"
                            )))
                        }
                    };
                    inits.push(v);
                }
            }
            Payload::CodeSectionEntry(b) if body.is_none() => body = Some(b),
            Payload::CodeSectionEntry(_) => {
                return Err(ParseError::Invalid("more than one function".into()))
            }
            _ => {}
        }
    }
    let (Some(index), Some(body)) = (exported, body) else {
        return Err(ParseError::Invalid("no function exported as \"f\"".into()));
    };
    if types.function_count() != 1 || index != 0 {
        return Err(ParseError::Invalid("imports or several functions".into()));
    }
    let ty = types[types.core_function_at(index)].unwrap_func().clone();
    let func = read_function(
        &ty,
        &body,
        |g| types.global_at(g).content_type,
        Some(inits.len() as u32),
    )
    .map_err(|e| ParseError::Invalid(e.to_string()))?;
    Ok((func, inits))
}

fn renumber_globals(ops: Vec<Op>, map: &BTreeMap<u32, u32>) -> Vec<Op> {
    ops.into_iter()
        .map(|op| match op {
            Op::GlobalGet(g) => Op::GlobalGet(map[&g]),
            Op::GlobalSet(g) => Op::GlobalSet(map[&g]),
            Op::Block(b, body) => Op::Block(b, renumber_globals(body, map)),
            Op::Loop(b, body) => Op::Loop(b, renumber_globals(body, map)),
            Op::If(b, t, e) => Op::If(b, renumber_globals(t, map), renumber_globals(e, map)),
            other => other,
        })
        .collect()
}

/// An open structured construct while reading.
enum Frame {
    Body,
    Block(BlockType),
    Loop(BlockType),
    If(BlockType),
    Else(BlockType, Vec<Op>),
}

fn block_type(b: wasmparser::BlockType) -> Result<BlockType, Unsupported> {
    match b {
        wasmparser::BlockType::Empty => Ok(BlockType::Empty),
        wasmparser::BlockType::Type(t) => Ok(BlockType::Value(val_type(t)?)),
        wasmparser::BlockType::FuncType(_) => unsupported("a block with a function type"),
    }
}

fn offset(m: wasmparser::MemArg) -> Result<u32, Unsupported> {
    if m.target != wasmparser::MemArgTarget::Memory(0) || m.ordering.is_some() {
        return unsupported("an access other than a plain one to memory 0");
    }
    u32::try_from(m.offset).or_else(|_| unsupported("a 64-bit offset"))
}

fn read_ops(body: &FunctionBody, globals: &mut BTreeMap<u32, u32>) -> Result<Vec<Op>, Unsupported> {
    use ValType::{I32, I64};
    let err = |e: wasmparser::BinaryReaderError| Unsupported(e.to_string());
    let mut reader = body.get_operators_reader().map_err(err)?;
    // (frame, ops collected so far in it)
    let mut stack: Vec<(Frame, Vec<Op>)> = vec![(Frame::Body, Vec::new())];
    while !reader.eof() {
        let op = reader.read().map_err(err)?;
        let ld = |ty, bytes, signed, m| -> Result<Op, Unsupported> {
            Ok(Op::Load(Load {
                ty,
                bytes,
                signed,
                offset: offset(m)?,
            }))
        };
        let st = |ty, bytes, m| -> Result<Op, Unsupported> {
            Ok(Op::Store(Store {
                ty,
                bytes,
                offset: offset(m)?,
            }))
        };
        let new = match op {
            Operator::Block { blockty } => {
                stack.push((Frame::Block(block_type(blockty)?), Vec::new()));
                continue;
            }
            Operator::Loop { blockty } => {
                stack.push((Frame::Loop(block_type(blockty)?), Vec::new()));
                continue;
            }
            Operator::If { blockty } => {
                stack.push((Frame::If(block_type(blockty)?), Vec::new()));
                continue;
            }
            Operator::Else => {
                match stack.pop() {
                    Some((Frame::If(b), then)) => stack.push((Frame::Else(b, then), Vec::new())),
                    _ => return unsupported("else without if"),
                }
                continue;
            }
            Operator::End => {
                let Some((frame, ops)) = stack.pop() else {
                    return unsupported("end without a block");
                };
                match frame {
                    Frame::Body => {
                        return if reader.eof() {
                            Ok(ops)
                        } else {
                            unsupported("code after the function's end")
                        }
                    }
                    Frame::Block(b) => Op::Block(b, ops),
                    Frame::Loop(b) => Op::Loop(b, ops),
                    Frame::If(b) => Op::If(b, ops, Vec::new()),
                    Frame::Else(b, then) => Op::If(b, then, ops),
                }
            }
            Operator::Unreachable => Op::Unreachable,
            Operator::Nop => Op::Nop,
            Operator::Drop => Op::Drop,
            Operator::Select => Op::Select,
            Operator::TypedSelect { ty } => {
                val_type(ty)?;
                Op::Select
            }
            Operator::Br { relative_depth } => Op::Br(relative_depth),
            Operator::BrIf { relative_depth } => Op::BrIf(relative_depth),
            Operator::BrTable { targets } => {
                let t = targets
                    .targets()
                    .collect::<Result<Vec<u32>, _>>()
                    .map_err(err)?;
                Op::BrTable(t, targets.default())
            }
            Operator::Return => Op::Return,
            Operator::LocalGet { local_index } => Op::LocalGet(local_index),
            Operator::LocalSet { local_index } => Op::LocalSet(local_index),
            Operator::LocalTee { local_index } => Op::LocalTee(local_index),
            Operator::GlobalGet { global_index } => {
                globals.insert(global_index, 0);
                Op::GlobalGet(global_index)
            }
            Operator::GlobalSet { global_index } => {
                globals.insert(global_index, 0);
                Op::GlobalSet(global_index)
            }
            Operator::I32Load { memarg } => ld(I32, 4, false, memarg)?,
            Operator::I64Load { memarg } => ld(I64, 8, false, memarg)?,
            Operator::I32Load8S { memarg } => ld(I32, 1, true, memarg)?,
            Operator::I32Load8U { memarg } => ld(I32, 1, false, memarg)?,
            Operator::I32Load16S { memarg } => ld(I32, 2, true, memarg)?,
            Operator::I32Load16U { memarg } => ld(I32, 2, false, memarg)?,
            Operator::I64Load8S { memarg } => ld(I64, 1, true, memarg)?,
            Operator::I64Load8U { memarg } => ld(I64, 1, false, memarg)?,
            Operator::I64Load16S { memarg } => ld(I64, 2, true, memarg)?,
            Operator::I64Load16U { memarg } => ld(I64, 2, false, memarg)?,
            Operator::I64Load32S { memarg } => ld(I64, 4, true, memarg)?,
            Operator::I64Load32U { memarg } => ld(I64, 4, false, memarg)?,
            Operator::I32Store { memarg } => st(I32, 4, memarg)?,
            Operator::I64Store { memarg } => st(I64, 8, memarg)?,
            Operator::I32Store8 { memarg } => st(I32, 1, memarg)?,
            Operator::I32Store16 { memarg } => st(I32, 2, memarg)?,
            Operator::I64Store8 { memarg } => st(I64, 1, memarg)?,
            Operator::I64Store16 { memarg } => st(I64, 2, memarg)?,
            Operator::I64Store32 { memarg } => st(I64, 4, memarg)?,
            Operator::I32Const { value } => Op::I32Const(value),
            Operator::I64Const { value } => Op::I64Const(value),
            Operator::I32Eqz => Op::Eqz(I32),
            Operator::I64Eqz => Op::Eqz(I64),
            Operator::I32Clz => Op::Unary(I32, UnOp::Clz),
            Operator::I32Ctz => Op::Unary(I32, UnOp::Ctz),
            Operator::I32Popcnt => Op::Unary(I32, UnOp::Popcnt),
            Operator::I32Extend8S => Op::Unary(I32, UnOp::Extend8S),
            Operator::I32Extend16S => Op::Unary(I32, UnOp::Extend16S),
            Operator::I64Clz => Op::Unary(I64, UnOp::Clz),
            Operator::I64Ctz => Op::Unary(I64, UnOp::Ctz),
            Operator::I64Popcnt => Op::Unary(I64, UnOp::Popcnt),
            Operator::I64Extend8S => Op::Unary(I64, UnOp::Extend8S),
            Operator::I64Extend16S => Op::Unary(I64, UnOp::Extend16S),
            Operator::I64Extend32S => Op::Unary(I64, UnOp::Extend32S),
            Operator::I32WrapI64 => Op::Convert(Cvt::Wrap),
            Operator::I64ExtendI32S => Op::Convert(Cvt::ExtendS),
            Operator::I64ExtendI32U => Op::Convert(Cvt::ExtendU),
            other => match numeric(&other) {
                Some(op) => op,
                None => return unsupported(format!("{other:?}")),
            },
        };
        match stack.last_mut() {
            Some((_, ops)) => ops.push(new),
            None => return unsupported("operator after the function's end"),
        }
    }
    unsupported("the body does not end")
}

/// The two-operand arithmetic and comparison operators.
fn numeric(op: &Operator) -> Option<Op> {
    use ValType::{I32, I64};
    let b = |t, o| Some(Op::Binary(t, o));
    let c = |t, r| Some(Op::Compare(t, r));
    match op {
        Operator::I32Add => b(I32, BinOp::Add),
        Operator::I32Sub => b(I32, BinOp::Sub),
        Operator::I32Mul => b(I32, BinOp::Mul),
        Operator::I32DivS => b(I32, BinOp::DivS),
        Operator::I32DivU => b(I32, BinOp::DivU),
        Operator::I32RemS => b(I32, BinOp::RemS),
        Operator::I32RemU => b(I32, BinOp::RemU),
        Operator::I32And => b(I32, BinOp::And),
        Operator::I32Or => b(I32, BinOp::Or),
        Operator::I32Xor => b(I32, BinOp::Xor),
        Operator::I32Shl => b(I32, BinOp::Shl),
        Operator::I32ShrS => b(I32, BinOp::ShrS),
        Operator::I32ShrU => b(I32, BinOp::ShrU),
        Operator::I32Rotl => b(I32, BinOp::Rotl),
        Operator::I32Rotr => b(I32, BinOp::Rotr),
        Operator::I64Add => b(I64, BinOp::Add),
        Operator::I64Sub => b(I64, BinOp::Sub),
        Operator::I64Mul => b(I64, BinOp::Mul),
        Operator::I64DivS => b(I64, BinOp::DivS),
        Operator::I64DivU => b(I64, BinOp::DivU),
        Operator::I64RemS => b(I64, BinOp::RemS),
        Operator::I64RemU => b(I64, BinOp::RemU),
        Operator::I64And => b(I64, BinOp::And),
        Operator::I64Or => b(I64, BinOp::Or),
        Operator::I64Xor => b(I64, BinOp::Xor),
        Operator::I64Shl => b(I64, BinOp::Shl),
        Operator::I64ShrS => b(I64, BinOp::ShrS),
        Operator::I64ShrU => b(I64, BinOp::ShrU),
        Operator::I64Rotl => b(I64, BinOp::Rotl),
        Operator::I64Rotr => b(I64, BinOp::Rotr),
        Operator::I32Eq => c(I32, RelOp::Eq),
        Operator::I32Ne => c(I32, RelOp::Ne),
        Operator::I32LtS => c(I32, RelOp::LtS),
        Operator::I32LtU => c(I32, RelOp::LtU),
        Operator::I32GtS => c(I32, RelOp::GtS),
        Operator::I32GtU => c(I32, RelOp::GtU),
        Operator::I32LeS => c(I32, RelOp::LeS),
        Operator::I32LeU => c(I32, RelOp::LeU),
        Operator::I32GeS => c(I32, RelOp::GeS),
        Operator::I32GeU => c(I32, RelOp::GeU),
        Operator::I64Eq => c(I64, RelOp::Eq),
        Operator::I64Ne => c(I64, RelOp::Ne),
        Operator::I64LtS => c(I64, RelOp::LtS),
        Operator::I64LtU => c(I64, RelOp::LtU),
        Operator::I64GtS => c(I64, RelOp::GtS),
        Operator::I64GtU => c(I64, RelOp::GtU),
        Operator::I64LeS => c(I64, RelOp::LeS),
        Operator::I64LeU => c(I64, RelOp::LeU),
        Operator::I64GeS => c(I64, RelOp::GeS),
        Operator::I64GeU => c(I64, RelOp::GeU),
        _ => None,
    }
}
