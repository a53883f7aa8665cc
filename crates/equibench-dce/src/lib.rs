//! equibench-dce: the DCE category. CSmith programs whose blocks are classified by LLVM 19
//! (proved dead) and by an instrumented run (executed); equivalent pairs remove a dead block's
//! contents, inequivalent pairs remove an executed block's contents or force a dead branch taken.
//!
//! Modules: [`csmith`] drives the generator, [`toolchain`] the compilers and sandboxed runs,
//! [`markers`] finds and instruments blocks (tree-sitter-c), [`llvm`] runs the pipelines (inkwell),
//! [`runtime`] records hits, [`analysis`] screens and classifies a program, [`pairs`] makes
//! records, [`audit`] re-derives them.

pub mod analysis;
pub mod audit;
pub mod csmith;
pub mod llvm;
pub mod markers;
pub mod pairs;
pub mod runtime;
pub mod toolchain;

use analysis::Analysis;
use csmith::{CsmithRun, LineWindow};
use equibench_core::seed::rng;
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDescriptor, CategoryError, Pair,
    PairSink, Report, ToolId, Verdict,
};
use pairs::{Candidate, Origin, Tier, Versions};
use rand::seq::SliceRandom;
use rand::Rng as _;
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
    /// At most this many pairs of each label come from one CSmith program (diversity).
    pub per_program: usize,
    /// Candidates tried per label per program before moving on.
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
            per_program: 3,
            attempts_per_program: 10,
            runtime_dead_share: 0.2,
            max_programs_per_block: 60,
        }
    }
}

/// The constructor the CLI registers.
pub fn category() -> Box<dyn Category> {
    Box::new(Dce::default())
}

/// Rejection counts, mirrored into the sink and the report.
struct Tally<'a> {
    sink: &'a mut dyn PairSink,
    report: Report,
    ctx: &'a BuildContext<'a>,
}

impl Tally<'_> {
    fn reject(&mut self, reason: &str) {
        self.sink.reject(reason);
        self.ctx.progress.rejected(DESCRIPTOR.id(), reason);
        *self.report.rejected.entry(reason.to_string()).or_default() += 1;
    }
}

impl Dce {
    /// Candidates for one label, in the order they are tried (seeded shuffle).
    fn candidates(
        &self,
        analysis: &Analysis,
        program: &str,
        equivalent: bool,
        rng: &mut equibench_core::seed::Rng,
    ) -> Vec<Candidate> {
        let mut by_tier: BTreeMap<u8, Vec<Candidate>> = BTreeMap::new();
        for m in &analysis.marked.markers {
            for tier in Tier::of(analysis, m, program, equivalent) {
                by_tier.entry(tier as u8).or_default().push(Candidate {
                    marker: m.clone(),
                    tier,
                });
            }
        }
        for list in by_tier.values_mut() {
            list.shuffle(rng);
        }
        let mut take = |t: Tier| by_tier.remove(&(t as u8)).unwrap_or_default();
        if equivalent {
            let mut out = Vec::new();
            let hard = take(Tier::RuntimeDead);
            if rng.gen_bool(self.runtime_dead_share) {
                out.extend(hard.into_iter().take(1));
            }
            out.extend(take(Tier::LlvmProvedDead));
            out
        } else {
            // Two removals of executed blocks for every forced dead branch.
            let removed = take(Tier::ExecutedRemoved);
            let forced = take(Tier::DeadConditionMadeTrue);
            let mut out = Vec::new();
            let (mut r, mut f) = (removed.into_iter(), forced.into_iter());
            loop {
                let a = r.next();
                let b = r.next();
                let c = f.next();
                if a.is_none() && b.is_none() && c.is_none() {
                    break;
                }
                out.extend(a.into_iter().chain(b).chain(c));
            }
            out
        }
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
        for equivalent in [true, false] {
            let candidates = self.candidates(&analysis, &program, equivalent, &mut pick);
            if candidates.is_empty() {
                tally.reject(if equivalent {
                    "program-without-dead-block"
                } else {
                    "program-without-live-block"
                });
            }
            let mut made = 0;
            for cand in candidates.into_iter().take(self.attempts_per_program) {
                if ctx.cancelled()
                    || made >= self.per_program
                    || tally.sink.remaining().get(equivalent) == 0
                {
                    break;
                }
                match pairs::check_candidate(
                    ctx.tools,
                    dir,
                    &program,
                    &analysis.stdout,
                    &cand,
                    self.window,
                )? {
                    Ok(checked) => {
                        let pair = pairs::make_pair(
                            &origin, versions, &program, &analysis, &cand, checked,
                        );
                        if tally.sink.emit(pair)? {
                            made += 1;
                            ctx.progress.pair_made(DESCRIPTOR.id(), equivalent);
                        }
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

    /// One CSmith program yields up to `per_program` pairs of each label, so a block of 5 needs
    /// about two programs.
    fn block_size(&self) -> usize {
        5
    }

    fn required_tools(&self) -> Vec<ToolId> {
        vec![ToolId::Csmith, ToolId::Clang, ToolId::Gcc]
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
            ctx,
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
        Ok(tally.report)
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
                side effects), or a never-taken then-branch's condition `(c)` made `(c || 1)`. Both \
                programs pass the same undefined-behaviour screen: warning-clean under \
                `gcc -O2 -Wall -Wextra` and `clang -O0 -Wall -Wextra` (risky warning families \
                reject), a clean run under `-fsanitize=undefined,address`, and the same stdout from \
                both compilers, all run in the sandbox with time and memory limits."
                .into(),
            equivalent_evidence: "`dce-llvm-proved-dead-block-removed`: the removed block's \
                marker is eliminated by LLVM at O2 (the lowest level that removes it is recorded) \
                and never ran; `dce-runtime-dead-block-removed` (a harder tier, about one program \
                in five contributes one): LLVM keeps the marker but the block never ran. CSmith \
                programs built with `--no-argc` take no input, so the one run is every run: a \
                block that did not run never runs, and removing it leaves every reachable program \
                state unchanged. The evidence also records the sha256 of both programs' stdout \
                (equal), the LLVM, clang and gcc versions, and the marker id."
                .into(),
            inequivalent_evidence: "`dce-executed-block-removed`: the removed block ran, and \
                `dce-dead-condition-made-true`: a never-taken then-branch is forced. Either is kept \
                only if the edited program still passes the screen, terminates, and prints a \
                different stdout (CSmith prints a checksum of all globals): the two stdout sha256 \
                digests in the evidence differ, a concrete witness of different behaviour."
                .into(),
            audit: "Re-instruments program_1, redoes the recorded edit at the recorded marker and \
                requires exactly program_2; screens, builds and runs both programs again and \
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
            venv_packages: vec![],
        })
    }
}
