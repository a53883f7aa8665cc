//! The catalogue of supported instruction forms, each with a few concrete instances (different
//! registers, same-register operands, %ah-style registers, edge immediates), and the generator of
//! random and edge-case input states. Cross-validation, the GNU `as` cross-check and the
//! interpreter benchmark all walk this one list, so "every supported form" means the same thing.

use crate::semantics::insn::{
    Addr, AluOp, BitOp, Cond, Count, Extend, Insn, Mem, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::native::Case;
use crate::semantics::reg::{Reg, Width, RAX, RBP, RDX, RSP};
use rand::Rng;

/// How input states for a form are shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Random and edge values everywhere.
    General,
    /// A division: mostly divisors and dividends that do not fault, some that do.
    Div {
        signed: bool,
        width: Width,
        divisor: u8,
    },
}

/// One instruction form and its instances.
#[derive(Debug, Clone)]
pub struct Form {
    pub name: String,
    pub insns: Vec<Insn>,
    pub shape: Shape,
}

fn r(num: u8, w: Width) -> Reg {
    Reg::new(num, w)
}

/// Register pairs (src, dst) for two-operand forms of width `w`, including a same-register pair
/// and, for bytes, the high-byte registers.
fn pairs(w: Width) -> Vec<(Reg, Reg)> {
    let mut v = vec![
        (r(6, w), r(7, w)),
        (r(9, w), r(0, w)),
        (r(2, w), r(2, w)),
        (r(1, w), r(11, w)),
    ];
    if w == Width::W8 {
        v.push((Reg::high(0), r(3, w)));
        v.push((r(0, w), Reg::high(1)));
    }
    v
}

const IMMS: [i64; 18] = [
    0,
    1,
    -1,
    2,
    0x7f,
    -0x80,
    0x80,
    0xff,
    0x7fff,
    -0x8000,
    0xffff,
    0x1234_5678,
    0x7fff_ffff,
    -0x8000_0000,
    31,
    32,
    63,
    64,
];

/// The edge immediates that are valid operands of width `w` (sign-extended canonical form).
fn imms(w: Width, imm64: bool) -> Vec<i64> {
    let mut v: Vec<i64> = IMMS
        .iter()
        .map(|&x| crate::semantics::parse::sext(x as u64, w.bits()))
        .filter(|&x| imm64 || i32::try_from(x).is_ok())
        .collect();
    if imm64 {
        v.extend([0x1234_5678_9abc_def0, -1i64 << 40, 0xffff_ffff, 0x8000_0000]);
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Destinations cycled through by immediate forms (the accumulator has short encodings).
fn imm_dsts(w: Width) -> Vec<Reg> {
    let mut v = vec![r(0, w), r(7, w), r(10, w), r(1, w)];
    if w == Width::W8 {
        v.push(Reg::high(3));
    }
    v
}

const SHIFT_COUNTS: [u8; 14] = [0, 1, 2, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 255];

/// Every supported form.
pub fn all() -> Vec<Form> {
    let mut forms = Vec::new();
    let mut add =
        |name: String, insns: Vec<Insn>, shape: Shape| forms.push(Form { name, insns, shape });
    let g = Shape::General;
    for w in Width::ALL {
        let sfx = w.suffix();
        add(
            format!("mov{sfx} r,r"),
            pairs(w)
                .into_iter()
                .map(|(s, d)| Insn::Mov {
                    dst: Rm::Reg(d),
                    src: Src::Reg(s),
                })
                .collect(),
            g,
        );
        let dsts = imm_dsts(w);
        add(
            format!("mov{sfx} imm,r"),
            imms(w, w == Width::W64)
                .into_iter()
                .enumerate()
                .map(|(i, v)| Insn::Mov {
                    dst: Rm::Reg(dsts[i % dsts.len()]),
                    src: Src::Imm(v),
                })
                .collect(),
            g,
        );
        for op in AluOp::ALL {
            add(
                format!("{}{sfx} r,r", op.mnemonic()),
                pairs(w)
                    .into_iter()
                    .map(|(s, d)| Insn::Alu {
                        op,
                        dst: Rm::Reg(d),
                        src: Src::Reg(s),
                    })
                    .collect(),
                g,
            );
            add(
                format!("{}{sfx} imm,r", op.mnemonic()),
                imms(w, false)
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| Insn::Alu {
                        op,
                        dst: Rm::Reg(dsts[i % dsts.len()]),
                        src: Src::Imm(v),
                    })
                    .collect(),
                g,
            );
        }
        for op in UnOp::ALL {
            add(
                format!("{}{sfx} r", op.mnemonic()),
                dsts.iter()
                    .map(|&d| Insn::Unary {
                        op,
                        dst: Rm::Reg(d),
                    })
                    .collect(),
                g,
            );
        }
        for op in ShiftOp::ALL {
            add(
                format!("{}{sfx} imm,r", op.mnemonic()),
                SHIFT_COUNTS
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| Insn::Shift {
                        op,
                        dst: Rm::Reg(dsts[i % dsts.len()]),
                        count: Count::Imm(c),
                    })
                    .collect(),
                g,
            );
            add(
                format!("{}{sfx} %cl,r", op.mnemonic()),
                [r(0, w), r(7, w), r(1, w), r(13, w)]
                    .into_iter()
                    .map(|d| Insn::Shift {
                        op,
                        dst: Rm::Reg(d),
                        count: Count::Cl,
                    })
                    .collect(),
                g,
            );
        }
        for signed in [false, true] {
            let name = if signed { "imul" } else { "mul" };
            add(
                format!("{name}{sfx} r"),
                [r(6, w), r(1, w), r(0, w), r(2, w), r(12, w)]
                    .into_iter()
                    .map(|s| Insn::MulWide {
                        signed,
                        src: Rm::Reg(s),
                    })
                    .collect(),
                g,
            );
            for divisor in [6u8, 1, 9] {
                let name = if signed { "idiv" } else { "div" };
                add(
                    format!("{name}{sfx} {}", r(divisor, w)),
                    vec![Insn::Div {
                        signed,
                        src: Rm::Reg(r(divisor, w)),
                    }],
                    Shape::Div {
                        signed,
                        width: w,
                        divisor,
                    },
                );
            }
        }
        if w != Width::W8 {
            add(
                format!("imul{sfx} r,r"),
                pairs(w)
                    .into_iter()
                    .map(|(s, d)| Insn::Imul {
                        dst: d,
                        src: Rm::Reg(s),
                        imm: None,
                    })
                    .collect(),
                g,
            );
            add(
                format!("imul{sfx} imm,r,r"),
                imms(w, false)
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let (s, d) = pairs(w)[i % 4];
                        Insn::Imul {
                            dst: d,
                            src: Rm::Reg(s),
                            imm: Some(v as i32),
                        }
                    })
                    .collect(),
                g,
            );
            for op in BitOp::ALL {
                add(
                    format!("{}{sfx} r,r", op.mnemonic()),
                    pairs(w)
                        .into_iter()
                        .map(|(s, d)| Insn::Bits {
                            op,
                            dst: d,
                            src: Rm::Reg(s),
                        })
                        .collect(),
                    g,
                );
            }
            add(
                format!("bt{sfx} r,r"),
                pairs(w)
                    .into_iter()
                    .map(|(s, d)| Insn::Bt {
                        base: Rm::Reg(d),
                        bit: Src::Reg(s),
                    })
                    .collect(),
                g,
            );
            add(
                format!("bt{sfx} imm,r"),
                [0i64, 1, 7, 15, 16, 31, 32, 63, 64, 200]
                    .into_iter()
                    .enumerate()
                    .map(|(i, b)| Insn::Bt {
                        base: Rm::Reg(dsts[i % dsts.len()]),
                        bit: Src::Imm(b),
                    })
                    .collect(),
                g,
            );
            add(
                format!("cmovcc{sfx} r,r"),
                Cond::ALL
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let (s, d) = pairs(w)[i % 4];
                        Insn::Cmov {
                            cond: c,
                            dst: d,
                            src: Rm::Reg(s),
                        }
                    })
                    .collect(),
                g,
            );
            let lea_addrs = [
                Addr {
                    base: Some(7),
                    index: Some(6),
                    scale: 4,
                    disp: -1,
                },
                Addr {
                    base: Some(7),
                    index: None,
                    scale: 1,
                    disp: 8,
                },
                Addr {
                    base: None,
                    index: Some(6),
                    scale: 8,
                    disp: 0x100,
                },
                Addr {
                    base: Some(5),
                    index: None,
                    scale: 1,
                    disp: 0,
                },
                Addr {
                    base: Some(13),
                    index: Some(12),
                    scale: 2,
                    disp: 0x7fff_ffff,
                },
                Addr {
                    base: Some(0),
                    index: Some(0),
                    scale: 1,
                    disp: -0x8000_0000,
                },
            ];
            add(
                format!("lea{sfx} m,r"),
                lea_addrs
                    .into_iter()
                    .enumerate()
                    .map(|(i, a)| Insn::Lea {
                        dst: dsts[i % 4],
                        addr: a,
                    })
                    .collect(),
                g,
            );
        }
        if matches!(w, Width::W32 | Width::W64) {
            add(
                format!("andn{sfx} r,r,r"),
                vec![
                    Insn::Andn {
                        dst: r(0, w),
                        src1: r(7, w),
                        src2: Rm::Reg(r(6, w)),
                    },
                    Insn::Andn {
                        dst: r(7, w),
                        src1: r(7, w),
                        src2: Rm::Reg(r(6, w)),
                    },
                    Insn::Andn {
                        dst: r(9, w),
                        src1: r(2, w),
                        src2: Rm::Reg(r(2, w)),
                    },
                ],
                g,
            );
            add(
                format!("bswap{sfx} r"),
                [r(0, w), r(7, w), r(13, w)]
                    .into_iter()
                    .map(|d| Insn::Bswap { dst: d })
                    .collect(),
                g,
            );
        }
        let mut xchg = vec![
            (r(6, w), r(7, w)),
            (r(0, w), r(1, w)),
            (r(1, w), r(0, w)),
            (r(8, w), r(15, w)),
        ];
        // `xchg %rax,%rax` and `xchg %ax,%ax` are nops that GNU as encodes as 0x90; the 32-bit
        // one is not (it zero-extends), and bytes have no short form.
        if matches!(w, Width::W8 | Width::W32) {
            xchg.push((r(0, w), r(0, w)));
        }
        if w == Width::W8 {
            xchg.push((Reg::high(0), r(1, w)));
        }
        add(
            format!("xchg{sfx} r,r"),
            xchg.into_iter().map(|(a, b)| Insn::xchg(a, b)).collect(),
            g,
        );
    }
    // movz/movs: (signed, source width, destination width)
    for (signed, sw, dw) in crate::semantics::insn::EXTENSIONS {
        let mut insns = vec![
            Insn::Movx {
                signed,
                dst: r(1, dw),
                src: Rm::Reg(r(0, sw)),
            },
            Insn::Movx {
                signed,
                dst: r(0, dw),
                src: Rm::Reg(r(0, sw)),
            },
            Insn::Movx {
                signed,
                dst: r(9, dw),
                src: Rm::Reg(r(6, sw)),
            },
        ];
        if sw == Width::W8 && dw != Width::W64 {
            insns.push(Insn::Movx {
                signed,
                dst: r(0, dw),
                src: Rm::Reg(Reg::high(2)),
            });
        }
        let name = format!(
            "mov{}{}{}",
            if signed { 's' } else { 'z' },
            sw.suffix(),
            dw.suffix()
        );
        add(name, insns, g);
    }
    add(
        "setcc r8".into(),
        Cond::ALL
            .into_iter()
            .enumerate()
            .map(|(i, c)| Insn::Setcc {
                cond: c,
                dst: Rm::Reg(
                    [
                        r(0, Width::W8),
                        Reg::high(1),
                        r(6, Width::W8),
                        r(9, Width::W8),
                    ][i % 4],
                ),
            })
            .collect(),
        g,
    );
    for (name, e) in [
        ("cbtw", Extend::WithinAcc(Width::W16)),
        ("cwtl", Extend::WithinAcc(Width::W32)),
        ("cltq", Extend::WithinAcc(Width::W64)),
        ("cwtd", Extend::IntoDx(Width::W16)),
        ("cltd", Extend::IntoDx(Width::W32)),
        ("cqto", Extend::IntoDx(Width::W64)),
    ] {
        add(name.into(), vec![Insn::Extend(e)], g);
    }
    let slots = memory_forms(&forms);
    forms.extend(slots);
    forms.extend(stack_forms());
    forms
}

/// The bytes crossval programs initialise around a stack slot: `-0x18..-0x8` from the slot's
/// base register (see [`crate::semantics::crossval`]). Slot instances lie inside.
pub const SLOT_AREA: (i32, i32) = (-0x18, -0x8);

/// Displacements of slot instances of width `w`, inside [`SLOT_AREA`] (some unaligned).
fn slot_disps(w: Width) -> &'static [i32] {
    match w {
        Width::W8 => &[-0x18, -0x11, -0xb, -0x9],
        Width::W16 => &[-0x18, -0x13, -0xe, -0xa],
        Width::W32 => &[-0x18, -0x14, -0xf, -0xc],
        Width::W64 => &[-0x18, -0x13, -0x10],
    }
}

/// The stack-slot forms: every register form whose opcode takes a memory operand, with that
/// operand a slot `disp(%rbp)` or `disp(%rsp)`, one form per operation and slot position across
/// the widths (divisions keep their per-divisor shape).
fn memory_forms(register_forms: &[Form]) -> Vec<Form> {
    use crate::semantics::opcode::{compose, decompose, encodable};
    let mut out: Vec<Form> = Vec::new();
    for f in register_forms {
        let Some(first) = f.insns.first() else {
            continue;
        };
        let (op, _) = decompose(first);
        if let Shape::Div { divisor, .. } = f.shape {
            if divisor != 6 {
                continue;
            }
        }
        for pos in 0..3 {
            if !op.mem_ok(pos) {
                continue;
            }
            let mut insns = Vec::new();
            for (k, insn) in f.insns.iter().take(6).enumerate() {
                let (op, mut o) = decompose(insn);
                let w = o.regs[pos].width();
                let disps = slot_disps(w);
                let base = if k % 2 == 0 { RBP } else { RSP };
                o.regs[pos] = Rm::Mem(Mem::new(base, disps[k % disps.len()], w));
                if let Some(m) = compose(op, &o).filter(encodable) {
                    insns.push(m);
                }
            }
            if insns.is_empty() {
                continue;
            }
            let name = match f.shape {
                Shape::Div { .. } => format!("{} m{pos}", f.name),
                Shape::General => format!("{} m{pos}", widthless(&f.name)),
            };
            match out.iter_mut().find(|g| g.name == name) {
                Some(g) => g.insns.extend(insns),
                None => out.push(Form {
                    name,
                    insns,
                    shape: f.shape,
                }),
            }
        }
    }
    out
}

/// A form name without the size suffix of its mnemonic (`addl r,r` -> `add r,r`).
fn widthless(name: &str) -> String {
    let (m, rest) = name.split_once(' ').unwrap_or((name, ""));
    let stem = match m.strip_suffix(['b', 'w', 'l', 'q']) {
        Some(s) if !s.is_empty() && m != "setcc" => s,
        _ => m,
    };
    if rest.is_empty() {
        stem.to_string()
    } else {
        format!("{stem} {rest}")
    }
}

/// Push, pop and the frame instructions (crossval runs each inside a balanced program).
fn stack_forms() -> Vec<Form> {
    let g = Shape::General;
    let regs = [0u8, 3, 5, 7, 9, 12];
    vec![
        Form {
            name: "pushq r".into(),
            insns: regs.iter().map(|&n| Insn::Push(Reg::q(n))).collect(),
            shape: g,
        },
        Form {
            name: "popq r".into(),
            insns: regs.iter().map(|&n| Insn::Pop(Reg::q(n))).collect(),
            shape: g,
        },
        Form {
            name: "movq %rsp,%rbp".into(),
            insns: vec![Insn::FramePointer],
            shape: g,
        },
        Form {
            name: "leave".into(),
            insns: vec![Insn::Leave],
            shape: g,
        },
        Form {
            name: "subq/addq imm,%rsp".into(),
            insns: [8, 0x10, 0x20, 0x80, 0xe0]
                .into_iter()
                .flat_map(|n| [Insn::AdjustRsp(-n), Insn::AdjustRsp(n)])
                .collect(),
            shape: g,
        },
    ]
}

const EDGES: [u64; 28] = [
    0,
    1,
    2,
    u64::MAX,
    u64::MAX - 1,
    0x7f,
    0x80,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    0x8000_0000_0000_0001,
    0xffff_ffff_0000_0000,
    0x5555_5555_5555_5555,
    0xaaaa_aaaa_aaaa_aaaa,
    31,
    32,
    33,
    63,
    64,
];

/// A random value biased toward edges: 0, 1, -1, sign bits, values above 32 bits, shift counts.
pub fn interesting<R: Rng>(rng: &mut R) -> u64 {
    match rng.gen_range(0..10) {
        0..=2 => EDGES[rng.gen_range(0..EDGES.len())],
        3 => rng.gen_range(0..=70),
        4 => (rng.gen_range(1..=70) as u64).wrapping_neg(),
        5 => rng.gen::<u32>() as u64,
        6 => rng.gen::<i32>() as i64 as u64,
        7 => {
            let v: u64 = rng.gen();
            let w = [8, 16, 32][rng.gen_range(0..3)];
            let low = v & ((1 << w) - 1);
            if rng.gen() {
                low
            } else {
                crate::semantics::parse::sext(low, w) as u64
            }
        }
        _ => rng.gen(),
    }
}

/// A random input state for `shape`.
pub fn case<R: Rng>(rng: &mut R, shape: Shape) -> Case {
    let mut c = Case {
        regs: std::array::from_fn(|_| interesting(rng)),
        flags: rng.gen_range(0..=crate::semantics::flags::ALL),
    };
    if let Shape::Div {
        signed,
        width,
        divisor,
    } = shape
    {
        let w = width;
        let m = w.mask();
        let put = |regs: &mut [u64; 16], num: u8, v: u64, high8: bool| {
            let n = num as usize;
            if high8 {
                regs[n] = (regs[n] & !0xff00) | ((v & 0xff) << 8);
            } else {
                regs[n] = (regs[n] & !m) | (v & m);
            }
        };
        let mut d = c.regs[divisor as usize] & m;
        if d == 0 && rng.gen_range(0..10) != 0 {
            d = rng.gen_range(1..=m.min(1000));
            put(&mut c.regs, divisor, d, false);
        }
        // The high half of the dividend: AH for bytes, else rdx-sized.
        let (hi_reg, hi_high8) = if w == Width::W8 {
            (RAX, true)
        } else {
            (RDX, false)
        };
        if rng.gen_range(0..10) < 8 {
            let lo = if w == Width::W8 {
                c.regs[0] & 0xff
            } else {
                c.regs[RAX as usize] & m
            };
            let hi = if signed {
                if lo & w.sign_bit() != 0 {
                    m
                } else {
                    0
                }
            } else if d != 0 {
                rng.gen::<u64>() % d
            } else {
                0
            };
            put(&mut c.regs, hi_reg, hi, hi_high8);
        }
    }
    c
}
