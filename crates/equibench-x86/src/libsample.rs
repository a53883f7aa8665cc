//! Opt-in real-code targets (`--x86-binaries`): straight-line blocks sampled from the `.text` of
//! ELF64 x86-64 shared libraries, as Koenig, Padon and Aiken (PLDI 2021) sampled "families" from
//! real libraries. `.text` is decoded with iced-x86; maximal runs of instructions that are all in
//! the supported subset (so no memory, not even stack slots, no control flow, no `%rsp`) are cut into blocks of at most
//! the window's length. def_in = the registers a block reads before writing them; live_out = the
//! register the block writes last (at the width of that write). Blocks that read flags before
//! writing them are skipped (their meaning would depend on code before the block).

use crate::corpus::{
    in_window, program_text, reads_before_writes, Origin, Target, TargetSet, MAX_LINES,
};
use crate::semantics::codec::from_iced;
use crate::semantics::insn::Insn;
use crate::semantics::locs::Locs;
use crate::semantics::reg::Width;
use crate::X86Error;
use equibench_core::pair::sha256_hex;
use iced_x86::{Decoder, DecoderOptions, FlowControl};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The `.text` section of an ELF64 little-endian x86-64 file: (virtual address, bytes).
pub fn text_section(bytes: &[u8]) -> Result<(u64, &[u8]), String> {
    let u16_at = |o: usize| -> Result<u16, String> {
        bytes
            .get(o..o + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or_else(|| "truncated ELF header".to_string())
    };
    let u32_at = |o: usize| -> Result<u32, String> {
        bytes
            .get(o..o + 4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
            .ok_or_else(|| "truncated ELF header".to_string())
    };
    let u64_at = |o: usize| -> Result<u64, String> {
        bytes
            .get(o..o + 8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
            .ok_or_else(|| "truncated ELF header".to_string())
    };
    if bytes.get(..4) != Some(b"\x7fELF".as_slice()) {
        return Err("not an ELF file".into());
    }
    if bytes.get(4) != Some(&2) || bytes.get(5) != Some(&1) {
        return Err("not a little-endian ELF64 file".into());
    }
    if u16_at(0x12)? != 62 {
        return Err("not an x86-64 ELF file".into());
    }
    let shoff = u64_at(0x28)? as usize;
    let shentsize = u16_at(0x3a)? as usize;
    let shnum = u16_at(0x3c)? as usize;
    let shstrndx = u16_at(0x3e)? as usize;
    if shentsize < 0x40 || shstrndx >= shnum {
        return Err("no section headers".into());
    }
    let section = |i: usize| -> Result<(u32, u64, u64, u64), String> {
        let base = shoff + i * shentsize;
        Ok((
            u32_at(base)?,
            u64_at(base + 0x10)?,
            u64_at(base + 0x18)?,
            u64_at(base + 0x20)?,
        ))
    };
    let (_, _, str_off, str_size) = section(shstrndx)?;
    let names = bytes
        .get(str_off as usize..(str_off + str_size) as usize)
        .ok_or("truncated section-name table")?;
    for i in 0..shnum {
        let (name, addr, off, size) = section(i)?;
        let name = names
            .get(name as usize..)
            .and_then(|s| s.split(|b| *b == 0).next())
            .unwrap_or(b"");
        if name == b".text" {
            let data = bytes
                .get(off as usize..(off + size) as usize)
                .ok_or("truncated .text")?;
            return Ok((addr, data));
        }
    }
    Err("no .text section".into())
}

/// Straight-line runs of subset instructions: (address of the first, byte length, program).
/// Runs longer than the window are cut into consecutive pieces.
pub fn straight_line_blocks(addr: u64, code: &[u8]) -> Vec<(u64, usize, Vec<Insn>)> {
    let max = MAX_LINES - 2;
    let mut out = Vec::new();
    let mut run: Vec<Insn> = Vec::new();
    let mut run_start = addr;
    let mut run_end = addr;
    let mut flush = |run: &mut Vec<Insn>, start: u64, end: u64| {
        if !run.is_empty() {
            out.push((start, (end - start) as usize, std::mem::take(run)));
        }
    };
    let mut dec = Decoder::with_ip(64, code, addr, DecoderOptions::NONE);
    while dec.can_decode() {
        let i = dec.decode();
        let ok = !i.is_invalid() && i.flow_control() == FlowControl::Next;
        // Blocks stay register-only: a stack slot, push or pop in the middle of a function
        // addresses a frame whose layout the block does not show.
        let insn =
            if ok { from_iced(&i).ok() } else { None }.filter(|x| !x.has_mem() && !x.is_stack_op());
        match insn {
            Some(insn) => {
                if run.is_empty() {
                    run_start = i.ip();
                }
                run.push(insn);
                run_end = i.next_ip();
                if run.len() == max {
                    flush(&mut run, run_start, run_end);
                }
            }
            None => flush(&mut run, run_start, run_end),
        }
    }
    flush(&mut run, run_start, run_end);
    out
}

/// STOKE's context for a sampled block, or why it has none.
pub fn block_context(program: &[Insn]) -> Result<(Locs, Locs), &'static str> {
    let (read, read_flags) = reads_before_writes(program);
    if read_flags != 0 {
        return Err("block-reads-flags");
    }
    let def_in = Locs {
        regs: read,
        ..Locs::default()
    };
    let mut last = None;
    for insn in program {
        let e = insn.effects();
        if let Some(n) = (0..16).rev().find(|n| e.writes[*n] != 0) {
            last = Some((n, e.writes[n]));
        }
    }
    let Some((n, bits)) = last else {
        return Err("block-writes-no-register");
    };
    // A 32-bit write zero-extends (all 64 bits written): the live-out is then the 32-bit name,
    // the bits the program computed.
    let bits = if bits == u64::MAX {
        let w32 = program
            .iter()
            .rev()
            .find(|insn| insn.effects().writes[n] != 0);
        match w32.map(|i| written_width(i, n as u8)) {
            Some(Some(Width::W32)) => 0xffff_ffff,
            _ => u64::MAX,
        }
    } else {
        bits
    };
    let mut live_out = Locs::default();
    live_out.regs[n] = bits;
    Ok((def_in, live_out))
}

/// The width of an instruction's explicit write to register `n` (if it names one).
fn written_width(insn: &Insn, n: u8) -> Option<Width> {
    let dst = match *insn {
        Insn::Mov { dst, .. }
        | Insn::Alu { dst, .. }
        | Insn::Unary { dst, .. }
        | Insn::Shift { dst, .. }
        | Insn::Setcc { dst, .. } => dst.reg()?,
        Insn::Movx { dst, .. }
        | Insn::Lea { dst, .. }
        | Insn::Andn { dst, .. }
        | Insn::Imul { dst, .. }
        | Insn::Bits { dst, .. }
        | Insn::Bswap { dst }
        | Insn::Cmov { dst, .. } => dst,
        _ => return None,
    };
    (dst.num == n).then_some(dst.width)
}

/// A label for a block: `libfoo_so_1a2b3c` (letters, digits and `_` only).
fn block_label(binary: &Path, address: u64) -> String {
    let stem: String = binary
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{stem}_{address:x}")
}

/// Targets from one binary (deduplicated by program text and context), with skip counts.
pub fn sample_binary(
    path: &Path,
    set: &mut TargetSet,
    seen: &mut BTreeSet<String>,
) -> Result<(), X86Error> {
    let bytes = std::fs::read(path).map_err(|source| X86Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    let sha = sha256_hex(&bytes);
    let (addr, text) =
        text_section(&bytes).map_err(|e| X86Error::Syntax(format!("{}: {e}", path.display())))?;
    let skip = |set: &mut TargetSet, r: &str| {
        *set.skipped.entry(format!("library-{r}")).or_default() += 1;
    };
    for (address, length, program) in straight_line_blocks(addr, text) {
        if !in_window(program.len()) {
            skip(set, "block-too-short");
            continue;
        }
        if !crate::semantics::native::cpu_supports_all(&program) {
            skip(set, "block-needs-cpu-extension");
            continue;
        }
        let (def_in, live_out) = match block_context(&program) {
            Ok(c) => c,
            Err(r) => {
                skip(set, r);
                continue;
            }
        };
        let round_trips =
            |l: &Locs| Locs::parse(&crate::corpus::locs_text(l)).ok().as_ref() == Some(l);
        if !round_trips(&def_in) || !round_trips(&live_out) {
            skip(set, "block-odd-register-mask");
            continue;
        }
        let key = format!(
            "{}{}{}",
            program_text("f", &program),
            crate::corpus::locs_text(&def_in),
            crate::corpus::locs_text(&live_out)
        );
        if !seen.insert(key) {
            skip(set, "block-duplicate");
            continue;
        }
        set.functions += 1;
        set.targets.push(Target {
            label: block_label(path, address),
            program,
            def_in,
            live_out,
            origin: Origin::Library {
                binary: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                binary_sha256: sha.clone(),
                address,
                length,
            },
        });
    }
    Ok(())
}

/// Targets from every binary, in the order given, once per process and list of paths.
pub fn targets(binaries: &[PathBuf]) -> Result<Arc<TargetSet>, X86Error> {
    static CACHE: OnceLock<Mutex<BTreeMap<Vec<PathBuf>, Arc<TargetSet>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut guard = cache
        .lock()
        .map_err(|_| X86Error::Internal("library cache poisoned".into()))?;
    if let Some(set) = guard.get(binaries) {
        return Ok(set.clone());
    }
    let mut set = TargetSet::default();
    let mut seen = BTreeSet::new();
    for b in binaries {
        sample_binary(b, &mut set, &mut seen)?;
    }
    let set = Arc::new(set);
    guard.insert(binaries.to_vec(), set.clone());
    Ok(set)
}
