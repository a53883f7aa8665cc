//! One block of CUDA pairs. Every candidate draws its choices from its own seed (block seed and
//! candidate number), so a block is a pure function of its coordinates and the tool versions.
//!
//! - equivalent: one catalogue operator, two schedules sampled independently from MetaSchedule's
//!   CUDA design space whose kernels differ in normal form;
//! - inequivalent: either a near miss (the same family with one semantic change from the catalogue)
//!   or two different operators of the catalogue with the same input and output shapes; kept only if
//!   the two computations, run on CPU on seeded inputs, differ beyond tolerance. Each side is
//!   scheduled from its own sampling seed and design-space trace, exactly as the two sides of an
//!   equivalent pair are, so the schedule's shape says nothing about the label.
//!
//! Which operator of an inequivalent pair is program_1 is drawn from the candidate's seed.
//!
//! `build --subtle` changes no decision the block makes: every candidate is drawn, scheduled,
//! oriented, matched, executed and rejected exactly as without it, so the equivalent pairs, the
//! labels and strata of the pairs kept and the block's end are the default build's. It only
//! substitutes, when an inequivalent candidate's pair is emitted, a subtler pair of the same
//! stratum drawn from seeds of the candidate's own (`Block::subtler`).

use crate::catalogue::{Catalogue, Entry, Operator};
use crate::clang_check::ClangCheck;
use crate::env::Env;
use crate::evidence::{
    EquivalentEvidence, ScheduleRecord, WitnessEvidence, EQUIVALENT_KIND, WITNESS_KIND,
};
use crate::kernel::{self, launch_context, math_functions, normalise, MAX_LINES, MIN_LINES};
pub use crate::select::SELECTION;
use crate::select::{Matcher, Stratum};
use crate::tvm::{Schedule, Signature, Tvm, ATOL, CUDA_TARGET, INPUT_RULE, RTOL};
use crate::CudaCategory;
use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::evidence::{Evidence, Source};
use equibench_core::pair::{canonical_json, canonicalize, count_lines, sha256_hex};
use equibench_core::seed::{derive_seed, rng, Rng};
use equibench_core::{
    Balance, BuildContext, CategoryError, Pair, PairDraft, PairSink, Provenance, Report,
};
use rand::Rng as _;
use serde_json::{json, Map, Value};

/// Seeds handed to TVM and numpy stay within TVM's schedule-seed range.
const MAX_SEED: u64 = 2_147_483_646;
/// Schedules tried per sampling request (cheap: a failed postprocessor costs no compilation).
const SAMPLE_ATTEMPTS: u64 = 240;
/// Candidates per wanted pair before a block gives up.
const CANDIDATES_PER_PAIR: usize = 12;
/// Probability that an inequivalent candidate pairs two different operators with the same signature
/// (EquiBench's construction) rather than a near miss; it is drawn among the catalogue operators that
/// have such a partner, so the share is real (the datasheet states the measured one).
pub const DIFFERENT_PROGRAM_SHARE: f64 = 0.35;
/// Fresh random input sets on which an inequivalent pair's two computations are compared for its
/// subtlety (issue 41): the share that differs beyond tolerance is recorded as the pair's
/// `disagreement` (the witness's own inputs are not one of them).
pub const DISAGREEMENT_TRIALS: u32 = 32;
/// Under `build --subtle`, the computations an inequivalent candidate draws: its own (the default
/// build's) and `SUBTLE_DRAWS - 1` alternatives (each checked and its disagreement counted before
/// any schedule is sampled), of which the subtlest that can stand in for the candidate's pair is
/// emitted in its place (`Block::subtler`).
pub const SUBTLE_DRAWS: usize = 4;

pub(crate) const PIPELINE: &str = concat!("equibench-cuda ", env!("CARGO_PKG_VERSION"));
pub(crate) const EXECUTED_ON: &str =
    "CPU: the same TE computations built with tvm.compile(target=\"llvm\") in tools/tvm_worker.py";

/// A dropped candidate's reason.
type Reject = &'static str;

/// `build --subtle`: an alternative pair that stood in for an inequivalent candidate's failed in
/// execution, and the candidate's own pair was kept (counted; it changes no decision).
const SUBSTITUTE_FAILED: Reject = "subtle-substitute-failed";

/// With `EQUIBENCH_CUDA_TRACE` set, one line on stderr per candidate (`cuda-trace block N candidate
/// M: ...`): its label, what became of it and, once made, its stratum and construction, so a build's
/// waste (unmatched strata, rejections after sampling) can be read off without a profiler.
fn trace(block: usize, n: usize, what: std::fmt::Arguments) {
    if std::env::var_os("EQUIBENCH_CUDA_TRACE").is_some() {
        eprintln!("cuda-trace block {block} candidate {n}: {what}");
    }
}

/// A candidate whose programs, launches and evidence are final except for the execution of its
/// kernels on the CPU harness ([`Block::execute`]). Execution is the dearest step after sampling,
/// and a candidate is only kept together with a partner of the other label from its stratum, so it
/// is run once the candidate has one: candidates left unmatched are never executed.
pub(crate) struct Candidate {
    pair: Pair,
    /// What is left to run (None once executed).
    execution: Option<Execution>,
    /// `build --subtle`, an inequivalent candidate not yet executed: what a pair standing in for
    /// it must match.
    stand_in: Option<StandIn>,
}

/// What an inequivalent pair must be to stand in for candidate `seed`'s under `build --subtle`:
/// strictly subtler than `than` (the candidate's own subtlety, [`Drawn::subtlety`]) and of its
/// stratum, oriented from the block's balance as it stood before the candidate's own orientation.
struct StandIn {
    seed: u64,
    than: (u32, f64),
    stratum: Stratum,
    balance: i64,
}

impl crate::select::Matchable for Candidate {
    fn pair(&self) -> &Pair {
        &self.pair
    }
}

/// The inputs of a candidate's kernel execution (crate::exec::evidence).
enum Execution {
    Equivalent {
        operator: Operator,
        a: Schedule,
        b: Schedule,
        seed: u64,
    },
    Inequivalent {
        operator_1: Operator,
        a: Schedule,
        operator_2: Operator,
        b: Schedule,
        input_seed: u64,
    },
}

/// Failures that say nothing about a candidate, only that the machine could not give a worker or
/// a kernel run the time it needed (issue 26): counting them as rejections would let elapsed time
/// decide which pairs a build holds, so they stop the block, and with it the build.
const STOPS_THE_BUILD: [&str; 3] = [
    "worker-stalled",
    "worker-spawn-failed",
    crate::exec::STALLED,
];

/// Whether `reason` is one of [`STOPS_THE_BUILD`]. An alternative of `build --subtle` failing so
/// stops the build too: which pair stands in for a candidate must not depend on elapsed time either.
fn stops_the_build(reason: &str) -> bool {
    STOPS_THE_BUILD.contains(&reason)
}

fn stopped(reason: &str) -> CategoryError {
    CategoryError::Failed(format!(
        "{reason}: a TVM worker or a kernel run made no progress (after retries) although it was \
         not out of CPU time; the machine is overloaded or a tool blocks, and the build stops \
         rather than let elapsed time decide what it holds"
    ))
}

/// The block's sink, holding back the failures of [`STOPS_THE_BUILD`] from the rejection counts.
struct Guard<'s> {
    sink: &'s mut dyn PairSink,
    stalled: Option<&'static str>,
}

impl PairSink for Guard<'_> {
    fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError> {
        self.sink.emit(pair)
    }
    fn remaining(&self) -> Balance {
        self.sink.remaining()
    }
    fn reject(&mut self, reason: &str) {
        match STOPS_THE_BUILD.iter().find(|r| **r == reason) {
            Some(r) => self.stalled = Some(r),
            None => self.sink.reject(reason),
        }
    }
}

struct Block<'a> {
    env: &'a Env,
    tvm: &'a Tvm<'a>,
    catalogue: &'a Catalogue,
    entries: Vec<Entry>,
    category: &'a CudaCategory,
    scratch: &'a std::path::Path,
    /// Per label (`[inequivalent, equivalent]`): how many more candidates had the longer program
    /// second than first. Orientation keeps it near zero (see [`orient`]).
    orientation: std::cell::RefCell<[i64; 2]>,
    /// `build --subtle`: an inequivalent pair is emitted as the subtlest of [`SUBTLE_DRAWS`] draws
    /// that stands in for it ([`Block::subtler`]).
    subtle: bool,
}

pub(crate) fn generate(
    category: &CudaCategory,
    ctx: &BuildContext,
    want: Balance,
    sink: &mut dyn PairSink,
) -> Result<Report, CategoryError> {
    let env = Env::new(ctx.tools, ctx.inputs)?;
    let (catalogue, _) =
        Catalogue::load(&ctx.inputs.data_dir).map_err(|e| CategoryError::Input(e.to_string()))?;
    // An exemplar build draws the reserved shapes only, a benchmark build never does (issue 36).
    let catalogue = catalogue.draw(ctx.seed);
    if catalogue.families.is_empty() {
        return Err(CategoryError::Input(
            "the CUDA catalogue reserves no `exemplar_shapes`, so no exemplars can be made that \
             a benchmark build could not also make"
                .into(),
        ));
    }
    let tvm = Tvm::new(&category.pool, env.worker.clone());
    let block = Block {
        env: &env,
        tvm: &tvm,
        entries: catalogue.entries(),
        catalogue: &catalogue,
        category,
        scratch: ctx.work_dir,
        orientation: Default::default(),
        subtle: ctx.subtle,
    };
    let block_seed = ctx.block_seed(crate::DESCRIPTOR.id());
    let mut guard = Guard {
        sink,
        stalled: None,
    };
    let sink = &mut guard;
    let mut report = Report::default();
    let budget = CANDIDATES_PER_PAIR * want.total().max(1);
    let mut matcher = Matcher::<Candidate>::default();
    for n in 0..budget {
        let remaining = sink.remaining();
        if remaining.is_zero() {
            break;
        }
        if ctx.cancelled() {
            return Err(CategoryError::Cancelled);
        }
        if let Some(reason) = sink.stalled {
            return Err(stopped(reason));
        }
        let equivalent = matcher.next_label(n, remaining);
        let seed = derive_seed(block_seed, &["candidate", &n.to_string()]);
        let mut r = rng(seed, &[]);
        ctx.progress.note(
            crate::DESCRIPTOR.id(),
            &format!(
                "block {} candidate {n}: {}",
                ctx.block.index,
                if equivalent {
                    "equivalent"
                } else {
                    "inequivalent"
                }
            ),
        );
        let outcome = if equivalent {
            block.equivalent(&mut r, seed)
        } else {
            block.inequivalent(&mut r, seed)
        };
        for (reason, message) in tvm.losses.borrow_mut().drain(..) {
            ctx.progress.note(
                crate::DESCRIPTOR.id(),
                &format!("TVM worker lost ({message}); restarted"),
            );
            sink.reject(&format!("{reason}-restarted"));
        }
        match &outcome {
            Ok(c) => trace(
                ctx.block.index,
                n,
                format_args!(
                    "{} made, stratum {:?}: {}",
                    if equivalent { "eq" } else { "ineq" },
                    Stratum::of(&c.pair),
                    c.pair.provenance.transformation
                ),
            ),
            Err(reason) => trace(
                ctx.block.index,
                n,
                format_args!(
                    "{} rejected: {reason}",
                    if equivalent { "eq" } else { "ineq" }
                ),
            ),
        }
        match outcome {
            // Once the other label is full (a duplicate dropped by the sink can cause that), there
            // is no partner to wait for.
            Ok(c) if remaining.get(!c.pair.equivalent) == 0 => match block.execute(c, sink) {
                Ok(pair) => {
                    sink.emit(pair)?;
                }
                Err(reason) => sink.reject(reason),
            },
            Ok(c) => block.offer(&mut matcher, c, sink)?,
            Err(reason) => sink.reject(reason),
        }
    }
    if let Some(reason) = sink.stalled {
        return Err(stopped(reason));
    }
    for _ in 0..matcher.unmatched() {
        sink.reject("unmatched-in-stratum");
    }
    trace(
        ctx.block.index,
        budget,
        format_args!("block ends, unmatched {:?}", matcher.waiting_strata()),
    );
    report.exhausted = !sink.remaining().is_zero();
    Ok(report)
}

/// `evidence` with the kernel-execution record added (crate::exec::evidence).
fn with_execution(mut evidence: Map<String, Value>, execution: Value) -> Map<String, Value> {
    evidence.insert(crate::exec::evidence::EVIDENCE_KEY.into(), execution);
    evidence
}

fn pick<'v, T>(r: &mut Rng, items: &'v [T]) -> &'v T {
    &items[r.gen_range(0..items.len())]
}

fn record(s: &Schedule) -> ScheduleRecord {
    ScheduleRecord {
        design_space: s.space,
        seed: s.seed,
        trace: s.trace.clone(),
        kernels_sha256: sha256_hex(s.kernels.as_bytes()),
    }
}

fn operator_source(family: &str, shape: usize, op: &Operator) -> Source {
    Source::new(
        "tvm-operator",
        &json!({
            "family": family,
            "shape_index": shape,
            "operator": op,
            "operator_sha256": sha256_hex(canonical_json(&op.to_value()).as_bytes()),
            "catalogue": crate::catalogue::CATALOGUE_PATH,
        }),
    )
}

/// The kernel and clang checks every program passes; returns its `context` launch entry.
pub(crate) fn checked(
    clang: &ClangCheck,
    scratch: &std::path::Path,
    s_kernels: &str,
    launch: &[kernel::Launch],
    name: &str,
) -> Result<Value, Reject> {
    let context = kernel_checked(s_kernels, launch)?;
    clang_checked(clang, scratch, s_kernels, name)?;
    Ok(context)
}

/// The kernel check (in process); returns the program's `context` launch entry.
fn kernel_checked(s_kernels: &str, launch: &[kernel::Launch]) -> Result<Value, Reject> {
    let defs = kernel::check(s_kernels, launch).map_err(|e| e.reason())?;
    Ok(launch_context(&defs, launch))
}

/// The clang CUDA syntax check (a clang process).
fn clang_checked(
    clang: &ClangCheck,
    scratch: &std::path::Path,
    s_kernels: &str,
    name: &str,
) -> Result<(), Reject> {
    clang
        .check(s_kernels, scratch, name)
        .map_err(|_| "clang-check-failed")
}

impl Block<'_> {
    fn sample_one(
        &self,
        op: &Operator,
        unroll: &[u32],
        seed: u64,
        want: usize,
    ) -> Result<Vec<Schedule>, Reject> {
        let s = self
            .tvm
            .sample(
                op,
                unroll,
                seed,
                want,
                (MIN_LINES, MAX_LINES),
                SAMPLE_ATTEMPTS,
            )
            .map_err(|e| e.reason())?;
        if s.schedules.len() < want {
            return Err(if s.valid == 0 {
                "no-valid-schedule"
            } else if s.out_of_range > 0 {
                "kernel-out-of-range"
            } else {
                "too-few-distinct-schedules"
            });
        }
        Ok(s.schedules)
    }

    fn equivalent(&self, r: &mut Rng, seed: u64) -> Result<Candidate, Reject> {
        let e = *pick(r, &self.entries);
        let family = self.catalogue.family(e);
        let op = self.catalogue.operator(e);
        // Two independent draws (own seed, own starting design-space trace), exactly as the two
        // sides of an inequivalent pair are drawn; the sides are exchangeable, so their order is too.
        let sched_seed_1 = r.gen_range(1..MAX_SEED);
        let sched_seed_2 = r.gen_range(1..MAX_SEED);
        let coin = r.gen_bool(0.5);
        let mut a = self
            .sample_one(&op, &family.unroll, sched_seed_1, 1)?
            .remove(0);
        let mut b = self
            .sample_one(&op, &family.unroll, sched_seed_2, 1)?
            .remove(0);
        if orient(
            &mut self.orientation.borrow_mut()[usize::from(true)],
            &a.kernels,
            &b.kernels,
            coin,
        ) {
            std::mem::swap(&mut a, &mut b);
        }
        let (a, b) = (&a, &b);
        if normalise(&a.kernels) == normalise(&b.kernels) {
            return Err("same-normalised-kernels");
        }
        if math_functions(&a.kernels) != math_functions(&b.kernels) {
            return Err("math-functions-differ");
        }
        let launch_1 = kernel_checked(&a.kernels, &a.launch)?;
        let launch_2 = kernel_checked(&b.kernels, &b.launch)?;
        let ev = EquivalentEvidence {
            operator: op.clone(),
            target: CUDA_TARGET.into(),
            unroll_max_steps: family.unroll.clone(),
            schedule_1: record(a),
            schedule_2: record(b),
            syntax_check: ClangCheck::describe(),
        };
        let pair = self.pair(PairParts {
            equivalent: true,
            programs: [a.kernels.clone(), b.kernels.clone()],
            launches: [launch_1, launch_2],
            seed,
            source: operator_source(&family.family, e.shape, &op),
            transformation: format!(
                "two schedules of {} sampled from MetaSchedule's CUDA design space (seeds {} and {})",
                family.family, a.seed, b.seed
            ),
            evidence: Evidence::new(EQUIVALENT_KIND, &ev),
        });
        Ok(Candidate {
            pair,
            execution: Some(Execution::Equivalent {
                operator: op,
                a: a.clone(),
                b: b.clone(),
                seed,
            }),
            stand_in: None,
        })
    }

    fn signature(&self, op: &Operator) -> Result<Signature, Reject> {
        let key = canonical_json(&op.to_value());
        if let Some(s) = self
            .category
            .signatures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
        {
            return Ok(s.clone());
        }
        let s = self.tvm.signature(op).map_err(|e| e.reason())?;
        self.category
            .signatures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, s.clone());
        Ok(s)
    }

    /// Every catalogue operator with the operators of other families that share its signature (input
    /// and output shapes, and the math functions called), in catalogue order; operators without
    /// such a partner are left out.
    fn partners(&self) -> Result<Vec<(Entry, Vec<Entry>)>, Reject> {
        let mut signatures = Vec::with_capacity(self.entries.len());
        for &e in &self.entries {
            signatures.push((e, self.signature(&self.catalogue.operator(e))?));
        }
        Ok(signatures
            .iter()
            .map(|(e, sig)| {
                let same = signatures
                    .iter()
                    .filter(|(o, s)| o.family != e.family && s == sig)
                    .map(|(o, _)| *o)
                    .collect::<Vec<_>>();
                (*e, same)
            })
            .filter(|(_, same)| !same.is_empty())
            .collect())
    }

    /// The two computations of an inequivalent candidate: a catalogue operator and either a
    /// near miss of it or an operator of another family with the same signature.
    fn draw_computations(&self, r: &mut Rng) -> Result<Computations, Reject> {
        let different = r.gen_bool(DIFFERENT_PROGRAM_SHARE);
        let (e, other) = if different {
            let partners = self.partners()?;
            if partners.is_empty() {
                return Err("no-same-signature-operators");
            }
            let (e, same) = pick(r, &partners);
            (*e, Some(*pick(r, same)))
        } else {
            (*pick(r, &self.entries), None)
        };
        let family = self.catalogue.family(e);
        let op = self.catalogue.operator(e);
        let (op_b, unroll_b, family_b, transformation) = match other {
            Some(o) => {
                let fo = self.catalogue.family(o);
                (
                    self.catalogue.operator(o),
                    fo.unroll.clone(),
                    fo.family.clone(),
                    format!(
                        "different tensor programs: {} and {}",
                        family.family, fo.family
                    ),
                )
            }
            None => {
                if family.near_misses.is_empty() {
                    return Err("no-near-miss");
                }
                let nm = pick(r, &family.near_misses);
                (
                    op.with(&nm.params),
                    family.unroll.clone(),
                    family.family.clone(),
                    format!("near miss of {}: {}", family.family, nm.change),
                )
            }
        };
        Ok(Computations {
            entry: e,
            other,
            a: Computation {
                operator: op,
                unroll: family.unroll.clone(),
                family: family.family.clone(),
            },
            b: Computation {
                operator: op_b,
                unroll: unroll_b,
                family: family_b,
            },
            transformation,
        })
    }

    /// An inequivalent candidate's computations and the draws its scheduling will use, checked
    /// before any schedule is sampled: the two call the same math functions (`tanhf` against
    /// `expf` would tell them apart at a glance; partners of another family already share them,
    /// see `partners`), the TE witness shows a difference in at least one order (its tolerance is
    /// relative to the second output), and their disagreement over fresh inputs is counted (from
    /// `disagreement_seed`). A candidate failing a check costs no sampling.
    fn draw(&self, r: &mut Rng, disagreement_seed: u64) -> Result<Drawn, Reject> {
        let c = self.draw_computations(r)?;
        if self.signature(&c.a.operator)?.math != self.signature(&c.b.operator)?.math {
            return Err("math-functions-differ");
        }
        let coin = r.gen_bool(0.5);
        let input_seed = r.gen_range(1..MAX_SEED);
        let sched_seeds = [r.gen_range(1..MAX_SEED), r.gen_range(1..MAX_SEED)];
        let compare =
            |x: &Operator, y: &Operator| self.tvm.compare(x, y, input_seed).map_err(|e| e.reason());
        let forward = compare(&c.a.operator, &c.b.operator)?;
        if !forward.comparable {
            return Err("signature-mismatch");
        }
        let backward = compare(&c.b.operator, &c.a.operator)?;
        if !forward.differs && !backward.differs {
            return Err("no-witness");
        }
        let disagreement = disagreement(self.tvm, &c.a.operator, &c.b.operator, disagreement_seed)?;
        Ok(Drawn {
            c,
            coin,
            input_seed,
            sched_seeds,
            forward,
            backward,
            disagreement,
        })
    }

    /// The alternatives to candidate `seed`'s own computations under `build --subtle`: draws 1 to
    /// [`SUBTLE_DRAWS`] - 1 (draw 0 is the candidate's own), each from a random source and a
    /// disagreement seed of its own derived from the candidate's seed, so the candidate's own draw
    /// is made from its random source exactly as without `--subtle`; draws failing a check are
    /// passed over. Only a failure that stops the build is returned.
    fn alternatives(&self, seed: u64) -> Result<Vec<Drawn>, Reject> {
        let mut drawn = Vec::new();
        for i in 1..SUBTLE_DRAWS {
            let i = i.to_string();
            let mut r = rng(seed, &["subtle", &i]);
            match self.draw(&mut r, derive_seed(seed, &["cuda-disagreement", &i])) {
                Ok(d) => drawn.push(d),
                Err(reason) if stops_the_build(reason) => return Err(reason),
                Err(_) => {}
            }
        }
        Ok(drawn)
    }

    /// Both computations scheduled independently (own sampling seed, hence own design-space trace
    /// and decisions, like the two sides of an equivalent pair), and oriented: which one is
    /// program_1 follows the block's orientation balance, so neither side is systematically the
    /// longer one (`balance`, the block's inequivalent entry or a copy of it); the witness of the
    /// order the orientation picks is the one kept.
    fn schedule_sides(&self, d: Drawn, balance: &mut i64) -> Result<Sides, Reject> {
        let Drawn {
            c,
            coin,
            input_seed,
            sched_seeds: [sched_seed_1, sched_seed_2],
            forward,
            backward,
            disagreement,
        } = d;
        let drawn_a = self
            .sample_one(&c.a.operator, &c.a.unroll, sched_seed_1, 1)?
            .remove(0);
        let drawn_b = self
            .sample_one(&c.b.operator, &c.b.unroll, sched_seed_2, 1)?
            .remove(0);
        let swap = orient(balance, &drawn_a.kernels, &drawn_b.kernels, coin);
        let (first, second, witness) = if swap {
            ((&c.b, drawn_b), (&c.a, drawn_a), backward)
        } else {
            ((&c.a, drawn_a), (&c.b, drawn_b), forward)
        };
        Ok(Sides {
            disagreement,
            op_1: first.0.operator.clone(),
            unroll_1: first.0.unroll.clone(),
            a: first.1,
            op_2: second.0.operator.clone(),
            unroll_2: second.0.unroll.clone(),
            b: second.1,
            swap,
            input_seed,
            witness,
            computations: c,
        })
    }

    /// The TE witness in program order (the two computations differ on CPU on seeded inputs) and
    /// the checks of the two programs' text.
    fn witness(&self, s: &Sides) -> Result<crate::tvm::Comparison, Reject> {
        let cmp = s.witness.clone();
        if !cmp.comparable {
            return Err("signature-mismatch");
        }
        if !cmp.differs {
            return Err("no-witness");
        }
        if normalise(&s.a.kernels) == normalise(&s.b.kernels) {
            return Err("identical-kernels");
        }
        if math_functions(&s.a.kernels) != math_functions(&s.b.kernels) {
            return Err("math-functions-differ");
        }
        Ok(cmp)
    }

    /// An inequivalent candidate, drawn from `r` as in every build. Under `build --subtle` it
    /// also carries what a pair standing in for it must match, looked for when it is executed.
    fn inequivalent(&self, r: &mut Rng, seed: u64) -> Result<Candidate, Reject> {
        let drawn = self.draw(r, derive_seed(seed, &["cuda-disagreement"]))?;
        let than = drawn.subtlety();
        let before = self.orientation.borrow()[usize::from(false)];
        let mut balance = before;
        let made = self.scheduled(drawn, seed, &mut balance);
        // The orientation made, whatever became of the candidate after it.
        self.orientation.borrow_mut()[usize::from(false)] = balance;
        let mut c = made?;
        if self.subtle {
            c.stand_in = Some(StandIn {
                seed,
                than,
                stratum: Stratum::of(&c.pair),
                balance: before,
            });
        }
        Ok(c)
    }

    /// The inequivalent candidate (seed `seed`) of drawn computations: scheduled and oriented
    /// (from `balance`), its witness and texts checked, its pair made.
    fn scheduled(&self, drawn: Drawn, seed: u64, balance: &mut i64) -> Result<Candidate, Reject> {
        let s = self.schedule_sides(drawn, balance)?;
        let cmp = self.witness(&s)?;
        let c = &s.computations;
        let disagreement = s.disagreement;
        let launches = [
            kernel_checked(&s.a.kernels, &s.a.launch)?,
            kernel_checked(&s.b.kernels, &s.b.launch)?,
        ];
        let ev = WitnessEvidence {
            operator_1: s.op_1.clone(),
            operator_2: s.op_2.clone(),
            target: CUDA_TARGET.into(),
            unroll_max_steps_1: s.unroll_1.clone(),
            unroll_max_steps_2: s.unroll_2.clone(),
            schedule_1: record(&s.a),
            schedule_2: record(&s.b),
            executed_on: EXECUTED_ON.into(),
            input_seed: s.input_seed,
            input_rule: INPUT_RULE.into(),
            rtol: RTOL,
            atol: ATOL,
            witness: cmp,
            syntax_check: ClangCheck::describe(),
        };
        let (source_family, source_shape) = match c.other {
            Some(o) if s.swap => (c.b.family.clone(), o.shape),
            _ => (c.a.family.clone(), c.entry.shape),
        };
        let pair = self.pair(PairParts {
            equivalent: false,
            programs: [s.a.kernels.clone(), s.b.kernels.clone()],
            launches,
            seed,
            source: operator_source(&source_family, source_shape, &s.op_1),
            transformation: if s.swap {
                format!("{} (programs in swapped order)", c.transformation)
            } else {
                c.transformation.clone()
            },
            evidence: Evidence::new(WITNESS_KIND, &ev).with_disagreement(disagreement),
        });
        // The kernels' own witness is found on execution; the TE witness stays as a second opinion.
        Ok(Candidate {
            pair,
            execution: Some(Execution::Inequivalent {
                operator_1: s.op_1,
                a: s.a,
                operator_2: s.op_2,
                b: s.b,
                input_seed: s.input_seed,
            }),
            stand_in: None,
        })
    }

    /// Run a candidate's kernels on the CPU harness (crate::exec) and add what they gave to its
    /// evidence: the pair as it is kept, or the reason the kernels reject it. Under `build
    /// --subtle`, once an inequivalent candidate's own kernels passed, a subtler pair standing in
    /// for it is kept if one is found ([`Block::subtler`]).
    fn execute(&self, c: Candidate, sink: &mut dyn PairSink) -> Result<Pair, Reject> {
        let Candidate {
            pair,
            execution,
            stand_in,
        } = c;
        let pair = self.run(pair, execution)?;
        Ok(match stand_in {
            Some(stand_in) => self.subtler(&stand_in, sink).unwrap_or(pair),
            None => pair,
        })
    }

    /// `build --subtle`: the pair that stands in for an inequivalent candidate whose own pair
    /// passed execution. Of the alternatives ([`Block::alternatives`]) strictly subtler than the
    /// candidate's own draw, subtlest first (the earlier draw on a tie), the first that is
    /// scheduled (oriented on a copy of the balance the candidate's own orientation saw), passes
    /// the checks, makes a pair of the candidate's stratum and passes execution. So the candidate
    /// makes the same decisions either way (its label, stratum and execution outcome, the block's
    /// balance), and the build the same choices. None: keep the candidate's own pair. A failure
    /// that stops the build is passed to `sink`, which stops it.
    fn subtler(&self, stand_in: &StandIn, sink: &mut dyn PairSink) -> Option<Pair> {
        let mut alternatives = match self.alternatives(stand_in.seed) {
            Ok(a) => a,
            Err(reason) => {
                sink.reject(reason);
                return None;
            }
        };
        alternatives.retain(|d| by_subtlety(d.subtlety(), stand_in.than).is_lt());
        alternatives.sort_by(|x, y| by_subtlety(x.subtlety(), y.subtlety()));
        for d in alternatives {
            let mut balance = stand_in.balance;
            let c = match self.scheduled(d, stand_in.seed, &mut balance) {
                Ok(c) if Stratum::of(&c.pair) == stand_in.stratum => c,
                Err(reason) if stops_the_build(reason) => {
                    sink.reject(reason);
                    return None;
                }
                Ok(_) | Err(_) => continue,
            };
            match self.run(c.pair, c.execution) {
                Ok(pair) => return Some(pair),
                Err(reason) if stops_the_build(reason) => {
                    sink.reject(reason);
                    return None;
                }
                Err(_) => sink.reject(SUBSTITUTE_FAILED),
            }
        }
        None
    }

    /// The execution of [`Block::execute`] proper (none left: the pair as it is).
    fn run(&self, mut pair: Pair, execution: Option<Execution>) -> Result<Pair, Reject> {
        let Some(execution) = execution else {
            return Ok(pair);
        };
        // The clang check (two clang processes) is made with execution, not when the candidate is
        // drawn: a candidate left unmatched (a fifth of them) never pays for it, and one that fails
        // it is dropped when its turn to execute comes, as one whose kernels fail is (`offer`).
        clang_checked(&self.env.clang, self.scratch, &pair.program_1, "p1")?;
        clang_checked(&self.env.clang, self.scratch, &pair.program_2, "p2")?;
        let record = match &execution {
            Execution::Equivalent {
                operator,
                a,
                b,
                seed,
            } => crate::exec::evidence::for_equivalent(self.env, self.tvm, operator, a, b, *seed)?,
            Execution::Inequivalent {
                operator_1,
                a,
                operator_2,
                b,
                input_seed,
            } => crate::exec::evidence::for_inequivalent(
                self.env,
                self.tvm,
                (operator_1, a),
                (operator_2, b),
                *input_seed,
            )?,
        };
        // Keys in canonical order, as `PairDraft::finish` left the rest of the evidence.
        let details = &mut pair.provenance.evidence.details;
        let evidence = with_execution(std::mem::take(details), record);
        if let Value::Object(m) = canonicalize(&Value::Object(evidence)) {
            *details = m;
        }
        Ok(pair)
    }

    /// Offer a candidate to the matcher: if a candidate of the other label waits in its stratum,
    /// both are executed and, if their kernels agree with their labels, emitted (the waiting one
    /// first); a waiting candidate whose kernels fail is dropped and the next one in the stratum
    /// tried. Otherwise the candidate waits, unexecuted. The partner found is the one an eager
    /// schedule (every candidate executed before it is offered) would have found.
    fn offer(
        &self,
        matcher: &mut Matcher<Candidate>,
        c: Candidate,
        sink: &mut dyn PairSink,
    ) -> Result<(), CategoryError> {
        let stratum = Stratum::of(&c.pair);
        let equivalent = c.pair.equivalent;
        if !matcher.has_partner(stratum, equivalent) {
            matcher.wait(stratum, c);
            return Ok(());
        }
        let pair = match self.execute(c, sink) {
            Ok(p) => p,
            Err(reason) => {
                sink.reject(reason);
                return Ok(());
            }
        };
        while let Some(partner) = matcher.take_partner(stratum, equivalent) {
            match self.execute(partner, sink) {
                Ok(p) => {
                    sink.emit(p)?;
                    sink.emit(pair)?;
                    return Ok(());
                }
                Err(reason) => sink.reject(reason),
            }
        }
        matcher.wait(
            stratum,
            Candidate {
                pair,
                execution: None,
                stand_in: None,
            },
        );
        Ok(())
    }

    fn pair(&self, parts: PairParts) -> Pair {
        let PairParts {
            equivalent,
            programs: [program_1, program_2],
            launches: [launch_1, launch_2],
            seed,
            source,
            transformation,
            evidence,
        } = parts;
        let mut context = Map::new();
        context.insert("launch_1".into(), launch_1);
        context.insert("launch_2".into(), launch_2);
        PairDraft {
            equivalent,
            program_1,
            program_2,
            context,
            provenance: Provenance {
                pipeline: PIPELINE.into(),
                tools: self.env.tool_versions.clone(),
                seed,
                source,
                transformation,
                evidence,
            },
        }
        .finish(&crate::DESCRIPTOR)
    }
}

/// What a candidate's pair is made of, in program order; [`Block::pair`] adds the tool versions
/// and gives it its id.
struct PairParts {
    equivalent: bool,
    programs: [String; 2],
    /// Each program's `context` launch entry.
    launches: [Value; 2],
    seed: u64,
    source: Source,
    transformation: String,
    evidence: Evidence,
}

/// A computation of an inequivalent candidate.
struct Computation {
    operator: Operator,
    unroll: Vec<u32>,
    family: String,
}

/// The two computations of an inequivalent candidate, as drawn (before orientation).
struct Computations {
    /// The catalogue entry drawn first (computation `a`).
    entry: Entry,
    /// The entry of computation `b` when it is another family's operator (None: a near miss).
    other: Option<Entry>,
    a: Computation,
    b: Computation,
    transformation: String,
}

/// An inequivalent candidate's computations, checked, with the draws its scheduling uses
/// ([`Block::draw`]).
struct Drawn {
    c: Computations,
    coin: bool,
    input_seed: u64,
    sched_seeds: [u64; 2],
    /// The TE comparison of `c.a` with `c.b`, and of `c.b` with `c.a`.
    forward: crate::tvm::Comparison,
    backward: crate::tvm::Comparison,
    disagreement: Disagreement,
}

impl Drawn {
    /// What `build --subtle` minimises: fresh inputs on which the two differ, then the share of
    /// output elements the witness (in the order with fewer) shows differing.
    fn subtlety(&self) -> (u32, f64) {
        let share = |c: &crate::tvm::Comparison| {
            let n: u64 = c.output_shape.iter().product();
            if c.differs {
                c.differing_elements as f64 / n.max(1) as f64
            } else {
                f64::INFINITY
            }
        };
        (
            self.disagreement.differing,
            share(&self.forward).min(share(&self.backward)),
        )
    }
}

/// An inequivalent candidate's two scheduled programs in program order.
struct Sides {
    computations: Computations,
    /// Over fresh inputs; the same in either order.
    disagreement: Disagreement,
    op_1: Operator,
    unroll_1: Vec<u32>,
    a: Schedule,
    op_2: Operator,
    unroll_2: Vec<u32>,
    b: Schedule,
    /// Whether program_1 is computation `b` of [`Computations`].
    swap: bool,
    input_seed: u64,
    /// The TE comparison of `op_1` with `op_2` on `input_seed`.
    witness: crate::tvm::Comparison,
}

/// The subtlety of an inequivalent candidate (its seed `candidate_seed`): on how many of
/// [`DISAGREEMENT_TRIALS`] fresh input sets its two computations, in program order, differ beyond
/// tolerance. The draw's seed is derived from the candidate's, so the audit, reading it from the
/// record, draws the same inputs.
pub(crate) fn disagreement(
    tvm: &Tvm,
    op_1: &Operator,
    op_2: &Operator,
    candidate_seed: u64,
) -> Result<Disagreement, Reject> {
    let seed = derive_seed(candidate_seed, &["cuda-disagreement"]);
    match tvm
        .disagreement(op_1, op_2, seed, DISAGREEMENT_TRIALS)
        .map_err(|e| e.reason())?
    {
        Some(differing) => Ok(Disagreement {
            over: Over::Inputs,
            trials: DISAGREEMENT_TRIALS,
            differing,
            seed: Some(seed),
        }),
        None => Err("signature-mismatch"),
    }
}

/// Whether to swap two drawn programs of a candidate. The two sides of a pair are exchangeable,
/// so which one is program_1 is ours to choose: the longer program goes first or second so as to
/// keep the running `balance` of the candidate's label near zero (a coin decides ties), and the
/// side that is longer says nothing about the label.
fn orient(balance: &mut i64, first: &str, second: &str, coin: bool) -> bool {
    let sign = (count_lines(second) as i64 - count_lines(first) as i64).signum();
    balance_orientation(balance, sign, coin)
}

/// `build --subtle`'s order of [`Drawn::subtlety`]: subtler first.
fn by_subtlety(a: (u32, f64), b: (u32, f64)) -> std::cmp::Ordering {
    a.0.cmp(&b.0).then(a.1.total_cmp(&b.1))
}

/// One orientation decision: `sign` says which program of a candidate is longer as drawn (+1 the
/// second, -1 the first, 0 neither) and `balance` how many more candidates so far had the longer
/// program second. Swap (true) when keeping the drawn order would add to the imbalance; a coin
/// decides when there is nothing to balance.
pub fn balance_orientation(balance: &mut i64, sign: i64, coin: bool) -> bool {
    let swap = if sign == 0 || *balance == 0 {
        coin
    } else {
        sign == balance.signum()
    };
    *balance += if swap { -sign } else { sign };
    swap
}
