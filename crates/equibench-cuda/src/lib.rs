//! equibench-cuda: the CUDA category. Tensor operators from a catalogue (`data/cuda/catalogue.json`)
//! are scheduled with MetaSchedule's CUDA design space by the real apache-tvm, driven through one
//! long-lived Python worker per concurrent block (`tools/tvm_worker.py`, JSON lines over a pipe), and
//! turned into pairs of CUDA kernels:
//!
//! - equivalent: two different sampled schedules of the same operator and shapes, both traces
//!   recorded so they replay to the kernels;
//! - inequivalent: a near miss (one semantic change) or two different operators with the same
//!   signature, with a numeric witness computed on CPU.
//!
//! Both sides of every pair are scheduled independently, buffers carry neutral names (`in0`, `out`,
//! `tmp0`: their role, not their operator), and each program starts with its host side as a comment
//! (buffers and kernel launches), so the surface of a pair does not tell its label.
//!
//! Every kernel passes a clang-19 CUDA syntax check against `tools/cuda_shim/`, stays within
//! EquiBench's 46-1733 lines, and has TVM's portability preamble stripped; launch configurations are
//! in the program's header and in `context`.

#![forbid(unsafe_code)]

pub mod audit;
pub mod catalogue;
pub mod clang_check;
pub mod env;
pub mod evidence;
pub mod exec;
pub mod generate;
pub mod kernel;
pub mod paths;
pub mod rationale;
pub mod select;
pub mod tools;
pub mod tvm;
pub mod worker;

use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDescriptor, CategoryError, ContextField,
    Pair, PairSink, Report, ToolSpec, VenvPackage, Verdict, VENV_PYTHON,
};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// The CUDA category. Its worker pool lives as long as the category, i.e. the whole job.
#[derive(Default)]
pub struct CudaCategory {
    pub(crate) pool: Arc<worker::WorkerPool>,
    /// Input and output shapes of catalogue operators, by canonical operator JSON.
    pub(crate) signatures: Mutex<BTreeMap<String, tvm::Signature>>,
}

impl CudaCategory {
    pub fn new() -> Self {
        CudaCategory::default()
    }

    /// A category using `pool` (which a benchmark can keep a handle on).
    pub fn with_pool(pool: Arc<worker::WorkerPool>) -> Self {
        CudaCategory {
            pool,
            signatures: Mutex::default(),
        }
    }

    /// The shared worker pool (for tests and benchmarks).
    pub fn pool(&self) -> &worker::WorkerPool {
        &self.pool
    }
}

/// The constructor the CLI registers.
pub fn category() -> Box<dyn Category> {
    Box::new(CudaCategory::new())
}

/// CUDA as the pair format spells it (the EquiBench harness calls the folder TVM).
pub static DESCRIPTOR: CategoryDescriptor = CategoryDescriptor {
    name: "CUDA",
    cli_name: "cuda",
    aliases: &[],
    harness_dir: "TVM",
    language: "CUDA",
    summary: "TVM CUDA kernels of one operator under two sampled schedules, or of two computations",
    definition: "when run on the same valid input, the two programs always compute the same mathematical output (neglecting floating point rounding errors).",
    context: &[
        ContextField {
            key: "launch_1",
            doc: "program_1's kernel launches: per kernel, its name with grid and block dimensions",
            required: false,
            harness_field: None,
        },
        ContextField {
            key: "launch_2",
            doc: "program_2's kernel launches, as launch_1",
            required: false,
            harness_field: None,
        },
    ],
    problem_statement: None,
    prompt_template: Some(
        "You are here to judge if two {language} programs are semantically equivalent.\n\
         Here equivalence means that, {definition}\n\n\
         [Program 1]:\n{program_1}\n\
         [Program 2]:\n{program_2}\n\n\
         {answer_instruction}",
    ),
    inputs: &[],
};

impl Category for CudaCategory {
    fn descriptor(&self) -> &CategoryDescriptor {
        &DESCRIPTOR
    }

    fn exemplars(&self) -> &'static str {
        include_str!("../../../data/exemplars/CUDA.jsonl")
    }

    fn rationale(&self, pair: &Pair) -> Option<String> {
        rationale::rationale(pair)
    }

    /// Larger than the default: a block keeps only candidates matched across labels within a
    /// stratum ([`select`]), and fewer, larger blocks leave fewer candidates unmatched.
    fn block_size(&self) -> usize {
        20
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        vec![&tools::CLANG, &VENV_PYTHON]
    }

    fn venv_packages(&self) -> Vec<&'static VenvPackage> {
        vec![&tools::APACHE_TVM, &tools::NUMPY]
    }

    fn data_folders(&self) -> Vec<&'static str> {
        vec![catalogue::DATA_FOLDER]
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        generate::generate(self, ctx, want, sink)
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        audit::audit(self, pair, ctx)
    }

    fn surface_features(&self, pair: &Pair) -> Vec<equibench_core::shortcuts::SurfaceFeature> {
        select::surface_features(pair)
    }

    /// Two schedules of one computation, a near miss, or two different computations.
    fn composition(&self, pair: &Pair) -> Vec<String> {
        let t = &pair.provenance.transformation;
        vec![if pair.equivalent {
            "two schedules of one computation".into()
        } else if t.starts_with("different tensor programs") {
            "two different computations with the same signature".into()
        } else {
            "a near miss of one computation".into()
        }]
    }

    fn datasheet(&self) -> Option<equibench_core::CategoryDatasheet> {
        let shipped =
            match catalogue::Catalogue::parse(catalogue::DEFAULT_CATALOGUE, "built-in") {
                Ok(c) => format!(
                " The shipped catalogue has {} operator families ({}) at {} shapes, with {} near \
                 misses.",
                c.families.len(),
                c.families
                    .iter()
                    .map(|f| format!("`{}`", f.family))
                    .collect::<Vec<_>>()
                    .join(", "),
                c.families.iter().map(|f| f.shapes.len()).sum::<usize>(),
                c.families.iter().map(|f| f.near_misses.len()).sum::<usize>()
            ),
                Err(_) => String::new(),
            };
        Some(equibench_core::CategoryDatasheet {
            sources: format!(
                "Tensor operators from the operator catalogue `data/{}` (TenSet-style network \
                 subgraphs: dense layers, convolutions, pooling, normalisation, reductions, \
                 elementwise chains; a compiled-in copy is used without a data directory).{shipped} \
                 Kernels are generated by the real apache-tvm (the PyPI wheel pinned by \
                 `scripts/setup.sh`, in the project virtualenv) for the target `{}` (sm_80), driven \
                 through `tools/{}`.",
                catalogue::CATALOGUE_PATH,
                tvm::CUDA_TARGET,
                paths::WORKER_SCRIPT
            ),
            construction: format!(
                "Each operator is scheduled with MetaSchedule's CUDA design space: a design-space \
                 trace is re-sampled with a seeded `tvm.s_tir.Schedule` (tile sizes and categorical \
                 choices), kept only if every CUDA postprocessor accepts it, and compiled to CUDA \
                 source. The two sides of every pair, equivalent or not, are sampled independently \
                 (each its own seed and starting design-space trace). Buffers are named after their \
                 role, never their operator (inputs `in0, in1, ...`, output `out`, intermediate \
                 tensors `tmp0, ...`; the renamed function is checked structurally equal to TE's), \
                 so names do not give the operator away. TVM's portability preamble is stripped; \
                 each program starts with its host side as comments (every buffer with shape and \
                 role, then each kernel launch `<<<grid, block>>>` in order), which must agree with \
                 the scheduled function's launches (also in `context`), so a program alone says what \
                 it computes. Every program must have {}-{} lines (EquiBench's CUDA range) and pass \
                 a `clang-19 {}` check against the shim header in `tools/{}/` (no CUDA SDK is \
                 needed).{}",
                kernel::MIN_LINES,
                kernel::MAX_LINES,
                clang_check::CLANG_FLAGS.join(" "),
                paths::SHIM_DIR,
                generate::SELECTION
            ),
            equivalent_evidence: format!(
                "`{}`: one catalogue operator at one shape under two different sampled schedules \
                 whose kernels differ in normal form. TVM's schedule primitives transform loops \
                 without changing the computation, so the two kernels compute the same function; \
                 the evidence holds the operator and both full schedule traces (design-space \
                 index, sampling seed, trace JSON, sha256 of the kernels), which replay to the two \
                 programs without any sampling.",
                evidence::EQUIVALENT_KIND
            ),
            inequivalent_evidence: format!(
                "`{}`: either a near miss (the same family with one semantic change from the \
                 catalogue, e.g. an activation dropped or a reduction shortened) or two different \
                 operators with the same input and output shapes and the same math functions \
                 (EquiBench's construction; drawn for {:.0}% of candidates among the operators \
                 that have such a partner; the measured shares are in the table above). Kept only if the two computations, built for CPU with `tvm.compile(target=\"llvm\")` \
                 and run on seeded inputs ({}), differ somewhere by more than atol {} + rtol {} \
                 times the magnitude; the evidence records both operators and traces, the input \
                 seed and rule, and the witness element with both values.",
                evidence::WITNESS_KIND,
                generate::DIFFERENT_PROGRAM_SHARE * 100.0,
                tvm::INPUT_RULE,
                tvm::ATOL,
                tvm::RTOL
            ),
            audit: "Replays both recorded traces on fresh schedules of the recorded operators, \
                which must regenerate both programs exactly (kernel sha256 and launch \
                configurations), and re-runs the kernel and clang checks. Both programs are \
                re-executed on the CPU harness on the recorded input seeds and must reproduce the \
                recorded comparison. For an equivalent pair \
                the two kernels must still differ in normal form; for an inequivalent pair the \
                witness is recomputed on CPU and must still exceed the tolerance. A worker or TVM \
                failure is inconclusive, never a pass."
                .into(),
            limitations: vec![
                "No GPU is used: the CUDA kernels are executed on the CPU by `tools/cuda_cpu/` \
                 (kernel text compiled as host C++, one fiber per CUDA thread, blocks in \
                 sequence, the first input set in forward and reverse thread orders, the others \
                 forward). Each pair's programs are run on \
                 seeded inputs (equivalent: agree on 3 input sets; inequivalent: differ on the \
                 witness input) and must match TVM's own CPU build of their operator. The \
                 emulation is not a GPU: races that neither thread order exposes, memory-model \
                 effects and GPU floating-point differences (FMA contraction, fast math) are not \
                 reproduced."
                    .into(),
                "EquiBench sampled schedules from TenSet (Ansor records, TVM <= 0.19); this \
                 category samples MetaSchedule's design space of apache-tvm 0.27 over its own \
                 operator catalogue, so operators, schedules and kernel style differ from the \
                 paper's."
                    .into(),
                "Equivalence is numeric, as EquiBench's CUDA definition says (neglecting floating \
                 point rounding): kernels that reorder a float reduction count as equivalent, and \
                 a witness needs a difference above the tolerance on float32 inputs in [-1, 1)."
                    .into(),
                "Replaying traces in the audit needs the same apache-tvm version; with another \
                 version the audit can report a contradiction although the label holds."
                    .into(),
                "Inequivalent near misses come from the catalogue's hand-listed semantic changes, \
                 so their variety is bounded by it."
                    .into(),
            ],
        })
    }
}
