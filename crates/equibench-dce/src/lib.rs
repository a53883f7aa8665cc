//! equibench-dce: the DCE category. CSmith programs whose blocks are classified by LLVM 19
//! (proved dead) and by an instrumented run (executed); equivalent pairs remove a dead block's
//! contents, inequivalent pairs remove an executed block's contents or force a dead branch taken.
//!
//! Modules: [`csmith`] drives the generator, [`toolchain`] the compilers and sandboxed runs,
//! [`markers`] finds and instruments blocks (tree-sitter-c), [`llvm`] runs the pipelines (inkwell),
//! [`runtime`] records hits, [`tools`] declares the external tools, [`analysis`] screens and classifies a program, [`pairs`] makes
//! records, [`audit`] re-derives them.

pub mod analysis;
pub mod audit;
pub mod csmith;
pub mod llvm;
pub mod markers;
pub mod memo;
pub mod pairs;
pub mod prescreen;
pub mod rationale;
pub mod runtime;
pub mod shape;
pub mod toolchain;
pub mod tools;

use analysis::Analysis;
use csmith::{CsmithRun, LineWindow};
use equibench_core::seed::rng;
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDescriptor, CategoryError, Pair,
    PairSink, Report, ToolSpec, Verdict,
};
use pairs::{Candidate, Origin, Tier, Versions};
use rand::seq::SliceRandom;
use rand::Rng as _;
use shape::{Shape, Stratum};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// CSmith programs drawn by this process (all blocks): for throughput reports.
static PROGRAMS_DRAWN: AtomicU64 = AtomicU64::new(0);

/// How many CSmith programs this process has drawn so far.
pub fn programs_drawn() -> u64 {
    PROGRAMS_DRAWN.load(Ordering::Relaxed)
}

/// The DCE category and its knobs.
#[derive(Debug, Clone)]
pub struct Dce {
    /// Line-count window for both programs of a pair.
    pub window: LineWindow,
    /// At most this many pairs (of both labels together) come from one CSmith program, so no
    /// program dominates.
    pub max_pairs_per_program: usize,
    /// Inequivalent candidates checked per program before moving on (half as many equivalent
    /// ones: they rarely fail).
    pub attempts_per_program: usize,
    /// Chance that a program contributes one pair of the harder "runtime-dead only" equivalent tier.
    pub runtime_dead_share: f64,
    /// Programs a block may draw before it gives up (reported as exhausted).
    pub max_programs_per_block: usize,
}

impl Default for Dce {
    fn default() -> Self {
        Dce {
            window: LineWindow::default(),
            max_pairs_per_program: 4,
            attempts_per_program: 12,
            runtime_dead_share: 0.2,
            max_programs_per_block: 60,
        }
    }
}

/// The constructor the CLI registers.
pub fn category() -> Box<dyn Category> {
    Box::new(Dce::default())
}

/// A block's running state: the sink (which counts rejections), whether the block ran out, and the
/// checked pairs waiting for a partner.
struct Tally<'a> {
    sink: &'a mut dyn PairSink,
    report: Report,
    pool: Pool,
}

impl Tally<'_> {
    /// The sink counts the rejection into the block's report and tells the progress bar.
    fn reject(&mut self, reason: &str) {
        self.sink.reject(reason);
    }
}

/// Checked pairs waiting for a partner of the other label in the same stratum (one block's).
/// Pairs leave only two at a time, one of each label, so every stratum gives both labels equally.
#[derive(Default)]
struct Pool {
    waiting: BTreeMap<(Stratum, bool), Vec<Pair>>,
}

impl Pool {
    fn has(&self, stratum: &Stratum, equivalent: bool) -> bool {
        self.waiting
            .get(&(*stratum, equivalent))
            .is_some_and(|v| !v.is_empty())
    }

    fn push(&mut self, stratum: Stratum, pair: Pair) {
        self.waiting
            .entry((stratum, pair.equivalent))
            .or_default()
            .push(pair);
    }

    fn take(&mut self, stratum: &Stratum, equivalent: bool) -> Option<Pair> {
        self.waiting.get_mut(&(*stratum, equivalent))?.pop()
    }

    fn left_over(&self) -> usize {
        self.waiting.values().map(Vec::len).sum()
    }
}

/// One program's candidates by stratum: `[inequivalent, equivalent]`, each in seeded order.
type Strata = BTreeMap<Stratum, [Vec<Candidate>; 2]>;

impl Dce {
    /// Candidates of both labels by stratum, each list shuffled. A program may offer the harder
    /// runtime-dead tier only with probability `runtime_dead_share`. Every candidate is first
    /// looked at through the program's switchboard ([`prescreen`]); those it shows would fail
    /// their label's check are counted and dropped here, so the checks go to likely pairs.
    fn strata(
        &self,
        ctx: &BuildContext,
        tally: &mut Tally,
        dir: &std::path::Path,
        analysis: &Analysis,
        program: &str,
        rng: &mut equibench_core::seed::Rng,
    ) -> Result<Strata, CategoryError> {
        let runtime_dead = rng.gen_bool(self.runtime_dead_share);
        let mut candidates = Vec::new();
        for m in &analysis.marked.markers {
            for equivalent in [false, true] {
                for tier in Tier::of(analysis, m, program, equivalent) {
                    if tier == Tier::RuntimeDead && !runtime_dead {
                        continue;
                    }
                    candidates.push(Candidate {
                        marker: m.clone(),
                        tier,
                    });
                }
            }
        }
        // One switch per distinct (marker, edit); several tiers may share one.
        let mut switch_of = BTreeMap::new();
        let mut edits = Vec::new();
        for c in &candidates {
            switch_of
                .entry((c.marker.id, c.tier.edit()))
                .or_insert_with(|| {
                    edits.push((&c.marker, c.tier.edit()));
                    edits.len() - 1
                });
        }
        ctx.progress.note(
            DESCRIPTOR.id(),
            &format!("switchboard: {} edits", edits.len()),
        );
        let looks = prescreen::prescreen(ctx.tools, dir, program, &analysis.stdout, &edits)?;
        let mut strata = Strata::new();
        for c in candidates {
            let equivalent = c.tier.equivalent();
            if let Some(looks) = &looks {
                let look = looks[switch_of[&(c.marker.id, c.tier.edit())]];
                if let Some(reason) = look.rejects(equivalent) {
                    tally.reject(reason);
                    continue;
                }
            }
            let shape = Shape::of(program, &analysis.marked, &c.marker, c.tier.edit());
            strata.entry(shape.stratum()).or_default()[usize::from(equivalent)].push(c);
        }
        for lists in strata.values_mut() {
            for list in lists.iter_mut() {
                list.shuffle(rng);
            }
        }
        Ok(strata)
    }

    fn one_program(
        &self,
        ctx: &BuildContext,
        tally: &mut Tally,
        versions: &Versions,
        block_seed: u64,
        index: usize,
    ) -> Result<(), CategoryError> {
        let dir = ctx.work_dir.join(format!("program-{index}"));
        std::fs::create_dir_all(&dir)?;
        let result = self.one_program_in(ctx, tally, versions, block_seed, index, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    fn one_program_in(
        &self,
        ctx: &BuildContext,
        tally: &mut Tally,
        versions: &Versions,
        block_seed: u64,
        index: usize,
        dir: &std::path::Path,
    ) -> Result<(), CategoryError> {
        PROGRAMS_DRAWN.fetch_add(1, Ordering::Relaxed);
        let run = CsmithRun::random(&mut rng(block_seed, &["csmith", &index.to_string()]));
        let program = match csmith::generate(ctx.tools, &run, dir) {
            Ok(p) => p,
            Err(csmith::CsmithError::Tool(e)) => return Err(e.into()),
            Err(_) => {
                tally.reject("csmith-failed");
                return Ok(());
            }
        };
        if !self.window.contains(&program) {
            tally.reject("size-out-of-window");
            return Ok(());
        }
        ctx.progress
            .note(DESCRIPTOR.id(), &format!("program {index}: screening"));
        let analysis = match analysis::analyse(ctx.tools, dir, &program)? {
            Ok(a) => a,
            Err(r) => {
                tally.reject(r.reason);
                return Ok(());
            }
        };
        let mut pick = rng(block_seed, &["pick", &index.to_string()]);
        let origin = Origin {
            build_seed: ctx.seed,
            block: ctx.block.index,
            program_index: index,
            csmith: &run,
        };
        let strata = self.strata(ctx, tally, dir, &analysis, &program, &mut pick)?;
        for (equivalent, reason) in [
            (true, "program-without-dead-block"),
            (false, "program-without-live-block"),
        ] {
            if strata
                .values()
                .all(|l| l[usize::from(equivalent)].is_empty())
            {
                tally.reject(reason);
            }
        }
        let mut keys: Vec<Stratum> = strata.keys().copied().collect();
        keys.shuffle(&mut pick);
        let mut strata = strata;
        let (mut made, mut checks) = (0, [0usize; 2]);
        let budget = [self.attempts_per_program, self.attempts_per_program / 2];
        let mut runtime_dead_made = false;
        for key in keys {
            let [ineq, eq] = strata.remove(&key).unwrap_or_default();
            let mut lists = [ineq.into_iter(), eq.into_iter()];
            loop {
                if ctx.cancelled() || tally.sink.remaining().is_zero() {
                    return Ok(());
                }
                if tally.pool.has(&key, true) && tally.pool.has(&key, false) {
                    for equivalent in [true, false] {
                        let pair = tally.pool.take(&key, equivalent).expect("checked above");
                        // The sink tells the progress bar.
                        tally.sink.emit(pair)?;
                    }
                    continue;
                }
                if made >= self.max_pairs_per_program {
                    break;
                }
                // The label this stratum lacks: inequivalent first (those rarely pass), and only
                // while an equivalent partner can still come (pooled, or a candidate here).
                let equivalent = tally.pool.has(&key, false);
                let side = usize::from(equivalent);
                if !equivalent && !tally.pool.has(&key, true) && lists[1].len() == 0 {
                    break;
                }
                if checks[side] >= budget[side] {
                    break;
                }
                let Some(cand) = lists[side].next() else {
                    break;
                };
                if cand.tier == Tier::RuntimeDead && runtime_dead_made {
                    continue;
                }
                checks[side] += 1;
                match pairs::check_candidate(
                    ctx.tools,
                    dir,
                    &program,
                    &analysis.stdout,
                    &cand,
                    self.window,
                )? {
                    Ok(checked) => {
                        let original_first = rng(
                            block_seed,
                            &["order", &index.to_string(), &cand.marker.id.to_string()],
                        )
                        .gen_bool(0.5);
                        let pair = pairs::make_pair(
                            &origin,
                            versions,
                            &program,
                            &analysis,
                            &cand,
                            checked,
                            original_first,
                        );
                        runtime_dead_made |= cand.tier == Tier::RuntimeDead;
                        made += 1;
                        tally.pool.push(key, pair);
                    }
                    Err(r) => tally.reject(r.reason),
                }
            }
        }
        Ok(())
    }
}

/// DCE as the pair format spells it, with EquiBench's definition.
pub static DESCRIPTOR: CategoryDescriptor = CategoryDescriptor {
    name: "DCE",
    cli_name: "dce",
    aliases: &[],
    harness_dir: "DCE",
    language: "C",
    summary: "CSmith C programs; LLVM proves a removed block dead, running proves it live",
    definition: "when run on the same input, the two programs always have the same program state at all corresponding points reachable by program execution.",
    context: &[],
    problem_statement: None,
    prompt_template: Some(
        "You are here to judge if two {language} programs are semantically equivalent.\n\
         Here equivalence means that, {definition}\n\
         [Program 1]:\n{program_1}\n\
         [Program 2]:\n{program_2}\n\n\
         {answer_instruction}",
    ),
    inputs: &[],
};

impl Category for Dce {
    fn descriptor(&self) -> &CategoryDescriptor {
        &DESCRIPTOR
    }

    fn exemplars(&self) -> &'static str {
        include_str!("../../../data/exemplars/DCE.jsonl")
    }

    fn rationale(&self, pair: &Pair) -> Option<String> {
        rationale::rationale(pair)
    }

    /// One CSmith program yields up to `max_pairs_per_program` pairs, so a block of 5 + 5 needs
    /// at least three programs.
    fn block_size(&self) -> usize {
        5
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        vec![&tools::CSMITH, &tools::CLANG, &tools::GCC]
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        _want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let versions = Versions::probe(ctx.tools)?;
        let block_seed = ctx.block_seed(DESCRIPTOR.id());
        let mut tally = Tally {
            sink,
            report: Report::default(),
            pool: Pool::default(),
        };
        let mut index = 0;
        while !tally.sink.remaining().is_zero() {
            if ctx.cancelled() {
                return Err(CategoryError::Cancelled);
            }
            if index >= self.max_programs_per_block {
                tally.report.exhausted = true;
                break;
            }
            self.one_program(ctx, &mut tally, &versions, block_seed, index)?;
            index += 1;
        }
        // Checked pairs no partner of the other label came for (counted, never emitted).
        for _ in 0..tally.pool.left_over() {
            tally.reject("unmatched-in-stratum");
        }
        Ok(tally.report)
    }

    /// Edit kind, block kind, removed lines and nesting depth, read back from the two programs.
    fn surface_features(&self, pair: &Pair) -> Vec<equibench_core::SurfaceFeature> {
        shape::surface_features(&pair.program_1, &pair.program_2)
            .into_iter()
            .map(|(name, value)| equibench_core::SurfaceFeature::new(name, value))
            .collect()
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        audit::audit(pair, ctx)
    }

    fn datasheet(&self) -> Option<equibench_core::CategoryDatasheet> {
        Some(equibench_core::CategoryDatasheet {
            sources: format!(
                "Random C programs from CSmith (Debian package `csmith`, runtime headers from \
                 `libcsmith-dev`), one CSmith seed per program derived from the build seed. Every \
                 program gets the safety flags of the DEAD tool (`{}`) and {} feature flags \
                 switched on or off at random (the seed and all flags are recorded in `source`). \
                 CSmith's statistics comment is stripped, and only programs of {}-{} lines are kept \
                 (EquiBench's DCE range).",
                csmith::SAFETY_FLAGS.join(" "),
                csmith::FEATURES.len(),
                self.window.min,
                self.window.max
            ),
            construction: "Every then-branch, else-branch (an empty one is added where missing), \
                loop body and switch case gets an opaque marker call (found with tree-sitter-c; \
                blocks holding a goto label are skipped). LLVM's `default<O1>`, `<O2>` and `<O3>` \
                pipelines (through inkwell, on `clang-19 -O2 -Xclang -disable-llvm-passes` IR) tell \
                which markers the optimiser proves dead, and one instrumented `clang -O0` run tells \
                which blocks execute. A pair is the program and a copy with one edit: the contents \
                of one block removed (its condition and braces kept, since CSmith conditions have \
                side effects; a block holding only comments is never a candidate), or an `if`'s \
                condition `(c)` made `(c || 1)` or `(c && 0)`. Every edit kind occurs in both \
                labels. Candidates are binned by their surface shape (edit kind, block kind, \
                block lines, nesting depth); the bins are visited in seeded order and a pair \
                leaves a bin only together with one of the other label, so both labels share one \
                distribution of shapes. At most four pairs come from one program, and a seeded \
                coin puts the CSmith program first or second (the evidence names it). Both \
                programs pass the same undefined-behaviour screen: warning-clean under \
                `gcc -O2 -Wall -Wextra` and `clang -O0 -Wall -Wextra` (risky warning families \
                reject), a clean run under `-fsanitize=undefined,address`, and the same stdout from \
                both compilers, all run in the sandbox with time and memory limits."
                .into(),
            equivalent_evidence: "`dce-llvm-proved-dead-block-removed`: the removed block's \
                marker is eliminated by LLVM at O2 (the lowest level that removes it is recorded) \
                and never ran; `dce-dead-then-condition-made-false` and \
                `dce-dead-else-condition-made-true`: the then-branch (or else-branch, or the empty \
                else the instrumenter adds) whose condition gets `&& 0` (or `|| 1`) is eliminated \
                at O2 and never ran, so the condition had that value every time it was evaluated, \
                and it is still evaluated; `dce-runtime-dead-block-removed` (a harder tier, about one program \
                in five contributes one): LLVM keeps the marker but the block never ran. CSmith \
                programs built with `--no-argc` take no input, so the one run is every run: a \
                block that did not run never runs, and removing it leaves every reachable program \
                state unchanged. The evidence also records the sha256 of both programs' stdout \
                (equal), the LLVM, clang and gcc versions, and the marker id."
                .into(),
            inequivalent_evidence: "`dce-executed-block-removed`: the removed block ran, \
                `dce-dead-condition-made-true`: a never-taken then-branch is forced, and \
                `dce-executed-then-condition-made-false`: an executed then-branch is skipped. Each is kept \
                only if the edited program still passes the screen, terminates, and prints a \
                different stdout (CSmith prints a checksum of all globals): the two stdout sha256 \
                digests in the evidence differ, a concrete witness of different behaviour."
                .into(),
            audit: "Re-instruments the original (program_1 or program_2, as recorded), redoes \
                the recorded edit at the recorded marker and requires exactly the other program; screens, builds and runs both programs again and \
                requires the recorded stdout digests and their equality or difference to match the \
                label; re-classifies the marker with the LLVM pipelines and an instrumented run, \
                which must give the recorded elimination level and executed flag and support the \
                tier. A timeout or an LLVM failure is inconclusive, never a pass."
                .into(),
            limitations: vec![
                "The undefined-behaviour screen (warnings, UBSan and ASan, gcc/clang agreement) \
                 is a filter, not a proof: undefined behaviour none of them notices can remain, \
                 and would make the stdout-based labels unreliable."
                    .into(),
                "Elimination levels depend on LLVM 19 (the version is in the evidence): another \
                 LLVM can eliminate other markers, and an audit with it reports the recorded \
                 level as contradicted even though the label still holds."
                    .into(),
                "Inequivalent pairs are limited to edits whose effect reaches stdout; removals \
                 that change program state without changing the checksum are dropped \
                 (`edit-stdout-unchanged`), so inequivalent pairs lean towards visible changes."
                    .into(),
                "Each pair differs by one edited block, so the two programs are textually close \
                 (high similarity); EquiBench's DCE pairs are built the same way, but its exact \
                 compiler versions and block choices are not reproduced."
                    .into(),
                "Programs are generated, not written by people: the category tests reasoning \
                 about reachability in CSmith-style code (globals, nested ifs, safe-math \
                 wrappers), not idiomatic C."
                    .into(),
            ],
        })
    }
}
