//! Mutants that look like the equivalent pair (issue 29, the `diff_lines` leak). An inequivalent
//! candidate is one version of a target beside the other version with one instruction mutated;
//! a mutation outside the lines where the two versions already differ adds a changed line, so
//! inequivalent pairs differed by about two lines more than the equivalent pair of the same
//! target, and `equibench shortcuts` guessed the label from the diff size alone (60.2%). Only
//! the mutation sites whose mutant differs from the other version by exactly as many lines as
//! the two versions do are offered (in practice, sites inside the differing region), so both
//! labels of a target show the same diff size and line counts. This chooses which candidates
//! are tried, never a label: that still comes from the solver and wasmtime.

use crate::interp::Val;
use crate::ir::{Func, Op};
use crate::mutate;
use crate::wat::{print_with_globals, WatError};
use equibench_core::shortcuts::diff_lines;

/// One mutation: the version mutated (0 or 1), the pre-order position and the replacement.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    pub side: usize,
    pub at: usize,
    pub with: Op,
}

/// Every mutation of either version whose printed module differs from the other version's by
/// as many diff lines as the two versions' modules differ, in a fixed order (side, then
/// position, then replacement).
pub fn matched_sites(funcs: &[Func; 2], inits: &[Val]) -> Result<Vec<Site>, WatError> {
    let texts = [
        print_with_globals(&funcs[0], inits)?,
        print_with_globals(&funcs[1], inits)?,
    ];
    let wanted = diff_lines(&texts[0], &texts[1]);
    let mut out = Vec::new();
    for side in 0..2 {
        let other = &texts[1 - side];
        for (at, with) in mutate::sites(&funcs[side]) {
            let text = print_with_globals(&mutate::apply(&funcs[side], at, &with), inits)?;
            if diff_lines(&text, other) == wanted {
                out.push(Site { side, at, with });
            }
        }
    }
    Ok(out)
}
