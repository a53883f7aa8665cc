use equibench_cuda::exec::compare::*;

#[test]
fn tolerance_nan_and_worst_element() {
    let a = [1.0, 2.0, f32::NAN, 4.0];
    assert!(!compare(&a[..2], &[1.0005, 2.0], 1e-3, 1e-3).differs);
    let c = compare(&a, &[1.0, 2.5, 3.0, 4.0], 1e-3, 1e-3);
    assert!(c.differs);
    assert_eq!(c.differing_elements, 2);
    assert_eq!(c.index, 2, "NaN against a number is the worst");
    assert!(!compare(&[f32::NAN], &[f32::NAN], 1e-3, 1e-3).differs);
    assert!(compare(&[1.0], &[1.0, 2.0], 1e-3, 1e-3).differs);
}
