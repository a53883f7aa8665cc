//! The WebAssembly category: pairs of one C function at two clang levels, labelled equivalent by
//! a z3 and a cvc5 proof, or (one side mutated) inequivalent by a solver model confirmed in
//! wasmtime. Both labels come from the same targets ([`crate::targets`]).

use crate::compile::Toolchain;
use crate::engine::{Case, Wasmtime};
use crate::equiv;
use crate::evidence::{
    self, OutcomeRecord, ProofEvidence, ProofLine, WitnessEvidence, WitnessInput, PROOF_KIND,
    WITNESS_KIND,
};
use crate::interp::Val;
use crate::ir::Func;
use crate::targets::{self, Origin, Target, Targets};
use crate::witness::{self, differ};
use crate::{mutate, subtlety, surface, tools, DESCRIPTOR};
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::evidence::{Evidence, Source};
use equibench_core::seed::{derive_seed, rng};
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDatasheet, CategoryDescriptor,
    CategoryError, Pair, PairDraft, PairSink, Provenance, Report, ToolSpec, ToolVersion, Tools,
    VenvPackage, Verdict, VENV_PYTHON,
};
use equibench_toolchain::solver::{SatResult, SolverError, Strategy};
use equibench_toolchain::{CVC5, Z3};
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{json, Map};
use std::sync::{Arc, OnceLock};

/// Mutants tried per target before its inequivalent candidate is given up; under `build
/// --subtle` all of them are tried, and the subtlest refuted one is kept ([`Wasm::mutant`]).
const MUTANT_TRIES: usize = 4;
/// The solver whose model a witness is (the category's rule: the audit refuses another name).
const FOUND_BY: Strategy = Strategy::Z3;
/// Targets one block visits at most.
const MAX_TARGETS_PER_BLOCK: usize = 120;

pub struct Wasm {
    /// The benchmark draw's targets, and the exemplar draw's ([`targets::Draw`]).
    targets: [OnceLock<Result<Arc<Targets>, String>>; 2],
    engine: OnceLock<Result<Arc<Wasmtime>, String>>,
}

pub fn category() -> Box<dyn Category> {
    Box::new(Wasm {
        targets: [OnceLock::new(), OnceLock::new()],
        engine: OnceLock::new(),
    })
}

/// A target's couple waiting for wasmtime: its mutant refuted by z3 and the interpreter, and its
/// equivalent pair when the block still wants one. Both are emitted once wasmtime confirms the
/// witness, or neither.
struct Pending {
    /// The equivalent pair of the same target, proved.
    equivalent: Option<Pair>,
    /// Whether the block still wants this inequivalent pair (else the mutant only vouches for
    /// its target giving both labels).
    inequivalent: bool,
    target: usize,
    a: Func,
    b: Func,
    case: Case,
    swap: bool,
    edit: String,
    mutated: usize,
    /// sha256 of the query whose model `case` is (program_1 first).
    query_sha256: String,
    /// Seed of the subtlety trials ([`crate::subtlety`]) of this target visit.
    trial_seed: u64,
}

fn failed(e: impl std::fmt::Display) -> CategoryError {
    CategoryError::Failed(e.to_string())
}

/// A solver run that failed for a reason outside its script (a missing tool, a kill from
/// outside, memory, the backstop): the block fails, and the build stops saying so, rather than
/// count a rejection that another machine would not have (a re-run of the same command resumes
/// the block). Only the solver's complaint about the script is counted, as it is the same on
/// every machine.
fn machine_failure(e: SolverError) -> CategoryError {
    match e {
        SolverError::Tool(e) => CategoryError::Tool(e),
        e => CategoryError::Failed(format!(
            "{e}; no candidate is dropped for the machine's failures: run the same command again \
             to resume"
        )),
    }
}

impl Wasm {
    /// The targets of a build at `seed` (the benchmark's, or the exemplars' reserved ones),
    /// compiled once per process (the corpus is fixed, so every block sees the same list).
    fn targets(
        &self,
        tools: &Tools,
        data_dir: &std::path::Path,
        seed: u64,
    ) -> Result<Arc<Targets>, String> {
        let draw = targets::Draw::for_seed(seed);
        self.targets[usize::from(draw == targets::Draw::Exemplars)]
            .get_or_init(|| {
                let tc = Toolchain::find(tools).map_err(|e| e.to_string())?;
                targets::collect(&tc, &data_dir.join("x86"), draw)
                    .map(Arc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }

    /// wasmtime reachable from the sandbox, set up once per process.
    fn engine(&self, tools: &Tools) -> Result<Arc<Wasmtime>, String> {
        self.engine
            .get_or_init(|| {
                let venv = tools.get(&VENV_PYTHON).map_err(|e| e.to_string())?;
                let sys = tools
                    .get(&tools::SANDBOX_PYTHON)
                    .map_err(|e| e.to_string())?;
                Wasmtime::new(&venv.path, &sys.path, &crate::engine::script_path())
                    .map(Arc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }
}

/// Both solvers' answers on the query, each under its recorded limit; cvc5 is asked only after
/// z3's `unsat`.
fn prove(tools: &Tools, q: &equiv::Query) -> Result<Vec<(Strategy, SatResult)>, SolverError> {
    let mut out = Vec::new();
    for s in [Strategy::Z3, Strategy::CVC5] {
        let (answer, _) = witness::ask(tools, s, &q.script, witness::rlimit(s))?;
        out.push((s, answer));
        if answer != SatResult::Unsat {
            break;
        }
    }
    Ok(out)
}

fn program(f: &Func, inits: &[Val]) -> Result<String, CategoryError> {
    crate::wat::print_with_globals(f, inits).map_err(failed)
}

struct Versions {
    tools: Vec<ToolVersion>,
    z3: String,
    cvc5: String,
    wasmtime: String,
}

impl Wasm {
    fn versions(&self, tools: &Tools) -> Result<Versions, CategoryError> {
        let z3 = tools.get(&Z3)?.version;
        let cvc5 = tools.get(&CVC5)?.version;
        let wasmtime = tools.venv_package(&tools::WASMTIME)?.version;
        let mut list = vec![
            tools.get(&tools::CLANG)?.record(),
            tools.get(&tools::WASM_LD)?.record(),
            tools.get(&tools::WASM_OPT)?.record(),
            ToolVersion::new("z3", z3.clone()),
            ToolVersion::new("cvc5", cvc5.clone()),
            ToolVersion::new("wasmtime", wasmtime.clone()),
        ];
        list.sort();
        Ok(Versions {
            tools: list,
            z3,
            cvc5,
            wasmtime,
        })
    }

    fn draft(&self, ctx: &BuildContext, v: &Versions, c: Candidate) -> Pair {
        let t = c.target;
        let (i1, i2) = if c.swap { (1, 0) } else { (0, 1) };
        let [p_a, p_b] = c.programs;
        let (p1, p2) = if c.swap { (p_b, p_a) } else { (p_a, p_b) };
        let mut source = Map::new();
        let (kind, made_by) = match &t.origin {
            Origin::C { file, function } => {
                source.insert("file".into(), json!(file));
                source.insert("function".into(), json!(function));
                ("c-function", "clang-19 --target=wasm32 ")
            }
            Origin::Smith { index } => {
                source.insert("index".into(), json!(index));
                ("wasm-smith", "")
            }
        };
        source.insert("level_1".into(), json!(t.levels[i1]));
        source.insert("level_2".into(), json!(t.levels[i2]));
        let versions = format!("{made_by}{} vs {}", t.levels[i1], t.levels[i2]);
        let transformation = match c.mutated {
            None => versions,
            Some((side, edit)) => {
                let which = if (side == 1) != c.swap { 2 } else { 1 };
                source.insert("mutated".into(), json!(format!("program_{which}")));
                format!("{versions}, program_{which} mutated ({edit})")
            }
        };
        PairDraft {
            equivalent: c.equivalent,
            program_1: p1,
            program_2: p2,
            context: Map::new(),
            provenance: Provenance {
                pipeline: format!("equibench-wasm {}", env!("CARGO_PKG_VERSION")),
                tools: v.tools.clone(),
                seed: ctx.seed,
                source: Source::new(kind, &source),
                transformation,
                evidence: c.evidence,
            },
        }
        .finish(&DESCRIPTOR)
    }
}

/// One pair before it is drafted: its target, the two programs in the target's order, which
/// one is program_1, the mutated side and edit (inequivalent pairs) and the evidence.
struct Candidate<'a> {
    target: &'a Target,
    swap: bool,
    mutated: Option<(usize, &'a str)>,
    programs: [String; 2],
    evidence: Evidence,
    equivalent: bool,
}

fn proof_evidence(v: &Versions, q: &equiv::Query, inits: &[Val]) -> Evidence {
    let line = |s: Strategy, version: &str| ProofLine {
        solver: s.solver.name().into(),
        version: version.into(),
        rlimit: witness::rlimit(s),
        answer: "unsat".into(),
    };
    evidence::envelope(
        PROOF_KIND,
        &ProofEvidence {
            globals_init: evidence::globals_init(inits),
            proofs: vec![line(Strategy::Z3, &v.z3), line(Strategy::CVC5, &v.cvc5)],
            query_sha256: equiv::query_sha256(q),
        },
    )
}

/// The two programs of `t` (`funcs`, in the target's order) as the pair will show them, read
/// back from their texts in the pair's order (`swap`: the second first): the solvers are asked
/// the query of exactly these, which is the one the audit rebuilds from the pair.
fn as_emitted(funcs: [&Func; 2], inits: &[Val], swap: bool) -> Result<equiv::ReadPair, String> {
    let text = |f: &Func| crate::wat::print_with_globals(f, inits).map_err(|e| e.to_string());
    let texts = [text(funcs[0])?, text(funcs[1])?];
    let (t1, t2) = if swap {
        (&texts[1], &texts[0])
    } else {
        (&texts[0], &texts[1])
    };
    equiv::read_pair(t1, t2)
}

impl Category for Wasm {
    fn descriptor(&self) -> &CategoryDescriptor {
        &DESCRIPTOR
    }

    /// One target gives at most one pair of each label.
    fn block_size(&self) -> usize {
        5
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        vec![
            &tools::CLANG,
            &tools::WASM_LD,
            &tools::WASM_OPT,
            &Z3,
            &CVC5,
            &VENV_PYTHON,
            &tools::SANDBOX_PYTHON,
        ]
    }

    fn venv_packages(&self) -> Vec<&'static VenvPackage> {
        vec![&tools::WASMTIME]
    }

    fn data_folders(&self) -> Vec<&'static str> {
        vec!["x86"]
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        _want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let all = self
            .targets(ctx.tools, &ctx.inputs.data_dir, ctx.seed)
            .map_err(CategoryError::Failed)?;
        let engine = self.engine(ctx.tools).map_err(CategoryError::Failed)?;
        let versions = self.versions(ctx.tools)?;
        let mut report = Report::default();
        if all.targets.is_empty() {
            report.exhausted = true;
            return Ok(report);
        }
        if ctx.block.index == 0 {
            for (reason, n) in &all.skipped {
                for _ in 0..*n {
                    sink.reject(&format!("source-skip-{reason}"));
                }
            }
        }
        let mut walk = Walk::new(
            ctx,
            all.targets.len(),
            self.block_size(),
            spares(ctx.block.count),
        );
        while !sink.remaining().is_zero() {
            let pending = self.visit_targets(ctx, &versions, &all, &mut walk, sink)?;
            if !pending.is_empty() {
                self.confirm_in_wasmtime(ctx, &engine, &versions, &all, &pending, sink)?;
            }
            if walk.done() && !sink.remaining().is_zero() {
                report.exhausted = true;
                break;
            }
        }
        Ok(report)
    }

    /// Spare blocks fill the gaps left when two blocks meet the same target.
    fn spare_blocks(&self, blocks: usize) -> usize {
        spares(blocks)
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        audit(self, pair, ctx)
    }

    fn datasheet(&self) -> Option<CategoryDatasheet> {
        Some(crate::sheet::datasheet())
    }

    fn exemplars(&self) -> &'static str {
        include_str!("../../../data/exemplars/WASM.jsonl")
    }

    fn rationale(&self, pair: &Pair) -> Option<String> {
        crate::sheet::rationale(pair)
    }
}

/// Spare blocks for a request of `blocks`: one per eight, plus one, and one more below eight
/// blocks, since blocks visit one shared order of a finite list of targets and two can meet.
fn spares(blocks: usize) -> usize {
    blocks / 8 + if blocks < 8 { 2 } else { 1 }
}

/// A block's way through the targets: one seeded order shared by every block, each block
/// starting at its own point, at most [`MAX_TARGETS_PER_BLOCK`] visits.
struct Walk {
    order: Vec<usize>,
    start: usize,
    seed: u64,
    attempt: usize,
}

impl Walk {
    fn new(ctx: &BuildContext, targets: usize, block_size: usize, spares: usize) -> Walk {
        let mut order: Vec<usize> = (0..targets).collect();
        order.shuffle(&mut rng(ctx.seed, &["wasm", "target-order"]));
        let blocks = ctx.block.count + spares;
        let stride = (order.len() / blocks.max(1)).max(block_size + 1);
        Walk {
            order,
            start: ctx.block.index * stride,
            seed: ctx.block_seed(DESCRIPTOR.id()),
            attempt: 0,
        }
    }

    fn done(&self) -> bool {
        self.attempt >= MAX_TARGETS_PER_BLOCK
    }

    /// The next target's visit.
    fn next(&mut self) -> Visit {
        let target = self.order[(self.start + self.attempt) % self.order.len()];
        let attempt = self.attempt.to_string();
        let visit = Visit {
            target,
            rng: rng(self.seed, &["target", &attempt]),
            trial_seed: derive_seed(self.seed, &["target", &attempt, "wasm-disagreement"]),
        };
        self.attempt += 1;
        visit
    }
}

/// One visit of a target: its index, the random source of its candidates and the seed of its
/// inequivalent pair's subtlety trials (a seed of its own, so drawing them changes no other
/// draw).
struct Visit {
    target: usize,
    rng: equibench_core::seed::Rng,
    trial_seed: u64,
}

impl Wasm {
    /// Targets visited until enough couples wait for wasmtime to fill the block (or the walk
    /// ends); the waiting couples. A target gives pairs only when it gives both labels (a mutant
    /// z3 and the interpreter tell apart, and a proof): the targets where one label fails (no
    /// mutation site keeping the diff size, a proof past its limit) are not all alike on the
    /// surface, and dropping them from one label only would make the two labels' targets differ.
    fn visit_targets(
        &self,
        ctx: &BuildContext,
        versions: &Versions,
        all: &Targets,
        walk: &mut Walk,
        sink: &mut dyn PairSink,
    ) -> Result<Vec<Pending>, CategoryError> {
        let mut pending: Vec<Pending> = Vec::new();
        while !walk.done() {
            if ctx.cancelled() {
                return Err(CategoryError::Cancelled);
            }
            let left = sink.remaining();
            let want_eq =
                left.equivalent > pending.iter().filter(|p| p.equivalent.is_some()).count();
            let want_neq = left.inequivalent > pending.iter().filter(|p| p.inequivalent).count();
            if !want_eq && !want_neq {
                break;
            }
            let mut visit = walk.next();
            let t = &all.targets[visit.target];
            ctx.progress
                .note(DESCRIPTOR.id(), &format!("proving {}", t.label()));
            let swap: bool = visit.rng.gen();
            // A mutant the block does not want as a pair only vouches for its target: the
            // default build's, never a subtler one searched for in vain.
            let subtle = ctx.subtle && want_neq;
            let Some(mut p) = self.mutant(ctx, sink, t, &mut visit, swap, subtle)? else {
                continue;
            };
            let Some(eq) = self.equivalent(ctx, versions, t, swap, sink)? else {
                sink.reject("mutant-without-equivalent-partner");
                continue;
            };
            p.equivalent = want_eq.then_some(eq);
            p.inequivalent = want_neq;
            pending.push(p);
        }
        Ok(pending)
    }

    /// The target's two versions as an equivalent pair when both solvers prove them so (else
    /// the reason is counted).
    fn equivalent(
        &self,
        ctx: &BuildContext,
        versions: &Versions,
        t: &Target,
        swap: bool,
        sink: &mut dyn PairSink,
    ) -> Result<Option<Pair>, CategoryError> {
        let Ok(read) = as_emitted([&t.funcs[0], &t.funcs[1]], &t.inits, swap) else {
            sink.reject("program-text-unreadable");
            return Ok(None);
        };
        let q = read.query(0).map_err(failed)?;
        let answers = match prove(ctx.tools, &q) {
            Ok(answers) => answers,
            // A solver that rejects the query (an encoding the semantics got wrong) costs this
            // target its pairs, the same way on every machine, never the build.
            Err(SolverError::Solver(_)) => {
                sink.reject("proof-solver-error");
                return Ok(None);
            }
            Err(e) => return Err(machine_failure(e)),
        };
        match answers.last().map(|a| a.1) {
            Some(SatResult::Unsat) if answers.len() == 2 => {
                let programs = [
                    program(&t.funcs[0], &t.inits)?,
                    program(&t.funcs[1], &t.inits)?,
                ];
                let evidence = proof_evidence(versions, &q, &t.inits);
                Ok(Some(self.draft(
                    ctx,
                    versions,
                    Candidate {
                        target: t,
                        swap,
                        mutated: None,
                        programs,
                        evidence,
                        equivalent: true,
                    },
                )))
            }
            Some(SatResult::Sat) => {
                sink.reject("levels-not-equivalent");
                Ok(None)
            }
            _ => {
                sink.reject("proof-unknown");
                Ok(None)
            }
        }
    }

    /// The waiting mutants run in wasmtime in one batch; those it tells apart become
    /// inequivalent pairs, with the witness and both outcomes as evidence.
    fn confirm_in_wasmtime(
        &self,
        ctx: &BuildContext,
        engine: &Wasmtime,
        versions: &Versions,
        all: &Targets,
        pending: &[Pending],
        sink: &mut dyn PairSink,
    ) -> Result<(), CategoryError> {
        ctx.progress.note(
            DESCRIPTOR.id(),
            &format!("running {} witnesses in wasmtime", pending.len()),
        );
        // The subtlety trials of every pair the block wants ride in the same batch.
        let trials: Vec<Vec<Case>> = pending
            .iter()
            .map(|p| {
                if p.inequivalent {
                    let inits = &all.targets[p.target].inits;
                    subtlety::inputs(&p.a, &p.b, inits, p.trial_seed, subtlety::TRIALS)
                } else {
                    Vec::new()
                }
            })
            .collect();
        let runs: Vec<(&Func, &Func, &Case, &[Case])> = pending
            .iter()
            .zip(&trials)
            .map(|(p, trials)| (&p.a, &p.b, &p.case, trials.as_slice()))
            .collect();
        let observed = witness::run_pairs_with_trials(engine, &runs).map_err(failed)?;
        for (p, ran) in pending.iter().zip(observed) {
            let (oa, ob) = ran.witness;
            if !differ(&oa, &ob) {
                sink.reject("witness-not-confirmed-in-wasmtime");
                if p.equivalent.is_some() {
                    sink.reject("equivalent-without-inequivalent-partner");
                }
                continue;
            }
            if let Some(eq) = &p.equivalent {
                sink.emit(eq.clone())?;
            }
            if !p.inequivalent {
                continue;
            }
            let t = &all.targets[p.target];
            let (o1, o2) = if p.swap { (&ob, &oa) } else { (&oa, &ob) };
            let ev = evidence::envelope(
                WITNESS_KIND,
                &WitnessEvidence {
                    found_by: FOUND_BY.solver.name().into(),
                    engine: format!("wasmtime {}", versions.wasmtime),
                    globals_init: evidence::globals_init(&t.inits),
                    witness: WitnessInput::of(&p.case),
                    outcome_1: OutcomeRecord::of(o1),
                    outcome_2: OutcomeRecord::of(o2),
                    query_sha256: Some(p.query_sha256.clone()),
                },
            );
            let programs = [program(&p.a, &t.inits)?, program(&p.b, &t.inits)?];
            let pair = self.draft(
                ctx,
                versions,
                Candidate {
                    target: t,
                    swap: p.swap,
                    mutated: Some((p.mutated, &p.edit)),
                    programs,
                    evidence: ev.with_disagreement(subtlety::disagreement(
                        p.trial_seed,
                        ran.trials.0.len(),
                        subtlety::count(&ran.trials.0, &ran.trials.1),
                    )),
                    equivalent: false,
                },
            );
            sink.emit(pair)?;
        }
        Ok(())
    }
}

impl Wasm {
    /// One side of `t` mutated until z3 finds an input on which the two differ and the
    /// interpreter agrees; the candidate then waits for wasmtime. With `subtle` (`build
    /// --subtle`) every sampled site is tried, and of the mutants refuted the one whose
    /// functions differ on the fewest of the pair's fresh trial calls in the interpreter
    /// ([`subtlety::interpreted`]) is kept, ties to the earlier: the default build's mutant
    /// unless a later one is subtler. Every site keeps the diff size and the target gives both
    /// labels exactly when it would without it, so the surface and the equivalent pairs are
    /// as without it.
    fn mutant(
        &self,
        ctx: &BuildContext,
        sink: &mut dyn PairSink,
        t: &Target,
        visit: &mut Visit,
        swap: bool,
        subtle: bool,
    ) -> Result<Option<Pending>, CategoryError> {
        let mut subtlest: Option<(usize, Pending)> = None;
        let r = &mut visit.rng;
        // Only mutants that differ from the other version by as many lines as the two versions
        // do, so the diff size does not tell the labels apart (`crate::surface`).
        let sites = surface::matched_sites(&t.funcs, &t.inits).map_err(failed)?;
        if sites.is_empty() {
            sink.reject("no-mutation-site-keeping-diff-size");
            return Ok(None);
        }
        let tries = rand::seq::index::sample(r, sites.len(), MUTANT_TRIES.min(sites.len()));
        for k in tries {
            let site = &sites[k];
            let side = site.side;
            let m = mutate::apply(&t.funcs[side], site.at, &site.with);
            let edit = mutate::describe(site.at, &site.with);
            let (a, b) = if side == 0 {
                (m, t.funcs[1].clone())
            } else {
                (t.funcs[0].clone(), m)
            };
            let Ok(read) = as_emitted([&a, &b], &t.inits, swap) else {
                sink.reject("program-text-unreadable");
                continue;
            };
            let q = read.query(0).map_err(failed)?;
            let (answer, values) =
                match witness::ask(ctx.tools, FOUND_BY, &q.script, witness::rlimit(FOUND_BY)) {
                    Ok(asked) => asked,
                    Err(SolverError::Solver(_)) => {
                        sink.reject("mutant-solver-error");
                        continue;
                    }
                    Err(e) => return Err(machine_failure(e)),
                };
            match answer {
                SatResult::Unsat => {
                    sink.reject("mutant-equivalent");
                    continue;
                }
                SatResult::Unknown => {
                    sink.reject("mutant-unknown");
                    continue;
                }
                SatResult::Sat => {}
            }
            let Some(case) = witness::case_from_model(&q, &values, &a, &t.inits) else {
                sink.reject("model-incomplete");
                continue;
            };
            // The interpreter first (cheap): a model it does not confirm is not sent to wasmtime.
            let (Ok(oa), Ok(ob)) = (
                crate::engine::interpret(&a, &case, 1 << 20),
                crate::engine::interpret(&b, &case, 1 << 20),
            ) else {
                sink.reject("witness-not-confirmed-in-interpreter");
                continue;
            };
            if !differ(&oa, &ob) {
                sink.reject("witness-not-confirmed-in-interpreter");
                continue;
            }
            let p = Pending {
                equivalent: None,
                inequivalent: true,
                target: visit.target,
                a,
                b,
                case,
                swap,
                edit,
                mutated: side,
                query_sha256: equiv::query_sha256(&q),
                trial_seed: visit.trial_seed,
            };
            if !subtle {
                return Ok(Some(p));
            }
            let differing = subtlety::interpreted(&p.a, &p.b, &t.inits, p.trial_seed);
            if subtlest.as_ref().is_none_or(|(best, _)| differing < *best) {
                subtlest = Some((differing, p));
            }
        }
        Ok(subtlest.map(|(_, p)| p))
    }
}

/// The audit: both programs read back from their text; an equivalent pair re-proved by z3 and
/// cvc5 on the query rebuilt from the texts (its sha256 the recorded one) under the category's
/// limits (the recorded ones must be those), an inequivalent one's witness re-run in wasmtime.
/// Every parameter the evidence records is checked against the category's rules or the pair.
fn audit(cat: &Wasm, pair: &Pair, ctx: &AuditContext) -> Verdict {
    let read = match equiv::read_pair(&pair.program_1, &pair.program_2) {
        Ok(r) => r,
        Err(e) => return Verdict::Contradicted(e),
    };
    let ev = &pair.provenance.evidence;
    let kind = ev.kind.as_str();
    let (expected, label) = if pair.equivalent {
        (PROOF_KIND, "an equivalent")
    } else {
        (WITNESS_KIND, "an inequivalent")
    };
    if kind != expected {
        return Verdict::Contradicted(format!("{label} pair with evidence `{kind}`"));
    }
    if let Some(d) = pair.disagreement() {
        if pair.equivalent {
            return Verdict::Contradicted("an equivalent pair records a disagreement".into());
        }
        if let Some(problem) = d.problem() {
            return Verdict::Contradicted(problem);
        }
    }
    if pair.equivalent {
        match evidence::parse::<ProofEvidence>(ev).and_then(|e| proof_to_replay(&e, &read)) {
            Ok((q, strategies)) => reprove(ctx, &q, &strategies),
            Err(why) => Verdict::Contradicted(why),
        }
    } else {
        let checked = evidence::parse::<WitnessEvidence>(ev)
            .and_then(|e| witness_to_rerun(&e, &read).map(|case| (e, case)));
        match checked {
            Ok((e, case)) => rerun_witness(cat, ctx, &read, &e, &case, pair.disagreement()),
            Err(why) => Verdict::Contradicted(why),
        }
    }
}

/// The globals' initial values a record names must be the ones both modules declare.
fn check_globals_init(recorded: &[i64], read: &equiv::ReadPair) -> Result<(), String> {
    let declared = evidence::globals_init(&read.inits);
    if recorded != declared.as_slice() {
        return Err(format!(
            "globals_init is {recorded:?}, but the modules initialise their globals to {declared:?}"
        ));
    }
    Ok(())
}

/// What an equivalent pair's evidence asks to replay, checked: the query rebuilt from the texts,
/// program_1 first, whose sha256 must be the recorded one (or, for a record written before
/// issue 36, whose build asked with the target's first level first, the same two functions the
/// other way round); and each solver's strategy with the limit the category gives it, which
/// the record must name.
fn proof_to_replay(
    ev: &ProofEvidence,
    read: &equiv::ReadPair,
) -> Result<(equiv::Query, Vec<Strategy>), String> {
    check_globals_init(&ev.globals_init, read)?;
    let solvers = [Strategy::Z3, Strategy::CVC5];
    if ev.proofs.len() != solvers.len() {
        return Err(format!(
            "proofs has {} lines; this category records z3's and cvc5's unsat",
            ev.proofs.len()
        ));
    }
    for (i, (line, strategy)) in ev.proofs.iter().zip(solvers).enumerate() {
        let name = strategy.solver.name();
        if line.solver != name || line.answer != "unsat" {
            return Err(format!(
                "proofs[{i}] is {} `{}`; this category records {name} `unsat` there",
                line.solver, line.answer
            ));
        }
        let rule = witness::rlimit(strategy);
        if line.rlimit != rule {
            return Err(format!(
                "proofs[{i}].rlimit is {}, but this category asks {name} under {rule} (a \
                 record's limits are the category's, never its own)",
                line.rlimit
            ));
        }
    }
    let mut rebuilt = Vec::new();
    for first in [0, 1] {
        let q = read.query(first)?;
        let digest = equiv::query_sha256(&q);
        if digest == ev.query_sha256 {
            return Ok((q, solvers.to_vec()));
        }
        rebuilt.push(digest);
    }
    Err(format!(
        "query_sha256: the evidence records {}, but the query rebuilt from program_1 and \
         program_2 has sha256 {} ({} with the two the other way round)",
        ev.query_sha256, rebuilt[0], rebuilt[1]
    ))
}

/// Ask each solver the query under the category's limit: confirmed when both answer `unsat`.
fn reprove(ctx: &AuditContext, q: &equiv::Query, strategies: &[Strategy]) -> Verdict {
    let mut said = Vec::new();
    for &s in strategies {
        match witness::ask(ctx.tools, s, &q.script, witness::rlimit(s)) {
            Ok((SatResult::Unsat, _)) => said.push(format!("{} unsat", s.solver.name())),
            Ok((SatResult::Sat, _)) => {
                return Verdict::Contradicted(format!(
                    "{} finds inputs on which the two differ (sat)",
                    s.solver.name()
                ))
            }
            Ok((SatResult::Unknown, _)) => {
                return Verdict::Inconclusive(format!(
                    "{} gave no answer within rlimit {}",
                    s.solver.name(),
                    witness::rlimit(s)
                ))
            }
            Err(e) => return Verdict::Inconclusive(e.to_string()),
        }
    }
    Verdict::Confirmed(format!("re-proved: {}", said.join(", ")))
}

/// What an inequivalent pair's evidence asks to re-run, checked: the globals as declared, the
/// category's solver, the witness fitting the functions, and (records since issue 36) the
/// digest of the query whose model it is, rebuilt from the texts.
fn witness_to_rerun(ev: &WitnessEvidence, read: &equiv::ReadPair) -> Result<Case, String> {
    check_globals_init(&ev.globals_init, read)?;
    let found_by = FOUND_BY.solver.name();
    if ev.found_by != found_by {
        return Err(format!(
            "found_by is `{}`; this category's witnesses are {found_by}'s models",
            ev.found_by
        ));
    }
    if let Some(digest) = &ev.query_sha256 {
        let rebuilt = equiv::query_sha256(&read.query(0)?);
        if rebuilt != *digest {
            return Err(format!(
                "query_sha256: the evidence records {digest}, but the query rebuilt from \
                 program_1 and program_2 (in that order) has sha256 {rebuilt}"
            ));
        }
    }
    ev.witness
        .case(&read.funcs[0], &read.inits)
        .map_err(|e| format!("the witness does not fit the functions: {e}"))
}

/// The trials a recorded disagreement asks to re-run: the category's [`subtlety::TRIALS`] calls
/// drawn from the recorded seed (a record's own K is refused, naming the field).
fn trials_to_rerun(d: &Disagreement, read: &equiv::ReadPair) -> Result<(u64, Vec<Case>), String> {
    let (Over::Inputs, Some(seed)) = (d.over, d.seed) else {
        return Err("disagreement.over: a WASM pair counts fresh inputs".into());
    };
    if d.trials != subtlety::TRIALS {
        return Err(format!(
            "disagreement.trials is {}, this category draws {}",
            d.trials,
            subtlety::TRIALS
        ));
    }
    let [f1, f2] = &read.funcs;
    Ok((seed, subtlety::inputs(f1, f2, &read.inits, seed, d.trials)))
}

/// Run the witness on both programs in wasmtime: their outcomes must be the recorded ones, and
/// differ; a recorded disagreement is counted again on its trials, in the same batch.
fn rerun_witness(
    cat: &Wasm,
    ctx: &AuditContext,
    read: &equiv::ReadPair,
    ev: &WitnessEvidence,
    case: &Case,
    disagreement: Option<Disagreement>,
) -> Verdict {
    let trials = match disagreement.as_ref().map(|d| trials_to_rerun(d, read)) {
        Some(Err(why)) => return Verdict::Contradicted(why),
        Some(Ok(t)) => Some(t),
        None => None,
    };
    let engine = match cat.engine(ctx.tools) {
        Ok(e) => e,
        Err(e) => return Verdict::Inconclusive(e),
    };
    let [f1, f2] = &read.funcs;
    let inputs = trials.as_ref().map_or(&[][..], |(_, v)| v.as_slice());
    let ran = match witness::run_pairs_with_trials(&engine, &[(f1, f2, case, inputs)]) {
        Ok(mut v) => match v.pop() {
            Some(x) => x,
            None => return Verdict::Inconclusive("wasmtime gave no outcome".into()),
        },
        Err(e) => return Verdict::Inconclusive(e.to_string()),
    };
    let (o1, o2) = &ran.witness;
    let mut subtle = String::new();
    if let (Some(recorded), Some((seed, _))) = (disagreement, &trials) {
        let differing = subtlety::count(&ran.trials.0, &ran.trials.1);
        if u32::try_from(differing).ok() != Some(recorded.differing) {
            return Verdict::Contradicted(format!(
                "disagreement.differing: {} recorded, but the functions differ in wasmtime on \
                 {differing} of the {} fresh calls drawn from seed {seed}",
                recorded.differing, recorded.trials
            ));
        }
        subtle = format!(
            "; disagreement recounted: {differing} of {} fresh calls differ",
            recorded.trials
        );
    }
    let (r1, r2) = (OutcomeRecord::of(o1), OutcomeRecord::of(o2));
    for (key, ran, recorded) in [
        ("outcome_1", &r1, &ev.outcome_1),
        ("outcome_2", &r2, &ev.outcome_2),
    ] {
        if ran != recorded {
            return Verdict::Contradicted(format!(
                "{key} recorded differently from what wasmtime does now ({})",
                ran.text()
            ));
        }
    }
    if differ(o1, o2) {
        Verdict::Confirmed(format!(
            "wasmtime: program_1 {}, program_2 {}{subtle}",
            r1.text(),
            r2.text()
        ))
    } else {
        Verdict::Contradicted(format!(
            "the witness does not tell them apart in wasmtime: program_1 {}, program_2 {}",
            r1.text(),
            r2.text()
        ))
    }
}
