use equibench_core::Tools;
use equibench_dce::csmith::{generate, CsmithRun, EXEMPLAR_CSMITH_SEEDS};

#[test]
fn flags_are_a_function_of_the_rng() {
    let a = CsmithRun::random(&mut equibench_core::seed::rng(1, &["t"]));
    let b = CsmithRun::random(&mut equibench_core::seed::rng(1, &["t"]));
    assert_eq!(a, b);
    assert!(a.flags.iter().any(|f| f == "--no-argc"));
}

/// Issue 36: the CSmith seeds of benchmark builds and of exemplar builds are disjoint parts of
/// CSmith's seeds, at every build seed and program index, so an exemplar's program is never
/// one of a benchmark's (the flags alone may coincide); a benchmark build's draw is what it was
/// before the reservation unless it fell into the reserved part.
#[test]
fn builds_and_exemplars_draw_disjoint_csmith_seeds() {
    use equibench_core::seed::{derive_seed, makes_exemplars, rng};
    let seeds = equibench_core::testing::exemplar_boundary_seeds();
    let (mut benchmark, mut exemplars) = (
        std::collections::BTreeSet::new(),
        std::collections::BTreeSet::new(),
    );
    for build in seeds {
        for index in 0..200 {
            // As the category draws it: from the block's seed and the program's index.
            let block = derive_seed(build, &["DCE", "block", &(index % 7).to_string()]);
            let labels = ["csmith".to_string(), index.to_string()];
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            let run = CsmithRun::for_build(&mut rng(block, &labels), build);
            let drawn = CsmithRun::random(&mut rng(block, &labels));
            let reserved = run.seed < EXEMPLAR_CSMITH_SEEDS;
            assert_eq!(run.flags, drawn.flags);
            if !reserved && drawn.seed >= EXEMPLAR_CSMITH_SEEDS {
                assert_eq!(run.seed, drawn.seed);
            }
            assert_eq!(reserved, makes_exemplars(build), "build seed {build}");
            if reserved {
                exemplars.insert(run.seed);
            } else {
                benchmark.insert(run.seed);
            }
        }
    }
    assert!(benchmark.len() > 1000 && exemplars.len() > 1000);
    assert!(benchmark.is_disjoint(&exemplars));
    // A benchmark draw that falls into the reserved part is drawn again (one in 65,536: the
    // first such program index of a stream).
    let low = (0u64..)
        .find(|i| CsmithRun::random(&mut rng(*i, &["low"])).seed < EXEMPLAR_CSMITH_SEEDS)
        .unwrap();
    let drawn = CsmithRun::random(&mut rng(low, &["low"]));
    let run = CsmithRun::for_build(&mut rng(low, &["low"]), 0);
    assert!(run.seed >= EXEMPLAR_CSMITH_SEEDS, "{}", run.seed);
    assert_eq!(run.flags, drawn.flags);
}

/// The exemplars shipped in data/exemplars/ were made from the reserved CSmith seeds only.
#[test]
fn shipped_exemplars_come_from_the_reserved_csmith_seeds() {
    let text = include_str!("../../../../../data/exemplars/DCE.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let pair: serde_json::Value = serde_json::from_str(line).unwrap();
        let seed = pair["provenance"]["source"]["csmith_seed"]
            .as_u64()
            .unwrap();
        assert!(seed < u64::from(EXEMPLAR_CSMITH_SEEDS), "{seed}");
        n += 1;
    }
    assert!(n >= 4);
}

#[test]
fn real_csmith_output_is_stripped_of_statistics() {
    let tools = Tools::new();
    let dir = tempfile::tempdir().unwrap();
    let run = CsmithRun::random(&mut equibench_core::seed::rng(3, &["t"]));
    let p = generate(&tools, &run, dir.path()).unwrap();
    assert!(p.contains("int main"));
    assert!(!p.contains("statistics"));
    assert!(!p.contains("XXX"));
}
