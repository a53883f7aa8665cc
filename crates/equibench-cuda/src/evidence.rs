//! The evidence a CUDA pair carries, as typed records: written by generation, read back by audit.
//!
//! - equivalent (`same-operator-two-schedules`): the operator, and both schedules' traces, each of
//!   which replays to its program's kernels;
//! - inequivalent (`numeric-witness`): both operators and their traces, and seeded inputs on which the
//!   two computations, built for CPU, differ beyond tolerance.

use crate::catalogue::Operator;
use crate::tvm::Comparison;
use equibench_core::evidence::Evidence;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const EQUIVALENT_KIND: &str = "same-operator-two-schedules";
pub const WITNESS_KIND: &str = "numeric-witness";

/// One schedule: where it was sampled and its full trace (MetaSchedule trace JSON, postprocessors
/// included), which replays on a fresh schedule of the operator without any sampling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScheduleRecord {
    /// Index of the design-space trace it was re-sampled from.
    pub design_space: u64,
    /// The `tvm.s_tir.Schedule` seed that drew its decisions.
    pub seed: u64,
    pub trace: Value,
    pub kernels_sha256: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EquivalentEvidence {
    pub operator: Operator,
    pub target: String,
    pub unroll_max_steps: Vec<u32>,
    pub schedule_1: ScheduleRecord,
    pub schedule_2: ScheduleRecord,
    pub syntax_check: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WitnessEvidence {
    pub operator_1: Operator,
    pub operator_2: Operator,
    pub target: String,
    pub unroll_max_steps_1: Vec<u32>,
    pub unroll_max_steps_2: Vec<u32>,
    pub schedule_1: ScheduleRecord,
    pub schedule_2: ScheduleRecord,
    /// Where the computations were run for the witness.
    pub executed_on: String,
    pub input_seed: u64,
    pub input_rule: String,
    pub rtol: f64,
    pub atol: f64,
    pub witness: Comparison,
    pub syntax_check: String,
}

/// The evidence's details parsed as `T`.
pub fn parse<T: serde::de::DeserializeOwned>(evidence: &Evidence) -> Result<T, String> {
    evidence.record().map_err(|e| e.to_string())
}
