//! The subset's semantics as SMT-LIB2 terms (QF_ABV): values are bit-vectors, linear memory an
//! array from 32-bit addresses to bytes, and a trap a Boolean that, once true, freezes the rest.
//! Control flow is predicated: `active` says whether execution still flows at this point; a branch
//! records the state it carries to its label and clears `active`; a label's end merges the states
//! that reach it with `ite`s (their conditions exclude each other). Every intermediate term is
//! named by a `define-fun`, so the script grows linearly with the code. Loops are refused: a
//! bounded unrolling would not be a proof.

use crate::ir::{BinOp, BlockType, Cvt, Func, Load, Op, RelOp, Store, UnOp, ValType, MEMORY_BYTES};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("cannot encode: {0}")]
    Unsupported(String),
}

/// A named term and its sort.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub name: String,
    pub sort: Sort,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Bool,
    Bv(u32),
    Mem,
}

impl Sort {
    fn smt(self) -> String {
        match self {
            Sort::Bool => "Bool".into(),
            Sort::Bv(n) => format!("(_ BitVec {n})"),
            Sort::Mem => "(Array (_ BitVec 32) (_ BitVec 8))".into(),
        }
    }
}

fn bv_sort(t: ValType) -> Sort {
    Sort::Bv(t.bits())
}

/// A bit-vector literal.
pub fn lit(v: u64, bits: u32) -> String {
    let v = if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    };
    if bits.is_multiple_of(4) {
        format!("#x{:0width$x}", v, width = (bits / 4) as usize)
    } else {
        format!("(_ bv{v} {bits})")
    }
}

/// The inputs a function reads, declared by [`Encoder::inputs`].
#[derive(Debug, Clone)]
pub struct Inputs {
    pub params: Vec<Term>,
    pub globals: Vec<Term>,
    pub memory: Term,
}

/// What a call comes to: whether it traps and, when it does not, its results.
#[derive(Debug, Clone)]
pub struct Summary {
    pub trap: Term,
    pub results: Vec<Term>,
}

/// Collects the script's declarations and definitions.
pub struct Encoder {
    prefix: String,
    next: usize,
    pub lines: Vec<String>,
    /// Every load's effective address and width, in program order: the initial memory bytes a
    /// witness must fix are read at these addresses.
    pub reads: Vec<(Term, u8)>,
}

#[derive(Clone)]
struct State {
    active: Term,
    trap: Term,
    locals: Vec<Term>,
    globals: Vec<Term>,
    mem: Term,
    stack: Vec<Term>,
}

/// A state arriving at a label: under `cond`, with the label's result values.
#[derive(Clone)]
struct Exit {
    cond: Term,
    locals: Vec<Term>,
    globals: Vec<Term>,
    mem: Term,
    values: Vec<Term>,
}

impl Encoder {
    /// Names start with `prefix`, so several functions can share one script.
    pub fn new(prefix: &str) -> Encoder {
        Encoder {
            prefix: prefix.to_string(),
            next: 0,
            lines: Vec::new(),
            reads: Vec::new(),
        }
    }

    /// The script so far.
    pub fn script(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }

    fn define(&mut self, sort: Sort, body: String) -> Term {
        let name = format!("{}t{}", self.prefix, self.next);
        self.next += 1;
        self.lines
            .push(format!("(define-fun {name} () {} {body})", sort.smt()));
        Term { name, sort }
    }

    fn declare(&mut self, name: String, sort: Sort) -> Term {
        self.lines
            .push(format!("(declare-const {name} {})", sort.smt()));
        Term { name, sort }
    }

    /// Fresh constants for `f`'s parameters, globals and memory, named `{prefix}p0`, `{prefix}g0`,
    /// `{prefix}mem`.
    pub fn inputs(&mut self, f: &Func) -> Inputs {
        let p = self.prefix.clone();
        Inputs {
            params: f
                .params
                .iter()
                .enumerate()
                .map(|(i, &t)| self.declare(format!("{p}p{i}"), bv_sort(t)))
                .collect(),
            globals: f
                .globals
                .iter()
                .enumerate()
                .map(|(i, &t)| self.declare(format!("{p}g{i}"), bv_sort(t)))
                .collect(),
            memory: self.declare(format!("{p}mem"), Sort::Mem),
        }
    }

    /// Encode a call of `f` on `inputs`.
    pub fn function(&mut self, f: &Func, inputs: &Inputs) -> Result<Summary, EncodeError> {
        if !f.is_loop_free() {
            return Err(EncodeError::Unsupported("a loop".into()));
        }
        if inputs.params.len() != f.params.len() || inputs.globals.len() != f.globals.len() {
            return Err(EncodeError::Unsupported(
                "inputs of another function".into(),
            ));
        }
        let mut locals = inputs.params.clone();
        for &t in &f.locals {
            locals.push(self.define(bv_sort(t), lit(0, t.bits())));
        }
        let tru = self.define(Sort::Bool, "true".into());
        let fls = self.define(Sort::Bool, "false".into());
        let mut st = State {
            active: tru,
            trap: fls,
            locals,
            globals: inputs.globals.clone(),
            mem: inputs.memory.clone(),
            stack: Vec::new(),
        };
        // The function body is a label of the results' arity; `return` exits to it.
        let arity = f.results.len();
        let mut labels: Vec<(usize, Vec<Exit>)> = vec![(arity, Vec::new())];
        self.body(&f.body, &mut st, &mut labels)?;
        // The body's end is a label's end like a block's: after a final `return`, `br` or
        // `unreachable` what the stack still holds is dead and need not be the results.
        let bt = match f.results[..] {
            [] => Some(BlockType::Empty),
            [t] => Some(BlockType::Value(t)),
            _ => None,
        };
        if let Some(bt) = bt {
            self.fit_fallthrough(&mut st, bt, 0);
        }
        let (_, exits) = labels.pop().unwrap_or_default();
        let merged = self.merge(&st, arity, exits)?;
        Ok(Summary {
            trap: st.trap,
            results: merged.stack,
        })
    }

    /// The state after a label: the fall-through and every exit to it, merged.
    fn merge(
        &mut self,
        fall: &State,
        arity: usize,
        exits: Vec<Exit>,
    ) -> Result<State, EncodeError> {
        let mut out = fall.clone();
        if fall.stack.len() < arity {
            return Err(EncodeError::Unsupported(
                "stack underflow at a label".into(),
            ));
        }
        let mut values = fall.stack[fall.stack.len() - arity..].to_vec();
        out.stack.truncate(fall.stack.len() - arity);
        for e in exits.into_iter().rev() {
            let c = e.cond.name.clone();
            let pick = |enc: &mut Encoder, a: &Term, b: &Term| {
                enc.define(a.sort, format!("(ite {c} {} {})", a.name, b.name))
            };
            for (o, v) in out.locals.iter_mut().zip(&e.locals) {
                *o = pick(self, v, o);
            }
            for (o, v) in out.globals.iter_mut().zip(&e.globals) {
                *o = pick(self, v, o);
            }
            out.mem = pick(self, &e.mem, &out.mem);
            for (o, v) in values.iter_mut().zip(&e.values) {
                *o = pick(self, v, o);
            }
            out.active = self.define(Sort::Bool, format!("(or {} {})", out.active.name, c));
        }
        out.stack.extend(values);
        Ok(out)
    }

    fn pop(st: &mut State) -> Result<Term, EncodeError> {
        st.stack
            .pop()
            .ok_or_else(|| EncodeError::Unsupported("stack underflow".into()))
    }

    fn exit(
        &mut self,
        st: &State,
        cond: Term,
        labels: &mut [(usize, Vec<Exit>)],
        depth: u32,
    ) -> Result<(), EncodeError> {
        let n = labels.len();
        let Some((arity, exits)) = (depth as usize)
            .checked_add(1)
            .and_then(|d| n.checked_sub(d))
            .and_then(|i| labels.get_mut(i))
        else {
            return Err(EncodeError::Unsupported("branch past the function".into()));
        };
        if st.stack.len() < *arity {
            return Err(EncodeError::Unsupported(
                "stack underflow at a branch".into(),
            ));
        }
        exits.push(Exit {
            cond,
            locals: st.locals.clone(),
            globals: st.globals.clone(),
            mem: st.mem.clone(),
            values: st.stack[st.stack.len() - *arity..].to_vec(),
        });
        Ok(())
    }

    /// `active && c` and `active && !c`.
    fn split(&mut self, st: &State, c: &str) -> (Term, Term) {
        let a = st.active.name.clone();
        (
            self.define(Sort::Bool, format!("(and {a} {c})")),
            self.define(Sort::Bool, format!("(and {a} (not {c}))")),
        )
    }

    /// Trap when `cond` holds here; execution goes on only where it does not.
    fn trap_if(&mut self, st: &mut State, cond: String) {
        let (hit, miss) = self.split(st, &cond);
        st.trap = self.define(Sort::Bool, format!("(or {} {})", st.trap.name, hit.name));
        st.active = miss;
    }

    fn body(
        &mut self,
        ops: &[Op],
        st: &mut State,
        labels: &mut Vec<(usize, Vec<Exit>)>,
    ) -> Result<(), EncodeError> {
        for op in ops {
            self.step(op, st, labels)?;
        }
        Ok(())
    }

    fn labelled(
        &mut self,
        bt: BlockType,
        ops: &[Op],
        st: &mut State,
        labels: &mut Vec<(usize, Vec<Exit>)>,
    ) -> Result<(), EncodeError> {
        let height = st.stack.len();
        labels.push((bt.arity(), Vec::new()));
        self.body(ops, st, labels)?;
        self.fit_fallthrough(st, bt, height);
        let (arity, exits) = labels.pop().unwrap_or_default();
        let mut merged = self.merge(st, arity, exits)?;
        let values = merged.stack.split_off(merged.stack.len() - arity);
        merged.stack.truncate(height);
        merged.stack.extend(values);
        *st = merged;
        Ok(())
    }

    /// After a `br`, `br_table`, `return` or `unreachable` the rest of a block is unreachable and
    /// wasm types its stack as polymorphic: what the encoder still holds there (values pushed
    /// before the branch) need not fit the block's result. Such a fall-through is dead (its
    /// `active` is false, so the merge never selects it); a zero of the result's width stands in.
    /// On a live fall-through the stack always fits (the module is validated).
    fn fit_fallthrough(&mut self, st: &mut State, bt: BlockType, height: usize) {
        let BlockType::Value(t) = bt else { return };
        let want = Sort::Bv(t.bits());
        let fits = st.stack.len() == height + 1 && st.stack.last().map(|x| x.sort) == Some(want);
        if !fits {
            let zero = self.define(want, lit(0, t.bits()));
            st.stack.truncate(height.min(st.stack.len()));
            st.stack.push(zero);
        }
    }

    fn nonzero(&mut self, t: &Term) -> String {
        let Sort::Bv(n) = t.sort else {
            return "false".into();
        };
        format!("(not (= {} {}))", t.name, lit(0, n))
    }

    fn step(
        &mut self,
        op: &Op,
        st: &mut State,
        labels: &mut Vec<(usize, Vec<Exit>)>,
    ) -> Result<(), EncodeError> {
        let fls = || "false".to_string();
        match op {
            Op::Unreachable => self.trap_if(st, "true".into()),
            Op::Nop => {}
            Op::Drop => {
                Self::pop(st)?;
            }
            Op::Select => {
                let c = Self::pop(st)?;
                let b = Self::pop(st)?;
                let a = Self::pop(st)?;
                let nz = self.nonzero(&c);
                let v = self.define(a.sort, format!("(ite {nz} {} {})", a.name, b.name));
                st.stack.push(v);
            }
            Op::Block(bt, body) => self.labelled(*bt, body, st, labels)?,
            Op::Loop(..) => return Err(EncodeError::Unsupported("a loop".into())),
            Op::If(bt, then, els) => {
                let c = Self::pop(st)?;
                let nz = self.nonzero(&c);
                let (yes, no) = self.split(st, &nz);
                let height = st.stack.len();
                // Both arms as one label: the then-arm's fall-through becomes an exit to it.
                let mut then_st = st.clone();
                then_st.active = yes;
                labels.push((bt.arity(), Vec::new()));
                self.body(then, &mut then_st, labels)?;
                self.fit_fallthrough(&mut then_st, *bt, height);
                let cond = then_st.active.clone();
                self.exit(&then_st, cond, labels, 0)?;
                let mut else_st = then_st.clone();
                else_st.active = no;
                else_st.locals = st.locals.clone();
                else_st.globals = st.globals.clone();
                else_st.mem = st.mem.clone();
                else_st.stack = st.stack.clone();
                // The trap flag carries over from the then-arm (its traps stay traps).
                self.body(els, &mut else_st, labels)?;
                self.fit_fallthrough(&mut else_st, *bt, height);
                let (arity, exits) = labels.pop().unwrap_or_default();
                let mut merged = self.merge(&else_st, arity, exits)?;
                let values = merged.stack.split_off(merged.stack.len() - arity);
                merged.stack.truncate(height);
                merged.stack.extend(values);
                *st = merged;
            }
            Op::Br(d) => {
                let cond = st.active.clone();
                self.exit(st, cond, labels, *d)?;
                st.active = self.define(Sort::Bool, fls());
            }
            Op::BrIf(d) => {
                let c = Self::pop(st)?;
                let nz = self.nonzero(&c);
                let (yes, no) = self.split(st, &nz);
                self.exit(st, yes, labels, *d)?;
                st.active = no;
            }
            Op::BrTable(targets, default) => {
                let i = Self::pop(st)?;
                for (k, d) in targets.iter().enumerate() {
                    let hit = format!("(= {} {})", i.name, lit(k as u64, 32));
                    let (yes, no) = self.split(st, &hit);
                    self.exit(st, yes, labels, *d)?;
                    st.active = no;
                }
                let cond = st.active.clone();
                self.exit(st, cond, labels, *default)?;
                st.active = self.define(Sort::Bool, fls());
            }
            Op::Return => {
                let cond = st.active.clone();
                let depth = labels.len() as u32 - 1;
                self.exit(st, cond, labels, depth)?;
                st.active = self.define(Sort::Bool, fls());
            }
            Op::LocalGet(i) => {
                let v = st
                    .locals
                    .get(*i as usize)
                    .cloned()
                    .ok_or_else(|| EncodeError::Unsupported(format!("no local {i}")))?;
                st.stack.push(v);
            }
            Op::LocalSet(i) | Op::LocalTee(i) => {
                let v = Self::pop(st)?;
                let slot = st
                    .locals
                    .get_mut(*i as usize)
                    .ok_or_else(|| EncodeError::Unsupported(format!("no local {i}")))?;
                *slot = v.clone();
                if matches!(op, Op::LocalTee(_)) {
                    st.stack.push(v);
                }
            }
            Op::GlobalGet(i) => {
                let v = st
                    .globals
                    .get(*i as usize)
                    .cloned()
                    .ok_or_else(|| EncodeError::Unsupported(format!("no global {i}")))?;
                st.stack.push(v);
            }
            Op::GlobalSet(i) => {
                let v = Self::pop(st)?;
                let slot = st
                    .globals
                    .get_mut(*i as usize)
                    .ok_or_else(|| EncodeError::Unsupported(format!("no global {i}")))?;
                *slot = v;
            }
            Op::Load(l) => {
                let addr = Self::pop(st)?;
                let ea = self.effective(st, &addr, l.offset, l.bytes);
                self.reads.push((ea.clone(), l.bytes));
                let v = self.load(st, &ea, *l);
                st.stack.push(v);
            }
            Op::Store(s) => {
                let v = Self::pop(st)?;
                let addr = Self::pop(st)?;
                let ea = self.effective(st, &addr, s.offset, s.bytes);
                self.store(st, &ea, &v, *s);
            }
            Op::I32Const(c) => {
                let t = self.define(Sort::Bv(32), lit(*c as u32 as u64, 32));
                st.stack.push(t);
            }
            Op::I64Const(c) => {
                let t = self.define(Sort::Bv(64), lit(*c as u64, 64));
                st.stack.push(t);
            }
            Op::Eqz(ty) => {
                let a = Self::pop(st)?;
                let t = self.define(
                    Sort::Bv(32),
                    format!(
                        "(ite (= {} {}) {} {})",
                        a.name,
                        lit(0, ty.bits()),
                        lit(1, 32),
                        lit(0, 32)
                    ),
                );
                st.stack.push(t);
            }
            Op::Unary(ty, u) => {
                let a = Self::pop(st)?;
                let t = self.unary(*ty, *u, &a);
                st.stack.push(t);
            }
            Op::Binary(ty, b) => {
                let y = Self::pop(st)?;
                let x = Self::pop(st)?;
                let t = self.binary(st, *ty, *b, &x, &y);
                st.stack.push(t);
            }
            Op::Compare(ty, r) => {
                let y = Self::pop(st)?;
                let x = Self::pop(st)?;
                let f = match r {
                    RelOp::Eq => "=",
                    RelOp::Ne => "distinct",
                    RelOp::LtS => "bvslt",
                    RelOp::LtU => "bvult",
                    RelOp::GtS => "bvsgt",
                    RelOp::GtU => "bvugt",
                    RelOp::LeS => "bvsle",
                    RelOp::LeU => "bvule",
                    RelOp::GeS => "bvsge",
                    RelOp::GeU => "bvuge",
                };
                let _ = ty;
                let t = self.define(
                    Sort::Bv(32),
                    format!(
                        "(ite ({f} {} {}) {} {})",
                        x.name,
                        y.name,
                        lit(1, 32),
                        lit(0, 32)
                    ),
                );
                st.stack.push(t);
            }
            Op::Convert(c) => {
                let a = Self::pop(st)?;
                let t = match c {
                    Cvt::Wrap => {
                        self.define(Sort::Bv(32), format!("((_ extract 31 0) {})", a.name))
                    }
                    Cvt::ExtendS => {
                        self.define(Sort::Bv(64), format!("((_ sign_extend 32) {})", a.name))
                    }
                    Cvt::ExtendU => {
                        self.define(Sort::Bv(64), format!("((_ zero_extend 32) {})", a.name))
                    }
                };
                st.stack.push(t);
            }
        }
        Ok(())
    }

    /// The effective address (32 bits) after trapping where `addr + offset + bytes` passes the
    /// end of memory (computed in 64 bits: WebAssembly does not wrap the sum).
    fn effective(&mut self, st: &mut State, addr: &Term, offset: u32, bytes: u8) -> Term {
        let wide = format!(
            "(bvadd ((_ zero_extend 32) {}) {})",
            addr.name,
            lit(offset as u64 + bytes as u64, 64)
        );
        self.trap_if(
            st,
            format!("(bvugt {wide} {})", lit(MEMORY_BYTES as u64, 64)),
        );
        self.define(
            Sort::Bv(32),
            format!("(bvadd {} {})", addr.name, lit(offset as u64, 32)),
        )
    }

    fn load(&mut self, st: &State, ea: &Term, l: Load) -> Term {
        let bytes: Vec<String> = (0..l.bytes)
            .rev()
            .map(|k| {
                format!(
                    "(select {} (bvadd {} {}))",
                    st.mem.name,
                    ea.name,
                    lit(k as u64, 32)
                )
            })
            .collect();
        let raw = if bytes.len() == 1 {
            bytes[0].clone()
        } else {
            format!("(concat {})", bytes.join(" "))
        };
        let have = 8 * l.bytes as u32;
        let want = l.ty.bits();
        let body = if have == want {
            raw
        } else if l.signed {
            format!("((_ sign_extend {}) {raw})", want - have)
        } else {
            format!("((_ zero_extend {}) {raw})", want - have)
        };
        self.define(bv_sort(l.ty), body)
    }

    fn store(&mut self, st: &mut State, ea: &Term, v: &Term, s: Store) {
        let mut mem = st.mem.name.clone();
        for k in 0..s.bytes as u32 {
            mem = format!(
                "(store {mem} (bvadd {} {}) ((_ extract {} {}) {}))",
                ea.name,
                lit(k as u64, 32),
                8 * k + 7,
                8 * k,
                v.name
            );
        }
        st.mem = self.define(
            Sort::Mem,
            format!("(ite {} {mem} {})", st.active.name, st.mem.name),
        );
    }

    fn unary(&mut self, ty: ValType, u: UnOp, a: &Term) -> Term {
        let w = ty.bits();
        let body = match u {
            UnOp::Clz => {
                // The index of the highest set bit, counted from the top.
                let mut e = lit(w as u64, w);
                for i in 0..w {
                    e = format!(
                        "(ite (= ((_ extract {i} {i}) {}) #b1) {} {e})",
                        a.name,
                        lit((w - 1 - i) as u64, w)
                    );
                }
                e
            }
            UnOp::Ctz => {
                let mut e = lit(w as u64, w);
                for i in (0..w).rev() {
                    e = format!(
                        "(ite (= ((_ extract {i} {i}) {}) #b1) {} {e})",
                        a.name,
                        lit(i as u64, w)
                    );
                }
                e
            }
            UnOp::Popcnt => {
                let terms: Vec<String> = (0..w)
                    .map(|i| {
                        format!(
                            "((_ zero_extend {}) ((_ extract {i} {i}) {}))",
                            w - 1,
                            a.name
                        )
                    })
                    .collect();
                format!("(bvadd {})", terms.join(" "))
            }
            UnOp::Extend8S => format!("((_ sign_extend {}) ((_ extract 7 0) {}))", w - 8, a.name),
            UnOp::Extend16S => {
                format!("((_ sign_extend {}) ((_ extract 15 0) {}))", w - 16, a.name)
            }
            UnOp::Extend32S => {
                format!("((_ sign_extend {}) ((_ extract 31 0) {}))", w - 32, a.name)
            }
        };
        self.define(bv_sort(ty), body)
    }

    fn binary(&mut self, st: &mut State, ty: ValType, b: BinOp, x: &Term, y: &Term) -> Term {
        let w = ty.bits();
        let (x, y) = (x.name.clone(), y.name.clone());
        let zero = lit(0, w);
        let count = format!("(bvurem {y} {})", lit(w as u64, w));
        let body = match b {
            BinOp::Add => format!("(bvadd {x} {y})"),
            BinOp::Sub => format!("(bvsub {x} {y})"),
            BinOp::Mul => format!("(bvmul {x} {y})"),
            BinOp::DivS | BinOp::DivU | BinOp::RemS | BinOp::RemU => {
                self.trap_if(st, format!("(= {y} {zero})"));
                if b == BinOp::DivS {
                    let min = lit(1u64 << (w - 1), w);
                    let m1 = lit(u64::MAX, w);
                    self.trap_if(st, format!("(and (= {x} {min}) (= {y} {m1}))"));
                }
                let f = match b {
                    BinOp::DivS => "bvsdiv",
                    BinOp::DivU => "bvudiv",
                    BinOp::RemS => "bvsrem",
                    _ => "bvurem",
                };
                format!("({f} {x} {y})")
            }
            BinOp::And => format!("(bvand {x} {y})"),
            BinOp::Or => format!("(bvor {x} {y})"),
            BinOp::Xor => format!("(bvxor {x} {y})"),
            BinOp::Shl => format!("(bvshl {x} {count})"),
            BinOp::ShrS => format!("(bvashr {x} {count})"),
            BinOp::ShrU => format!("(bvlshr {x} {count})"),
            BinOp::Rotl => format!(
                "(bvor (bvshl {x} {count}) (bvlshr {x} (bvsub {} {count})))",
                lit(w as u64, w)
            ),
            BinOp::Rotr => format!(
                "(bvor (bvlshr {x} {count}) (bvshl {x} (bvsub {} {count})))",
                lit(w as u64, w)
            ),
        };
        self.define(bv_sort(ty), body)
    }
}
