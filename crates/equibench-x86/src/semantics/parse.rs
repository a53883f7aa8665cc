//! A parser for the AT&T syntax of the supported subset, as GNU `as` and iced-x86's GAS formatter
//! write it: optional size suffixes, `$` immediates, `%` registers, `disp(base,index,scale)` for
//! `lea`, and `disp(%rsp)` / `disp(%rbp)` stack slots wherever x86 takes a memory operand (see
//! [`crate::semantics::frame`] for when a program may use them). Labels, comments and the directives that
//! emit nothing ([`Directive`]) are skipped; every other directive is refused, since it may emit
//! code (`.byte`, `.fill`, `.rept`), choose which lines count (`.if`, `.macro`) or change how the
//! rest is read (`.intel_syntax`, `.code32`, `.set`). A `ret` may end a function body.

use crate::semantics::insn::{
    Addr, AluOp, BitOp, Cond, Count, Extend, Insn, Mem, Rm, ShiftOp, Src, UnOp,
};
use crate::semantics::reg::{Reg, Width, RBP, RSP};
use crate::X86Error;

/// A parsed operand before the mnemonic gives it meaning.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Operand {
    Reg(Reg),
    Imm(i128),
    Mem(Addr),
}

/// How a directive may appear in a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Directive {
    /// Emits nothing into the code and changes nothing about how the lines after it are read:
    /// symbol attributes, debug and unwind information, the text section.
    Inert,
    /// Alignment padding: harmless before the first instruction (it only places the function) and
    /// after the `ret`, but between instructions it emits bytes that execute.
    Align,
}

/// What the directive `stmt` (a statement starting with `.`) is, or None when it may emit code
/// or change how the program is read, which the model cannot follow.
pub fn directive(stmt: &str) -> Option<Directive> {
    let name = stmt
        .split(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let args = stmt[name.len()..].trim();
    match name.as_str() {
        ".globl" | ".global" | ".type" | ".size" | ".text" | ".file" | ".loc" | ".ident"
        | ".addrsig" | ".hidden" | ".local" | ".weak" => Some(Directive::Inert),
        n if n.starts_with(".cfi_") => Some(Directive::Inert),
        ".p2align" | ".align" | ".balign" => Some(Directive::Align),
        // Sections of code, and the empty marker section compilers end a file with.
        ".section" => {
            let section = args
                .split(',')
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches('"');
            (section == ".text" || section.starts_with(".text.") || section == ".note.GNU-stack")
                .then_some(Directive::Inert)
        }
        _ => None,
    }
}

/// Parse a whole program: one instruction per line (or `;`-separated), skipping labels,
/// comments, blank lines, directives that emit nothing, and a final `ret`.
pub fn parse_program(text: &str) -> Result<Vec<Insn>, X86Error> {
    let mut out = Vec::new();
    let mut ended = false;
    for (lineno, raw) in text.lines().enumerate() {
        let at = |e: X86Error| X86Error::Parse {
            line: lineno + 1,
            text: raw.trim().to_string(),
            message: e.to_string(),
        };
        let line = raw.split('#').next().unwrap_or("");
        for stmt in line.split(';') {
            let mut stmt = stmt.trim();
            // Leading labels (`foo:` possibly followed by an instruction).
            while let Some(colon) = stmt.find(':') {
                let label = &stmt[..colon];
                if label.is_empty() || label.contains(char::is_whitespace) {
                    break;
                }
                stmt = stmt[colon + 1..].trim();
            }
            if stmt.is_empty() {
                continue;
            }
            if stmt.starts_with('.') {
                match directive(stmt) {
                    Some(Directive::Inert) => continue,
                    Some(Directive::Align) if out.is_empty() || ended => continue,
                    Some(Directive::Align) => {
                        return Err(at(X86Error::Unsupported(
                            "an alignment directive after the first instruction (its padding \
                             would execute)"
                                .into(),
                        )))
                    }
                    None => {
                        return Err(at(X86Error::Unsupported(format!(
                            "the directive `{stmt}` (it may emit code or change how the program \
                             is read; only .globl, .type, .size, .text, .file, .loc, .ident, \
                             .cfi_*, text .sections and alignment before the first instruction \
                             are accepted)"
                        ))))
                    }
                }
            }
            if ended {
                return Err(at(X86Error::Unsupported("instructions after `ret`".into())));
            }
            let mnemonic = stmt
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if matches!(mnemonic.as_str(), "ret" | "retq") {
                ended = true;
                continue;
            }
            out.push(parse_insn(stmt).map_err(at)?);
        }
    }
    Ok(out)
}

/// Parse one instruction.
pub fn parse_insn(text: &str) -> Result<Insn, X86Error> {
    let text = text.trim();
    let (mnemonic, rest) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    };
    let mnemonic = mnemonic.to_ascii_lowercase();
    let ops = split_operands(rest)?
        .iter()
        .map(|s| parse_operand(s))
        .collect::<Result<Vec<_>, _>>()?;
    build(&mnemonic, &ops)
        .ok_or_else(|| X86Error::Unsupported(format!("`{text}`")))?
        .and_then(validate)
}

fn split_operands(s: &str) -> Result<Vec<String>, X86Error> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if depth != 0 {
        return Err(X86Error::Syntax(format!("unbalanced parentheses in `{s}`")));
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    } else if !out.is_empty() {
        return Err(X86Error::Syntax(format!("empty operand in `{s}`")));
    }
    Ok(out)
}

fn parse_number(s: &str) -> Option<i128> {
    let s = s.trim();
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b.trim()),
        None => (false, s.strip_prefix('+').unwrap_or(s).trim()),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(b) = body.strip_prefix("0b") {
        i128::from_str_radix(b, 2).ok()?
    } else if body.len() > 1 && body.starts_with('0') {
        i128::from_str_radix(&body[1..], 8).ok()?
    } else {
        body.parse::<i128>().ok()?
    };
    if v > u64::MAX as i128 {
        return None;
    }
    Some(if neg { -v } else { v })
}

fn parse_reg(s: &str) -> Result<Reg, X86Error> {
    let name = s
        .trim()
        .strip_prefix('%')
        .ok_or_else(|| X86Error::Syntax(format!("expected a register, found `{s}`")))?;
    Reg::parse(name).ok_or_else(|| X86Error::Unsupported(format!("register `{s}`")))
}

fn parse_operand(s: &str) -> Result<Operand, X86Error> {
    if let Some(v) = s.strip_prefix('$') {
        return parse_number(v)
            .map(Operand::Imm)
            .ok_or_else(|| X86Error::Syntax(format!("bad immediate `{s}`")));
    }
    if s.starts_with('%') {
        return parse_reg(s).map(Operand::Reg);
    }
    // disp(base,index,scale)
    let (disp, inner) = match s.find('(') {
        Some(i) => {
            let inner = s[i + 1..]
                .strip_suffix(')')
                .ok_or_else(|| X86Error::Syntax(format!("bad memory operand `{s}`")))?;
            (&s[..i], Some(inner))
        }
        None => (s, None),
    };
    let disp = if disp.trim().is_empty() {
        0
    } else {
        let v = parse_number(disp)
            .ok_or_else(|| X86Error::Syntax(format!("bad displacement `{s}`")))?;
        i32::try_from(v).map_err(|_| X86Error::Unsupported(format!("displacement `{s}`")))?
    };
    let mut addr = Addr {
        base: None,
        index: None,
        scale: 1,
        disp,
    };
    if let Some(inner) = inner {
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        let reg64 = |p: &str| -> Result<u8, X86Error> {
            let r = parse_reg(p)?;
            if r.width != Width::W64 {
                return Err(X86Error::Unsupported(format!("32-bit addressing `{s}`")));
            }
            Ok(r.num)
        };
        if let Some(b) = parts.first().filter(|p| !p.is_empty()) {
            addr.base = Some(reg64(b)?);
        }
        if let Some(i) = parts.get(1).filter(|p| !p.is_empty()) {
            let idx = reg64(i)?;
            if idx == crate::semantics::reg::RSP {
                return Err(X86Error::Syntax(format!(
                    "%rsp cannot be an index in `{s}`"
                )));
            }
            addr.index = Some(idx);
        }
        if let Some(sc) = parts.get(2).filter(|p| !p.is_empty()) {
            addr.scale = match parse_number(sc) {
                Some(v @ (1 | 2 | 4 | 8)) => v as u8,
                _ => return Err(X86Error::Syntax(format!("bad scale in `{s}`"))),
            };
        }
        if parts.len() > 3 {
            return Err(X86Error::Syntax(format!("bad memory operand `{s}`")));
        }
    }
    Ok(Operand::Mem(addr))
}

/// The immediate `v` as an operand of width `w`: it must fit (signed or unsigned); the result is
/// sign-extended from `w` bits (64-bit ALU immediates must fit a sign-extended 32-bit field).
fn imm_for(v: i128, w: Width, allow_imm64: bool) -> Result<i64, X86Error> {
    let bits = if w == Width::W64 && !allow_imm64 {
        32
    } else {
        w.bits()
    };
    // A 64-bit unsigned spelling of a negative number (as iced prints them) means that number.
    let v = if w == Width::W64 && v > i64::MAX as i128 {
        v - (1i128 << 64)
    } else {
        v
    };
    let fits = if bits == 64 {
        v >= i64::MIN as i128 && v <= u64::MAX as i128
    } else if w == Width::W64 {
        v >= i32::MIN as i128 && v <= i32::MAX as i128
    } else {
        v >= -(1i128 << (bits - 1)) && v < (1i128 << bits)
    };
    if !fits {
        return Err(X86Error::Unsupported(format!(
            "immediate {v} does not fit {bits} bits"
        )));
    }
    Ok(sext(v as u64, w.bits()))
}

/// Sign-extend the low `bits` of `v`.
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// Split `base` + optional size suffix. `is_base` says which stems exist.
fn stem_and_width(m: &str, is_base: impl Fn(&str) -> bool) -> Option<(String, Option<Width>)> {
    if is_base(m) {
        return Some((m.to_string(), None));
    }
    let last = m.chars().last()?;
    let w = Width::from_suffix(last)?;
    let stem = &m[..m.len() - 1];
    is_base(stem).then(|| (stem.to_string(), Some(w)))
}

fn alu_op(s: &str) -> Option<AluOp> {
    AluOp::ALL.into_iter().find(|o| o.mnemonic() == s)
}
fn un_op(s: &str) -> Option<UnOp> {
    UnOp::ALL.into_iter().find(|o| o.mnemonic() == s)
}
fn shift_op(s: &str) -> Option<ShiftOp> {
    if s == "sal" {
        return Some(ShiftOp::Shl);
    }
    ShiftOp::ALL.into_iter().find(|o| o.mnemonic() == s)
}
fn bit_op(s: &str) -> Option<BitOp> {
    BitOp::ALL.into_iter().find(|o| o.mnemonic() == s)
}

const PLAIN: [&str; 12] = [
    "mov", "movabs", "lea", "mul", "imul", "div", "idiv", "andn", "bt", "bswap", "xchg", "sal",
];

fn is_base(s: &str) -> bool {
    PLAIN.contains(&s)
        || alu_op(s).is_some()
        || un_op(s).is_some()
        || shift_op(s).is_some()
        || bit_op(s).is_some()
        || s.strip_prefix("cmov").and_then(Cond::parse).is_some()
        || s.strip_prefix("set").and_then(Cond::parse).is_some()
}

/// A register-or-memory operand of width `w`: a register of that width, or a stack slot
/// (`disp(%rsp)` / `disp(%rbp)`, no index) read or written at that width.
fn rm_of(o: &Operand, w: Width) -> Result<Rm, X86Error> {
    match *o {
        Operand::Reg(r) if r.width == w => Ok(Rm::Reg(r)),
        Operand::Reg(_) => Err(X86Error::Syntax("operand sizes do not agree".into())),
        Operand::Mem(a) => mem_of(a, w).map(Rm::Mem),
        Operand::Imm(_) => Err(X86Error::Unsupported(
            "an immediate where a register or stack slot belongs".into(),
        )),
    }
}

/// The stack slot an address names, if it is one (`disp(%rsp)` or `disp(%rbp)`).
fn mem_of(a: Addr, w: Width) -> Result<Mem, X86Error> {
    match (a.base, a.index) {
        (Some(b @ (RSP | RBP)), None) => Ok(Mem::new(b, a.disp, w)),
        _ => Err(X86Error::Unsupported(format!(
            "memory operand `{a}` (only stack slots `disp(%rsp)` and `disp(%rbp)` are modelled)"
        ))),
    }
}

/// A source operand of width `w`: register, stack slot or immediate (ALU immediates are 32-bit
/// at most, sign-extended).
fn src_of(o: &Operand, w: Width) -> Result<Src, X86Error> {
    match *o {
        Operand::Imm(v) => imm_for(v, w, false).map(Src::Imm),
        _ => rm_of(o, w).map(Src::from),
    }
}

/// Turn a mnemonic and operands (AT&T order: sources first) into an instruction. `None` means the
/// mnemonic is not in the subset; `Some(Err)` means the operands do not fit it.
fn build(m: &str, ops: &[Operand]) -> Option<Result<Insn, X86Error>> {
    use Operand as O;
    // Fixed mnemonics first.
    let ext = match m {
        "cbtw" | "cbw" => Some(Extend::WithinAcc(Width::W16)),
        "cwtl" | "cwde" => Some(Extend::WithinAcc(Width::W32)),
        "cltq" | "cdqe" => Some(Extend::WithinAcc(Width::W64)),
        "cwtd" | "cwd" => Some(Extend::IntoDx(Width::W16)),
        "cltd" | "cdq" => Some(Extend::IntoDx(Width::W32)),
        "cqto" | "cqo" => Some(Extend::IntoDx(Width::W64)),
        _ => None,
    };
    if let Some(e) = ext {
        return Some(if ops.is_empty() {
            Ok(Insn::Extend(e))
        } else {
            Err(X86Error::Syntax(format!("`{m}` takes no operands")))
        });
    }
    if matches!(m, "leave" | "leaveq") {
        return Some(if ops.is_empty() {
            Ok(Insn::Leave)
        } else {
            Err(X86Error::Syntax(format!("`{m}` takes no operands")))
        });
    }
    if matches!(m, "push" | "pushq" | "pop" | "popq") {
        return Some(match ops {
            [O::Reg(r)] if r.width == Width::W64 => Ok(if m.starts_with("push") {
                Insn::Push(*r)
            } else {
                Insn::Pop(*r)
            }),
            _ => Err(X86Error::Unsupported(format!(
                "operands of `{m}` (only 64-bit registers are pushed and popped)"
            ))),
        });
    }
    if let Some(x) = parse_movx(m) {
        let (signed, sw, dw) = x;
        return Some(match ops {
            [s, O::Reg(d)] => {
                let sw = match (sw, s) {
                    (Some(w), _) => w,
                    (None, O::Reg(r)) => r.width,
                    (None, _) => {
                        return Some(Err(X86Error::Syntax(format!(
                            "`{m}` from memory needs a size suffix"
                        ))))
                    }
                };
                if dw.is_some_and(|w| w != d.width) || sw >= d.width {
                    Err(X86Error::Syntax(format!("operand sizes do not fit `{m}`")))
                } else if !signed && sw == Width::W32 {
                    Err(X86Error::Unsupported("movzlq (use movl)".into()))
                } else {
                    rm_of(s, sw).map(|src| Insn::Movx {
                        signed,
                        dst: *d,
                        src,
                    })
                }
            }
            _ => Err(X86Error::Unsupported(format!("operands of `{m}`"))),
        });
    }

    let (stem, suffix) = stem_and_width(m, is_base)?;
    // The operand width: the suffix, else the registers (which must agree).
    let reg_width = ops.iter().rev().find_map(|o| match o {
        O::Reg(r) => Some(r.width),
        _ => None,
    });
    let width = suffix.or(reg_width);
    let check = |r: &Reg| !matches!(width, Some(w) if w != r.width);
    let same_width = ops.iter().all(|o| match o {
        O::Reg(r) => check(r),
        _ => true,
    });
    let need_width = || width.ok_or_else(|| X86Error::Syntax(format!("`{m}` needs a size suffix")));
    let width_err = || {
        Some(Err(X86Error::Syntax(format!(
            "operand sizes do not agree in `{m}`"
        ))))
    };
    let unsupported = || Err(X86Error::Unsupported(format!("operands of `{m}`")));
    let is_mem = |o: &O| matches!(o, O::Mem(_));

    if let Some(op) = shift_op(&stem) {
        let w = match need_width() {
            Ok(w) => w,
            Err(e) => return Some(Err(e)),
        };
        return Some(match ops {
            [d] => rm_of(d, w).map(|dst| Insn::Shift {
                op,
                dst,
                count: Count::Imm(1),
            }),
            [O::Reg(c), d] if *c == Reg::new(1, Width::W8) => rm_of(d, w).map(|dst| Insn::Shift {
                op,
                dst,
                count: Count::Cl,
            }),
            [O::Imm(v), d] => match u8::try_from(*v)
                .ok()
                .or_else(|| i8::try_from(*v).ok().map(|x| x as u8))
            {
                Some(c) => rm_of(d, w).map(|dst| Insn::Shift {
                    op,
                    dst,
                    count: Count::Imm(c),
                }),
                None => Err(X86Error::Unsupported(format!("shift count {v}"))),
            },
            _ => unsupported(),
        });
    }
    if !same_width {
        return width_err();
    }
    if let Some(op) = alu_op(&stem) {
        let w = match need_width() {
            Ok(w) => w,
            Err(e) => return Some(Err(e)),
        };
        return Some(match ops {
            // `subq $n, %rsp` / `addq $n, %rsp`: the frame, not arithmetic.
            [O::Imm(v), O::Reg(d)] if d.num == RSP => match (op, i32::try_from(*v)) {
                // The move is kept as an i32: `subq $-0x80000000` (a move of +2^31) has none.
                (AluOp::Sub | AluOp::Add, Ok(n)) if w == Width::W64 => {
                    match if op == AluOp::Sub {
                        n.checked_neg()
                    } else {
                        Some(n)
                    } {
                        Some(n) => Ok(Insn::AdjustRsp(n)),
                        None => Err(X86Error::Unsupported(format!(
                            "`{m} ${v}, %rsp` (a stack move of 2^31 bytes)"
                        ))),
                    }
                }
                _ => Err(X86Error::Unsupported(format!(
                    "`{m}` on %rsp (only `subq/addq $n, %rsp` move the stack)"
                ))),
            },
            [s, d] if !(matches!(d, O::Imm(_)) || is_mem(s) && is_mem(d)) => {
                match (rm_of(d, w), src_of(s, w)) {
                    (Ok(dst), Ok(src)) if op == AluOp::Test => Ok(Insn::test(dst, src)),
                    (Ok(dst), Ok(src)) => Ok(Insn::Alu { op, dst, src }),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                }
            }
            _ => unsupported(),
        });
    }
    if let Some(op) = un_op(&stem) {
        return Some(match (ops, need_width()) {
            ([d], Ok(w)) => rm_of(d, w).map(|dst| Insn::Unary { op, dst }),
            (_, Err(e)) => Err(e),
            _ => unsupported(),
        });
    }
    if let Some(op) = bit_op(&stem) {
        return Some(match ops {
            [s, O::Reg(d)] if d.width != Width::W8 => {
                rm_of(s, d.width).map(|src| Insn::Bits { op, dst: *d, src })
            }
            _ => unsupported(),
        });
    }
    if let Some(cond) = stem.strip_prefix("cmov").and_then(Cond::parse) {
        return Some(match ops {
            [s, O::Reg(d)] if d.width != Width::W8 => {
                rm_of(s, d.width).map(|src| Insn::Cmov { cond, dst: *d, src })
            }
            _ => unsupported(),
        });
    }
    if let Some(cond) = stem.strip_prefix("set").and_then(Cond::parse) {
        return Some(match ops {
            [d] if suffix.is_none_or(|w| w == Width::W8) => {
                rm_of(d, Width::W8).map(|dst| Insn::Setcc { cond, dst })
            }
            _ => unsupported(),
        });
    }
    let res = match (stem.as_str(), ops) {
        ("mov", [O::Reg(s), O::Reg(d)]) if s.num == RSP && d.num == RBP => {
            if s.width == Width::W64 && d.width == Width::W64 {
                Ok(Insn::FramePointer)
            } else {
                unsupported()
            }
        }
        ("mov", [s, d]) if !(matches!(s, O::Imm(_)) || is_mem(s) && is_mem(d)) => {
            match need_width() {
                Ok(w) => match (rm_of(d, w), rm_of(s, w)) {
                    (Ok(dst), Ok(src)) => Ok(Insn::Mov {
                        dst,
                        src: Src::from(src),
                    }),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                },
                Err(e) => Err(e),
            }
        }
        ("mov" | "movabs", [O::Imm(v), O::Reg(d)]) => {
            imm_for(*v, d.width, true).map(|v| Insn::Mov {
                dst: Rm::Reg(*d),
                src: Src::Imm(v),
            })
        }
        ("mov", [O::Imm(v), d @ O::Mem(_)]) => match need_width() {
            Ok(w) => match (rm_of(d, w), imm_for(*v, w, false)) {
                (Ok(dst), Ok(v)) => Ok(Insn::Mov {
                    dst,
                    src: Src::Imm(v),
                }),
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
            Err(e) => Err(e),
        },
        ("lea", [O::Mem(a), O::Reg(d)]) if d.width != Width::W8 => {
            Ok(Insn::Lea { dst: *d, addr: *a })
        }
        ("mul" | "imul" | "div" | "idiv", [s]) => match need_width() {
            Ok(w) => rm_of(s, w).map(|src| match stem.as_str() {
                "mul" => Insn::MulWide { signed: false, src },
                "imul" => Insn::MulWide { signed: true, src },
                "div" => Insn::Div { signed: false, src },
                _ => Insn::Div { signed: true, src },
            }),
            Err(e) => Err(e),
        },
        ("imul", [s, O::Reg(d)]) if d.width != Width::W8 && !matches!(s, O::Imm(_)) => {
            rm_of(s, d.width).map(|src| Insn::Imul {
                dst: *d,
                src,
                imm: None,
            })
        }
        ("imul", [O::Imm(v), s, O::Reg(d)]) if d.width != Width::W8 => {
            match (imm_for(*v, d.width, false), rm_of(s, d.width)) {
                (Ok(v), Ok(src)) => Ok(Insn::Imul {
                    dst: *d,
                    src,
                    imm: Some(v as i32),
                }),
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        }
        ("imul", [O::Imm(v), O::Reg(d)]) if d.width != Width::W8 => imm_for(*v, d.width, false)
            .map(|v| Insn::Imul {
                dst: *d,
                src: Rm::Reg(*d),
                imm: Some(v as i32),
            }),
        ("andn", [s2, O::Reg(s1), O::Reg(d)]) if matches!(d.width, Width::W32 | Width::W64) => {
            rm_of(s2, d.width).map(|src2| Insn::Andn {
                dst: *d,
                src1: *s1,
                src2,
            })
        }
        ("bt", [O::Reg(b), O::Reg(base)]) if base.width != Width::W8 => Ok(Insn::Bt {
            base: Rm::Reg(*base),
            bit: Src::Reg(*b),
        }),
        ("bt", [O::Imm(v), base]) => match (u8::try_from(*v), need_width()) {
            (Ok(b), Ok(w)) if w != Width::W8 => rm_of(base, w).map(|base| Insn::Bt {
                base,
                bit: Src::Imm(b as i64),
            }),
            (Err(_), _) => Err(X86Error::Unsupported(format!("bit offset {v}"))),
            (_, Err(e)) => Err(e),
            _ => unsupported(),
        },
        ("bswap", [O::Reg(d)]) if matches!(d.width, Width::W32 | Width::W64) => {
            Ok(Insn::Bswap { dst: *d })
        }
        ("xchg", [O::Reg(a), O::Reg(b)]) => Ok(Insn::xchg(*a, *b)),
        _ => unsupported(),
    };
    Some(res)
}

/// `movzbl` and kin: (signed, source width, destination width); also Intel's `movzx/movsx/movsxd`.
fn parse_movx(m: &str) -> Option<(bool, Option<Width>, Option<Width>)> {
    match m {
        "movzx" => return Some((false, None, None)),
        "movsx" => return Some((true, None, None)),
        "movsxd" | "movslq" => return Some((true, Some(Width::W32), Some(Width::W64))),
        _ => {}
    }
    let rest = m.strip_prefix("mov")?;
    let signed = match rest.chars().next()? {
        's' => true,
        'z' => false,
        _ => return None,
    };
    let mut chars = rest[1..].chars();
    let sw = Width::from_suffix(chars.next()?)?;
    let dw = Width::from_suffix(chars.next()?)?;
    if chars.next().is_some() || sw >= dw {
        return None;
    }
    Some((signed, Some(sw), Some(dw)))
}

/// Operand combinations the hardware cannot encode, and registers outside the subset.
fn validate(i: Insn) -> Result<Insn, X86Error> {
    // The stack pointer is not a general register: it moves only by push, pop and the frame
    // instructions, and its value is never data (see `crate::semantics::frame`).
    if let Insn::Lea { addr, .. } = i {
        if addr.base == Some(RSP) {
            return Err(X86Error::Unsupported(format!(
                "`{i}`: %rsp-relative addresses"
            )));
        }
    }
    let e = i.effects();
    let rsp = RSP as usize;
    if e.reads[rsp] != 0 || e.writes[rsp] != 0 {
        return Err(X86Error::Unsupported(format!(
            "`{i}`: the stack pointer is outside the register subset"
        )));
    }
    let regs: Vec<Reg> = match i {
        Insn::Mov { dst, src } | Insn::Alu { dst, src, .. } => {
            let mut v: Vec<Reg> = dst.reg().into_iter().collect();
            if let Src::Reg(s) = src {
                v.push(s);
            }
            v
        }
        Insn::Movx { dst, src, .. } => std::iter::once(dst).chain(src.reg()).collect(),
        Insn::Xchg { a, b } => vec![a, b],
        _ => vec![],
    };
    if regs.iter().any(|r| r.high8) && regs.iter().any(|r| r.needs_rex()) {
        return Err(X86Error::Unsupported(format!(
            "`{i}`: %ah..%bh cannot be combined with a register needing REX"
        )));
    }
    if let Insn::Mov {
        dst: Rm::Reg(dst),
        src: Src::Reg(s),
    }
    | Insn::Alu {
        dst: Rm::Reg(dst),
        src: Src::Reg(s),
        ..
    } = i
    {
        if dst.width != s.width {
            return Err(X86Error::Syntax(format!(
                "operand sizes do not agree in `{i}`"
            )));
        }
    }
    Ok(i)
}
