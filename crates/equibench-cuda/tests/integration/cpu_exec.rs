//! The CPU execution harness, validated against TVM itself: for every operator family of the shipped
//! catalogue (at its smallest shape), two sampled CUDA schedules run on the CPU harness give TVM's
//! own CPU build's output (target llvm) within the dataset's tolerance; a planted race (a removed
//! `__syncthreads`) and a wrong index are caught; unsupported constructs are classified rejections.
//! Real apache-tvm and clang-19, small shapes.

use equibench_core::{Inputs, Tools};
use equibench_cuda::catalogue::{Catalogue, Operator, DEFAULT_CATALOGUE};
use equibench_cuda::env::Env;
use equibench_cuda::exec::compare::compare;
use equibench_cuda::exec::reference::{reference, tensors};
use equibench_cuda::exec::{CpuHarness, ExecError, Program};
use equibench_cuda::kernel::{MAX_LINES, MIN_LINES};
use equibench_cuda::paths::repo_tools_dir;
use equibench_cuda::tools::CLANG;
use equibench_cuda::tvm::{Schedule, Tvm, ATOL, RTOL};
use equibench_cuda::worker::WorkerPool;
use std::time::Instant;

struct Fixture {
    env: Env,
    pool: WorkerPool,
    harness: CpuHarness,
}

fn fixture() -> Fixture {
    let tools = Tools::new();
    let env = Env::new(&tools, &Inputs::default()).unwrap();
    let harness = CpuHarness::new(
        tools.get(&CLANG).unwrap().path.clone(),
        &repo_tools_dir(None),
    );
    Fixture {
        env,
        pool: WorkerPool::new(),
        harness,
    }
}

impl Fixture {
    fn tvm(&self) -> Tvm<'_> {
        Tvm::new(&self.pool, self.env.worker.clone())
    }
}

fn schedules(tvm: &Tvm, op: &Operator, unroll: &[u32], want: usize) -> Vec<Schedule> {
    tvm.sample(op, unroll, 7, want, (MIN_LINES, MAX_LINES), 240)
        .unwrap()
        .schedules
}

fn compile(f: &Fixture, tvm: &Tvm, op: &Operator, s: &Schedule) -> Result<Program, ExecError> {
    let t = tensors(tvm, op).unwrap();
    f.harness.compile(&s.kernels, &s.launch, &t)
}

#[test]
fn every_family_runs_as_tvm_computes_it_on_cpu() {
    let f = fixture();
    let tvm = f.tvm();
    let catalogue = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
    let started = Instant::now();
    let (mut kernels_run, mut exec_secs, mut compile_secs) = (0, 0.0, 0.0);
    for family in &catalogue.families {
        // The smallest shape keeps sampling and execution fast.
        let shape = (0..family.shapes.len())
            .min_by_key(|&s| tensors(&tvm, &family.operator(s)).unwrap().output.len())
            .unwrap();
        let op = family.operator(shape);
        let scheds = schedules(&tvm, &op, &family.unroll, 2);
        assert!(!scheds.is_empty(), "{}: no schedule", family.family);
        let refs = reference(&tvm, &op, &[1]).unwrap();
        for s in &scheds {
            let t0 = Instant::now();
            let program = compile(&f, &tvm, &op, s)
                .unwrap_or_else(|e| panic!("{} seed {}: {e}", family.family, s.seed));
            let t1 = Instant::now();
            let out = program
                .run(&[refs[0].inputs.clone()])
                .unwrap_or_else(|e| panic!("{} seed {}: {e}", family.family, s.seed));
            compile_secs += (t1 - t0).as_secs_f64();
            exec_secs += t1.elapsed().as_secs_f64();
            kernels_run += 1;
            let agreement = compare(&out[0], &refs[0].output, RTOL, ATOL);
            assert!(
                !agreement.differs,
                "{} seed {}: the harness differs from TVM's CPU build: {agreement:?}\n{}",
                family.family, s.seed, s.kernels
            );
        }
    }
    eprintln!(
        "{} families, {kernels_run} programs: compile {compile_secs:.1} s, run {exec_secs:.1} s, \
         all {:.1} s",
        catalogue.families.len(),
        started.elapsed().as_secs_f64()
    );
}

/// The reduce_sum family at a shape whose schedules use shared memory and barriers.
fn reduce_sum() -> Operator {
    serde_json::from_value(serde_json::json!({
        "kind": "reduce", "params": {"reduce_op": "sum", "N": 16, "D": 256}
    }))
    .unwrap()
}

/// `kernels` with its `i`-th `__syncthreads();` removed.
fn without_barrier(kernels: &str, i: usize) -> String {
    let mut n = 0;
    kernels
        .split_inclusive("__syncthreads();")
        .map(|piece| {
            n += 1;
            if n == i + 1 {
                piece.replacen("__syncthreads();", ";", 1)
            } else {
                piece.to_string()
            }
        })
        .collect()
}

#[test]
fn planted_races_wrong_indices_and_unsupported_constructs_are_caught() {
    let f = fixture();
    let tvm = f.tvm();
    let op = reduce_sum();
    let refs = reference(&tvm, &op, &[3]).unwrap();
    let t = tensors(&tvm, &op).unwrap();
    let scheds = schedules(&tvm, &op, &[0, 16, 64, 512], 6);
    let with_barrier = scheds
        .iter()
        .find(|s| s.kernels.matches("__syncthreads();").count() >= 1)
        .expect("a schedule with a barrier");
    let original = f
        .harness
        .compile(&with_barrier.kernels, &with_barrier.launch, &t)
        .unwrap();
    let out = original.run(&[refs[0].inputs.clone()]).unwrap();
    assert!(!compare(&out[0], &refs[0].output, RTOL, ATOL).differs);

    // Remove each barrier in turn: some removal must change the result or make it order-dependent.
    let barriers = with_barrier.kernels.matches("__syncthreads();").count();
    // Each barrier removed in turn, compiled once for both checks below.
    let mutants: Vec<_> = (0..barriers)
        .map(|i| {
            let mutated = without_barrier(&with_barrier.kernels, i);
            f.harness
                .compile(&mutated, &with_barrier.launch, &t)
                .unwrap()
        })
        .collect();
    let mut caught = 0;
    for (i, p) in mutants.iter().enumerate() {
        match p.run(&[refs[0].inputs.clone()]) {
            Err(ExecError::OrderDependent(_)) => caught += 1,
            Ok(out) if compare(&out[0], &refs[0].output, RTOL, ATOL).differs => caught += 1,
            Ok(_) => {}
            Err(e) => panic!("barrier {i} removed: {e}"),
        }
    }
    eprintln!("{caught} of {barriers} removed barriers caught");
    assert!(caught >= 1, "no removed barrier was caught");

    // Reversing only the first of three input sets: a race is still caught (on that set), and
    // nothing else changes; with no set reversed the same program passes, so it is the reverse
    // run that catches it.
    let sets: Vec<_> = reference(&tvm, &op, &[3, 4, 5])
        .unwrap()
        .into_iter()
        .map(|r| r.inputs)
        .collect();
    assert_eq!(
        original.run_reversing(&sets, 1).unwrap(),
        original.run(&sets).unwrap()
    );
    let mut racy = 0;
    for p in &mutants {
        if let Err(ExecError::OrderDependent(_)) = p.run(&sets) {
            racy += 1;
            assert!(matches!(
                p.run_reversing(&sets, 1),
                Err(ExecError::OrderDependent(_))
            ));
            assert!(p.run_reversing(&sets, 0).is_ok());
        }
    }
    assert!(racy >= 1, "no removed barrier made a race");

    // A wrong index: the output element of each row written one row off (mod N).
    let out_param = " out_ptr[";
    let any = scheds
        .iter()
        .find(|s| s.kernels.contains(out_param))
        .unwrap();
    let at = any.kernels.find(out_param).unwrap() + out_param.len();
    let close = at
        + any.kernels[at..]
            .find("] =")
            .expect("a store to the output");
    let wrong = format!(
        "{}((({}) + 1) % 16){}",
        &any.kernels[..at],
        &any.kernels[at..close],
        &any.kernels[close..]
    );
    let p = f.harness.compile(&wrong, &any.launch, &t).unwrap();
    let out = p.run(&[refs[0].inputs.clone()]).unwrap();
    assert!(compare(&out[0], &refs[0].output, RTOL, ATOL).differs);

    // Inline PTX beyond cp.async commit/wait is refused before compiling.
    let body_start = any.kernels.rfind(") {\n").unwrap() + 4;
    let insert = |stmt: &str| {
        format!(
            "{}  {stmt}\n{}",
            &any.kernels[..body_start],
            &any.kernels[body_start..]
        )
    };
    let ptx =
        insert(r#"asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(0), "l"(0));"#);
    let e = f.harness.compile(&ptx, &any.launch, &t).err().unwrap();
    assert_eq!(e.reason(), "kernel-unsupported-construct", "{e}");
    let commit = insert(r#"asm volatile("cp.async.commit_group;");"#);
    let p = f.harness.compile(&commit, &any.launch, &t).unwrap();
    assert!(p.run(&[refs[0].inputs.clone()]).is_ok());
    // An atomic compiles, and stops the run as unsupported when it executes.
    let atomic = insert("atomicAdd(data_ptr, 1.0f);");
    let p = f.harness.compile(&atomic, &any.launch, &t).unwrap();
    let e = p.run(&[refs[0].inputs.clone()]).unwrap_err();
    assert_eq!(e.reason(), "kernel-unsupported-construct", "{e}");
    // A kernel that never ends is a timeout, not a hang: its CPU limit, well under its wall limit
    // (equal limits raced, and on a loaded machine the wall limit won three times: "stalled").
    let mut h = f.harness.clone();
    h.limits.wall = std::time::Duration::from_secs(6);
    h.limits.cpu_seconds = 1;
    let spin = insert("for (volatile int spin = 0; spin >= 0; spin += 0) {}");
    let p = h.compile(&spin, &any.launch, &t).unwrap();
    let e = p.run(&[refs[0].inputs.clone()]).unwrap_err();
    assert_eq!(e.reason(), "kernel-exec-timeout", "{e}");
}

/// A program compiled with `-c` and linked by the learnt link job is the executable one driver
/// invocation (compile and link) makes, byte for byte, for a kernel with barriers and one without.
#[test]
fn the_split_build_makes_the_same_executable_as_one_invocation() {
    use equibench_cuda::exec::buffers::{kernel_signatures, plan};
    use equibench_cuda::exec::{launch_table, uses_fibers};
    let f = fixture();
    let tvm = f.tvm();
    let op = reduce_sum();
    let t = tensors(&tvm, &op).unwrap();
    let scheds = schedules(&tvm, &op, &[0, 16, 64, 512], 6);
    let with = scheds.iter().find(|s| uses_fibers(&s.kernels)).unwrap();
    let without = scheds.iter().find(|s| !uses_fibers(&s.kernels)).unwrap();
    let runtime = f.harness.runtime().unwrap();
    for s in [with, without] {
        let dir = tempfile::tempdir().unwrap();
        let p = plan(&kernel_signatures(&s.kernels).unwrap(), &t).unwrap();
        std::fs::write(dir.path().join("program.cu"), &s.kernels).unwrap();
        std::fs::write(
            dir.path().join("launch_table.cpp"),
            launch_table::source("program.cu", &p, &s.launch, uses_fibers(&s.kernels)),
        )
        .unwrap();
        let (split, whole) = (dir.path().join("split"), dir.path().join("whole"));
        f.harness
            .build_as(dir.path(), &runtime, &split, true)
            .unwrap();
        f.harness
            .build_as(dir.path(), &runtime, &whole, false)
            .unwrap();
        assert!(dir.path().join("launch_table.o").is_file(), "not split");
        assert_eq!(
            std::fs::read(&split).unwrap(),
            std::fs::read(&whole).unwrap(),
            "seed {}",
            s.seed
        );
    }
}
