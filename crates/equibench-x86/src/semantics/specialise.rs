//! Instructions specialised for the search's inner loop, which runs one program on many test
//! cases: for the common register forms, a function of its own per operation and width, chosen
//! once per instruction, in which the interpreter's semantics of that kind of instruction (the
//! method [`Machine::exec`] dispatches to, inlined) see every part but the register numbers and
//! immediates as a constant. Dispatch on the instruction's kind, operation, width and operand
//! kinds then happens once per proposal rather than once per instruction and test case.
//!
//! There is no second copy of the semantics: a specialised function calls the method `exec`
//! calls for its kind, with constants and the instruction's own registers; every other form
//! (stack slots, `%ah`..`%bh`, the rarer instructions) runs `exec` as it is. Inlining only that
//! method, not all of `exec`, into each of the ~270 functions keeps the optimised compile of the
//! crate at a third of what it was (issue 38).

use crate::semantics::insn::{
    AluOp, BitOp, Cond, Count, Fx, Insn, Rm, ShiftOp, Src, UnOp, EXTENSIONS,
};
use crate::semantics::interp::{Fault, Machine};
use crate::semantics::reg::{Reg, Width};
use std::fmt;

type Run = fn(&mut Machine, &Insn) -> Result<(), Fault>;

/// How to run one instruction: [`Specialised::run`] is [`Machine::exec`] of it.
#[derive(Clone, Copy)]
pub struct Specialised(Run);

impl fmt::Debug for Specialised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Specialised")
    }
}

impl PartialEq for Specialised {
    fn eq(&self, other: &Specialised) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for Specialised {}

impl Specialised {
    /// Runs any instruction (unspecialised).
    pub const GENERIC: Specialised = Specialised(generic);

    /// The function for `insn`.
    pub fn of(insn: &Insn) -> Specialised {
        let plain = |r: Reg| !r.high8;
        let run = match *insn {
            Insn::Mov {
                dst: Rm::Reg(d),
                src,
            } if plain(d) => match src {
                Src::Reg(s) if plain(s) => MOV_RR[d.width.index()],
                Src::Imm(_) => MOV_RI[d.width.index()],
                _ => generic,
            },
            Insn::Alu {
                op,
                dst: Rm::Reg(d),
                src,
            } if plain(d) => match src {
                Src::Reg(s) if plain(s) => ALU_RR[alu(op)][d.width.index()],
                Src::Imm(_) => ALU_RI[alu(op)][d.width.index()],
                _ => generic,
            },
            Insn::Unary {
                op,
                dst: Rm::Reg(d),
            } if plain(d) => UNARY[unop(op)][d.width.index()],
            Insn::Shift {
                op,
                dst: Rm::Reg(d),
                count,
            } if plain(d) => match count {
                Count::Imm(_) => SHIFT_I[shift(op)][d.width.index()],
                Count::Cl => SHIFT_CL[shift(op)][d.width.index()],
            },
            Insn::Cmov {
                cond,
                dst,
                src: Rm::Reg(s),
            } if plain(s) => CMOV[cond as usize][dst.width.index()],
            Insn::Setcc {
                cond,
                dst: Rm::Reg(d),
            } if plain(d) => SETCC[cond as usize],
            Insn::Lea { dst, .. } => LEA[dst.width.index()],
            Insn::Imul {
                dst,
                src: Rm::Reg(s),
                imm,
            } if plain(s) => match imm {
                None => IMUL2[dst.width.index()],
                Some(_) => IMUL3[dst.width.index()],
            },
            Insn::Movx {
                signed,
                dst,
                src: Rm::Reg(s),
            } if plain(s) => EXTENSIONS
                .iter()
                .position(|&e| e == (signed, s.width, dst.width))
                .map_or(generic as Run, |k| MOVX[k]),
            Insn::Bits {
                op,
                dst,
                src: Rm::Reg(s),
            } if plain(s) => BITS[bitop(op)][dst.width.index()],
            _ => generic,
        };
        Specialised(run)
    }

    /// [`Machine::exec`] of `insn`, which must be the instruction this was made for.
    #[inline(always)]
    pub fn run(self, m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
        (self.0)(m, insn)
    }

    /// [`Machine::step_with`] for the search's inner loop: `insn` (with effects `fx`) runs
    /// through this function unless it reads something undefined, which only the interpreter's
    /// tracking path handles.
    #[inline(always)]
    pub fn step(self, m: &mut Machine, insn: &Insn, fx: &Fx) -> Result<(), Fault> {
        if !m.tainted_by(fx) {
            return self.run(m, insn);
        }
        m.step_tainted(insn, fx)
    }
}

fn alu(op: AluOp) -> usize {
    AluOp::ALL.iter().position(|&o| o == op).expect("in ALL")
}

fn unop(op: UnOp) -> usize {
    UnOp::ALL.iter().position(|&o| o == op).expect("in ALL")
}

fn shift(op: ShiftOp) -> usize {
    ShiftOp::ALL.iter().position(|&o| o == op).expect("in ALL")
}

fn bitop(op: BitOp) -> usize {
    BitOp::ALL.iter().position(|&o| o == op).expect("in ALL")
}

fn generic(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    m.exec(insn)
}

const fn reg(num: u8, w: usize) -> Reg {
    Reg::new(num, Width::ALL[w])
}

fn mov_rr<const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Mov {
        dst: Rm::Reg(d),
        src: Src::Reg(s),
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_mov(Rm::Reg(reg(d.num, W)), Src::Reg(reg(s.num, W)))
}

fn mov_ri<const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Mov {
        dst: Rm::Reg(d),
        src: Src::Imm(v),
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_mov(Rm::Reg(reg(d.num, W)), Src::Imm(v))
}

fn alu_rr<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Alu {
        dst: Rm::Reg(d),
        src: Src::Reg(s),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_alu(
        AluOp::ALL[OP],
        Rm::Reg(reg(d.num, W)),
        Src::Reg(reg(s.num, W)),
    )
}

fn alu_ri<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Alu {
        dst: Rm::Reg(d),
        src: Src::Imm(v),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_alu(AluOp::ALL[OP], Rm::Reg(reg(d.num, W)), Src::Imm(v))
}

fn unary<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Unary {
        dst: Rm::Reg(d), ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_unary(UnOp::ALL[OP], Rm::Reg(reg(d.num, W)))
}

fn shift_i<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Shift {
        dst: Rm::Reg(d),
        count: Count::Imm(c),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.shift(ShiftOp::ALL[OP], Rm::Reg(reg(d.num, W)), Count::Imm(c))
}

fn shift_cl<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Shift {
        dst: Rm::Reg(d),
        count: Count::Cl,
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.shift(ShiftOp::ALL[OP], Rm::Reg(reg(d.num, W)), Count::Cl)
}

fn cmov<const C: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Cmov {
        dst,
        src: Rm::Reg(s),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_cmov(Cond::ALL[C], reg(dst.num, W), Rm::Reg(reg(s.num, W)))
}

fn setcc<const C: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Setcc {
        dst: Rm::Reg(d), ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_setcc(Cond::ALL[C], Rm::Reg(reg(d.num, 0)))
}

fn lea<const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Lea { dst, addr } = *insn else {
        return m.exec(insn);
    };
    {
        m.exec_lea(reg(dst.num, W), addr);
        Ok(())
    }
}

fn imul2<const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Imul {
        dst,
        src: Rm::Reg(s),
        imm: None,
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_imul(reg(dst.num, W), Rm::Reg(reg(s.num, W)), None)
}

fn imul3<const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Imul {
        dst,
        src: Rm::Reg(s),
        imm: Some(v),
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_imul(reg(dst.num, W), Rm::Reg(reg(s.num, W)), Some(v))
}

fn movx<const K: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Movx {
        dst,
        src: Rm::Reg(s),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    let (signed, sw, dw) = EXTENSIONS[K];
    m.exec_movx(signed, Reg::new(dst.num, dw), Rm::Reg(Reg::new(s.num, sw)))
}

fn bits<const OP: usize, const W: usize>(m: &mut Machine, insn: &Insn) -> Result<(), Fault> {
    let Insn::Bits {
        dst,
        src: Rm::Reg(s),
        ..
    } = *insn
    else {
        return m.exec(insn);
    };
    m.exec_bits(BitOp::ALL[OP], reg(dst.num, W), Rm::Reg(reg(s.num, W)))
}

/// `[f::<A, 0>, .., f::<A, 3>]`: one function per width (index [`Width::index`]).
macro_rules! widths {
    ($f:ident) => {
        [$f::<0> as Run, $f::<1>, $f::<2>, $f::<3>]
    };
    ($f:ident, $a:literal) => {
        [$f::<$a, 0> as Run, $f::<$a, 1>, $f::<$a, 2>, $f::<$a, 3>]
    };
}

const MOV_RR: [Run; 4] = widths!(mov_rr);
const MOV_RI: [Run; 4] = widths!(mov_ri);
const LEA: [Run; 4] = widths!(lea);
const IMUL2: [Run; 4] = widths!(imul2);
const IMUL3: [Run; 4] = widths!(imul3);
const ALU_RR: [[Run; 4]; 9] = [
    widths!(alu_rr, 0),
    widths!(alu_rr, 1),
    widths!(alu_rr, 2),
    widths!(alu_rr, 3),
    widths!(alu_rr, 4),
    widths!(alu_rr, 5),
    widths!(alu_rr, 6),
    widths!(alu_rr, 7),
    widths!(alu_rr, 8),
];
const ALU_RI: [[Run; 4]; 9] = [
    widths!(alu_ri, 0),
    widths!(alu_ri, 1),
    widths!(alu_ri, 2),
    widths!(alu_ri, 3),
    widths!(alu_ri, 4),
    widths!(alu_ri, 5),
    widths!(alu_ri, 6),
    widths!(alu_ri, 7),
    widths!(alu_ri, 8),
];
const UNARY: [[Run; 4]; 4] = [
    widths!(unary, 0),
    widths!(unary, 1),
    widths!(unary, 2),
    widths!(unary, 3),
];
const SHIFT_I: [[Run; 4]; 5] = [
    widths!(shift_i, 0),
    widths!(shift_i, 1),
    widths!(shift_i, 2),
    widths!(shift_i, 3),
    widths!(shift_i, 4),
];
const SHIFT_CL: [[Run; 4]; 5] = [
    widths!(shift_cl, 0),
    widths!(shift_cl, 1),
    widths!(shift_cl, 2),
    widths!(shift_cl, 3),
    widths!(shift_cl, 4),
];
const BITS: [[Run; 4]; 5] = [
    widths!(bits, 0),
    widths!(bits, 1),
    widths!(bits, 2),
    widths!(bits, 3),
    widths!(bits, 4),
];
const CMOV: [[Run; 4]; 16] = [
    widths!(cmov, 0),
    widths!(cmov, 1),
    widths!(cmov, 2),
    widths!(cmov, 3),
    widths!(cmov, 4),
    widths!(cmov, 5),
    widths!(cmov, 6),
    widths!(cmov, 7),
    widths!(cmov, 8),
    widths!(cmov, 9),
    widths!(cmov, 10),
    widths!(cmov, 11),
    widths!(cmov, 12),
    widths!(cmov, 13),
    widths!(cmov, 14),
    widths!(cmov, 15),
];
const SETCC: [Run; 16] = [
    setcc::<0>,
    setcc::<1>,
    setcc::<2>,
    setcc::<3>,
    setcc::<4>,
    setcc::<5>,
    setcc::<6>,
    setcc::<7>,
    setcc::<8>,
    setcc::<9>,
    setcc::<10>,
    setcc::<11>,
    setcc::<12>,
    setcc::<13>,
    setcc::<14>,
    setcc::<15>,
];
const MOVX: [Run; 11] = [
    movx::<0>, movx::<1>, movx::<2>, movx::<3>, movx::<4>, movx::<5>, movx::<6>, movx::<7>,
    movx::<8>, movx::<9>, movx::<10>,
];
