//! Checks on the program text of a pair: the CUDA kernels TVM generated, with its portability
//! preamble stripped (the worker strips it; this module makes sure it is gone), within EquiBench's
//! size range, with a launch header that agrees with the launches the worker reported, and a normal
//! form used to tell two schedules' kernels apart.
//!
//! The header (written by the worker) is the program's host side as comments: one
//! `//   float NAME[d0][d1]...;  // ROLE` line per buffer the kernels take, then one
//! `//   KERNEL<<<dim3(gx, gy, gz), dim3(bx, by, bz)>>>(ARGS);` line per launch, in launch order.

use equibench_core::pair::count_lines;
use serde::{Deserialize, Serialize};

/// EquiBench's CUDA programs have 46 to 1733 lines.
pub const MIN_LINES: u64 = 46;
pub const MAX_LINES: u64 = 1733;

/// Lines that only TVM's portability preamble contains.
const PREAMBLE_MARKERS: &[&str] = &["__CUDACC_RTC__", "TVM_ENABLE_L2_PREFETCH", "#define ushort"];

/// Grid and block extents of one kernel launch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Launch {
    pub grid: [u64; 3],
    pub block: [u64; 3],
}

/// One kernel definition found in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelDef {
    pub name: String,
    /// `__launch_bounds__(n)` when present.
    pub launch_bounds: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    #[error("{0} lines, outside {MIN_LINES}-{MAX_LINES}")]
    OutOfRange(u64),
    #[error("TVM's portability preamble is still present")]
    Preamble,
    #[error("no __global__ kernel definition")]
    NoKernel,
    #[error("{defs} kernel definitions but {launches} launch configurations")]
    LaunchCount { defs: usize, launches: usize },
    #[error("the launch header does not match the kernels and their launch configurations")]
    Header,
    #[error("kernel {name} has __launch_bounds__({bounds}) but is launched with {threads} threads per block")]
    LaunchBounds {
        name: String,
        bounds: u64,
        threads: u64,
    },
}

impl KernelError {
    pub fn reason(&self) -> &'static str {
        match self {
            KernelError::OutOfRange(_) => "kernel-out-of-range",
            KernelError::Preamble => "preamble-not-stripped",
            KernelError::NoKernel => "no-kernel",
            KernelError::LaunchCount { .. } | KernelError::LaunchBounds { .. } => "launch-mismatch",
            KernelError::Header => "launch-header-mismatch",
        }
    }
}

/// Kernel definitions (not forward declarations), in text order.
pub fn kernel_defs(text: &str) -> Vec<KernelDef> {
    text.lines()
        .filter(|l| l.contains("__global__") && l.trim_end().ends_with('{'))
        .filter_map(|l| {
            let before_paren = &l[..l.find('(')?];
            let bounds = l
                .split("__launch_bounds__(")
                .nth(1)
                .and_then(|rest| rest.split(')').next().and_then(|n| n.trim().parse().ok()));
            let head = match l.find("__launch_bounds__(") {
                Some(at) => {
                    let after = &l[at..];
                    let close = after.find(')')?;
                    &after[close + 1..]
                }
                None => before_paren,
            };
            let name = head
                .split('(')
                .next()?
                .split_whitespace()
                .last()?
                .to_string();
            Some(KernelDef {
                name,
                launch_bounds: bounds,
            })
        })
        .collect()
}

/// The launches the header comment states: kernel name and configuration, in launch order.
pub fn header_launches(text: &str) -> Vec<(String, Launch)> {
    fn dims(s: &str) -> Option<[u64; 3]> {
        let inner = s.trim().strip_prefix("dim3(")?.strip_suffix(')')?;
        let v: Vec<u64> = inner
            .split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        v.try_into().ok()
    }
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .filter_map(|l| {
            let call = l.strip_prefix("//")?.trim();
            let (name, rest) = call.split_once("<<<")?;
            let (config, _) = rest.split_once(">>>")?;
            let (grid, block) = config.split_once("), ")?;
            Some((
                name.to_string(),
                Launch {
                    grid: dims(&format!("{grid})"))?,
                    block: dims(block)?,
                },
            ))
        })
        .collect()
}

/// Everything a pair's program must satisfy, given the launch configurations the worker reported.
pub fn check(text: &str, launches: &[Launch]) -> Result<Vec<KernelDef>, KernelError> {
    if PREAMBLE_MARKERS.iter().any(|m| text.contains(m)) {
        return Err(KernelError::Preamble);
    }
    let lines = count_lines(text);
    if !(MIN_LINES..=MAX_LINES).contains(&lines) {
        return Err(KernelError::OutOfRange(lines));
    }
    let defs = kernel_defs(text);
    if defs.is_empty() {
        return Err(KernelError::NoKernel);
    }
    if defs.len() != launches.len() {
        return Err(KernelError::LaunchCount {
            defs: defs.len(),
            launches: launches.len(),
        });
    }
    let header = header_launches(text);
    if header.len() != defs.len()
        || header
            .iter()
            .zip(defs.iter().zip(launches))
            .any(|((hn, hl), (d, l))| hn != &d.name || hl != l)
    {
        return Err(KernelError::Header);
    }
    for (d, l) in defs.iter().zip(launches) {
        let threads: u64 = l.block.iter().product();
        if let Some(bounds) = d.launch_bounds {
            if bounds != threads {
                return Err(KernelError::LaunchBounds {
                    name: d.name.clone(),
                    bounds,
                    threads,
                });
            }
        }
    }
    Ok(defs)
}

/// The normal form two schedules' kernels are compared in: comments dropped (TVM annotates float
/// constants with `/*...*/`), whitespace runs collapsed.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        match rest[start + 2..].find("*/") {
            Some(end) => rest = &rest[start + 2 + end + 2..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let no_line_comments: Vec<&str> = out
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    no_line_comments
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Functions a program calls that say what it computes (`expf`, `max`, `tanhf`, ...): every called
/// identifier except the ones a schedule chooses (barriers, warp shuffles, async copies, vector
/// constructors, the kernels themselves) and C keywords. Two schedules of one computation call the
/// same ones; two computations often do not, which a reader can see without reading for meaning.
pub fn math_functions(text: &str) -> std::collections::BTreeSet<String> {
    const SCHEDULE: &[&str] = &[
        "__syncthreads",
        "__syncwarp",
        "__activemask",
        "__launch_bounds__",
        "alignas",
        "volatile",
        "dim3",
        "sizeof",
        "if",
        "for",
        "while",
        "return",
        "switch",
    ];
    const SCHEDULE_PREFIXES: &[&str] = &["__shfl", "tvm_builtin", "make_", "main_kernel"];
    let bytes = text.as_bytes();
    let mut found = std::collections::BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !(c.is_ascii_alphabetic() || c == b'_') || (i > 0 && is_ident(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_ident(bytes[i]) {
            i += 1;
        }
        let mut j = i;
        while j < bytes.len() && bytes[j] == b' ' {
            j += 1;
        }
        let name = &text[start..i];
        if bytes.get(j) == Some(&b'(')
            && !SCHEDULE.contains(&name)
            && !SCHEDULE_PREFIXES.iter().any(|p| name.starts_with(p))
        {
            found.insert(name.to_string());
        }
    }
    found
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The `context` entry for one program: each kernel's name with its launch configuration.
pub fn launch_context(defs: &[KernelDef], launches: &[Launch]) -> serde_json::Value {
    serde_json::Value::Array(
        defs.iter()
            .zip(launches)
            .map(|(d, l)| serde_json::json!({"kernel": d.name, "grid": l.grid, "block": l.block}))
            .collect(),
    )
}
