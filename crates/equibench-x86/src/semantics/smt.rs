//! The SMT-LIB2 bit-vector encoding of the semantic model. It mirrors [`crate::semantics::interp`] instruction
//! by instruction; architecturally undefined results are fresh unconstrained constants, so a proof
//! holds whatever the hardware puts there. Every intermediate value is bound to a name, so term
//! size stays linear in program length; the bindings render either as top-level `define-fun`s (the
//! verifier) or as nested `let`s inside a function body (the batched cross-validation).

use crate::semantics::flags::{self, CF, OF, PF, SF, ZF};
use crate::semantics::insn::{
    AluOp, BitOp, Cond, Count, Extend, Insn, Mem, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::reg::{Reg, Width, RAX, RBP, RDX, RSP};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Bv(u32),
    Bool,
}

impl Sort {
    pub fn smt(self) -> String {
        match self {
            Sort::Bv(n) => format!("(_ BitVec {n})"),
            Sort::Bool => "Bool".into(),
        }
    }
}

/// The symbolic machine state: a 64-bit term per register, a Bool term per flag (in
/// [`flags::TABLE`] order: CF PF ZF SF OF), whether a fault has happened, and the frame.
///
/// The frame is byte-addressed by offset from the entry %rsp: programs valid under
/// [`crate::semantics::frame`] address it only at offsets known before they run, so the encoding follows
/// %rsp and %rbp as offsets and needs no symbolic addresses. A byte never written reads as a
/// fresh constant of the program being encoded (its own, not shared with the other program of a
/// query), so nothing can be proved from what a slot held before the program wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymState {
    pub regs: [String; 16],
    pub flags: [String; 5],
    pub fault: String,
    /// %rsp relative to its entry value.
    pub rsp: i32,
    /// %rbp relative to the entry %rsp while it holds a frame address.
    pub rbp: Option<i32>,
    /// Frame bytes (8-bit terms) by entry-relative offset.
    pub frame: BTreeMap<i32, String>,
}

impl SymState {
    /// A state whose registers and flags are the given terms, with an unwritten frame.
    pub fn new(regs: [String; 16], flags: [String; 5]) -> SymState {
        SymState {
            regs,
            flags,
            fault: "false".into(),
            rsp: 0,
            rbp: None,
            frame: BTreeMap::new(),
        }
    }

    pub fn flag(&self, f: u8) -> &str {
        &self.flags[f.trailing_zeros() as usize]
    }

    fn set_flag(&mut self, f: u8, term: String) {
        self.flags[f.trailing_zeros() as usize] = term;
    }
}

/// A bit-vector literal.
pub fn bv(v: u64, bits: u32) -> String {
    if bits & 3 == 0 && bits <= 64 {
        format!("#x{:0width$x}", v, width = (bits / 4) as usize)
    } else {
        format!("(_ bv{v} {bits})")
    }
}

fn extract(hi: u32, lo: u32, t: &str) -> String {
    format!("((_ extract {hi} {lo}) {t})")
}
fn zext(k: u32, t: &str) -> String {
    if k == 0 {
        t.to_string()
    } else {
        format!("((_ zero_extend {k}) {t})")
    }
}
fn sextend(k: u32, t: &str) -> String {
    if k == 0 {
        t.to_string()
    } else {
        format!("((_ sign_extend {k}) {t})")
    }
}
fn ite(c: &str, a: &str, b: &str) -> String {
    format!("(ite {c} {a} {b})")
}
fn eq(a: &str, b: &str) -> String {
    format!("(= {a} {b})")
}
fn not(a: &str) -> String {
    format!("(not {a})")
}
fn bit_is_set(t: &str, i: u32) -> String {
    format!("(= ((_ extract {i} {i}) {t}) #b1)")
}

/// Builds the encoding of programs into named bindings.
pub struct Encoder {
    prefix: String,
    counter: usize,
    bindings: Vec<(String, Sort, String)>,
    fresh: Vec<(String, Sort)>,
}

impl Encoder {
    /// `prefix` keeps the names of two programs' encodings apart.
    pub fn new(prefix: &str) -> Encoder {
        Encoder {
            prefix: prefix.to_string(),
            counter: 0,
            bindings: Vec::new(),
            fresh: Vec::new(),
        }
    }

    fn bind(&mut self, sort: Sort, expr: String) -> String {
        let name = format!("{}_t{}", self.prefix, self.counter);
        self.counter += 1;
        self.bindings.push((name.clone(), sort, expr));
        name
    }

    /// A fresh unconstrained value: an architecturally undefined result.
    fn fresh(&mut self, sort: Sort) -> String {
        let name = format!("{}_u{}", self.prefix, self.counter);
        self.counter += 1;
        self.fresh.push((name.clone(), sort));
        name
    }

    /// `declare-const` for the undefined values, then `define-fun` for each binding.
    pub fn render_defines(&self) -> String {
        let mut s = self.render_fresh();
        for (name, sort, expr) in &self.bindings {
            s.push_str(&format!("(define-fun {name} () {} {expr})\n", sort.smt()));
        }
        s
    }

    /// `declare-const` for the undefined values only.
    pub fn render_fresh(&self) -> String {
        self.fresh
            .iter()
            .map(|(n, s)| format!("(declare-const {n} {})\n", s.smt()))
            .collect()
    }

    /// `body` under nested `let`s of all bindings.
    pub fn render_let(&self, body: &str) -> String {
        let mut s = String::new();
        for (name, _, expr) in &self.bindings {
            s.push_str(&format!("(let (({name} {expr})) "));
        }
        s.push_str(body);
        s.push_str(&")".repeat(self.bindings.len()));
        s
    }

    /// Encode a whole program.
    pub fn run(&mut self, st: &mut SymState, program: &[Insn]) {
        for insn in program {
            self.step(st, insn);
        }
    }

    fn get(&self, st: &SymState, r: Reg) -> String {
        let t = &st.regs[r.num as usize];
        if r.high8 {
            extract(15, 8, t)
        } else if r.width == Width::W64 {
            t.clone()
        } else {
            extract(r.width.bits() - 1, 0, t)
        }
    }

    /// Write operand `r` (value of its width): 32-bit zero-extends, 8/16-bit merge.
    fn put(&mut self, st: &mut SymState, r: Reg, v: &str) {
        let old = st.regs[r.num as usize].clone();
        let full = if r.high8 {
            format!(
                "(concat {} {v} {})",
                extract(63, 16, &old),
                extract(7, 0, &old)
            )
        } else {
            match r.width {
                Width::W64 => v.to_string(),
                Width::W32 => zext(32, v),
                w => format!("(concat {} {v})", extract(63, w.bits(), &old)),
            }
        };
        st.regs[r.num as usize] = self.bind(Sort::Bv(64), full);
    }

    fn src(&mut self, st: &mut SymState, s: Src, w: Width) -> String {
        match s {
            Src::Reg(r) => self.get(st, r),
            Src::Imm(v) => bv(v as u64 & w.mask(), w.bits()),
            Src::Mem(m) => self.load(st, m),
        }
    }

    /// The entry-relative offset of a stack slot (None only for programs [`crate::semantics::frame`]
    /// refuses: %rbp holding no frame address, an offset outside 32 bits). Offsets of such
    /// programs wrap rather than panic; no verdict is ever taken on them.
    fn offset(st: &SymState, m: Mem) -> Option<i32> {
        match m.base {
            RSP => st.rsp.checked_add(m.disp),
            RBP => st.rbp.and_then(|b| b.checked_add(m.disp)),
            _ => None,
        }
    }

    /// The frame byte at `offset`: what the program wrote there, or a fresh constant the first
    /// time it reads a byte it never wrote.
    fn byte(&mut self, st: &mut SymState, offset: i32) -> String {
        if let Some(t) = st.frame.get(&offset) {
            return t.clone();
        }
        let u = self.fresh(Sort::Bv(8));
        st.frame.insert(offset, u.clone());
        u
    }

    /// `len` bytes from `offset`, little-endian, as one term.
    fn load_bytes(&mut self, st: &mut SymState, offset: Option<i32>, len: usize) -> String {
        let bytes: Vec<String> = (0..len as i32)
            .rev()
            .map(|k| match offset {
                Some(o) => self.byte(st, o.wrapping_add(k)),
                None => self.fresh(Sort::Bv(8)),
            })
            .collect();
        if bytes.len() == 1 {
            bytes[0].clone()
        } else {
            format!("(concat {})", bytes.join(" "))
        }
    }

    fn store_bytes(&mut self, st: &mut SymState, offset: Option<i32>, len: usize, v: &str) {
        let Some(o) = offset else {
            return;
        };
        let v = self.bind(Sort::Bv(8 * len as u32), v.to_string());
        for k in 0..len as u32 {
            st.frame
                .insert(o.wrapping_add(k as i32), extract(8 * k + 7, 8 * k, &v));
        }
    }

    fn load(&mut self, st: &mut SymState, m: Mem) -> String {
        let offset = Self::offset(st, m);
        self.load_bytes(st, offset, m.len())
    }

    /// The value of a register or stack-slot operand (of its width).
    fn get_rm(&mut self, st: &mut SymState, x: Rm) -> String {
        match x {
            Rm::Reg(r) => self.get(st, r),
            Rm::Mem(m) => self.load(st, m),
        }
    }

    /// Write a register or stack-slot operand (a value of its width).
    fn put_rm(&mut self, st: &mut SymState, x: Rm, v: &str) {
        match x {
            Rm::Reg(r) => self.put(st, r, v),
            Rm::Mem(m) => {
                let offset = Self::offset(st, m);
                self.store_bytes(st, offset, m.len(), v);
            }
        }
    }

    fn pop(&mut self, st: &mut SymState, r: Reg) {
        let v = self.load_bytes(st, Some(st.rsp), 8);
        st.rsp = st.rsp.wrapping_add(8);
        if r.num == RBP {
            st.rbp = None;
        }
        self.put(st, r, &v);
    }

    fn cf_bit(st: &SymState) -> String {
        ite(st.flag(CF), "#b1", "#b0")
    }

    /// SF ZF PF of a result.
    fn szp(&mut self, st: &mut SymState, res: &str, w: Width) {
        let n = w.bits();
        st.set_flag(SF, bit_is_set(res, n - 1));
        st.set_flag(ZF, eq(res, &bv(0, n)));
        let bits: Vec<String> = (0..8).map(|i| extract(i, i, res)).collect();
        let pf = self.bind(Sort::Bool, format!("(= (bvxor {}) #b0)", bits.join(" ")));
        st.set_flag(PF, pf);
    }

    fn set_fresh_flags(&mut self, st: &mut SymState, which: u8) {
        for (f, _, _) in flags::TABLE {
            if which & f != 0 {
                let u = self.fresh(Sort::Bool);
                st.set_flag(f, u);
            }
        }
    }

    fn add_with_carry(
        &mut self,
        st: &mut SymState,
        a: &str,
        b: &str,
        carry: &str,
        w: Width,
    ) -> String {
        let n = w.bits();
        let full = self.bind(
            Sort::Bv(n + 1),
            format!("(bvadd {} {} {})", zext(1, a), zext(1, b), zext(n, carry)),
        );
        let res = self.bind(Sort::Bv(n), extract(n - 1, 0, &full));
        self.szp(st, &res, w);
        st.set_flag(CF, bit_is_set(&full, n));
        st.set_flag(
            OF,
            bit_is_set(
                &format!("(bvand (bvxor {a} {res}) (bvxor {b} {res}))"),
                n - 1,
            ),
        );
        res
    }

    fn sub_with_borrow(
        &mut self,
        st: &mut SymState,
        a: &str,
        b: &str,
        borrow: &str,
        w: Width,
    ) -> String {
        let n = w.bits();
        let res = self.bind(
            Sort::Bv(n),
            format!("(bvsub (bvsub {a} {b}) {})", zext(n - 1, borrow)),
        );
        self.szp(st, &res, w);
        st.set_flag(
            CF,
            format!(
                "(bvult {} (bvadd {} {}))",
                zext(1, a),
                zext(1, b),
                zext(n, borrow)
            ),
        );
        st.set_flag(
            OF,
            bit_is_set(&format!("(bvand (bvxor {a} {b}) (bvxor {a} {res}))"), n - 1),
        );
        res
    }

    fn logic_flags(&mut self, st: &mut SymState, res: &str, w: Width) {
        self.szp(st, res, w);
        st.set_flag(CF, "false".into());
        st.set_flag(OF, "false".into());
    }

    fn cond(st: &SymState, c: Cond) -> String {
        let (cf, zf, sf, of, pf) = (
            st.flag(CF),
            st.flag(ZF),
            st.flag(SF),
            st.flag(OF),
            st.flag(PF),
        );
        let base = match c as u8 >> 1 {
            0 => of.to_string(),
            1 => cf.to_string(),
            2 => zf.to_string(),
            3 => format!("(or {cf} {zf})"),
            4 => sf.to_string(),
            5 => pf.to_string(),
            6 => format!("(xor {sf} {of})"),
            _ => format!("(or {zf} (xor {sf} {of}))"),
        };
        if c as u8 & 1 != 0 {
            not(&base)
        } else {
            base
        }
    }

    /// Encode one instruction.
    pub fn step(&mut self, st: &mut SymState, insn: &Insn) {
        match *insn {
            Insn::Mov { dst, src } => {
                let v = self.src(st, src, dst.width());
                self.put_rm(st, dst, &v);
            }
            Insn::Movx { signed, dst, src } => {
                let v = self.get_rm(st, src);
                let k = dst.width.bits() - src.width().bits();
                let e = if signed { sextend(k, &v) } else { zext(k, &v) };
                self.put(st, dst, &e);
            }
            Insn::Lea { dst, addr } => {
                let mut terms = vec![bv(addr.disp as i64 as u64, 64)];
                if let Some(b) = addr.base {
                    terms.push(st.regs[b as usize].clone());
                }
                if let Some(i) = addr.index {
                    terms.push(format!(
                        "(bvmul {} {})",
                        st.regs[i as usize],
                        bv(addr.scale as u64, 64)
                    ));
                }
                let sum = format!("(bvadd {})", terms.join(" "));
                let v = if dst.width == Width::W64 {
                    sum
                } else {
                    extract(dst.width.bits() - 1, 0, &sum)
                };
                self.put(st, dst, &v);
            }
            Insn::Alu { op, dst, src } => {
                let w = dst.width();
                let a = self.get_rm(st, dst);
                let b = self.src(st, src, w);
                let zero = "#b0".to_string();
                let res = match op {
                    AluOp::Add => self.add_with_carry(st, &a, &b, &zero, w),
                    AluOp::Adc => {
                        let c = Self::cf_bit(st);
                        self.add_with_carry(st, &a, &b, &c, w)
                    }
                    AluOp::Sub | AluOp::Cmp => self.sub_with_borrow(st, &a, &b, &zero, w),
                    AluOp::Sbb => {
                        let c = Self::cf_bit(st);
                        self.sub_with_borrow(st, &a, &b, &c, w)
                    }
                    AluOp::And | AluOp::Test | AluOp::Or | AluOp::Xor => {
                        let f = match op {
                            AluOp::Or => "bvor",
                            AluOp::Xor => "bvxor",
                            _ => "bvand",
                        };
                        let res = self.bind(Sort::Bv(w.bits()), format!("({f} {a} {b})"));
                        self.logic_flags(st, &res, w);
                        res
                    }
                };
                if op.writes_dst() {
                    self.put_rm(st, dst, &res);
                }
            }
            Insn::Unary { op, dst } => {
                let w = dst.width();
                let n = w.bits();
                let a = self.get_rm(st, dst);
                let res = match op {
                    UnOp::Not => format!("(bvnot {a})"),
                    UnOp::Neg => self.sub_with_borrow(st, &bv(0, n), &a, "#b0", w),
                    UnOp::Inc | UnOp::Dec => {
                        let cf = st.flag(CF).to_string();
                        let r = if op == UnOp::Inc {
                            self.add_with_carry(st, &a, &bv(1, n), "#b0", w)
                        } else {
                            self.sub_with_borrow(st, &a, &bv(1, n), "#b0", w)
                        };
                        st.set_flag(CF, cf);
                        r
                    }
                };
                self.put_rm(st, dst, &res);
            }
            Insn::Andn { dst, src1, src2 } => {
                let w = dst.width;
                let (s1, s2) = (self.get(st, src1), self.get_rm(st, src2));
                let res = self.bind(Sort::Bv(w.bits()), format!("(bvand (bvnot {s1}) {s2})"));
                self.logic_flags(st, &res, w);
                self.set_fresh_flags(st, PF);
                self.put(st, dst, &res);
            }
            Insn::Shift { op, dst, count } => self.shift(st, op, dst, count),
            Insn::MulWide { signed, src } => {
                let w = src.width();
                let n = w.bits();
                let a = self.get(st, Reg::new(RAX, w));
                let b = self.get_rm(st, src);
                let ext = |t: &str| if signed { sextend(n, t) } else { zext(n, t) };
                let full = self.bind(Sort::Bv(2 * n), format!("(bvmul {} {})", ext(&a), ext(&b)));
                let lo = self.bind(Sort::Bv(n), extract(n - 1, 0, &full));
                let hi = extract(2 * n - 1, n, &full);
                let overflow = if signed {
                    not(&eq(&sextend(n, &lo), &full))
                } else {
                    not(&eq(&hi, &bv(0, n)))
                };
                let overflow = self.bind(Sort::Bool, overflow);
                if w == Width::W8 {
                    self.put(st, Reg::new(RAX, Width::W16), &full);
                } else {
                    self.put(st, Reg::new(RAX, w), &lo);
                    self.put(st, Reg::new(RDX, w), &hi);
                }
                st.set_flag(CF, overflow.clone());
                st.set_flag(OF, overflow);
                self.set_fresh_flags(st, SF | ZF | PF);
            }
            Insn::Imul { dst, src, imm } => {
                let w = dst.width;
                let n = w.bits();
                let a = self.get_rm(st, src);
                let b = match imm {
                    Some(v) => bv(v as i64 as u64 & w.mask(), n),
                    None => self.get(st, dst),
                };
                // The result is the n-bit product; the 2n-bit one is only needed for CF/OF, so a
                // proof that ignores the flags never has to reason about the wide multiplier.
                let res = self.bind(Sort::Bv(n), format!("(bvmul {a} {b})"));
                let full = format!("(bvmul {} {})", sextend(n, &a), sextend(n, &b));
                let overflow = self.bind(Sort::Bool, not(&eq(&sextend(n, &res), &full)));
                self.put(st, dst, &res);
                st.set_flag(CF, overflow.clone());
                st.set_flag(OF, overflow);
                self.set_fresh_flags(st, SF | ZF | PF);
            }
            Insn::Div { signed, src } => {
                let w = src.width();
                let n = w.bits();
                let divisor = self.get_rm(st, src);
                let dividend = if w == Width::W8 {
                    self.get(st, Reg::new(RAX, Width::W16))
                } else {
                    format!(
                        "(concat {} {})",
                        self.get(st, Reg::new(RDX, w)),
                        self.get(st, Reg::new(RAX, w))
                    )
                };
                let dividend = self.bind(Sort::Bv(2 * n), dividend);
                let (q, r) = if signed {
                    let d = sextend(n, &divisor);
                    (
                        format!("(bvsdiv {dividend} {d})"),
                        format!("(bvsrem {dividend} {d})"),
                    )
                } else {
                    let d = zext(n, &divisor);
                    (
                        format!("(bvudiv {dividend} {d})"),
                        format!("(bvurem {dividend} {d})"),
                    )
                };
                let q = self.bind(Sort::Bv(2 * n), q);
                let r = self.bind(Sort::Bv(2 * n), r);
                let qlo = extract(n - 1, 0, &q);
                let overflow = if signed {
                    not(&eq(&sextend(n, &qlo), &q))
                } else {
                    not(&eq(&extract(2 * n - 1, n, &q), &bv(0, n)))
                };
                let fault = format!("(or {} {} {overflow})", st.fault, eq(&divisor, &bv(0, n)));
                st.fault = self.bind(Sort::Bool, fault);
                let rlo = extract(n - 1, 0, &r);
                if w == Width::W8 {
                    self.put(
                        st,
                        Reg::new(RAX, Width::W16),
                        &format!("(concat {rlo} {qlo})"),
                    );
                } else {
                    self.put(st, Reg::new(RAX, w), &qlo);
                    self.put(st, Reg::new(RDX, w), &rlo);
                }
                self.set_fresh_flags(st, flags::ALL);
            }
            Insn::Bits { op, dst, src } => self.bits(st, op, dst, src),
            Insn::Bt { base, bit } => {
                let w = base.width();
                let n = w.bits();
                let b = self.get_rm(st, base);
                let off = match bit {
                    Src::Reg(r) => format!("(bvurem {} {})", self.get(st, r), bv(n as u64, n)),
                    Src::Imm(v) => bv(v as u64 % n as u64, n),
                    Src::Mem(m) => {
                        let t = self.load(st, m);
                        format!("(bvurem {t} {})", bv(n as u64, n))
                    }
                };
                st.set_flag(CF, bit_is_set(&format!("(bvlshr {b} {off})"), 0));
                self.set_fresh_flags(st, OF | SF | PF);
            }
            Insn::Bswap { dst } => {
                let n = dst.width.bits();
                let v = self.get(st, dst);
                let bytes: Vec<String> =
                    (0..n / 8).map(|i| extract(8 * i + 7, 8 * i, &v)).collect();
                self.put(st, dst, &format!("(concat {})", bytes.join(" ")));
            }
            Insn::Xchg { a, b } => {
                let (va, vb) = (self.get(st, a), self.get(st, b));
                let (va, vb) = (
                    self.bind(Sort::Bv(a.width.bits()), va),
                    self.bind(Sort::Bv(b.width.bits()), vb),
                );
                self.put(st, a, &vb);
                self.put(st, b, &va);
            }
            Insn::Cmov { cond, dst, src } => {
                let c = Self::cond(st, cond);
                let s = self.get_rm(st, src);
                let v = ite(&c, &s, &self.get(st, dst));
                self.put(st, dst, &v);
            }
            Insn::Setcc { cond, dst } => {
                let c = Self::cond(st, cond);
                self.put_rm(st, dst, &ite(&c, &bv(1, 8), &bv(0, 8)));
            }
            Insn::Extend(Extend::WithinAcc(w)) => {
                let from = crate::semantics::insn::half(w);
                let v = self.get(st, Reg::new(RAX, from));
                self.put(st, Reg::new(RAX, w), &sextend(w.bits() - from.bits(), &v));
            }
            Insn::Extend(Extend::IntoDx(w)) => {
                let n = w.bits();
                let v = self.get(st, Reg::new(RAX, w));
                let fill = ite(&bit_is_set(&v, n - 1), &bv(w.mask(), n), &bv(0, n));
                self.put(st, Reg::new(RDX, w), &fill);
            }
            Insn::Push(r) => {
                let v = st.regs[r.num as usize].clone();
                st.rsp = st.rsp.wrapping_sub(8);
                let offset = Some(st.rsp);
                self.store_bytes(st, offset, 8, &v);
            }
            Insn::Pop(r) => self.pop(st, r),
            Insn::FramePointer => {
                // The value is an address no valid program reads; the offset is what counts.
                let v = format!(
                    "(bvadd {} {})",
                    st.regs[RSP as usize],
                    bv(st.rsp as i64 as u64, 64)
                );
                st.regs[RBP as usize] = self.bind(Sort::Bv(64), v);
                st.rbp = Some(st.rsp);
            }
            Insn::Leave => {
                if let Some(b) = st.rbp {
                    st.rsp = b;
                }
                self.pop(st, Reg::q(RBP));
            }
            Insn::AdjustRsp(n) => {
                st.rsp = st.rsp.wrapping_add(n);
                self.set_fresh_flags(st, flags::ALL);
            }
        }
    }

    fn shift(&mut self, st: &mut SymState, op: ShiftOp, dst: Rm, count: Count) {
        let w = dst.width();
        let n = w.bits();
        let raw = match count {
            Count::Imm(c) => bv(c as u64, 8),
            Count::Cl => self.get(st, Reg::new(1, Width::W8)),
        };
        let cmask = if w == Width::W64 { 63 } else { 31 };
        let c8 = self.bind(Sort::Bv(8), format!("(bvand {raw} {})", bv(cmask, 8)));
        let c = self.bind(
            Sort::Bv(n),
            if n == 8 { c8.clone() } else { zext(n - 8, &c8) },
        );
        let zero_count = self.bind(Sort::Bool, eq(&c8, &bv(0, 8)));
        let one_count = eq(&c8, &bv(1, 8));
        let a = self.get_rm(st, dst);
        let a = self.bind(Sort::Bv(n), a);
        let c_minus_1 = format!("(bvsub {c} {})", bv(1, n));
        let old: Vec<String> = st.flags.to_vec();
        let keep = |st: &mut SymState, f: u8, new: String| {
            let o = &old[f.trailing_zeros() as usize];
            st.set_flag(f, ite(&zero_count, o, &new));
        };
        match op {
            ShiftOp::Shl | ShiftOp::Shr | ShiftOp::Sar => {
                let f = match op {
                    ShiftOp::Shl => "bvshl",
                    ShiftOp::Shr => "bvlshr",
                    _ => "bvashr",
                };
                let res = self.bind(Sort::Bv(n), format!("({f} {a} {c})"));
                let cf = match op {
                    ShiftOp::Shl => bit_is_set(&format!("(bvshl {a} {c_minus_1})"), n - 1),
                    ShiftOp::Shr => bit_is_set(&format!("(bvlshr {a} {c_minus_1})"), 0),
                    _ => bit_is_set(&format!("(bvashr {a} {c_minus_1})"), 0),
                };
                let cf = if op != ShiftOp::Sar && n < 32 {
                    let u = self.fresh(Sort::Bool);
                    ite(&format!("(bvuge {c8} {})", bv(n as u64, 8)), &u, &cf)
                } else {
                    cf
                };
                let cf = self.bind(Sort::Bool, cf);
                let of1 = match op {
                    ShiftOp::Shl => format!("(xor {} {cf})", bit_is_set(&res, n - 1)),
                    ShiftOp::Shr => bit_is_set(&a, n - 1),
                    _ => "false".into(),
                };
                let u = self.fresh(Sort::Bool);
                let of = ite(&one_count, &of1, &u);
                let mut tmp = st.clone();
                self.szp(&mut tmp, &res, w);
                keep(st, CF, cf);
                keep(st, OF, of);
                for fl in [SF, ZF, PF] {
                    let t = tmp.flag(fl).to_string();
                    keep(st, fl, t);
                }
                self.put_rm(st, dst, &res);
            }
            ShiftOp::Rol | ShiftOp::Ror => {
                let r = self.bind(Sort::Bv(n), format!("(bvurem {c} {})", bv(n as u64, n)));
                let back = format!("(bvsub {} {r})", bv(n as u64, n));
                let res = if op == ShiftOp::Rol {
                    format!("(bvor (bvshl {a} {r}) (bvlshr {a} {back}))")
                } else {
                    format!("(bvor (bvlshr {a} {r}) (bvshl {a} {back}))")
                };
                let res = self.bind(Sort::Bv(n), res);
                let cf = if op == ShiftOp::Rol {
                    bit_is_set(&res, 0)
                } else {
                    bit_is_set(&res, n - 1)
                };
                let cf = self.bind(Sort::Bool, cf);
                let of1 = if op == ShiftOp::Rol {
                    format!("(xor {} {cf})", bit_is_set(&res, n - 1))
                } else {
                    format!(
                        "(xor {} {})",
                        bit_is_set(&res, n - 1),
                        bit_is_set(&res, n - 2)
                    )
                };
                let u = self.fresh(Sort::Bool);
                let of = ite(&one_count, &of1, &u);
                keep(st, CF, cf);
                keep(st, OF, of);
                self.put_rm(st, dst, &res);
            }
        }
    }

    fn bits(&mut self, st: &mut SymState, op: BitOp, dst: Reg, src: Rm) {
        let w = dst.width;
        let n = w.bits();
        let s = self.get_rm(st, src);
        let s = self.bind(Sort::Bv(n), s);
        let is_zero = self.bind(Sort::Bool, eq(&s, &bv(0, n)));
        // Index of the lowest (or highest) set bit, or `none` if there is none.
        let scan = |lowest: bool, none: u64, map: &dyn Fn(u32) -> u64| {
            let mut acc = bv(none, n);
            let order: Vec<u32> = if lowest {
                (0..n).rev().collect()
            } else {
                (0..n).collect()
            };
            for i in order {
                acc = ite(&bit_is_set(&s, i), &bv(map(i), n), &acc);
            }
            acc
        };
        match op {
            BitOp::Bsf | BitOp::Bsr => {
                let idx = scan(op == BitOp::Bsf, 0, &|i| i as u64);
                let idx = self.bind(Sort::Bv(n), idx);
                self.put(st, dst, &idx);
                let u = self.fresh(Sort::Bv(64));
                let written = st.regs[dst.num as usize].clone();
                st.regs[dst.num as usize] = self.bind(Sort::Bv(64), ite(&is_zero, &u, &written));
                st.set_flag(ZF, is_zero);
                self.set_fresh_flags(st, CF | OF | SF | PF);
            }
            BitOp::Popcnt => {
                let terms: Vec<String> = (0..n).map(|i| zext(n - 1, &extract(i, i, &s))).collect();
                let v = self.bind(Sort::Bv(n), format!("(bvadd {})", terms.join(" ")));
                self.put(st, dst, &v);
                for f in [CF, PF, SF, OF] {
                    st.set_flag(f, "false".into());
                }
                st.set_flag(ZF, is_zero);
            }
            BitOp::Lzcnt | BitOp::Tzcnt => {
                let v = if op == BitOp::Tzcnt {
                    scan(true, n as u64, &|i| i as u64)
                } else {
                    scan(false, n as u64, &|i| (n - 1 - i) as u64)
                };
                let v = self.bind(Sort::Bv(n), v);
                self.put(st, dst, &v);
                st.set_flag(CF, is_zero);
                st.set_flag(ZF, eq(&v, &bv(0, n)));
                self.set_fresh_flags(st, OF | SF | PF);
            }
        }
    }
}

/// The initial state whose registers are constants `{prefix}_r0..` and flags `{prefix}_cf..`,
/// with their declarations.
pub fn input_state(prefix: &str) -> (SymState, String) {
    let regs: [String; 16] =
        std::array::from_fn(|i| format!("{prefix}_{}", crate::semantics::reg::name64(i as u8)));
    let flags: [String; 5] = std::array::from_fn(|i| format!("{prefix}_{}", flags::TABLE[i].1));
    let mut decls = String::new();
    for r in &regs {
        decls.push_str(&format!("(declare-const {r} (_ BitVec 64))\n"));
    }
    for f in &flags {
        decls.push_str(&format!("(declare-const {f} Bool)\n"));
    }
    (SymState::new(regs, flags), decls)
}
