//! End to end over the real apache-tvm and clang-19, on a small catalogue: a block makes sound,
//! schema-valid pairs whose kernels pass the clang check, audit confirms them from their evidence,
//! tampering is caught, and the same seed gives the same pairs.

use equibench_core::evidence::Evidence;
use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Pair, Tools, Verdict, VENV_PYTHON};
use equibench_cuda::clang_check::ClangCheck;
use equibench_cuda::evidence::{
    EquivalentEvidence, WitnessEvidence, EQUIVALENT_KIND, WITNESS_KIND,
};
use equibench_cuda::exec::evidence::{KernelExecution, EVIDENCE_KEY, INPUT_SETS, REVERSED_SETS};
use equibench_cuda::kernel::{header_launches, MAX_LINES, MIN_LINES};
use equibench_cuda::paths::repo_tools_dir;
use equibench_cuda::tools::{APACHE_TVM, CLANG};
use equibench_cuda::CudaCategory;
use serde_json::{json, Value};

/// Few operators, small shapes: sampling and compiling stay fast.
const SMALL_CATALOGUE: &str = r#"{
  "families": [
    {"family": "reduce_sum", "kind": "reduce", "params": {"reduce_op": "sum"},
     "shapes": [{"N": 32, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [{"change": "reduction extent shortened by one", "params": {"reduce_extent_delta": -1}}]},
    {"family": "reduce_max", "kind": "reduce", "params": {"reduce_op": "max"},
     "shapes": [{"N": 32, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [{"change": "reduction extent shortened by 128", "params": {"reduce_extent_delta": -128}}]},
    {"family": "reduce_mean", "kind": "reduce", "params": {"reduce_op": "mean"},
     "shapes": [{"N": 32, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [{"change": "reduction extent shortened by one", "params": {"reduce_extent_delta": -1}}]},
    {"family": "softmax", "kind": "softmax", "params": {},
     "shapes": [{"N": 8, "D": 256}], "unroll": [0, 16, 64, 512],
     "near_misses": [{"change": "inputs scaled by 0.5 before the softmax", "params": {"temperature_scale": 0.5}}]}
  ]
}"#;

fn inputs(dir: &std::path::Path) -> Inputs {
    std::fs::create_dir_all(dir.join("cuda")).unwrap();
    std::fs::write(dir.join("cuda/catalogue.json"), SMALL_CATALOGUE).unwrap();
    Inputs::new(dir.to_path_buf())
}

fn schema_validator() -> jsonschema::Validator {
    let text = include_str!("../../../equibench-core/schema/pair.schema.json");
    jsonschema::validator_for(&serde_json::from_str(text).unwrap()).unwrap()
}

#[test]
fn a_block_makes_sound_pairs_that_audit_confirms() {
    let tools = Tools::new();
    let data = tempfile::tempdir().unwrap();
    let inputs = inputs(data.path());
    let cat = CudaCategory::new();
    let want = Balance::new(2, 3);
    let started = std::time::Instant::now();
    let (sink, report) = generate_block(&cat, 11, 0, 1, want, &inputs, &tools).unwrap();
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "made {} pairs in {secs:.1} s; rejected {:?} {:?}",
        sink.pairs.len(),
        sink.rejected,
        report
    );
    assert_eq!(sink.pairs.len(), 5, "rejected: {:?}", sink.rejected);
    assert!(!report.exhausted);
    // One worker for the whole block.
    assert_eq!(cat.pool().started(), 1);

    let schema = schema_validator();
    let clang = ClangCheck {
        clang: tools.get(&CLANG).unwrap().path.clone(),
        shim_dir: repo_tools_dir(None).join("cuda_shim"),
    };
    let scratch = tempfile::tempdir().unwrap();
    for p in &sink.pairs {
        let v = serde_json::to_value(p).unwrap();
        assert!(schema.is_valid(&v), "{}", p.id);
        assert!(
            p.problems(&equibench_cuda::DESCRIPTOR).is_empty(),
            "{:?}",
            p.problems(&equibench_cuda::DESCRIPTOR)
        );
        for (i, prog) in [&p.program_1, &p.program_2].into_iter().enumerate() {
            let lines = prog.lines().count() as u64;
            assert!((MIN_LINES..=MAX_LINES).contains(&lines), "{lines} lines");
            assert!(!prog.contains("__CUDACC_RTC__") && prog.contains("__global__"));
            // The clang CUDA syntax check on real TVM output.
            clang.check(prog, scratch.path(), &format!("k{i}")).unwrap();
        }
        for (key, prog) in [("launch_1", &p.program_1), ("launch_2", &p.program_2)] {
            let launch = p.context[key].as_array().unwrap();
            assert!(
                !launch.is_empty() && launch[0]["grid"].is_array() && launch[0]["block"].is_array()
            );
            // The program's own header states the same launches.
            let header = header_launches(prog);
            assert_eq!(header.len(), launch.len(), "{prog}");
            for ((name, l), c) in header.iter().zip(launch) {
                assert_eq!(c["kernel"], json!(name));
                assert_eq!(c["grid"], json!(l.grid));
                assert_eq!(c["block"], json!(l.block));
            }
            assert_neutral_names(prog);
        }
        assert_ne!(p.program_1, p.program_2);
        // Kernel-execution evidence: the programs themselves ran on the CPU harness.
        let ex: KernelExecution =
            serde_json::from_value(p.provenance.evidence.details[EVIDENCE_KEY].clone()).unwrap();
        // The race check (both thread orders) ran on the first input set, the rest forward only.
        assert_eq!(ex.reversed_input_sets, Some(REVERSED_SETS));
        if p.equivalent {
            assert!(ex.input_seeds.len() >= INPUT_SETS);
            assert!(ex.programs_compared.iter().all(|c| !c.differs));
        } else {
            assert!(ex.programs_compared.iter().any(|c| c.differs));
        }
        let kind = p.provenance.evidence.kind.as_str();
        assert_eq!(
            kind,
            if p.equivalent {
                EQUIVALENT_KIND
            } else {
                WITNESS_KIND
            }
        );
        if !p.equivalent {
            let ev: WitnessEvidence = parse(p);
            assert!(ev.witness.differs && ev.witness.differing_elements > 0);
            assert_ne!(ev.operator_1, ev.operator_2);
            // Each side drew its own schedule.
            assert_ne!(ev.schedule_1.seed, ev.schedule_2.seed);
        } else {
            let ev: EquivalentEvidence = parse(p);
            assert_ne!(ev.schedule_1.trace, ev.schedule_2.trace);
            assert_ne!(ev.schedule_1.seed, ev.schedule_2.seed);
        }
        let verdict = audit_pair(&cat, p, &inputs, &tools);
        assert!(verdict.is_confirmed(), "{}: {verdict:?}", p.id);
    }
    assert!(p_names(&tools).contains("apache-tvm"));

    tampering_is_caught(&cat, &sink.pairs, &inputs, &tools);

    // The same seed and block give the same pairs (same worker, warm caches or not).
    let (again, _) = generate_block(&cat, 11, 0, 1, want, &inputs, &tools).unwrap();
    let ids = |ps: &[Pair]| ps.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&sink.pairs), ids(&again.pairs));
}

/// Buffers are named after their role (`in0`, `out`, `tmp0`, and TVM's scheduling suffixes), never
/// after the operator: no TE or TOPI op name survives in the text.
fn assert_neutral_names(prog: &str) {
    for word in [
        "T_",
        "reduce",
        "softmax",
        "maxelem",
        "pool",
        "matmul",
        "conv",
        "relu",
        "norm",
        "data",
        "compute",
        "kernel_ptr",
        "bias",
        "gamma",
        "beta",
        "weight",
        "residual",
    ] {
        assert!(
            !prog.contains(word),
            "`{word}` names an operator in\n{prog}"
        );
    }
    let params = prog
        .lines()
        .filter(|l| l.contains("__global__") && l.ends_with(");"))
        .flat_map(|l| l.split("float* __restrict__ ").skip(1))
        .map(|p| p.split([',', ')']).next().unwrap().to_string());
    for p in params {
        let base = p.strip_suffix("_ptr").unwrap_or(&p);
        let role = base.trim_end_matches(|c: char| c.is_ascii_digit());
        assert!(["in", "out", "tmp"].contains(&role), "parameter {p}");
    }
}

fn p_names(tools: &Tools) -> String {
    tools.venv_package(&APACHE_TVM).unwrap().name
}

fn parse<T: serde::de::DeserializeOwned>(p: &Pair) -> T {
    equibench_cuda::evidence::parse(&p.provenance.evidence).unwrap()
}

fn reid(mut p: Pair) -> Pair {
    p.id = p.expected_id();
    p
}

fn tampering_is_caught(cat: &CudaCategory, pairs: &[Pair], inputs: &Inputs, tools: &Tools) {
    let eq = pairs.iter().find(|p| p.equivalent).unwrap();
    let ineq = pairs.iter().find(|p| !p.equivalent).unwrap();

    // A program that its trace does not produce.
    let mut p = eq.clone();
    p.program_2 = p.program_2.replacen("threadIdx.x", "threadIdx.y", 1);
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(matches!(v, Verdict::Contradicted(_)), "{v:?}");

    // Evidence without the kernels' execution record.
    let mut p = eq.clone();
    p.provenance.evidence.details.remove(EVIDENCE_KEY);
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(
        matches!(&v, Verdict::Contradicted(d) if d.contains(EVIDENCE_KEY)),
        "{v:?}"
    );

    // A recorded kernel comparison that re-execution does not reproduce.
    let mut p = ineq.clone();
    let ex = p.provenance.evidence.details.get_mut(EVIDENCE_KEY).unwrap();
    ex["programs_compared"][0]["differing_elements"] = json!(1_000_000);
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(
        matches!(&v, Verdict::Contradicted(d) if d.contains("recorded comparison")),
        "{v:?}"
    );

    // A record whose race check ran on no input set.
    let mut p = eq.clone();
    let ex = p.provenance.evidence.details.get_mut(EVIDENCE_KEY).unwrap();
    ex["reversed_input_sets"] = json!(0);
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(
        matches!(&v, Verdict::Contradicted(d) if d.contains("reverse thread order")),
        "{v:?}"
    );

    // A record from before the count was recorded (every input set in both orders) still audits,
    // re-executed as it was made.
    let mut p = eq.clone();
    let ex = p.provenance.evidence.details.get_mut(EVIDENCE_KEY).unwrap();
    ex.as_object_mut().unwrap().remove("reversed_input_sets");
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(
        matches!(&v, Verdict::Confirmed(d) if d.contains("3 input set(s), 3 of them in 2 thread orders")),
        "{v:?}"
    );

    // An equivalent label carried by witness evidence.
    let mut p = ineq.clone();
    p.equivalent = true;
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(matches!(v, Verdict::Contradicted(_)), "{v:?}");

    // A "witness" between two schedules of the same operator: the recomputed outputs agree.
    let ev: EquivalentEvidence = parse(eq);
    let mut p = eq.clone();
    p.equivalent = false;
    let fake = json!({
        "operator_1": ev.operator, "operator_2": ev.operator, "target": ev.target,
        "unroll_max_steps_1": ev.unroll_max_steps, "unroll_max_steps_2": ev.unroll_max_steps,
        "schedule_1": ev.schedule_1, "schedule_2": ev.schedule_2,
        "executed_on": "cpu", "input_seed": 5, "input_rule": "", "rtol": 1e-3, "atol": 1e-3,
        "witness": {"comparable": true, "differs": true}, "syntax_check": ""
    });
    p.provenance.evidence = Evidence::new(WITNESS_KIND, &fake);
    let v = audit_pair(cat, &reid(p), inputs, tools);
    assert!(
        matches!(&v, Verdict::Contradicted(d) if d.contains("no witness")),
        "{v:?}"
    );
}

#[test]
fn the_category_registers_as_cuda() {
    let c = equibench_cuda::category();
    assert_eq!(c.name().as_str(), "CUDA");
    assert!(c.required_tools().contains(&&VENV_PYTHON));
    assert!(c.venv_packages().contains(&&APACHE_TVM));
}

/// One dense + relu family: the operator of the forgery issue 15 describes.
const DENSE_RELU_CATALOGUE: &str = r#"{
  "families": [
    {"family": "dense_relu", "kind": "dense", "params": {"activation": "relu"},
     "shapes": [{"M": 64, "N": 64, "K": 64}], "unroll": [0, 16, 64, 512],
     "near_misses": [{"change": "activation dropped (relu removed)", "params": {"activation": "none"}}]}
  ]
}"#;

/// What a forger with TVM at hand does to schedule_2 of a pair: apply its trace, then one more
/// schedule instruction, and print the new trace and the kernels it gives.
const FORGER: &str = r#"
import json, re, sys
sys.path.insert(0, sys.argv[1])
import tvm_worker as w
import tvm
req = json.load(sys.stdin)
op = req["operator"]
sch = tvm.s_tir.Schedule(w.build_module(op))
tvm.s_tir.schedule.Trace.apply_json_to_schedule(req["trace"], sch)
kernels = w.kernel_of(sch, op)["kernels"]
shared = sorted({m[:-4] if m.endswith("_ptr") else m
                 for m in re.findall(r"__shared__ (?:alignas\(\d+\) )?float (\w+)\[", kernels)})
block = sch.get_sblock(shared[0])
if req["mode"] == "unsafe_set_dtype":
    sch.unsafe_set_dtype(block, 0, "int32")  # the shared copy truncates its inputs to integers
else:
    sch.annotate(block, "equibench_forged", 1)  # an allowed kind, but not what sampling records
print(json.dumps({"trace": w.plain(sch.trace.as_json()), "kernels": w.kernel_of(sch, op)["kernels"]}))
"#;

/// Issue 15's forgery: a real dense + relu pair whose second trace is edited with `unsafe_set_dtype`
/// (and, separately, with an allowed instruction sampling never adds), its program, sha256 and id
/// regenerated to match. The audit must refuse both traces, not only compare text.
#[test]
fn a_forged_trace_fails_the_audit() {
    let tools = Tools::new();
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(data.path().join("cuda")).unwrap();
    std::fs::write(
        data.path().join("cuda/catalogue.json"),
        DENSE_RELU_CATALOGUE,
    )
    .unwrap();
    let inputs = Inputs::new(data.path().to_path_buf());
    let cat = CudaCategory::new();
    let (sink, _) = generate_block(&cat, 5, 0, 1, Balance::new(1, 0), &inputs, &tools).unwrap();
    let honest = sink.pairs.first().expect("one equivalent dense+relu pair");
    assert!(audit_pair(&cat, honest, &inputs, &tools).is_confirmed());
    let ev: EquivalentEvidence = parse(honest);
    assert_eq!(ev.operator.kind, "dense");

    let python = tools.get(&VENV_PYTHON).unwrap().path.clone();
    for (mode, expected) in [
        ("unsafe_set_dtype", "outside the allow-list: UnsafeSetDType"),
        ("annotate", "is not design space"),
    ] {
        let mut child = std::process::Command::new(&python)
            .arg("-c")
            .arg(FORGER)
            .arg(repo_tools_dir(None))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let request = json!({"operator": ev.operator, "trace": ev.schedule_2.trace, "mode": mode});
        std::io::Write::write_all(
            child.stdin.as_mut().unwrap(),
            request.to_string().as_bytes(),
        )
        .unwrap();
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "forger failed in mode {mode}");
        let forged: Value = serde_json::from_slice(
            out.stdout
                .split(|b| *b == b'\n')
                .rfind(|l| l.starts_with(b"{"))
                .unwrap(),
        )
        .unwrap();
        let kernels = forged["kernels"].as_str().unwrap().to_string();
        if mode == "unsafe_set_dtype" {
            assert_ne!(kernels, honest.program_2, "the forgery changes the kernels");
        }
        let mut p = honest.clone();
        let sched = &mut p.provenance.evidence.details.get_mut("schedule_2").unwrap();
        sched["trace"] = forged["trace"].clone();
        sched["kernels_sha256"] = json!(equibench_core::pair::sha256_hex(kernels.as_bytes()));
        p.program_2 = kernels;
        let v = audit_pair(&cat, &reid(p), &inputs, &tools);
        assert!(
            matches!(&v, Verdict::Contradicted(d) if d.contains(expected)),
            "{mode}: {v:?}"
        );
    }
}
