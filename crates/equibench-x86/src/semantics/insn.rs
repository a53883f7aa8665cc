//! The supported instruction subset as one semantic value type. The parser produces it, iced-x86
//! instructions are made from it and decoded back into it, and the interpreter, the SMT encoder and
//! the search all consume it, so every user sees the same subset.

use crate::semantics::reg::{Reg, Width, RAX, RBP, RDX, RSP};
use std::fmt;

/// A stack-slot operand `disp(%rsp)` or `disp(%rbp)`: `width` bytes of the frame below the
/// %rsp a program starts with (see [`crate::semantics::frame`] for what makes an address valid).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mem {
    /// [`RSP`] or [`RBP`].
    pub base: u8,
    pub disp: i32,
    pub width: Width,
}

impl Mem {
    pub const fn new(base: u8, disp: i32, width: Width) -> Mem {
        Mem { base, disp, width }
    }

    /// The same slot read or written at another width.
    pub fn with_width(self, width: Width) -> Mem {
        Mem { width, ..self }
    }

    /// Bytes it covers.
    pub fn len(self) -> usize {
        self.width.bits() as usize / 8
    }

    pub fn is_empty(self) -> bool {
        false
    }
}

/// A register or stack-slot operand (x86's r/m).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rm {
    Reg(Reg),
    Mem(Mem),
}

impl Rm {
    pub fn width(self) -> Width {
        match self {
            Rm::Reg(r) => r.width,
            Rm::Mem(m) => m.width,
        }
    }

    pub fn reg(self) -> Option<Reg> {
        match self {
            Rm::Reg(r) => Some(r),
            Rm::Mem(_) => None,
        }
    }

    pub fn mem(self) -> Option<Mem> {
        match self {
            Rm::Reg(_) => None,
            Rm::Mem(m) => Some(m),
        }
    }

    pub fn is_mem(self) -> bool {
        matches!(self, Rm::Mem(_))
    }
}

impl From<Reg> for Rm {
    fn from(r: Reg) -> Rm {
        Rm::Reg(r)
    }
}

/// A source operand: a register, a stack slot, or an immediate (already sign-extended to 64 bits
/// as the instruction would, then truncated to the operand width when used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Src {
    Reg(Reg),
    Imm(i64),
    Mem(Mem),
}

impl Src {
    pub fn mem(self) -> Option<Mem> {
        match self {
            Src::Mem(m) => Some(m),
            _ => None,
        }
    }
}

impl From<Rm> for Src {
    fn from(x: Rm) -> Src {
        match x {
            Rm::Reg(r) => Src::Reg(r),
            Rm::Mem(m) => Src::Mem(m),
        }
    }
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
        use crate::semantics::flags::*;
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
        use crate::semantics::flags::*;
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

/// One instruction of the subset. Operands typed [`Rm`] may be a stack slot; x86 allows at most
/// one memory operand per instruction (the parser, the decoder and the search keep it so).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Insn {
    /// `mov src, dst` (`movabs` for 64-bit immediates into a register).
    Mov {
        dst: Rm,
        src: Src,
    },
    /// `movz..`/`movs..` (including `movslq`): `dst` wider than `src`.
    Movx {
        signed: bool,
        dst: Reg,
        src: Rm,
    },
    Lea {
        dst: Reg,
        addr: Addr,
    },
    Alu {
        op: AluOp,
        dst: Rm,
        src: Src,
    },
    Unary {
        op: UnOp,
        dst: Rm,
    },
    /// BMI1 `andn src2, src1, dst`: `dst = !src1 & src2`.
    Andn {
        dst: Reg,
        src1: Reg,
        src2: Rm,
    },
    Shift {
        op: ShiftOp,
        dst: Rm,
        count: Count,
    },
    /// One-operand `mul`/`imul`: rdx:rax-style widening multiply by `src`.
    MulWide {
        signed: bool,
        src: Rm,
    },
    /// `imul src, dst` (two operands) or `imul $imm, src, dst` (three).
    Imul {
        dst: Reg,
        src: Rm,
        imm: Option<i32>,
    },
    /// `div`/`idiv src`: divides rdx:rax-style, faults (#DE) on zero or overflowing quotient.
    Div {
        signed: bool,
        src: Rm,
    },
    Bits {
        op: BitOp,
        dst: Reg,
        src: Rm,
    },
    /// `bt bit, base`: CF = the selected bit (a memory base only with an immediate bit: with a
    /// register, x86 addresses a bit string beyond the operand).
    Bt {
        base: Rm,
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
        src: Rm,
    },
    Setcc {
        cond: Cond,
        dst: Rm,
    },
    Extend(Extend),
    /// `pushq %r`: %rsp -= 8, then the 8 bytes of `%r` at (%rsp).
    Push(Reg),
    /// `popq %r`: the 8 bytes at (%rsp) into `%r`, then %rsp += 8.
    Pop(Reg),
    /// `movq %rsp, %rbp`: %rbp becomes the frame pointer.
    FramePointer,
    /// `leave`: `movq %rbp, %rsp; popq %rbp`.
    Leave,
    /// `subq $n, %rsp` (negative) or `addq $n, %rsp`: the flags it writes depend on where the
    /// stack is, so they are undefined here.
    AdjustRsp(i32),
}

/// How an instruction touches its stack-slot operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemAccess {
    pub mem: Mem,
    pub read: bool,
    pub write: bool,
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
    /// See [`Effects::keeps_flags`].
    pub keeps_flags: u8,
    pub mem: Option<MemAccess>,
    /// Touches the stack: a stack-slot operand, push/pop or a frame instruction (the checks of
    /// [`crate::semantics::frame`] apply).
    pub stack: bool,
}

impl Fx {
    pub const NONE: Fx = Fx {
        reads: [(0, 0); 3],
        writes: [(0, 0); 2],
        reads_flags: 0,
        writes_flags: 0,
        keeps_flags: 0,
        mem: None,
        stack: false,
    };

    pub fn of(insn: &Insn) -> Fx {
        let e = insn.effects();
        let mut fx = Fx {
            reads_flags: e.reads_flags,
            writes_flags: e.writes_flags,
            keeps_flags: e.keeps_flags,
            mem: e.mem,
            stack: e.mem.is_some() || insn.is_stack_op(),
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

/// Registers (as 64-bit bit masks per register), flags and the stack slot an instruction reads
/// and writes. %rsp never appears (push, pop and the frame instructions move it implicitly, and
/// [`crate::semantics::frame`] follows it), nor does the base register of a stack-slot operand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effects {
    /// Bits read of each register.
    pub reads: [u64; 16],
    pub reads_flags: u8,
    /// Bits written of each register (a 32-bit write writes all 64).
    pub writes: [u64; 16],
    /// Flags the instruction may write (their values then depend on what it reads).
    pub writes_flags: u8,
    /// Of `writes_flags`, those it may instead leave as they were (a shift whose count may be
    /// zero): afterwards such a flag is defined only if it was before, and where it was not, the
    /// instruction has not read it (the old value is passed on, not used).
    pub keeps_flags: u8,
    pub mem: Option<MemAccess>,
}

impl Effects {
    fn read(&mut self, r: Reg) {
        self.reads[r.num as usize] |= r.bit_mask();
    }
    fn read_rm(&mut self, x: Rm) {
        match x {
            Rm::Reg(r) => self.read(r),
            Rm::Mem(m) => self.access(m, true, false),
        }
    }
    fn read_src(&mut self, s: Src) {
        match s {
            Src::Reg(r) => self.read(r),
            Src::Mem(m) => self.access(m, true, false),
            Src::Imm(_) => {}
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
    fn write_rm(&mut self, x: Rm) {
        match x {
            Rm::Reg(r) => self.write(r),
            Rm::Mem(m) => self.access(m, false, true),
        }
    }
    fn access(&mut self, mem: Mem, read: bool, write: bool) {
        let a = self.mem.get_or_insert(MemAccess {
            mem,
            read: false,
            write: false,
        });
        a.read |= read;
        a.write |= write;
    }
}

impl Insn {
    /// Push, pop and the frame instructions (those that move %rsp or set %rbp as the frame).
    pub fn is_stack_op(&self) -> bool {
        matches!(
            self,
            Insn::Push(_) | Insn::Pop(_) | Insn::FramePointer | Insn::Leave | Insn::AdjustRsp(_)
        )
    }

    /// The stack-slot operand, if any.
    pub fn mem_operand(&self) -> Option<Mem> {
        self.effects().mem.map(|a| a.mem)
    }

    /// Has a stack-slot operand (cheaper than [`Insn::mem_operand`]).
    #[inline]
    pub fn has_mem(&self) -> bool {
        match *self {
            Insn::Mov { dst, src } | Insn::Alu { dst, src, .. } => {
                dst.is_mem() || matches!(src, Src::Mem(_))
            }
            Insn::Movx { src, .. }
            | Insn::MulWide { src, .. }
            | Insn::Imul { src, .. }
            | Insn::Div { src, .. }
            | Insn::Bits { src, .. }
            | Insn::Cmov { src, .. } => src.is_mem(),
            Insn::Unary { dst, .. } | Insn::Shift { dst, .. } | Insn::Setcc { dst, .. } => {
                dst.is_mem()
            }
            Insn::Andn { src2, .. } => src2.is_mem(),
            Insn::Bt { base, .. } => base.is_mem(),
            _ => false,
        }
    }

    /// What the instruction reads and writes. Zeroing idioms (`xor %r,%r`, `sub %r,%r`) read
    /// nothing. `pushq %r` reads `%r` (as data; [`crate::semantics::frame`] lets it save a register that
    /// holds no defined value, as a function saves a callee-saved register).
    pub fn effects(&self) -> Effects {
        use crate::semantics::flags::*;
        let mut e = Effects::default();
        let acc = |w: Width| Reg::new(RAX, w);
        let dx = |w: Width| Reg::new(RDX, w);
        match *self {
            Insn::Mov { dst, src } => {
                e.read_src(src);
                e.write_rm(dst);
            }
            Insn::Movx { dst, src, .. } => {
                e.read_rm(src);
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
                let zeroing = matches!(op, AluOp::Xor | AluOp::Sub | AluOp::Sbb)
                    && Src::from(dst) == src
                    && !dst.is_mem();
                if !zeroing {
                    e.read_rm(dst);
                    e.read_src(src);
                }
                if op.reads_cf() {
                    e.reads_flags |= CF;
                }
                if op.writes_dst() {
                    e.write_rm(dst);
                }
                e.writes_flags = ALL;
            }
            Insn::Unary { op, dst } => {
                e.read_rm(dst);
                e.write_rm(dst);
                e.writes_flags = match op {
                    UnOp::Not => 0,
                    UnOp::Neg => ALL,
                    UnOp::Inc | UnOp::Dec => ALL & !CF,
                };
            }
            Insn::Andn { dst, src1, src2 } => {
                e.read(src1);
                e.read_rm(src2);
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Shift { op, dst, count } => {
                e.read_rm(dst);
                if count == Count::Cl {
                    e.read(Reg::new(1, Width::W8));
                }
                e.write_rm(dst);
                let writes = match op {
                    ShiftOp::Rol | ShiftOp::Ror => CF | OF,
                    _ => ALL,
                };
                // A zero count (possible unless an immediate is nonzero after masking) keeps the
                // flags as they were, defined or not: they pass through rather than being read.
                let cmask = if dst.width() == Width::W64 { 63 } else { 31 };
                let maybe_zero = match count {
                    Count::Imm(c) => c & cmask == 0,
                    Count::Cl => true,
                };
                if maybe_zero {
                    e.keeps_flags = writes;
                }
                e.writes_flags = writes;
            }
            Insn::MulWide { src, .. } => {
                let w = src.width();
                e.read_rm(src);
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
                e.read_rm(src);
                if imm.is_none() {
                    e.read(dst);
                }
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Div { src, .. } => {
                let w = src.width();
                e.read_rm(src);
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
                e.read_rm(src);
                e.write(dst);
                e.writes_flags = ALL;
            }
            Insn::Bt { base, bit } => {
                e.read_rm(base);
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
                e.read_rm(src);
                e.read(dst);
                e.reads_flags |= cond.reads();
                e.write(dst);
            }
            Insn::Setcc { cond, dst } => {
                e.reads_flags |= cond.reads();
                e.write_rm(dst);
            }
            Insn::Extend(Extend::WithinAcc(w)) => {
                e.read(acc(half(w)));
                e.write(acc(w));
            }
            Insn::Extend(Extend::IntoDx(w)) => {
                e.read(acc(w));
                e.write(dx(w));
            }
            Insn::Push(r) => e.read(r),
            Insn::Pop(r) => e.write(r),
            Insn::FramePointer | Insn::Leave => e.write(Reg::q(RBP)),
            Insn::AdjustRsp(_) => e.writes_flags = ALL,
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

    /// `test` with a stack slot as its first operand (the operation is symmetric and has one
    /// encoding, so `testl -4(%rbp),%eax` and `testl %eax,-4(%rbp)` are one instruction).
    pub fn test(dst: Rm, src: Src) -> Insn {
        match (dst, src) {
            (Rm::Reg(r), Src::Mem(m)) => Insn::Alu {
                op: AluOp::Test,
                dst: Rm::Mem(m),
                src: Src::Reg(r),
            },
            _ => Insn::Alu {
                op: AluOp::Test,
                dst,
                src,
            },
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

fn disp(f: &mut fmt::Formatter<'_>, d: i32) -> fmt::Result {
    if d < 0 {
        write!(f, "-0x{:x}", d.unsigned_abs())
    } else {
        write!(f, "0x{d:x}")
    }
}

impl fmt::Display for Mem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.disp != 0 {
            disp(f, self.disp)?;
        }
        write!(f, "({})", Reg::q(self.base))
    }
}

impl fmt::Display for Rm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rm::Reg(r) => write!(f, "{r}"),
            Rm::Mem(m) => write!(f, "{m}"),
        }
    }
}

impl fmt::Display for Src {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Src::Reg(r) => write!(f, "{r}"),
            Src::Imm(v) => write!(f, "{}", imm(*v)),
            Src::Mem(m) => write!(f, "{m}"),
        }
    }
}

impl fmt::Display for Addr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.disp != 0 || (self.base.is_none() && self.index.is_none()) {
            disp(f, self.disp)?;
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
        let sfx = |r: Rm| r.width().suffix();
        match *self {
            Insn::Mov { dst, src } => match (dst, src) {
                (Rm::Reg(d), Src::Imm(v)) if d.width == Width::W64 && i32::try_from(v).is_err() => {
                    write!(f, "movabs {},{d}", imm(v))
                }
                _ => write!(f, "mov{} {src},{dst}", sfx(dst)),
            },
            Insn::Movx { signed, dst, src } => {
                let base = if signed { "movs" } else { "movz" };
                write!(f, "{base}{}{} {src},{dst}", sfx(src), dst.width.suffix())
            }
            Insn::Lea { dst, addr } => write!(f, "lea{} {addr},{dst}", dst.width.suffix()),
            Insn::Alu { op, dst, src } => write!(f, "{}{} {src},{dst}", op.mnemonic(), sfx(dst)),
            Insn::Unary { op, dst } => write!(f, "{}{} {dst}", op.mnemonic(), sfx(dst)),
            Insn::Andn { dst, src1, src2 } => {
                write!(f, "andn{} {src2},{src1},{dst}", dst.width.suffix())
            }
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
            } => write!(f, "imul{} {src},{dst}", dst.width.suffix()),
            Insn::Imul {
                dst,
                src,
                imm: Some(v),
            } => {
                write!(
                    f,
                    "imul{} {},{src},{dst}",
                    dst.width.suffix(),
                    imm(v as i64)
                )
            }
            Insn::Div { signed, src } => {
                write!(
                    f,
                    "{}{} {src}",
                    if signed { "idiv" } else { "div" },
                    sfx(src)
                )
            }
            Insn::Bits { op, dst, src } => {
                write!(f, "{}{} {src},{dst}", op.mnemonic(), dst.width.suffix())
            }
            Insn::Bt { base, bit } => write!(f, "bt{} {bit},{base}", sfx(base)),
            Insn::Bswap { dst } => write!(f, "bswap{} {dst}", dst.width.suffix()),
            Insn::Xchg { a, b } => write!(f, "xchg{} {a},{b}", a.width.suffix()),
            Insn::Cmov { cond, dst, src } => {
                write!(f, "cmov{}{} {src},{dst}", cond.suffix(), dst.width.suffix())
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
            Insn::Push(r) => write!(f, "pushq {r}"),
            Insn::Pop(r) => write!(f, "popq {r}"),
            Insn::FramePointer => write!(f, "movq {},{}", Reg::q(RSP), Reg::q(RBP)),
            Insn::Leave => f.write_str("leave"),
            Insn::AdjustRsp(n) => {
                let (m, v) = if n < 0 {
                    ("sub", -(n as i64))
                } else {
                    ("add", n as i64)
                };
                write!(f, "{m}q {},{}", imm(v), Reg::q(RSP))
            }
        }
    }
}
