use super::descriptor::PLAIN;
use super::pair::sample;
use equibench_core::build::*;
use equibench_core::category::{
    Balance, BuildContext, Category, CategoryError, Inputs, PairSink, Progress, Registry, Report,
    Shard,
};
use equibench_core::descriptor::{CategoryDescriptor, CategoryName};
use equibench_core::pair::Pair;
use equibench_core::tools::Tools;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

#[test]
fn settle_keeps_blocks_balanced_and_pairs_unique() {
    let plain = PLAIN.id();
    let mut blocks = BTreeMap::new();
    blocks.insert(
        (plain, 0),
        (
            vec![
                sample(&PLAIN, true, "a"),
                sample(&PLAIN, true, "b"),
                sample(&PLAIN, false, "c"),
            ],
            Report::default(),
        ),
    );
    // Block 1 repeats block 0's inequivalent pair and adds a fresh pair of each label.
    blocks.insert(
        (plain, 1),
        (
            vec![
                sample(&PLAIN, false, "c"),
                sample(&PLAIN, true, "d"),
                sample(&PLAIN, false, "e"),
            ],
            Report::default(),
        ),
    );
    let (pairs, reports) = settle(&blocks, None);
    let ids: Vec<_> = pairs.iter().map(|p| p.id.clone()).collect();
    assert_eq!(pairs.len(), 4);
    assert_eq!(pairs.iter().filter(|p| p.equivalent).count(), 2);
    let unique: std::collections::BTreeSet<_> = ids.iter().collect();
    assert_eq!(unique.len(), 4);
    let r = &reports[&plain].rejected;
    assert_eq!(r["dropped-to-keep-balance"], 1);
    assert_eq!(r["duplicate-of-another-block"], 1);

    // With a cap of 1 per label, block 0 supplies it all and block 1 (a spare) is not used;
    // with a cap of 3, the category falls short and is reported exhausted.
    let caps1 = BTreeMap::from([(plain, 1)]);
    let (capped, reports) = settle(&blocks, Some(&caps1));
    assert_eq!(capped.len(), 2);
    assert!(capped
        .iter()
        .all(|p| ["a", "c"].iter().any(|t| p.program_1.contains(t))));
    assert!(!reports[&plain].exhausted);
    let caps3 = BTreeMap::from([(plain, 3)]);
    let (all, reports) = settle(&blocks, Some(&caps3));
    assert_eq!(all.len(), 4);
    assert!(reports[&plain].exhausted);
}

/// A category of two-pair blocks whose listed blocks make nothing, recording which ran.
struct Gappy {
    empty: Vec<usize>,
    ran: std::sync::Arc<Mutex<Vec<usize>>>,
}

impl Category for Gappy {
    fn descriptor(&self) -> &CategoryDescriptor {
        &PLAIN
    }
    fn required_tools(&self) -> Vec<&'static equibench_core::tools::ToolSpec> {
        vec![]
    }
    fn block_size(&self) -> usize {
        2
    }
    fn spare_blocks(&self, _: usize) -> usize {
        3
    }
    fn generate(
        &self,
        ctx: &BuildContext,
        want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let b = ctx.block.index;
        self.ran.lock().unwrap().push(b);
        if !self.empty.contains(&b) {
            for i in 0..want.equivalent {
                sink.emit(sample(&PLAIN, true, &format!("eq-{b}-{i}")))?;
                sink.emit(sample(&PLAIN, false, &format!("ne-{b}-{i}")))?;
            }
        }
        Ok(Report::default())
    }
    fn audit(
        &self,
        _: &Pair,
        _: &equibench_core::category::AuditContext,
    ) -> equibench_core::Verdict {
        equibench_core::Verdict::Inconclusive(String::new())
    }
}

/// Build 12 pairs (three regular blocks, three spares) and return the blocks that ran and the
/// programs kept.
fn build_gappy(empty: &[usize]) -> (Vec<usize>, Vec<String>) {
    let out = tempfile::tempdir().unwrap();
    let ran = std::sync::Arc::new(Mutex::new(Vec::new()));
    let mut registry = Registry::new();
    registry.register(Box::new(Gappy {
        empty: empty.to_vec(),
        ran: ran.clone(),
    }));
    let req = BuildRequest {
        categories: vec![PLAIN.id()],
        pairs: 12,
        seed: 0,
        out: out.path().to_path_buf(),
        jobs: 1,
        shard: Shard::WHOLE,
        inputs: Inputs::default(),
        subtle: false,
        command: vec![],
    };
    let summary = build(
        &registry,
        &req,
        &Tools::new(),
        &equibench_core::category::NoProgress,
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(summary.complete());
    let text = std::fs::read_to_string(out.path().join("pairs.jsonl")).unwrap();
    let kept = text
        .lines()
        .map(|l| serde_json::from_str::<Pair>(l).unwrap().program_1)
        .collect();
    let mut ran = ran.lock().unwrap().clone();
    ran.sort();
    assert_eq!(summary.computed_blocks, ran.len());
    // Every block computed is timed, under its category and no other.
    assert_eq!(
        summary.worker_time.keys().copied().collect::<Vec<_>>(),
        vec![PLAIN.id()]
    );
    (ran, kept)
}

#[test]
fn spare_blocks_run_only_when_a_regular_block_falls_short() {
    let (ran, kept) = build_gappy(&[]);
    assert_eq!(ran, vec![0, 1, 2], "a spare ran although nothing was short");
    assert_eq!(kept.len(), 12);
    // Block 1 makes nothing: the first spare (block 3) fills its place and the others stay idle.
    let (ran, kept) = build_gappy(&[1]);
    assert_eq!(ran, vec![0, 1, 2, 3]);
    assert_eq!(kept.len(), 12);
    assert!(kept.iter().any(|p| p.contains("eq-3-")));
    // Blocks 1 and 3 make nothing: spares run in order until the category is full.
    let (ran, kept) = build_gappy(&[1, 3]);
    assert_eq!(ran, vec![0, 1, 2, 3, 4]);
    assert_eq!(kept.len(), 12);
}

#[test]
fn spare_blocks_come_after_the_regular_ones_and_do_not_count_as_wanted() {
    struct Big;
    impl Category for Big {
        fn descriptor(&self) -> &CategoryDescriptor {
            &PLAIN
        }
        fn required_tools(&self) -> Vec<&'static equibench_core::tools::ToolSpec> {
            vec![]
        }
        fn generate(
            &self,
            _: &BuildContext,
            _: Balance,
            _: &mut dyn PairSink,
        ) -> Result<Report, CategoryError> {
            Ok(Report::default())
        }
        fn audit(
            &self,
            _: &Pair,
            _: &equibench_core::category::AuditContext,
        ) -> equibench_core::Verdict {
            equibench_core::Verdict::Inconclusive(String::new())
        }
    }
    let mut registry = Registry::new();
    registry.register(Box::new(Big));
    let req = BuildRequest {
        categories: vec![PLAIN.id()],
        pairs: 400,
        seed: 0,
        out: PathBuf::from("unused"),
        jobs: 1,
        shard: Shard::WHOLE,
        inputs: Inputs::default(),
        subtle: false,
        command: vec![],
    };
    let jobs: Vec<Job> = plan(&registry, &req).into_iter().map(|(_, j)| j).collect();
    let regular = jobs.iter().filter(|j| !j.spare()).count();
    assert_eq!(regular, 40);
    assert_eq!(jobs.len(), 45);
    assert!(jobs[40..]
        .iter()
        .all(|j| j.spare() && j.block().index >= 40));
    let wanted = wanted_by_category(
        &jobs
            .iter()
            .filter(|j| !j.spare())
            .copied()
            .collect::<Vec<_>>(),
        &[PLAIN.id()],
    );
    assert_eq!(wanted[&PLAIN.id()], Balance::new(200, 200));
}

/// A category of `size`-pair blocks whose block `b` makes `made(b)` pairs of each label (its
/// request when `made` has no entry), rejecting one candidate per pair it could not make. It
/// counts every rejection both through the sink and into the report it returns, as DCE did
/// (issue 26): only the sink's count may reach the manifest. Spares are the default's.
struct Short {
    size: usize,
    made: BTreeMap<usize, usize>,
    ran: std::sync::Arc<Mutex<Vec<usize>>>,
}

impl Category for Short {
    fn descriptor(&self) -> &CategoryDescriptor {
        &PLAIN
    }
    fn required_tools(&self) -> Vec<&'static equibench_core::tools::ToolSpec> {
        vec![]
    }
    fn block_size(&self) -> usize {
        self.size
    }
    fn generate(
        &self,
        ctx: &BuildContext,
        want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let b = ctx.block.index;
        self.ran.lock().unwrap().push(b);
        let n = self.made.get(&b).copied().unwrap_or(want.equivalent);
        let mut report = Report::default();
        for i in 0..want.equivalent {
            if i < n {
                sink.emit(sample(&PLAIN, true, &format!("eq-{b}-{i}")))?;
                sink.emit(sample(&PLAIN, false, &format!("ne-{b}-{i}")))?;
            } else {
                sink.reject("unmatched-in-stratum");
                *report
                    .rejected
                    .entry("unmatched-in-stratum".into())
                    .or_default() += 1;
            }
        }
        Ok(report)
    }
    fn audit(
        &self,
        _: &Pair,
        _: &equibench_core::category::AuditContext,
    ) -> equibench_core::Verdict {
        equibench_core::Verdict::Inconclusive(String::new())
    }
}

/// Counts the rejections the sinks passed on, per reason.
#[derive(Default)]
struct CountRejections(Mutex<BTreeMap<String, u64>>);

impl Progress for CountRejections {
    fn note(&self, _: CategoryName, _: &str) {}
    fn pair_made(&self, _: CategoryName, _: bool) {}
    fn rejected(&self, _: CategoryName, reason: &str) {
        *self.0.lock().unwrap().entry(reason.into()).or_default() += 1;
    }
}

struct ShortBuild {
    summary: BuildSummary,
    ran: Vec<usize>,
    pairs: String,
    sink_rejections: BTreeMap<String, u64>,
    /// As written to manifest.json.
    manifest_rejections: BTreeMap<String, u64>,
}

fn build_short(size: usize, pairs: usize, made: &[(usize, usize)], jobs: usize) -> ShortBuild {
    let out = tempfile::tempdir().unwrap();
    let ran = std::sync::Arc::new(Mutex::new(Vec::new()));
    let mut registry = Registry::new();
    registry.register(Box::new(Short {
        size,
        made: made.iter().copied().collect(),
        ran: ran.clone(),
    }));
    let req = BuildRequest {
        categories: vec![PLAIN.id()],
        pairs,
        seed: 0,
        out: out.path().to_path_buf(),
        jobs,
        shard: Shard::WHOLE,
        inputs: Inputs::default(),
        subtle: false,
        command: vec![],
    };
    let progress = CountRejections::default();
    let summary = build(
        &registry,
        &req,
        &Tools::new(),
        &progress,
        &AtomicBool::new(false),
    )
    .unwrap();
    let mut ran = ran.lock().unwrap().clone();
    ran.sort();
    ShortBuild {
        summary,
        ran,
        pairs: std::fs::read_to_string(out.path().join("pairs.jsonl")).unwrap(),
        sink_rejections: progress.0.into_inner().unwrap(),
        manifest_rejections: equibench_core::output::read_manifest(out.path())
            .unwrap()
            .categories[&PLAIN.id()]
            .rejected
            .clone(),
    }
}

#[test]
fn a_category_reports_the_rejections_its_sink_counted_once() {
    // Blocks 0 and 2 of five make 3 and 4 pairs of 5: 2 + 1 rejections, and spares fill in.
    let b = build_short(5, 50, &[(0, 3), (2, 4)], 1);
    assert_eq!(b.sink_rejections["unmatched-in-stratum"], 3);
    assert_eq!(b.manifest_rejections, b.sink_rejections);
    assert_eq!(b.summary.reports[&PLAIN.id()].rejected, b.sink_rejections);
}

#[test]
fn a_short_block_of_a_small_request_is_filled_by_a_spare() {
    // CUDA's shape (issue 26): 200 pairs in five 20-pair blocks, one of which makes 19 + 19.
    // Five blocks plan no spare at one per eight; the build must still deliver 100 + 100.
    let b = build_short(20, 200, &[(3, 19)], 1);
    assert!(b.summary.complete(), "{:?}", b.summary.made);
    assert_eq!(b.summary.made[&PLAIN.id()], Balance::new(100, 100));
    assert_eq!(b.ran, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(b.pairs.lines().count(), 200);
}

#[test]
fn spares_come_in_waves_until_full_and_the_output_does_not_depend_on_jobs() {
    // Five blocks of 4 (40 pairs), most of them short: more spares than a shard plans (one)
    // are needed, and each run of spares must give the same bytes whatever --jobs is.
    let made = [(0, 1), (1, 0), (2, 2), (5, 1), (6, 3)];
    let one = build_short(4, 40, &made, 1);
    assert!(one.summary.complete(), "{:?}", one.summary.made);
    assert_eq!(one.ran, (0..9).collect::<Vec<_>>());
    for jobs in [2, 3] {
        let other = build_short(4, 40, &made, jobs);
        assert!(other.summary.complete());
        assert_eq!(other.pairs, one.pairs, "--jobs {jobs} kept other pairs");
    }
    // A category that stays short after as many spares as regular blocks is truly exhausted:
    // it stops there and says so.
    let dry: Vec<(usize, usize)> = (2..40).map(|b| (b, 0)).collect();
    let b = build_short(4, 40, &dry, 2);
    assert!(!b.summary.complete());
    assert!(b.summary.reports[&PLAIN.id()].exhausted);
    assert_eq!(b.ran, (0..10).collect::<Vec<_>>());
    assert_eq!(b.summary.made[&PLAIN.id()], Balance::new(8, 8));
}
