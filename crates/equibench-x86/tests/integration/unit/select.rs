use equibench_x86::select::*;
use equibench_x86::semantics::parse::parse_program;

#[test]
fn shapes_of_a_reordering_and_an_insertion() {
    let t = parse_program("movl %edi, %eax\nmovl %esi, %edx\naddl %edx, %eax\n").unwrap();
    let swapped = parse_program("movl %esi, %edx\nmovl %edi, %eax\naddl %edx, %eax\n").unwrap();
    let s = Shape::of(&t, &swapped);
    assert_eq!((s.len_change, s.new_opcodes, s.removed_opcodes), (0, 0, 0));
    assert_eq!((s.diff_lines, s.token_diff, s.latency_change), (2, 0, 0));
    assert_eq!(s.identifier_change, 0);
    let longer =
        parse_program("movl %edi, %eax\nmovl %esi, %edx\nimull %edx, %eax\nnegl %eax\n").unwrap();
    let l = Shape::of(&t, &longer);
    assert_eq!((l.len_change, l.new_opcodes, l.removed_opcodes), (1, 2, 1));
    assert_eq!(l.latency_change, 3);
    assert_eq!(s.distance(&l), None);
    assert_eq!(best_couple(&[l, s], &[s]), Some((1, 0)));
    assert_eq!(best_couple(&[l], &[s]), None);
    let far = Shape {
        new_opcodes: 3,
        token_diff: 4,
        ..s
    };
    assert_eq!(s.distance(&far), Some(7));
    assert_eq!(best_couple(&[s], &[far]), None);
    // The partners of `s`: within the distance, closest first, ties in list order; the
    // first is best_couple's, a rewrite of another length is none.
    let near = Shape { token_diff: 2, ..s };
    assert_eq!(partners(&s, &[l, near, far, s, near]), [3, 1, 4]);
    assert_eq!(best_couple(&[s], &[l, near, far, s, near]), Some((0, 3)));
    assert!(partners(&l, &[s, near]).is_empty());
}
