//! The chain-of-thought rationale of a DCE few-shot exemplar (`Category::rationale`), put in words
//! from the pair's recorded evidence: which block the edit touched, whether the original program
//! ever enters it, and whether the printed output stayed the same. Where the programs differ is read
//! off the two texts, so nothing is written by hand per pair.

use crate::evidence::BlockEvidence;
use equibench_core::pair::Side;
use equibench_core::Pair;

/// The 1-based line range of `a` that differs from `b` (common leading and trailing lines
/// trimmed), or `None` when the texts are equal.
pub fn differing_lines(a: &str, b: &str) -> Option<(usize, usize)> {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let prefix = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    if prefix == la.len() && prefix == lb.len() {
        return None;
    }
    let suffix = la[prefix..]
        .iter()
        .rev()
        .zip(lb[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    Some((prefix + 1, (la.len() - suffix).max(prefix + 1)))
}

/// Why the DCE pair has its label, or `None` when its evidence lacks what the words need.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev: BlockEvidence = pair.provenance.evidence.record().ok()?;
    let side = ev.original_side();
    let original_is_1 = side == Side::Program1;
    let (original, edited) = (side.program(pair), side.other().program(pair));
    let (orig_name, edit_name) = if original_is_1 {
        ("Program 1", "Program 2")
    } else {
        ("Program 2", "Program 1")
    };
    let (from, to) = differing_lines(original, edited)?;
    let lines = if from == to {
        format!("line {from}")
    } else {
        format!("lines {from}-{to}")
    };
    let block = ev.block_kind.replace('-', " ");
    let executed = ev.executed;
    let edit = match ev.edit.as_str() {
        "remove-block-contents" => {
            format!("{edit_name} is {orig_name} with the contents of the {block} at {lines} of {orig_name} removed (its condition and braces are kept)")
        }
        "condition-made-true" => format!(
            "{edit_name} is {orig_name} with the condition of the `if` at {lines} of {orig_name} made always true (`(c)` became `((c) || 1)`, so `c` is still evaluated)"
        ),
        "condition-made-false" => format!(
            "{edit_name} is {orig_name} with the condition of the `if` at {lines} of {orig_name} made always false (`(c)` became `((c) && 0)`, so `c` is still evaluated)"
        ),
        _ => return None,
    };
    let (original_sha, edited_sha) = if original_is_1 {
        (&ev.stdout_sha256_1, &ev.stdout_sha256_2)
    } else {
        (&ev.stdout_sha256_2, &ev.stdout_sha256_1)
    };
    let why = if pair.equivalent {
        let proof = match ev.elimination_level.as_str() {
            "none" => String::new(),
            level => {
                format!("the optimiser proves it unreachable (LLVM eliminates it at {level}), and ")
            }
        };
        format!(
            "The program takes no input, so it always runs the same way, and the {block} affected by the edit is never entered on that run: {proof}running {orig_name} never reaches it. Code that never runs cannot change any program state, so at every point both programs reach they have the same state, and they print the same output."
        )
    } else if executed {
        format!(
            "The program takes no input, so it always runs the same way, and that run does enter the {block} affected by the edit. With the edit the program computes different values: its printed checksum changes (stdout sha256 {} instead of {}), so the program states differ.",
            short(edited_sha),
            short(original_sha),
        )
    } else {
        format!(
            "The program takes no input, so it always runs the same way. The {block} itself is never entered, but the edit makes the branch taken, and the code it now runs changes the printed checksum (stdout sha256 {} instead of {}), so the program states differ.",
            short(edited_sha),
            short(original_sha),
        )
    };
    Some(format!("{edit}. {why}"))
}

/// The first 12 hex digits of a digest: enough to tell two outputs apart in prose.
fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}
