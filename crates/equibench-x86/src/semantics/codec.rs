//! The bridge to iced-x86: [`Insn`] to iced `Instruction` (choosing the encodings GNU `as` chooses),
//! encoding to bytes, decoding bytes back into the subset, and printing through iced's GAS formatter.

use crate::semantics::insn::{
    Addr, AluOp, BitOp, Cond, Count, Extend, Insn, Mem, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::parse::sext;
use crate::semantics::reg::{Reg, Width, RBP, RSP};
use crate::X86Error;
use iced_x86::{
    Code, Decoder, DecoderOptions, Encoder, Formatter, GasFormatter, Instruction, MemoryOperand,
    Mnemonic, OpKind, Register,
};
use std::collections::HashMap;
use std::sync::OnceLock;

/// iced's `Code` by its variant name (`Add_rm64_r64`), so encodings are chosen by composing names.
fn code(name: &str) -> Result<Code, X86Error> {
    static TABLE: OnceLock<HashMap<String, Code>> = OnceLock::new();
    TABLE
        .get_or_init(|| Code::values().map(|c| (format!("{c:?}"), c)).collect())
        .get(name)
        .copied()
        .ok_or_else(|| X86Error::Internal(format!("no iced code `{name}`")))
}

fn iced_reg(r: Reg) -> Result<Register, X86Error> {
    static TABLE: OnceLock<HashMap<String, Register>> = OnceLock::new();
    let name = if r.width == Width::W8 && r.num >= 8 {
        format!("r{}l", r.num)
    } else {
        r.name().to_string()
    };
    TABLE
        .get_or_init(|| {
            Register::values()
                .map(|x| (format!("{x:?}").to_ascii_lowercase(), x))
                .collect()
        })
        .get(&name)
        .copied()
        .ok_or_else(|| X86Error::Internal(format!("no iced register `{name}`")))
}

fn from_iced_reg(r: Register) -> Result<Reg, X86Error> {
    let name = format!("{r:?}").to_ascii_lowercase();
    match Reg::parse(&name) {
        Some(x) if x.num != crate::semantics::reg::RSP => Ok(x),
        _ => Err(X86Error::Unsupported(format!("register {name}"))),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

fn bits(w: Width) -> u32 {
    w.bits()
}

fn is_acc(r: Reg) -> bool {
    r.num == 0 && !r.high8
}

fn acc_name(w: Width) -> &'static str {
    ["AL", "AX", "EAX", "RAX"][w.index()]
}

/// The widest immediate field of a width: imm8/imm16/imm32/imm32.
fn imm_field(w: Width) -> u32 {
    bits(w).min(32)
}

fn iced_err(e: iced_x86::IcedError) -> X86Error {
    X86Error::Internal(format!("iced: {e}"))
}

/// An operand on its way to iced: a register or a memory operand.
#[derive(Clone, Copy)]
enum Op {
    R(Register),
    M(MemoryOperand),
}

fn stack_slot(m: Mem) -> Result<MemoryOperand, X86Error> {
    let base = iced_reg(Reg::q(m.base))?;
    // No displacement byte when it is zero (iced adds the disp8 that (%rbp) needs itself).
    let displ_size = if m.disp == 0 { 0 } else { 1 };
    Ok(MemoryOperand::with_base_displ_size(
        base,
        m.disp as i64,
        displ_size,
    ))
}

fn op(x: Rm) -> Result<Op, X86Error> {
    match x {
        Rm::Reg(r) => iced_reg(r).map(Op::R),
        Rm::Mem(m) => stack_slot(m).map(Op::M),
    }
}

fn reg_op(r: Reg) -> Result<Op, X86Error> {
    iced_reg(r).map(Op::R)
}

fn with1(c: &str, a: Op) -> Result<Instruction, X86Error> {
    let c = code(c)?;
    match a {
        Op::R(a) => Instruction::with1(c, a),
        Op::M(a) => Instruction::with1(c, a),
    }
    .map_err(iced_err)
}

fn with2(c: &str, a: Op, b: Op) -> Result<Instruction, X86Error> {
    let c = code(c)?;
    match (a, b) {
        (Op::R(a), Op::R(b)) => Instruction::with2(c, a, b),
        (Op::R(a), Op::M(b)) => Instruction::with2(c, a, b),
        (Op::M(a), Op::R(b)) => Instruction::with2(c, a, b),
        (Op::M(_), Op::M(_)) => {
            return Err(X86Error::Internal("two memory operands".into()));
        }
    }
    .map_err(iced_err)
}

/// Two operands, the second an immediate.
fn with2i(c: &str, a: Op, v: i64) -> Result<Instruction, X86Error> {
    let c = code(c)?;
    match a {
        Op::R(a) => Instruction::with2(c, a, v),
        Op::M(a) => Instruction::with2(
            c,
            a,
            i32::try_from(v).map_err(|_| X86Error::Internal(format!("immediate {v} to memory")))?,
        ),
    }
    .map_err(iced_err)
}

/// The iced instruction for `insn`, with the encoding GNU `as` picks for the same text.
pub fn to_iced(insn: &Insn) -> Result<Instruction, X86Error> {
    let r = reg_op;
    Ok(match *insn {
        Insn::Mov {
            dst,
            src: Src::Reg(s),
        } => {
            let b = bits(dst.width());
            with2(&format!("Mov_rm{b}_r{b}"), op(dst)?, r(s)?)?
        }
        Insn::Mov {
            dst,
            src: Src::Mem(m),
        } => {
            let b = bits(dst.width());
            with2(&format!("Mov_r{b}_rm{b}"), op(dst)?, op(Rm::Mem(m))?)?
        }
        Insn::Mov {
            dst,
            src: Src::Imm(v),
        } => {
            let w = dst.width();
            let b = bits(w);
            match dst {
                Rm::Reg(d) if w == Width::W64 && i32::try_from(v).is_ok() => {
                    with2i("Mov_rm64_imm32", r(d)?, v)?
                }
                Rm::Reg(d) => with2i(&format!("Mov_r{b}_imm{b}"), r(d)?, v)?,
                Rm::Mem(_) => with2i(&format!("Mov_rm{b}_imm{}", imm_field(w)), op(dst)?, v)?,
            }
        }
        Insn::Movx { signed, dst, src } => {
            let name = if signed && src.width() == Width::W32 {
                "Movsxd_r64_rm32".to_string()
            } else {
                let base = if signed { "Movsx" } else { "Movzx" };
                format!("{base}_r{}_rm{}", bits(dst.width), bits(src.width()))
            };
            with2(&name, r(dst)?, op(src)?)?
        }
        Insn::Lea { dst, addr } => {
            let mem = memory_operand(addr)?;
            Instruction::with2(
                code(&format!("Lea_r{}_m", bits(dst.width)))?,
                iced_reg(dst)?,
                mem,
            )
            .map_err(iced_err)?
        }
        Insn::Alu { op: o, dst, src } => {
            let w = dst.width();
            let b = bits(w);
            let name = capital(o.mnemonic());
            match src {
                Src::Reg(s) => with2(&format!("{name}_rm{b}_r{b}"), op(dst)?, r(s)?)?,
                Src::Mem(m) => with2(&format!("{name}_r{b}_rm{b}"), op(dst)?, op(Rm::Mem(m))?)?,
                Src::Imm(v) => {
                    let small = i8::try_from(v).is_ok();
                    let f = imm_field(w);
                    let cname = if o != AluOp::Test && w != Width::W8 && small {
                        format!("{name}_rm{b}_imm8")
                    } else if dst.reg().is_some_and(is_acc) {
                        format!("{name}_{}_imm{f}", acc_name(w))
                    } else {
                        format!("{name}_rm{b}_imm{f}")
                    };
                    with2i(&cname, op(dst)?, v)?
                }
            }
        }
        Insn::Unary { op: o, dst } => with1(
            &format!("{}_rm{}", capital(o.mnemonic()), bits(dst.width())),
            op(dst)?,
        )?,
        Insn::Andn { dst, src1, src2 } => {
            let b = bits(dst.width);
            let c = code(&format!("VEX_Andn_r{b}_r{b}_rm{b}"))?;
            match op(src2)? {
                Op::R(s2) => Instruction::with3(c, iced_reg(dst)?, iced_reg(src1)?, s2),
                Op::M(s2) => Instruction::with3(c, iced_reg(dst)?, iced_reg(src1)?, s2),
            }
            .map_err(iced_err)?
        }
        Insn::Shift { op: o, dst, count } => {
            let b = bits(dst.width());
            let name = capital(o.mnemonic());
            match count {
                Count::Imm(1) => with2i(&format!("{name}_rm{b}_1"), op(dst)?, 1)?,
                Count::Imm(c) => with2i(&format!("{name}_rm{b}_imm8"), op(dst)?, c as i64)?,
                Count::Cl => with2(&format!("{name}_rm{b}_CL"), op(dst)?, Op::R(Register::CL))?,
            }
        }
        Insn::MulWide { signed, src } => {
            let o = if signed { "Imul" } else { "Mul" };
            with1(&format!("{o}_rm{}", bits(src.width())), op(src)?)?
        }
        Insn::Imul { dst, src, imm } => {
            let b = bits(dst.width);
            match imm {
                None => with2(&format!("Imul_r{b}_rm{b}"), r(dst)?, op(src)?)?,
                Some(v) => {
                    let f = if i8::try_from(v).is_ok() {
                        8
                    } else {
                        imm_field(dst.width)
                    };
                    let c = code(&format!("Imul_r{b}_rm{b}_imm{f}"))?;
                    match op(src)? {
                        Op::R(s) => Instruction::with3(c, iced_reg(dst)?, s, v),
                        Op::M(s) => Instruction::with3(c, iced_reg(dst)?, s, v),
                    }
                    .map_err(iced_err)?
                }
            }
        }
        Insn::Div { signed, src } => {
            let o = if signed { "Idiv" } else { "Div" };
            with1(&format!("{o}_rm{}", bits(src.width())), op(src)?)?
        }
        Insn::Bits { op: o, dst, src } => {
            let b = bits(dst.width);
            with2(
                &format!("{}_r{b}_rm{b}", capital(o.mnemonic())),
                r(dst)?,
                op(src)?,
            )?
        }
        Insn::Bt { base, bit } => {
            let b = bits(base.width());
            match bit {
                Src::Reg(x) => with2(&format!("Bt_rm{b}_r{b}"), op(base)?, r(x)?)?,
                Src::Imm(v) => with2i(&format!("Bt_rm{b}_imm8"), op(base)?, v)?,
                Src::Mem(_) => return Err(X86Error::Unsupported(format!("`{insn}`"))),
            }
        }
        Insn::Bswap { dst } => with1(&format!("Bswap_r{}", bits(dst.width)), r(dst)?)?,
        Insn::Xchg { a, b } => {
            let w = a.width;
            let n = bits(w);
            // `xchg %eax,%eax` must not become 0x90 (a nop that keeps the upper half).
            let short = w != Width::W8 && (is_acc(a) || is_acc(b)) && a != b;
            if short {
                let other = if is_acc(a) { b } else { a };
                with2(
                    &format!("Xchg_r{n}_{}", acc_name(w)),
                    r(other)?,
                    r(Reg::new(0, w))?,
                )?
            } else {
                with2(&format!("Xchg_rm{n}_r{n}"), r(b)?, r(a)?)?
            }
        }
        Insn::Cmov { cond, dst, src } => {
            let b = bits(dst.width);
            with2(
                &format!("Cmov{}_r{b}_rm{b}", cond.suffix()),
                r(dst)?,
                op(src)?,
            )?
        }
        Insn::Setcc { cond, dst } => with1(&format!("Set{}_rm8", cond.suffix()), op(dst)?)?,
        Insn::Extend(e) => Instruction::with(code(match e {
            Extend::WithinAcc(Width::W16) => "Cbw",
            Extend::WithinAcc(Width::W32) => "Cwde",
            Extend::WithinAcc(_) => "Cdqe",
            Extend::IntoDx(Width::W16) => "Cwd",
            Extend::IntoDx(Width::W32) => "Cdq",
            Extend::IntoDx(_) => "Cqo",
        })?),
        Insn::Push(x) => with1("Push_r64", r(x)?)?,
        Insn::Pop(x) => with1("Pop_r64", r(x)?)?,
        Insn::FramePointer => with2("Mov_rm64_r64", Op::R(Register::RBP), Op::R(Register::RSP))?,
        Insn::Leave => Instruction::with(code("Leaveq")?),
        Insn::AdjustRsp(n) => {
            let (name, v) = if n < 0 {
                ("Sub", -(n as i64))
            } else {
                ("Add", n as i64)
            };
            let f = if i8::try_from(v).is_ok() { 8 } else { 32 };
            with2i(&format!("{name}_rm64_imm{f}"), Op::R(Register::RSP), v)?
        }
    })
}

fn memory_operand(a: Addr) -> Result<MemoryOperand, X86Error> {
    if a.base.is_none() && a.index.is_none() {
        return Err(X86Error::Unsupported("absolute addresses".into()));
    }
    let base = match a.base {
        Some(b) => iced_reg(Reg::q(b))?,
        None => Register::None,
    };
    let index = match a.index {
        Some(i) => iced_reg(Reg::q(i))?,
        None => Register::None,
    };
    let displ_size = if a.base.is_none() {
        8
    } else if a.disp == 0 {
        0
    } else {
        1
    };
    Ok(MemoryOperand::with_base_index_scale_displ_size(
        base,
        index,
        a.scale as u32,
        a.disp as i64,
        displ_size,
    ))
}

/// Encode a program into machine code (no trailing `ret`).
pub fn encode(program: &[Insn]) -> Result<Vec<u8>, X86Error> {
    let mut enc = Encoder::new(64);
    for insn in program {
        let i = to_iced(insn)?;
        enc.encode(&i, 0)
            .map_err(|e| X86Error::Internal(format!("encoding `{insn}`: {e}")))?;
    }
    Ok(enc.take_buffer())
}

/// Decode machine code into the subset (rejecting anything outside it).
pub fn decode(bytes: &[u8]) -> Result<Vec<Insn>, X86Error> {
    let mut dec = Decoder::with_ip(64, bytes, 0, DecoderOptions::NONE);
    let mut out = Vec::new();
    while dec.can_decode() {
        let i = dec.decode();
        if i.is_invalid() {
            return Err(X86Error::Unsupported(format!(
                "invalid bytes at offset {}",
                i.ip()
            )));
        }
        out.push(from_iced(&i)?);
    }
    Ok(out)
}

/// The GAS (AT&T) text of `insn` as iced prints it.
pub fn format_gas(insn: &Insn) -> Result<String, X86Error> {
    let i = to_iced(insn)?;
    Ok(format_iced(&i))
}

/// The GAS text of an iced instruction.
pub fn format_iced(i: &Instruction) -> String {
    let mut f = GasFormatter::new();
    f.options_mut().set_space_after_operand_separator(true);
    let mut s = String::new();
    f.format(i, &mut s);
    s
}

/// A whole program as GAS text, one instruction a line.
pub fn format_program(program: &[Insn]) -> Result<String, X86Error> {
    let mut s = String::new();
    for insn in program {
        s.push_str(&format_gas(insn)?);
        s.push('\n');
    }
    Ok(s)
}

/// An iced instruction (from the decoder or elsewhere) as a subset instruction.
pub fn from_iced(i: &Instruction) -> Result<Insn, X86Error> {
    let text = || format_iced(i);
    let unsupported = || X86Error::Unsupported(format!("`{}`", text()));
    let n = i.op_count();
    let reg = |k: u32| -> Result<Reg, X86Error> {
        if i.op_kind(k) != OpKind::Register {
            return Err(unsupported());
        }
        from_iced_reg(i.op_register(k))
    };
    let is_reg = |k: u32, r: Register| i.op_kind(k) == OpKind::Register && i.op_register(k) == r;
    // A stack slot: `disp(%rsp)` or `disp(%rbp)`, no index, no segment, at the operand's size.
    let slot = || -> Result<Mem, X86Error> {
        let base = match i.memory_base() {
            Register::RSP => RSP,
            Register::RBP => RBP,
            _ => return Err(unsupported()),
        };
        if i.memory_index() != Register::None || i.segment_prefix() != Register::None {
            return Err(unsupported());
        }
        let width = match i.memory_size().size() {
            1 => Width::W8,
            2 => Width::W16,
            4 => Width::W32,
            8 => Width::W64,
            _ => return Err(unsupported()),
        };
        let disp = i32::try_from(i.memory_displacement64() as i64).map_err(|_| unsupported())?;
        Ok(Mem::new(base, disp, width))
    };
    let rm = |k: u32| -> Result<Rm, X86Error> {
        if i.op_kind(k) == OpKind::Memory {
            slot().map(Rm::Mem)
        } else {
            reg(k).map(Rm::Reg)
        }
    };
    let is_imm = |k: u32| {
        matches!(
            i.op_kind(k),
            OpKind::Immediate8
                | OpKind::Immediate16
                | OpKind::Immediate32
                | OpKind::Immediate64
                | OpKind::Immediate8to16
                | OpKind::Immediate8to32
                | OpKind::Immediate8to64
                | OpKind::Immediate32to64
        )
    };
    let src = |k: u32, w: Width| -> Result<Src, X86Error> {
        if is_imm(k) {
            Ok(Src::Imm(sext(i.immediate(k), w.bits())))
        } else {
            rm(k).map(Src::from)
        }
    };
    let m = i.mnemonic();
    let name = format!("{m:?}").to_ascii_lowercase();
    let alu = AluOp::ALL.into_iter().find(|o| o.mnemonic() == name);
    let un = UnOp::ALL.into_iter().find(|o| o.mnemonic() == name);
    let sh = ShiftOp::ALL
        .into_iter()
        .find(|o| o.mnemonic() == name || (name == "sal" && *o == ShiftOp::Shl));
    let bitop = BitOp::ALL.into_iter().find(|o| o.mnemonic() == name);
    // The frame instructions first: they name %rsp, which is no general register.
    if matches!(m, Mnemonic::Add | Mnemonic::Sub) && n == 2 && is_reg(0, Register::RSP) {
        if !is_imm(1) {
            return Err(unsupported());
        }
        let v = i32::try_from(i.immediate(1) as i64).map_err(|_| unsupported())?;
        let v = if m == Mnemonic::Sub {
            v.checked_neg().ok_or_else(unsupported)?
        } else {
            v
        };
        return Ok(Insn::AdjustRsp(v));
    }
    if m == Mnemonic::Mov && n == 2 && is_reg(0, Register::RBP) && is_reg(1, Register::RSP) {
        return Ok(Insn::FramePointer);
    }
    let insn = if let Some(op) = alu {
        let dst = rm(0)?;
        let s = src(1, dst.width())?;
        if op == AluOp::Test {
            Insn::test(dst, s)
        } else {
            Insn::Alu { op, dst, src: s }
        }
    } else if let Some(op) = un {
        Insn::Unary { op, dst: rm(0)? }
    } else if let Some(op) = sh {
        let dst = rm(0)?;
        let count = if i.op_kind(1) == OpKind::Register {
            if i.op_register(1) != Register::CL {
                return Err(unsupported());
            }
            Count::Cl
        } else {
            Count::Imm(i.immediate(1) as u8)
        };
        Insn::Shift { op, dst, count }
    } else if let Some(op) = bitop {
        Insn::Bits {
            op,
            dst: reg(0)?,
            src: rm(1)?,
        }
    } else if let Some(cond) = name.strip_prefix("cmov").and_then(Cond::parse) {
        Insn::Cmov {
            cond,
            dst: reg(0)?,
            src: rm(1)?,
        }
    } else if let Some(cond) = name.strip_prefix("set").and_then(Cond::parse) {
        Insn::Setcc { cond, dst: rm(0)? }
    } else {
        match (m, n) {
            (Mnemonic::Mov, 2) => {
                let dst = rm(0)?;
                let s = src(1, dst.width())?;
                if dst.is_mem() && matches!(s, Src::Imm(v) if i32::try_from(v).is_err()) {
                    return Err(unsupported());
                }
                Insn::Mov { dst, src: s }
            }
            (Mnemonic::Movzx | Mnemonic::Movsx | Mnemonic::Movsxd, 2) => Insn::Movx {
                signed: m != Mnemonic::Movzx,
                dst: reg(0)?,
                src: rm(1)?,
            },
            (Mnemonic::Lea, 2) => {
                if i.op_kind(1) != OpKind::Memory || i.segment_prefix() != Register::None {
                    return Err(unsupported());
                }
                let q = |r: Register| -> Result<Option<u8>, X86Error> {
                    if r == Register::None {
                        return Ok(None);
                    }
                    let x = from_iced_reg(r)?;
                    if x.width != Width::W64 {
                        return Err(unsupported());
                    }
                    Ok(Some(x.num))
                };
                let disp = i.memory_displacement64() as i64;
                Insn::Lea {
                    dst: reg(0)?,
                    addr: Addr {
                        base: q(i.memory_base())?,
                        index: q(i.memory_index())?,
                        scale: i.memory_index_scale() as u8,
                        disp: i32::try_from(disp).map_err(|_| unsupported())?,
                    },
                }
            }
            (Mnemonic::Andn, 3) => Insn::Andn {
                dst: reg(0)?,
                src1: reg(1)?,
                src2: rm(2)?,
            },
            (Mnemonic::Mul, 1) => Insn::MulWide {
                signed: false,
                src: rm(0)?,
            },
            (Mnemonic::Imul, 1) => Insn::MulWide {
                signed: true,
                src: rm(0)?,
            },
            (Mnemonic::Imul, 2) => Insn::Imul {
                dst: reg(0)?,
                src: rm(1)?,
                imm: None,
            },
            (Mnemonic::Imul, 3) => {
                let dst = reg(0)?;
                Insn::Imul {
                    dst,
                    src: rm(1)?,
                    imm: Some(sext(i.immediate(2), dst.width.bits()) as i32),
                }
            }
            (Mnemonic::Div, 1) => Insn::Div {
                signed: false,
                src: rm(0)?,
            },
            (Mnemonic::Idiv, 1) => Insn::Div {
                signed: true,
                src: rm(0)?,
            },
            (Mnemonic::Bt, 2) => {
                let base = rm(0)?;
                let bit = if is_imm(1) {
                    Src::Imm(i.immediate(1) as u8 as i64)
                } else if base.is_mem() {
                    // With a register bit offset, x86 addresses a bit string beyond the slot.
                    return Err(unsupported());
                } else {
                    Src::Reg(reg(1)?)
                };
                Insn::Bt { base, bit }
            }
            (Mnemonic::Bswap, 1) => Insn::Bswap { dst: reg(0)? },
            (Mnemonic::Xchg, 2) => Insn::xchg(reg(1)?, reg(0)?),
            (Mnemonic::Cbw, 0) => Insn::Extend(Extend::WithinAcc(Width::W16)),
            (Mnemonic::Cwde, 0) => Insn::Extend(Extend::WithinAcc(Width::W32)),
            (Mnemonic::Cdqe, 0) => Insn::Extend(Extend::WithinAcc(Width::W64)),
            (Mnemonic::Cwd, 0) => Insn::Extend(Extend::IntoDx(Width::W16)),
            (Mnemonic::Cdq, 0) => Insn::Extend(Extend::IntoDx(Width::W32)),
            (Mnemonic::Cqo, 0) => Insn::Extend(Extend::IntoDx(Width::W64)),
            (Mnemonic::Push, 1) if i.code() == Code::Push_r64 => Insn::Push(reg(0)?),
            (Mnemonic::Pop, 1) if i.code() == Code::Pop_r64 => Insn::Pop(reg(0)?),
            (Mnemonic::Leave, 0) if i.code() == Code::Leaveq => Insn::Leave,
            _ => return Err(unsupported()),
        }
    };
    Ok(insn)
}
