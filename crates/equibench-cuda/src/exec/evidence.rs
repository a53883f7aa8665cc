//! Evidence from the programs themselves: a pair's two CUDA programs executed on the CPU harness.
//!
//! - equivalent: both programs run on [`INPUT_SETS`] seeded input sets (seeds drawn from the pair's
//!   seed) and agree within tolerance on every one;
//! - inequivalent: both programs run on the witness's input seed and their outputs differ beyond
//!   tolerance (the TE witness stays in the evidence as a second opinion).
//!
//! Each program also runs its first input set in two thread orders (a race shows as
//! order-dependent output; see [`REVERSED_SETS`]) and is
//! compared with TVM's own CPU build of its operator on the same inputs, so a harness or TVM
//! code-generation fault is caught rather than mistaken for a label. A pair whose kernels disagree
//! with its label is rejected as `kernel-disagrees-with-label`. The record goes into the pair's
//! evidence under [`EVIDENCE_KEY`]; the audit re-executes both programs and checks it.

use super::buffers::OperatorTensors;
use super::compare::{compare, Agreement};
use super::reference::{reference, tensors, ReferenceRun};
use super::{CpuHarness, ExecError, PROGRAM_FLAGS, RUNTIME_DIR};
use crate::catalogue::Operator;
use crate::env::Env;
use crate::kernel::Launch;
use crate::tvm::{Tvm, ATOL, INPUT_RULE, RTOL};
use equibench_core::seed::derive_seed;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where the record sits in a pair's evidence object.
pub const EVIDENCE_KEY: &str = "kernel_execution";
/// Input sets an equivalent pair's programs must agree on.
pub const INPUT_SETS: usize = 3;
/// How many input sets (the first ones) each program also runs in reverse thread order: a race
/// shows on any input set, so reversing the other sets only repeats the first's verdict.
pub const REVERSED_SETS: usize = 1;
/// The label's rejection reason when the kernels say otherwise.
pub const DISAGREES: &str = "kernel-disagrees-with-label";
/// Seeds stay in numpy's and TVM's range.
const MAX_SEED: u64 = 2_147_483_646;

/// What was executed and what came out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KernelExecution {
    /// How the programs were run.
    pub harness: String,
    pub input_rule: String,
    pub input_seeds: Vec<u64>,
    pub thread_orders: Vec<String>,
    /// How many of the first input sets ran in both thread orders (the rest forward only); absent
    /// in records made before it was recorded, which ran every set in both orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reversed_input_sets: Option<usize>,
    pub rtol: f64,
    pub atol: f64,
    /// program_1's output against program_2's, per input seed.
    pub programs_compared: Vec<Agreement>,
    /// Largest |kernel - TVM CPU build| over the input sets, for program_1 and program_2.
    pub max_abs_diff_from_tvm_cpu: [f64; 2],
}

/// The harness and the worker a block or an audit already has.
pub struct KernelRunner<'a> {
    pub harness: CpuHarness,
    pub tvm: &'a Tvm<'a>,
}

/// One program of a pair: its kernels, launches and the operator it computes.
pub struct Side<'a> {
    pub operator: &'a Operator,
    pub kernels: &'a str,
    pub launch: &'a [Launch],
}

impl<'a> KernelRunner<'a> {
    pub fn new(env: &Env, tvm: &'a Tvm<'a>) -> Self {
        let tools = env
            .clang
            .shim_dir
            .parent()
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default();
        KernelRunner {
            harness: CpuHarness::new(env.clang.clang.clone(), &tools),
            tvm,
        }
    }

    fn describe() -> String {
        format!(
            "tools/{RUNTIME_DIR}: kernel text compiled unmodified as host C++ (clang++-19 {}) \
             against runtime.h, one fiber per CUDA thread, blocks in sequence, in the core sandbox; \
             outputs and workspaces NaN-filled before each run",
            PROGRAM_FLAGS.join(" ")
        )
    }

    fn tensors(&self, op: &Operator) -> Result<OperatorTensors, ExecFailure> {
        tensors(self.tvm, op).map_err(|e| ExecFailure::Worker(e.reason()))
    }

    fn references(&self, op: &Operator, seeds: &[u64]) -> Result<Vec<ReferenceRun>, ExecFailure> {
        reference(self.tvm, op, seeds).map_err(|e| ExecFailure::Worker(e.reason()))
    }

    /// Compile and run one side on `sets`; its outputs and max |diff| from the references.
    fn run_side(
        &self,
        side: &Side,
        refs: &[ReferenceRun],
        reversed: usize,
    ) -> Result<(Vec<Vec<f32>>, f64), ExecFailure> {
        let t = self.tensors(side.operator)?;
        let program = self.harness.compile(side.kernels, side.launch, &t)?;
        let sets: Vec<_> = refs.iter().map(|r| r.inputs.clone()).collect();
        let outputs = program.run_reversing(&sets, reversed)?;
        let mut worst = 0f64;
        for (out, r) in outputs.iter().zip(refs) {
            let a = compare(out, &r.output, RTOL, ATOL);
            if a.differs {
                return Err(ExecFailure::DiffersFromTvmCpu(a));
            }
            worst = worst.max(a.max_abs_diff);
        }
        Ok((outputs, worst))
    }

    /// Run both sides on `seeds`, the first `reversed` of them in both thread orders (None: all).
    fn execute(
        &self,
        sides: [&Side; 2],
        seeds: Vec<u64>,
        reversed: Option<usize>,
    ) -> Result<KernelExecution, ExecFailure> {
        let reversing = reversed.unwrap_or(seeds.len());
        let refs_1 = self.references(sides[0].operator, &seeds)?;
        let refs_2 = if sides[1].operator == sides[0].operator {
            refs_1.clone()
        } else {
            self.references(sides[1].operator, &seeds)?
        };
        let (out_1, d1) = self.run_side(sides[0], &refs_1, reversing)?;
        let (out_2, d2) = self.run_side(sides[1], &refs_2, reversing)?;
        Ok(KernelExecution {
            harness: Self::describe(),
            input_rule: INPUT_RULE.into(),
            input_seeds: seeds,
            thread_orders: vec!["forward".into(), "reverse".into()],
            reversed_input_sets: reversed,
            rtol: RTOL,
            atol: ATOL,
            programs_compared: out_1
                .iter()
                .zip(&out_2)
                .map(|(a, b)| compare(a, b, RTOL, ATOL))
                .collect(),
            max_abs_diff_from_tvm_cpu: [d1, d2],
        })
    }

    /// Evidence for an equivalent pair: the programs agree on every input set.
    pub fn equivalent(&self, a: &Side, b: &Side, pair_seed: u64) -> Result<Value, &'static str> {
        let seeds = (0..INPUT_SETS)
            .map(|i| derive_seed(pair_seed, &["kernel-inputs", &i.to_string()]) % MAX_SEED + 1)
            .collect();
        let ex = self
            .execute([a, b], seeds, Some(REVERSED_SETS))
            .map_err(|e| e.reason())?;
        if ex.programs_compared.iter().any(|c| c.differs) {
            return Err(DISAGREES);
        }
        Ok(serde_json::to_value(ex).expect("evidence always serialises"))
    }

    /// Evidence for an inequivalent pair: the programs differ on the witness's input seed.
    pub fn inequivalent(&self, a: &Side, b: &Side, input_seed: u64) -> Result<Value, &'static str> {
        let ex = self
            .execute([a, b], vec![input_seed], Some(REVERSED_SETS))
            .map_err(|e| e.reason())?;
        if !ex.programs_compared.iter().any(|c| c.differs) {
            return Err(DISAGREES);
        }
        Ok(serde_json::to_value(ex).expect("evidence always serialises"))
    }

    /// Re-execute both programs as recorded in `evidence` and check the label: Ok(detail) or
    /// Err((contradicted, detail)) where `contradicted` is false for a failure that says nothing
    /// about the label (a worker loss, a timeout).
    pub fn audit(
        &self,
        evidence: &Map<String, Value>,
        equivalent: bool,
        a: &Side,
        b: &Side,
    ) -> Result<String, (bool, String)> {
        let recorded: KernelExecution = evidence
            .get(EVIDENCE_KEY)
            .cloned()
            .ok_or((true, format!("no `{EVIDENCE_KEY}` in the evidence")))
            .and_then(|v| {
                serde_json::from_value(v)
                    .map_err(|e| (true, format!("malformed `{EVIDENCE_KEY}`: {e}")))
            })?;
        if equivalent && recorded.input_seeds.len() < INPUT_SETS {
            return Err((
                true,
                format!("only {} input sets recorded", recorded.input_seeds.len()),
            ));
        }
        if recorded.input_seeds.is_empty() {
            return Err((true, "no input set recorded".into()));
        }
        if recorded
            .reversed_input_sets
            .is_some_and(|r| r < REVERSED_SETS)
        {
            return Err((
                true,
                "no input set recorded as run in reverse thread order (no race check)".into(),
            ));
        }
        let ex = self
            .execute(
                [a, b],
                recorded.input_seeds.clone(),
                recorded.reversed_input_sets,
            )
            .map_err(|e| {
                (
                    e.contradicts(),
                    format!("re-executing the kernels: {}", e.detail()),
                )
            })?;
        let differs = ex.programs_compared.iter().filter(|c| c.differs).count();
        if equivalent && differs > 0 {
            return Err((
                true,
                format!("the two programs' outputs differ on {differs} input set(s)"),
            ));
        }
        if !equivalent && differs == 0 {
            return Err((
                true,
                "the two programs' outputs agree on the recorded input: no kernel witness".into(),
            ));
        }
        for (i, (now, then)) in ex
            .programs_compared
            .iter()
            .zip(&recorded.programs_compared)
            .enumerate()
        {
            if !now.reproduces(then) {
                return Err((
                    true,
                    format!(
                        "re-executed outputs on input set {i} differ from the recorded comparison: \
                         now {now:?}, recorded {then:?}"
                    ),
                ));
            }
        }
        if ex.programs_compared.len() != recorded.programs_compared.len() {
            return Err((
                true,
                "the recorded comparisons do not match the input sets".into(),
            ));
        }
        Ok(format!(
            "both programs re-executed on {} input set(s), {} of them in 2 thread orders: {}",
            ex.input_seeds.len(),
            ex.reversed_input_sets.unwrap_or(ex.input_seeds.len()),
            if equivalent {
                "outputs agree".to_string()
            } else {
                let c = ex.programs_compared.iter().find(|c| c.differs).unwrap();
                format!(
                    "outputs differ at element {} ({} vs {})",
                    c.index, c.value_1, c.value_2
                )
            }
        ))
    }
}

/// Why executing a pair's programs gave no evidence.
#[derive(Debug)]
enum ExecFailure {
    Worker(&'static str),
    Exec(ExecError),
    /// A program's output is not TVM's CPU output of its operator: the harness or TVM is wrong
    /// about this kernel, so it says nothing trustworthy about the label.
    DiffersFromTvmCpu(Agreement),
}

impl From<ExecError> for ExecFailure {
    fn from(e: ExecError) -> Self {
        ExecFailure::Exec(e)
    }
}

impl ExecFailure {
    fn reason(&self) -> &'static str {
        match self {
            ExecFailure::Worker(r) => r,
            ExecFailure::Exec(e) => e.reason(),
            ExecFailure::DiffersFromTvmCpu(_) => "kernel-differs-from-tvm-cpu",
        }
    }

    /// Does this failure contradict a recorded execution (rather than leave it unchecked)?
    fn contradicts(&self) -> bool {
        match self {
            ExecFailure::Worker(_) => false,
            ExecFailure::Exec(e) => !matches!(e, ExecError::Timeout(_) | ExecError::Harness(_)),
            ExecFailure::DiffersFromTvmCpu(_) => true,
        }
    }

    fn detail(&self) -> String {
        match self {
            ExecFailure::Worker(r) => format!("TVM worker: {r}"),
            ExecFailure::Exec(e) => e.to_string(),
            ExecFailure::DiffersFromTvmCpu(a) => format!(
                "a program's output differs from TVM's CPU build of its operator at element {} \
                 ({} vs {})",
                a.index, a.value_1, a.value_2
            ),
        }
    }
}

/// The one-line entry points for generation and audit.
///
/// Evidence for an equivalent pair of `operator`'s schedules `a` and `b` (rejection reason on
/// failure).
pub fn for_equivalent(
    env: &Env,
    tvm: &Tvm,
    operator: &Operator,
    a: &crate::tvm::Schedule,
    b: &crate::tvm::Schedule,
    pair_seed: u64,
) -> Result<Value, &'static str> {
    let runner = KernelRunner::new(env, tvm);
    runner.equivalent(
        &Side::of(operator, &a.kernels, &a.launch),
        &Side::of(operator, &b.kernels, &b.launch),
        pair_seed,
    )
}

/// Evidence for an inequivalent pair: `a` of `op_1` and `b` of `op_2` on the witness's input seed.
pub fn for_inequivalent(
    env: &Env,
    tvm: &Tvm,
    (op_1, a): (&Operator, &crate::tvm::Schedule),
    (op_2, b): (&Operator, &crate::tvm::Schedule),
    input_seed: u64,
) -> Result<Value, &'static str> {
    let runner = KernelRunner::new(env, tvm);
    runner.inequivalent(
        &Side::of(op_1, &a.kernels, &a.launch),
        &Side::of(op_2, &b.kernels, &b.launch),
        input_seed,
    )
}

/// Re-execute a pair's two programs (launches from its `context`) as its evidence records.
pub fn audit_pair(
    env: &Env,
    tvm: &Tvm,
    pair: &equibench_core::Pair,
    op_1: &Operator,
    op_2: &Operator,
) -> Result<String, equibench_core::Verdict> {
    use equibench_core::Verdict;
    let launch = |key: &str| -> Result<Vec<Launch>, Verdict> {
        pair.context
            .get(key)
            .cloned()
            .and_then(|v| serde_json::from_value(v).ok())
            .ok_or_else(|| Verdict::Contradicted(format!("context.{key} is not a launch list")))
    };
    let (l1, l2) = (launch("launch_1")?, launch("launch_2")?);
    let runner = KernelRunner::new(env, tvm);
    runner
        .audit(
            &pair.provenance.evidence.details,
            pair.equivalent,
            &Side::of(op_1, &pair.program_1, &l1),
            &Side::of(op_2, &pair.program_2, &l2),
        )
        .map_err(|(contradicted, detail)| {
            if contradicted {
                Verdict::Contradicted(detail)
            } else {
                Verdict::Inconclusive(detail)
            }
        })
}

impl<'a> Side<'a> {
    pub fn of(operator: &'a Operator, kernels: &'a str, launch: &'a [Launch]) -> Self {
        Side {
            operator,
            kernels,
            launch,
        }
    }
}
