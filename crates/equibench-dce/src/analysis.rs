//! The checks a program must pass (the UB/nondeterminism screen) and the two classifications of
//! its markers. Shared by generation (original and edited programs) and by the audit.

use crate::llvm::{self, Classification};
use crate::markers::{self, Marked};
use crate::runtime;
use crate::toolchain::{self, Build, CompileError, RunResult};
use equibench_core::{CategoryError, Tools};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Why a program or candidate was dropped: a stable kebab-case reason and a detail for humans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reject {
    pub reason: &'static str,
    pub detail: String,
}

impl Reject {
    pub fn new(reason: &'static str, detail: impl Into<String>) -> Self {
        Reject {
            reason,
            detail: detail.into(),
        }
    }
}

/// A check's result: `Err(Reject)` drops the candidate; `CategoryError` stops the block.
pub type Checked<T> = Result<Result<T, Reject>, CategoryError>;

/// Compile, with a rejected compilation a [`Reject`] and a missing tool an error.
pub(crate) fn compile_checked(
    tools: &Tools,
    build: Build,
    sources: &[&Path],
    output: &Path,
) -> Checked<toolchain::Built> {
    compile_checked_with(tools, build, sources, &[], output)
}

/// [`compile_checked`] with sources many builds share ([`toolchain::compile_with`]).
pub(crate) fn compile_checked_with(
    tools: &Tools,
    build: Build,
    sources: &[&Path],
    shared: &[toolchain::Shared],
    output: &Path,
) -> Checked<toolchain::Built> {
    match toolchain::compile_with(tools, build, sources, shared, output) {
        Ok(b) => Ok(Ok(b)),
        Err(CompileError::Rejected { tool, stderr }) => Ok(Err(Reject::new(
            "compile-error",
            format!("{tool}: {stderr}"),
        ))),
        Err(CompileError::Tool(e)) => Err(e.into()),
        Err(CompileError::Io(e)) => Err(e.into()),
        Err(e @ CompileError::Start { .. }) => Err(CategoryError::Failed(e.to_string())),
    }
}

fn run_checked(binary: &Path, sanitized: bool) -> Checked<(Vec<u8>, Vec<u8>)> {
    // A sandbox that could not start (a busy machine: fork or temp-dir failure) is retried once
    // before it stops the block; the program itself never saw such a failure.
    let result = match toolchain::run(binary, sanitized) {
        Ok(r) => r,
        Err(_) => {
            std::thread::sleep(std::time::Duration::from_millis(500));
            toolchain::run(binary, sanitized)?
        }
    };
    Ok(match result {
        RunResult::Ok { stdout, stderr } => Ok((stdout, stderr)),
        RunResult::Timeout => Err(Reject::new("timeout", "ran past its time limit")),
        RunResult::Sanitizer(s) => Err(Reject::new("sanitizer", s)),
        RunResult::Failed(s) => Err(Reject::new("crash", s)),
    })
}

macro_rules! checked {
    ($e:expr) => {
        match $e? {
            Ok(v) => v,
            Err(r) => return Ok(Err(r)),
        }
    };
}

/// What the stdout of the `gcc -O2` build must satisfy before the costlier sanitizer build runs.
pub type StdoutCheck<'a> = &'a dyn Fn(&[u8]) -> Option<Reject>;

/// The first half of both screens: `program` written as `name.c`, warning-clean under `gcc -O2`,
/// run, and its stdout passed to `early`. Returns the source's path and gcc's stdout.
fn gcc_screen(
    tools: &Tools,
    dir: &Path,
    name: &str,
    program: &str,
    early: StdoutCheck,
) -> Checked<(PathBuf, Vec<u8>)> {
    let src = toolchain::write_source(dir, &format!("{name}.c"), program)?;
    let gcc = checked!(compile_checked(
        tools,
        Build::GccO2,
        &[&src],
        &dir.join(format!("{name}.gcc"))
    ));
    if let Some(w) = gcc.risky_warnings().first() {
        return Ok(Err(Reject::new("gcc-warning", w.clone())));
    }
    let (gcc_out, _) = checked!(run_checked(&gcc.output, false));
    if let Some(r) = early(&gcc_out) {
        return Ok(Err(r));
    }
    Ok(Ok((src, gcc_out)))
}

/// The UB/nondeterminism screen: warning-clean under gcc and clang (`-Wall -Wextra`), a clean
/// UBSan+ASan run, and identical stdout from `gcc -O2` and sanitized `clang -O0`. Returns stdout.
/// `early` is asked about the gcc stdout first and may reject before the sanitizer build.
pub fn screen(
    tools: &Tools,
    dir: &Path,
    name: &str,
    program: &str,
    early: StdoutCheck,
) -> Checked<Vec<u8>> {
    let (src, gcc_out) = checked!(gcc_screen(tools, dir, name, program, early));
    let san = checked!(compile_checked(
        tools,
        Build::ClangSanitized,
        &[&src],
        &dir.join(format!("{name}.san"))
    ));
    if let Some(w) = san.risky_warnings().first() {
        return Ok(Err(Reject::new("clang-warning", w.clone())));
    }
    let (san_out, _) = checked!(run_checked(&san.output, true));
    if san_out != gcc_out {
        return Ok(Err(Reject::new(
            "compiler-disagreement",
            "gcc -O2 and sanitized clang -O0 print different stdout",
        )));
    }
    Ok(Ok(gcc_out))
}

/// The screen of an edited program whose execution is the original's: an edit of an equivalent
/// tier touches only a block that never ran (its contents removed) or the condition of a branch
/// never taken (`(c && 0)` where `c` was false each time, `(c || 1)` where it was true), so the
/// edited program executes exactly the operations the original executed. Its sanitized run is
/// then implied by the original's, which passed the screen and printed the original's stdout:
/// UBSan and ASan check the operations that execute, and the same ones do. So the sanitized
/// build is not made; its warnings (the front end's, [`toolchain::warnings_only`]) still are
/// read, and gcc's build and run are made as in [`screen`], whose `early` check must hold the
/// stdout to the original's. The audit still makes the sanitized build of both programs.
pub fn screen_unchanged_execution(
    tools: &Tools,
    dir: &Path,
    name: &str,
    program: &str,
    early: StdoutCheck,
) -> Checked<Vec<u8>> {
    let (src, gcc_out) = checked!(gcc_screen(tools, dir, name, program, early));
    let warnings = match toolchain::warnings_only(tools, Build::ClangSanitized, &src) {
        Ok(stderr) => toolchain::risky_warnings(&stderr),
        Err(CompileError::Rejected { tool, stderr }) => {
            return Ok(Err(Reject::new(
                "compile-error",
                format!("{tool}: {stderr}"),
            )))
        }
        Err(CompileError::Tool(e)) => return Err(e.into()),
        Err(CompileError::Io(e)) => return Err(e.into()),
        Err(e @ CompileError::Start { .. }) => return Err(CategoryError::Failed(e.to_string())),
    };
    if let Some(w) = warnings.first() {
        return Ok(Err(Reject::new("clang-warning", w.clone())));
    }
    Ok(Ok(gcc_out))
}

/// The instrumented `clang -O0` build of `program`, run in the sandbox: its stdout and hit set.
pub fn run_instrumented(
    tools: &Tools,
    dir: &Path,
    name: &str,
    instrumented: &str,
    marker_count: usize,
) -> Checked<(Vec<u8>, BTreeSet<usize>)> {
    let src = toolchain::write_source(dir, &format!("{name}.marked.c"), instrumented)?;
    let rt_name = format!("{name}.markers.c");
    let rt = runtime::marker_runtime(marker_count);
    let built = checked!(compile_checked_with(
        tools,
        Build::ClangO0,
        &[&src],
        &[toolchain::Shared {
            name: &rt_name,
            text: &rt
        }],
        &dir.join(format!("{name}.inst"))
    ));
    let (stdout, stderr) = checked!(run_checked(&built.output, false));
    match runtime::parse_hits(&stderr) {
        Some(hits) => Ok(Ok((stdout, hits))),
        None => Ok(Err(Reject::new(
            "no-hit-report",
            "the instrumented run printed no hit report",
        ))),
    }
}

/// Emit IR for the instrumented program and run the LLVM pipelines over it.
pub fn classify_static(
    tools: &Tools,
    dir: &Path,
    name: &str,
    instrumented: &str,
) -> Checked<Classification> {
    let src = toolchain::write_source(dir, &format!("{name}.ir.c"), instrumented)?;
    let ll = dir.join(format!("{name}.ll"));
    checked!(compile_checked(tools, Build::ClangIr, &[&src], &ll));
    let ir = std::fs::read_to_string(&ll)?;
    Ok(match llvm::classify(&ir) {
        Ok(c) => Ok(c),
        Err(e) => Err(Reject::new("llvm-error", e.to_string())),
    })
}

/// Everything known about one screened program.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub marked: Marked,
    /// The original program's stdout (equal under every build).
    pub stdout: Vec<u8>,
    pub classification: Classification,
    pub hits: BTreeSet<usize>,
}

/// Markers and both classifications of a program (no screen): what the audit re-derives.
pub fn classify_markers(
    tools: &Tools,
    dir: &Path,
    name: &str,
    program: &str,
) -> Checked<(Marked, Vec<u8>, Classification, BTreeSet<usize>)> {
    let marked = match markers::find_markers(program) {
        Ok(m) => m,
        Err(e) => return Ok(Err(Reject::new("unparseable", e.to_string()))),
    };
    let instrumented = markers::instrument(program, &marked);
    let classification = checked!(classify_static(tools, dir, name, &instrumented));
    let (stdout, hits) = checked!(run_instrumented(
        tools,
        dir,
        name,
        &instrumented,
        marked.markers.len()
    ));
    Ok(Ok((marked, stdout, classification, hits)))
}

/// A program's markers and its instrumented run: the first, cheapest stage of [`analyse`], and
/// all that tells which blocks ran (so which inequivalent edits a program can offer).
#[derive(Debug, Clone)]
pub struct Instrumented {
    pub marked: Marked,
    /// The instrumented program's text (the IR for LLVM is made from it).
    pub text: String,
    /// Its stdout, which the screen must reproduce.
    pub stdout: Vec<u8>,
    pub hits: BTreeSet<usize>,
}

/// Find the markers and run the instrumented build. Rejects programs with no markable block.
pub fn instrument_and_run(tools: &Tools, dir: &Path, program: &str) -> Checked<Instrumented> {
    let marked = match markers::find_markers(program) {
        Ok(m) if m.markers.is_empty() => {
            return Ok(Err(Reject::new("no-markers", "no markable block")))
        }
        Ok(m) => m,
        Err(e) => return Ok(Err(Reject::new("unparseable", e.to_string()))),
    };
    let text = markers::instrument(program, &marked);
    let (stdout, hits) = checked!(run_instrumented(
        tools,
        dir,
        "orig",
        &text,
        marked.markers.len()
    ));
    Ok(Ok(Instrumented {
        marked,
        text,
        stdout,
        hits,
    }))
}

/// The rest of [`analyse`] after [`instrument_and_run`]: the screen, which must print the
/// instrumented stdout, and LLVM's classification, in which no marker that ran may be removed
/// (a sign of UB the screen missed, since a sound compiler never removes executed code).
pub fn screen_and_classify(
    tools: &Tools,
    dir: &Path,
    program: &str,
    inst: Instrumented,
) -> Checked<Analysis> {
    let stdout = checked!(screen(tools, dir, "orig", program, &|_| None));
    if inst.stdout != stdout {
        return Ok(Err(Reject::new(
            "instrumented-stdout-differs",
            "the instrumented build prints a different stdout",
        )));
    }
    let classification = checked!(classify_static(tools, dir, "orig", &inst.text));
    if let Some(m) = inst
        .hits
        .iter()
        .find(|m| classification.lowest_level(**m).is_some())
    {
        return Ok(Err(Reject::new(
            "eliminated-yet-executed",
            format!("marker {m} was removed by LLVM but ran"),
        )));
    }
    Ok(Ok(Analysis {
        marked: inst.marked,
        stdout,
        classification,
        hits: inst.hits,
    }))
}

/// Screen a CSmith program and classify its markers. Rejects programs with UB signs, with no
/// markers, whose instrumented stdout differs, or where LLVM removed a marker that ran. The
/// cheapest checks come first (the instrumented run), so a program can be given up before the
/// costly screen and LLVM (see the DCE block loop); a program that fails two checks is counted
/// under the first.
pub fn analyse(tools: &Tools, dir: &Path, program: &str) -> Checked<Analysis> {
    let inst = checked!(instrument_and_run(tools, dir, program));
    screen_and_classify(tools, dir, program, inst)
}
