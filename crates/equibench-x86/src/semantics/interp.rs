//! The concrete interpreter: the semantic model over u64 registers, five flags and the stack
//! frame, fast enough for a stochastic search. Architecturally undefined results are tracked as
//! masks of undefined bits (`undef_regs`, `undef_flags`) and, for the frame, as bytes not holding
//! a defined value (`frame_def`: never written, or written from undefined bits); their concrete
//! values are arbitrary and must never be compared. Once anything is undefined, an instruction
//! reading it makes all it writes undefined (moves, push and pop copy the mask precisely).
//!
//! %rsp starts at [`STACK_TOP`]; stack-slot operands address the [`FRAME`] bytes below it
//! (valid programs, as [`crate::semantics::frame`] checks them, never leave that window).

use crate::semantics::flags::{self, CF, OF, PF, SF, ZF};
use crate::semantics::frame::{FRAME, FRAME_BASE, STACK_TOP};
use crate::semantics::insn::{
    AluOp, BitOp, Cond, Count, Extend, Fx, Insn, Mem, MemAccess, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::reg::{Reg, Width, RAX, RBP, RDX, RSP};

/// Why execution stopped early: a hardware exception.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// #DE from div/idiv (zero divisor or quotient overflow): SIGFPE natively.
    DivideError,
    /// A stack access outside the modelled frame (only programs [`crate::semantics::frame`] refuses make
    /// one; natively they would corrupt the harness's stack, so SIGSEGV is the closest meaning).
    OutsideFrame,
}

impl Fault {
    /// The signal a Linux process receives.
    pub fn signal(self) -> i32 {
        match self {
            Fault::DivideError => libc::SIGFPE,
            Fault::OutsideFrame => libc::SIGSEGV,
        }
    }
}

/// Words of the definedness bitmap: one per 64 frame bytes, and one more so that an access at the
/// end of a word reads two without a bounds case.
const FRAME_WORDS: usize = FRAME / 64 + 1;

/// `EXPAND[b]`: byte `k` is 0xff where bit `k` of `b` is set (frame definedness bits to a mask).
const EXPAND: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b >> k & 1 != 0 {
                t[b] |= 0xff << (8 * k);
            }
            k += 1;
        }
        b += 1;
    }
    t
};

/// Machine state: 16 registers, 5 flags, the frame, and which bits of them are undefined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Machine {
    pub regs: [u64; 16],
    pub flags: u8,
    pub undef_regs: [u64; 16],
    pub undef_flags: u8,
    /// Some undefined register bit or flag may exist (fast path when false).
    any_undef: bool,
    /// The frame: byte `i` is at address `FRAME_BASE + i`.
    pub frame: [u8; FRAME],
    /// Frame bytes holding a defined value (bit `i % 64` of word `i / 64`; the last word is
    /// padding).
    pub frame_def: [u64; FRAME_WORDS],
}

impl Default for Machine {
    fn default() -> Machine {
        Machine::new([0; 16], 0)
    }
}

/// Is `v` (low byte) of even parity? (PF)
#[inline]
fn parity(v: u64) -> bool {
    (v as u8).count_ones() & 1 == 0
}

/// SF, ZF and PF of a result of width `w`.
#[inline]
pub fn szp(res: u64, w: Width) -> u8 {
    let mut f = 0;
    if res & w.sign_bit() != 0 {
        f |= SF;
    }
    if res & w.mask() == 0 {
        f |= ZF;
    }
    if parity(res) {
        f |= PF;
    }
    f
}

#[inline]
fn sext(v: u64, w: Width) -> i64 {
    crate::semantics::parse::sext(v, w.bits())
}

/// Result of add-with-carry: (result, flags CF PF ZF SF OF).
#[inline]
pub fn add_with_carry(a: u64, b: u64, carry: u64, w: Width) -> (u64, u8) {
    let m = w.mask();
    let full = (a & m) as u128 + (b & m) as u128 + carry as u128;
    let res = full as u64 & m;
    let mut f = szp(res, w);
    if full >> w.bits() != 0 {
        f |= CF;
    }
    if (a ^ res) & (b ^ res) & w.sign_bit() != 0 {
        f |= OF;
    }
    (res, f)
}

/// Result of subtract-with-borrow: (result, flags CF PF ZF SF OF).
#[inline]
pub fn sub_with_borrow(a: u64, b: u64, borrow: u64, w: Width) -> (u64, u8) {
    let m = w.mask();
    let (a, b) = (a & m, b & m);
    let res = a.wrapping_sub(b).wrapping_sub(borrow) & m;
    let mut f = szp(res, w);
    if (a as u128) < b as u128 + borrow as u128 {
        f |= CF;
    }
    if (a ^ b) & (a ^ res) & w.sign_bit() != 0 {
        f |= OF;
    }
    (res, f)
}

impl Machine {
    /// A machine with these registers (%rsp aside: it is [`STACK_TOP`]) and flags, and a frame
    /// of undefined bytes.
    #[inline]
    pub fn new(regs: [u64; 16], flags: u8) -> Machine {
        let mut m = Machine {
            regs,
            flags,
            undef_regs: [0; 16],
            undef_flags: 0,
            any_undef: false,
            frame: [0; FRAME],
            frame_def: [0; FRAME_WORDS],
        };
        m.regs[RSP as usize] = STACK_TOP;
        m
    }

    /// Start over from these registers and flags with an unwritten frame, as [`Machine::new`]
    /// does, without clearing the frame's bytes (unwritten bytes are undefined, whatever they
    /// hold): cheaper for a caller that runs many cases.
    #[inline(always)]
    pub fn reset(&mut self, regs: [u64; 16], flags: u8) {
        self.regs = regs;
        self.regs[RSP as usize] = STACK_TOP;
        self.flags = flags;
        self.undef_regs = [0; 16];
        self.undef_flags = 0;
        self.any_undef = false;
        self.frame_def = [0; FRAME_WORDS];
    }

    /// Whether some register bit or flag may be undefined: the fast path's switch, false only when
    /// none is (a run through undefined bits sets it and only a reset clears it).
    pub fn any_undef(&self) -> bool {
        self.any_undef
    }

    /// The value of operand `r`, zero-extended.
    #[inline(always)]
    pub fn get(&self, r: Reg) -> u64 {
        let v = self.regs[r.num as usize];
        if r.high8 {
            (v >> 8) & 0xff
        } else {
            v & r.width.mask()
        }
    }

    /// The undefined bits of operand `r`, shifted like [`Machine::get`].
    #[inline]
    pub fn get_undef(&self, r: Reg) -> u64 {
        let v = self.undef_regs[r.num as usize];
        if r.high8 {
            (v >> 8) & 0xff
        } else {
            v & r.width.mask()
        }
    }

    /// Mark bits of a whole register undefined.
    pub fn set_undef_reg(&mut self, num: u8, bits: u64) {
        self.undef_regs[num as usize] = bits;
        self.any_undef |= bits != 0;
    }

    /// Mark flags undefined.
    pub fn set_undef_flags(&mut self, f: u8) {
        self.undef_flags = f;
        self.any_undef |= f != 0;
    }

    /// Index into `frame` of stack address `addr` for an access of `len` bytes.
    #[inline(always)]
    fn frame_index(addr: u64, len: usize) -> Result<usize, Fault> {
        let i = addr.wrapping_sub(FRAME_BASE);
        if i > (FRAME - len) as u64 {
            return Err(Fault::OutsideFrame);
        }
        Ok(i as usize)
    }

    /// Index into `frame` of a stack slot.
    #[inline(always)]
    fn slot(&self, m: Mem) -> Result<usize, Fault> {
        let addr = self.regs[m.base as usize].wrapping_add(m.disp as i64 as u64);
        Self::frame_index(addr, m.len())
    }

    /// `len` (1, 2, 4 or 8) frame bytes from `i`, little-endian.
    #[inline(always)]
    fn read_bytes(&self, i: usize, len: usize) -> u64 {
        let f = &self.frame;
        match len {
            1 => f[i] as u64,
            2 => u16::from_le_bytes([f[i], f[i + 1]]) as u64,
            4 => u32::from_le_bytes([f[i], f[i + 1], f[i + 2], f[i + 3]]) as u64,
            _ => {
                let mut b = [0u8; 8];
                b.copy_from_slice(&f[i..i + 8]);
                u64::from_le_bytes(b)
            }
        }
    }

    /// The definedness bits of `len` frame bytes from `i`.
    #[inline(always)]
    fn def_bits(&self, i: usize, len: usize) -> u64 {
        let (j, sh) = (i / 64, i % 64);
        let w = self.frame_def[j] as u128 | (self.frame_def[j + 1] as u128) << 64;
        (w >> sh) as u64 & ((1u64 << len) - 1)
    }

    /// Undefined bits of `len` frame bytes from `i` (whole bytes).
    #[inline(always)]
    fn undef_bytes(&self, i: usize, len: usize) -> u64 {
        !EXPAND[self.def_bits(i, len) as usize] & Width::mask_bytes(len)
    }

    /// Write `len` bytes of `v` at `i`; a byte with any undefined bit in `undef` is undefined.
    #[inline(always)]
    fn write_bytes(&mut self, i: usize, len: usize, v: u64, undef: u64) {
        let b = v.to_le_bytes();
        let f = &mut self.frame;
        match len {
            1 => f[i] = b[0],
            2 => f[i..i + 2].copy_from_slice(&b[..2]),
            4 => f[i..i + 4].copy_from_slice(&b[..4]),
            _ => f[i..i + 8].copy_from_slice(&b),
        }
        let mut defined = (1u64 << len) - 1;
        if undef != 0 {
            for k in 0..len {
                if undef >> (8 * k) & 0xff != 0 {
                    defined &= !(1 << k);
                }
            }
        }
        let (j, sh) = (i / 64, i % 64);
        let mask = ((1u128 << len) - 1) << sh;
        let mut w = self.frame_def[j] as u128 | (self.frame_def[j + 1] as u128) << 64;
        w = (w & !mask) | ((defined as u128) << sh);
        self.frame_def[j] = w as u64;
        self.frame_def[j + 1] = (w >> 64) as u64;
    }

    /// Does the slot hold only defined bytes? (Outside the frame: true; the access faults.)
    #[inline]
    fn mem_defined(&self, m: Mem) -> bool {
        match self.slot(m) {
            Ok(i) => self.undef_bytes(i, m.len()) == 0,
            Err(_) => true,
        }
    }

    /// The value of a register or stack-slot operand, zero-extended.
    #[inline(always)]
    fn get_rm(&self, x: Rm) -> Result<u64, Fault> {
        match x {
            Rm::Reg(r) => Ok(self.get(r)),
            Rm::Mem(m) => Ok(self.read_bytes(self.slot(m)?, m.len())),
        }
    }

    /// The undefined bits of a register or stack-slot operand.
    #[inline(always)]
    fn get_rm_undef(&self, x: Rm) -> Result<u64, Fault> {
        match x {
            Rm::Reg(r) => Ok(self.get_undef(r)),
            Rm::Mem(m) => Ok(self.undef_bytes(self.slot(m)?, m.len())),
        }
    }

    /// Write a register or stack-slot operand.
    #[inline(always)]
    fn put_rm(&mut self, x: Rm, v: u64, undef: u64) -> Result<(), Fault> {
        match x {
            Rm::Reg(r) => self.put(r, v, undef),
            Rm::Mem(m) => {
                let i = self.slot(m)?;
                self.write_bytes(i, m.len(), v, undef);
            }
        }
        Ok(())
    }

    /// Write operand `r` with the rules of x86-64: 32-bit writes zero-extend, 8/16-bit merge.
    #[inline(always)]
    fn put(&mut self, r: Reg, v: u64, undef: u64) {
        let n = r.num as usize;
        let (old, old_u) = (self.regs[n], self.undef_regs[n]);
        let (nv, nu) = if r.high8 {
            (
                (old & !0xff00) | ((v & 0xff) << 8),
                (old_u & !0xff00) | ((undef & 0xff) << 8),
            )
        } else {
            match r.width {
                Width::W64 => (v, undef),
                Width::W32 => (v & 0xffff_ffff, undef & 0xffff_ffff),
                w => {
                    let m = w.mask();
                    ((old & !m) | (v & m), (old_u & !m) | (undef & m))
                }
            }
        };
        self.regs[n] = nv;
        self.undef_regs[n] = nu;
        if undef != 0 {
            self.any_undef = true;
        }
    }

    /// Set the flags in `written` to `values`, those in `undef` (subset of `written`) undefined.
    #[inline(always)]
    fn put_flags(&mut self, written: u8, values: u8, undef: u8) {
        self.flags = (self.flags & !written) | (values & written & !undef);
        self.undef_flags = (self.undef_flags & !written) | (undef & written);
        if undef != 0 {
            self.any_undef = true;
        }
    }

    /// Run a program to its end or its first fault.
    pub fn run(&mut self, program: &[Insn]) -> Result<(), Fault> {
        for insn in program {
            self.step(insn)?;
        }
        Ok(())
    }

    /// Execute one instruction.
    #[inline]
    pub fn step(&mut self, insn: &Insn) -> Result<(), Fault> {
        if !self.any_undef && !insn.has_mem() {
            return self.exec(insn);
        }
        let e = insn.effects();
        let mem_taint = match e.mem {
            Some(a) if a.read => !self.mem_defined(a.mem),
            _ => false,
        };
        if !self.any_undef && !mem_taint {
            return self.exec(insn);
        }
        let tainted = mem_taint
            || e.reads_flags & self.undef_flags != 0
            || e.reads
                .iter()
                .zip(self.undef_regs.iter())
                .any(|(r, u)| r & u != 0);
        let writes = e
            .writes
            .iter()
            .enumerate()
            .map(|(n, &bits)| (n as u8, bits));
        self.step_tracked(insn, tainted, writes, e.writes_flags, e.mem)
    }

    /// Execute one instruction whose [`Fx`] the caller already has (the search caches it per
    /// slot): the same as [`Machine::step`] without deriving what the instruction reads and
    /// writes again, which dominated the search's time once anything was undefined.
    ///
    /// An instruction that reads nothing undefined runs as if nothing were (what it writes is
    /// defined, and [`Machine::exec`] keeps the masks of what it merges into), so only a tainted
    /// one takes the tracking path: after a shift by more than one leaves OF undefined, the rest
    /// of a program still runs at full speed.
    #[inline]
    pub fn step_with(&mut self, insn: &Insn, fx: &Fx) -> Result<(), Fault> {
        if !self.tainted_by(fx) {
            return self.exec(insn);
        }
        self.step_tainted(insn, fx)
    }

    /// Whether an instruction with effects `fx` reads something undefined (a register or flag
    /// bit, or frame bytes not written yet): the one test both [`Machine::step_with`] and the
    /// search's specialised steps ([`crate::semantics::specialise::Specialised::step`]) make.
    #[inline(always)]
    pub fn tainted_by(&self, fx: &Fx) -> bool {
        let mem_taint = match fx.mem {
            Some(a) if a.read => !self.mem_defined(a.mem),
            _ => false,
        };
        mem_taint
            || (self.any_undef
                && (fx.reads_flags & self.undef_flags != 0
                    || fx
                        .reads
                        .iter()
                        .any(|&(n, bits)| bits & self.undef_regs[n as usize] != 0)))
    }

    /// [`Machine::step_with`] of an instruction that reads something undefined.
    #[inline(never)]
    pub(crate) fn step_tainted(&mut self, insn: &Insn, fx: &Fx) -> Result<(), Fault> {
        self.step_tracked(
            insn,
            true,
            fx.writes.iter().copied(),
            fx.writes_flags,
            fx.mem,
        )
    }

    /// Execute `insn` while something is undefined: if it reads an undefined bit, everything it
    /// writes becomes undefined (moves copy the mask precisely).
    #[inline]
    fn step_tracked(
        &mut self,
        insn: &Insn,
        tainted: bool,
        writes: impl Iterator<Item = (u8, u64)>,
        writes_flags: u8,
        mem: Option<MemAccess>,
    ) -> Result<(), Fault> {
        if tainted && !self.step_precise_moves(insn)? {
            // Compute the values, then make everything written undefined.
            let r = self.exec(insn);
            for (n, bits) in writes {
                self.undef_regs[n as usize] |= bits;
            }
            self.undef_flags |= writes_flags;
            self.any_undef = true;
            if let Some(a) = mem {
                if a.write {
                    if let Ok(i) = self.slot(a.mem) {
                        let v = self.read_bytes(i, a.mem.len());
                        self.write_bytes(i, a.mem.len(), v, u64::MAX);
                    }
                }
            }
            return r;
        }
        if tainted {
            return Ok(());
        }
        self.exec(insn)
    }

    /// Moves copy undefined bits exactly. Returns false for other instructions.
    fn step_precise_moves(&mut self, insn: &Insn) -> Result<bool, Fault> {
        match *insn {
            Insn::Mov { dst, src } if !matches!(src, Src::Imm(_)) => {
                let s = match src {
                    Src::Reg(r) => Rm::Reg(r),
                    Src::Mem(m) => Rm::Mem(m),
                    Src::Imm(_) => unreachable!("excluded by the guard"),
                };
                let (v, u) = (self.get_rm(s)?, self.get_rm_undef(s)?);
                self.put_rm(dst, v, u)?;
                Ok(true)
            }
            Insn::Movx { signed, dst, src } => {
                let (v, u) = (self.get_rm(src)?, self.get_rm_undef(src)?);
                let sw = src.width();
                if signed {
                    let v = sext(v, sw) as u64;
                    let u = if u & sw.sign_bit() != 0 {
                        u | !sw.mask()
                    } else {
                        u
                    };
                    self.put(dst, v, u & dst.width.mask());
                } else {
                    self.put(dst, v, u);
                }
                Ok(true)
            }
            Insn::Xchg { a, b } => {
                let (va, ua, vb, ub) = (
                    self.get(a),
                    self.get_undef(a),
                    self.get(b),
                    self.get_undef(b),
                );
                self.put(a, vb, ub);
                self.put(b, va, ua);
                Ok(true)
            }
            // push and pop move their undefined bits exactly wherever they are executed.
            Insn::Push(_) | Insn::Pop(_) | Insn::Leave => {
                self.exec(insn)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn cf(&self) -> u64 {
        (self.flags & CF) as u64
    }

    fn push(&mut self, v: u64, undef: u64) -> Result<(), Fault> {
        let sp = self.regs[RSP as usize].wrapping_sub(8);
        let i = Self::frame_index(sp, 8)?;
        self.write_bytes(i, 8, v, undef);
        self.regs[RSP as usize] = sp;
        Ok(())
    }

    fn pop(&mut self, r: Reg) -> Result<(), Fault> {
        let sp = self.regs[RSP as usize];
        let i = Self::frame_index(sp, 8)?;
        let (v, u) = (self.read_bytes(i, 8), self.undef_bytes(i, 8));
        self.regs[RSP as usize] = sp.wrapping_add(8);
        self.put(r, v, u);
        Ok(())
    }

    /// The semantics proper, on defined inputs (stack slots read as they hold: exactly, for the
    /// moves; an undefined one taints the instruction in [`Machine::step_with`]).
    ///
    /// Each kind of instruction the search specialises has its semantics in a method of its own
    /// that this dispatches to: a specialised function (`crate::semantics::specialise`) inlines
    /// that one method with its operation and width constant, not this whole match, which is
    /// what keeps the crate's optimised compile short (issue 38).
    #[inline]
    pub fn exec(&mut self, insn: &Insn) -> Result<(), Fault> {
        match *insn {
            Insn::Mov { dst, src } => self.exec_mov(dst, src)?,
            Insn::Movx { signed, dst, src } => self.exec_movx(signed, dst, src)?,
            Insn::Lea { dst, addr } => self.exec_lea(dst, addr),
            Insn::Alu { op, dst, src } => self.exec_alu(op, dst, src)?,
            Insn::Unary { op, dst } => self.exec_unary(op, dst)?,
            Insn::Andn { dst, src1, src2 } => {
                let w = dst.width;
                let res = !self.get(src1) & self.get_rm(src2)? & w.mask();
                self.put(dst, res, 0);
                self.put_flags(flags::ALL, szp(res, w) & !PF, PF);
            }
            Insn::Shift { op, dst, count } => self.shift(op, dst, count)?,
            Insn::MulWide { signed, src } => {
                let w = src.width();
                let n = w.bits();
                let acc = Reg::new(RAX, w);
                let (a, b) = (self.get(acc), self.get_rm(src)?);
                let full: u128 = if signed {
                    (sext(a, w) as i128 * sext(b, w) as i128) as u128
                } else {
                    a as u128 * b as u128
                };
                let lo = full as u64 & w.mask();
                let hi = (full >> n) as u64 & w.mask();
                let overflow = if signed {
                    let sign_fill = if lo & w.sign_bit() != 0 { w.mask() } else { 0 };
                    hi != sign_fill
                } else {
                    hi != 0
                };
                if w == Width::W8 {
                    self.put(Reg::new(RAX, Width::W16), lo | hi << 8, 0);
                } else {
                    self.put(acc, lo, 0);
                    self.put(Reg::new(RDX, w), hi, 0);
                }
                let f = if overflow { CF | OF } else { 0 };
                self.put_flags(flags::ALL, f, SF | ZF | PF);
            }
            Insn::Imul { dst, src, imm } => self.exec_imul(dst, src, imm)?,
            Insn::Div { signed, src } => self.div(signed, src)?,
            Insn::Bits { op, dst, src } => self.exec_bits(op, dst, src)?,
            Insn::Bt { base, bit } => {
                let w = base.width();
                let off = match bit {
                    Src::Reg(r) => self.get(r),
                    Src::Imm(v) => v as u64,
                    Src::Mem(m) => self.get_rm(Rm::Mem(m))?,
                } % w.bits() as u64;
                let f = if (self.get_rm(base)? >> off) & 1 != 0 {
                    CF
                } else {
                    0
                };
                self.put_flags(CF | OF | SF | PF, f, OF | SF | PF);
            }
            Insn::Bswap { dst } => {
                let v = self.get(dst);
                let res = match dst.width {
                    Width::W64 => v.swap_bytes(),
                    _ => (v as u32).swap_bytes() as u64,
                };
                self.put(dst, res, 0);
            }
            Insn::Xchg { a, b } => {
                let (va, vb) = (self.get(a), self.get(b));
                self.put(a, vb, 0);
                self.put(b, va, 0);
            }
            Insn::Cmov { cond, dst, src } => self.exec_cmov(cond, dst, src)?,
            Insn::Setcc { cond, dst } => self.exec_setcc(cond, dst)?,
            Insn::Extend(Extend::WithinAcc(w)) => {
                let from = crate::semantics::insn::half(w);
                let v = sext(self.get(Reg::new(RAX, from)), from) as u64;
                self.put(Reg::new(RAX, w), v & w.mask(), 0);
            }
            Insn::Extend(Extend::IntoDx(w)) => {
                let neg = self.get(Reg::new(RAX, w)) & w.sign_bit() != 0;
                self.put(Reg::new(RDX, w), if neg { w.mask() } else { 0 }, 0);
            }
            Insn::Push(r) => {
                self.push(self.regs[r.num as usize], self.undef_regs[r.num as usize])?
            }
            Insn::Pop(r) => self.pop(r)?,
            Insn::FramePointer => self.put(Reg::q(RBP), self.regs[RSP as usize], 0),
            Insn::Leave => {
                self.regs[RSP as usize] = self.regs[RBP as usize];
                self.pop(Reg::q(RBP))?;
            }
            Insn::AdjustRsp(n) => {
                let sp = self.regs[RSP as usize];
                self.regs[RSP as usize] = sp.wrapping_add(n as i64 as u64);
                // Flags of an add/sub on an address: undefined in the model.
                self.put_flags(flags::ALL, 0, flags::ALL);
            }
        }
        Ok(())
    }

    /// `mov`.
    #[inline(always)]
    pub(crate) fn exec_mov(&mut self, dst: Rm, src: Src) -> Result<(), Fault> {
        let w = dst.width();
        match src {
            Src::Mem(m) => {
                let (v, u) = (self.get_rm(Rm::Mem(m))?, self.get_rm_undef(Rm::Mem(m))?);
                self.put_rm(dst, v, u)?;
            }
            _ => {
                let v = self.src(src, w)?;
                self.put_rm(dst, v, 0)?;
            }
        }
        Ok(())
    }

    /// `movzx`/`movsx` and their 32-bit forms.
    #[inline(always)]
    pub(crate) fn exec_movx(&mut self, signed: bool, dst: Reg, src: Rm) -> Result<(), Fault> {
        let v = self.get_rm(src)?;
        let v = if signed {
            sext(v, src.width()) as u64
        } else {
            v
        };
        self.put(dst, v & dst.width.mask(), 0);
        Ok(())
    }

    /// `lea`.
    #[inline(always)]
    pub(crate) fn exec_lea(&mut self, dst: Reg, addr: crate::semantics::insn::Addr) {
        let mut a = addr.disp as i64 as u64;
        if let Some(b) = addr.base {
            a = a.wrapping_add(self.regs[b as usize]);
        }
        if let Some(i) = addr.index {
            a = a.wrapping_add(self.regs[i as usize].wrapping_mul(addr.scale as u64));
        }
        self.put(dst, a & dst.width.mask(), 0);
    }

    /// The two-operand ALU operations (`add` .. `test`).
    #[inline(always)]
    pub(crate) fn exec_alu(&mut self, op: AluOp, dst: Rm, src: Src) -> Result<(), Fault> {
        let w = dst.width();
        let a = self.get_rm(dst)?;
        let b = self.src(src, w)?;
        let (res, f) = match op {
            AluOp::Add => add_with_carry(a, b, 0, w),
            AluOp::Adc => add_with_carry(a, b, self.cf(), w),
            AluOp::Sub | AluOp::Cmp => sub_with_borrow(a, b, 0, w),
            AluOp::Sbb => sub_with_borrow(a, b, self.cf(), w),
            AluOp::And | AluOp::Test => (a & b, szp(a & b, w)),
            AluOp::Or => (a | b, szp(a | b, w)),
            AluOp::Xor => (a ^ b, szp(a ^ b, w)),
        };
        if op.writes_dst() {
            self.put_rm(dst, res, 0)?;
        }
        self.put_flags(flags::ALL, f, 0);
        Ok(())
    }

    /// `not`, `neg`, `inc`, `dec`.
    #[inline(always)]
    pub(crate) fn exec_unary(&mut self, op: UnOp, dst: Rm) -> Result<(), Fault> {
        let w = dst.width();
        let a = self.get_rm(dst)?;
        match op {
            UnOp::Not => self.put_rm(dst, !a & w.mask(), 0)?,
            UnOp::Neg => {
                let (res, f) = sub_with_borrow(0, a, 0, w);
                self.put_rm(dst, res, 0)?;
                self.put_flags(flags::ALL, f, 0);
            }
            UnOp::Inc | UnOp::Dec => {
                let (res, f) = if op == UnOp::Inc {
                    add_with_carry(a, 1, 0, w)
                } else {
                    sub_with_borrow(a, 1, 0, w)
                };
                self.put_rm(dst, res, 0)?;
                self.put_flags(flags::ALL & !CF, f, 0);
            }
        }
        Ok(())
    }

    /// Two- and three-operand `imul`.
    #[inline(always)]
    pub(crate) fn exec_imul(&mut self, dst: Reg, src: Rm, imm: Option<i32>) -> Result<(), Fault> {
        let w = dst.width;
        let a = sext(self.get_rm(src)?, w) as i128;
        let b = match imm {
            Some(v) => v as i128,
            None => sext(self.get(dst), w) as i128,
        };
        let full = a * b;
        let res = full as u64 & w.mask();
        let overflow = sext(res, w) as i128 != full;
        self.put(dst, res, 0);
        let f = if overflow { CF | OF } else { 0 };
        self.put_flags(flags::ALL, f, SF | ZF | PF);
        Ok(())
    }

    /// `bsf`, `bsr`, `popcnt`, `lzcnt`, `tzcnt`.
    #[inline(always)]
    pub(crate) fn exec_bits(&mut self, op: BitOp, dst: Reg, src: Rm) -> Result<(), Fault> {
        let w = dst.width;
        let n = w.bits() as u64;
        let s = self.get_rm(src)?;
        match op {
            BitOp::Bsf | BitOp::Bsr => {
                if s == 0 {
                    // Destination undefined (hardware leaves it unchanged).
                    let num = dst.num;
                    self.set_undef_reg(num, u64::MAX);
                    self.put_flags(flags::ALL, ZF, CF | OF | SF | PF);
                } else {
                    let v = if op == BitOp::Bsf {
                        s.trailing_zeros() as u64
                    } else {
                        63 - s.leading_zeros() as u64
                    };
                    self.put(dst, v, 0);
                    self.put_flags(flags::ALL, 0, CF | OF | SF | PF);
                }
            }
            BitOp::Popcnt => {
                self.put(dst, s.count_ones() as u64, 0);
                self.put_flags(flags::ALL, if s == 0 { ZF } else { 0 }, 0);
            }
            BitOp::Lzcnt | BitOp::Tzcnt => {
                let v = if s == 0 {
                    n
                } else if op == BitOp::Lzcnt {
                    s.leading_zeros() as u64 - (64 - n)
                } else {
                    s.trailing_zeros() as u64
                };
                self.put(dst, v, 0);
                let mut f = 0;
                if s == 0 {
                    f |= CF;
                }
                if v == 0 {
                    f |= ZF;
                }
                self.put_flags(flags::ALL, f, OF | SF | PF);
            }
        }
        Ok(())
    }

    /// `cmovCC`.
    #[inline(always)]
    pub(crate) fn exec_cmov(&mut self, cond: Cond, dst: Reg, src: Rm) -> Result<(), Fault> {
        // The source is read (and a stack slot loaded) whether or not the move happens.
        let s = self.get_rm(src)?;
        let v = if cond.eval(self.flags) {
            s
        } else {
            self.get(dst)
        };
        self.put(dst, v, 0);
        Ok(())
    }

    /// `setCC`.
    #[inline(always)]
    pub(crate) fn exec_setcc(&mut self, cond: Cond, dst: Rm) -> Result<(), Fault> {
        self.put_rm(dst, cond.eval(self.flags) as u64, 0)
    }

    #[inline(always)]
    fn src(&self, s: Src, w: Width) -> Result<u64, Fault> {
        match s {
            Src::Reg(r) => Ok(self.get(r)),
            Src::Imm(v) => Ok(v as u64 & w.mask()),
            Src::Mem(m) => self.get_rm(Rm::Mem(m)),
        }
    }

    pub(crate) fn shift(&mut self, op: ShiftOp, dst: Rm, count: Count) -> Result<(), Fault> {
        let w = dst.width();
        let n = w.bits();
        let raw = match count {
            Count::Imm(c) => c as u64,
            Count::Cl => self.regs[1] & 0xff,
        };
        let c = (raw & if w == Width::W64 { 63 } else { 31 }) as u32;
        let a = self.get_rm(dst)?;
        if c == 0 {
            // Flags unchanged; the destination is still written (a 32-bit one zero-extends).
            return self.put_rm(dst, a, 0);
        }
        let m = w.mask();
        let msb = |v: u64| (v >> (n - 1)) & 1;
        match op {
            ShiftOp::Shl | ShiftOp::Shr | ShiftOp::Sar => {
                let (res, cf) = match op {
                    ShiftOp::Shl => {
                        let res = if c < n { (a << c) & m } else { 0 };
                        let cf = if c <= n { (a >> (n - c)) & 1 } else { 0 };
                        (res, cf)
                    }
                    ShiftOp::Shr => {
                        let res = if c < n { a >> c } else { 0 };
                        let cf = if c <= n { (a >> (c - 1)) & 1 } else { 0 };
                        (res, cf)
                    }
                    _ => {
                        let sa = sext(a, w);
                        let res = (sa >> c.min(63)) as u64 & m;
                        let cf = ((sa >> (c - 1).min(63)) & 1) as u64;
                        (res, cf)
                    }
                };
                let mut f = szp(res, w);
                if cf != 0 {
                    f |= CF;
                }
                let mut undef = 0;
                if c == 1 {
                    let of = match op {
                        ShiftOp::Shl => msb(res) ^ cf,
                        ShiftOp::Shr => msb(a),
                        _ => 0,
                    };
                    if of != 0 {
                        f |= OF;
                    }
                } else {
                    undef |= OF;
                }
                if c >= n && op != ShiftOp::Sar {
                    undef |= CF;
                }
                self.put_rm(dst, res, 0)?;
                self.put_flags(flags::ALL, f, undef);
            }
            ShiftOp::Rol | ShiftOp::Ror => {
                let r = c % n;
                let res = if r == 0 {
                    a
                } else if op == ShiftOp::Rol {
                    ((a << r) | (a >> (n - r))) & m
                } else {
                    ((a >> r) | (a << (n - r))) & m
                };
                let cf = if op == ShiftOp::Rol {
                    res & 1
                } else {
                    msb(res)
                };
                let mut f = if cf != 0 { CF } else { 0 };
                let mut undef = 0;
                if c == 1 {
                    let of = if op == ShiftOp::Rol {
                        msb(res) ^ cf
                    } else {
                        msb(res) ^ ((res >> (n - 2)) & 1)
                    };
                    if of != 0 {
                        f |= OF;
                    }
                } else {
                    undef |= OF;
                }
                self.put_rm(dst, res, 0)?;
                self.put_flags(CF | OF, f, undef);
            }
        }
        Ok(())
    }

    fn div(&mut self, signed: bool, src: Rm) -> Result<(), Fault> {
        let w = src.width();
        let n = w.bits();
        let divisor = self.get_rm(src)?;
        if divisor == 0 {
            return Err(Fault::DivideError);
        }
        let (hi, lo) = if w == Width::W8 {
            let ax = self.get(Reg::new(RAX, Width::W16));
            (ax >> 8, ax & 0xff)
        } else {
            (self.get(Reg::new(RDX, w)), self.get(Reg::new(RAX, w)))
        };
        let dividend = ((hi as u128) << n) | lo as u128;
        let (q, r) = if signed {
            // The dividend is a 2n-bit signed number.
            let shift = 128 - 2 * n;
            let d = ((dividend << shift) as i128) >> shift;
            let s = sext(divisor, w) as i128;
            let q = d.checked_div(s).ok_or(Fault::DivideError)?;
            let r = d.checked_rem(s).ok_or(Fault::DivideError)?;
            let min = -(1i128 << (n - 1));
            let max = (1i128 << (n - 1)) - 1;
            if q < min || q > max {
                return Err(Fault::DivideError);
            }
            (q as u64 & w.mask(), r as u64 & w.mask())
        } else {
            let q = dividend / divisor as u128;
            let r = dividend % divisor as u128;
            if q >> n != 0 {
                return Err(Fault::DivideError);
            }
            (q as u64, r as u64)
        };
        if w == Width::W8 {
            self.put(Reg::new(RAX, Width::W16), q | r << 8, 0);
        } else {
            self.put(Reg::new(RAX, w), q, 0);
            self.put(Reg::new(RDX, w), r, 0);
        }
        self.put_flags(flags::ALL, 0, flags::ALL);
        Ok(())
    }
}
