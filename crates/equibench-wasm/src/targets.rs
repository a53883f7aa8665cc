//! The category's targets: one C function of the corpus at two optimisation levels whose printed
//! modules differ. Both labels are made from the same targets (the equivalent pair is the two
//! levels as compiled, the inequivalent one the same two with one side mutated), so which
//! function or which levels a pair shows says nothing about its label.

use crate::compile::Toolchain;
use crate::corpus::{self, CorpusError};
use crate::interp::Val;
use crate::ir::{Func, ValType, MEMORY_BYTES};
use crate::smt::Encoder;
use std::collections::BTreeMap;
use std::path::Path;

/// Where clang's stack pointer (the only global clang's code uses) starts: the top of the one
/// page of memory, as a linked module initialises it to the top of its stack region.
pub const STACK_TOP: u32 = MEMORY_BYTES as u32;

/// One function at two levels, both in the subset, loop-free and sharing one globals list.
#[derive(Debug, Clone)]
pub struct Target {
    pub file: String,
    pub function: String,
    pub levels: [&'static str; 2],
    pub funcs: [Func; 2],
    /// The globals' initial values (the stack pointer at [`STACK_TOP`]).
    pub inits: Vec<Val>,
}

impl Target {
    pub fn label(&self) -> String {
        format!(
            "{}:{} {} vs {}",
            self.file, self.function, self.levels[0], self.levels[1]
        )
    }
}

/// The targets of the corpus in a fixed order, and the functions skipped, counted by reason.
#[derive(Debug, Default)]
pub struct Targets {
    pub targets: Vec<Target>,
    pub skipped: BTreeMap<String, u64>,
}

/// The globals two functions can share: the longer list when the shorter is a prefix of it
/// (clang's code uses the stack pointer or nothing).
fn shared_globals(a: &[ValType], b: &[ValType]) -> Option<Vec<ValType>> {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    (long[..short.len()] == *short).then(|| long.to_vec())
}

/// Compile every `.c` file of `dir` at every level and pair the levels of each function.
pub fn collect(tc: &Toolchain, dir: &Path) -> Result<Targets, CorpusError> {
    let corpus = corpus::compile_dir(tc, dir)?;
    let mut out = Targets::default();
    out.skipped = corpus.optimiser_failures;
    let all = corpus.functions;
    let mut skip = |why: &str| *out.skipped.entry(why.to_string()).or_default() += 1;
    let mut by_fn: BTreeMap<(String, String), Vec<(&'static str, Func)>> = BTreeMap::new();
    for c in all {
        let f = match c.func {
            Err(_) => {
                skip("outside-subset");
                continue;
            }
            Ok(f) if !f.is_loop_free() => {
                skip("loop");
                continue;
            }
            Ok(f) if f.globals.iter().any(|&t| t != ValType::I32) || f.globals.len() > 1 => {
                skip("globals-besides-stack-pointer");
                continue;
            }
            Ok(f) => f,
        };
        by_fn
            .entry((c.file.clone(), c.name.clone()))
            .or_default()
            .push((c.opt, f));
    }
    let mut targets = Vec::new();
    for ((file, function), levels) in by_fn {
        for i in 0..levels.len() {
            for j in i + 1..levels.len() {
                let (la, fa) = &levels[i];
                let (lb, fb) = &levels[j];
                let Some(globals) = shared_globals(&fa.globals, &fb.globals) else {
                    skip("globals-differ");
                    continue;
                };
                let (mut fa, mut fb) = (fa.clone(), fb.clone());
                fa.globals = globals.clone();
                fb.globals = globals.clone();
                if fa == fb {
                    skip("same-code");
                    continue;
                }
                let encodable = [&fa, &fb].iter().all(|f| {
                    let mut e = Encoder::new("x_");
                    let inputs = e.inputs(f);
                    e.function(f, &inputs).is_ok()
                });
                if !encodable {
                    skip("not-encodable");
                    continue;
                }
                let inits = globals
                    .iter()
                    .map(|_| Val::I32(STACK_TOP))
                    .collect::<Vec<_>>();
                targets.push(Target {
                    file: file.clone(),
                    function: function.clone(),
                    levels: [la, lb],
                    funcs: [fa, fb],
                    inits,
                });
            }
        }
    }
    out.targets = targets;
    Ok(out)
}
