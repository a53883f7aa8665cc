//! Random well-typed functions from wasm-smith, for variety beside clang's code: wasm-smith is
//! configured to stay near the subset (integers only, no memory, no SIMD, no reference types, no
//! tables, no imports, one small function of a seeded signature with one result), and what it
//! still makes outside the subset (a loop, a call, `memory.grow`, ...) is dropped and counted.
//! The functions are a fixed list (seeded by their index, not by the build's seed), so every
//! block of every build sees the same ones, as it sees the same C corpus.

use crate::compile;
use crate::ir::{Func, Op};
use crate::parse;
use equibench_core::seed::rng;
use rand::RngCore;
use std::collections::BTreeMap;
use std::path::Path;

/// How many wasm-smith modules are drawn (each gives at most one function).
pub const FUNCTIONS: u64 = 400;

/// Random bytes wasm-smith reads per module: enough for functions of [`MAX_INSTRUCTIONS`].
const ENTROPY_BYTES: usize = 4096;

/// Small: wasm-smith cannot be told to leave out `loop` (it is in the control kind with `block`),
/// and the more instructions, the likelier a loop (at 40, four draws in five had one).
const MAX_INSTRUCTIONS: usize = 16;

/// The root of the functions' seeds; a constant, so the list is part of the category.
const SEED: u64 = 0x5757_4153_4d53_4d49;

/// The subset's features and nothing else. Memory instructions are left out: wasm-smith mixes
/// `memory.size` (outside the subset) into nearly every function that may touch memory.
fn config() -> wasm_smith::Config {
    use wasm_smith::InstructionKind as K;
    wasm_smith::Config {
        min_funcs: 0,
        max_funcs: 0,
        max_imports: 0,
        max_globals: 0,
        max_tables: 0,
        max_tags: 0,
        max_element_segments: 0,
        max_data_segments: 0,
        min_memories: 0,
        max_memories: 0,
        memory64_enabled: false,
        max_types: 4,
        max_type_size: 8,
        max_instructions: MAX_INSTRUCTIONS,
        max_nesting_depth: 4,
        export_everything: true,
        allow_start_export: false,
        allow_floats: false,
        simd_enabled: false,
        relaxed_simd_enabled: false,
        reference_types_enabled: false,
        gc_enabled: false,
        bulk_memory_enabled: false,
        multi_value_enabled: false,
        saturating_float_to_int_enabled: false,
        sign_extension_ops_enabled: true,
        tail_call_enabled: false,
        threads_enabled: false,
        exceptions_enabled: false,
        custom_page_sizes_enabled: false,
        extended_const_enabled: false,
        wide_arithmetic_enabled: false,
        generate_custom_sections: false,
        allowed_instructions: wasm_smith::InstructionKinds::new(&[
            K::NumericInt,
            K::Parametric,
            K::Variable,
            K::Control,
        ]),
        ..wasm_smith::Config::default()
    }
}

/// A module exporting one function "f" of a seeded signature (one to three i32/i64 parameters,
/// one i32/i64 result): wasm-smith's `exports` option then makes exactly that function, so every
/// draw gives one function with a result to compare.
fn signature(r: &mut equibench_core::seed::Rng) -> Vec<u8> {
    use rand::Rng;
    use wasm_encoder::{
        CodeSection, ExportKind, ExportSection, Function, FunctionSection, Instruction, Module,
        TypeSection, ValType,
    };
    let n = 1 + r.gen_range(0..3);
    let params: Vec<ValType> = (0..n)
        .map(|_| {
            if r.gen::<bool>() {
                ValType::I32
            } else {
                ValType::I64
            }
        })
        .collect();
    let result = if r.gen::<bool>() {
        ValType::I32
    } else {
        ValType::I64
    };
    let mut m = Module::new();
    let mut types = TypeSection::new();
    types.ty().function(params, [result]);
    m.section(&types);
    let mut funcs = FunctionSection::new();
    funcs.function(0);
    m.section(&funcs);
    let mut exports = ExportSection::new();
    exports.export("f", ExportKind::Func, 0);
    m.section(&exports);
    let mut code = CodeSection::new();
    let mut body = Function::new([]);
    body.instruction(&Instruction::Unreachable);
    body.instruction(&Instruction::End);
    code.function(&body);
    m.section(&code);
    m.finish()
}

/// Function number `index` of the list, or why it is not one of the subset's (a counted reason).
pub fn function(index: u64) -> Result<Func, &'static str> {
    let mut r = rng(SEED, &["wasm-smith", &index.to_string()]);
    let mut bytes = vec![0u8; ENTROPY_BYTES];
    r.fill_bytes(&mut bytes);
    let mut u = arbitrary::Unstructured::new(&bytes);
    let mut c = config();
    c.exports = Some(signature(&mut r));
    let module = wasm_smith::Module::new(c, &mut u).map_err(|_| "smith-no-module")?;
    let parsed = parse::parse_module(&module.to_bytes()).map_err(|_| "smith-invalid")?;
    let f = parsed
        .into_iter()
        .find(|p| p.name == "f")
        .ok_or("smith-no-function")?
        .func
        .map_err(|_| "smith-outside-subset")?;
    if !f.is_loop_free() {
        return Err("smith-loop");
    }
    let mut f = f;
    strip_unreachable_code(&mut f.body);
    // A block that ends in a branch or a trap without its result on the stack is valid wasm
    // but beyond the encoder, which follows the stack.
    let mut e = crate::smt::Encoder::new("x_");
    let inputs = e.inputs(&f);
    if e.function(&f, &inputs).is_err() {
        return Err("smith-not-encodable");
    }
    Ok(f)
}

/// `f` optimised by wasm-opt with `args`, read back; `Err` names a counted reason.
pub fn optimised(wasm_opt: &Path, f: &Func, args: &[&str]) -> Result<Func, String> {
    let inits: Vec<crate::interp::Val> = f
        .globals
        .iter()
        .map(|&t| crate::interp::Val::zero(t))
        .collect();
    let g = compile::optimise_function(wasm_opt, f, &inits, args)?
        .map_err(|_| "wasm-opt-outside-subset".to_string())?;
    if !g.is_loop_free() {
        return Err("wasm-opt-loop".into());
    }
    Ok(g)
}

/// Draws after the list's, reserved for the few-shot exemplars (issue 36): exemplar builds take
/// their wasm-smith functions from indices `FUNCTIONS..FUNCTIONS + EXEMPLAR_FUNCTIONS` only,
/// benchmark builds never do (one in five or so draws is kept, so this gives a handful).
pub const EXEMPLAR_FUNCTIONS: u64 = 40;

/// Every function of the list in the subset, with the indices of the ones dropped counted by
/// reason.
pub fn functions() -> (Vec<(u64, Func)>, BTreeMap<String, u64>) {
    draw(0..FUNCTIONS)
}

/// The functions reserved for exemplars, in the subset, without any that is also a function of
/// the list (`smith-same-as-benchmark`: small draws can repeat), so an exemplar never shows one
/// of the benchmark's functions.
pub fn exemplar_functions() -> (Vec<(u64, Func)>, BTreeMap<String, u64>) {
    let (benchmark, _) = functions();
    let (mut kept, mut dropped) = draw(FUNCTIONS..FUNCTIONS + EXEMPLAR_FUNCTIONS);
    let before = kept.len();
    kept.retain(|(_, f)| benchmark.iter().all(|(_, g)| g != f));
    if kept.len() < before {
        dropped.insert(
            "smith-same-as-benchmark".into(),
            (before - kept.len()) as u64,
        );
    }
    (kept, dropped)
}

fn draw(indices: std::ops::Range<u64>) -> (Vec<(u64, Func)>, BTreeMap<String, u64>) {
    let mut kept = Vec::new();
    let mut dropped: BTreeMap<String, u64> = BTreeMap::new();
    for i in indices {
        match function(i) {
            Ok(f) => kept.push((i, f)),
            Err(why) => *dropped.entry(why.to_string()).or_default() += 1,
        }
    }
    (kept, dropped)
}

/// Drops the code after a `br`, `br_table`, `return` or `unreachable` up to the end of its
/// block: it never runs, and there the stack is polymorphic (an instruction may pop values that
/// were never pushed), which the SMT encoder, following the stack, does not model. wasm-smith
/// writes such code often; the function's behaviour is unchanged and still valid.
fn strip_unreachable_code(body: &mut Vec<Op>) {
    if let Some(end) = body.iter().position(|op| {
        matches!(
            op,
            Op::Br(_) | Op::BrTable(..) | Op::Return | Op::Unreachable
        )
    }) {
        body.truncate(end + 1);
    }
    for op in body.iter_mut() {
        match op {
            Op::Block(_, b) | Op::Loop(_, b) => strip_unreachable_code(b),
            Op::If(_, t, e) => {
                strip_unreachable_code(t);
                strip_unreachable_code(e);
            }
            _ => {}
        }
    }
}
