//! What the harness needs from the TVM worker: an operator's tensors (to map kernel parameters to
//! buffers) and reference runs (seeded inputs, and the output of the same computation built by TVM
//! for CPU with target llvm), float32 data travelling as little-endian base64.

use super::buffers::OperatorTensors;
use super::InputSet;
use crate::catalogue::Operator;
use crate::tvm::Tvm;
use crate::worker::WorkerError;
use base64::Engine as _;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

const TENSORS_TIMEOUT: Duration = Duration::from_secs(60);
const REFERENCE_TIMEOUT: Duration = Duration::from_secs(240);

/// One seeded input set and TVM's CPU output on it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceRun {
    pub seed: u64,
    pub inputs: InputSet,
    pub output: Vec<f32>,
}

#[derive(Deserialize)]
struct WireSet {
    inputs: Vec<String>,
    output: String,
}

#[derive(Deserialize)]
struct WireReference {
    sets: Vec<WireSet>,
}

fn floats(b64: &str) -> Result<Vec<f32>, WorkerError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .map_err(|e| WorkerError::Protocol(format!("bad base64 tensor: {e}")))?;
    if bytes.len() % 4 != 0 {
        return Err(WorkerError::Protocol("a tensor of partial floats".into()));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The operator's inputs, output and intermediate tensors.
pub fn tensors(tvm: &Tvm, operator: &Operator) -> Result<OperatorTensors, WorkerError> {
    let v = tvm.call("tensors", json!({"operator": operator}), TENSORS_TIMEOUT)?;
    serde_json::from_value(v)
        .map_err(|e| WorkerError::Protocol(format!("malformed `tensors` answer: {e}")))
}

/// For each seed, the seeded inputs (the worker's input rule) and TVM's CPU output.
pub fn reference(
    tvm: &Tvm,
    operator: &Operator,
    seeds: &[u64],
) -> Result<Vec<ReferenceRun>, WorkerError> {
    let v = tvm.call(
        "reference",
        json!({"operator": operator, "input_seeds": seeds}),
        REFERENCE_TIMEOUT,
    )?;
    let wire: WireReference = serde_json::from_value(v)
        .map_err(|e| WorkerError::Protocol(format!("malformed `reference` answer: {e}")))?;
    if wire.sets.len() != seeds.len() {
        return Err(WorkerError::Protocol(format!(
            "{} reference sets for {} seeds",
            wire.sets.len(),
            seeds.len()
        )));
    }
    wire.sets
        .into_iter()
        .zip(seeds)
        .map(|(s, &seed)| {
            Ok(ReferenceRun {
                seed,
                inputs: s
                    .inputs
                    .iter()
                    .map(|i| floats(i))
                    .collect::<Result<_, _>>()?,
                output: floats(&s.output)?,
            })
        })
        .collect()
}
