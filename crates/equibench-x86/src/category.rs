//! The x86-64 category (STOKE's method, reproduced): targets are compiler output of the embedded C
//! corpus (and, opt-in, basic blocks sampled from ELF libraries); the stochastic search proposes
//! rewrites; z3 and cvc5 both prove some equivalent (`unsat` from each) and a solver's model
//! refutes others with a counterexample that the hardware confirms. Every block is a pure function of `(seed, block)`: targets are visited in a
//! seeded order and search budgets are counted in proposals, never in seconds.

use crate::corpus::{self, in_window, program_text, Draw, Target, TargetSet};
use crate::evidence::{self, SearchRecord, SolverRecord};
use crate::search::{self, differs_beyond_renaming, latency, Config, Mode, Superopt};
use crate::select::{best_couple, partners, Shape};
use crate::semantics::codec;
use crate::semantics::insn::Insn;
use crate::semantics::native::{self, Case, Job};
use crate::semantics::verify::{
    self, as_answered, differs, differs_only_in_undefined_bits, Pending, Proof, VerifyOutcome,
};
use crate::source::SourceRecord;
use crate::subtlety;
use crate::X86Error;
use equibench_core::evidence::Evidence;
use equibench_core::pair::Side;
use equibench_core::seed::{derive_seed, rng};
use equibench_core::{
    AuditContext, Balance, BlockRun, BuildContext, Category, CategoryDescriptor, CategoryError,
    ContextField, InputOption, Pair, PairDraft, PairSink, Provenance, Report, ToolSpec,
    ToolVersion, Verdict,
};
use equibench_toolchain::solver::{Solver, Strategy};
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// The x86-64 category and its budgets.
#[derive(Debug, Clone)]
pub struct X86 {
    /// The search budget per target.
    pub search: Config,
    /// The wall-clock backstop for one solver query during the search. The real limits are the
    /// deterministic `search.solver_rlimit` and `search.cvc5_rlimit` (a few seconds each), so
    /// that load never changes a build's output; this only stops a solver that runs away on a
    /// very slow machine.
    pub verify_timeout: Duration,
    /// How long the audit lets each solver re-prove a pair (longer than the build's, so that a
    /// proof found on a fast machine is not reported inconclusive on a slow or loaded one).
    pub audit_timeout: Duration,
    /// Targets a block may search before it gives up (reported as exhausted).
    pub max_targets_per_block: usize,
}

impl Default for X86 {
    fn default() -> Self {
        X86 {
            search: Config {
                mode: Mode::Optimise,
                proposals: 60_000,
                restarts: 3,
                max_len: 27,
                tests: 32,
                rounds: 3,
                verify_per_round: 4,
                // Near misses already fail a test case, which is their counterexample: no z3.
                refute: 0,
                max_unknown: 2,
                defer_second_opinion: true,
                ..Config::default()
            },
            verify_timeout: Duration::from_secs(300),
            audit_timeout: Duration::from_secs(120),
            max_targets_per_block: 40,
        }
    }
}

/// `build --subtle`: of the inequivalent rewrites that may partner a pair's equivalent one, how
/// many (the closest in shape) are counted for the subtlest ([`X86::partner`]).
pub const SUBTLE_CHOICES: usize = 8;

/// The constructor the CLI registers.
pub fn category() -> Box<dyn Category> {
    Box::new(X86::default())
}

/// An x86-64 block in progress (the core's block loop), carrying the versions every pair records.
type Run<'r, 'c> = BlockRun<'r, 'c, Versions>;

/// Versions recorded in every pair.
struct Versions {
    z3: ToolVersion,
    cvc5: ToolVersion,
    /// gcc builds the native harness.
    gcc: ToolVersion,
}

fn failed(e: X86Error) -> CategoryError {
    match e {
        X86Error::Tool(t) => CategoryError::Tool(t),
        X86Error::Sandbox(s) => CategoryError::Sandbox(s),
        other => CategoryError::Failed(other.to_string()),
    }
}

/// A pair's label, whether its target (the compiler's code) is program_1, and the digest of the
/// query a solver answered for it (a proof, or the model that found its counterexample).
#[derive(Debug, Clone, Copy)]
struct Labelled<'q> {
    equivalent: bool,
    target_first: bool,
    query_sha256: Option<&'q str>,
}

/// A rewrite chosen for a pair, before its native check.
struct Chosen {
    program: Vec<Insn>,
    latency: u64,
    tests_failed: usize,
    /// The input that shows the difference (inequivalent pairs only).
    counterexample: Option<Case>,
    /// The solver whose model that input is (else a test case of the search).
    found_by: Option<Strategy>,
    /// sha256 of the query whose model that input is (with `found_by`).
    model_query_sha256: Option<String>,
    /// Who proved it equivalent (equivalent pairs only), once both solvers have.
    proof: Option<Proof>,
    /// z3's proof still awaiting cvc5's second opinion (equivalent pairs only), asked only if
    /// this rewrite is picked ([`X86::confirmed`]).
    pending: Option<Pending>,
}

impl X86 {
    /// Whether the target is program_1 of the pairs from this search: a coin of the seed, so the
    /// side a program is on says nothing about which one the compiler wrote. It is tossed before
    /// the search, which asks the solvers in the pairs' order ([`Config::target_first`]), so one
    /// coin serves both labels (its key is the one the equivalent pairs' own coin had, so those
    /// keep their sides).
    fn target_first(&self, search_seed: u64) -> bool {
        rng(search_seed, &["x86-pair-order", "equivalent"]).gen::<bool>()
    }

    /// A solver's line in the evidence, with the limit the search gave it. `answered` are the
    /// strategies whose answers the evidence records: cvc5's limit follows z3's try before it
    /// ([`crate::semantics::verify::Limits::after_z3`]), and a cvc5 answer recorded without z3's came after
    /// both z3 tries ran out.
    fn solver_record(
        &self,
        versions: &Versions,
        strategy: Strategy,
        answered: &[Strategy],
        answer: &'static str,
    ) -> SolverRecord {
        let version = match strategy.solver {
            Solver::Z3 => &versions.z3,
            Solver::Cvc5 => &versions.cvc5,
        };
        let z3 = answered
            .iter()
            .find(|s| s.solver == Solver::Z3)
            .copied()
            .unwrap_or(Strategy::Z3_TRIES[Strategy::Z3_TRIES.len() - 1]);
        let limits = self.search.limits(self.verify_timeout).after_z3(z3);
        SolverRecord {
            strategy,
            version: version.clone(),
            rlimit: limits.rlimit(strategy),
            answer,
        }
    }

    fn mode_name(&self) -> &'static str {
        match self.search.mode {
            Mode::Optimise => "optimise",
            Mode::Synthesise => "synthesise",
        }
    }

    /// The targets this build draws from: the corpus (its reserved functions only for an
    /// exemplar build, see [`Draw`]), plus sampled library blocks if asked (never for exemplars:
    /// a benchmark build may sample the same blocks).
    fn targets(&self, ctx: &BuildContext) -> Result<Vec<Arc<TargetSet>>, CategoryError> {
        let draw = Draw::for_seed(ctx.seed);
        let mut sets =
            vec![corpus::targets(ctx.tools, &ctx.inputs.data_dir, draw).map_err(failed)?];
        let binaries = ctx.inputs.paths(BINARIES.flag);
        if !binaries.is_empty() {
            if draw == Draw::Exemplars {
                return Err(CategoryError::Input(format!(
                    "--{} cannot be used for exemplars: their targets come from the corpus's \
                     reserved functions only (data/x86/exemplars/), never from blocks a \
                     benchmark build may also sample",
                    BINARIES.flag
                )));
            }
            sets.push(crate::libsample::targets(binaries).map_err(failed)?);
        }
        Ok(sets)
    }

    /// Search one target and emit one pair of each label, of the same shape, or none.
    fn one_target(
        &self,
        run: &mut Run,
        target: &Target,
        search_seed: u64,
    ) -> Result<(), CategoryError> {
        let mut config = self.search.clone();
        config.max_len = config.max_len.max(target.program.len());
        config.target_first = self.target_first(search_seed);
        let found = search::superoptimise(
            &target.program,
            &target.def_in,
            &target.live_out,
            &config,
            search_seed,
            run.ctx.tools,
            self.verify_timeout,
        );
        let found = match found {
            Ok(f) => f,
            // What the target's code decides: dropped, the same way on every machine.
            Err(
                X86Error::Parse { .. }
                | X86Error::Syntax(_)
                | X86Error::Unsupported(_)
                | X86Error::ReadsUndefined { .. },
            ) => {
                run.reject("search-failed");
                return Ok(());
            }
            // What the machine decides (a tool, the sandbox, the wall clock): the block fails
            // (and a re-run resumes it) rather than come out differently.
            Err(e) => return Err(failed(e)),
        };
        for (reason, n) in &found.unknown_by_reason {
            run.reject_n(reason, *n as u64);
        }
        run.reject_n("candidate-reads-undefined", found.reads_undefined as u64);
        run.reject_n("verifier-error", found.errors.len() as u64);
        let (equivalent, partners) = self.choose(run, target, &found)?;
        let inequivalent = self.partner(run, target, search_seed, partners)?;
        self.check_and_emit(run, target, &found, search_seed, equivalent, inequivalent)
    }

    /// Pick one equivalent rewrite and the inequivalent ones of its shape (`select`) that may
    /// partner it ([`X86::partner`] keeps one), or none: equivalent ones must do more than
    /// rename registers; inequivalent ones are the verifier's refutations and the search's near
    /// misses, each with an input that shows the difference; all inside the line window. When
    /// a block still wants one label only (a duplicate was dropped elsewhere), the first usable
    /// equivalent rewrite is taken, or any inequivalent one may be. An equivalent
    /// rewrite z3 alone has proved gets cvc5's second opinion only once it would be taken; one
    /// without it drops out and the choice is made again among the rest, which picks what
    /// choosing among the rewrites both solvers proved would have picked.
    fn choose(
        &self,
        run: &mut Run,
        target: &Target,
        found: &Superopt,
    ) -> Result<(Vec<Chosen>, Vec<Chosen>), CategoryError> {
        let mut seen: BTreeSet<Vec<Insn>> = BTreeSet::new();
        seen.insert(target.program.clone());
        let want = run.remaining();
        let equivalent = equivalent_options(run, target, found, &mut seen);
        let inequivalent = inequivalent_options(run, target, found, &mut seen);
        self.pick(run, target, found, want, equivalent, inequivalent)
    }

    /// One equivalent rewrite, confirmed by both solvers, and the inequivalent rewrites that may
    /// partner it (of its shape, closest first: [`partners`]), when both labels are wanted; else
    /// the first equivalent one, or every inequivalent one in order.
    fn pick(
        &self,
        run: &mut Run,
        target: &Target,
        found: &Superopt,
        want: equibench_core::Balance,
        mut equivalent: Vec<Chosen>,
        inequivalent: Vec<Chosen>,
    ) -> Result<(Vec<Chosen>, Vec<Chosen>), CategoryError> {
        let one = |v: &mut Vec<Chosen>, k: usize| vec![v.swap_remove(k)];
        // What is left of the target's `max_unknown` after the search: the hard rewrites of a
        // target tend to be variants of one another, each costing cvc5's whole limit, so the
        // search's rule (give up after that many unknowns) holds for the second opinions too.
        let mut unknown_left = self.search.max_unknown.saturating_sub(found.unknown);
        Ok(match (want.equivalent > 0, want.inequivalent > 0) {
            (true, true) => {
                let shapes = |v: &[Chosen]| -> Vec<Shape> {
                    v.iter()
                        .map(|c| Shape::of(&target.program, &c.program))
                        .collect()
                };
                let (mut eq_shapes, ineq_shapes) = (shapes(&equivalent), shapes(&inequivalent));
                loop {
                    match best_couple(&eq_shapes, &ineq_shapes) {
                        Some((i, _)) => {
                            if self.confirmed(run, &mut equivalent[i], &mut unknown_left)? {
                                // best_couple's partner first (`partners`' rule).
                                let order = partners(&eq_shapes[i], &ineq_shapes);
                                break (one(&mut equivalent, i), in_order(inequivalent, &order));
                            }
                            if unknown_left == 0 {
                                break (Vec::new(), Vec::new());
                            }
                            // Order kept: the next choice is the one among the rest.
                            equivalent.remove(i);
                            eq_shapes.remove(i);
                        }
                        None => {
                            if !equivalent.is_empty() && !inequivalent.is_empty() {
                                run.reject("no-rewrites-of-one-shape");
                            }
                            break (Vec::new(), Vec::new());
                        }
                    }
                }
            }
            (true, false) => loop {
                if equivalent.is_empty() {
                    break (Vec::new(), Vec::new());
                }
                if self.confirmed(run, &mut equivalent[0], &mut unknown_left)? {
                    break (one(&mut equivalent, 0), Vec::new());
                }
                if unknown_left == 0 {
                    break (Vec::new(), Vec::new());
                }
                equivalent.remove(0);
            },
            (false, true) => (Vec::new(), inequivalent),
            _ => (Vec::new(), Vec::new()),
        })
    }

    /// The inequivalent rewrite of a pair, from `partners` (best first, as [`X86::pick`] orders
    /// them): the first, or under `build --subtle` the subtlest of the first [`SUBTLE_CHOICES`]
    /// (fewest of the pair's fresh trial inputs, [`subtlety`], on which it differs from the
    /// target; ties to the earlier), counted in one native launch before the pair's own. Every
    /// partner has the equivalent rewrite's shape, so the couple is as alike on the surface as
    /// without it, and the equivalent rewrite is the one the default build takes. A subtle
    /// build's partner is therefore the default build's whenever no later one is subtler.
    fn partner(
        &self,
        run: &mut Run,
        target: &Target,
        search_seed: u64,
        mut partners: Vec<Chosen>,
    ) -> Result<Vec<Chosen>, CategoryError> {
        partners.truncate(if run.ctx.subtle { SUBTLE_CHOICES } else { 1 });
        if partners.len() < 2 {
            return Ok(partners);
        }
        // The search proposes only encodable instructions; should one slip through, it is not
        // counted here (and, if nothing else is, the first is taken as without `--subtle`).
        let encodable: Vec<usize> = (0..partners.len())
            .filter(|&k| codec::encode(&partners[k].program).is_ok())
            .collect();
        if encodable.is_empty() {
            partners.truncate(1);
            return Ok(partners);
        }
        let programs: Vec<&[Insn]> = encodable
            .iter()
            .map(|&k| partners[k].program.as_slice())
            .collect();
        let counts = subtlety::measure_each(
            run.ctx.tools,
            &target.program,
            &programs,
            &target.def_in,
            &target.live_out,
            subtlety::seed(search_seed),
        )
        .map_err(failed)?;
        let best = encodable
            .iter()
            .zip(&counts)
            .min_by_key(|(k, d)| (d.differing, **k))
            .map_or(0, |(k, _)| *k);
        Ok(vec![partners.swap_remove(best)])
    }

    /// Whether an equivalent rewrite has both solvers' proof, asking cvc5 for its second opinion
    /// now if z3's proof awaits it; a rewrite without it is counted under the reason
    /// [`crate::search::superoptimise`] would have counted it under, and an unknown answer
    /// spends one of `unknown_left`.
    fn confirmed(
        &self,
        run: &mut Run,
        chosen: &mut Chosen,
        unknown_left: &mut usize,
    ) -> Result<bool, CategoryError> {
        if chosen.proof.is_some() {
            return Ok(true);
        }
        let Some(pending) = chosen.pending.take() else {
            return Err(CategoryError::Failed(
                "BUG: an equivalent rewrite without its proof".into(),
            ));
        };
        match pending
            .second_opinion(run.ctx.tools, &as_answered)
            .map_err(failed)?
        {
            VerifyOutcome::Equivalent(proof) => {
                chosen.proof = Some(proof);
                Ok(true)
            }
            VerifyOutcome::Unknown(why) => {
                run.reject(why.reason.counted_as());
                *unknown_left = unknown_left.saturating_sub(1);
                Ok(false)
            }
            // A model against z3's unsat is a disagreement (an Unknown); never reached.
            VerifyOutcome::Counterexample(_) => {
                run.reject("solvers-disagree");
                Ok(false)
            }
        }
    }

    /// Run everything chosen natively in one sandboxed launch, then emit what the hardware backs.
    fn check_and_emit(
        &self,
        run: &mut Run,
        target: &Target,
        found: &Superopt,
        search_seed: u64,
        equivalent: Vec<Chosen>,
        inequivalent: Vec<Chosen>,
    ) -> Result<(), CategoryError> {
        if equivalent.is_empty() && inequivalent.is_empty() {
            run.reject("target-without-usable-rewrite");
            return Ok(());
        }
        let target_code = codec::encode(&target.program).map_err(failed)?;
        let mut codes = Vec::new();
        for c in equivalent.iter().chain(&inequivalent) {
            match codec::encode(&c.program) {
                Ok(code) => codes.push(code),
                // The search proposes only encodable instructions; should one slip through, the
                // search's finding is dropped, not the build.
                Err(_) => {
                    run.reject_n(
                        "rewrite-not-encodable",
                        (equivalent.len() + inequivalent.len()) as u64,
                    );
                    return Ok(());
                }
            }
        }
        let cx_cases: Vec<[Case; 1]> = inequivalent
            .iter()
            .map(|c| [c.counterexample.unwrap_or_default()])
            .collect();
        // The subtlety trials (crate::subtlety) ride in the same launch: the target once, then
        // each inequivalent rewrite, on the inputs drawn for this search.
        let trial_seed = subtlety::seed(search_seed);
        let trials = if inequivalent.is_empty() {
            Vec::new()
        } else {
            subtlety::inputs(&target.def_in, trial_seed, subtlety::TRIALS)
        };
        let mut jobs = vec![Job {
            code: &target_code,
            cases: &found.tests,
        }];
        for code in &codes[..equivalent.len()] {
            jobs.push(Job {
                code,
                cases: &found.tests,
            });
        }
        for (code, cases) in codes[equivalent.len()..].iter().zip(&cx_cases) {
            jobs.push(Job {
                code: &target_code,
                cases,
            });
            jobs.push(Job { code, cases });
        }
        let trials_base = jobs.len();
        if !inequivalent.is_empty() {
            jobs.push(Job {
                code: &target_code,
                cases: &trials,
            });
            for code in &codes[equivalent.len()..] {
                jobs.push(Job {
                    code,
                    cases: &trials,
                });
            }
        }
        let results = native::run(run.ctx.tools, &jobs).map_err(failed)?;
        let target_runs = &results[0];
        let target_first = self.target_first(search_seed);
        let record = |c: &Chosen| SearchRecord {
            seed: search_seed,
            mode: self.mode_name().into(),
            proposals: found.proposals,
            tests: found.tests.len(),
            target_latency: latency::program_latency(&target.program),
            rewrite_latency: c.latency,
            tests_failed: c.tests_failed,
        };
        for (i, c) in equivalent.iter().enumerate() {
            let runs = &results[1 + i];
            let passed = target_runs
                .iter()
                .zip(runs)
                .filter(|(a, b)| !differs(a, b, &target.live_out))
                .count();
            if passed != found.tests.len() {
                run.reject("native-disagrees-with-proof");
                continue;
            }
            let Some(proof) = &c.proof else {
                return Err(CategoryError::Failed(
                    "BUG: an equivalent rewrite without its proof".into(),
                ));
            };
            let solvers: Vec<SolverRecord> = proof
                .unsat
                .iter()
                .map(|s| self.solver_record(&run.state, *s, &proof.unsat, "unsat"))
                .collect();
            let search = record(c);
            let ev = evidence::equivalent(
                &solvers,
                &proof.query_sha256,
                passed,
                &found.tests,
                &target.def_in,
                &search,
            );
            let labelled = Labelled {
                equivalent: true,
                target_first,
                query_sha256: Some(&proof.query_sha256),
            };
            self.emit(run, target, c, labelled, &search, ev)?;
        }
        let base = 1 + equivalent.len();
        for (j, c) in inequivalent.iter().enumerate() {
            let (o1, o2) = (results[base + 2 * j][0], results[base + 2 * j + 1][0]);
            if !differs(&o1, &o2, &target.live_out) {
                run.reject("counterexample-not-reproduced");
                continue;
            }
            let (out_1, out_2) = if target_first { (o1, o2) } else { (o2, o1) };
            let solver = c
                .found_by
                .map(|s| self.solver_record(&run.state, s, &[s], "sat"));
            let refutation = evidence::Refutation {
                solver: solver.as_ref(),
                query_sha256: c.model_query_sha256.as_deref(),
                def_in: &target.def_in,
                live_out: &target.live_out,
                input: &cx_cases[j][0],
                outcome_1: &out_1,
                outcome_2: &out_2,
            };
            let search = record(c);
            let disagreement = subtlety::tally(
                trial_seed,
                &target.program,
                &c.program,
                &target.live_out,
                &trials,
                &results[trials_base],
                &results[trials_base + 1 + j],
            );
            let ev = evidence::inequivalent(&refutation, &search).with_disagreement(disagreement);
            let labelled = Labelled {
                equivalent: false,
                target_first,
                query_sha256: c.model_query_sha256.as_deref(),
            };
            self.emit(run, target, c, labelled, &search, ev)?;
        }
        Ok(())
    }

    fn emit(
        &self,
        run: &mut Run,
        target: &Target,
        chosen: &Chosen,
        labelled: Labelled,
        search: &SearchRecord,
        evidence: Evidence,
    ) -> Result<(), CategoryError> {
        let Labelled {
            equivalent,
            target_first,
            query_sha256,
        } = labelled;
        let target_text = target.text();
        let rewrite = program_text(&target.label, &chosen.program);
        if rewrite == target_text {
            return Ok(());
        }
        let target_side = Side::first_if(target_first);
        let rewrite_side = target_side.other().as_str();
        let mut context = Map::new();
        context.insert("def_in".into(), Value::String(target.def_in_text()));
        context.insert("live_out".into(), Value::String(target.live_out_text()));
        let mut tools: BTreeSet<ToolVersion> = target.tools().into_iter().collect();
        tools.insert(run.state.z3.clone());
        tools.insert(run.state.cvc5.clone());
        tools.insert(run.state.gcc.clone());
        let transformation = format!(
            "{rewrite_side} is a rewrite of {} (the compiler's code) found by STOKE-style \
             stochastic search ({} mode, {} proposals, seed {}); {}",
            target_side.as_str(),
            search.mode,
            search.proposals,
            search.seed,
            if equivalent {
                "z3 and cvc5 both proved it equivalent on the live_out registers"
            } else {
                "an input on which a live_out register differs, confirmed natively"
            }
        );
        let source = SourceRecord::new(target, target_side).to_source();
        let (program_1, program_2) = if target_first {
            (target_text, rewrite)
        } else {
            (rewrite, target_text)
        };
        // The solvers' query must be the one the audit rebuilds from these texts, in this order:
        // parsed back, the texts give the same query bytes, or the pair is not made.
        if let Some(asked) = query_sha256 {
            let rebuilt = crate::audit::pair_query(&program_1, &program_2, &target.live_out)
                .map(|q| verify::query_sha256(&q));
            if rebuilt.as_deref() != Ok(asked) {
                run.reject("query-not-reproducible");
                return Ok(());
            }
        }
        let pair = PairDraft {
            equivalent,
            program_1,
            program_2,
            context,
            provenance: Provenance {
                pipeline: format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
                tools: tools.into_iter().collect(),
                seed: run.ctx.seed,
                source,
                transformation,
                evidence,
            },
        }
        .finish(&DESCRIPTOR);
        // The sink tells the progress bar about a pair it keeps.
        run.emit(pair)?;
        Ok(())
    }
}

/// x86-64 as the pair format spells it (the EquiBench harness calls the folder STOKE); the
/// definition names the pair's registers.
pub static DESCRIPTOR: CategoryDescriptor = CategoryDescriptor {
    name: "x86-64",
    cli_name: "x86",
    aliases: &["x86_64", "amd64"],
    harness_dir: "STOKE",
    language: "x86-64",
    summary: "superoptimised x86-64 rewrites of compiler output, proved by SMT or refuted natively",
    definition: "given any input bits in the register {def_in}, the two programs always have the same bits in register {live_out}. Differences in other registers do not matter for equivalence checking.",
    context: &[
        ContextField {
            key: "def_in",
            doc: "the registers (and flags) defined on entry, AT&T names separated by spaces, e.g. `%rdi %rsi`",
            required: true,
            harness_field: Some("problem_def_in"),
        },
        ContextField {
            key: "live_out",
            doc: "the registers (and flags) whose bits must agree on exit, e.g. `%rax`",
            required: true,
            harness_field: Some("problem_live_out"),
        },
    ],
    problem_statement: None,
    prompt_template: None,
    inputs: &[BINARIES],
};

/// `--x86-binaries ELF,...`: opt-in because libraries differ between machines.
pub static BINARIES: InputOption = InputOption {
    flag: "x86-binaries",
    value_name: "ELF",
    help: "Also draw x86-64 targets from straight-line blocks of these ELF binaries (comma-separated, \
           e.g. /usr/lib/x86_64-linux-gnu/libz.so.1); each binary's sha256 is recorded in its pairs",
    multiple: true,
    audit: false,
};

impl Category for X86 {
    fn descriptor(&self) -> &CategoryDescriptor {
        &DESCRIPTOR
    }

    fn exemplars(&self) -> &'static str {
        include_str!("../../../data/exemplars/x86-64.jsonl")
    }

    fn rationale(&self, pair: &Pair) -> Option<String> {
        crate::rationale::rationale(pair)
    }

    /// One search of one target yields one pair of each label or none, so a block of 5 searches
    /// five targets or more.
    fn block_size(&self) -> usize {
        5
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        use crate::semantics::tools::{CLANG, CVC5, GCC, Z3};
        vec![&CLANG, &GCC, &Z3, &CVC5]
    }

    fn data_folders(&self) -> Vec<&'static str> {
        vec![crate::corpus::CORPUS_DIR]
    }

    fn commands(&self) -> Vec<&'static equibench_core::ToolCommand> {
        vec![&crate::command::VERIFY]
    }

    /// Spare capacity at every request size: one spare per eight blocks as by default, plus
    /// one, and one more for requests of fewer than eight blocks (a search gives both labels or
    /// neither, so a block whose targets run dry falls short of both, and with few blocks one
    /// spare may not cover two such gaps). With a finite set of targets two blocks can also make
    /// the same pair (kept once); a spare block fills that gap too.
    fn spare_blocks(&self, blocks: usize) -> usize {
        blocks / 8 + if blocks < 8 { 2 } else { 1 }
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        _want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let versions = Versions {
            z3: ctx.tools.get(&crate::semantics::tools::Z3)?.record(),
            cvc5: ctx.tools.get(&crate::semantics::tools::CVC5)?.record(),
            gcc: ctx.tools.get(&crate::semantics::tools::GCC)?.record(),
        };
        let sets = self.targets(ctx)?;
        let mut run = BlockRun::new(ctx, DESCRIPTOR.id(), sink, versions);
        if ctx.block.index == 0 {
            // Skips made while preparing targets are reported once per build.
            for set in &sets {
                for (reason, n) in &set.skipped {
                    run.reject_n(&format!("source-skip-{reason}"), *n);
                }
            }
        }
        // The visiting order is shared by all blocks (build seed only); each block starts at its
        // own offset, spread over the whole list (regular and spare blocks alike), so that blocks
        // search different targets for as long as the list allows.
        let mut all: Vec<&Target> = sets.iter().flat_map(|s| s.targets.iter()).collect();
        if all.is_empty() {
            return Err(CategoryError::Input(
                "no x86-64 targets in the corpus".into(),
            ));
        }
        all.shuffle(&mut rng(ctx.seed, &["x86", "target-order"]));
        let blocks = ctx.block.count + self.spare_blocks(ctx.block.count);
        let stride = (all.len() / blocks.max(1)).max(self.block_size() + 1);
        let start = ctx.block.index * stride;
        run.attempts(self.max_targets_per_block, |run, attempt| {
            let target = all[(start + attempt) % all.len()];
            run.note(&format!(
                "searching {} ({} instructions)",
                target.label,
                target.program.len()
            ));
            let search_seed = derive_seed(run.seed, &["search", &attempt.to_string()]);
            self.one_target(run, target, search_seed)
        })?;
        Ok(run.finish())
    }

    /// Length change, latency change and opcodes new to program_2 (`equibench shortcuts`).
    fn surface_features(&self, pair: &Pair) -> Vec<equibench_core::SurfaceFeature> {
        crate::select::pair_features(&pair.program_1, &pair.program_2)
            .into_iter()
            .map(|(name, value)| equibench_core::SurfaceFeature::new(name, value))
            .collect()
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        crate::audit::audit(pair, ctx, &self.search.limits(self.audit_timeout))
    }

    fn datasheet(&self) -> Option<equibench_core::CategoryDatasheet> {
        Some(equibench_core::CategoryDatasheet {
            sources: format!(
                "Small integer C functions in `data/x86/`, written for this project: the 25 Hacker's \
                 Delight programs STOKE's benchmarks come from (p01-p25), mid-size kernels, bit \
                 tricks, checksum and hash steps, saturating and overflow-checked arithmetic, and \
                 fixed-size loops the compilers unroll, compiled by gcc and clang-19 at -O0 (STOKE's \
                 kind of target: every value through a stack slot of the frame), -O1, -O2 and -O3 \
                 (`-fno-asynchronous-unwind-tables -fcf-protection=none -fno-pic -march=x86-64`). \
                 The function body is the target when it is loop-free, inside the supported \
                 integer subset (registers, flags and the stack frame below the entry %rsp) and \
                 {}-{} lines; def_in is the argument registers the signature reads, live_out %rax \
                 (or %eax). Opt-in (`--x86-binaries`): straight-line register-only blocks decoded \
                 by iced-x86 from ELF libraries, each binary's sha256 recorded in `source`.",
                corpus::MIN_LINES,
                corpus::MAX_LINES
            ),
            construction: format!(
                "STOKE-style stochastic search in {} mode: Metropolis-Hastings over instruction, \
                 opcode and operand replacement (registers and the target's stack slots), swaps, \
                 rotations, nop insertion/deletion and, for -O0 targets, dropping the frame; cost \
                 = Hamming distance of the live_out registers over {} test cases (random plus edge \
                 values, including values above 32 bits) plus a latency term; {} proposals per \
                 round, restarts, a budget counted in proposals (never seconds) so that a seed \
                 gives the same pairs. Candidates passing every test go to the verifier (z3, \
                 then cvc5; see the equivalent evidence); counterexamples join the test set. One \
                 search of a target gives one equivalent and one inequivalent \
                 rewrite of the same shape (length change, opcodes added and removed, diff lines, \
                 token difference and latency change within a small distance), or nothing, so \
                 neither the surface nor the target says the label. A coin of the seed puts the \
                 target on the program_1 or program_2 side (`source.target_is`).",
                self.mode_name(),
                self.search.tests,
                self.search.proposals
            ),
            equivalent_evidence: "`x86-smt-unsat`: the SMT-LIB2 query (QF_BV, both programs \
                encoded by one semantic model, undefined results as fresh unconstrained values, \
                each program's frame bytes fresh until it writes them) asking whether any live_out \
                bit can differ for some def_in value is `unsat` for BOTH z3 and cvc5, each under a \
                deterministic resource limit (z3 `:rlimit`, cvc5 `:rlimit-per` with CaDiCaL as its \
                bit-blasting back end), never a wall-clock one; `solvers` names each solver, its \
                version, the options it was asked with (z3 tries again with `:rewriter.bv_sort_ac \
                true` when it has no answer as it comes), its limit and its answer (each way of asking \
                has its own limit: z3's retry, and cvc5 once z3 as it comes has run out, get \
                smaller ones, as their answers come fast or not at all), and `query_sha256` \
                the sha256 of the query both answered: the solvers are asked with program_1 and \
                program_2 in the pair's order (the target's side is drawn before the search), and \
                a pair is made only when its texts, parsed back, give that very query. A candidate \
                one solver proves and the other leaves unknown is dropped \
                (`second-solver-unknown`); one they disagree on is dropped (`solvers-disagree`) \
                and its query kept in the solver log. The rewrite also agrees with the target \
                natively on every test case, and it differs from the target beyond register \
                renaming and reordering."
                .into(),
            inequivalent_evidence: "`x86-native-counterexample`: a def_in assignment (the model of \
                z3, or of cvc5 when z3 has no answer, for a rewrite that passed every test, or the \
                search's test case a near miss fails, as `found_by` and `solver` say) is run \
                natively on both programs' encoded bytes in the sandboxed worker; the recorded \
                live_out values differ in bits that are defined on both sides. The evidence \
                records how many test cases the rewrite failed, and the pair's subtlety \
                (`disagreement`, issue 41): on how many of 64 fresh inputs (uniformly random def_in \
                values from a seed derived from the search seed, other registers zero; the \
                counterexample not among them), run natively in the same harness launch, the \
                live_out differs in bits the semantic model says are defined on both sides (a \
                difference only in architecturally undefined bits counts on no CPU)."
                .into(),
            audit: "Parses both programs and requires their texts to be exactly what the pipeline \
                prints for them (so even a comment added after the build is caught) and the side \
                named by `target_is` to hash to the target's recorded sha256; checks that every \
                read is of def_in or of what the program wrote before and that the stack is used \
                as the frame model allows; rebuilds an equivalent pair's query from the texts, \
                program_1 first (pairs written before issue 36, without `query_sha256`: the \
                target first), requires its sha256 to be the recorded one, and asks z3 and cvc5 \
                again, each with the options and under the deterministic rlimit its evidence \
                records, which must be the limit the category gives that strategy (records \
                without a digest: one an earlier build gave it), never a record's own (both must \
                answer `unsat`; a `sat` from either contradicts the label; running out of the \
                rlimit, or of the generous wall-clock backstop, is inconclusive), and for inequivalent pairs runs the recorded counterexample \
                natively on both programs, requiring live_out values that differ and equal the \
                recorded ones; a recorded disagreement is counted again on the same 64 inputs (its \
                seed must be the one derived from the recorded search seed, K the category's) and \
                must equal the recorded count; an equivalent pair must record none."
                .into(),
            limitations: vec![
                "Only loop-free code on general-purpose registers, flags and the function's own \
                 stack frame (at most 256 bytes below the entry %rsp, addressed by constant offsets \
                 from %rsp or the frame pointer, never more than the 128-byte red zone below the \
                 current %rsp, the part the SysV ABI keeps from signal handlers; bytes left deeper \
                 when %rsp moves up count as lost): no other memory, no pointer arguments, no SIMD; \
                 targets are short straight-line functions, so the category tests reasoning about \
                 bit tricks, flags and stack traffic rather than control flow."
                    .into(),
                "Equivalence is proved over the live_out registers only: other registers and \
                 flags may differ, exactly as in STOKE and EquiBench; the context names them."
                    .into(),
                "The SMT model is trusted as far as its cross-validation goes (10,000 inputs per \
                 instruction form against the CPU and the interpreter in CI); an unvalidated \
                 corner of an instruction would make a proof wrong."
                    .into(),
                "Equivalences cvc5 1.0.3 cannot re-prove within its limit are dropped even when \
                 z3 proves them (mostly 64-bit multiplications: a popcount ending in a multiply, \
                 Wang's hash), so such rewrites are rarer among the equivalent pairs than the \
                 search finds them."
                    .into(),
                "EquiBench's x86 pairs came from STOKE's own searches over its benchmark suite; \
                 these come from our corpus and search, so individual pairs differ from theirs."
                    .into(),
            ],
        })
    }
}

/// The elements of `v` at `order`, in that order.
fn in_order<T>(v: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = v.into_iter().map(Some).collect();
    order.iter().filter_map(|&k| slots[k].take()).collect()
}

/// The usable equivalent rewrites, in the search's order (both solvers' proofs first, then those
/// awaiting cvc5's second opinion): more than a renaming, inside the window, each program once.
fn equivalent_options(
    run: &mut Run,
    target: &Target,
    found: &Superopt,
    seen: &mut BTreeSet<Vec<Insn>>,
) -> Vec<Chosen> {
    let mut equivalent = Vec::new();
    let proved = found.verified.iter().map(|(c, p)| (c, Some(p), None));
    let awaiting = found.pending.iter().map(|(c, p)| (c, None, Some(p)));
    for (cand, proof, pending) in proved.chain(awaiting) {
        if !differs_beyond_renaming(&target.program, &cand.program) {
            run.reject("rewrite-only-renames");
            continue;
        }
        if !in_window(cand.program.len()) {
            run.reject("rewrite-out-of-window");
            continue;
        }
        if !seen.insert(cand.program.clone()) {
            continue;
        }
        equivalent.push(Chosen {
            program: cand.program.clone(),
            latency: cand.latency,
            tests_failed: cand.tests_failed,
            counterexample: None,
            found_by: None,
            model_query_sha256: None,
            proof: proof.cloned(),
            pending: pending.cloned(),
        });
    }
    equivalent
}

/// The usable inequivalent rewrites: refutations, then near misses, each with an input that
/// shows a defined difference, inside the window, no program already taken.
fn inequivalent_options(
    run: &mut Run,
    target: &Target,
    found: &Superopt,
    seen: &mut BTreeSet<Vec<Insn>>,
) -> Vec<Chosen> {
    let refuted = found
        .refuted
        .iter()
        .map(|(c, cx)| (c, Some((cx.input, cx.found_by, &cx.query_sha256))));
    let near = found.near_misses.iter().map(|c| (c, None));
    let mut inequivalent = Vec::new();
    for (cand, cx) in refuted.chain(near) {
        if !in_window(cand.program.len()) || seen.contains(&cand.program) {
            continue;
        }
        let shows = |input: &Case| {
            !differs_only_in_undefined_bits(&target.program, &cand.program, &target.live_out, input)
        };
        let (input, tests_failed) = match cx {
            Some((input, _, _)) => {
                if !shows(&input) {
                    run.reject("counterexample-in-undefined-bits");
                    continue;
                }
                (input, cand.tests_failed)
            }
            None => {
                // The first test case that shows a defined difference is the counterexample
                // (near misses sampled from rejected proposals carry no exact test count).
                let failing: Vec<&Case> = found.tests.iter().filter(|t| shows(t)).collect();
                match failing.first() {
                    Some(t) => (**t, failing.len()),
                    None => continue,
                }
            }
        };
        seen.insert(cand.program.clone());
        inequivalent.push(Chosen {
            program: cand.program.clone(),
            latency: cand.latency,
            tests_failed,
            counterexample: Some(input),
            found_by: cx.map(|(_, solver, _)| solver),
            model_query_sha256: cx.map(|(_, _, digest)| digest.clone()),
            proof: None,
            pending: None,
        });
    }
    inequivalent
}
