//! Typed requests to the TVM worker (sample, replay, compare, signature) over the shared pool, with
//! one retry on a fresh worker when a worker crashes or hangs, so a transient crash neither loses
//! work nor changes the output.

use crate::catalogue::Operator;
use crate::kernel::Launch;
use crate::worker::{WorkerError, WorkerPool, WorkerSpec};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::time::Duration;

/// The CUDA target every kernel is generated for (sm_80).
pub const CUDA_TARGET: &str = "nvidia/nvidia-a100";
/// How inputs of a numeric witness are drawn, in words (the worker's `seeded_inputs`).
pub const INPUT_RULE: &str =
    "input i = numpy.random.default_rng(input_seed).uniform(-1, 1, shape_i).astype(float32), drawn in argument order";
/// A witness needs |y1 - y2| > atol + rtol * |y2| somewhere.
pub const RTOL: f64 = 1e-3;
pub const ATOL: f64 = 1e-3;

/// Deadlines per request; generous because two cores are shared by many processes.
const SAMPLE_TIMEOUT: Duration = Duration::from_secs(300);
const REPLAY_TIMEOUT: Duration = Duration::from_secs(120);
const COMPARE_TIMEOUT: Duration = Duration::from_secs(180);
/// A disagreement count runs both computations once per trial.
const DISAGREEMENT_TIMEOUT: Duration = Duration::from_secs(600);
const SIGNATURE_TIMEOUT: Duration = Duration::from_secs(60);

/// One sampled schedule and its kernels.
#[derive(Debug, Clone, Deserialize)]
pub struct Schedule {
    pub kernels: String,
    pub launch: Vec<Launch>,
    pub space: u64,
    pub seed: u64,
    pub trace: Value,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Sampled {
    pub schedules: Vec<Schedule>,
    pub attempts: u64,
    pub valid: u64,
    pub out_of_range: u64,
}

/// What the worker makes of a recorded trace: the kernels it gives, or why it is not a sample of the
/// design space it names (an instruction outside the allow-list, decisions that do not apply, a
/// postprocessor that rejects it, or any difference from what sampling would have recorded).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Replayed {
    Refused {
        refused: String,
    },
    Kernels {
        kernels: String,
        launch: Vec<Launch>,
    },
}

/// The outcome of running two computations on CPU on the same seeded inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub comparable: bool,
    #[serde(default)]
    pub differs: bool,
    #[serde(default)]
    pub input_shapes: Vec<Vec<u64>>,
    #[serde(default)]
    pub output_shape: Vec<u64>,
    #[serde(default)]
    pub differing_elements: u64,
    #[serde(default)]
    pub max_abs_diff: f64,
    #[serde(default)]
    pub index: Vec<u64>,
    #[serde(default)]
    pub value_1: f64,
    #[serde(default)]
    pub value_2: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Signature {
    pub inputs: Vec<Vec<u64>>,
    pub output: Vec<u64>,
    /// The math intrinsics the computation calls (`exp`, `max`, `tanh`, ...), sorted.
    #[serde(default)]
    pub math: Vec<String>,
}

/// The affinity keys of a request: one per operator it names (`operator`, or each of `operators`),
/// a hash of its canonical JSON, so the pool sends it to the worker that already holds that
/// operator's module, design space and CPU build.
fn affinity(body: &Value) -> Vec<u64> {
    use std::hash::{Hash, Hasher};
    let key = |op: &Value| {
        let mut h = std::hash::DefaultHasher::new();
        equibench_core::pair::canonical_json(op).hash(&mut h);
        h.finish()
    };
    match (body.get("operator"), body.get("operators")) {
        (Some(op), _) => vec![key(op)],
        (None, Some(Value::Array(ops))) => ops.iter().map(key).collect(),
        _ => Vec::new(),
    }
}

/// A client for one block or audit: the pool, how to start a worker, and the worker losses seen.
pub struct Tvm<'a> {
    pool: &'a WorkerPool,
    spec: WorkerSpec,
    /// Each lost worker, as "reason: message", for the block's report.
    pub losses: RefCell<Vec<(&'static str, String)>>,
}

impl<'a> Tvm<'a> {
    pub fn new(pool: &'a WorkerPool, spec: WorkerSpec) -> Self {
        Tvm {
            pool,
            spec,
            losses: RefCell::new(Vec::new()),
        }
    }

    pub(crate) fn call(
        &self,
        op: &str,
        body: Value,
        timeout: Duration,
    ) -> Result<Value, WorkerError> {
        // A signature builds no cached state, so it goes to any worker.
        let keys = if op == "signature" {
            Vec::new()
        } else {
            affinity(&body)
        };
        match self
            .pool
            .call_near(&self.spec, &keys, op, body.clone(), timeout)
        {
            Err(e) if e.lost_worker() => {
                self.losses.borrow_mut().push((e.reason(), e.to_string()));
                let again = self.pool.call_near(&self.spec, &keys, op, body, timeout);
                if let Err(e2) = &again {
                    if e2.lost_worker() {
                        self.losses.borrow_mut().push((e2.reason(), e2.to_string()));
                    }
                }
                again
            }
            other => other,
        }
    }

    fn parse<T: serde::de::DeserializeOwned>(op: &str, v: Value) -> Result<T, WorkerError> {
        serde_json::from_value(v)
            .map_err(|e| WorkerError::Protocol(format!("malformed `{op}` answer: {e}")))
    }

    /// Up to `want` valid, distinct schedules of `operator` whose kernels have `lines` lines.
    pub fn sample(
        &self,
        operator: &Operator,
        unroll: &[u32],
        seed: u64,
        want: usize,
        lines: (u64, u64),
        max_attempts: u64,
    ) -> Result<Sampled, WorkerError> {
        let v = self.call(
            "sample",
            json!({
                "operator": operator, "unroll": unroll, "seed": seed, "want": want,
                "min_lines": lines.0, "max_lines": lines.1, "max_attempts": max_attempts,
            }),
            SAMPLE_TIMEOUT,
        )?;
        Self::parse("sample", v)
    }

    /// The kernels a recorded trace gives for `operator`, once the worker has re-derived the trace
    /// from design space `design_space` (under `unroll`) and the trace's own sampling decisions.
    pub fn replay(
        &self,
        operator: &Operator,
        unroll: &[u32],
        design_space: u64,
        trace: &Value,
    ) -> Result<Replayed, WorkerError> {
        let v = self.call(
            "replay",
            json!({"operator": operator, "unroll": unroll, "design_space": design_space, "trace": trace}),
            REPLAY_TIMEOUT,
        )?;
        Self::parse("replay", v)
    }

    /// Run both operators on CPU on the same seeded inputs.
    pub fn compare(
        &self,
        a: &Operator,
        b: &Operator,
        input_seed: u64,
    ) -> Result<Comparison, WorkerError> {
        let v = self.call(
            "compare",
            json!({"operators": [a, b], "input_seed": input_seed, "rtol": RTOL, "atol": ATOL}),
            COMPARE_TIMEOUT,
        )?;
        Self::parse("compare", v)
    }

    /// On how many of `trials` fresh input sets drawn from `seed` (the worker's `fresh_inputs`,
    /// never the witness's draw) the two computations, run on CPU, differ beyond tolerance; `None`
    /// when their tensors' shapes differ.
    pub fn disagreement(
        &self,
        a: &Operator,
        b: &Operator,
        seed: u64,
        trials: u32,
    ) -> Result<Option<u32>, WorkerError> {
        #[derive(Deserialize)]
        struct Answer {
            comparable: bool,
            #[serde(default)]
            differing: u32,
        }
        let v = self.call(
            "disagreement",
            json!({"operators": [a, b], "seed": seed, "trials": trials, "rtol": RTOL, "atol": ATOL}),
            DISAGREEMENT_TIMEOUT,
        )?;
        let answer: Answer = Self::parse("disagreement", v)?;
        Ok(answer.comparable.then_some(answer.differing))
    }

    pub fn signature(&self, operator: &Operator) -> Result<Signature, WorkerError> {
        let v = self.call(
            "signature",
            json!({"operator": operator}),
            SIGNATURE_TIMEOUT,
        )?;
        Self::parse("signature", v)
    }
}
