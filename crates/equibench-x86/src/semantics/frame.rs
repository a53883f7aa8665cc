//! The stack frame, the static half of the memory model. `gcc -O0` and `clang -O0` keep every
//! value in stack slots (`pushq %rbp; movq %rsp, %rbp; movl %edi, -4(%rbp); ...; popq %rbp`), and
//! STOKE's rewrites of such code remove that traffic. The subset models exactly this much memory:
//! the [`FRAME`] bytes below the %rsp a program starts with, addressed as `disp(%rsp)` or
//! `disp(%rbp)` while %rbp holds a frame address.
//!
//! Every stack address of a valid program is a constant offset from the entry %rsp, known before
//! it runs: %rsp moves only by push, pop, `leave` and `subq/addq $n`, and %rbp becomes a frame
//! address only by `movq %rsp, %rbp`. [`Checker`] follows those offsets and enforces, besides the
//! register and flag rules every program obeys (read only what def_in or the program itself
//! defined):
//! - every access lies inside the frame (never the return address or the caller's frame above it)
//!   and no more than [`RED_ZONE`] bytes below the current %rsp: the SysV ABI keeps those 128
//!   bytes from signal handlers, and nothing deeper, so a value stored deeper is not stable;
//! - when %rsp moves up (pop, `leave`, `addq`), bytes left more than [`RED_ZONE`] below it count
//!   as never written: a signal may have overwritten them;
//! - no frame address escapes into data (%rbp read as a value, pushed, or live out while it holds
//!   one), so the absolute position of the stack is never observable;
//! - a frame byte is read only after it was written with a defined value, except that `pushq %r`
//!   and `popq %r` save and restore a register whatever it holds (as a function saves the
//!   caller's %rbp or %rbx);
//! - %rsp is back at its entry value at the end (the `retq` that follows must find the return
//!   address).
//!
//! The interpreter ([`crate::semantics::interp`]), the SMT encoding ([`crate::semantics::smt`]) and the native runner
//! ([`crate::semantics::native`]) give such programs one meaning: concrete bytes, byte terms (fresh for each
//! program where never written), and a real stack of the harness's own.

use crate::semantics::flags;
use crate::semantics::insn::{Fx, Insn, Mem};
use crate::semantics::locs::Locs;
use crate::semantics::reg::{name64, RBP, RSP};

/// Bytes of the frame below the entry %rsp that programs may use: the 128-byte red zone of a leaf
/// function and room for a pushed %rbp and a `subq`-allocated frame.
pub const FRAME: usize = 256;

/// Bytes below the current %rsp that the SysV x86-64 ABI keeps from signal and interrupt
/// handlers (the red zone). Storage deeper than this may change under a program's feet.
pub const RED_ZONE: i64 = 128;

/// Where the interpreter puts the entry %rsp: an arbitrary address, since no valid program can
/// observe it.
pub const STACK_TOP: u64 = 0x7fff_ffff_e000;

/// The address of frame byte 0 (offset `-FRAME` from the entry %rsp).
pub const FRAME_BASE: u64 = STACK_TOP - FRAME as u64;

const WORDS: usize = FRAME / 64;

/// Why a program is not valid, statically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// Reads bits of a register that neither def_in nor the program defined.
    Reg { num: u8, bits: u64 },
    /// Reads flags that neither def_in nor the program defined (or that an instruction left
    /// undefined, as `subq $n, %rsp` does).
    Flags(u8),
    /// Reads frame bytes never written with a defined value, or left below the red zone since
    /// (entry-relative offset, length).
    Frame { offset: i64, len: usize },
    /// Accesses bytes outside the modelled frame (entry-relative offset, length).
    OutsideFrame { offset: i64, len: usize },
    /// Accesses bytes more than [`RED_ZONE`] bytes below the current %rsp (entry-relative offset,
    /// length, entry-relative %rsp).
    BelowRedZone { offset: i64, len: usize, rsp: i64 },
    /// Uses %rbp as a frame base while it holds no frame address.
    RbpNotFrame,
    /// Reads %rbp as data (or pushes it, or has it live out) while it holds a frame address.
    FrameAddressEscapes,
    /// %rsp is not back at its entry value at the end (offset).
    Unbalanced(i64),
}

impl Problem {
    /// Reads of undefined values (a program without meaning for def_in), as opposed to a use of
    /// the stack the model does not cover.
    pub fn is_undefined_read(self) -> bool {
        matches!(
            self,
            Problem::Reg { .. } | Problem::Flags(_) | Problem::Frame { .. }
        )
    }

    pub fn describe(self) -> String {
        match self {
            Problem::Reg { num, bits } => format!("%{} (bits {bits:#x})", name64(num)),
            Problem::Flags(f) => format!("flags [{}]", flags::names(f).join(" ")),
            Problem::Frame { offset, len } => format!(
                "frame bytes {offset}..{} (relative to the entry %rsp) never written, or left more \
                 than {RED_ZONE} bytes below %rsp since",
                offset + len as i64
            ),
            Problem::OutsideFrame { offset, len } => format!(
                "stack bytes {offset}..{} relative to the entry %rsp, outside the {FRAME}-byte frame below it",
                offset + len as i64
            ),
            Problem::BelowRedZone { offset, len, rsp } => format!(
                "stack bytes {offset}..{} relative to the entry %rsp, more than {RED_ZONE} bytes \
                 below %rsp (at {rsp}): only the red zone is safe from signal handlers",
                offset + len as i64
            ),
            Problem::RbpNotFrame => {
                "%rbp as a frame base while it holds no frame address (`movq %rsp, %rbp` first)"
                    .into()
            }
            Problem::FrameAddressEscapes => {
                "the frame address in %rbp as data (stack addresses are not observable)".into()
            }
            Problem::Unbalanced(off) => {
                format!("%rsp left {off} bytes away from its entry value at the end")
            }
        }
    }
}

/// Follows what is defined (register bits, flags, frame bytes) and where %rsp and %rbp point,
/// instruction by instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checker {
    /// Defined bits of each register.
    pub regs: [u64; 16],
    pub flags: u8,
    /// %rsp relative to its entry value (always in `-FRAME..=0`: every move is checked).
    pub rsp: i64,
    /// %rbp relative to the entry %rsp while it holds a frame address.
    pub rbp: Option<i64>,
    /// Frame bytes holding defined values (bit `i` = byte at offset `i - FRAME`).
    frame: [u64; WORDS],
}

/// Index of the frame byte at entry-relative `offset` (which must be in `-FRAME..0`).
#[inline]
fn index(offset: i64) -> usize {
    (FRAME as i64 + offset) as usize
}

/// Is `offset..offset+len` inside the frame? (64-bit arithmetic: a displacement of any 32-bit
/// value from any frame position cannot overflow it.)
#[inline]
pub fn in_frame(offset: i64, len: usize) -> bool {
    offset >= -(FRAME as i64) && offset + len as i64 <= 0
}

impl Checker {
    pub fn new(def_in: &Locs) -> Checker {
        Checker {
            regs: def_in.regs,
            flags: def_in.flags,
            rsp: 0,
            rbp: None,
            frame: [0; WORDS],
        }
    }

    /// The entry-relative offset of a stack slot, if the current frame state can resolve it and
    /// it lies inside the frame and the red zone.
    #[inline]
    pub fn resolve(&self, m: Mem) -> Result<i64, Problem> {
        let offset = match m.base {
            RSP => self.rsp + m.disp as i64,
            RBP => self.rbp.ok_or(Problem::RbpNotFrame)? + m.disp as i64,
            _ => return Err(Problem::RbpNotFrame),
        };
        let len = m.len();
        if !in_frame(offset, len) {
            return Err(Problem::OutsideFrame { offset, len });
        }
        self.in_red_zone(offset, len)?;
        Ok(offset)
    }

    /// Refuse an access deeper than the red zone below the current %rsp.
    #[inline]
    fn in_red_zone(&self, offset: i64, len: usize) -> Result<(), Problem> {
        if offset < self.rsp - RED_ZONE {
            return Err(Problem::BelowRedZone {
                offset,
                len,
                rsp: self.rsp,
            });
        }
        Ok(())
    }

    /// Move %rsp to `rsp` (entry-relative), which must stay inside the frame. Moving up forgets
    /// what lies more than [`RED_ZONE`] bytes below the new position: a signal handler may use
    /// that stack.
    #[inline]
    fn set_rsp(&mut self, rsp: i64, len: usize) -> Result<(), Problem> {
        if !in_frame(rsp, len) {
            return Err(Problem::OutsideFrame { offset: rsp, len });
        }
        if rsp > self.rsp {
            let keep_from = rsp - RED_ZONE;
            if keep_from > -(FRAME as i64) {
                let n = index(keep_from);
                for (w, word) in self.frame.iter_mut().enumerate() {
                    let lo = w * 64;
                    if n >= lo + 64 {
                        *word = 0;
                    } else if n > lo {
                        *word &= !((1u64 << (n - lo)) - 1);
                    }
                }
            }
        }
        self.rsp = rsp;
        Ok(())
    }

    fn bytes_defined(&self, offset: i64, len: usize) -> u64 {
        let mut mask = 0u64;
        for k in 0..len {
            let i = index(offset + k as i64);
            if self.frame[i / 64] >> (i % 64) & 1 != 0 {
                mask |= 0xff << (8 * k);
            }
        }
        mask
    }

    /// Mark bytes defined where `bits` (a register's defined bits) has a whole defined byte.
    fn set_bytes(&mut self, offset: i64, len: usize, bits: u64) {
        for k in 0..len {
            let i = index(offset + k as i64);
            let bit = 1u64 << (i % 64);
            if bits >> (8 * k) & 0xff == 0xff {
                self.frame[i / 64] |= bit;
            } else {
                self.frame[i / 64] &= !bit;
            }
        }
    }

    #[inline(always)]
    fn check_reads(&self, fx: &Fx) -> Result<(), Problem> {
        for &(num, bits) in &fx.reads {
            if num == RBP && bits != 0 && self.rbp.is_some() {
                return Err(Problem::FrameAddressEscapes);
            }
            if bits & !self.regs[num as usize] != 0 {
                return Err(Problem::Reg {
                    num,
                    bits: bits & !self.regs[num as usize],
                });
            }
        }
        if fx.reads_flags & !self.flags != 0 {
            return Err(Problem::Flags(fx.reads_flags & !self.flags));
        }
        Ok(())
    }

    #[inline(always)]
    fn apply_writes(&mut self, fx: &Fx) {
        for &(num, bits) in &fx.writes {
            self.regs[num as usize] |= bits;
            if num == RBP && bits != 0 {
                self.rbp = None;
            }
        }
        // A flag the instruction may keep is defined afterwards only if it was before.
        self.flags |= fx.writes_flags & !fx.keeps_flags;
    }

    fn pop(&mut self, num: u8) -> Result<(), Problem> {
        if !in_frame(self.rsp, 8) {
            return Err(Problem::OutsideFrame {
                offset: self.rsp,
                len: 8,
            });
        }
        self.regs[num as usize] = self.bytes_defined(self.rsp, 8);
        if num == RBP {
            self.rbp = None;
        }
        self.set_rsp(self.rsp + 8, 0)
    }

    /// Check one instruction (with its effects `fx`) and apply what it defines.
    #[inline]
    pub fn step(&mut self, insn: &Insn, fx: &Fx) -> Result<(), Problem> {
        if !fx.stack {
            self.check_reads(fx)?;
            self.apply_writes(fx);
            return Ok(());
        }
        match *insn {
            Insn::Push(r) => {
                if r.num == RBP && self.rbp.is_some() {
                    return Err(Problem::FrameAddressEscapes);
                }
                self.set_rsp(self.rsp - 8, 8)?;
                // A save: whatever the register holds, defined or not, goes to the slot.
                self.set_bytes(self.rsp, 8, self.regs[r.num as usize]);
            }
            Insn::Pop(r) => self.pop(r.num)?,
            Insn::FramePointer => {
                self.rbp = Some(self.rsp);
                // Its value is an address, never data.
                self.regs[RBP as usize] = 0;
            }
            Insn::Leave => {
                self.set_rsp(self.rbp.ok_or(Problem::RbpNotFrame)?, 0)?;
                self.pop(RBP)?;
            }
            Insn::AdjustRsp(n) => {
                self.set_rsp(self.rsp + n as i64, 0)?;
                // The flags of `subq $n, %rsp` depend on the stack's address.
                self.flags &= !fx.writes_flags;
            }
            _ => {
                self.check_reads(fx)?;
                let access = fx.mem;
                let mut target = None;
                if let Some(a) = access {
                    let offset = self.resolve(a.mem)?;
                    let len = a.mem.len();
                    if a.read && self.bytes_defined(offset, len) != a.mem.width.mask() {
                        return Err(Problem::Frame { offset, len });
                    }
                    if a.write {
                        target = Some((offset, len));
                    }
                }
                self.apply_writes(fx);
                if let Some((offset, len)) = target {
                    self.set_bytes(offset, len, u64::MAX);
                }
            }
        }
        Ok(())
    }

    /// The end-of-program rules: %rsp balanced, no frame address live out.
    pub fn finish(&self, live_out: &Locs) -> Result<(), Problem> {
        if self.rsp != 0 {
            return Err(Problem::Unbalanced(self.rsp));
        }
        if self.rbp.is_some() && live_out.regs[RBP as usize] != 0 {
            return Err(Problem::FrameAddressEscapes);
        }
        Ok(())
    }
}

/// Does the program stay inside the frame model at all (whatever def_in is)? Reads of undefined
/// values are not this function's concern.
pub fn check_stack(program: &[Insn]) -> Result<(), Problem> {
    let mut all = Locs {
        regs: [u64::MAX; 16],
        flags: flags::ALL,
    };
    all.regs[RSP as usize] = 0;
    let mut c = Checker::new(&all);
    for insn in program {
        match c.step(insn, &Fx::of(insn)) {
            Err(p) if !p.is_undefined_read() => return Err(p),
            _ => {}
        }
    }
    c.finish(&Locs::default())
}

/// Does the program touch the stack at all?
pub fn uses_stack(program: &[Insn]) -> bool {
    program
        .iter()
        .any(|i| i.is_stack_op() || i.mem_operand().is_some())
}
