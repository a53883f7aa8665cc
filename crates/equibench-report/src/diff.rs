//! Which lines of two programs have no counterpart in the other, so the pair page can shade them.
//! A DCE pair differs in one block and a CUDA pair in a few loops: the reader's eye should go there.
//!
//! The common prefix and suffix are matched first (that is all most pairs need), then the middle
//! by a longest common subsequence of lines. The quadratic table is only built while it stays
//! small; past that the middle is left unshaded rather than shaded wrongly.

/// Above this many table cells (middle lines of one side times the other) no lines are shaded.
pub const MAX_CELLS: usize = 4_000_000;

/// For each line of `a` and of `b`: true when the line is not matched in the other program. `None`
/// when the programs are too different in size to compare cheaply.
pub fn changed_lines(a: &str, b: &str) -> Option<(Vec<bool>, Vec<bool>)> {
    let la: Vec<&str> = a.lines().collect();
    let lb: Vec<&str> = b.lines().collect();
    let prefix = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    let suffix = la[prefix..]
        .iter()
        .rev()
        .zip(lb[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let ma = &la[prefix..la.len() - suffix];
    let mb = &lb[prefix..lb.len() - suffix];
    if ma.len().saturating_mul(mb.len()) > MAX_CELLS {
        return None;
    }
    let mut ca = vec![false; la.len()];
    let mut cb = vec![false; lb.len()];
    let (ka, kb) = lcs_keep(ma, mb);
    for (i, keep) in ka.iter().enumerate() {
        ca[prefix + i] = !keep;
    }
    for (j, keep) in kb.iter().enumerate() {
        cb[prefix + j] = !keep;
    }
    Some((ca, cb))
}

/// Which lines of `a` and `b` belong to one longest common subsequence.
fn lcs_keep(a: &[&str], b: &[&str]) -> (Vec<bool>, Vec<bool>) {
    let (n, m) = (a.len(), b.len());
    // table[i][j] = LCS length of a[i..] and b[j..], flattened.
    let mut table = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[at(i, j)] = if a[i] == b[j] {
                table[at(i + 1, j + 1)] + 1
            } else {
                table[at(i + 1, j)].max(table[at(i, j + 1)])
            };
        }
    }
    let (mut keep_a, mut keep_b) = (vec![false; n], vec![false; m]);
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if a[i] == b[j] {
            keep_a[i] = true;
            keep_b[j] = true;
            i += 1;
            j += 1;
        } else if table[at(i + 1, j)] >= table[at(i, j + 1)] {
            i += 1;
        } else {
            j += 1;
        }
    }
    (keep_a, keep_b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removed_block_is_the_only_change() {
        let a = "int f() {\n  if (x) {\n    y = 1;\n    z = 2;\n  }\n  return y;\n}\n";
        let b = "int f() {\n  if (x) {\n  }\n  return y;\n}\n";
        let (ca, cb) = changed_lines(a, b).unwrap();
        assert_eq!(ca, vec![false, false, true, true, false, false, false]);
        assert!(cb.iter().all(|c| !c));
    }

    #[test]
    fn moved_and_edited_lines_are_marked_on_both_sides() {
        let (ca, cb) = changed_lines("a\nb\nc\nd\n", "a\nx\nc\nd\ne\n").unwrap();
        assert_eq!(ca, vec![false, true, false, false]);
        assert_eq!(cb, vec![false, true, false, false, true]);
        let (ca, cb) = changed_lines("", "").unwrap();
        assert!(ca.is_empty() && cb.is_empty());
    }

    #[test]
    fn huge_unrelated_programs_are_not_compared() {
        let a: String = (0..3000).map(|i| format!("a{i}\n")).collect();
        let b: String = (0..3000).map(|i| format!("b{i}\n")).collect();
        assert!(changed_lines(&a, &b).is_none());
    }
}
