//! Re-check an x86-64 pair from its two program texts, its context and its evidence alone:
//! equivalent pairs are proved again by both solvers, z3 and cvc5 (each must answer `unsat`; a
//! `sat` from either contradicts the label, no answer leaves the pair unchecked); inequivalent
//! pairs have their recorded counterexample run again natively, and the live_out values must
//! differ and match the record.

use crate::codec;
use crate::corpus::program_text;
use crate::evidence::{
    self, EquivalentEvidence, InequivalentEvidence, OutcomeRecord, KIND_EQUIVALENT,
    KIND_INEQUIVALENT,
};
use crate::locs::Locs;
use crate::native::{self, Case, Job};
use crate::parse::parse_program;
use crate::source::{Side, SourceRecord};
use crate::verify::{self, check_defined, Limits, VerifyOutcome};
use equibench_core::{AuditContext, Pair, Verdict};
use equibench_toolchain::solver::{SatResult, Solver, Strategy};
use serde_json::Value;
use std::time::Duration;

/// Audit one x86-64 pair.
pub fn audit(pair: &Pair, ctx: &AuditContext, timeout: Duration) -> Verdict {
    let ev = &pair.provenance.evidence;
    let kind = ev.kind.as_str();
    let expected = if pair.equivalent {
        KIND_EQUIVALENT
    } else {
        KIND_INEQUIVALENT
    };
    if kind != expected {
        return Verdict::Contradicted(format!(
            "evidence kind `{kind}` does not fit the label (expected `{expected}`)"
        ));
    }
    let locs = |key: &str| {
        pair.context
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("context lacks `{key}`"))
            .and_then(|t| Locs::parse(t).map_err(|e| format!("context `{key}`: {e}")))
    };
    let (def_in, live_out) = match (locs("def_in"), locs("live_out")) {
        (Ok(d), Ok(l)) if !l.is_empty() => (d, l),
        (Ok(_), Ok(_)) => return Verdict::Contradicted("live_out is empty".into()),
        (Err(e), _) | (_, Err(e)) => return Verdict::Contradicted(e),
    };
    let mut programs = Vec::new();
    for (name, text) in [
        ("program_1", &pair.program_1),
        ("program_2", &pair.program_2),
    ] {
        match parse_program(text) {
            Ok(p) => programs.push(p),
            Err(e) => {
                return Verdict::Contradicted(format!("{name} is outside the x86-64 subset: {e}"))
            }
        }
    }
    let (p1, p2) = (&programs[0], &programs[1]);
    if let Err(why) = check_texts(pair, p1, p2) {
        return Verdict::Contradicted(why);
    }
    for (p, label) in [(p1, "program_1"), (p2, "program_2")] {
        if let Err(e) = check_defined(p, &def_in, &live_out, "") {
            return Verdict::Contradicted(format!("{label}: {e}"));
        }
        if !native::cpu_supports_all(p) {
            return Verdict::Inconclusive(format!(
                "{label} uses an instruction set extension this CPU lacks"
            ));
        }
    }
    if pair.equivalent {
        match evidence::parse::<EquivalentEvidence>(ev).and_then(|e| recorded_strategies(&e)) {
            Ok(recorded) => reprove(p1, p2, &def_in, &live_out, &recorded, ctx, timeout),
            Err(why) => Verdict::Contradicted(why),
        }
    } else {
        match evidence::parse::<InequivalentEvidence>(ev) {
            Ok(e) => rerun_counterexample(&e, &def_in, &live_out, p1, p2, ctx),
            Err(why) => Verdict::Contradicted(why),
        }
    }
}

/// How one solver answered `unsat` by the evidence: the strategy and the deterministic limit it
/// had (`null` when the build gave it only the wall clock).
#[derive(Debug, Clone, Copy)]
struct Recorded {
    strategy: Strategy,
    rlimit: Option<u64>,
}

/// The way each solver answered `unsat` by the evidence of an equivalent pair, z3 first: both
/// must be recorded, with options this audit knows.
fn recorded_strategies(ev: &EquivalentEvidence) -> Result<Vec<Recorded>, String> {
    let mut recorded = Vec::new();
    for solver in Solver::BOTH {
        let record = ev.solvers.iter().find(|r| r.solver == solver.name());
        let said = record.map(|r| r.answer.as_str());
        if said != Some("unsat") {
            return Err(format!(
                "the evidence does not record `unsat` from {} (it records {said:?})",
                solver.name()
            ));
        }
        let options: Vec<&str> = record
            .map(|r| r.options.iter().map(String::as_str).collect())
            .unwrap_or_default();
        let strategy = Strategy::find(solver, &options).ok_or_else(|| {
            format!(
                "the evidence asks {} with options {options:?}, which no strategy of this \
                 pipeline uses",
                solver.name()
            )
        })?;
        recorded.push(Recorded {
            strategy,
            rlimit: record.and_then(|r| r.rlimit),
        });
    }
    Ok(recorded)
}

/// Ask both solvers the query again, the way the evidence says each answered and under the
/// deterministic limit it records (the claim is "unsat within this many units", and rlimit
/// counts do not depend on the machine; the audit's wall clock is then only a backstop), or
/// with the audit's wall-clock limit where none is recorded: confirmed when both answer
/// `unsat`; a `sat` from either contradicts the label (replayed natively to say whether the
/// hardware shows it too); otherwise inconclusive.
fn reprove(
    p1: &[crate::Insn],
    p2: &[crate::Insn],
    def_in: &Locs,
    live_out: &Locs,
    recorded: &[Recorded],
    ctx: &AuditContext,
    timeout: Duration,
) -> Verdict {
    let body = verify::query(p1, p2, live_out);
    // Each strategy under its own recorded limit (one z3 line and one cvc5 line are recorded,
    // so z3's limit is the one of whichever z3 strategy answered).
    let rlimit_of = |solver: Solver| {
        recorded
            .iter()
            .find(|r| r.strategy.solver == solver)
            .and_then(|r| r.rlimit)
    };
    let limits = Limits {
        z3_rlimit: rlimit_of(Solver::Z3),
        z3_sorted_ac_rlimit: rlimit_of(Solver::Z3),
        cvc5_rlimit: rlimit_of(Solver::Cvc5),
        cvc5_after_retry_rlimit: rlimit_of(Solver::Cvc5),
        timeout,
    };
    let mut proved = Vec::new();
    let mut open = Vec::new();
    for Recorded { strategy, rlimit } in recorded {
        let solver = strategy.solver;
        let version = match ctx.tools.get(solver.tool()) {
            Ok(t) => t.version.clone(),
            Err(e) => {
                open.push(e.to_string());
                continue;
            }
        };
        let answer = match verify::ask(ctx.tools, *strategy, &body, &limits) {
            Ok(a) => a,
            Err(e) => {
                open.push(e.to_string());
                continue;
            }
        };
        let who = match strategy.options {
            [] => format!("{} {version}", solver.name()),
            options => format!("{} {version} ({})", solver.name(), options.join(", ")),
        };
        match answer.result {
            SatResult::Unsat => proved.push(format!("{who}: unsat")),
            SatResult::Unknown => open.push(match rlimit {
                Some(r) => format!("{who} gave no answer within its recorded rlimit {r}"),
                None => format!("{who} gave no answer within {timeout:.0?}"),
            }),
            SatResult::Sat => {
                let native = match verify::confirm(p1, p2, def_in, live_out, &answer, ctx.tools) {
                    Ok(VerifyOutcome::Counterexample(c)) => {
                        format!("; the counterexample reproduces natively:\n{c}")
                    }
                    Ok(VerifyOutcome::Unknown(why)) => format!("; not confirmed natively: {why}"),
                    Ok(VerifyOutcome::Equivalent(_)) => String::new(),
                    Err(e) => format!("; not confirmed natively: {e}"),
                };
                return Verdict::Contradicted(format!(
                    "labelled equivalent, but {who} answers sat{native}"
                ));
            }
        }
    }
    if !open.is_empty() {
        return Verdict::Inconclusive(open.join("; "));
    }
    Verdict::Confirmed(format!(
        "{} (no def_in assignment makes a live_out bit differ)",
        proved.join(", ")
    ))
}

/// The texts must be exactly what the pipeline prints for the parsed programs (so an edit that
/// leaves the semantics alone, such as a comment, is still caught), under one label, and the side
/// the source names (`target_is`, program_1 by default) must be the target it records.
fn check_texts(pair: &Pair, p1: &[crate::Insn], p2: &[crate::Insn]) -> Result<(), String> {
    let label = |text: &str| {
        text.lines()
            .next()
            .and_then(|l| l.strip_suffix(':'))
            .map(str::to_string)
            .ok_or_else(|| "a program does not start with its label line".to_string())
    };
    let (l1, l2) = (label(&pair.program_1)?, label(&pair.program_2)?);
    if l1 != l2 {
        return Err(format!("the programs have different labels ({l1} vs {l2})"));
    }
    for (name, text, program) in [
        ("program_1", &pair.program_1, p1),
        ("program_2", &pair.program_2, p2),
    ] {
        if program_text(&l1, program) != *text {
            return Err(format!(
                "{name} is not the text the pipeline prints for its instructions (edited after \
                 the build?)"
            ));
        }
    }
    // The target is program_1 unless the source says otherwise (pairs order their sides by a
    // coin of the seed).
    let source = SourceRecord::parse(&pair.provenance.source)?;
    let target_text = match source.target_is() {
        Side::Program1 => &pair.program_1,
        Side::Program2 => &pair.program_2,
    };
    let recorded = source.target_sha256();
    let actual = equibench_core::pair::sha256_hex(target_text.as_bytes());
    if recorded != actual {
        return Err(format!(
            "the target side's sha256 is {actual}, the source records the target as {recorded}"
        ));
    }
    Ok(())
}

fn rerun_counterexample(
    ev: &InequivalentEvidence,
    def_in: &Locs,
    live_out: &Locs,
    p1: &[crate::Insn],
    p2: &[crate::Insn],
    ctx: &AuditContext,
) -> Verdict {
    let regs = match evidence::read_register_values(def_in, &ev.counterexample) {
        Ok(r) => r,
        Err(e) => return Verdict::Contradicted(format!("counterexample: {e}")),
    };
    if (0..16).any(|n| regs[n] & !def_in.regs[n] != 0) {
        return Verdict::Contradicted("the counterexample sets bits outside def_in".into());
    }
    let input = Case { regs, flags: 0 };
    let (code_1, code_2) = match (codec::encode(p1), codec::encode(p2)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            return Verdict::Contradicted(format!("a program cannot be encoded: {e}"))
        }
    };
    let cases = [input];
    let results = match native::run(
        ctx.tools,
        &[
            Job {
                code: &code_1,
                cases: &cases,
            },
            Job {
                code: &code_2,
                cases: &cases,
            },
        ],
    ) {
        Ok(r) => r,
        Err(e) => return Verdict::Inconclusive(format!("native run failed: {e}")),
    };
    let (o1, o2) = (results[0][0], results[1][0]);
    if !crate::verify::differs(&o1, &o2, live_out) {
        return Verdict::Contradicted(
            "the recorded counterexample gives both programs the same live_out natively".into(),
        );
    }
    if verify::differs_only_in_undefined_bits(p1, p2, live_out, &input) {
        return Verdict::Contradicted(
            "the programs differ on the counterexample only in architecturally undefined bits"
                .into(),
        );
    }
    for (key, o, recorded) in [
        ("program_1", &o1, &ev.program_1),
        ("program_2", &o2, &ev.program_2),
    ] {
        let ran = OutcomeRecord::new(live_out, o);
        if ran != *recorded {
            return Verdict::Contradicted(format!(
                "{key}'s live_out on the counterexample is {ran}, the evidence says {recorded}"
            ));
        }
    }
    Verdict::Confirmed(format!(
        "counterexample {} reproduces natively: program_1 {} vs program_2 {}",
        serde_json::to_value(evidence::register_values(def_in, &input.regs)).unwrap_or(Value::Null),
        OutcomeRecord::new(live_out, &o1),
        OutcomeRecord::new(live_out, &o2)
    ))
}
