//! Re-check an x86-64 pair from its two program texts, its context and its evidence alone:
//! equivalent pairs are proved again by both solvers, z3 and cvc5 (each must answer `unsat`; a
//! `sat` from either contradicts the label, no answer leaves the pair unchecked) on the query
//! rebuilt from the texts, whose sha256 must be the one the evidence records, under the
//! strategy and the limit it records, which must be the category's; inequivalent pairs have
//! their recorded counterexample run again natively, and the live_out values must differ and
//! match the record; a recorded disagreement (how many of [`subtlety::TRIALS`] fresh inputs
//! show a difference) is counted again on the same inputs, in the same launch. Nothing the
//! record says about how to check it is taken on trust: every parameter is the category's rule
//! or checked against it.

use crate::corpus::program_text;
use crate::evidence::{
    self, EquivalentEvidence, InequivalentEvidence, OutcomeRecord, SolverAnswer, KIND_EQUIVALENT,
    KIND_INEQUIVALENT, QUERY,
};
use crate::search::{CVC5_AFTER_RETRY_RLIMIT, CVC5_RLIMIT, Z3_RLIMIT, Z3_SORTED_AC_RLIMIT};
use crate::semantics::codec;
use crate::semantics::locs::Locs;
use crate::semantics::native::{self, Case, Job};
use crate::semantics::parse::parse_program;
use crate::semantics::verify::{self, check_defined, Backstop, Limits, VerifyOutcome};
use crate::source::SourceRecord;
use crate::subtlety;
use crate::Insn;
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::pair::Side;
use equibench_core::{AuditContext, Pair, Verdict};
use equibench_toolchain::solver::{SatResult, Solver, Strategy};
use serde_json::Value;

/// z3's limits builds of this pipeline recorded before their evidence had a query digest (issue
/// 36): 10,000,000 for both tries before issue 27 (the shipped exemplars), then 6,000,000, and
/// 2,500,000 for the sorted-AC retry. A record without a digest must name one of these.
const EARLIER_Z3_RLIMITS: [u64; 3] = [10_000_000, Z3_RLIMIT, Z3_SORTED_AC_RLIMIT];
/// cvc5's, likewise: 100,000 before issue 27, then 75,000, and 30,000 after z3's retry.
const EARLIER_CVC5_RLIMITS: [u64; 3] = [100_000, CVC5_RLIMIT, CVC5_AFTER_RETRY_RLIMIT];

/// The query a pair's texts give, program_1 first: what the audit asks the solvers and what a
/// build must have asked (it compares the digests before it makes the pair).
pub fn pair_query(program_1: &str, program_2: &str, live_out: &Locs) -> Result<String, String> {
    let parse = |name: &str, text: &str| {
        parse_program(text).map_err(|e| format!("{name} is outside the x86-64 subset: {e}"))
    };
    let (p1, p2) = (
        parse("program_1", program_1)?,
        parse("program_2", program_2)?,
    );
    Ok(verify::query(&p1, &p2, live_out))
}

/// Audit one x86-64 pair. `rules` are the limits the category gives each solver strategy (a
/// build's, [`crate::search::Config::limits`]); their `timeout` is the audit's backstop per solver
/// call (time the solver could run).
pub fn audit(pair: &Pair, ctx: &AuditContext, rules: &Limits) -> Verdict {
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
    if let Some(d) = pair.disagreement() {
        if pair.equivalent {
            return Verdict::Contradicted("an equivalent pair records a disagreement".into());
        }
        if let Some(problem) = d.problem() {
            return Verdict::Contradicted(problem);
        }
    }
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
    let sides = Sides {
        p1,
        p2,
        live_out: &live_out,
    };
    if pair.equivalent {
        let checked = evidence::parse::<EquivalentEvidence>(ev).and_then(|e| {
            let recorded = recorded_strategies(&e, rules)?;
            check_equivalent_constants(&e)?;
            let asked = sides.query(pair, e.query_sha256.as_deref())?;
            Ok((recorded, asked))
        });
        match checked {
            Ok((recorded, asked)) => reprove(&sides, &def_in, &asked, &recorded, ctx, rules),
            Err(why) => Verdict::Contradicted(why),
        }
    } else {
        let checked = evidence::parse::<InequivalentEvidence>(ev).and_then(|e| {
            check_model_record(&e, rules)?;
            if let Some(digest) = &e.query_sha256 {
                sides.query(pair, Some(digest))?;
            }
            Ok(e)
        });
        match checked {
            Ok(e) => {
                let sides = Sides {
                    p1,
                    p2,
                    live_out: &live_out,
                };
                rerun_counterexample(&e, pair.disagreement(), &def_in, &sides, ctx)
            }
            Err(why) => Verdict::Contradicted(why),
        }
    }
}

/// The query the audit of an equivalent `pair` asks the solvers ([`Sides::query`]): program_1
/// first, its sha256 checked against the recorded `query_sha256`, or for a record without one
/// the target first (`source.target_is`). What [`audit`] replays, for a reader to compare with
/// what a build asked.
pub fn replayed_query(pair: &Pair) -> Result<String, String> {
    let live_out = pair
        .context
        .get("live_out")
        .and_then(Value::as_str)
        .ok_or_else(|| "context lacks `live_out`".to_string())
        .and_then(|t| Locs::parse(t).map_err(|e| e.to_string()))?;
    let parse = |name: &str, text: &str| {
        parse_program(text).map_err(|e| format!("{name} is outside the x86-64 subset: {e}"))
    };
    let (p1, p2) = (
        parse("program_1", &pair.program_1)?,
        parse("program_2", &pair.program_2)?,
    );
    let sides = Sides {
        p1: &p1,
        p2: &p2,
        live_out: &live_out,
    };
    let recorded = pair
        .provenance
        .evidence
        .details
        .get("query_sha256")
        .and_then(Value::as_str);
    sides.query(pair, recorded).map(|asked| asked.body)
}

/// The query the audit asks, and which program it has first (said in the verdict).
struct Asked {
    body: String,
    order: &'static str,
}

/// The two parsed programs of a pair, in the pair's order, and its live_out.
struct Sides<'a> {
    p1: &'a [Insn],
    p2: &'a [Insn],
    live_out: &'a Locs,
}

impl Sides<'_> {
    /// The query the solvers answered: program_1 first when the evidence records its digest
    /// (which must then be this query's), else (a record written before issue 36, whose build
    /// asked with the target first) the target first, by `source.target_is`.
    fn query(&self, pair: &Pair, recorded: Option<&str>) -> Result<Asked, String> {
        match recorded {
            Some(digest) => {
                let body = verify::query(self.p1, self.p2, self.live_out);
                let rebuilt = verify::query_sha256(&body);
                if rebuilt != digest {
                    return Err(format!(
                        "query_sha256: the evidence records {digest}, but the query rebuilt from \
                         program_1 and program_2 (in that order) has sha256 {rebuilt}"
                    ));
                }
                Ok(Asked {
                    body,
                    order: "program_1 first, its sha256 the recorded one",
                })
            }
            None => {
                let source = SourceRecord::parse(&pair.provenance.source)?;
                Ok(match source.target_is() {
                    Side::Program1 => Asked {
                        body: verify::query(self.p1, self.p2, self.live_out),
                        order: "the target (program_1) first: a record without query_sha256",
                    },
                    Side::Program2 => Asked {
                        body: verify::query(self.p2, self.p1, self.live_out),
                        order: "the target (program_2) first: a record without query_sha256",
                    },
                })
            }
        }
    }
}

/// The words an equivalent pair's evidence always has: the same question, logic and answer, and
/// every native test passed (an equivalence that failed a test would be no equivalence).
fn check_equivalent_constants(ev: &EquivalentEvidence) -> Result<(), String> {
    let expect = |field: &str, recorded: &str, rule: &str| {
        if recorded == rule {
            Ok(())
        } else {
            Err(format!(
                "{field} is `{recorded}`, this category's is `{rule}`"
            ))
        }
    };
    expect("query", &ev.query, QUERY)?;
    expect("logic", &ev.logic, "QF_BV")?;
    expect("answer", &ev.answer, "unsat")?;
    if ev.native_tests_passed != ev.native_tests_total || ev.native_tests_total == 0 {
        return Err(format!(
            "native_tests_passed is {} of native_tests_total {}: an equivalent rewrite passes \
             every test",
            ev.native_tests_passed, ev.native_tests_total
        ));
    }
    Ok(())
}

/// The limit the category's rules give `strategy` on a query whose z3 try was `z3` (cvc5's
/// follows z3's, [`Limits::after_z3`]), against the one a record names in `field`: a record
/// with a query digest must name exactly it; an older one (no digest) a limit earlier builds
/// gave that solver ([`EARLIER_Z3_RLIMITS`], [`EARLIER_CVC5_RLIMITS`]). Anything else (no
/// limit, 0, which z3 reads as none, or a number of the record's own) is refused.
fn check_rlimit(
    field: &str,
    strategy: Strategy,
    z3: Strategy,
    recorded: Option<u64>,
    rules: &Limits,
    with_digest: bool,
) -> Result<u64, String> {
    let rule = rules.after_z3(z3).rlimit(strategy);
    let who = strategy.describe();
    let Some(r) = recorded else {
        return Err(format!(
            "{field} is null, but this category asks {who} under a deterministic limit ({})",
            rule.map_or("none".into(), |r| r.to_string())
        ));
    };
    let allowed = if with_digest {
        rule == Some(r)
    } else {
        match strategy.solver {
            Solver::Z3 => EARLIER_Z3_RLIMITS.contains(&r),
            Solver::Cvc5 => EARLIER_CVC5_RLIMITS.contains(&r),
        }
    };
    if allowed {
        return Ok(r);
    }
    Err(match (with_digest, rule) {
        (true, Some(rule)) => format!(
            "{field} is {r}, but this category asks {who} under rlimit {rule} (a record's limits \
             are the category's, never its own)"
        ),
        _ => format!(
            "{field} is {r}, which no build of this category gave {who} (a record without a \
             query digest names one of {:?})",
            match strategy.solver {
                Solver::Z3 => EARLIER_Z3_RLIMITS,
                Solver::Cvc5 => EARLIER_CVC5_RLIMITS,
            }
        ),
    })
}

/// An inequivalent pair found by a solver's model names a strategy this pipeline uses, the
/// answer `sat` and the limit the category gave it (cvc5 is asked only after both z3 tries).
fn check_model_record(ev: &InequivalentEvidence, rules: &Limits) -> Result<(), String> {
    let Some(name) = &ev.solver else {
        return Ok(());
    };
    let solver = Solver::BOTH
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| format!("solver `{name}` is not one this category asks"))?;
    let options: Vec<&str> = ev.options.iter().flatten().map(String::as_str).collect();
    let strategy = Strategy::find(solver, &options)
        .ok_or_else(|| format!("options {options:?} of {name} are no strategy of this pipeline"))?;
    if ev.answer.as_deref() != Some("sat") {
        return Err(format!(
            "answer is {:?}: a counterexample comes from a model (sat)",
            ev.answer
        ));
    }
    let z3 = match solver {
        Solver::Z3 => strategy,
        Solver::Cvc5 => Strategy::Z3_TRIES[Strategy::Z3_TRIES.len() - 1],
    };
    let with_digest = ev.query_sha256.is_some();
    check_rlimit(
        "rlimit",
        strategy,
        z3,
        ev.rlimit.flatten(),
        rules,
        with_digest,
    )?;
    Ok(())
}

/// How one solver answered `unsat` by the evidence: the strategy and the deterministic limit it
/// had (checked against the category's rules).
#[derive(Debug, Clone, Copy)]
struct Recorded {
    strategy: Strategy,
    rlimit: u64,
}

/// The way each solver answered `unsat` by the evidence of an equivalent pair, z3 first: both
/// must be recorded, with options this audit knows and the limit the category gives them
/// ([`check_rlimit`]).
fn recorded_strategies(ev: &EquivalentEvidence, rules: &Limits) -> Result<Vec<Recorded>, String> {
    let mut lines: Vec<(usize, &SolverAnswer, Strategy)> = Vec::new();
    for solver in Solver::BOTH {
        let found = ev
            .solvers
            .iter()
            .enumerate()
            .find(|(_, r)| r.solver == solver.name());
        let said = found.map(|(_, r)| r.answer.as_str());
        let Some((i, record)) = found.filter(|_| said == Some("unsat")) else {
            return Err(format!(
                "the evidence does not record `unsat` from {} (it records {said:?})",
                solver.name()
            ));
        };
        let options: Vec<&str> = record.options.iter().map(String::as_str).collect();
        let strategy = Strategy::find(solver, &options).ok_or_else(|| {
            format!(
                "the evidence asks {} with options {options:?}, which no strategy of this \
                 pipeline uses",
                solver.name()
            )
        })?;
        lines.push((i, record, strategy));
    }
    let z3 = lines
        .iter()
        .map(|(_, _, s)| *s)
        .find(|s| s.solver == Solver::Z3)
        .unwrap_or(Strategy::Z3);
    let with_digest = ev.query_sha256.is_some();
    lines
        .into_iter()
        .map(|(i, record, strategy)| {
            let field = format!("solvers[{i}].rlimit");
            check_rlimit(&field, strategy, z3, record.rlimit, rules, with_digest)
                .map(|rlimit| Recorded { strategy, rlimit })
        })
        .collect()
}

/// Ask both solvers the query again, the way the evidence says each answered and under the
/// deterministic limit it records (the claim is "unsat within this many units", and rlimit
/// counts do not depend on the machine; the audit's wall clock is then only a backstop):
/// confirmed when both answer `unsat`; a `sat` from either contradicts the label (replayed
/// natively to say whether the hardware shows it too); otherwise inconclusive.
fn reprove(
    sides: &Sides,
    def_in: &Locs,
    asked: &Asked,
    recorded: &[Recorded],
    ctx: &AuditContext,
    rules: &Limits,
) -> Verdict {
    let (p1, p2, live_out) = (sides.p1, sides.p2, sides.live_out);
    let body = asked.body.as_str();
    let mut proved = Vec::new();
    let mut open = Vec::new();
    for Recorded { strategy, rlimit } in recorded {
        let solver = strategy.solver;
        // Each strategy under its own recorded limit.
        let limits = Limits {
            z3_rlimit: Some(*rlimit),
            z3_sorted_ac_rlimit: Some(*rlimit),
            cvc5_rlimit: Some(*rlimit),
            cvc5_after_retry_rlimit: Some(*rlimit),
            timeout: rules.timeout,
            backstop: Backstop::Retry,
        };
        let version = match ctx.tools.get(solver.tool()) {
            Ok(t) => t.version.clone(),
            Err(e) => {
                open.push(e.to_string());
                continue;
            }
        };
        let answer = match verify::ask(ctx.tools, *strategy, body, &limits) {
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
            SatResult::Unknown => open.push(format!(
                "{who} gave no answer within its recorded rlimit {rlimit}"
            )),
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
        "{} (no def_in assignment makes a live_out bit differ; query with {})",
        proved.join(", "),
        asked.order
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
    let target_text = source.target_is().program(pair);
    let recorded = source.target_sha256();
    let actual = equibench_core::pair::sha256_hex(target_text.as_bytes());
    if recorded != actual {
        return Err(format!(
            "the target side's sha256 is {actual}, the source records the target as {recorded}"
        ));
    }
    Ok(())
}

/// The trials a recorded disagreement asks to re-run: [`subtlety::TRIALS`] inputs from the seed
/// the category derives from the recorded search seed (a record's own K or seed is refused,
/// naming the field).
fn trials_to_rerun(
    d: &Disagreement,
    ev: &InequivalentEvidence,
    def_in: &Locs,
) -> Result<(u64, Vec<Case>), String> {
    if d.over != Over::Inputs {
        return Err("disagreement.over: an x86-64 pair counts fresh inputs".into());
    }
    if d.trials != subtlety::TRIALS {
        return Err(format!(
            "disagreement.trials is {}, this category draws {}",
            d.trials,
            subtlety::TRIALS
        ));
    }
    let seed = subtlety::seed(ev.search.seed);
    if d.seed != Some(seed) {
        return Err(format!(
            "disagreement.seed is {:?}, but the category derives {seed} from search.seed {}",
            d.seed, ev.search.seed
        ));
    }
    Ok((seed, subtlety::inputs(def_in, seed, d.trials)))
}

/// Run the recorded counterexample (and a recorded disagreement's trials, in the same launch)
/// natively on both programs.
fn rerun_counterexample(
    ev: &InequivalentEvidence,
    disagreement: Option<Disagreement>,
    def_in: &Locs,
    sides: &Sides,
    ctx: &AuditContext,
) -> Verdict {
    let (p1, p2, live_out) = (sides.p1, sides.p2, sides.live_out);
    let trials = match disagreement
        .as_ref()
        .map(|d| trials_to_rerun(d, ev, def_in))
    {
        Some(Err(why)) => return Verdict::Contradicted(why),
        Some(Ok(t)) => Some(t),
        None => None,
    };
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
    let mut jobs = vec![
        Job {
            code: &code_1,
            cases: &cases,
        },
        Job {
            code: &code_2,
            cases: &cases,
        },
    ];
    if let Some((_, inputs)) = &trials {
        jobs.push(Job {
            code: &code_1,
            cases: inputs,
        });
        jobs.push(Job {
            code: &code_2,
            cases: inputs,
        });
    }
    let results = match native::run(ctx.tools, &jobs) {
        Ok(r) => r,
        Err(e) => return Verdict::Inconclusive(format!("native run failed: {e}")),
    };
    let (o1, o2) = (results[0][0], results[1][0]);
    if !crate::semantics::verify::differs(&o1, &o2, live_out) {
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
    let mut subtle = String::new();
    if let (Some(recorded), Some((seed, inputs))) = (disagreement, &trials) {
        let recounted = subtlety::tally(*seed, p1, p2, live_out, inputs, &results[2], &results[3]);
        if recounted.differing != recorded.differing {
            return Verdict::Contradicted(format!(
                "disagreement.differing: {} recorded, but the programs differ natively (in \
                 defined live_out bits) on {} of the {} fresh inputs drawn from seed {seed}",
                recorded.differing, recounted.differing, recorded.trials
            ));
        }
        subtle = format!(
            "; disagreement recounted: {} of {} fresh inputs differ",
            recounted.differing, recounted.trials
        );
    }
    Verdict::Confirmed(format!(
        "counterexample {} reproduces natively: program_1 {} vs program_2 {}{subtle}",
        serde_json::to_value(evidence::register_values(def_in, &input.regs)).unwrap_or(Value::Null),
        OutcomeRecord::new(live_out, &o1),
        OutcomeRecord::new(live_out, &o2)
    ))
}
