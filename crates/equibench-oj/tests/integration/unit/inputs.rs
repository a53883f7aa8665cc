use equibench_core::seed::rng;
use equibench_oj::inputs::mutate_sample;

#[test]
fn mutations_keep_the_shape_and_counts() {
    let sample = "3\n1 3 2\n3 1 2\n";
    let mut r = rng(1, &["t"]);
    let mut changed = 0;
    for _ in 0..50 {
        let m = mutate_sample(sample, &mut r);
        let shape: Vec<usize> = m.lines().map(|l| l.split_whitespace().count()).collect();
        assert_eq!(shape, vec![1, 3, 3]);
        // `3` is the length of the other lines: a count, never changed.
        assert_eq!(m.lines().next(), Some("3"));
        changed += (m != sample) as usize;
    }
    assert!(changed > 10);
}

#[test]
fn mutations_are_deterministic() {
    let a = mutate_sample("apple\n", &mut rng(3, &["x"]));
    let b = mutate_sample("apple\n", &mut rng(3, &["x"]));
    assert_eq!(a, b);
}
