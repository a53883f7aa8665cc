//! Is a rewrite a real rewrite? Two programs are the same up to renaming and reordering when some
//! consistent bijection of register numbers maps the multiset of one's instructions onto the
//! other's. Implicit operands (rax/rdx of mul, div and the sign extensions, %cl of shifts, %rbp of
//! the frame instructions) are part of the instruction, so a renaming must leave them in place;
//! stack slots are not renamed at all.

use crate::semantics::insn::{Count, Insn, Rm};
use crate::semantics::opcode::{compose, decompose, register_operands, Operands};
use crate::semantics::reg::{RAX, RBP, RCX, RDX};

/// An instruction with its register numbers taken out: the shape that must match exactly, and the
/// register numbers (explicit, address, implicit) that must map consistently.
fn split(insn: &Insn) -> (Insn, Vec<u8>) {
    let (op, o) = decompose(insn);
    let mut nums = Vec::new();
    let mut shape = Operands { ..o };
    let nregs = register_operands(op);
    for x in shape.regs.iter_mut().take(nregs) {
        match x {
            Rm::Reg(r) => {
                nums.push(r.num);
                // Keep the high-byte registers distinct from the low-byte ones by their flag.
                r.num = 0;
            }
            // A stack slot stays in the shape; its base register must map to itself.
            Rm::Mem(m) => nums.push(m.base),
        }
    }
    if let Insn::Lea { addr, .. } = insn {
        if let Some(b) = addr.base {
            nums.push(b);
            shape.addr.base = Some(0);
        }
        if let Some(i) = addr.index {
            nums.push(i);
            shape.addr.index = Some(0);
        }
    }
    match insn {
        Insn::MulWide { .. } | Insn::Div { .. } | Insn::Extend(_) => nums.extend([RAX, RDX]),
        Insn::Shift {
            count: Count::Cl, ..
        } => nums.push(RCX),
        Insn::FramePointer | Insn::Leave => nums.push(RBP),
        _ => {}
    }
    // A decomposed instruction always composes again (its slot, if any, is where it was).
    (compose(op, &shape).unwrap_or(*insn), nums)
}

/// Partial register bijection.
struct Map {
    fwd: [u8; 16],
    bwd: [u8; 16],
}

const UNSET: u8 = 0xff;

impl Map {
    /// Bind `a -> b` for each pair; returns the bindings made (to undo), or None on conflict.
    fn bind(&mut self, a: &[u8], b: &[u8], made: &mut Vec<u8>) -> bool {
        let start = made.len();
        for (&x, &y) in a.iter().zip(b) {
            let (xi, yi) = (x as usize & 15, y as usize & 15);
            if self.fwd[xi] == UNSET && self.bwd[yi] == UNSET {
                self.fwd[xi] = y;
                self.bwd[yi] = x;
                made.push(x);
            } else if self.fwd[xi] != y || self.bwd[yi] != x {
                self.unbind(made, start);
                return false;
            }
        }
        true
    }

    fn unbind(&mut self, made: &mut Vec<u8>, to: usize) {
        while made.len() > to {
            let x = made.pop().unwrap_or(0) as usize & 15;
            let y = self.fwd[x] as usize & 15;
            self.fwd[x] = UNSET;
            self.bwd[y] = UNSET;
        }
    }
}

/// Search budget: matching steps before giving up (and answering "not shown to differ").
const BUDGET: u64 = 200_000;

fn matches(
    a: &[(Insn, Vec<u8>)],
    b: &[(Insn, Vec<u8>)],
    i: usize,
    used: &mut [bool],
    map: &mut Map,
    made: &mut Vec<u8>,
    steps: &mut u64,
) -> Option<bool> {
    if i == a.len() {
        return Some(true);
    }
    *steps += 1;
    if *steps > BUDGET {
        return None;
    }
    for j in 0..b.len() {
        if used[j] || b[j].0 != a[i].0 || b[j].1.len() != a[i].1.len() {
            continue;
        }
        // `xchg` is symmetric and kept in canonical operand order, which a renaming may flip.
        let flipped: Vec<u8> = b[j].1.iter().rev().copied().collect();
        let orders: &[&[u8]] = if matches!(b[j].0, Insn::Xchg { .. }) {
            &[&b[j].1, &flipped]
        } else {
            &[&b[j].1]
        };
        for order in orders {
            let mark = made.len();
            if map.bind(&a[i].1, order, made) {
                used[j] = true;
                match matches(a, b, i + 1, used, map, made, steps) {
                    Some(true) => return Some(true),
                    None => return None,
                    Some(false) => {}
                }
                used[j] = false;
                map.unbind(made, mark);
            }
        }
    }
    Some(false)
}

/// True when `b` differs from `a` beyond a consistent register renaming and a reordering of
/// instructions (equivalent pairs must be real rewrites). When the matching search runs out of
/// budget (it never does on programs of benchmark size) the answer is false: not shown to differ.
pub fn differs_beyond_renaming(a: &[Insn], b: &[Insn]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let sa: Vec<(Insn, Vec<u8>)> = a.iter().map(split).collect();
    let sb: Vec<(Insn, Vec<u8>)> = b.iter().map(split).collect();
    let mut shapes_a: Vec<&Insn> = sa.iter().map(|(s, _)| s).collect();
    let mut shapes_b: Vec<&Insn> = sb.iter().map(|(s, _)| s).collect();
    shapes_a.sort();
    shapes_b.sort();
    if shapes_a != shapes_b {
        return true;
    }
    let mut map = Map {
        fwd: [UNSET; 16],
        bwd: [UNSET; 16],
    };
    let mut used = vec![false; sb.len()];
    let mut made = Vec::new();
    let mut steps = 0;
    match matches(&sa, &sb, 0, &mut used, &mut map, &mut made, &mut steps) {
        Some(found) => !found,
        None => false,
    }
}
