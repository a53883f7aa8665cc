//! Register-and-flag sets such as `def_in` and `live_out`, written STOKE's way:
//! `{ %rdi %rsi }`, `%rax`, `%eax` (the low 32 bits only), `%cf`.

use crate::semantics::flags;
use crate::semantics::reg::{name64, Reg};
use crate::X86Error;
use std::fmt;

/// A set of register bits and flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Locs {
    /// Bits of each register in the set.
    pub regs: [u64; 16],
    pub flags: u8,
}

impl Locs {
    /// Parse `%rdi %rsi`, `{ %rdi, %rsi }`, `%eax`, `%cf` ...
    pub fn parse(text: &str) -> Result<Locs, X86Error> {
        let mut l = Locs::default();
        for tok in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '{' || c == '}')
            .filter(|t| !t.is_empty())
        {
            let name = tok
                .strip_prefix('%')
                .ok_or_else(|| {
                    X86Error::Syntax(format!("expected `%register` or `%flag`, found `{tok}`"))
                })?
                .to_ascii_lowercase();
            if let Some(f) = flags::parse(&name) {
                l.flags |= f;
            } else if let Some(r) = Reg::parse(&name) {
                if r.num == crate::semantics::reg::RSP {
                    return Err(X86Error::Unsupported("%rsp as a def_in or live_out".into()));
                }
                l.regs[r.num as usize] |= r.bit_mask();
            } else {
                return Err(X86Error::Syntax(format!(
                    "unknown register or flag `{tok}`"
                )));
            }
        }
        Ok(l)
    }

    /// Registers with any bit in the set.
    pub fn reg_nums(&self) -> impl Iterator<Item = u8> + '_ {
        (0..16u8).filter(|n| self.regs[*n as usize] != 0)
    }

    pub fn is_empty(&self) -> bool {
        self.flags == 0 && self.regs.iter().all(|r| *r == 0)
    }
}

impl fmt::Display for Locs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for n in self.reg_nums() {
            let bits = self.regs[n as usize];
            let name = match bits {
                u64::MAX => name64(n).to_string(),
                0xffff_ffff | 0xffff | 0xff | 0xff00 => {
                    let w = match bits {
                        0xffff_ffff => crate::Width::W32,
                        0xffff => crate::Width::W16,
                        _ => crate::Width::W8,
                    };
                    let r = if bits == 0xff00 {
                        Reg::high(n)
                    } else {
                        Reg::new(n, w)
                    };
                    r.name().to_string()
                }
                _ => format!("{}[{bits:#x}]", name64(n)),
            };
            parts.push(format!("%{name}"));
        }
        for name in flags::names(self.flags) {
            parts.push(format!("%{name}"));
        }
        write!(f, "{{ {} }}", parts.join(" "))
    }
}
