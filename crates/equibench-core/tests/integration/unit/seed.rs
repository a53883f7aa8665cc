use equibench_core::seed::*;
use rand::Rng as _;

#[test]
fn derived_seeds_are_stable_and_distinct() {
    assert_eq!(derive_seed(1, &["a", "b"]), derive_seed(1, &["a", "b"]));
    assert_ne!(derive_seed(1, &["a", "b"]), derive_seed(2, &["a", "b"]));
    // Length-prefixing keeps label boundaries meaningful.
    assert_ne!(derive_seed(1, &["ab", ""]), derive_seed(1, &["a", "b"]));
    assert!(derive_seed(u64::MAX, &["x"]) < (1u64 << 53));
}

/// A build draws the reserved sources exactly at the exemplar seeds, over the seeds category
/// crates test their disjointness at (both sides of each bound, derived seeds on both sides
/// of 2^52), and the reserved files' prefix is the reserved folder.
#[test]
fn exemplar_seeds_and_only_they_draw_the_reserved_sources() {
    let seeds = equibench_core::testing::exemplar_boundary_seeds();
    for seed in &seeds {
        let expected = if EXEMPLAR_SEEDS.contains(seed) {
            Draw::Exemplars
        } else {
            Draw::Benchmark
        };
        assert_eq!(Draw::for_seed(*seed), expected, "seed {seed}");
    }
    for draw in [Draw::Benchmark, Draw::Exemplars] {
        assert!(
            seeds.iter().any(|s| Draw::for_seed(*s) == draw),
            "{draw:?} never drawn"
        );
    }
    assert_eq!(Draw::Benchmark.prefix(), "");
    assert_eq!(Draw::Exemplars.prefix(), "exemplars/");
}

#[test]
fn rng_streams_repeat() {
    let a: Vec<u32> = (0..5)
        .map({
            let mut r = rng(9, &["t"]);
            move |_| r.gen()
        })
        .collect();
    let b: Vec<u32> = (0..5)
        .map({
            let mut r = rng(9, &["t"]);
            move |_| r.gen()
        })
        .collect();
    assert_eq!(a, b);
}
