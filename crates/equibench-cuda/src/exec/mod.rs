//! Running a pair's CUDA kernels on the CPU. There is no GPU here: the kernel text TVM emitted is
//! compiled unmodified as host C++ by clang++-19 against `tools/cuda_cpu/runtime.h` (CUDA's
//! keywords, built-in variables, vector types, math, barriers and warp primitives), with a generated
//! launch table (which buffer each kernel parameter is, the grids from the launch configuration), and
//! linked with `tools/cuda_cpu/runtime.cpp` (one fiber per CUDA thread, blocks one after another;
//! the driver that reads inputs and writes outputs). The executable runs in the core sandbox with
//! time and memory limits, on several input sets and in two thread orders (forward and reverse), so
//! a race that one order hides shows up as outputs that depend on the order.
//!
//! Every failure is classified ([`ExecError::reason`]) so a pipeline can count it as a rejection:
//! nothing here passes silently.

pub mod buffers;
pub mod compare;
pub mod evidence;
pub mod launch_table;
pub mod reference;

use crate::kernel::Launch;
use buffers::{kernel_signatures, plan, BufferPlan, OperatorTensors, PlanError, Role};
use equibench_core::sandbox::{self, Limits, SandboxCommand, Termination};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The runtime's directory inside `tools/`.
pub const RUNTIME_DIR: &str = "cuda_cpu";
/// Flags for a program (kernel text plus launch table), recorded in evidence.
pub const PROGRAM_FLAGS: &[&str] = &[
    "-std=c++17",
    "-O1",
    "-fno-strict-aliasing",
    "-fno-exceptions",
    "-fno-rtti",
    "-w",
];
/// What follows the objects on the link line.
const LINK_TRAILING: [&str; 1] = ["-lm"];
/// Flags for the runtime, compiled once per machine and cached.
const RUNTIME_FLAGS: &[&str] = &["-std=c++17", "-O2", "-fno-exceptions", "-fno-rtti", "-c"];
/// The thread orders a program is run in: forward, then reverse.
pub const ORDERS: u32 = 2;
/// Inline PTX with a CPU meaning (nothing: the copies around it are ordinary loads and stores).
const PTX_ALLOWED: &[&str] = &[
    "cp.async.commit_group",
    "cp.async.wait_group",
    "cp.async.wait_all",
];

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExecError {
    #[error("the kernels' buffers cannot be mapped to the operator's tensors: {0}")]
    Plan(#[from] PlanError),
    #[error("the kernels use a construct the CPU harness does not run: {0}")]
    Unsupported(String),
    #[error("the kernels do not compile as host C++: {0}")]
    Compile(String),
    #[error("the kernels ran out of time: {0}")]
    Timeout(String),
    #[error("the kernels crashed: {0}")]
    Crash(String),
    #[error("the output depends on the order threads run in (a race): {0}")]
    OrderDependent(String),
    #[error("the harness failed: {0}")]
    Harness(String),
    /// The run passed its wall limit in every attempt (see `sandbox::run_settled`): the machine,
    /// not the kernels, so the build stops instead of dropping the candidate.
    #[error("{0}")]
    Stalled(String),
}

/// The rejection reason of a run that stalled: never counted, it stops the block.
pub const STALLED: &str = "kernel-exec-stalled";

impl ExecError {
    /// A stable kebab-case rejection reason.
    pub fn reason(&self) -> &'static str {
        match self {
            ExecError::Plan(_) => "kernel-buffers-unmapped",
            ExecError::Unsupported(_) => "kernel-unsupported-construct",
            ExecError::Compile(_) => "kernel-host-compile-failed",
            ExecError::Timeout(_) => "kernel-exec-timeout",
            ExecError::Crash(_) => "kernel-exec-crashed",
            ExecError::OrderDependent(_) => "kernel-order-dependent",
            ExecError::Harness(_) => "kernel-harness-error",
            ExecError::Stalled(_) => STALLED,
        }
    }
}

/// Time and memory a program may use for one run (all its input sets and orders). The CPU-time
/// limit is what binds (the slowest corpus programs need a few CPU seconds per run); the wall limit
/// is only a safety net: the sandbox does not count time a loaded machine kept the program
/// waiting, and an expiry is retried and then stops the build ([`ExecError::Stalled`]), so the
/// load never turns a slow run into a rejection.
#[derive(Debug, Clone)]
pub struct ExecLimits {
    pub wall: Duration,
    pub cpu_seconds: u64,
    pub address_space: u64,
}

impl Default for ExecLimits {
    fn default() -> Self {
        ExecLimits {
            wall: Duration::from_secs(600),
            cpu_seconds: 60,
            address_space: 4 << 30,
        }
    }
}

/// What the harness has done in this process, for throughput reports.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ExecTotals {
    /// Programs compiled (kernel text plus launch table, linked).
    pub programs_compiled: u64,
    /// Program runs: one per input set and thread order (each runs every kernel of the program).
    pub program_runs: u64,
    pub compile_nanos: u64,
    /// Wall time of the sandboxed executions (process start included).
    pub execute_nanos: u64,
}

static TOTALS: [AtomicU64; 4] = [
    AtomicU64::new(0),
    AtomicU64::new(0),
    AtomicU64::new(0),
    AtomicU64::new(0),
];

/// The harness's totals so far in this process.
pub fn totals() -> ExecTotals {
    let get = |i: usize| TOTALS[i].load(Ordering::Relaxed);
    ExecTotals {
        programs_compiled: get(0),
        program_runs: get(1),
        compile_nanos: get(2),
        execute_nanos: get(3),
    }
}

fn count(i: usize, n: u64) {
    TOTALS[i].fetch_add(n, Ordering::Relaxed);
}

/// clang++ and the runtime sources.
#[derive(Debug, Clone)]
pub struct CpuHarness {
    pub clang: PathBuf,
    pub runtime_dir: PathBuf,
    pub limits: ExecLimits,
}

/// A compiled program: its executable and buffer plan. The executable lives in a private temporary
/// directory removed with it.
pub struct Program {
    exe: PathBuf,
    pub plan: BufferPlan,
    _dir: tempfile::TempDir,
    limits: ExecLimits,
}

/// One input set: the operator's inputs, in its argument order.
pub type InputSet = Vec<Vec<f32>>;

impl CpuHarness {
    /// The harness with clang `clang` (clang-19; clang++ mode is chosen by flags) and the runtime in
    /// `tools_dir/cuda_cpu`.
    pub fn new(clang: PathBuf, tools_dir: &Path) -> Self {
        CpuHarness {
            clang,
            runtime_dir: tools_dir.join(RUNTIME_DIR),
            limits: ExecLimits::default(),
        }
    }

    /// The runtime object, compiled once and cached under the system temporary directory by the hash
    /// of its sources and compiler ([`equibench_toolchain::cache`]).
    fn runtime_object(&self) -> Result<PathBuf, ExecError> {
        let read = |f: &str| {
            std::fs::read(self.runtime_dir.join(f))
                .map_err(|e| ExecError::Harness(format!("cannot read the runtime {f}: {e}")))
        };
        let mut key = read("runtime.cpp")?;
        key.extend(read("runtime.h")?);
        key.extend(self.clang.display().to_string().as_bytes());
        key.extend(RUNTIME_FLAGS.join(" ").as_bytes());
        equibench_toolchain::cache::build_once("equibench-cuda-cpu", "runtime.o", &key, |obj| {
            let out = Command::new(&self.clang)
                .args(["-x", "c++"])
                .args(RUNTIME_FLAGS)
                .arg(self.runtime_dir.join("runtime.cpp"))
                .arg("-o")
                .arg(obj)
                .output()
                .map_err(|e| format!("cannot run clang: {e}"))?;
            if out.status.success() {
                Ok(())
            } else {
                Err(format!(
                    "the runtime does not compile: {}",
                    first_lines(&out.stderr, 8)
                ))
            }
        })
        .map_err(ExecError::Harness)
    }

    /// Compile `kernels` (one program of a pair) for launches `launch`, its parameters mapped to the
    /// buffers of an operator with tensors `tensors`.
    pub fn compile(
        &self,
        kernels: &str,
        launch: &[Launch],
        tensors: &OperatorTensors,
    ) -> Result<Program, ExecError> {
        unsupported_constructs(kernels)?;
        let sigs = kernel_signatures(kernels)?;
        if sigs.len() != launch.len() {
            return Err(ExecError::Harness(format!(
                "{} kernels but {} launch configurations",
                sigs.len(),
                launch.len()
            )));
        }
        let plan = plan(&sigs, tensors)?;
        let runtime = self.runtime_object()?;
        let dir = tempfile::Builder::new()
            .prefix("equibench-cuda-cpu-")
            .tempdir()
            .map_err(|e| ExecError::Harness(format!("cannot make a temporary directory: {e}")))?;
        let write = |name: &str, text: &str| {
            std::fs::write(dir.path().join(name), text)
                .map_err(|e| ExecError::Harness(format!("cannot write {name}: {e}")))
        };
        write("program.cu", kernels)?;
        write(
            "launch_table.cpp",
            &launch_table::source("program.cu", &plan, launch, uses_fibers(kernels)),
        )?;
        let exe = dir.path().join("program");
        let started = Instant::now();
        let built = self.build(dir.path(), &runtime, &exe);
        count(2, started.elapsed().as_nanos() as u64);
        built?;
        count(0, 1);
        Ok(Program {
            exe,
            plan,
            _dir: dir,
            limits: self.limits.clone(),
        })
    }
}

impl CpuHarness {
    /// Compile `launch_table.cpp` in `dir` (which includes the kernels) and link it with the
    /// runtime object into `exe`: compiled with `-c` (cc1 in the driver's process) and linked by
    /// the link job the driver would run ([`link`]), or in one driver invocation when that job
    /// cannot be learnt (or `split` is false); the same executable either way.
    fn build(&self, dir: &Path, runtime: &Path, exe: &Path) -> Result<(), ExecError> {
        self.build_as(dir, runtime, exe, true)
    }

    /// [`CpuHarness::build`], choosing whether to split (tests compare both ways).
    pub fn build_as(
        &self,
        dir: &Path,
        runtime: &Path,
        exe: &Path,
        split: bool,
    ) -> Result<(), ExecError> {
        let source = dir.join("launch_table.cpp");
        let compile = |rest: &[&std::ffi::OsStr]| -> Result<(), ExecError> {
            let out = Command::new(&self.clang)
                .args(["-x", "c++"])
                .args(PROGRAM_FLAGS)
                .arg("-I")
                .arg(&self.runtime_dir)
                .arg(&source)
                .args(rest)
                .current_dir(dir)
                .output()
                .map_err(|e| ExecError::Harness(format!("cannot run clang: {e}")))?;
            if !out.status.success() {
                return Err(ExecError::Compile(first_lines(&out.stderr, 8)));
            }
            Ok(())
        };
        let line = if split {
            equibench_toolchain::link::line(&self.clang, &[], 2, &LINK_TRAILING.map(String::from))
        } else {
            None
        };
        let Some(line) = line else {
            let mut rest = vec!["-x".as_ref(), "none".as_ref(), runtime.as_os_str()];
            rest.extend(LINK_TRAILING.iter().map(std::ffi::OsStr::new));
            rest.extend(["-o".as_ref(), exe.as_os_str()]);
            return compile(&rest);
        };
        let object = dir.join("launch_table.o");
        compile(&["-c".as_ref(), "-o".as_ref(), object.as_os_str()])?;
        let out = line
            .command(&[&object, runtime], exe)
            .expect("the line was learnt for two inputs")
            .current_dir(dir)
            .output()
            .map_err(|e| ExecError::Harness(format!("cannot run the linker: {e}")))?;
        if !out.status.success() {
            return Err(ExecError::Compile(first_lines(&out.stderr, 8)));
        }
        Ok(())
    }

    /// The runtime object (compiled once and cached), for tests that build programs themselves.
    pub fn runtime(&self) -> Result<PathBuf, ExecError> {
        self.runtime_object()
    }
}

impl Program {
    /// Run on every input set in both thread orders; the output of each set (the orders must agree
    /// bit for bit, else the program has a race).
    pub fn run(&self, sets: &[InputSet]) -> Result<Vec<Vec<f32>>, ExecError> {
        self.run_reversing(sets, sets.len())
    }

    /// Run on every input set forward, and the first `reversed` of them in reverse thread order
    /// too; the output of each set (where both orders ran they must agree bit for bit, else the
    /// program has a race). A race is a property of the schedule (which threads touch which
    /// locations between barriers), not of the input values, so one reversed set finds what three
    /// would; the forward-only sets still compare outputs.
    pub fn run_reversing(
        &self,
        sets: &[InputSet],
        reversed: usize,
    ) -> Result<Vec<Vec<f32>>, ExecError> {
        let reversed = reversed.min(sets.len());
        let mut runs = if reversed == 0 {
            Vec::new()
        } else {
            self.run_orders(&sets[..reversed], ORDERS)?
        };
        if reversed < sets.len() {
            runs.extend(self.run_orders(&sets[reversed..], 1)?);
        }
        let mut outputs = Vec::with_capacity(sets.len());
        for (s, mut orders) in runs.into_iter().enumerate() {
            let forward = orders.remove(0);
            for other in &orders {
                if let Some(i) = forward
                    .iter()
                    .zip(other)
                    .position(|(a, b)| a.to_bits() != b.to_bits())
                {
                    return Err(ExecError::OrderDependent(format!(
                        "input set {s}, element {i}: {} forward, {} reverse",
                        forward[i], other[i]
                    )));
                }
            }
            outputs.push(forward);
        }
        Ok(outputs)
    }

    /// Run on every input set in `orders` thread orders (1: forward; 2: forward and reverse);
    /// outputs indexed [set][order].
    pub fn run_orders(
        &self,
        sets: &[InputSet],
        orders: u32,
    ) -> Result<Vec<Vec<Vec<f32>>>, ExecError> {
        let inputs: Vec<&buffers::Buffer> = self
            .plan
            .buffers
            .iter()
            .filter(|b| b.role == Role::Input)
            .collect();
        let mut stdin = Vec::new();
        stdin.extend((sets.len() as u32).to_le_bytes());
        stdin.extend(orders.to_le_bytes());
        for (s, set) in sets.iter().enumerate() {
            if set.len() != inputs.len() {
                return Err(ExecError::Harness(format!(
                    "input set {s} has {} tensors, the operator {}",
                    set.len(),
                    inputs.len()
                )));
            }
            for (t, b) in set.iter().zip(&inputs) {
                if t.len() as u64 != b.len {
                    return Err(ExecError::Harness(format!(
                        "input {} has {} elements, the operator {}",
                        b.name,
                        t.len(),
                        b.len
                    )));
                }
                for v in t {
                    stdin.extend(v.to_le_bytes());
                }
            }
        }
        let out_len = self.plan.buffers[self.plan.output()].len as usize;
        let expected = sets.len() * orders as usize * out_len * 4;
        let cmd = SandboxCommand::new("./program")
            .copy_file("program", &self.exe, true)
            .stdin(stdin)
            .limits(Limits {
                wall: self.limits.wall,
                cpu_seconds: Some(self.limits.cpu_seconds),
                address_space: Some(self.limits.address_space),
                stdout_cap: expected + 4096,
                ..Limits::default()
            });
        let started = Instant::now();
        let run = sandbox::run_settled(&cmd, 3).map_err(|e| match e {
            e @ sandbox::SandboxError::Stalled { .. } => ExecError::Stalled(e.to_string()),
            e => ExecError::Harness(e.to_string()),
        })?;
        count(3, started.elapsed().as_nanos() as u64);
        count(1, sets.len() as u64 * u64::from(orders));
        let stderr = first_lines(&run.stderr, 4);
        match run.termination {
            Termination::Exited(0) => {}
            Termination::Exited(3) => return Err(ExecError::Unsupported(stderr)),
            // Only the CPU limit (60 s, against a few seconds for the slowest corpus programs):
            // `run_settled` never returns a wall expiry.
            Termination::WallTimeout | Termination::CpuLimit => {
                return Err(ExecError::Timeout(run.describe()))
            }
            _ => return Err(ExecError::Crash(format!("{}: {stderr}", run.describe()))),
        }
        if run.stdout.len() != expected {
            return Err(ExecError::Crash(format!(
                "wrote {} bytes of output, not {expected}",
                run.stdout.len()
            )));
        }
        let floats: Vec<f32> = run
            .stdout
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let mut it = floats.chunks_exact(out_len.max(1));
        let mut out = Vec::new();
        for _ in 0..sets.len() {
            let mut per_order = Vec::new();
            for _ in 0..orders {
                per_order.push(if out_len == 0 {
                    Vec::new()
                } else {
                    it.next().map(<[f32]>::to_vec).unwrap_or_default()
                });
            }
            out.push(per_order);
        }
        Ok(out)
    }
}

/// Do the kernels need fibers (barriers or warp primitives)? Without, each thread is a plain call.
pub fn uses_fibers(kernels: &str) -> bool {
    ["__syncthreads", "__syncwarp", "__shfl", "__activemask"]
        .iter()
        .any(|w| kernels.contains(w))
}

/// Constructs that cannot be given CPU meaning, found before compiling: inline PTX other than the
/// cp.async commit/wait statements, dynamic shared memory.
pub fn unsupported_constructs(kernels: &str) -> Result<(), ExecError> {
    let b = kernels.as_bytes();
    for word in ["asm", "__asm__"] {
        let mut from = 0;
        while let Some(rel) = kernels[from..].find(word) {
            let at = from + rel;
            from = at + word.len();
            let before_ok = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
            let after_ok = from >= b.len() || !(b[from].is_ascii_alphanumeric() || b[from] == b'_');
            if !(before_ok && after_ok) {
                continue;
            }
            // `asm volatile("...` : the statement's text is its first string literal.
            let head_end = kernels[at..].find('"').map_or(kernels.len(), |q| at + q);
            let head = &kernels[at..head_end];
            if head_end == kernels.len() || head.contains(';') || !head.contains("volatile") {
                return Err(ExecError::Unsupported(format!(
                    "inline assembly `{}`",
                    head.trim()
                )));
            }
            let literal = kernels[head_end + 1..].split('"').next().unwrap_or("");
            let allowed = literal
                .split(';')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .all(|s| PTX_ALLOWED.iter().any(|p| s.starts_with(p)));
            if !allowed {
                return Err(ExecError::Unsupported(format!(
                    "inline PTX `{}`",
                    literal.trim()
                )));
            }
        }
    }
    if kernels.contains("extern __shared__") {
        return Err(ExecError::Unsupported("dynamic shared memory".into()));
    }
    Ok(())
}

fn first_lines(bytes: &[u8], n: usize) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .take(n)
        .collect::<Vec<_>>()
        .join("\n")
}
