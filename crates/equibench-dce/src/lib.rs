//! equibench-dce: the DCE category. CSmith programs whose blocks are classified by LLVM 19
//! (proved dead) and by an instrumented run (executed); equivalent pairs remove a dead block's
//! contents, inequivalent pairs remove an executed block's contents or force a dead branch taken.
//!
//! Modules: [`csmith`] drives the generator, [`toolchain`] the compilers and sandboxed runs,
//! [`markers`] finds and instruments blocks (tree-sitter-c), [`llvm`] runs the pipelines (inkwell),
//! [`runtime`] records hits, [`tools`] declares the external tools, [`analysis`] screens and
//! classifies a program, [`pairs`] makes records, [`evidence`] types what they record, [`audit`]
//! re-derives them.
//!
//! `build --subtle` (issue 41) changes no decision a block makes: the selection runs exactly as
//! without it, its inequivalent pairs held back and counted as emitted (`Hold`), so the block's
//! equivalent pairs, the strata and order of its inequivalent ones and its end are the default
//! build's. At the block's end each held pair is emitted, or in its place a strictly subtler pair
//! of its stratum the default never emits (`Dce::substitute`).

#![forbid(unsafe_code)]

pub mod analysis;
pub mod audit;
pub mod csmith;
pub mod evidence;
pub mod llvm;
pub mod markers;
pub mod memo;
pub mod pairs;
pub mod prescreen;
pub mod rationale;
pub mod runtime;
pub mod shape;
pub mod switched;
pub mod toolchain;
pub mod tools;

use analysis::Analysis;
use csmith::{CsmithRun, LineWindow};
use equibench_core::seed::rng;
use equibench_core::{
    AuditContext, Balance, BlockRun, BuildContext, Category, CategoryDescriptor, CategoryError,
    Pair, PairSink, Report, ToolSpec, Verdict,
};
use pairs::{Candidate, Origin, Tier, Versions};
use rand::seq::SliceRandom;
use rand::Rng as _;
use shape::{Shape, Stratum};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Under `build --subtle`, how many inequivalent candidates of its stratum the default build never
/// checked are checked for each inequivalent pair the default build emits (fewer when fewer are
/// left), as stand-ins for it ([`Dce::substitute`]).
pub const SUBTLE_CHECKS: usize = 4;

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

/// What a DCE block carries from program to program: the versions every pair records, the
/// checked pairs waiting for a partner, and under `build --subtle` what the default selection
/// left untouched.
struct BlockState {
    versions: Versions,
    pool: Pool,
    spare: Option<Spare>,
}

/// `build --subtle`: what the default selection of a block never touches, for
/// [`Dce::substitute`] at the block's end.
#[derive(Default)]
struct Spare {
    /// Programs whose inequivalent candidates the default never checked all, in the order drawn.
    programs: Vec<SpareProgram>,
    /// The stratum of every pair the default pooled, by pair id.
    strata: BTreeMap<String, Stratum>,
}

/// One analysed program and its inequivalent candidates the default never checked: once
/// [`Dce::make_pairs`] is done with a program, the default never comes back to it.
struct SpareProgram {
    index: usize,
    text: String,
    analysis: Analysis,
    csmith: CsmithRun,
    /// By stratum, in the seeded order the default would have checked them.
    unchecked: BTreeMap<Stratum, std::collections::VecDeque<Candidate>>,
}

/// A DCE block in progress (the core's block loop with DCE's state).
type Run<'r, 'c> = BlockRun<'r, 'c, BlockState>;

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

/// The switchboard's look at each edit of a program, by marker and edit; None when the
/// switchboard could say nothing (then every candidate goes to the full check).
type Looks = Option<BTreeMap<(usize, markers::Edit), prescreen::Look>>;

impl Pool {
    /// Whether any stratum holds an inequivalent pair waiting for a partner.
    fn any_inequivalent(&self) -> bool {
        self.waiting
            .iter()
            .any(|((_, equivalent), v)| !equivalent && !v.is_empty())
    }
}

impl Dce {
    /// Candidates of both labels by stratum, each list shuffled. A program may offer the harder
    /// runtime-dead tier only with probability `runtime_dead_share`. Candidates the switchboard
    /// ([`prescreen`]) shows would fail their label's check are counted and dropped here, so the
    /// checks go to likely pairs.
    fn strata(
        &self,
        run: &mut Run,
        analysis: &Analysis,
        program: &str,
        looks: &Looks,
        rng: &mut equibench_core::seed::Rng,
    ) -> Strata {
        let runtime_dead = rng.gen_bool(self.runtime_dead_share);
        let mut strata = Strata::new();
        for m in &analysis.marked.markers {
            for equivalent in [false, true] {
                for tier in Tier::of(analysis, m, program, equivalent) {
                    if tier == Tier::RuntimeDead && !runtime_dead {
                        continue;
                    }
                    if let Some(looks) = looks {
                        if let Some(reason) = looks[&(m.id, tier.edit())].rejects(equivalent) {
                            run.reject(reason);
                            continue;
                        }
                    }
                    let shape = Shape::of(program, &analysis.marked, m, tier.edit());
                    strata.entry(shape.stratum()).or_default()[usize::from(equivalent)].push(
                        Candidate {
                            marker: m.clone(),
                            tier,
                        },
                    );
                }
            }
        }
        for lists in strata.values_mut() {
            for list in lists.iter_mut() {
                list.shuffle(rng);
            }
        }
        strata
    }

    /// Every edit any tier of the program may use, whichever blocks turn out to have run (one per
    /// distinct marker and edit; several tiers may share one).
    fn possible_edits<'m>(
        marked: &'m markers::Marked,
        program: &str,
    ) -> Vec<(&'m markers::Marker, markers::Edit)> {
        let mut edits = Vec::new();
        for m in &marked.markers {
            for executed in [true, false] {
                for equivalent in [false, true] {
                    for tier in Tier::possible(executed, m, program, equivalent) {
                        if !edits.contains(&(m, tier.edit())) {
                            edits.push((m, tier.edit()));
                        }
                    }
                }
            }
        }
        edits
    }

    /// The instrumented run and the switchboard's look at every possible edit: one switched build
    /// ([`switched`]) where it can, else the instrumented build and then the switchboard's.
    fn instrument_and_look(
        run: &mut Run,
        dir: &std::path::Path,
        program: &str,
    ) -> Result<Option<(analysis::Instrumented, Looks)>, CategoryError> {
        let marked = match markers::find_markers(program) {
            Ok(m) if m.markers.is_empty() => {
                run.reject("no-markers");
                return Ok(None);
            }
            Ok(m) => m,
            Err(_) => {
                run.reject("unparseable");
                return Ok(None);
            }
        };
        let text = markers::instrument(program, &marked);
        let edits = Self::possible_edits(&marked, program);
        run.note(&format!("switchboard: {} edits", edits.len()));
        let keyed = |looks: Vec<prescreen::Look>| {
            edits
                .iter()
                .map(|(m, e)| (m.id, *e))
                .zip(looks)
                .collect::<BTreeMap<_, _>>()
        };
        match switched::instrument_and_look(run.ctx.tools, dir, &marked, &text, &edits)? {
            Some(Ok(s)) => {
                let looks = Some(keyed(s.looks));
                let inst = analysis::Instrumented {
                    marked: marked.clone(),
                    text,
                    stdout: s.stdout,
                    hits: s.hits,
                };
                return Ok(Some((inst, looks)));
            }
            Some(Err(r)) => {
                run.reject(r.reason);
                return Ok(None);
            }
            None => {}
        }
        let inst = match analysis::instrument_and_run(run.ctx.tools, dir, program)? {
            Ok(i) => i,
            Err(r) => {
                run.reject(r.reason);
                return Ok(None);
            }
        };
        let looks =
            prescreen::prescreen(run.ctx.tools, dir, program, &inst.stdout, &edits)?.map(keyed);
        Ok(Some((inst, looks)))
    }

    fn one_program(&self, run: &mut Run, index: usize) -> Result<(), CategoryError> {
        let dir = run.ctx.work_dir.join(format!("program-{index}"));
        std::fs::create_dir_all(&dir)?;
        let result = self.one_program_in(run, index, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    /// CSmith's program for this index, if it ran and its size is in the window.
    fn draw(
        &self,
        run: &mut Run,
        index: usize,
        dir: &std::path::Path,
    ) -> Result<Option<(CsmithRun, String)>, CategoryError> {
        PROGRAMS_DRAWN.fetch_add(1, Ordering::Relaxed);
        let csmith_run = CsmithRun::for_build(
            &mut rng(run.seed, &["csmith", &index.to_string()]),
            run.ctx.seed,
        );
        let program = match csmith::generate(run.ctx.tools, &csmith_run, dir) {
            Ok(p) => p,
            Err(csmith::CsmithError::Tool(e)) => return Err(e.into()),
            Err(_) => {
                run.reject("csmith-failed");
                return Ok(None);
            }
        };
        if !self.window.contains(&program) {
            run.reject("size-out-of-window");
            return Ok(None);
        }
        Ok(Some((csmith_run, program)))
    }

    /// The program's analysis and the switchboard's looks, or None when it is rejected. The
    /// instrumented run and the switchboard come first: a program none of whose executed blocks
    /// can make an inequivalent pair gives nothing (unless an inequivalent pair of an earlier
    /// program waits for a partner), so it skips the costlier screen and LLVM.
    fn analysed(
        run: &mut Run,
        dir: &std::path::Path,
        program: &str,
    ) -> Result<Option<(Analysis, Looks)>, CategoryError> {
        let Some((inst, looks)) = Self::instrument_and_look(run, dir, program)? else {
            return Ok(None);
        };
        let live = inst.marked.markers.iter().any(|m| {
            Tier::possible(inst.hits.contains(&m.id), m, program, false)
                .into_iter()
                .any(|t| {
                    looks
                        .as_ref()
                        .is_none_or(|l| l[&(m.id, t.edit())].rejects(false).is_none())
                })
        });
        if !live && !run.state.pool.any_inequivalent() {
            run.reject("program-without-live-block");
            return Ok(None);
        }
        match analysis::screen_and_classify(run.ctx.tools, dir, program, inst)? {
            Ok(a) => Ok(Some((a, looks))),
            Err(r) => {
                run.reject(r.reason);
                Ok(None)
            }
        }
    }

    fn one_program_in(
        &self,
        run: &mut Run,
        index: usize,
        dir: &std::path::Path,
    ) -> Result<(), CategoryError> {
        let Some((csmith_run, text)) = self.draw(run, index, dir)? else {
            return Ok(());
        };
        run.note(&format!("program {index}: screening"));
        let Some((analysis, looks)) = Self::analysed(run, dir, &text)? else {
            return Ok(());
        };
        let mut pick = rng(run.seed, &["pick", &index.to_string()]);
        let mut strata = self.strata(run, &analysis, &text, &looks, &mut pick);
        for (equivalent, reason) in [
            (true, "program-without-dead-block"),
            (false, "program-without-live-block"),
        ] {
            if strata
                .values()
                .all(|l| l[usize::from(equivalent)].is_empty())
            {
                run.reject(reason);
            }
        }
        let origin = Origin {
            build_seed: run.ctx.seed,
            block: run.ctx.block.index,
            program_index: index,
            csmith: &csmith_run,
        };
        let program = Program {
            index,
            dir,
            text: &text,
            analysis: &analysis,
            origin: &origin,
        };
        self.make_pairs(run, &program, &mut strata, &mut pick)?;
        // The default is done with this program: under `build --subtle` its inequivalent
        // candidates never checked are kept for the block's end.
        if let Some(spare) = &mut run.state.spare {
            let unchecked: BTreeMap<_, _> = strata
                .into_iter()
                .filter(|(_, [ineq, _])| !ineq.is_empty())
                .map(|(key, [ineq, _])| (key, ineq.into()))
                .collect();
            if !unchecked.is_empty() {
                spare.programs.push(SpareProgram {
                    index,
                    text,
                    analysis,
                    csmith: csmith_run,
                    unchecked,
                });
            }
        }
        Ok(())
    }

    /// Check candidates stratum by stratum (in seeded order) and pool the pairs, emitting them
    /// two at a time, one of each label from one stratum. What is left in `strata` afterwards
    /// was never checked: the strata not visited, and the inequivalent candidates of the visited
    /// ones (their equivalent ones are dropped).
    fn make_pairs(
        &self,
        run: &mut Run,
        program: &Program,
        strata: &mut Strata,
        pick: &mut equibench_core::seed::Rng,
    ) -> Result<(), CategoryError> {
        let mut keys: Vec<Stratum> = strata.keys().copied().collect();
        keys.shuffle(pick);
        let mut made = Made::default();
        for key in keys {
            let [ineq, eq] = strata.remove(&key).unwrap_or_default();
            let mut lists = [ineq.into_iter(), eq.into_iter()];
            let done = self.stratum_pairs(run, program, key, &mut lists, &mut made)?;
            let [ineq, _] = lists;
            strata.insert(key, [ineq.collect(), Vec::new()]);
            if done {
                break;
            }
        }
        Ok(())
    }

    /// One stratum of [`Dce::make_pairs`]: check its candidates and emit its couples until it
    /// has nothing more to give. True when the block is done.
    fn stratum_pairs(
        &self,
        run: &mut Run,
        program: &Program,
        key: Stratum,
        lists: &mut [std::vec::IntoIter<Candidate>; 2],
        made: &mut Made,
    ) -> Result<bool, CategoryError> {
        loop {
            if run.done() {
                return Ok(true);
            }
            if run.state.pool.has(&key, true) && run.state.pool.has(&key, false) {
                for equivalent in [true, false] {
                    let pair = run.state.pool.take(&key, equivalent);
                    run.emit(pair.expect("checked above"))?;
                }
                continue;
            }
            let Some(cand) = self.next_candidate(run, &key, lists, made) else {
                return Ok(false);
            };
            self.check(run, program, key, &cand, made)?;
        }
    }

    /// The next candidate of the label this stratum lacks (inequivalent first: those rarely
    /// pass; and only while an equivalent partner can still come, pooled or a candidate here),
    /// within the program's pair and check budgets; None ends the stratum.
    fn next_candidate(
        &self,
        run: &Run,
        key: &Stratum,
        lists: &mut [std::vec::IntoIter<Candidate>; 2],
        made: &mut Made,
    ) -> Option<Candidate> {
        if made.pairs >= self.max_pairs_per_program {
            return None;
        }
        let equivalent = run.state.pool.has(key, false);
        let side = usize::from(equivalent);
        if !equivalent && !run.state.pool.has(key, true) && lists[1].len() == 0 {
            return None;
        }
        let budget = [self.attempts_per_program, self.attempts_per_program / 2];
        loop {
            if made.checks[side] >= budget[side] {
                return None;
            }
            let cand = lists[side].next()?;
            if cand.tier == Tier::RuntimeDead && made.runtime_dead {
                continue;
            }
            made.checks[side] += 1;
            return Some(cand);
        }
    }

    /// The full check of one candidate; a pair that passes waits in the pool for its partner.
    fn check(
        &self,
        run: &mut Run,
        program: &Program,
        key: Stratum,
        cand: &Candidate,
        made: &mut Made,
    ) -> Result<(), CategoryError> {
        match self.checked_pair(run.ctx.tools, run.seed, &run.state.versions, program, cand)? {
            Ok(pair) => {
                made.runtime_dead |= cand.tier == Tier::RuntimeDead;
                made.pairs += 1;
                if let Some(spare) = &mut run.state.spare {
                    spare.strata.insert(pair.id.clone(), key);
                }
                run.state.pool.push(key, pair);
            }
            Err(r) => run.reject(r.reason),
        }
        Ok(())
    }

    /// The full check of one candidate and, if it passes, its pair (which program is program_1
    /// is drawn from the block seed, the program and the marker, not from a stream).
    fn checked_pair(
        &self,
        tools: &equibench_core::Tools,
        block_seed: u64,
        versions: &Versions,
        program: &Program,
        cand: &Candidate,
    ) -> Result<Result<Pair, analysis::Reject>, CategoryError> {
        let checked = pairs::check_candidate(
            tools,
            program.dir,
            program.text,
            &program.analysis.stdout,
            cand,
            self.window,
        )?;
        Ok(checked.map(|checked| {
            let original_first = rng(
                block_seed,
                &[
                    "order",
                    &program.index.to_string(),
                    &cand.marker.id.to_string(),
                ],
            )
            .gen_bool(0.5);
            pairs::make_pair(
                program.origin,
                versions,
                program.text,
                program.analysis,
                cand,
                checked,
                original_first,
            )
        }))
    }
}
/// The block's sink as the default selection sees it. Without `build --subtle` every pair goes
/// straight through. With it, the inequivalent pairs are held back for [`Dce::substitute`]:
/// accepted or refused exactly as the build's sink would (beyond the block's request; a repeated
/// pair, counted) and counted as emitted, so every decision of the block is the default's.
pub struct Hold<'s> {
    sink: &'s mut dyn PairSink,
    subtle: bool,
    /// Inequivalent pairs held back, in the order the default emits them.
    held: Vec<Pair>,
    ids: std::collections::BTreeSet<String>,
    /// Pairs accepted (emitted or held) by the CSmith program they come from.
    per_program: BTreeMap<usize, usize>,
}

impl<'s> Hold<'s> {
    /// A hold in front of `sink`, holding back only when `subtle` (`build --subtle`).
    pub fn new(sink: &'s mut dyn PairSink, subtle: bool) -> Self {
        Hold {
            sink,
            subtle,
            held: Vec::new(),
            ids: Default::default(),
            per_program: BTreeMap::new(),
        }
    }

    /// The inequivalent pairs held back, in the order the default emits them.
    pub fn held(&self) -> &[Pair] {
        &self.held
    }

    /// Pairs accepted (emitted or held) by the CSmith program they come from.
    pub fn per_program(&self) -> &BTreeMap<usize, usize> {
        &self.per_program
    }
}

impl PairSink for Hold<'_> {
    fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError> {
        let program = program_index(&pair);
        let accepted = if !self.subtle || pair.equivalent {
            self.sink.emit(pair)?
        } else if self.remaining().inequivalent == 0 {
            false
        } else if !self.ids.insert(pair.id.clone()) {
            self.sink.reject("duplicate-pair");
            false
        } else {
            self.held.push(pair);
            true
        };
        if accepted {
            *self.per_program.entry(program).or_default() += 1;
        }
        Ok(accepted)
    }

    fn remaining(&self) -> Balance {
        let mut left = self.sink.remaining();
        left.inequivalent = left.inequivalent.saturating_sub(self.held.len());
        left
    }

    fn reject(&mut self, reason: &str) {
        self.sink.reject(reason);
    }
}

/// The index (within its block) of the CSmith program a pair comes from.
pub fn program_index(pair: &Pair) -> usize {
    pair.provenance.source.details["program_index"]
        .as_u64()
        .map_or(usize::MAX, |i| i as usize)
}

/// How many bytes of an inequivalent pair's two stdouts differ, of how many compared (a pair
/// without the record counts as differing everywhere).
fn share(pair: &Pair) -> (u64, u64) {
    pair.disagreement()
        .map_or((1, 1), |d| (u64::from(d.differing), u64::from(d.trials)))
}

/// Whether `a`'s stdouts differ in a strictly smaller share of bytes than `b`'s (compared as
/// integers, no float).
fn subtler(a: &Pair, b: &Pair) -> bool {
    let ((d_a, t_a), (d_b, t_b)) = (share(a), share(b));
    d_a * t_b < d_b * t_a
}

/// Of `reserve`, the one that stands in for `held`: strictly subtler than it and the subtlest
/// (the earliest on a tie) of those `allowed` admits.
pub fn stand_in(
    held: &Pair,
    reserve: &[Reserved],
    allowed: impl Fn(&Reserved) -> bool,
) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, r) in reserve.iter().enumerate() {
        if !allowed(r) || !subtler(&r.pair, held) {
            continue;
        }
        if best.is_none_or(|b| subtler(&r.pair, &reserve[b].pair)) {
            best = Some(i);
        }
    }
    best
}

/// `build --subtle`: a checked inequivalent pair the default selection never emits, waiting to
/// stand in for one it does.
pub struct Reserved {
    /// The checked pair.
    pub pair: Pair,
    /// The index (within its block) of its CSmith program.
    pub program: usize,
    /// Pooled by the default selection (no partner came) rather than checked for the reserve.
    pub pooled: bool,
}

impl Dce {
    /// `build --subtle`, at the block's end: emit each inequivalent pair the default selection
    /// held back ([`Hold`]) in its order, or in its place the subtlest pair of its stratum that
    /// the default never emits and whose stdouts differ in a strictly smaller share of bytes.
    /// Those are the inequivalent pairs the default pooled and never paired, and pairs made from
    /// candidates of the stratum the default never checked ([`Spare`]): up to [`SUBTLE_CHECKS`]
    /// more for each held pair, from the block's programs in the order drawn, each checked once,
    /// its rejection counted as `subtle-` and the reason. A stand-in's program keeps to
    /// `max_pairs_per_program` in the block's output, and one not chosen waits for the
    /// stratum's next held pair. These checks touch nothing the default selection uses.
    fn substitute(
        &self,
        ctx: &BuildContext,
        block_seed: u64,
        versions: &Versions,
        pool: Pool,
        spare: Spare,
        hold: Hold,
    ) -> Result<(), CategoryError> {
        let Hold {
            sink,
            held,
            mut per_program,
            ..
        } = hold;
        let Spare {
            mut programs,
            strata,
        } = spare;
        let mut reserve: BTreeMap<Stratum, Vec<Reserved>> = BTreeMap::new();
        let mut unmatched = 0;
        for ((stratum, equivalent), pairs) in pool.waiting {
            if equivalent {
                unmatched += pairs.len() as u64;
                continue;
            }
            reserve
                .entry(stratum)
                .or_default()
                .extend(pairs.into_iter().map(|pair| Reserved {
                    program: program_index(&pair),
                    pair,
                    pooled: true,
                }));
        }
        let dirs = ctx.work_dir.join("subtle");
        let result = (|| {
            for default in held {
                if ctx.cancelled() {
                    return Err(CategoryError::Cancelled);
                }
                let Some(&stratum) = strata.get(&default.id) else {
                    sink.emit(default)?;
                    continue;
                };
                let from = program_index(&default);
                let count = |per_program: &BTreeMap<usize, usize>, p: usize| {
                    per_program.get(&p).copied().unwrap_or(0) - usize::from(p == from)
                };
                let room = |p: usize| count(&per_program, p) < self.max_pairs_per_program;
                let waiting = reserve.entry(stratum).or_default();
                let mut checks = 0;
                for sp in programs.iter_mut().filter(|sp| room(sp.index)) {
                    let Some(list) = sp.unchecked.get_mut(&stratum) else {
                        continue;
                    };
                    while checks < SUBTLE_CHECKS {
                        let Some(cand) = list.pop_front() else {
                            break;
                        };
                        checks += 1;
                        let dir = dirs.join(sp.index.to_string());
                        std::fs::create_dir_all(&dir)?;
                        let origin = Origin {
                            build_seed: ctx.seed,
                            block: ctx.block.index,
                            program_index: sp.index,
                            csmith: &sp.csmith,
                        };
                        let program = Program {
                            index: sp.index,
                            dir: &dir,
                            text: &sp.text,
                            analysis: &sp.analysis,
                            origin: &origin,
                        };
                        match self.checked_pair(ctx.tools, block_seed, versions, &program, &cand)? {
                            Ok(pair) => waiting.push(Reserved {
                                pair,
                                program: sp.index,
                                pooled: false,
                            }),
                            Err(r) => sink.reject(&format!("subtle-{}", r.reason)),
                        }
                    }
                }
                let chosen =
                    stand_in(&default, waiting, |r| room(r.program)).map(|i| waiting.remove(i));
                match chosen {
                    Some(r) => {
                        let program = r.program;
                        if sink.emit(r.pair)? {
                            *per_program.entry(from).or_default() -= 1;
                            *per_program.entry(program).or_default() += 1;
                        } else {
                            sink.emit(default)?;
                        }
                    }
                    None => {
                        sink.emit(default)?;
                    }
                }
            }
            Ok(())
        })();
        let _ = std::fs::remove_dir_all(&dirs);
        result?;
        for r in reserve.into_values().flatten() {
            if r.pooled {
                unmatched += 1;
            } else {
                sink.reject("subtle-not-chosen");
            }
        }
        for _ in 0..unmatched {
            sink.reject("unmatched-in-stratum");
        }
        Ok(())
    }
}

/// One analysed program as the pair loop sees it.
struct Program<'p> {
    index: usize,
    /// Its working directory.
    dir: &'p std::path::Path,
    text: &'p str,
    analysis: &'p Analysis,
    origin: &'p Origin<'p>,
}

/// What one program has given so far: pairs, checks by label, and whether its one runtime-dead
/// pair is made.
#[derive(Default)]
struct Made {
    pairs: usize,
    checks: [usize; 2],
    runtime_dead: bool,
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
        let state = BlockState {
            versions: Versions::probe(ctx.tools)?,
            pool: Pool::default(),
            spare: ctx.subtle.then(Spare::default),
        };
        let mut hold = Hold::new(sink, ctx.subtle);
        let mut run = BlockRun::new(ctx, DESCRIPTOR.id(), &mut hold, state);
        run.attempts(self.max_programs_per_block, |run, index| {
            self.one_program(run, index)
        })?;
        let Some(spare) = run.state.spare.take() else {
            // Checked pairs no partner of the other label came for (counted, never emitted).
            let left_over = run.state.pool.left_over() as u64;
            run.reject_n("unmatched-in-stratum", left_over);
            return Ok(run.finish());
        };
        let (seed, versions) = (run.seed, run.state.versions.clone());
        let pool = std::mem::take(&mut run.state.pool);
        let report = run.finish();
        self.substitute(ctx, seed, &versions, pool, spare, hold)?;
        Ok(report)
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
                block lines, tokens changed, nesting depth); the bins are visited in seeded order and a pair \
                leaves a bin only together with one of the other label, so both labels share one \
                distribution of shapes. At most four pairs come from one program, and a seeded \
                coin puts the CSmith program first or second (the evidence names it). Both \
                programs pass the same undefined-behaviour screen: warning-clean under \
                `gcc -O2 -Wall -Wextra` and `clang -O0 -Wall -Wextra` (risky warning families \
                reject), a clean run under `-fsanitize=undefined,address`, and the same stdout from \
                both compilers, all run in the sandbox with time and memory limits. An \
                equivalent edit leaves the executed operations as they were (it touches only a \
                block that never ran, or a condition whose value never varied), so the edited \
                program's sanitizer run is the original's: generation reads its clang warnings \
                from the front end (`-fsyntax-only`, the same flags) instead of building it \
                again, and the audit makes the sanitized build of both programs."
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
                digests in the evidence differ, a concrete witness of different behaviour. Its \
                subtlety is recorded as `disagreement` over output bytes: how many of the bytes of \
                the two stdouts (compared up to the longer one) differ. Under `build --subtle` the \
                block makes every decision as without it, so its equivalent pairs are the default \
                build's; only then may each inequivalent pair give its place to one of the same \
                stratum, from the same block, whose stdouts differ in a strictly smaller share of \
                bytes: a pair the default made but never paired, or one made from the up to four \
                more candidates of the stratum checked for it that the default never checked."
                .into(),
            audit: "Re-instruments the original (program_1 or program_2, as recorded), redoes \
                the recorded edit at the recorded marker and requires exactly the other program; screens, builds and runs both programs again and \
                requires the recorded stdout digests and their equality or difference to match the \
                label, and an inequivalent pair's recorded disagreement to be the count of \
                differing bytes of the two stdouts; re-classifies the marker with the LLVM pipelines and an instrumented run, \
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
