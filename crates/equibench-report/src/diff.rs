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
