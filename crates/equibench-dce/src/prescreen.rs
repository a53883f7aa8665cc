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

/// Declares the switch. It is set by [`DRIVER`], a second file of the same build.
const PRELUDE: &str = "int eqb_edit = -1;\n";

/// The variable that asks the switchboard to run every edit itself, in one sandboxed run.
pub const SERVE_ENV: &str = "EQB_EDITS";

/// The switchboard's second file: before `main`, it either selects one edit (`EQB_EDIT=i`, or
/// none) or, with `EQB_EDITS=n`, runs the original and every edit `0..n` itself, each in a child
/// forked before `main` (so each starts from the program's initial state, exactly as a fresh
/// process would) with its stdout on a pipe and its own CPU timer (an interval timer is not
/// inherited across fork). The parent writes one record per run, `EQB k kind value len\n` and
/// `len` bytes of stdout, where kind `x` is an exit status, `t` a CPU limit (SIGPROF, SIGXCPU),
/// `s` another signal and `f` a flood. When the original's run fails it stops there: the
/// program is rejected whatever its edits do, and a program that times out would otherwise
/// spend its CPU limit once per edit. One
/// sandbox start per program instead of one per edit: a sandbox start (temporary directory, copy,
/// two process creations, reader threads) cost several times what a CSmith program's run does.
const DRIVER: &str = r#"#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
extern int eqb_edit;
static int eqb_number(const char *s) {
  int v = 0;
  while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  return v;
}
static void eqb_write(const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(1, p, n);
    if (w <= 0) _exit(92);
    p += w;
    n -= (size_t)w;
  }
}
static char eqb_buf[EQB_CAP + 1];
__attribute__((constructor)) static void eqb_switch_init(void) {
  const char *one = getenv("EQB_EDIT");
  const char *many = getenv("EQB_EDITS");
  if (one) { eqb_edit = eqb_number(one); return; }
  if (!many) return;
  int n = eqb_number(many);
  for (int k = -1; k < n; k++) {
    int fds[2];
    if (pipe(fds) != 0) _exit(90);
    pid_t pid = fork();
    if (pid < 0) _exit(91);
    if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], 1);
      close(fds[1]);
      eqb_edit = k;
      struct itimerval t;
      memset(&t, 0, sizeof t);
      t.it_value.tv_sec = EQB_CPU_MS / 1000;
      t.it_value.tv_usec = (EQB_CPU_MS % 1000) * 1000;
      setitimer(ITIMER_PROF, &t, 0);
      return;
    }
    close(fds[1]);
    size_t len = 0;
    int flood = 0;
    for (;;) {
      ssize_t r = read(fds[0], eqb_buf + len, sizeof eqb_buf - len);
      if (r < 0) { if (errno == EINTR) continue; break; }
      if (r == 0) break;
      len += (size_t)r;
      if (len > EQB_CAP) { flood = 1; kill(pid, SIGKILL); break; }
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {}
    char head[96];
    char kind = flood ? 'f' : WIFEXITED(status) ? 'x'
      : (WTERMSIG(status) == SIGPROF || WTERMSIG(status) == SIGXCPU) ? 't' : 's';
    int value = flood ? 0 : WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
    if (flood) len = 0;
    int h = snprintf(head, sizeof head, "EQB %d %c %d %zu\n", k, kind, value, len);
    eqb_write(head, (size_t)h);
    eqb_write(eqb_buf, len);
    if (k == -1 && !(kind == 'x' && value == 0)) break;
  }
  _exit(0);
}
"#;

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

/// Stdout a single run may print before it counts as a flood (the sandbox's cap for one run).
fn stdout_cap() -> usize {
    toolchain::limits(false).stdout_cap
}

/// CPU time of one run in milliseconds (the per-run limit, [`toolchain::limits`]).
fn cpu_ms() -> u128 {
    toolchain::limits(false)
        .cpu_time
        .map_or(100, |t| t.as_millis())
}

/// Limits of the one sandboxed run that runs all `runs` runs: each run keeps its own CPU timer
/// and RLIMIT_CPU (per process), the wall clock and the stdout cap cover them all.
fn serve_limits(runs: usize) -> equibench_core::sandbox::Limits {
    let each = limits();
    equibench_core::sandbox::Limits {
        // Generous: CSmith programs never block, so only a loaded machine moves the wall clock,
        // and an expired one only sends the runs back to one start each.
        wall: each.wall + Duration::from_secs(1) * runs as u32,
        cpu_time: None,
        stdout_cap: runs * (stdout_cap() + 64),
        ..each
    }
}

/// How one run ended, as the sandbox's classification of a separate run would have said it.
fn run_result(kind: &str, value: i32, stdout: Vec<u8>) -> RunResult {
    match (kind, value) {
        ("x", 0) => RunResult::Ok {
            stdout,
            stderr: Vec::new(),
        },
        // Ended by its CPU timer or RLIMIT_CPU: what the sandbox reports as a timeout.
        ("t", _) => RunResult::Timeout,
        ("f", _) => RunResult::Failed("output flood".into()),
        (kind, value) => RunResult::Failed(format!("{kind} {value}")),
    }
}

/// Parse the serving switchboard's records: the original's run and then every edit's, or only
/// the original's when it failed; None when the output is not exactly that.
pub fn parse_served(out: &[u8], edits: usize) -> Option<Vec<RunResult>> {
    let mut results = Vec::with_capacity(edits + 1);
    let mut rest = out;
    for k in -1..edits as i64 {
        if k == 0 && !matches!(results.first(), Some(RunResult::Ok { .. })) {
            break;
        }
        let end = rest.iter().position(|&b| b == b'\n')?;
        let head = std::str::from_utf8(&rest[..end]).ok()?;
        let mut words = head.split(' ');
        if words.next()? != "EQB" || words.next()?.parse::<i64>().ok()? != k {
            return None;
        }
        let kind = words.next()?;
        let value: i32 = words.next()?.parse().ok()?;
        let len: usize = words.next()?.parse().ok()?;
        if words.next().is_some() {
            return None;
        }
        let body = rest.get(end + 1..end + 1 + len)?;
        results.push(run_result(kind, value, body.to_vec()));
        rest = &rest[end + 1 + len..];
    }
    rest.is_empty().then_some(results)
}

/// What the switchboard says of a run, given the original's stdout.
pub(crate) fn look_of(result: RunResult, original_stdout: &[u8]) -> Look {
    match result {
        RunResult::Ok { stdout, .. } if stdout == original_stdout => Look::Unchanged,
        RunResult::Ok { .. } => Look::Changed,
        RunResult::Timeout => Look::Failed("edit-timeout"),
        RunResult::Sanitizer(_) | RunResult::Failed(_) => Look::Failed("edit-crash"),
    }
}

/// Every run in one sandboxed start of the switchboard: the original's result first, then each
/// edit's. None when that one run did not give a full, well-formed account (then each run is
/// made on its own).
fn serve(binary: &Path, edits: usize) -> Option<Vec<RunResult>> {
    serve_with_stderr(binary, edits).map(|(results, _)| results)
}

/// [`serve`], with the stderr of the one start (where the original's run reports its hits in a
/// switched build, `crate::switched`).
pub(crate) fn serve_with_stderr(binary: &Path, edits: usize) -> Option<(Vec<RunResult>, Vec<u8>)> {
    let out = toolchain::run_with(
        binary,
        false,
        serve_limits(edits + 1),
        Some((SERVE_ENV, edits.to_string())),
    )
    .ok()?;
    match out {
        RunResult::Ok { stdout, stderr } => Some((parse_served(&stdout, edits)?, stderr)),
        _ => None,
    }
}

/// Each run in a sandboxed start of its own (the way every run was made before [`serve`]).
fn one_by_one(binary: &Path, edits: usize) -> Result<Vec<RunResult>, CategoryError> {
    let run = |selected: Option<usize>| -> Result<RunResult, CategoryError> {
        let env = selected.map(|i| (SWITCH_ENV, i.to_string()));
        Ok(toolchain::run_with(binary, false, limits(), env)?)
    };
    let mut results = vec![run(None)?];
    if !matches!(results[0], RunResult::Ok { .. }) {
        return Ok(results);
    }
    for i in 0..edits {
        results.push(run(Some(i))?);
    }
    Ok(results)
}

/// Build the switchboard of `edits` with its driver; None when it does not compile.
fn build(
    tools: &Tools,
    dir: &Path,
    program: &str,
    edits: &[(&Marker, Edit)],
) -> Result<Option<std::path::PathBuf>, CategoryError> {
    let Some(text) = switchboard(program, edits) else {
        return Ok(None);
    };
    build_text(tools, dir, "switchboard", &text, None)
}

/// Build a switchboard program's text with its driver (and, for a switched build, the marker
/// runtime its marker calls need); None when it does not compile.
pub(crate) fn build_text(
    tools: &Tools,
    dir: &Path,
    name: &str,
    text: &str,
    runtime: Option<toolchain::Shared>,
) -> Result<Option<std::path::PathBuf>, CategoryError> {
    let src = toolchain::write_source(dir, &format!("{name}.c"), text)?;
    let driver = DRIVER
        .replace("EQB_CAP", &stdout_cap().to_string())
        .replace("EQB_CPU_MS", &cpu_ms().to_string());
    let binary = dir.join(name);
    let mut shared = vec![toolchain::Shared {
        name: "switchboard-driver.c",
        text: &driver,
    }];
    shared.extend(runtime);
    let built: Checked<_> =
        analysis::compile_checked_with(tools, Build::ClangO0, &[&src], &shared, &binary);
    Ok(built?.is_ok().then_some(binary))
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
    match prescreen_with(Runs::Served, tools, dir, program, original_stdout, edits)? {
        Some(looks) => Ok(Some(looks)),
        // The one start could not serve (or the original's run differs): each run on its own.
        None => prescreen_with(Runs::OneByOne, tools, dir, program, original_stdout, edits),
    }
}

/// How the looks of `edits` are made: all runs in one start, or each in its own (the two must
/// agree; tests compare them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    /// One sandboxed start of the serving switchboard; None if it could not serve.
    Served,
    /// One sandboxed start per run.
    OneByOne,
}

/// The looks of `edits` made only the way `runs` says (no fallback), for comparing the two.
pub fn prescreen_with(
    runs: Runs,
    tools: &Tools,
    dir: &Path,
    program: &str,
    original_stdout: &[u8],
    edits: &[(&Marker, Edit)],
) -> Result<Option<Vec<Look>>, CategoryError> {
    let Some(binary) = build(tools, dir, program, edits)? else {
        return Ok(None);
    };
    let results = match runs {
        Runs::Served => match serve(&binary, edits.len()) {
            Some(r) => r,
            None => return Ok(None),
        },
        Runs::OneByOne => one_by_one(&binary, edits.len())?,
    };
    let mut results = results.into_iter();
    match results.next() {
        Some(RunResult::Ok { stdout, .. }) if stdout == original_stdout => {}
        _ => return Ok(None),
    }
    Ok(Some(results.map(|r| look_of(r, original_stdout)).collect()))
}

/// The rejection of a candidate of label `equivalent` given its look, as a [`Reject`].
pub fn reject_for(look: Look, equivalent: bool) -> Option<Reject> {
    look.rejects(equivalent)
        .map(|reason| Reject::new(reason, "the switchboard run of the edit says so"))
}
