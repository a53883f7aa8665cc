//! The proposal distribution: the opcode, register and immediate pools, random instructions, and
//! STOKE's moves over a fixed array of slots (an empty slot is a deleted instruction).
//!
//! Everything produced here is inside the subset and encodable: registers come from a pool that
//! never holds `%rsp` (nor `%rbp` when the target uses it as its frame pointer), stack slots from
//! the target's own (and the same bytes addressed from `%rsp`), immediates are canonical for their
//! width, and [`encodable`] rejects the operand combinations the hardware has no encoding for
//! (`%ah` with a REX register). Whether a program uses its frame validly is
//! [`crate::frame`]'s question, asked of every proposal by the cost's static check.
//!
//! For targets with a frame (`-O0` code) one more move, [`MoveKind::DropFrame`], removes
//! `pushq %rbp; movq %rsp, %rbp; ... popq %rbp` in one step and re-addresses the slots from
//! `%rsp` (the red zone): deleting those instructions one at a time passes through programs with
//! an unbalanced or missing frame, which the static check refuses.

use crate::insn::{Addr, AluOp, BitOp, Cond, Count, Extend, Fx, Insn, Mem, Rm, ShiftOp, Src, UnOp};
use crate::parse::sext;
use crate::reg::{Reg, Width, RAX, RBP, RCX, RDX, RSP};
use crate::specialise::Specialised;
use equibench_core::seed::Rng as ChaCha;
use rand::Rng;
use std::collections::HashMap;

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
enum Class {
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
    fn class(self) -> Class {
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
    fn width(self) -> Width {
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

const NO_REG: Rm = Rm::Reg(Reg::new(RAX, Width::W64));
const NO_ADDR: Addr = Addr {
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
fn reg_count(c: Class) -> usize {
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
fn has_imm(c: Class) -> bool {
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

/// What the search may use: opcodes, registers per width, immediates per width, shift counts.
#[derive(Debug, Clone)]
pub struct Pools {
    pub opcodes: Vec<Opcode>,
    /// Opcodes of the pool by class (for the opcode move).
    by_class: HashMap<Class, Vec<Opcode>>,
    /// Register operands per width (index [`Width::index`]).
    pub regs: [Vec<Reg>; 4],
    /// Register numbers (for `lea` addresses).
    pub nums: Vec<u8>,
    /// Canonical immediates per width (for 64 bits: those that fit a sign-extended imm32).
    pub imms: [Vec<i64>; 4],
    /// 64-bit immediates for `movabs` (the pool plus the target's wide constants).
    pub imm64: Vec<i64>,
    /// Shift counts per width.
    pub counts: [Vec<i64>; 4],
    /// Stack slots per width: the target's own, and the same bytes addressed from `%rsp` at
    /// its entry value (what they become once the frame is dropped).
    pub mems: [Vec<Mem>; 4],
    /// The move kinds drawn from (with equal mass): [`MoveKind::ALL`], plus
    /// [`MoveKind::DropFrame`] for a target with a frame pointer.
    pub moves: Vec<MoveKind>,
}

/// STOKE's immediate pool.
const IMM_POOL: [i64; 25] = [
    0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 16, -16, 32, -32, 64, -64, 128, -128,
];

/// Scratch registers offered beyond those the problem names (caller-saved, no special roles
/// except %rcx for shift counts and %rdx for wide products).
const SCRATCH: [u8; 4] = [RCX, RDX, 8, 9];

/// What the target uses, gathered in one pass over it: the raw material of every pool.
#[derive(Debug, Default)]
struct TargetUse {
    /// Register numbers (def_in, live_out, every register the target names or touches, the
    /// scratch registers), without %rsp and, in a target with a frame pointer, %rbp; sorted.
    nums: Vec<u8>,
    /// Operand widths (32 and 64 always), sorted.
    widths: Vec<Width>,
    /// Whether the target names %ah..%bh.
    high8: bool,
    /// Immediates and `lea` displacements of the target.
    imms: Vec<i64>,
    /// Shift counts of the target.
    counts: Vec<i64>,
    uses_mul: bool,
    uses_div: bool,
    uses_extend: bool,
    /// Stack slots per width, each also addressed from `%rsp` at its entry value.
    mems: [Vec<Mem>; 4],
    frame_pointer: bool,
}

impl TargetUse {
    fn of(target: &[Insn], def_in: &crate::Locs, live_out: &crate::Locs) -> TargetUse {
        let mut u = TargetUse {
            nums: def_in.reg_nums().chain(live_out.reg_nums()).collect(),
            widths: vec![Width::W32, Width::W64],
            frame_pointer: target.contains(&Insn::FramePointer),
            ..TargetUse::default()
        };
        // Where each slot of the target lies (definedness aside: every register counts).
        let mut frame = crate::frame::Checker::new(&crate::Locs {
            regs: [u64::MAX; 16],
            flags: crate::flags::ALL,
        });
        for insn in target {
            u.operands(insn, &frame);
            let _ = frame.step(insn, &Fx::of(insn));
        }
        u.nums.extend(SCRATCH);
        // The frame pointer is no data register for a target that has one.
        let frame_pointer = u.frame_pointer;
        u.nums
            .retain(|n| *n != RSP && *n < 16 && !(frame_pointer && *n == RBP));
        for list in &mut u.mems {
            list.sort_unstable();
            list.dedup();
        }
        u.nums.sort_unstable();
        u.nums.dedup();
        u.widths.sort_unstable();
        u.widths.dedup();
        u
    }

    /// Record what one instruction of the target uses; `frame` is the checker's state before it.
    fn operands(&mut self, insn: &Insn, frame: &crate::frame::Checker) {
        let (op, o) = decompose(insn);
        let class = op.class();
        for x in &o.regs[..reg_count(class)] {
            match *x {
                Rm::Reg(r) => {
                    self.nums.push(r.num);
                    self.widths.push(r.width);
                    self.high8 |= r.high8;
                }
                Rm::Mem(m) => {
                    let list = &mut self.mems[m.width.index()];
                    list.push(m);
                    if let Some(offset) = frame.resolve(m).ok().and_then(|o| i32::try_from(o).ok())
                    {
                        list.push(Mem::new(RSP, offset, m.width));
                    }
                }
            }
        }
        if let Insn::Lea { addr, .. } = insn {
            self.nums.extend(addr.base);
            self.nums.extend(addr.index);
            self.imms.push(addr.disp as i64);
        }
        match op {
            Opcode::ShiftI(..) => self.counts.push(o.imm),
            Opcode::AdjustRsp => {}
            _ if has_imm(class) => self.imms.push(o.imm),
            _ => {}
        }
        let e = insn.effects();
        for n in 0..16u8 {
            if e.reads[n as usize] | e.writes[n as usize] != 0 {
                self.nums.push(n);
            }
        }
        self.uses_mul |= matches!(op, Opcode::MulWide(..));
        self.uses_div |= matches!(op, Opcode::Div(..));
        self.uses_extend |= matches!(op, Opcode::Extend(_));
    }

    /// Register operands per width. Byte registers always exist (for setcc and movzb); byte
    /// arithmetic only if the target uses it.
    fn registers(&self) -> [Vec<Reg>; 4] {
        let mut regs: [Vec<Reg>; 4] = Default::default();
        let mut reg_widths = self.widths.clone();
        if !reg_widths.contains(&Width::W8) {
            reg_widths.insert(0, Width::W8);
        }
        for &w in &reg_widths {
            let list = &mut regs[w.index()];
            for &n in &self.nums {
                list.push(Reg::new(n, w));
            }
            if w == Width::W8 && self.high8 {
                for n in 0..4u8 {
                    if self.nums.contains(&n) {
                        list.push(Reg::high(n));
                    }
                }
            }
        }
        regs
    }

    /// Immediates per width (STOKE's pool plus the target's, those each width can encode), and
    /// the 64-bit ones for `movabs`.
    fn immediates(&self) -> ([Vec<i64>; 4], Vec<i64>) {
        let mut imms: [Vec<i64>; 4] = Default::default();
        for w in Width::ALL {
            let bits = w.bits().min(32);
            let mut v: Vec<i64> = IMM_POOL
                .iter()
                .chain(&self.imms)
                .map(|&x| sext(x as u64, w.bits()))
                .filter(|&x| sext(x as u64, bits) == x)
                .collect();
            v.sort_unstable();
            v.dedup();
            imms[w.index()] = v;
        }
        let mut imm64: Vec<i64> = IMM_POOL.iter().chain(&self.imms).copied().collect();
        imm64.sort_unstable();
        imm64.dedup();
        (imms, imm64)
    }

    /// Shift counts per width: small ones, byte multiples, the width's last bit, the target's.
    fn shift_counts(&self) -> [Vec<i64>; 4] {
        let mut counts: [Vec<i64>; 4] = Default::default();
        for w in Width::ALL {
            let mut v: Vec<i64> = (1..=8)
                .chain([16, 24, 32, 48, 56, 63])
                .chain(self.counts.iter().copied())
                .filter(|&c| (c >= 1 && c < w.bits() as i64) || self.counts.contains(&c))
                .filter(|&c| (0..=255).contains(&c))
                .collect();
            v.sort_unstable();
            v.dedup();
            counts[w.index()] = v;
        }
        counts
    }

    /// The opcodes of every width the target uses (multiplication, division and the narrow
    /// accumulator extensions only if it uses them), minus those no register can serve.
    fn opcodes(&self, regs: &[Vec<Reg>; 4]) -> Vec<Opcode> {
        let mut opcodes = Vec::new();
        for &w in &self.widths {
            self.width_opcodes(w, &mut opcodes);
        }
        for c in Cond::ALL {
            opcodes.push(Opcode::Setcc(c));
        }
        let widths = &self.widths;
        for (signed, sw, dw) in crate::insn::EXTENSIONS {
            if widths.contains(&dw) && (widths.contains(&sw) || sw == Width::W8) {
                opcodes.push(Opcode::Movx {
                    signed,
                    dst: dw,
                    src: sw,
                });
            }
        }
        // Sign extensions of the accumulator: the 32/64-bit ones always, the rest if used.
        let ext = [
            (Extend::WithinAcc(Width::W64), true),
            (Extend::IntoDx(Width::W32), true),
            (Extend::IntoDx(Width::W64), true),
            (Extend::WithinAcc(Width::W32), self.uses_extend),
            (Extend::WithinAcc(Width::W16), self.uses_extend),
            (Extend::IntoDx(Width::W16), self.uses_extend),
        ];
        for (e, on) in ext {
            if on
                && widths.contains(&match e {
                    Extend::WithinAcc(w) | Extend::IntoDx(w) => w,
                })
            {
                opcodes.push(Opcode::Extend(e));
            }
        }
        // Opcodes the registers cannot serve (no register of that width) are dropped.
        opcodes.retain(|op| !regs[op.width().index()].is_empty() || op.class() == Class::None);
        opcodes
    }

    /// The opcodes of one operand width.
    fn width_opcodes(&self, w: Width, opcodes: &mut Vec<Opcode>) {
        opcodes.push(Opcode::MovRR(w));
        opcodes.push(Opcode::MovRI(w));
        for op in AluOp::ALL {
            opcodes.push(Opcode::AluRR(op, w));
            opcodes.push(Opcode::AluRI(op, w));
        }
        for op in UnOp::ALL {
            opcodes.push(Opcode::Unary(op, w));
        }
        for op in ShiftOp::ALL {
            opcodes.push(Opcode::ShiftI(op, w));
            opcodes.push(Opcode::ShiftCl(op, w));
        }
        if self.uses_mul {
            opcodes.push(Opcode::MulWide(false, w));
            opcodes.push(Opcode::MulWide(true, w));
        }
        if self.uses_div {
            opcodes.push(Opcode::Div(false, w));
            opcodes.push(Opcode::Div(true, w));
        }
        opcodes.push(Opcode::Xchg(w));
        if w != Width::W8 {
            opcodes.push(Opcode::Lea(w));
            opcodes.push(Opcode::Imul2(w));
            opcodes.push(Opcode::Imul3(w));
            for op in BitOp::ALL {
                opcodes.push(Opcode::Bits(op, w));
            }
            opcodes.push(Opcode::BtR(w));
            opcodes.push(Opcode::BtI(w));
            for c in Cond::ALL {
                opcodes.push(Opcode::Cmov(c, w));
            }
        }
        if matches!(w, Width::W32 | Width::W64) {
            opcodes.push(Opcode::Andn(w));
            opcodes.push(Opcode::Bswap(w));
        }
    }
}

impl Pools {
    /// Pools for a problem: registers of def_in, live_out and the target plus scratch ones;
    /// widths 32 and 64 plus any the target uses; STOKE's immediates plus the target's.
    pub fn new(target: &[Insn], def_in: &crate::Locs, live_out: &crate::Locs) -> Pools {
        let used = TargetUse::of(target, def_in, live_out);
        let regs = used.registers();
        let (imms, imm64) = used.immediates();
        let opcodes = used.opcodes(&regs);
        let mut by_class: HashMap<Class, Vec<Opcode>> = HashMap::new();
        for &op in &opcodes {
            by_class.entry(op.class()).or_default().push(op);
        }
        let mut moves = MoveKind::ALL.to_vec();
        if used.frame_pointer {
            moves.push(MoveKind::DropFrame);
        }
        Pools {
            opcodes,
            by_class,
            regs,
            counts: used.shift_counts(),
            imms,
            imm64,
            mems: used.mems,
            nums: used.nums,
            moves,
        }
    }

    fn reg(&self, rng: &mut ChaCha, w: Width) -> Option<Reg> {
        let list = &self.regs[w.index()];
        if list.is_empty() {
            None
        } else {
            Some(list[rng.gen_range(0..list.len())])
        }
    }

    /// Operand `i` of `op`: a register, or (one time in four, where the opcode takes a memory
    /// operand there and the target has slots of that width) a stack slot. No random draw is
    /// spent on slots when there are none, so register-only targets search as they did.
    fn rm(&self, rng: &mut ChaCha, op: Opcode, i: usize, slot_ok: bool) -> Option<Rm> {
        let w = Self::reg_width(op, i);
        let mems = &self.mems[w.index()];
        if slot_ok && op.mem_ok(i) && !mems.is_empty() && rng.gen_range(0..4) == 0 {
            return Some(Rm::Mem(mems[rng.gen_range(0..mems.len())]));
        }
        self.reg(rng, w).map(Rm::Reg)
    }

    fn num(&self, rng: &mut ChaCha) -> u8 {
        self.nums[rng.gen_range(0..self.nums.len())]
    }

    fn imm(&self, rng: &mut ChaCha, op: Opcode) -> i64 {
        let w = op.width();
        let list: &[i64] = match op {
            Opcode::MovRI(Width::W64) => &self.imm64,
            Opcode::ShiftI(..) => &self.counts[w.index()],
            Opcode::BtI(_) => return rng.gen_range(0..w.bits() as i64),
            _ => &self.imms[w.index()],
        };
        if list.is_empty() {
            return 1;
        }
        list[rng.gen_range(0..list.len())]
    }

    fn addr(&self, rng: &mut ChaCha) -> Addr {
        let (base, index) = match rng.gen_range(0..4) {
            0 => (None, Some(self.num(rng))),
            1 => (Some(self.num(rng)), None),
            _ => (Some(self.num(rng)), Some(self.num(rng))),
        };
        let scale = [1, 2, 4, 8][rng.gen_range(0..4)];
        let disp = if rng.gen_range(0..3) == 0 {
            0
        } else {
            let list = &self.imms[Width::W32.index()];
            list[rng.gen_range(0..list.len())] as i32
        };
        Addr {
            base,
            index,
            scale,
            disp,
        }
    }

    /// Register operand `i` of an opcode: its width (the source of movx is narrower).
    fn reg_width(op: Opcode, i: usize) -> Width {
        match (op, i) {
            (Opcode::Movx { src, .. }, 1) => src,
            _ => op.width(),
        }
    }

    /// Random operands for `op`.
    fn operands(&self, rng: &mut ChaCha, op: Opcode) -> Option<Operands> {
        let class = op.class();
        let mut o = Operands {
            regs: [NO_REG; 3],
            imm: 0,
            addr: NO_ADDR,
        };
        let mut slot_ok = true;
        for i in 0..reg_count(class) {
            o.regs[i] = self.rm(rng, op, i, slot_ok)?;
            slot_ok &= !o.regs[i].is_mem();
        }
        if has_imm(class) {
            o.imm = self.imm(rng, op);
        }
        if class == Class::Lea(op.width()) {
            o.addr = self.addr(rng);
        }
        Some(o)
    }

    /// A random encodable instruction from the pools (STOKE's "instruction" move).
    pub fn random_insn(&self, rng: &mut ChaCha) -> Option<Insn> {
        for _ in 0..16 {
            let op = self.opcodes[rng.gen_range(0..self.opcodes.len())];
            if let Some(o) = self.operands(rng, op) {
                if let Some(insn) = compose(op, &o) {
                    if encodable(&insn) {
                        return Some(insn);
                    }
                }
            }
        }
        None
    }

    /// The same operands under another opcode of the same operand kinds.
    pub fn change_opcode(&self, rng: &mut ChaCha, insn: &Insn) -> Option<Insn> {
        let (op, o) = decompose(insn);
        let peers = self.by_class.get(&op.class())?;
        if peers.len() < 2 {
            return None;
        }
        for _ in 0..4 {
            let new = peers[rng.gen_range(0..peers.len())];
            if new == op {
                continue;
            }
            if let Some(cand) = compose(new, &o) {
                if encodable(&cand) {
                    return Some(cand);
                }
            }
        }
        None
    }

    /// One operand replaced by a random one of the same kind.
    pub fn change_operand(&self, rng: &mut ChaCha, insn: &Insn) -> Option<Insn> {
        let (op, o) = decompose(insn);
        let class = op.class();
        let nregs = reg_count(class);
        let lea = matches!(op, Opcode::Lea(_));
        // Operand positions: registers, then the immediate, then lea's base/index/scale/disp.
        let positions = nregs + has_imm(class) as usize + if lea { 4 } else { 0 };
        if positions == 0 {
            return None;
        }
        for _ in 0..4 {
            let mut k = rng.gen_range(0..positions);
            let mut new = o;
            if k < nregs {
                let others_mem = (0..nregs).any(|j| j != k && o.regs[j].is_mem());
                new.regs[k] = self.rm(rng, op, k, !others_mem)?;
            } else {
                k -= nregs;
                if has_imm(class) {
                    if k == 0 {
                        new.imm = self.imm(rng, op);
                    }
                } else {
                    match k {
                        0 => {
                            new.addr.base = if new.addr.base.is_some() && rng.gen_range(0..4) == 0 {
                                None
                            } else {
                                Some(self.num(rng))
                            }
                        }
                        1 => {
                            new.addr.index = if new.addr.index.is_some() && rng.gen_range(0..4) == 0
                            {
                                None
                            } else {
                                Some(self.num(rng))
                            }
                        }
                        2 => new.addr.scale = [1, 2, 4, 8][rng.gen_range(0..4)],
                        _ => new.addr.disp = self.addr(rng).disp,
                    }
                }
            }
            if let Some(cand) = compose(op, &new) {
                if cand != *insn && encodable(&cand) {
                    return Some(cand);
                }
            }
        }
        None
    }
}

/// The move kinds, drawn with equal mass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    Instruction,
    Opcode,
    Operand,
    LocalSwap,
    GlobalSwap,
    Rotate,
    Delete,
    Insert,
    /// Remove `pushq %rbp; movq %rsp, %rbp; ...; popq %rbp` at once, re-addressing the slots
    /// between from `%rsp` (targets with a frame pointer only).
    DropFrame,
}

impl MoveKind {
    pub const ALL: [MoveKind; 8] = [
        MoveKind::Instruction,
        MoveKind::Opcode,
        MoveKind::Operand,
        MoveKind::LocalSwap,
        MoveKind::GlobalSwap,
        MoveKind::Rotate,
        MoveKind::Delete,
        MoveKind::Insert,
    ];
}

/// One program position: an instruction (None = empty, a deleted instruction) with its cached
/// effects and latency, so moves carry them along instead of recomputing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub insn: Option<Insn>,
    pub fx: Fx,
    pub latency: u32,
    /// How the evaluator runs it.
    pub run: Specialised,
}

impl Slot {
    pub const EMPTY: Slot = Slot {
        insn: None,
        fx: Fx::NONE,
        latency: 0,
        run: Specialised::GENERIC,
    };

    pub fn new(insn: Insn) -> Slot {
        Slot {
            insn: Some(insn),
            fx: Fx::of(&insn),
            latency: super::latency::latency(&insn),
            run: Specialised::of(&insn),
        }
    }
}

/// How to take a move back.
#[derive(Debug, Clone)]
pub enum Undo {
    Set(usize, Slot),
    Swap(usize, usize),
    /// Rotated `lo..=hi` left (true) or right (false).
    Rotate(usize, usize, bool),
    /// Inserted at `i`, absorbing the empty slot `j`.
    Insert(usize, usize),
    /// The slots from `at` on, as they were.
    Restore(usize, Vec<Slot>),
}

impl Undo {
    pub fn undo(self, slots: &mut [Slot]) {
        match self {
            Undo::Set(i, old) => slots[i] = old,
            Undo::Swap(i, j) => slots.swap(i, j),
            Undo::Rotate(lo, hi, true) => slots[lo..=hi].rotate_right(1),
            Undo::Rotate(lo, hi, false) => slots[lo..=hi].rotate_left(1),
            Undo::Insert(i, j) => {
                slots[i] = Slot::EMPTY;
                slots[i..=j].rotate_left(1);
            }
            Undo::Restore(at, old) => slots[at..at + old.len()].copy_from_slice(&old),
        }
    }
}

/// A random occupied slot: a few random picks, then a scan from a random start.
fn occupied(slots: &[Slot], rng: &mut ChaCha) -> Option<usize> {
    let n = slots.len();
    for _ in 0..4 {
        let i = rng.gen_range(0..n);
        if slots[i].insn.is_some() {
            return Some(i);
        }
    }
    let start = rng.gen_range(0..n);
    (0..n)
        .map(|k| (start + k) % n)
        .find(|&i| slots[i].insn.is_some())
}

/// Apply a random move of `kind` to `slots`. Returns how to undo it, or None when the move does
/// not apply (nothing changed).
pub fn apply(pools: &Pools, rng: &mut ChaCha, slots: &mut [Slot], kind: MoveKind) -> Option<Undo> {
    let n = slots.len();
    if n == 0 {
        return None;
    }
    match kind {
        MoveKind::Instruction => {
            let i = rng.gen_range(0..n);
            let old = slots[i];
            slots[i] = Slot::new(pools.random_insn(rng)?);
            Some(Undo::Set(i, old))
        }
        MoveKind::Opcode => {
            let i = occupied(slots, rng)?;
            let old = slots[i];
            slots[i] = Slot::new(pools.change_opcode(rng, &old.insn?)?);
            Some(Undo::Set(i, old))
        }
        MoveKind::Operand => {
            let i = occupied(slots, rng)?;
            let old = slots[i];
            slots[i] = Slot::new(pools.change_operand(rng, &old.insn?)?);
            Some(Undo::Set(i, old))
        }
        MoveKind::LocalSwap | MoveKind::GlobalSwap => {
            if n < 2 {
                return None;
            }
            let i = occupied(slots, rng)?;
            let j = if kind == MoveKind::LocalSwap {
                let d = rng.gen_range(1..=2usize);
                if rng.gen::<bool>() {
                    i.checked_sub(d)?
                } else {
                    i + d
                }
            } else {
                rng.gen_range(0..n)
            };
            if j >= n || slots[i].insn == slots[j].insn {
                return None;
            }
            slots.swap(i, j);
            Some(Undo::Swap(i, j))
        }
        MoveKind::Rotate => {
            if n < 3 {
                return None;
            }
            let i = rng.gen_range(0..n);
            let j = rng.gen_range(0..n);
            let (lo, hi) = (i.min(j), i.max(j));
            if hi < lo + 2 {
                // Two-slot rotations are swaps.
                return None;
            }
            let left = rng.gen::<bool>();
            if left {
                slots[lo..=hi].rotate_left(1);
            } else {
                slots[lo..=hi].rotate_right(1);
            }
            Some(Undo::Rotate(lo, hi, left))
        }
        MoveKind::Delete => {
            let i = occupied(slots, rng)?;
            let old = slots[i];
            slots[i] = Slot::EMPTY;
            Some(Undo::Set(i, old))
        }
        MoveKind::Insert => {
            // Shift i.. right into the first empty slot at or after i.
            let i = rng.gen_range(0..n);
            let j = (i..n).find(|&j| slots[j].insn.is_none())?;
            let insn = pools.random_insn(rng)?;
            slots[i..=j].rotate_right(1);
            slots[i] = Slot::new(insn);
            Some(Undo::Insert(i, j))
        }
        MoveKind::DropFrame => drop_frame(slots),
    }
}

/// [`MoveKind::DropFrame`]: `pushq %rbp`, then `movq %rsp, %rbp`, then (after no other stack
/// instruction) `popq %rbp` or `leave` become empty slots, and every stack slot between is
/// addressed from `%rsp`, which now stays at its entry value: `disp(%rbp)` and `disp(%rsp)` both
/// become `(disp - 8)(%rsp)`. None when the slots have no such frame.
fn drop_frame(slots: &mut [Slot]) -> Option<Undo> {
    let push = slots
        .iter()
        .position(|s| s.insn == Some(Insn::Push(Reg::q(RBP))))?;
    let mut set = None;
    let mut end = None;
    for (k, s) in slots.iter().enumerate().skip(push + 1) {
        match s.insn {
            Some(Insn::FramePointer) if set.is_none() => set = Some(k),
            Some(Insn::Pop(r)) if r == Reg::q(RBP) && set.is_some() => {
                end = Some(k);
                break;
            }
            Some(Insn::Leave) if set.is_some() => {
                end = Some(k);
                break;
            }
            Some(i) if i.is_stack_op() => return None,
            _ => {}
        }
    }
    let (set, end) = (set?, end?);
    let mut new = slots[push..=end].to_vec();
    for (k, slot) in (push..=end).zip(new.iter_mut()) {
        if k == push || k == set || k == end {
            *slot = Slot::EMPTY;
            continue;
        }
        let Some(insn) = slot.insn else {
            continue;
        };
        let (op, mut o) = decompose(&insn);
        let mut changed = false;
        for x in o.regs.iter_mut() {
            if let Rm::Mem(m) = *x {
                *x = Rm::Mem(Mem::new(RSP, m.disp.checked_sub(8)?, m.width));
                changed = true;
            }
        }
        if changed {
            *slot = Slot::new(compose(op, &o)?);
        }
    }
    let old = slots[push..=end].to_vec();
    slots[push..=end].copy_from_slice(&new);
    Some(Undo::Restore(push, old))
}
