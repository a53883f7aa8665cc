//! The build driver: cuts each category's request into blocks, runs the blocks this shard owns
//! (in parallel, skipping those the journal already holds), and writes the final files.

use crate::category::{
    Balance, Block, BuildContext, Category, CategoryError, Inputs, PairSink, Progress, Registry,
    Report, Shard,
};
use crate::descriptor::{CategoryDescriptor, CategoryName};
use crate::output::{write_final, BuildParams, Journal, Manifest, ManifestInfo, OutputError};
use crate::pair::Pair;
use crate::tools::Tools;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the user asked `build` for.
#[derive(Debug, Clone)]
pub struct BuildRequest {
    pub categories: Vec<CategoryName>,
    /// Pairs per category, half of each label.
    pub pairs: usize,
    pub seed: u64,
    pub out: PathBuf,
    pub jobs: usize,
    pub shard: Shard,
    pub inputs: Inputs,
    /// `--subtle`: categories prefer inequivalent pairs that disagree on few inputs.
    pub subtle: bool,
    /// Recorded in the manifest.
    pub command: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("--pairs {0} is odd: each category gets half equivalent and half inequivalent pairs")]
    OddPairs(usize),
    #[error("category `{0}` has not landed in this build of equibench yet; nothing was generated (available: {1})")]
    NotLanded(String, String),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("interrupted: {kept} finished blocks are kept in {journal}; run the same command again to resume")]
    Interrupted { kept: usize, journal: PathBuf },
    #[error("{}", .0.iter().map(|(c, e)| format!("{c}: {e}")).collect::<Vec<_>>().join("\n"))]
    CategoriesFailed(Vec<(CategoryName, String)>),
}

/// What a build made, per category.
#[derive(Debug, Clone)]
pub struct BuildSummary {
    pub manifest: Manifest,
    pub wanted: BTreeMap<CategoryName, Balance>,
    pub made: BTreeMap<CategoryName, Balance>,
    pub reports: BTreeMap<CategoryName, Report>,
    /// One shard of several (`--shard I/N`, N > 1): its output is uncapped, `merge` settles it.
    pub sharded: bool,
    /// Blocks found finished in the journal (resumed), and blocks computed now.
    pub resumed_blocks: usize,
    pub computed_blocks: usize,
    pub wall: Duration,
    /// Per category, the worker time its blocks took (wall time of each block computed now,
    /// summed): when several categories are built together, how the wall time divides among them.
    pub worker_time: BTreeMap<CategoryName, Duration>,
}

impl BuildSummary {
    /// True when every category made all it was asked for. A shard of a sharded build cannot
    /// tell (its spare blocks may fill another shard's gaps at merge time), so it is complete when
    /// its blocks are.
    pub fn complete(&self) -> bool {
        self.sharded
            || self.wanted.iter().all(|(c, w)| {
                self.made.get(c).is_some_and(|m| {
                    m.equivalent >= w.equivalent && m.inequivalent >= w.inequivalent
                })
            })
    }
}

/// One unit of work: block `index` of `category`, wanting `want`.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    category: CategoryName,
    block: Block,
    want: Balance,
    /// A spare block ([`Category::spare_blocks`]): its pairs are used only where the regular
    /// blocks fell short.
    spare: bool,
}

impl Job {
    /// The block this job computes.
    pub fn block(&self) -> Block {
        self.block
    }

    /// Whether it is a spare block ([`Category::spare_blocks`]).
    pub fn spare(&self) -> bool {
        self.spare
    }
}

/// The blocks of a request in a fixed order, with their global index (used for sharding): each
/// category's regular blocks, then its spare blocks (indices from the regular count on).
pub fn plan(registry: &Registry, req: &BuildRequest) -> Vec<(usize, Job)> {
    let per_label = req.pairs / 2;
    let mut jobs = Vec::new();
    let mut global = 0;
    for cat in &req.categories {
        let category = registry.get(*cat).expect("checked before planning");
        let size = category.block_size().max(1);
        let count = per_label.div_ceil(size);
        let spares = if count == 0 {
            0
        } else {
            category.spare_blocks(count)
        };
        for index in 0..count + spares {
            let n = if index < count {
                size.min(per_label - index * size)
            } else {
                size
            };
            jobs.push((
                global,
                Job {
                    category: *cat,
                    block: Block { index, count },
                    want: Balance::new(n, n),
                    spare: index >= count,
                },
            ));
            global += 1;
        }
    }
    jobs
}

/// This shard's blocks that the journal does not hold yet, the pairs its regular blocks want per
/// category, and how many of its blocks the journal already holds (resumed).
fn shard_work(
    registry: &Registry,
    req: &BuildRequest,
    journal: &Journal,
) -> (Vec<Job>, BTreeMap<CategoryName, Balance>, usize) {
    let mine: Vec<Job> = plan(registry, req)
        .iter()
        .filter(|(g, _)| req.shard.owns(*g))
        .map(|(_, j)| *j)
        .collect();
    let regular: Vec<Job> = mine.iter().filter(|j| !j.spare).copied().collect();
    let wanted = wanted_by_category(&regular, &req.categories);
    let todo: Vec<Job> = mine
        .iter()
        .filter(|job| !journal.is_finished(job.category, job.block.index))
        .copied()
        .collect();
    let resumed = mine.len() - todo.len();
    (todo, wanted, resumed)
}

/// Settle the finished blocks and write the final files. A whole build keeps exactly what was
/// asked for; a shard keeps everything its blocks made (deduplicated and balanced), and `merge`
/// settles the shards' journals together.
fn write_outputs(
    registry: &Registry,
    req: &BuildRequest,
    journal: &Journal,
    cap: Option<&BTreeMap<CategoryName, usize>>,
) -> Result<Written, BuildError> {
    let (mut pairs, reports) = settle(journal.finished(), cap);
    let descriptors = descriptors(registry, &req.categories);
    let manifest = write_final(
        &req.out,
        &mut pairs,
        ManifestInfo {
            command: req.command.clone(),
            seed: req.seed,
            pairs_per_category: req.pairs,
            shards: vec![req.shard.to_string()],
            subtle: req.subtle,
            categories: &descriptors,
            reports: &reports,
        },
    )?;
    let made = made_by_category(&pairs, &req.categories);
    Ok(Written {
        manifest,
        made,
        reports,
    })
}

/// What [`write_outputs`] wrote: the manifest, and per category the pairs kept and the report.
struct Written {
    manifest: Manifest,
    made: BTreeMap<CategoryName, Balance>,
    reports: BTreeMap<CategoryName, Report>,
}

/// The request with its categories sorted, deduplicated and all registered, once every tool and
/// package they declare is found: a missing one is reported once, before any work, naming its
/// install command.
fn checked_request(
    registry: &Registry,
    req: &BuildRequest,
    tools: &Tools,
) -> Result<BuildRequest, BuildError> {
    if !req.pairs.is_multiple_of(2) {
        return Err(BuildError::OddPairs(req.pairs));
    }
    let mut categories = req.categories.clone();
    categories.sort();
    categories.dedup();
    for c in &categories {
        if registry.get(*c).is_none() {
            let available = registry.cli_names().join(", ");
            return Err(BuildError::NotLanded(c.to_string(), available));
        }
    }
    let mut missing = Vec::new();
    for c in &categories {
        let category = registry.get(*c).expect("checked");
        for t in category.required_tools() {
            if let Err(e) = tools.get(t) {
                missing.push((*c, e.to_string()));
            }
        }
        for p in category.venv_packages() {
            if let Err(e) = tools.venv_package(p) {
                missing.push((*c, e.to_string()));
            }
        }
    }
    if !missing.is_empty() {
        return Err(BuildError::CategoriesFailed(missing));
    }
    Ok(BuildRequest {
        categories,
        ..req.clone()
    })
}

/// The next wave of spare blocks of a whole build: up to `--jobs` spares for each category the
/// finished blocks leave short, in block order from `next_spare` (advanced past them), up to
/// [`spare_limit`]. Empty when no category is short or none has spares left.
fn spare_wave(
    registry: &Registry,
    req: &BuildRequest,
    journal: &Journal,
    cap: &BTreeMap<CategoryName, usize>,
    next_spare: &mut BTreeMap<CategoryName, usize>,
) -> Vec<Job> {
    let (_, reports) = settle(journal.finished(), Some(cap));
    let mut wave = Vec::new();
    for (c, report) in &reports {
        if !report.exhausted {
            continue;
        }
        let category = registry.get(*c).expect("checked");
        let size = category.block_size().max(1);
        let count = (req.pairs / 2).div_ceil(size);
        let end = count + spare_limit(category, count);
        let next = next_spare.entry(*c).or_insert(count);
        let mut taken = 0;
        while *next < end && taken < req.jobs.max(1) {
            // A spare a previous run of this command finished is already in the journal.
            if !journal.is_finished(*c, *next) {
                wave.push(Job {
                    category: *c,
                    block: Block {
                        index: *next,
                        count,
                    },
                    want: Balance::new(size, size),
                    spare: true,
                });
                taken += 1;
            }
            *next += 1;
        }
    }
    wave
}

/// How many spare blocks a whole build may run for a category of `count` regular blocks when they
/// leave it short: as many as the regular ones (at least two, and never fewer than a shard plans),
/// or none for a category whose blocks partition its sources (a spare would only repeat a block:
/// `spare_blocks` is 0 for any request).
/// A category still short after that many more blocks has truly run out of sources.
fn spare_limit(category: &dyn Category, count: usize) -> usize {
    let planned = category.spare_blocks(count);
    // A small request may plan no spare (one per eight blocks); asking about a larger one tells a
    // category that has spares from one that has none.
    if planned == 0 && category.spare_blocks(count.max(64)) == 0 {
        return 0;
    }
    planned.max(count).max(2)
}

/// Per category, the pairs of each label a whole (unsharded) request keeps.
pub(crate) fn caps(categories: &[CategoryName], pairs: usize) -> BTreeMap<CategoryName, usize> {
    categories.iter().map(|c| (*c, pairs / 2)).collect()
}

/// Run a build to completion (or to interruption) and write the final files.
pub fn build(
    registry: &Registry,
    req: &BuildRequest,
    tools: &Tools,
    progress: &dyn Progress,
    cancel: &AtomicBool,
) -> Result<BuildSummary, BuildError> {
    let started = Instant::now();
    let req = checked_request(registry, req, tools)?;
    let params = BuildParams {
        categories: req.categories.clone(),
        pairs: req.pairs,
        seed: req.seed,
        shard: req.shard.to_string(),
        inputs: req.inputs.given(),
        subtle: req.subtle,
    };
    let journal = Journal::open(&req.out, &params)?;
    let (todo, wanted, resumed_blocks) = shard_work(registry, &req, &journal);
    let journal = Mutex::new(journal);

    let failures: Mutex<BTreeMap<CategoryName, String>> = Mutex::new(BTreeMap::new());
    let worker_time: Mutex<BTreeMap<CategoryName, Duration>> = Mutex::new(BTreeMap::new());
    // A shared queue, not a parallel iterator: blocks differ in cost by a factor of a hundred, and
    // a worker must never sit idle while blocks it could take wait behind another worker's.
    let run_queue = |queue: &[Job]| {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let worker = || loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(job) = queue.get(i) else { break };
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            if failures.lock().expect("lock").contains_key(&job.category) {
                continue;
            }
            let category = registry.get(job.category).expect("checked");
            let block_started = Instant::now();
            let outcome = run_block(category, job, &req, tools, progress, cancel, &journal);
            *worker_time
                .lock()
                .expect("lock")
                .entry(job.category)
                .or_default() += block_started.elapsed();
            match outcome {
                Ok(()) => {}
                Err(CategoryError::Cancelled) => {}
                Err(e) => {
                    failures
                        .lock()
                        .expect("lock")
                        .entry(job.category)
                        .or_insert_with(|| e.to_string());
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 0..req.jobs.max(1) {
                scope.spawn(worker);
            }
        });
    };
    let sharded = req.shard.count > 1;
    let cap = (!sharded).then(|| caps(&req.categories, req.pairs));
    let mut computed_blocks = 0;
    if let Some(cap) = &cap {
        // A whole build runs a spare block only when the regular blocks left its category short:
        // the spares' pairs are used in block order up to the cap, so running them in that order,
        // a wave at a time, until the category is full keeps exactly the pairs that running every
        // spare would have kept, without computing the ones nobody uses. A whole build is not held
        // to the spares a shard plans ahead: it goes on to [`spare_limit`] of them, a bound that
        // depends on the request alone (not on --jobs or on what the waves found), so a category
        // comes up short only when that many more blocks could not fill it.
        let regular_todo: Vec<Job> = todo.into_iter().filter(|j| !j.spare).collect();
        let queue = work_order(registry, regular_todo);
        computed_blocks += queue.len();
        run_queue(&queue);
        let mut next_spare: BTreeMap<CategoryName, usize> = BTreeMap::new();
        loop {
            if cancel.load(std::sync::atomic::Ordering::Relaxed)
                || !failures.lock().expect("lock").is_empty()
            {
                break;
            }
            let wave = {
                let j = journal.lock().expect("journal lock");
                spare_wave(registry, &req, &j, cap, &mut next_spare)
            };
            if wave.is_empty() {
                break;
            }
            computed_blocks += wave.len();
            run_queue(&wave);
        }
    } else {
        // A shard cannot tell whether another shard will fall short, so it runs its spares too.
        let queue = work_order(registry, todo);
        computed_blocks += queue.len();
        run_queue(&queue);
    }

    let journal = journal.into_inner().expect("journal lock");
    let failures = failures.into_inner().expect("lock");
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(BuildError::Interrupted {
            kept: journal.finished_blocks(),
            journal: req.out.join(crate::output::JOURNAL_FILE),
        });
    }
    if !failures.is_empty() {
        return Err(BuildError::CategoriesFailed(failures.into_iter().collect()));
    }
    let Written {
        manifest,
        made,
        reports,
    } = write_outputs(registry, &req, &journal, cap.as_ref())?;
    Ok(BuildSummary {
        manifest,
        wanted,
        made,
        reports,
        sharded,
        resumed_blocks,
        computed_blocks,
        wall: started.elapsed(),
        worker_time: worker_time.into_inner().expect("lock"),
    })
}

/// The pairs a build keeps from its finished blocks, in block order. A block that could not make
/// equally many pairs of each label (its sources ran out) keeps the first `min(eq, ineq)` of each,
/// so every block, and with it every shard and the whole output, stays balanced; a pair that an
/// earlier block already made (finite sources can meet twice) is kept once. Both are counted as
/// rejections. With `cap` (a whole build, or a merge), a category keeps at most its cap of each
/// label: spare blocks (numbered after the regular ones) fill the gaps that duplicates and
/// shortfalls left, and what they made beyond that is not used. A category is reported exhausted
/// only if it stays under its cap.
/// The order workers take blocks in: larger blocks first (a category's block size is a rough
/// measure of its cost), so the longest ones do not start last and leave one worker alone at the
/// end. Blocks are pure functions of their index, so the order changes no output.
fn work_order(registry: &Registry, mut todo: Vec<Job>) -> Vec<Job> {
    todo.sort_by_key(|job| {
        std::cmp::Reverse(registry.get(job.category).map_or(0, |c| c.block_size()))
    });
    todo
}

/// The pairs kept of finished blocks, in block order, and each category's merged report: a pair an
/// earlier block already gave is dropped, a block keeps as many pairs of each label as it has of
/// the other, and with `cap` a category keeps at most its cap of each label (exhausted below it).
pub fn settle(
    blocks: &BTreeMap<(CategoryName, usize), (Vec<Pair>, Report)>,
    cap: Option<&BTreeMap<CategoryName, usize>>,
) -> (Vec<Pair>, BTreeMap<CategoryName, Report>) {
    let mut pairs = Vec::new();
    let mut reports: BTreeMap<CategoryName, Report> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut kept_per_label: BTreeMap<CategoryName, usize> = BTreeMap::new();
    for ((cat, _), (block_pairs, report)) in blocks {
        let report_total = reports.entry(*cat).or_default();
        let exhausted_before = report_total.exhausted;
        report_total.merge(report);
        if cap.is_some() {
            // Decided below from what the category keeps in the end.
            report_total.exhausted = exhausted_before;
        }
        let kept_so_far = kept_per_label.entry(*cat).or_default();
        let room = cap
            .and_then(|c| c.get(cat))
            .map_or(usize::MAX, |c| c.saturating_sub(*kept_so_far));
        if room == 0 {
            continue;
        }
        let mut fresh: Vec<&Pair> = Vec::new();
        for p in block_pairs {
            if seen.contains(&p.id) {
                *report_total
                    .rejected
                    .entry("duplicate-of-another-block".into())
                    .or_default() += 1;
            } else {
                fresh.push(p);
            }
        }
        let eq = fresh.iter().filter(|p| p.equivalent).count();
        let balanced = eq.min(fresh.len() - eq);
        let keep = balanced.min(room);
        *kept_so_far += keep;
        let mut kept = Balance::default();
        for p in fresh {
            if kept.get(p.equivalent) < keep {
                kept.add(p.equivalent, 1);
                seen.insert(p.id.clone());
                pairs.push(p.clone());
            } else if kept.get(p.equivalent) < balanced {
                // Beyond the cap: a spare block's pair that was not needed (not a rejection).
            } else {
                *report_total
                    .rejected
                    .entry("dropped-to-keep-balance".into())
                    .or_default() += 1;
            }
        }
    }
    if let Some(cap) = cap {
        for (cat, report) in reports.iter_mut() {
            let kept = kept_per_label.get(cat).copied().unwrap_or(0);
            report.exhausted = kept < cap.get(cat).copied().unwrap_or(0);
        }
    }
    (pairs, reports)
}

/// The descriptors of `categories`, all registered (checked before a build starts; a merge checks
/// the shards' categories against the registry first).
pub(crate) fn descriptors(
    registry: &Registry,
    categories: &[CategoryName],
) -> Vec<CategoryDescriptor> {
    categories
        .iter()
        .filter_map(|c| registry.descriptor(*c).copied())
        .collect()
}

/// The pairs of each label the regular blocks among `jobs` want, per category of `categories`.
pub fn wanted_by_category(
    jobs: &[Job],
    categories: &[CategoryName],
) -> BTreeMap<CategoryName, Balance> {
    let mut m: BTreeMap<CategoryName, Balance> = categories
        .iter()
        .map(|c| (*c, Balance::default()))
        .collect();
    for j in jobs {
        let b = m.entry(j.category).or_default();
        b.equivalent += j.want.equivalent;
        b.inequivalent += j.want.inequivalent;
    }
    m
}

fn made_by_category(
    pairs: &[Pair],
    categories: &[CategoryName],
) -> BTreeMap<CategoryName, Balance> {
    let mut m: BTreeMap<CategoryName, Balance> = categories
        .iter()
        .map(|c| (*c, Balance::default()))
        .collect();
    for p in pairs {
        m.entry(p.category).or_default().add(p.equivalent, 1);
    }
    m
}

fn run_block(
    category: &dyn Category,
    job: &Job,
    req: &BuildRequest,
    tools: &Tools,
    progress: &dyn Progress,
    cancel: &AtomicBool,
    journal: &Mutex<Journal>,
) -> Result<(), CategoryError> {
    let work = tempfile::Builder::new()
        .prefix(&format!(
            "equibench-{}-{}-",
            category.descriptor().cli_name,
            job.block.index
        ))
        .tempdir()?;
    let ctx = BuildContext {
        seed: req.seed,
        jobs: req.jobs,
        shard: req.shard,
        block: job.block,
        tools,
        progress,
        inputs: &req.inputs,
        work_dir: work.path(),
        subtle: req.subtle,
        cancel,
    };
    let mut sink = BlockSink {
        category: job.category,
        descriptor: category.descriptor(),
        block: job.block.index,
        want: job.want,
        made: Balance::default(),
        rejected: BTreeMap::new(),
        ids: Default::default(),
        journal,
        progress,
    };
    let mut report = category.generate(&ctx, job.want, &mut sink)?;
    if ctx.cancelled() {
        return Err(CategoryError::Cancelled);
    }
    // The sink is the one count of rejections: a pipeline that also tallied them into the report
    // it returns would otherwise have every one counted twice (one category did, issue 26).
    report.rejected = sink.rejected;
    if sink.made != job.want {
        report.exhausted = true;
    }
    journal
        .lock()
        .expect("journal lock")
        .finish_block(job.category, job.block.index, report)
        .map_err(|e| CategoryError::Failed(e.to_string()))
}

/// The sink of one block: checks each pair, journals it at once, and stops at the block's request.
struct BlockSink<'a> {
    category: CategoryName,
    descriptor: &'a CategoryDescriptor,
    block: usize,
    want: Balance,
    made: Balance,
    rejected: BTreeMap<String, u64>,
    ids: std::collections::BTreeSet<String>,
    journal: &'a Mutex<Journal>,
    progress: &'a dyn Progress,
}

impl PairSink for BlockSink<'_> {
    fn emit(&mut self, pair: Pair) -> Result<bool, CategoryError> {
        if pair.category != self.category {
            return Err(CategoryError::Failed(format!(
                "the {} pipeline emitted a {} pair",
                self.category, pair.category
            )));
        }
        let problems = pair.problems(self.descriptor);
        if !problems.is_empty() {
            return Err(CategoryError::Failed(format!(
                "the {} pipeline emitted an invalid pair: {}",
                self.category,
                problems.join("; ")
            )));
        }
        if self.made.get(pair.equivalent) >= self.want.get(pair.equivalent) {
            return Ok(false);
        }
        if !self.ids.insert(pair.id.clone()) {
            self.reject("duplicate-pair");
            return Ok(false);
        }
        self.journal
            .lock()
            .expect("journal lock")
            .record_pair(self.block, &pair)
            .map_err(|e| CategoryError::Failed(e.to_string()))?;
        self.made.add(pair.equivalent, 1);
        self.progress.pair_made(self.category, pair.equivalent);
        Ok(true)
    }

    fn remaining(&self) -> Balance {
        Balance::new(
            self.want.equivalent - self.made.equivalent,
            self.want.inequivalent - self.made.inequivalent,
        )
    }

    fn reject(&mut self, reason: &str) {
        *self.rejected.entry(reason.to_string()).or_default() += 1;
        self.progress.rejected(self.category, reason);
    }
}
