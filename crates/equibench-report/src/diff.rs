//! Which lines of two programs have no counterpart in the other, so the pair page can shade them.
//! A DCE pair differs in one block and a CUDA pair in a few loops: the reader's eye should go there.
//!
//! The lines are matched by `similar`'s Myers diff (a shortest edit script, i.e. a longest common
//! subsequence of lines), in linear space, so that even two large unrelated programs are shaded.

use similar::{capture_diff_slices, Algorithm, DiffOp};

/// For each line of `a` and of `b`: true when the line is not matched in the other program.
pub fn changed_lines(a: &str, b: &str) -> (Vec<bool>, Vec<bool>) {
    let la: Vec<&str> = a.lines().collect();
    let lb: Vec<&str> = b.lines().collect();
    let mut ca = vec![true; la.len()];
    let mut cb = vec![true; lb.len()];
    for op in capture_diff_slices(Algorithm::Myers, &la, &lb) {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            ca[old_index..old_index + len].fill(false);
            cb[new_index..new_index + len].fill(false);
        }
    }
    (ca, cb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removed_block_is_the_only_change() {
        let a = "int f() {\n  if (x) {\n    y = 1;\n    z = 2;\n  }\n  return y;\n}\n";
        let b = "int f() {\n  if (x) {\n  }\n  return y;\n}\n";
        let (ca, cb) = changed_lines(a, b);
        assert_eq!(ca, vec![false, false, true, true, false, false, false]);
        assert!(cb.iter().all(|c| !c));
    }

    #[test]
    fn moved_and_edited_lines_are_marked_on_both_sides() {
        let (ca, cb) = changed_lines("a\nb\nc\nd\n", "a\nx\nc\nd\ne\n");
        assert_eq!(ca, vec![false, true, false, false]);
        assert_eq!(cb, vec![false, true, false, false, true]);
        let (ca, cb) = changed_lines("", "");
        assert!(ca.is_empty() && cb.is_empty());
    }

    #[test]
    fn large_programs_are_compared_too() {
        // 2100 unrelated lines a side around one shared line: past the 4M-cell table the old
        // diff gave up on, so nothing was shaded.
        let side = |tag: &str, shared_at: usize| {
            let mut lines: Vec<String> = (0..2100).map(|i| format!("{tag}{i}")).collect();
            lines.insert(shared_at, "shared".into());
            lines.join("\n")
        };
        let (ca, cb) = changed_lines(&side("a", 1000), &side("b", 5));
        assert_eq!((ca.len(), cb.len()), (2101, 2101));
        assert_eq!(ca.iter().position(|c| !c), Some(1000));
        assert_eq!(cb.iter().position(|c| !c), Some(5));
        assert_eq!(ca.iter().filter(|c| !**c).count(), 1);
        assert_eq!(cb.iter().filter(|c| !**c).count(), 1);
    }
}
