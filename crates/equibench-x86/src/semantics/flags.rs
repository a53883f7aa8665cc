//! The five status flags the subset models, as bits of one byte, and their places in RFLAGS.
//! AF is never modelled: no supported live-out can observe it.

pub const CF: u8 = 1;
pub const PF: u8 = 2;
pub const ZF: u8 = 4;
pub const SF: u8 = 8;
pub const OF: u8 = 16;
pub const ALL: u8 = CF | PF | ZF | SF | OF;

/// Each modelled flag, its AT&T-ish name and its RFLAGS bit.
pub const TABLE: [(u8, &str, u32); 5] = [
    (CF, "cf", 0),
    (PF, "pf", 2),
    (ZF, "zf", 6),
    (SF, "sf", 7),
    (OF, "of", 11),
];

/// Modelled flags from a hardware RFLAGS value.
pub fn from_rflags(rflags: u64) -> u8 {
    TABLE
        .iter()
        .filter(|(_, _, bit)| rflags >> bit & 1 != 0)
        .fold(0, |acc, (f, _, _)| acc | f)
}

/// RFLAGS bits for modelled flags `f` (other bits zero).
pub fn to_rflags(f: u8) -> u64 {
    TABLE
        .iter()
        .filter(|(flag, _, _)| f & flag != 0)
        .fold(0, |acc, (_, _, bit)| acc | 1 << bit)
}

/// The flag named `name` (`cf`, `pf`, `zf`, `sf`, `of`).
pub fn parse(name: &str) -> Option<u8> {
    TABLE
        .iter()
        .find(|(_, n, _)| *n == name)
        .map(|(f, _, _)| *f)
}

/// Names of the flags in `f`, e.g. `cf zf`.
pub fn names(f: u8) -> Vec<&'static str> {
    TABLE
        .iter()
        .filter(|(flag, _, _)| f & flag != 0)
        .map(|(_, n, _)| *n)
        .collect()
}
