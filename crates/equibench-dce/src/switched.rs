//! The instrumented run and the switchboard in one build: the instrumented program (every block's
//! marker call) with every edit any tier may use behind its switch ([`crate::prescreen`]). Its
//! run with no edit selected is the instrumented run -- the original program plus marker calls,
//! so its stdout and hits are the instrumented build's -- and the same sandboxed start then runs
//! each edit. The two `clang -O0` builds of nearly the same program become one, and so do their
//! two sandbox starts.
//!
//! The edits have to be chosen before the hits are known, so the build holds the edits of both
//! answers (ran, never ran) for every block; only the run with no edit selected reports hits
//! ([`runtime::switched_marker_runtime`]). Anything it cannot account for (a build that fails, a
//! run that does not serve, a missing hit report) gives None, and the caller makes the two
//! separate builds instead, so a rejection always comes from the check that made it before.

use crate::analysis::Reject;
use crate::markers::{self, Edit, Marked, Marker};
use crate::prescreen::{self, Look};
use crate::runtime;
use crate::toolchain::{self, RunResult};
use equibench_core::{CategoryError, Tools};
use std::collections::BTreeSet;
use std::path::Path;

/// What the switched build's one start says: the instrumented run's stdout and hits, and each
/// edit's look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Switched {
    pub stdout: Vec<u8>,
    pub hits: BTreeSet<usize>,
    pub looks: Vec<Look>,
}

/// The switched program: `instrumented` (the text [`markers::instrument`] made of the program
/// `marked` was found in) with `edits` (their markers' ranges in the original) behind switches.
pub fn switched_text(
    marked: &Marked,
    instrumented: &str,
    edits: &[(&Marker, Edit)],
) -> Option<String> {
    let moved: Vec<Marker> = edits
        .iter()
        .map(|(m, _)| markers::instrumented_marker(marked, m))
        .collect();
    let moved_edits: Vec<(&Marker, Edit)> =
        moved.iter().zip(edits).map(|(m, (_, e))| (m, *e)).collect();
    prescreen::switchboard(instrumented, &moved_edits)
}

/// Build and run the switched program. `Ok(Some(Err(_)))`: the original's run failed, rejected
/// as the instrumented run would be (`timeout`, `crash`); `Ok(None)`: nothing can be said here.
pub fn instrument_and_look(
    tools: &Tools,
    dir: &Path,
    marked: &Marked,
    instrumented: &str,
    edits: &[(&Marker, Edit)],
) -> Result<Option<Result<Switched, Reject>>, CategoryError> {
    let Some(text) = switched_text(marked, instrumented, edits) else {
        return Ok(None);
    };
    let rt = runtime::switched_marker_runtime(marked.markers.len());
    let shared = toolchain::Shared {
        name: "switched-markers.c",
        text: &rt,
    };
    let Some(binary) = prescreen::build_text(tools, dir, "switched", &text, Some(shared))? else {
        return Ok(None);
    };
    let Some((results, stderr)) = prescreen::serve_with_stderr(&binary, edits.len()) else {
        return Ok(None);
    };
    let mut results = results.into_iter();
    let stdout = match results.next() {
        Some(RunResult::Ok { stdout, .. }) => stdout,
        Some(RunResult::Timeout) => {
            return Ok(Some(Err(Reject::new("timeout", "ran past its time limit"))))
        }
        Some(RunResult::Failed(s)) => return Ok(Some(Err(Reject::new("crash", s)))),
        _ => return Ok(None),
    };
    let Some(hits) = runtime::parse_hits(&stderr) else {
        return Ok(None);
    };
    let looks = results.map(|r| prescreen::look_of(r, &stdout)).collect();
    Ok(Some(Ok(Switched {
        stdout,
        hits,
        looks,
    })))
}
