//! The proposal distribution: the opcode, register and immediate pools, random instructions, and
//! STOKE's moves over a fixed array of slots (an empty slot is a deleted instruction).
//!
//! Everything produced here is inside the subset and encodable: registers come from a pool that
//! never holds `%rsp` (nor `%rbp` when the target uses it as its frame pointer), stack slots from
//! the target's own (and the same bytes addressed from `%rsp`), immediates are canonical for their
//! width, and [`encodable`](crate::semantics::opcode::encodable) rejects the operand combinations the hardware has no encoding for
//! (`%ah` with a REX register). Whether a program uses its frame validly is
//! [`crate::semantics::frame`]'s question, asked of every proposal by the cost's static check.
//!
//! For targets with a frame (`-O0` code) one more move, [`MoveKind::DropFrame`], removes
//! `pushq %rbp; movq %rsp, %rbp; ... popq %rbp` in one step and re-addresses the slots from
//! `%rsp` (the red zone): deleting those instructions one at a time passes through programs with
//! an unbalanced or missing frame, which the static check refuses.

use crate::semantics::insn::{Addr, AluOp, BitOp, Cond, Extend, Fx, Insn, Mem, Rm, ShiftOp, UnOp};
use crate::semantics::opcode::{
    compose, decompose, encodable, has_imm, reg_count, Class, Opcode, Operands, NO_ADDR, NO_REG,
};
use crate::semantics::parse::sext;
use crate::semantics::reg::{Reg, Width, RBP, RCX, RDX, RSP};
use crate::semantics::specialise::Specialised;
use equibench_core::seed::Rng as ChaCha;
use rand::Rng;
use std::collections::HashMap;

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
        let mut frame = crate::semantics::frame::Checker::new(&crate::Locs {
            regs: [u64::MAX; 16],
            flags: crate::semantics::flags::ALL,
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
    fn operands(&mut self, insn: &Insn, frame: &crate::semantics::frame::Checker) {
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
        for (signed, sw, dw) in crate::semantics::insn::EXTENSIONS {
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
