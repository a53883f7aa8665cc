//! The evidence and source a DCE pair records, as typed records: written by [`crate::pairs`], read
//! back by [`crate::audit`] and [`crate::rationale`]. One definition for both sides, so a key
//! renamed on one side is a parse error at audit time instead of a silently skipped check. Every
//! record denies unknown keys; the one key that may be absent (`original`, which records made
//! before the random program order lack) says so.
//!
//! The evidence `kind` is the pair's [`Tier`](crate::pairs::Tier) (`Tier::as_str`); it lives in
//! the core's envelope, [`equibench_core::evidence::Evidence`], not in these records.

use equibench_core::pair::Side;
use serde::{Deserialize, Serialize};

/// `kind` of the source of every DCE pair.
pub const SOURCE_KIND: &str = "csmith";

/// Why the label holds: the block the edit touched, what LLVM and a run say of it, and both
/// programs' stdout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockEvidence {
    /// Which program is CSmith's (the original; the other is the edited one); absent from records
    /// made before either side could be, which read as `program_1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<Side>,
    /// The block's marker among the original's markers, in instrumentation order.
    pub marker_id: usize,
    /// `then-branch`, `else-branch`, ... ([`crate::markers::BlockKind::as_str`]).
    pub block_kind: String,
    /// [`crate::markers::Edit::as_str`] of the tier's edit.
    pub edit: String,
    /// The lowest `default<On>` pipeline that eliminates the marker, or `none`.
    pub elimination_level: String,
    #[serde(rename = "eliminated_at_O2")]
    pub eliminated_at_o2: bool,
    /// Whether the instrumented original ran the marker.
    pub executed: bool,
    /// [`crate::pairs::Tier::short`].
    pub tier: String,
    pub llvm_version: String,
    pub clang_version: String,
    pub gcc_version: String,
    pub llvm_pipelines: Vec<String>,
    pub ir_from: String,
    pub executed_by: String,
    pub stdout_sha256_1: String,
    pub stdout_sha256_2: String,
    pub stdout_equal: bool,
    pub stdout_builds: Vec<String>,
    pub markers_in_program: usize,
}

impl BlockEvidence {
    /// The original's side ([`BlockEvidence::original`], `program_1` when not recorded).
    pub fn original_side(&self) -> Side {
        self.original.unwrap_or(Side::Program1)
    }
}

/// `provenance.source` (kind [`SOURCE_KIND`]): the CSmith run that made the original.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CsmithSource {
    pub csmith_seed: u32,
    pub csmith_flags: Vec<String>,
    /// What became of the statistics comment CSmith appends (`stripped`).
    pub statistics_trailer: String,
    pub program_sha256: String,
    /// The build block and the program's index in it.
    pub block: usize,
    pub program_index: usize,
}
