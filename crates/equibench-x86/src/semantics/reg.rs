//! General-purpose registers of the subset, their widths and AT&T names.
//!
//! A register operand is a (number, width) pair over the 16 architectural registers in hardware
//! encoding order; `%ah..%bh` are the only operands that name bits 8..15.

use std::fmt;

/// Operand width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Width {
    W8,
    W16,
    W32,
    W64,
}

impl Width {
    pub const ALL: [Width; 4] = [Width::W8, Width::W16, Width::W32, Width::W64];

    pub fn bits(self) -> u32 {
        match self {
            Width::W8 => 8,
            Width::W16 => 16,
            Width::W32 => 32,
            Width::W64 => 64,
        }
    }

    /// All ones in the low `bits()` bits.
    pub fn mask(self) -> u64 {
        match self {
            Width::W64 => u64::MAX,
            w => (1u64 << w.bits()) - 1,
        }
    }

    /// All ones in the low `bytes` bytes (1 to 8).
    pub fn mask_bytes(bytes: usize) -> u64 {
        if bytes >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * bytes)) - 1
        }
    }

    /// The sign bit of a value of this width.
    pub fn sign_bit(self) -> u64 {
        1u64 << (self.bits() - 1)
    }

    /// Index for `[T; 4]` tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The AT&T mnemonic suffix.
    pub fn suffix(self) -> char {
        match self {
            Width::W8 => 'b',
            Width::W16 => 'w',
            Width::W32 => 'l',
            Width::W64 => 'q',
        }
    }

    pub fn from_suffix(c: char) -> Option<Width> {
        match c {
            'b' => Some(Width::W8),
            'w' => Some(Width::W16),
            'l' => Some(Width::W32),
            'q' => Some(Width::W64),
            _ => None,
        }
    }
}

/// Register numbers in hardware encoding order.
pub const RAX: u8 = 0;
pub const RCX: u8 = 1;
pub const RDX: u8 = 2;
pub const RBX: u8 = 3;
pub const RSP: u8 = 4;
pub const RBP: u8 = 5;
pub const RSI: u8 = 6;
pub const RDI: u8 = 7;

/// A register operand: `num` in 0..16, and which part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reg {
    pub num: u8,
    pub width: Width,
    /// `%ah`, `%ch`, `%dh`, `%bh`: bits 8..15 of registers 0..3.
    pub high8: bool,
}

const NAMES64: [&str; 16] = [
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13",
    "r14", "r15",
];
const NAMES32: [&str; 16] = [
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d",
    "r13d", "r14d", "r15d",
];
const NAMES16: [&str; 16] = [
    "ax", "cx", "dx", "bx", "sp", "bp", "si", "di", "r8w", "r9w", "r10w", "r11w", "r12w", "r13w",
    "r14w", "r15w",
];
const NAMES8: [&str; 16] = [
    "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b", "r12b",
    "r13b", "r14b", "r15b",
];
const NAMES8H: [&str; 4] = ["ah", "ch", "dh", "bh"];

impl Reg {
    pub const fn new(num: u8, width: Width) -> Reg {
        Reg {
            num,
            width,
            high8: false,
        }
    }

    pub const fn high(num: u8) -> Reg {
        Reg {
            num,
            width: Width::W8,
            high8: true,
        }
    }

    pub fn q(num: u8) -> Reg {
        Reg::new(num, Width::W64)
    }

    /// The bits of the 64-bit register this operand names.
    pub fn bit_mask(self) -> u64 {
        if self.high8 {
            0xff00
        } else {
            self.width.mask()
        }
    }

    /// The AT&T name without `%`.
    pub fn name(self) -> &'static str {
        let n = self.num as usize;
        if self.high8 {
            return NAMES8H[n];
        }
        match self.width {
            Width::W64 => NAMES64[n],
            Width::W32 => NAMES32[n],
            Width::W16 => NAMES16[n],
            Width::W8 => NAMES8[n],
        }
    }

    /// Parse a name without `%` (`r8l` is accepted for `r8b`).
    pub fn parse(name: &str) -> Option<Reg> {
        let name = name.to_ascii_lowercase();
        if let Some(i) = NAMES8H.iter().position(|n| *n == name) {
            return Some(Reg::high(i as u8));
        }
        for (w, table) in [
            (Width::W64, &NAMES64),
            (Width::W32, &NAMES32),
            (Width::W16, &NAMES16),
            (Width::W8, &NAMES8),
        ] {
            if let Some(i) = table.iter().position(|n| *n == name) {
                return Some(Reg::new(i as u8, w));
            }
        }
        if let Some(stem) = name.strip_suffix('l') {
            if let Some(i) = NAMES64.iter().position(|n| *n == stem) {
                if i >= 8 {
                    return Some(Reg::new(i as u8, Width::W8));
                }
            }
        }
        None
    }

    /// Needs a REX prefix to be encoded (so it cannot be combined with `%ah..%bh`): r8..r15,
    /// `%spl..%dil`, and any 64-bit operand (REX.W), as in `movzbq %ah, %rdx`, which has no
    /// encoding.
    pub fn needs_rex(self) -> bool {
        self.num >= 8
            || self.width == Width::W64
            || (self.width == Width::W8 && !self.high8 && (4..8).contains(&self.num))
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.name())
    }
}

/// The 64-bit name of register `num`.
pub fn name64(num: u8) -> &'static str {
    NAMES64[num as usize & 15]
}
