//! A cheap first look at every candidate edit of one program, before any of them is checked.
//!
//! Most inequivalent candidates fail (removing an executed block rarely changes CSmith's
//! checksum), and finding that out with the full screen costs a warning-checked `gcc -O2` build per
//! candidate. Instead, all candidate edits of a program go into one *switchboard* program, each
//! behind a run-time switch (`EQB_EDIT=i` selects edit `i`; unset, it is the original program), so
//! one `clang -O0` build and one short sandboxed run per candidate tell which edits change stdout.
//!
//! The switchboard only decides which candidates are worth the full check; it is never evidence.
//! A candidate it lets through still passes every check of [`crate::pairs::check_candidate`], and
//! one it drops is counted under the reason the full check would have given. Wrapping an edit in a
//! switch keeps its meaning: removing a block's contents is skipping them (`if (EQB_EDIT != i) {
//! contents }`), `(c || 1)` is `((c) || EQB_EDIT == i)` and `(c && 0)` is `((c) && EQB_EDIT != i)`,
//! with the condition evaluated first in both.

use crate::analysis::{self, Checked, Reject};
use crate::markers::{Edit, Marker};
use crate::toolchain::{self, Build, RunResult};
use equibench_core::{CategoryError, Tools};
use std::path::Path;
use std::time::Duration;

/// What the switchboard says of one edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// Stdout is the original's.
    Unchanged,
    /// Stdout differs from the original's.
    Changed,
    /// The edited run failed; the reason the full check would report.
    Failed(&'static str),
}

impl Look {
    /// The rejection the full check would give a candidate of this label, if any.
    pub fn rejects(self, equivalent: bool) -> Option<&'static str> {
        match (self, equivalent) {
            (Look::Failed(reason), _) => Some(reason),
            (Look::Changed, true) => Some("edit-changed-stdout"),
            (Look::Unchanged, false) => Some("edit-stdout-unchanged"),
            _ => None,
        }
    }
}

/// The variable the switchboard reads its selected edit from.
pub const SWITCH_ENV: &str = "EQB_EDIT";

/// Declares the switch and reads it from the environment before `main` runs (no header needed:
/// the declaration of `getenv` is the C library's own).
const PRELUDE: &str = "static int eqb_edit = -1;\n\
extern char *getenv(const char *);\n\
__attribute__((constructor)) static void eqb_edit_init(void) {\n\
  const char *s = getenv(\"EQB_EDIT\");\n\
  if (s) { int v = 0; while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0'); eqb_edit = v; }\n\
}\n";

/// Text wrapped around one byte range of the program.
struct Wrap {
    start: usize,
    end: usize,
    open: String,
    close: String,
}

/// The switchboard program for `edits` of `program` (edit `i` selected by `EQB_EDIT=i`), or None
/// when an edit does not apply to its marker.
pub fn switchboard(program: &str, edits: &[(&Marker, Edit)]) -> Option<String> {
    let mut wraps = Vec::with_capacity(edits.len());
    for (i, (marker, edit)) in edits.iter().enumerate() {
        wraps.push(match edit {
            Edit::RemoveContents => Wrap {
                start: marker.contents.start,
                end: marker.contents.end,
                open: format!(" if (eqb_edit != {i}) {{ "),
                close: " }\n".into(),
            },
            Edit::ConditionMadeTrue | Edit::ConditionMadeFalse => {
                let cond = marker.condition.clone()?;
                let test = if *edit == Edit::ConditionMadeTrue {
                    format!(" || eqb_edit == {i})")
                } else {
                    format!(" && eqb_edit != {i})")
                };
                Wrap {
                    start: cond.start,
                    end: cond.end,
                    open: "(".into(),
                    close: test,
                }
            }
        });
        let w = wraps.last().expect("just pushed");
        if w.start > w.end || program.get(w.start..w.end).is_none() {
            return None;
        }
    }
    // Ranges come from the syntax tree, so any two are nested or disjoint. Rank them outermost
    // first (earlier start, then later end, then edit order); at one position closings come before
    // openings, inner closings before outer ones, outer openings before inner ones.
    let mut order: Vec<usize> = (0..wraps.len()).collect();
    order.sort_by_key(|&i| (wraps[i].start, std::cmp::Reverse(wraps[i].end), i));
    let mut events: Vec<(usize, u8, isize, &str)> = Vec::with_capacity(2 * wraps.len());
    for (rank, &i) in order.iter().enumerate() {
        let w = &wraps[i];
        events.push((w.start, 1, rank as isize, &w.open));
        events.push((w.end, 0, -(rank as isize), &w.close));
    }
    events.sort_by_key(|e| (e.0, e.1, e.2));
    let mut out = String::with_capacity(program.len() + PRELUDE.len() + 40 * edits.len());
    out.push_str(PRELUDE);
    let mut at = 0;
    for (pos, _, _, text) in events {
        out.push_str(&program[at..pos]);
        out.push_str(text);
        at = pos;
    }
    out.push_str(&program[at..]);
    Some(out)
}

/// Run limits of one switchboard run: CSmith programs finish in milliseconds, and an edit that
/// makes one run long is not worth waiting for (the candidate is only dropped, never labelled).
fn limits() -> equibench_core::sandbox::Limits {
    equibench_core::sandbox::Limits {
        wall: Duration::from_secs(10),
        cpu_seconds: Some(1),
        ..toolchain::limits(false)
    }
}

/// Look at every edit of `program` through one switchboard build. `Ok(None)`: the switchboard
/// could not be built or does not reproduce the original stdout, so nothing can be said (every
/// candidate then goes to the full check).
pub fn prescreen(
    tools: &Tools,
    dir: &Path,
    program: &str,
    original_stdout: &[u8],
    edits: &[(&Marker, Edit)],
) -> Result<Option<Vec<Look>>, CategoryError> {
    if edits.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let Some(text) = switchboard(program, edits) else {
        return Ok(None);
    };
    let src = toolchain::write_source(dir, "switchboard.c", &text)?;
    let binary = dir.join("switchboard");
    let built: Checked<_> = analysis::compile_checked(tools, Build::ClangO0, &[&src], &binary);
    if built?.is_err() {
        return Ok(None);
    }
    let run = |selected: Option<usize>| -> Result<RunResult, CategoryError> {
        let env = selected.map(|i| (SWITCH_ENV, i.to_string()));
        Ok(toolchain::run_with(&binary, false, limits(), env)?)
    };
    match run(None)? {
        RunResult::Ok { stdout, .. } if stdout == original_stdout => {}
        _ => return Ok(None),
    }
    let mut looks = Vec::with_capacity(edits.len());
    for i in 0..edits.len() {
        looks.push(match run(Some(i))? {
            RunResult::Ok { stdout, .. } if stdout == original_stdout => Look::Unchanged,
            RunResult::Ok { .. } => Look::Changed,
            RunResult::Timeout => Look::Failed("edit-timeout"),
            RunResult::Sanitizer(_) | RunResult::Failed(_) => Look::Failed("edit-crash"),
        });
    }
    Ok(Some(looks))
}

/// The rejection of a candidate of label `equivalent` given its look, as a [`Reject`].
pub fn reject_for(look: Look, equivalent: bool) -> Option<Reject> {
    look.rejects(equivalent)
        .map(|reason| Reject::new(reason, "the switchboard run of the edit says so"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{find_markers, BlockKind};

    const PROGRAM: &str = "#include <stdio.h>\n\
int g = 1;\n\
int main(void) {\n\
  if (g > 0) {\n\
    g = g + 2;\n\
    if (g > 5) {\n\
      g = 7;\n\
    }\n\
  } else {\n\
    g = 9;\n\
  }\n\
  printf(\"%d\\n\", g);\n\
  return 0;\n\
}\n";

    #[test]
    fn nested_and_same_range_edits_each_have_their_own_switch() {
        let marked = find_markers(PROGRAM).unwrap();
        let then = marked
            .markers
            .iter()
            .find(|m| m.kind == BlockKind::Then)
            .unwrap();
        let inner = marked
            .markers
            .iter()
            .filter(|m| m.kind == BlockKind::Then)
            .nth(1)
            .unwrap();
        let edits = [
            (then, Edit::RemoveContents),
            (inner, Edit::RemoveContents),
            (then, Edit::ConditionMadeFalse),
            (then, Edit::ConditionMadeTrue),
        ];
        let text = switchboard(PROGRAM, &edits).unwrap();
        assert!(
            text.contains("(((g > 0) || eqb_edit == 3) && eqb_edit != 2)"),
            "{text}"
        );
        assert!(text.contains("if (eqb_edit != 0) {"), "{text}");
        assert!(text.contains("if (eqb_edit != 1) {"), "{text}");
        // Braces stay balanced, and the inner switch sits inside the outer one.
        assert_eq!(text.matches('{').count(), text.matches('}').count());
        assert!(text.find("eqb_edit != 0").unwrap() < text.find("eqb_edit != 1").unwrap());
    }

    #[test]
    fn looks_reject_as_the_full_check_would() {
        assert_eq!(Look::Unchanged.rejects(true), None);
        assert_eq!(Look::Changed.rejects(false), None);
        assert_eq!(Look::Changed.rejects(true), Some("edit-changed-stdout"));
        assert_eq!(
            Look::Unchanged.rejects(false),
            Some("edit-stdout-unchanged")
        );
        assert_eq!(
            Look::Failed("edit-timeout").rejects(true),
            Some("edit-timeout")
        );
    }
}
