//! The category's targets: one C function of the corpus at two optimisation levels whose printed
//! modules differ. Both labels are made from the same targets (the equivalent pair is the two
//! levels as compiled, the inequivalent one the same two with one side mutated), so which
//! function or which levels a pair shows says nothing about its label.
//!
//! Exemplar builds draw from sources no benchmark build uses ([`Draw`]): the C functions of the
//! corpus's `exemplars/` folder and the wasm-smith draws after the list's.

use crate::compile::Toolchain;
use crate::corpus::{self, CorpusError, STACK_TOP};
use crate::interp::Val;
use crate::ir::{Func, ValType};
use crate::smt::Encoder;
use equibench_core::seed::EXEMPLAR_SOURCES;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Which sources a build draws its targets from (issue 36). The corpus and the wasm-smith list
/// are finite and a large build visits most of them, so exemplars drawn from them could show a
/// model a program of the benchmark: exemplar builds (a seed in
/// `equibench_core::seed::EXEMPLAR_SEEDS`) draw only from reserved sources (the `.c` files of the
/// corpus's `exemplars/` folder and the wasm-smith draws after the list's,
/// [`crate::smith::exemplar_functions`], less any target with a program of a benchmark target:
/// `code-in-benchmark`), which benchmark builds never read.
pub use equibench_core::seed::Draw;

/// Where a target's function comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A function of the C corpus.
    C { file: String, function: String },
    /// Function number `index` of [`crate::smith`]'s list.
    Smith { index: u64 },
}

/// One function in two versions (levels), both in the subset, loop-free and sharing one globals
/// list.
#[derive(Debug, Clone)]
pub struct Target {
    pub origin: Origin,
    pub levels: [&'static str; 2],
    pub funcs: [Func; 2],
    /// The globals' initial values (the stack pointer at [`STACK_TOP`]).
    pub inits: Vec<Val>,
}

impl Target {
    pub fn label(&self) -> String {
        let what = match &self.origin {
            Origin::C { file, function } => format!("{file}:{function}"),
            Origin::Smith { index } => format!("wasm-smith #{index}"),
        };
        format!("{what} {} vs {}", self.levels[0], self.levels[1])
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

/// The targets of `draw`: every `.c` file of the corpus folder `dir` (or of its `exemplars/`
/// folder) compiled in every variant, the variants of each function paired; then the wasm-smith
/// functions of the draw, each against its wasm-opt versions.
pub fn collect(tc: &Toolchain, dir: &Path, draw: Draw) -> Result<Targets, CorpusError> {
    match draw {
        Draw::Benchmark => collect_from(tc, dir, "", crate::smith::functions()),
        Draw::Exemplars => {
            let benchmark = collect_from(tc, dir, "", crate::smith::functions())?;
            exemplars_beside(tc, dir, &benchmark)
        }
    }
}

/// The exemplar draw's targets, less any that shows a program of `benchmark` (the benchmark
/// draw's targets).
pub fn exemplars_beside(
    tc: &Toolchain,
    dir: &Path,
    benchmark: &Targets,
) -> Result<Targets, CorpusError> {
    let mut reserved = collect_from(
        tc,
        &dir.join(EXEMPLAR_SOURCES),
        &Draw::Exemplars.prefix(),
        crate::smith::exemplar_functions(),
    )?;
    let taken: BTreeSet<String> = benchmark.targets.iter().flat_map(programs).collect();
    let before = reserved.targets.len();
    reserved
        .targets
        .retain(|t| programs(t).iter().all(|p| !taken.contains(p)));
    let dropped = (before - reserved.targets.len()) as u64;
    if dropped > 0 {
        *reserved
            .skipped
            .entry("code-in-benchmark".into())
            .or_default() += dropped;
    }
    Ok(reserved)
}

/// The two programs of a target as a pair shows them (the printed modules; a function that
/// cannot be printed gives nothing to compare and cannot become a pair either).
pub fn programs(t: &Target) -> Vec<String> {
    t.funcs
        .iter()
        .filter_map(|f| crate::wat::print_with_globals(f, &t.inits).ok())
        .collect()
}

/// The targets of the `.c` files of `dir` (their names recorded under `prefix`) and of the
/// wasm-smith functions `smith` (kept, dropped by reason).
fn collect_from(
    tc: &Toolchain,
    dir: &Path,
    prefix: &str,
    smith: SmithFunctions,
) -> Result<Targets, CorpusError> {
    let mut corpus = corpus::compile_dir(tc, dir)?;
    for c in &mut corpus.functions {
        c.file = format!("{prefix}{}", c.file);
    }
    let mut skipped = corpus.optimiser_failures;
    let mut targets = Vec::new();
    let all = corpus.functions;
    let mut skip = |why: &str| *skipped.entry(why.to_string()).or_default() += 1;
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
    for ((file, function), levels) in by_fn {
        for i in 0..levels.len() {
            for j in i + 1..levels.len() {
                let origin = Origin::C {
                    file: file.clone(),
                    function: function.clone(),
                };
                let (a, b) = (&levels[i], &levels[j]);
                match pair_up(origin, [a.0, b.0], &a.1, &b.1, Val::I32(STACK_TOP)) {
                    Ok(t) => targets.push(t),
                    Err(why) => skip(why),
                }
            }
        }
    }
    let mut out = Targets { targets, skipped };
    add_smith_functions(&tc.wasm_opt, smith, &mut out);
    Ok(out)
}

/// Two versions of one function as a target: `Err` names why they are not one (counted).
fn pair_up(
    origin: Origin,
    levels: [&'static str; 2],
    fa: &Func,
    fb: &Func,
    global_init: Val,
) -> Result<Target, &'static str> {
    let globals = shared_globals(&fa.globals, &fb.globals).ok_or("globals-differ")?;
    let (mut fa, mut fb) = (fa.clone(), fb.clone());
    fa.globals = globals.clone();
    fb.globals = globals.clone();
    if fa == fb {
        return Err("same-code");
    }
    let encodable = [&fa, &fb].iter().all(|f| {
        let mut e = Encoder::new("x_");
        let inputs = e.inputs(f);
        e.function(f, &inputs).is_ok()
    });
    if !encodable {
        return Err("not-encodable");
    }
    let inits = globals
        .iter()
        .map(|&t| match (t, global_init) {
            (ValType::I32, v @ Val::I32(_)) => v,
            _ => Val::zero(t),
        })
        .collect();
    Ok(Target {
        origin,
        levels,
        funcs: [fa, fb],
        inits,
    })
}

/// The wasm-opt pipelines a wasm-smith function is optimised by, each giving one target (the
/// function as drawn vs its optimised version).
const SMITH_PIPELINES: [(&str, &[&str]); 3] = [
    ("wasm-smith + wasm-opt -O1", &["-O1"]),
    ("wasm-smith + wasm-opt -O3", &["-O3"]),
    (
        "wasm-smith + wasm-opt --flatten --simplify-locals --vacuum",
        &["--flatten", "--simplify-locals", "--vacuum"],
    ),
];

/// wasm-smith functions by index, and the draws dropped, counted by reason.
type SmithFunctions = (Vec<(u64, Func)>, BTreeMap<String, u64>);

/// Targets from [`crate::smith`]'s list: each function as drawn against each of its wasm-opt
/// versions. Its globals (wasm-smith's own) start at zero, as its module initialises them.
pub fn add_smith_targets(wasm_opt: &Path, out: &mut Targets) {
    add_smith_functions(wasm_opt, crate::smith::functions(), out)
}

fn add_smith_functions(wasm_opt: &Path, (kept, dropped): SmithFunctions, out: &mut Targets) {
    for (why, n) in dropped {
        *out.skipped.entry(why).or_default() += n;
    }
    for (index, f) in kept {
        for (name, args) in SMITH_PIPELINES {
            let made = crate::smith::optimised(wasm_opt, &f, args).and_then(|g| {
                pair_up(
                    Origin::Smith { index },
                    ["wasm-smith", name],
                    &f,
                    &g,
                    Val::I32(0),
                )
                .map_err(str::to_string)
            });
            match made {
                Ok(t) => out.targets.push(t),
                Err(why) => *out.skipped.entry(why).or_default() += 1,
            }
        }
    }
}
