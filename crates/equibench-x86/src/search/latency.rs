//! The performance term of the cost: a per-opcode latency table in cycles, summed over the
//! program like STOKE's default (latency, not throughput, because a rewrite of a dependent chain
//! is what the search is after). Figures are typical of recent Intel/AMD cores (Agner Fog's tables,
//! rounded); only their ordering matters to the search.

use crate::semantics::insn::{Count, Insn};
use crate::semantics::reg::Width;

/// Cycles one instruction costs: its operation, plus a load's latency when it reads a stack slot
/// (store-to-load forwarding makes a spill and its reload cost about this much) and one cycle more
/// when it also writes one back.
pub fn latency(insn: &Insn) -> u32 {
    let op = match *insn {
        Insn::Mov { .. } | Insn::Movx { .. } | Insn::Extend(_) => 1,
        Insn::Lea { addr, .. } => {
            // Three-component addresses (base + index + displacement) take the slow LEA unit.
            if addr.base.is_some() && addr.index.is_some() && addr.disp != 0 {
                3
            } else {
                1
            }
        }
        Insn::Alu { .. } | Insn::Unary { .. } | Insn::Andn { .. } | Insn::Setcc { .. } => 1,
        Insn::Cmov { .. } | Insn::Bt { .. } => 1,
        Insn::Shift { count, .. } => match count {
            Count::Cl => 2,
            Count::Imm(_) => 1,
        },
        Insn::MulWide { src, .. } => {
            if src.width() == Width::W8 {
                3
            } else {
                4
            }
        }
        Insn::Imul { .. } => 3,
        Insn::Div { src, .. } => match src.width() {
            Width::W64 => 40,
            Width::W32 => 26,
            _ => 23,
        },
        Insn::Bits { .. } => 3,
        Insn::Bswap { dst } => {
            if dst.width == Width::W64 {
                2
            } else {
                1
            }
        }
        Insn::Xchg { .. } => 2,
        Insn::Push(_) | Insn::FramePointer | Insn::AdjustRsp(_) => 1,
        Insn::Pop(_) => LOAD,
        Insn::Leave => LOAD + 1,
    };
    if !insn.has_mem() {
        return op;
    }
    let mem = match insn.effects().mem {
        Some(a) if a.read && a.write => LOAD + 1,
        Some(a) if a.read => LOAD,
        _ => 0,
    };
    op + mem
}

/// Load-to-use latency of a stack slot.
const LOAD: u32 = 4;

/// Cycles of a whole program.
pub fn program_latency(program: &[Insn]) -> u64 {
    program.iter().map(|i| latency(i) as u64).sum()
}
