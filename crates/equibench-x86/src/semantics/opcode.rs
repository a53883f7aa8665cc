//! An instruction as an opcode and uniform operands ([`decompose`]) and back ([`compose`]), and
//! which operand combinations the hardware can encode ([`encodable`]). Part of the semantics (the
//! stack-slot forms of [`crate::semantics::forms`] are built with it); the search's moves draw and
//! swap opcodes and operands in this shape.

use crate::semantics::insn::{
    Addr, AluOp, BitOp, Cond, Count, Extend, Insn, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::parse::sext;
use crate::semantics::reg::{Reg, Width, RAX, RBP, RSP};

/// An instruction with its operands abstracted away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opcode {
    MovRR(Width),
    MovRI(Width),
    Movx {
        signed: bool,
        dst: Width,
        src: Width,
    },
    Lea(Width),
    AluRR(AluOp, Width),
    AluRI(AluOp, Width),
    Unary(UnOp, Width),
    Andn(Width),
    ShiftI(ShiftOp, Width),
    ShiftCl(ShiftOp, Width),
    MulWide(bool, Width),
    Imul2(Width),
    Imul3(Width),
    Div(bool, Width),
    Bits(BitOp, Width),
    BtR(Width),
    BtI(Width),
    Bswap(Width),
    Xchg(Width),
    Cmov(Cond, Width),
    Setcc(Cond),
    Extend(Extend),
    Push,
    Pop,
    FramePointer,
    Leave,
    AdjustRsp,
}

/// Operand kinds of an opcode: the opcode move swaps opcodes within one class, keeping operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    /// One register operand of this width (unary, bswap, setcc, mul/div, shift by %cl).
    R(Width),
    /// Two registers of one width.
    RR(Width),
    /// A register and an immediate.
    RI(Width),
    /// A register and a shift count.
    RCount(Width),
    /// A register and a bit index.
    RBit(Width),
    /// Three registers (andn).
    ThreeRegs(Width),
    /// Two registers and an immediate (three-operand imul).
    TwoRegsImm(Width),
    RRx(Width, Width),
    Lea(Width),
    None,
    /// push/pop: one 64-bit register.
    Stack,
    /// The frame instructions (`subq $n, %rsp` has its immediate).
    Frame,
}

impl Opcode {
    pub(crate) fn class(self) -> Class {
        use Opcode::*;
        match self {
            MovRR(w) | AluRR(_, w) | Imul2(w) | Bits(_, w) | BtR(w) | Xchg(w) | Cmov(_, w) => {
                Class::RR(w)
            }
            MovRI(w) | AluRI(_, w) => Class::RI(w),
            Unary(_, w) | ShiftCl(_, w) | MulWide(_, w) | Div(_, w) | Bswap(w) => Class::R(w),
            Setcc(_) => Class::R(Width::W8),
            ShiftI(_, w) => Class::RCount(w),
            BtI(w) => Class::RBit(w),
            Andn(w) => Class::ThreeRegs(w),
            Imul3(w) => Class::TwoRegsImm(w),
            Movx { dst, src, .. } => Class::RRx(dst, src),
            Lea(w) => Class::Lea(w),
            Extend(_) => Class::None,
            Push | Pop => Class::Stack,
            FramePointer | Leave | AdjustRsp => Class::Frame,
        }
    }

    /// Can register operand `i` be a stack slot? (x86's r/m position of each form; never both
    /// operands, which [`compose`] and the pools keep so.)
    pub fn mem_ok(self, i: usize) -> bool {
        use Opcode::*;
        match self {
            MovRR(_) | AluRR(..) => i <= 1,
            MovRI(_) | AluRI(..) | Unary(..) | ShiftI(..) | ShiftCl(..) | MulWide(..) | Div(..)
            | BtI(_) | Setcc(_) => i == 0,
            Movx { .. } | Imul2(_) | Imul3(_) | Bits(..) | Cmov(..) => i == 1,
            Andn(_) => i == 2,
            _ => false,
        }
    }

    /// The width of the main operand.
    pub(crate) fn width(self) -> Width {
        use Opcode::*;
        match self {
            MovRR(w)
            | MovRI(w)
            | Lea(w)
            | AluRR(_, w)
            | AluRI(_, w)
            | Unary(_, w)
            | Andn(w)
            | ShiftI(_, w)
            | ShiftCl(_, w)
            | MulWide(_, w)
            | Imul2(w)
            | Imul3(w)
            | Div(_, w)
            | Bits(_, w)
            | BtR(w)
            | BtI(w)
            | Bswap(w)
            | Xchg(w)
            | Cmov(_, w) => w,
            Movx { dst, .. } => dst,
            Setcc(_) => Width::W8,
            Extend(self::Extend::WithinAcc(w) | self::Extend::IntoDx(w)) => w,
            Push | Pop | FramePointer | Leave | AdjustRsp => Width::W64,
        }
    }
}

/// Operands of an instruction in a uniform shape: up to three register-or-slot operands (in the
/// order the opcode's class lists them; at most one a stack slot), an immediate, and an address
/// for `lea`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operands {
    pub regs: [Rm; 3],
    pub imm: i64,
    pub addr: Addr,
}

pub(crate) const NO_REG: Rm = Rm::Reg(Reg::new(RAX, Width::W64));
pub(crate) const NO_ADDR: Addr = Addr {
    base: None,
    index: None,
    scale: 1,
    disp: 0,
};

/// Split an instruction into opcode and operands.
pub fn decompose(insn: &Insn) -> (Opcode, Operands) {
    let mut o = Operands {
        regs: [NO_REG; 3],
        imm: 0,
        addr: NO_ADDR,
    };
    let op = match *insn {
        Insn::Mov { dst, src } => {
            o.regs[0] = dst;
            if put_source(&mut o, src) {
                Opcode::MovRI(dst.width())
            } else {
                Opcode::MovRR(dst.width())
            }
        }
        Insn::Movx { signed, dst, src } => {
            o.regs[0] = Rm::Reg(dst);
            o.regs[1] = src;
            Opcode::Movx {
                signed,
                dst: dst.width,
                src: src.width(),
            }
        }
        Insn::Lea { dst, addr } => {
            o.regs[0] = Rm::Reg(dst);
            o.addr = addr;
            Opcode::Lea(dst.width)
        }
        Insn::Alu { op, dst, src } => {
            o.regs[0] = dst;
            if put_source(&mut o, src) {
                Opcode::AluRI(op, dst.width())
            } else {
                Opcode::AluRR(op, dst.width())
            }
        }
        Insn::Unary { op, dst } => {
            o.regs[0] = dst;
            Opcode::Unary(op, dst.width())
        }
        Insn::Andn { dst, src1, src2 } => {
            o.regs = [Rm::Reg(dst), Rm::Reg(src1), src2];
            Opcode::Andn(dst.width)
        }
        Insn::Shift { op, dst, count } => {
            o.regs[0] = dst;
            match count {
                Count::Imm(c) => {
                    o.imm = c as i64;
                    Opcode::ShiftI(op, dst.width())
                }
                Count::Cl => Opcode::ShiftCl(op, dst.width()),
            }
        }
        Insn::MulWide { signed, src } => {
            o.regs[0] = src;
            Opcode::MulWide(signed, src.width())
        }
        Insn::Imul { dst, src, imm } => {
            o.regs[0] = Rm::Reg(dst);
            o.regs[1] = src;
            match imm {
                Some(v) => {
                    o.imm = v as i64;
                    Opcode::Imul3(dst.width)
                }
                None => Opcode::Imul2(dst.width),
            }
        }
        Insn::Div { signed, src } => {
            o.regs[0] = src;
            Opcode::Div(signed, src.width())
        }
        Insn::Bits { op, dst, src } => {
            o.regs[0] = Rm::Reg(dst);
            o.regs[1] = src;
            Opcode::Bits(op, dst.width)
        }
        Insn::Bt { base, bit } => {
            o.regs[0] = base;
            if put_source(&mut o, bit) {
                Opcode::BtI(base.width())
            } else {
                Opcode::BtR(base.width())
            }
        }
        Insn::Bswap { dst } => {
            o.regs[0] = Rm::Reg(dst);
            Opcode::Bswap(dst.width)
        }
        Insn::Xchg { a, b } => {
            o.regs[0] = Rm::Reg(a);
            o.regs[1] = Rm::Reg(b);
            Opcode::Xchg(a.width)
        }
        Insn::Cmov { cond, dst, src } => {
            o.regs[0] = Rm::Reg(dst);
            o.regs[1] = src;
            Opcode::Cmov(cond, dst.width)
        }
        Insn::Setcc { cond, dst } => {
            o.regs[0] = dst;
            Opcode::Setcc(cond)
        }
        Insn::Extend(e) => Opcode::Extend(e),
        Insn::Push(_) | Insn::Pop(_) | Insn::FramePointer | Insn::Leave | Insn::AdjustRsp(_) => {
            frame_op(insn, &mut o)
        }
    };
    (op, o)
}

/// Put a source operand where [`decompose`] keeps it: an immediate in `imm` (true), a register
/// or memory operand in the second slot (false); the three two-operand families share this.
fn put_source(o: &mut Operands, src: Src) -> bool {
    match src {
        Src::Imm(v) => {
            o.imm = v;
            true
        }
        Src::Reg(s) => {
            o.regs[1] = Rm::Reg(s);
            false
        }
        Src::Mem(m) => {
            o.regs[1] = Rm::Mem(m);
            false
        }
    }
}

/// [`decompose`]'s step for the stack and frame instructions.
fn frame_op(insn: &Insn, o: &mut Operands) -> Opcode {
    match *insn {
        Insn::Push(r) => {
            o.regs[0] = Rm::Reg(r);
            Opcode::Push
        }
        Insn::Pop(r) => {
            o.regs[0] = Rm::Reg(r);
            Opcode::Pop
        }
        Insn::Leave => Opcode::Leave,
        Insn::AdjustRsp(n) => {
            o.imm = n as i64;
            Opcode::AdjustRsp
        }
        // `Insn::FramePointer`, the only other instruction `decompose` passes here.
        _ => Opcode::FramePointer,
    }
}

/// Build an instruction from an opcode and operands, or None when a stack slot sits where the
/// opcode takes only a register (or two slots are given).
pub fn compose(op: Opcode, o: &Operands) -> Option<Insn> {
    let n = reg_count(op.class());
    let mut slots = 0;
    for (i, x) in o.regs[..n].iter().enumerate() {
        if x.is_mem() {
            if !op.mem_ok(i) {
                return None;
            }
            slots += 1;
        }
    }
    if slots > 1 {
        return None;
    }
    let [a, b, c] = o.regs;
    let reg = |x: Rm| x.reg();
    Some(match op {
        Opcode::MovRR(_) => Insn::Mov {
            dst: a,
            src: Src::from(b),
        },
        Opcode::MovRI(_) => Insn::Mov {
            dst: a,
            src: Src::Imm(o.imm),
        },
        Opcode::Movx { signed, .. } => Insn::Movx {
            signed,
            dst: reg(a)?,
            src: b,
        },
        Opcode::Lea(_) => Insn::Lea {
            dst: reg(a)?,
            addr: o.addr,
        },
        Opcode::AluRR(AluOp::Test, _) => Insn::test(a, Src::from(b)),
        Opcode::AluRR(op, _) => Insn::Alu {
            op,
            dst: a,
            src: Src::from(b),
        },
        Opcode::AluRI(op, _) => Insn::Alu {
            op,
            dst: a,
            src: Src::Imm(o.imm),
        },
        Opcode::Unary(op, _) => Insn::Unary { op, dst: a },
        Opcode::Andn(_) => Insn::Andn {
            dst: reg(a)?,
            src1: reg(b)?,
            src2: c,
        },
        Opcode::ShiftI(op, _) => Insn::Shift {
            op,
            dst: a,
            count: Count::Imm(o.imm as u8),
        },
        Opcode::ShiftCl(op, _) => Insn::Shift {
            op,
            dst: a,
            count: Count::Cl,
        },
        Opcode::MulWide(signed, _) => Insn::MulWide { signed, src: a },
        Opcode::Imul2(_) => Insn::Imul {
            dst: reg(a)?,
            src: b,
            imm: None,
        },
        Opcode::Imul3(_) => Insn::Imul {
            dst: reg(a)?,
            src: b,
            imm: Some(o.imm as i32),
        },
        Opcode::Div(signed, _) => Insn::Div { signed, src: a },
        Opcode::Bits(op, _) => Insn::Bits {
            op,
            dst: reg(a)?,
            src: b,
        },
        Opcode::BtR(_) => Insn::Bt {
            base: a,
            bit: Src::Reg(reg(b)?),
        },
        Opcode::BtI(_) => Insn::Bt {
            base: a,
            bit: Src::Imm(o.imm),
        },
        Opcode::Bswap(_) => Insn::Bswap { dst: reg(a)? },
        Opcode::Xchg(_) => Insn::xchg(reg(a)?, reg(b)?),
        Opcode::Cmov(cond, _) => Insn::Cmov {
            cond,
            dst: reg(a)?,
            src: b,
        },
        Opcode::Setcc(cond) => Insn::Setcc { cond, dst: a },
        Opcode::Extend(e) => Insn::Extend(e),
        Opcode::Push => Insn::Push(reg(a)?),
        Opcode::Pop => Insn::Pop(reg(a)?),
        Opcode::FramePointer => Insn::FramePointer,
        Opcode::Leave => Insn::Leave,
        Opcode::AdjustRsp => Insn::AdjustRsp(o.imm as i32),
    })
}

/// Number of register operands of a class.
pub(crate) fn reg_count(c: Class) -> usize {
    match c {
        Class::R(_)
        | Class::RI(_)
        | Class::RCount(_)
        | Class::RBit(_)
        | Class::Lea(_)
        | Class::Stack => 1,
        Class::RR(_) | Class::TwoRegsImm(_) | Class::RRx(..) => 2,
        Class::ThreeRegs(_) => 3,
        Class::None | Class::Frame => 0,
    }
}

/// How many register operands `op` has (implicit ones not counted).
pub fn register_operands(op: Opcode) -> usize {
    reg_count(op.class())
}

/// Has an immediate operand.
pub(crate) fn has_imm(c: Class) -> bool {
    matches!(
        c,
        Class::RI(_) | Class::RCount(_) | Class::RBit(_) | Class::TwoRegsImm(_)
    )
}

/// Can this instruction be encoded, and does it stay inside the subset (no `%rsp` as a register,
/// stack slots only where x86 takes a memory operand)?
pub fn encodable(insn: &Insn) -> bool {
    let (op, o) = decompose(insn);
    let class = op.class();
    let ops = &o.regs[..reg_count(class)];
    let mut regs = [Reg::new(RAX, Width::W64); 3];
    let mut k = 0;
    for x in ops {
        match *x {
            Rm::Reg(r) => {
                regs[k] = r;
                k += 1;
            }
            Rm::Mem(m) => {
                if m.base != RSP && m.base != RBP {
                    return false;
                }
            }
        }
    }
    let regs = &regs[..k];
    if regs.iter().any(|r| r.num == RSP) {
        return false;
    }
    if let Insn::Lea { addr, .. } = insn {
        if addr.base == Some(RSP) || addr.index == Some(RSP) {
            return false;
        }
        if addr.base.is_none() && addr.index.is_none() {
            return false;
        }
        if !matches!(addr.scale, 1 | 2 | 4 | 8) {
            return false;
        }
    }
    // %ah..%bh cannot share an instruction with a register that needs a REX prefix.
    if regs.iter().any(|r| r.high8) && regs.iter().any(|r| r.needs_rex()) {
        return false;
    }
    if regs.iter().any(|r| r.high8 && r.num > 3) {
        return false;
    }
    let w = op.width();
    match op {
        Opcode::MovRI(Width::W64) => !ops[0].is_mem() || i32::try_from(o.imm).is_ok(),
        Opcode::MovRI(_) | Opcode::AluRI(..) | Opcode::Imul3(_) => {
            let bits = w.bits().min(32);
            sext(o.imm as u64, bits) == o.imm
        }
        Opcode::ShiftI(..) => (0..=255).contains(&o.imm),
        Opcode::BtI(_) => (0..=255).contains(&o.imm),
        Opcode::Push | Opcode::Pop => regs.len() == 1 && regs[0].width == Width::W64,
        _ => true,
    }
}
