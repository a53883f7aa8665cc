//! Each solver strategy under its own deterministic limit (issue 27), with the real solvers: z3's
//! sorted-AC retry and cvc5 after it get smaller limits than z3's first try and cvc5's second
//! opinion on it, because their answers come fast or not at all. The fixture is a real build's
//! pair (seed 3, fmix64 from the corpus) that needs the retry, its evidence recording the limits
//! a build now gives the strategies that proved it.

use equibench_core::testing::audit_pair;
use equibench_core::{Inputs, Pair, Tools, Verdict};
use equibench_toolchain::solver::{SatResult, Strategy};
use equibench_x86::category::X86;
use equibench_x86::search::{CVC5_AFTER_RETRY_RLIMIT, CVC5_RLIMIT, Z3_SORTED_AC_RLIMIT};
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::verify::{
    self, verify_limited, Limits, UnknownReason, VerifyOutcome,
};
use equibench_x86::{Insn, Locs};
use std::path::PathBuf;
use std::time::Duration;

fn retry_pair() -> Pair {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sorted-ac-pair.jsonl"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn programs(pair: &Pair) -> (Vec<Insn>, Vec<Insn>, Locs, Locs) {
    let locs = |k: &str| Locs::parse(pair.context[k].as_str().unwrap()).unwrap();
    (
        parse_program(&pair.program_1).unwrap(),
        parse_program(&pair.program_2).unwrap(),
        locs("def_in"),
        locs("live_out"),
    )
}

fn build_limits() -> Limits {
    X86::default().search.limits(Duration::from_secs(300))
}

/// A real proof that needs z3's retry still holds under the build's per-strategy limits: z3 as it
/// comes runs out, the sorted-AC retry proves it within its own (smaller) limit, and cvc5 agrees
/// within the limit it has after a retry; held to one unit, the retry proves nothing, so its
/// own limit is the one asked under.
#[test]
fn a_proof_that_needs_z3s_retry_holds_under_the_build_limits() {
    let tools = Tools::new();
    let (p1, p2, def_in, live_out) = programs(&retry_pair());
    let limits = build_limits();
    assert_eq!(
        limits.rlimit(Strategy::Z3_SORTED_AC),
        Some(Z3_SORTED_AC_RLIMIT)
    );
    assert!(Z3_SORTED_AC_RLIMIT < limits.rlimit(Strategy::Z3).unwrap());
    let body = verify::query(&p1, &p2, &live_out);
    let first = verify::ask(&tools, Strategy::Z3, &body, &limits).unwrap();
    assert_eq!(first.result, SatResult::Unknown, "the retry is needed");
    match verify_limited(&p1, &p2, &def_in, &live_out, &tools, &limits).unwrap() {
        VerifyOutcome::Equivalent(proof) => {
            assert_eq!(proof.unsat, [Strategy::Z3_SORTED_AC, Strategy::CVC5])
        }
        other => panic!("not proved under the build's limits: {other}"),
    }
    let starved = Limits {
        z3_sorted_ac_rlimit: Some(1),
        ..limits
    };
    let out = verify_limited(&p1, &p2, &def_in, &live_out, &tools, &starved).unwrap();
    assert!(!out.is_equivalent(), "{out}");
}

/// cvc5's smaller limit applies exactly after z3's first try ran out: a query z3 as it comes
/// proves gets cvc5's usual limit, one both z3 tries leave open gets the limit after a retry.
#[test]
fn cvc5s_limit_follows_z3s_try() {
    let tools = Tools::new();
    let def_in = Locs::parse("%rdi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let a = parse_program("movl %edi, %eax\nimull $0x85ebca6b, %eax\n").unwrap();
    let b = parse_program("imull $0x85ebca6b, %edi, %eax\n").unwrap();
    let build = build_limits();
    assert_eq!(build.after_z3(Strategy::Z3), build);
    assert_eq!(
        build
            .after_z3(Strategy::Z3_SORTED_AC)
            .rlimit(Strategy::CVC5),
        Some(CVC5_AFTER_RETRY_RLIMIT)
    );
    assert_eq!(build.rlimit(Strategy::CVC5), Some(CVC5_RLIMIT));
    let limits = |z3, cvc5, cvc5_after_retry| Limits {
        z3_rlimit: Some(z3),
        z3_sorted_ac_rlimit: Some(z3),
        cvc5_rlimit: Some(cvc5),
        cvc5_after_retry_rlimit: Some(cvc5_after_retry),
        timeout: Duration::from_secs(120),
        backstop: equibench_x86::semantics::verify::Backstop::Retry,
    };
    let verify = |l: &Limits| verify_limited(&a, &b, &def_in, &live_out, &tools, l).unwrap();
    // z3 as it comes proves it: cvc5's usual limit, whatever the one after a retry is.
    let out = verify(&limits(build.z3_rlimit.unwrap(), CVC5_RLIMIT, 1));
    assert!(out.is_equivalent(), "{out}");
    // Both z3 tries held to one unit: cvc5 answers unsat under its limit after a retry (not
    // enough without z3's), and has no answer when that limit is one unit, whatever the usual.
    let reason = |out: VerifyOutcome| match out {
        VerifyOutcome::Unknown(u) => u.reason,
        other => panic!("{other}"),
    };
    assert_eq!(
        reason(verify(&limits(1, 1, CVC5_RLIMIT))),
        UnknownReason::SecondSolverUnknown
    );
    assert_eq!(
        reason(verify(&limits(1, CVC5_RLIMIT, 1))),
        UnknownReason::NoAnswer
    );
}

/// The audit re-proves the retry pair under the per-strategy limits its evidence records; a
/// recorded limit no build gave that strategy (one unit) is a contradiction naming its field.
#[test]
fn a_retry_proof_is_reproved_under_its_recorded_limits() {
    let tools = Tools::new();
    let inputs = Inputs::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    let x86 = X86::default();
    let pair = retry_pair();
    let verdict = audit_pair(&x86, &pair, &inputs, &tools);
    assert!(matches!(verdict, Verdict::Confirmed(_)), "{verdict:?}");
    for (i, solver) in ["z3", "cvc5"].into_iter().enumerate() {
        let mut starved = pair.clone();
        starved.provenance.evidence.details["solvers"][i]["rlimit"] = 1.into();
        assert_eq!(
            starved.provenance.evidence.details["solvers"][i]["solver"],
            solver
        );
        match audit_pair(&x86, &starved, &inputs, &tools) {
            Verdict::Contradicted(why) => {
                assert!(why.contains(&format!("solvers[{i}].rlimit is 1")), "{why}")
            }
            other => panic!("{solver} held to 1 unit, yet {other:?}"),
        }
    }
}
