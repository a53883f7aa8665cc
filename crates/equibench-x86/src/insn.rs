//! The supported instruction subset as one semantic value type. The parser produces it, iced-x86
//! instructions are made from it and decoded back into it, and the interpreter, the SMT encoder and
//! the search all consume it, so every user sees the same subset.

use crate::reg::{Reg, Width, RAX, RDX};
use std::fmt;

/// A source operand: a register or an immediate (already sign-extended to 64 bits as the
/// instruction would, then truncated to the operand width when used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Src {
    Reg(Reg),
    Imm(i64),
}

/// Two-operand ALU operations that write flags like add/sub/logic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AluOp {
    Add,
    Adc,
    Sub,
    Sbb,
    Cmp,
    And,
    Or,
    Xor,
    Test,
}

impl AluOp {
    pub const ALL: [AluOp; 9] = [
        AluOp::Add,
        AluOp::Adc,
        AluOp::Sub,
        AluOp::Sbb,
        AluOp::Cmp,
        AluOp::And,
        AluOp::Or,
        AluOp::Xor,
        AluOp::Test,
    ];

    pub fn mnemonic(self) -> &'static str {
        match self {
            AluOp::Add => "add",
            AluOp::Adc => "adc",
            AluOp::Sub => "sub",
            AluOp::Sbb => "sbb",
            AluOp::Cmp => "cmp",
            AluOp::And => "and",
            AluOp::Or => "or",
            AluOp::Xor => "xor",
            AluOp::Test => "test",
        }
    }

    /// Compare-like operations only set flags.
    pub fn writes_dst(self) -> bool {
        !matches!(self, AluOp::Cmp | AluOp::Test)
    }

    /// Reads the carry flag.
    pub fn reads_cf(self) -> bool {
        matches!(self, AluOp::Adc | AluOp::Sbb)
    }
}

/// One-operand read-modify-write operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnOp {
    Neg,
    Not,
    Inc,
    Dec,
}

impl UnOp {
    pub const ALL: [UnOp; 4] = [UnOp::Neg, UnOp::Not, UnOp::Inc, UnOp::Dec];
    pub fn mnemonic(self) -> &'static str {
        match self {
            UnOp::Neg => "neg",
            UnOp::Not => "not",
            UnOp::Inc => "inc",
            UnOp::Dec => "dec",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShiftOp {
    Shl,
    Shr,
    Sar,
    Rol,
    Ror,
}

impl ShiftOp {
    pub const ALL: [ShiftOp; 5] = [
        ShiftOp::Shl,
        ShiftOp::Shr,
        ShiftOp::Sar,
        ShiftOp::Rol,
        ShiftOp::Ror,
    ];
    pub fn mnemonic(self) -> &'static str {
        match self {
            ShiftOp::Shl => "shl",
            ShiftOp::Shr => "shr",
            ShiftOp::Sar => "sar",
            ShiftOp::Rol => "rol",
            ShiftOp::Ror => "ror",
        }
    }
}

/// The shift count: an immediate byte or `%cl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Count {
    Imm(u8),
    Cl,
}

/// Bit-counting operations `dst = f(src)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BitOp {
    Bsf,
    Bsr,
    Popcnt,
    Lzcnt,
    Tzcnt,
}

impl BitOp {
    pub const ALL: [BitOp; 5] = [
        BitOp::Bsf,
        BitOp::Bsr,
        BitOp::Popcnt,
        BitOp::Lzcnt,
        BitOp::Tzcnt,
    ];
    pub fn mnemonic(self) -> &'static str {
        match self {
            BitOp::Bsf => "bsf",
            BitOp::Bsr => "bsr",
            BitOp::Popcnt => "popcnt",
            BitOp::Lzcnt => "lzcnt",
            BitOp::Tzcnt => "tzcnt",
        }
    }
}

/// Condition codes in encoding order (the low nibble of `0f 4x` / `0f 9x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cond {
    O = 0,
    No,
    B,
    Ae,
    E,
    Ne,
    Be,
    A,
    S,
    Ns,
    P,
    Np,
    L,
    Ge,
    Le,
    G,
}

impl Cond {
    pub const ALL: [Cond; 16] = [
        Cond::O,
        Cond::No,
        Cond::B,
        Cond::Ae,
        Cond::E,
        Cond::Ne,
        Cond::Be,
        Cond::A,
        Cond::S,
        Cond::Ns,
        Cond::P,
        Cond::Np,
        Cond::L,
        Cond::Ge,
        Cond::Le,
        Cond::G,
    ];

    pub fn suffix(self) -> &'static str {
        [
            "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
        ][self as usize]
    }

    /// Every spelling the assembler accepts.
    pub fn parse(s: &str) -> Option<Cond> {
        let c = match s {
            "o" => Cond::O,
            "no" => Cond::No,
            "b" | "c" | "nae" => Cond::B,
            "ae" | "nb" | "nc" => Cond::Ae,
            "e" | "z" => Cond::E,
            "ne" | "nz" => Cond::Ne,
            "be" | "na" => Cond::Be,
            "a" | "nbe" => Cond::A,
            "s" => Cond::S,
            "ns" => Cond::Ns,
            "p" | "pe" => Cond::P,
            "np" | "po" => Cond::Np,
            "l" | "nge" => Cond::L,
            "ge" | "nl" => Cond::Ge,
            "le" | "ng" => Cond::Le,
            "g" | "nle" => Cond::G,
            _ => return None,
        };
        Some(c)
    }

    /// The flags it reads.
    pub fn reads(self) -> u8 {
        use crate::flags::*;
        match self {
            Cond::O | Cond::No => OF,
            Cond::B | Cond::Ae => CF,
            Cond::E | Cond::Ne => ZF,
            Cond::Be | Cond::A => CF | ZF,
            Cond::S | Cond::Ns => SF,
            Cond::P | Cond::Np => PF,
            Cond::L | Cond::Ge => SF | OF,
            Cond::Le | Cond::G => SF | OF | ZF,
        }
    }

    /// Evaluate on concrete flags (`cf`.. each 0 or 1).
    pub fn eval(self, f: u8) -> bool {
        use crate::flags::*;
        let cf = f & CF != 0;
        let zf = f & ZF != 0;
        let sf = f & SF != 0;
        let of = f & OF != 0;
        let pf = f & PF != 0;
        let base = match self as u8 >> 1 {
            0 => of,
            1 => cf,
            2 => zf,
            3 => cf || zf,
            4 => sf,
            5 => pf,
            6 => sf != of,
            _ => zf || sf != of,
        };
        base ^ (self as u8 & 1 != 0)
    }
}

/// Sign-extension of the accumulator: `cbtw cwtl cltq` (within rax) and `cwtd cltd cqto` (into rdx).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Extend {
    /// cbtw/cwtl/cltq: `width` is the destination width (16/32/64) of rax.
    WithinAcc(Width),
    /// cwtd/cltd/cqto: `width` is the width of ax/eax/rax copied as sign into dx/edx/rdx.
    IntoDx(Width),
}

/// A memory-free address `disp(base,index,scale)` for `lea`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Addr {
    pub base: Option<u8>,
    pub index: Option<u8>,
    pub scale: u8,
    pub disp: i32,
}

/// One instruction of the subset.
/// The zero- and sign-extensions the subset has, as (signed, source width, destination width):
/// movzbw .. movslq. A 32-to-64-bit zero extension is a plain `movl`.
pub const EXTENSIONS: [(bool, Width, Width); 11] = [
    (false, Width::W8, Width::W16),
    (false, Width::W8, Width::W32),
    (false, Width::W8, Width::W64),
    (false, Width::W16, Width::W32),
    (false, Width::W16, Width::W64),
    (true, Width::W8, Width::W16),
    (true, Width::W8, Width::W32),
    (true, Width::W8, Width::W64),
    (true, Width::W16, Width::W32),
    (true, Width::W16, Width::W64),
    (true, Width::W32, Width::W64),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Insn {
    /// `mov src, dst` (register or immediate source; `movabs` for 64-bit immediates).
    Mov {
        dst: Reg,
        src: Src,
    },
    /// `movz..`/`movs..` (including `movslq`): `dst` wider than `src`.
    Movx {
        signed: bool,
        dst: Reg,
        src: Reg,
    },
    Lea {
        dst: Reg,
        addr: Addr,
    },
    Alu {
        op: AluOp,
        dst: Reg,
        src: Src,
    },
    Unary {
        op: UnOp,
        dst: Reg,
    },
    /// BMI1 `andn src2, src1, dst`: `dst = !src1 & src2`.
    Andn {
        dst: Reg,
        src1: Reg,
        src2: Reg,
    },
    Shift {
        op: ShiftOp,
        dst: Reg,
        count: Count,
    },
    /// One-operand `mul`/`imul`: rdx:rax-style widening multiply by `src`.
    MulWide {
        signed: bool,
        src: Reg,
    },
    /// `imul src, dst` (two operands) or `imul $imm, src, dst` (three).
    Imul {
        dst: Reg,
        src: Reg,
        imm: Option<i32>,
    },
    /// `div`/`idiv src`: divides rdx:rax-style, faults (#DE) on zero or overflowing quotient.
    Div {
        signed: bool,
        src: Reg,
    },
    Bits {
        op: BitOp,
        dst: Reg,
        src: Reg,
    },
    /// `bt bit, base`: CF = the selected bit.
    Bt {
        base: Reg,
        bit: Src,
    },
    Bswap {
        dst: Reg,
    },
    Xchg {
        a: Reg,
        b: Reg,
    },
    Cmov {
        cond: Cond,
        dst: Reg,
        src: Reg,
    },
    Setcc {
        cond: Cond,
        dst: Reg,
    },
    Extend(Extend),
}

/// [`Effects`] compressed to the registers actually touched: at most three read (div: source,
/// rax, rdx) and two written. The search caches one per program slot, so neither its per-proposal
/// definedness check nor the interpreter's undefined-bit tracking rebuilds the 16-register form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fx {
    pub reads: [(u8, u64); 3],
    pub writes: [(u8, u64); 2],
    pub reads_flags: u8,
    pub writes_flags: u8,
}

impl Fx {
    pub fn of(insn: &Insn) -> Fx {
        let e = insn.effects();
        let mut fx = Fx {
            reads_flags: e.reads_flags,
            writes_flags: e.writes_flags,
            ..Fx::default()
        };
        let (mut r, mut w) = (0, 0);
        for n in 0..16 {
            if e.reads[n] != 0 {
                assert!(r < 3, "{insn} reads more than three registers");
                fx.reads[r] = (n as u8, e.reads[n]);
                r += 1;
            }
            if e.writes[n] != 0 {
                assert!(w < 2, "{insn} writes more than two registers");
                fx.writes[w] = (n as u8, e.writes[n]);
                w += 1;
            }
        }
        fx
    }
}

/// Registers (as 64-bit bit masks per register) and flags an instruction reads and writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effects {
    /// Bits read of each register.
    pub reads: [u64; 16],
    pub reads_flags: u8,
    /// Bits written of each register (a 32-bit write writes all 64).
    pub writes: [u64; 16],
    pub writes_flags: u8,
}

impl Effects {
    fn read(&mut self, r: Reg) {
        self.reads[r.num as usize] |= r.bit_mask();
    }
    fn read_src(&mut self, s: Src) {
        if let Src::Reg(r) = s {
            self.read(r);
        }
    }
    fn write(&mut self, r: Reg) {
        let bits = if r.width == Width::W32 {
            u64::MAX
        } else {
            r.bit_mask()
        };
        self.writes[r.num as usize] |= bits;
    }
}

impl Insn {
    /// What the instruction reads and writes. Zeroing idioms (`xor %r,%r`, `sub %r,%r`) read nothing.
    pub fn effects(&self) -> Effects {
        use crate::flags::*;
        let mut e = Effects::default();
        let acc = |w: Width| Reg::new(RAX, w);
        let dx = |w: Width| Reg::new(RDX, w);
        match *self {
            Insn::Mov { dst, src } => {
                e.read_src(src);
                e.write(dst);
            }
            Insn::Movx { dst, src, .. } => {
                e.read(src);
                e.write(dst);
            }
            Insn::Lea { dst, addr } => {
                for r in [addr.base, addr.index].into_iter().flatten() {
                    e.read(Reg::q(r));
                }
                e.write(dst);
            }
            Insn::Alu { op, dst, src } => {
                // `xor %r,%r`, `sub %r,%r` (zero) and `sbb %r,%r` (-CF) do not depend on %r.
                let zeroing =
                    matches!(op, AluOp::Xor | AluOp::Sub | AluOp::Sbb) && src == Src::Reg(dst);
                if !zeroing {
                    e.read(dst);
                    e.read_src(src);
                }
                if op.reads_cf() {
                    e.reads_flags |= CF;
                }
                if op.writes_dst() {
                    e.write(dst);
                }
                e.writes_flags = ALL;
            }
            Insn::Unary { op, dst } => {
                e.read(dst);
                e.write(dst);
                e.writes_flags = match op {
                    UnOp::Not => 0,
                    UnOp::Neg => ALL,
                    UnOp::Inc | UnOp::Dec => ALL & !CF,
                };
            }
            Insn::Andn { dst, src1, src2 } => {
                e.read(src1);
                e.read(src2);
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Shift { op, dst, count } => {
                e.read(dst);
                if count == Count::Cl {
                    e.read(Reg::new(1, Width::W8));
                }
                e.write(dst);
                let writes = match op {
                    ShiftOp::Rol | ShiftOp::Ror => CF | OF,
                    _ => ALL,
                };
                // A zero count (possible unless an immediate is nonzero after masking) keeps the
                // flags, so they are read as well as written.
                let cmask = if dst.width == Width::W64 { 63 } else { 31 };
                let maybe_zero = match count {
                    Count::Imm(c) => c & cmask == 0,
                    Count::Cl => true,
                };
                if maybe_zero {
                    e.reads_flags |= writes;
                }
                e.writes_flags = writes;
            }
            Insn::MulWide { src, .. } => {
                let w = src.width;
                e.read(src);
                e.read(acc(w));
                if w == Width::W8 {
                    e.write(Reg::new(RAX, Width::W16));
                } else {
                    e.write(acc(w));
                    e.write(dx(w));
                }
                e.writes_flags = ALL;
            }
            Insn::Imul { dst, src, imm } => {
                e.read(src);
                if imm.is_none() {
                    e.read(dst);
                }
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Div { src, .. } => {
                let w = src.width;
                e.read(src);
                if w == Width::W8 {
                    e.read(Reg::new(RAX, Width::W16));
                    e.write(Reg::new(RAX, Width::W16));
                } else {
                    e.read(acc(w));
                    e.read(dx(w));
                    e.write(acc(w));
                    e.write(dx(w));
                }
                e.writes_flags = ALL;
            }
            Insn::Bits { dst, src, .. } => {
                // bsf/bsr of zero leave the destination undefined (in practice unchanged); that
                // is modelled as an undefined result, not as a read of the old value.
                e.read(src);
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Bt { base, bit } => {
                e.read(base);
                e.read_src(bit);
                e.writes_flags = ALL & !ZF;
            }
            Insn::Bswap { dst } => {
                e.read(dst);
                e.write(dst);
            }
            Insn::Xchg { a, b } => {
                e.read(a);
                e.read(b);
                e.write(a);
                e.write(b);
            }
            Insn::Cmov { cond, dst, src } => {
                e.read(src);
                e.read(dst);
                e.reads_flags |= cond.reads();
                e.write(dst);
            }
            Insn::Setcc { cond, dst } => {
                e.reads_flags |= cond.reads();
                e.write(dst);
            }
            Insn::Extend(Extend::WithinAcc(w)) => {
                e.read(acc(half(w)));
                e.write(acc(w));
            }
            Insn::Extend(Extend::IntoDx(w)) => {
                e.read(acc(w));
                e.write(dx(w));
            }
        }
        e
    }

    /// `xchg` with its operands in canonical order (the operation is symmetric, so parsed and
    /// decoded forms compare equal whichever order they were written in).
    pub fn xchg(a: Reg, b: Reg) -> Insn {
        if a <= b {
            Insn::Xchg { a, b }
        } else {
            Insn::Xchg { a: b, b: a }
        }
    }

    /// The AT&T text (with size suffixes where the operands do not say the size).
    pub fn att(&self) -> String {
        self.to_string()
    }
}

/// The next narrower width (W16 -> W8 ...).
pub fn half(w: Width) -> Width {
    match w {
        Width::W64 => Width::W32,
        Width::W32 => Width::W16,
        _ => Width::W8,
    }
}

fn imm(v: i64) -> String {
    if v < 0 {
        format!("$-0x{:x}", v.unsigned_abs())
    } else {
        format!("$0x{v:x}")
    }
}

impl fmt::Display for Src {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Src::Reg(r) => write!(f, "{r}"),
            Src::Imm(v) => write!(f, "{}", imm(*v)),
        }
    }
}

impl fmt::Display for Addr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.disp != 0 || (self.base.is_none() && self.index.is_none()) {
            if self.disp < 0 {
                write!(f, "-0x{:x}", self.disp.unsigned_abs())?;
            } else {
                write!(f, "0x{:x}", self.disp)?;
            }
        }
        if self.base.is_none() && self.index.is_none() {
            return Ok(());
        }
        write!(f, "(")?;
        if let Some(b) = self.base {
            write!(f, "{}", Reg::q(b))?;
        }
        if let Some(i) = self.index {
            write!(f, ",{},{}", Reg::q(i), self.scale)?;
        }
        write!(f, ")")
    }
}

impl fmt::Display for Insn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sfx = |r: Reg| r.width.suffix();
        match *self {
            Insn::Mov { dst, src } => match src {
                Src::Imm(v) if dst.width == Width::W64 && i32::try_from(v).is_err() => {
                    write!(f, "movabs {},{dst}", imm(v))
                }
                _ => write!(f, "mov{} {src},{dst}", sfx(dst)),
            },
            Insn::Movx { signed, dst, src } => {
                let base = if signed { "movs" } else { "movz" };
                write!(f, "{base}{}{} {src},{dst}", sfx(src), sfx(dst))
            }
            Insn::Lea { dst, addr } => write!(f, "lea{} {addr},{dst}", sfx(dst)),
            Insn::Alu { op, dst, src } => write!(f, "{}{} {src},{dst}", op.mnemonic(), sfx(dst)),
            Insn::Unary { op, dst } => write!(f, "{}{} {dst}", op.mnemonic(), sfx(dst)),
            Insn::Andn { dst, src1, src2 } => write!(f, "andn{} {src2},{src1},{dst}", sfx(dst)),
            Insn::Shift { op, dst, count } => match count {
                Count::Imm(c) => write!(f, "{}{} $0x{c:x},{dst}", op.mnemonic(), sfx(dst)),
                Count::Cl => write!(f, "{}{} %cl,{dst}", op.mnemonic(), sfx(dst)),
            },
            Insn::MulWide { signed, src } => {
                write!(
                    f,
                    "{}{} {src}",
                    if signed { "imul" } else { "mul" },
                    sfx(src)
                )
            }
            Insn::Imul {
                dst,
                src,
                imm: None,
            } => write!(f, "imul{} {src},{dst}", sfx(dst)),
            Insn::Imul {
                dst,
                src,
                imm: Some(v),
            } => {
                write!(f, "imul{} {},{src},{dst}", sfx(dst), imm(v as i64))
            }
            Insn::Div { signed, src } => {
                write!(
                    f,
                    "{}{} {src}",
                    if signed { "idiv" } else { "div" },
                    sfx(src)
                )
            }
            Insn::Bits { op, dst, src } => write!(f, "{}{} {src},{dst}", op.mnemonic(), sfx(dst)),
            Insn::Bt { base, bit } => write!(f, "bt{} {bit},{base}", sfx(base)),
            Insn::Bswap { dst } => write!(f, "bswap{} {dst}", sfx(dst)),
            Insn::Xchg { a, b } => write!(f, "xchg{} {a},{b}", sfx(a)),
            Insn::Cmov { cond, dst, src } => {
                write!(f, "cmov{}{} {src},{dst}", cond.suffix(), sfx(dst))
            }
            Insn::Setcc { cond, dst } => write!(f, "set{} {dst}", cond.suffix()),
            Insn::Extend(e) => f.write_str(match e {
                Extend::WithinAcc(Width::W16) => "cbtw",
                Extend::WithinAcc(Width::W32) => "cwtl",
                Extend::WithinAcc(_) => "cltq",
                Extend::IntoDx(Width::W16) => "cwtd",
                Extend::IntoDx(Width::W32) => "cltd",
                Extend::IntoDx(_) => "cqto",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The interpreter tracks undefined bits through `Fx`, so it must say exactly what `Effects`
    /// says for every instance of every supported form.
    #[test]
    fn fx_keeps_every_register_and_flag_of_effects() {
        let mut instances = 0;
        for form in crate::forms::all() {
            for insn in &form.insns {
                let (e, fx) = (insn.effects(), Fx::of(insn));
                let mut expanded = Effects {
                    reads_flags: fx.reads_flags,
                    writes_flags: fx.writes_flags,
                    ..Effects::default()
                };
                for &(n, bits) in &fx.reads {
                    expanded.reads[n as usize] |= bits;
                }
                for &(n, bits) in &fx.writes {
                    expanded.writes[n as usize] |= bits;
                }
                assert_eq!(expanded, e, "{} ({insn})", form.name);
                instances += 1;
            }
        }
        assert!(instances > 1000, "only {instances} instances");
    }
}
