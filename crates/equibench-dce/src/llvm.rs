//! Static classification: which markers LLVM 19 proves unreachable, and at which level.
//!
//! The IR comes from `clang -O2 -Xclang -disable-llvm-passes` (not -O0, whose `optnone` would stop
//! every pass); the `default<O1>`, `default<O2>` and `default<O3>` pipelines run in-process through
//! inkwell on fresh copies of it. A marker whose call is gone after a pipeline was proved dead by it.
//! Unrolling and inlining may copy a call: the marker is alive while any copy remains.

use crate::markers::MARKER_PREFIX;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::OptimizationLevel;
use std::collections::BTreeSet;
use std::sync::Once;

/// The levels tried, lowest first.
pub const LEVELS: [Level; 3] = [Level::O1, Level::O2, Level::O3];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Not even in the unoptimised IR: clang's front end folded the block away.
    FrontEnd,
    O1,
    O2,
    O3,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::FrontEnd => "frontend",
            Level::O1 => "O1",
            Level::O2 => "O2",
            Level::O3 => "O3",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        [Level::FrontEnd, Level::O1, Level::O2, Level::O3]
            .into_iter()
            .find(|l| l.as_str() == s)
    }

    /// The `opt` pass pipeline of the level (empty for the front end's IR).
    pub fn pipeline(self) -> &'static str {
        match self {
            Level::FrontEnd => "",
            Level::O1 => "default<O1>",
            Level::O2 => "default<O2>",
            Level::O3 => "default<O3>",
        }
    }
}

/// The LLVM version inkwell is linked against, e.g. `19.1.7`.
pub fn llvm_version() -> String {
    let (a, b, c) = inkwell::support::get_llvm_version();
    format!("{a}.{b}.{c}")
}

#[derive(Debug, thiserror::Error)]
pub enum LlvmError {
    #[error("LLVM could not parse the IR: {0}")]
    Parse(String),
    #[error("no LLVM target for this host: {0}")]
    Target(String),
    #[error("the {0} pipeline failed: {1}")]
    Pipeline(&'static str, String),
}

/// Which markers survive each stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    /// Markers called in the unoptimised IR.
    pub in_frontend_ir: BTreeSet<usize>,
    /// Markers still called after `default<O1>`, `<O2>`, `<O3>` (in [`LEVELS`] order).
    pub surviving: [BTreeSet<usize>; 3],
}

impl Classification {
    /// Whether the marker is gone after `level` (the front end counts as gone from the start).
    pub fn eliminated_at(&self, id: usize, level: Level) -> bool {
        match level {
            Level::FrontEnd => !self.in_frontend_ir.contains(&id),
            l => {
                let i = LEVELS.iter().position(|x| *x == l).unwrap_or(0);
                !self.in_frontend_ir.contains(&id) || !self.surviving[i].contains(&id)
            }
        }
    }

    /// The lowest level at which the marker is gone, or None if it survives all of them.
    pub fn lowest_level(&self, id: usize) -> Option<Level> {
        [Level::FrontEnd, Level::O1, Level::O2, Level::O3]
            .into_iter()
            .find(|l| self.eliminated_at(id, *l))
    }
}

/// Marker ids called anywhere in printed IR (declarations do not count).
pub fn called_markers(ir: &str) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    let needle = format!("@{MARKER_PREFIX}");
    for line in ir.lines() {
        if line.starts_with("declare") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find(&needle) {
            let after = &rest[at + needle.len()..];
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(id) = digits.parse() {
                if after[digits.len()..].starts_with('_') {
                    out.insert(id);
                }
            }
            rest = after;
        }
    }
    out
}

/// The target machine the pipelines run for: the host's triple, x86-64 as the CPU.
pub fn target_machine() -> Result<TargetMachine, LlvmError> {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let _ = Target::initialize_native(&InitializationConfig::default());
    });
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| LlvmError::Target(e.to_string()))?;
    target
        .create_target_machine(
            &triple,
            "x86-64",
            "",
            OptimizationLevel::Default,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| LlvmError::Target("create_target_machine returned nothing".into()))
}

/// Run the pipelines over `ir` (textual IR of the instrumented program). The IR is parsed once
/// and each pipeline runs on a clone of that module (a clone is the parsed module, so each level
/// still starts from the same unoptimised IR; parsing the text three times was a third of this).
pub fn classify(ir: &str) -> Result<Classification, LlvmError> {
    let machine = target_machine()?;
    let in_frontend_ir = called_markers(ir);
    let mut surviving: [BTreeSet<usize>; 3] = Default::default();
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "dce.ll");
    let parsed = context
        .create_module_from_ir(buffer)
        .map_err(|e| LlvmError::Parse(e.to_string()))?;
    for (slot, level) in surviving.iter_mut().zip(LEVELS) {
        let module = parsed.clone();
        module
            .run_passes(level.pipeline(), &machine, PassBuilderOptions::create())
            .map_err(|e| LlvmError::Pipeline(level.pipeline(), e.to_string()))?;
        *slot = called_markers(&module.print_to_string().to_string());
    }
    Ok(Classification {
        in_frontend_ir,
        surviving,
    })
}
