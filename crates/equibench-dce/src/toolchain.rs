//! The C compilers (trusted tooling, run directly) and the sandboxed runs of what they build.
//!
//! Three builds of a program are used: `gcc -O2` and a sanitized `clang -O0` (both with
//! `-Wall -Wextra`, whose risky warnings reject the program), and an instrumented `clang -O0`
//! linked with the marker runtime. Every run of a built program goes through the core sandbox.

use crate::tools::{CLANG, GCC};
use equibench_core::sandbox::{self, Limits, RunOutcome, SandboxCommand, Termination};
use equibench_core::{ToolSpec, Tools};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Where CSmith's runtime headers live (Debian's libcsmith-dev).
pub const CSMITH_INCLUDE: &str = "/usr/include/csmith";

/// Warning flags whose presence means the program may have undefined behaviour (the DEAD tool and
/// C-Reduce's interestingness tests reject the same families).
const RISKY_WARNINGS: &[&str] = &[
    "-Wuninitialized",
    "-Wmaybe-uninitialized",
    "-Wsometimes-uninitialized",
    "-Wconditional-uninitialized",
    "-Wreturn-type",
    "-Waggressive-loop-optimizations",
    "-Wdiv-by-zero",
    "-Wdivision-by-zero",
    "-Warray-bounds",
    "-Wstringop-overflow",
    "-Wshift-count-overflow",
    "-Wshift-count-negative",
    "-Wshift-negative-value",
    "-Winteger-overflow",
    "-Wint-conversion",
    "-Wincompatible-pointer-types",
    "-Wimplicit-function-declaration",
    "-Wimplicit-int",
    "-Wsequence-point",
    "-Wunsequenced",
    "-Wreturn-local-addr",
    "-Wreturn-stack-address",
    "-Wdangling-pointer",
    "-Wnull-dereference",
    "-Wnonnull",
    "-Wformat",
    "-Wuse-after-free",
    "-Wint-to-pointer-cast",
    "-Wpointer-to-int-cast",
    "-Wvarargs",
];

/// Message fragments that mean the same regardless of the flag a compiler files them under.
/// (gcc files signed overflow in constant expressions under `-Woverflow`, together with harmless
/// wrap-around of unsigned initialisers such as `uint32_t x = 18446744073709551615UL`, which CSmith
/// emits often; only the former is undefined.)
const RISKY_MESSAGES: &[&str] = &[
    "undefined behavior",
    "control reaches end of non-void",
    "integer overflow in expression",
];

/// The risky warnings in a compiler's stderr (empty when the program is warning-clean).
pub fn risky_warnings(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.contains("warning:"))
        .filter(|l| {
            RISKY_WARNINGS
                .iter()
                .any(|w| l.contains(&format!("[{w}]")) || l.contains(&format!("[{w}=")))
                || RISKY_MESSAGES.iter().any(|m| l.contains(m))
        })
        .map(str::to_string)
        .collect()
}

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("could not start {tool}: {source}")]
    Start {
        tool: String,
        source: std::io::Error,
    },
    #[error("{tool} rejected the program: {stderr}")]
    Rejected { tool: String, stderr: String },
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Tool(#[from] equibench_core::tools::ToolError),
}

/// A successful compile: the output file and the compiler's warnings.
#[derive(Debug)]
pub struct Built {
    pub output: PathBuf,
    pub stderr: String,
}

impl Built {
    pub fn risky_warnings(&self) -> Vec<String> {
        risky_warnings(&self.stderr)
    }
}

/// How a program is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// `gcc -O2 -Wall -Wextra`: one of the two stdout configurations, and gcc's warning screen.
    GccO2,
    /// `clang -O0 -fsanitize=undefined,address -Wall -Wextra`: the sanitizer run, clang's screen.
    ClangSanitized,
    /// `clang -O0`, no warnings: the instrumented build (linked with the marker runtime).
    ClangO0,
    /// `clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm`: IR for the LLVM pipelines.
    ClangIr,
}

impl Build {
    pub fn describe(self) -> &'static str {
        match self {
            Build::GccO2 => "gcc -O2",
            Build::ClangSanitized => "clang -O0 -fsanitize=undefined,address",
            Build::ClangO0 => "clang -O0",
            Build::ClangIr => "clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm",
        }
    }

    fn tool(self) -> &'static ToolSpec {
        match self {
            Build::GccO2 => &GCC,
            _ => &CLANG,
        }
    }

    fn flags(self) -> &'static [&'static str] {
        match self {
            Build::GccO2 => &["-O2", "-Wall", "-Wextra"],
            Build::ClangSanitized => &[
                "-O0",
                "-g0",
                "-fsanitize=undefined,address",
                "-fno-sanitize-recover=all",
                "-Wall",
                "-Wextra",
            ],
            Build::ClangO0 => &["-O0", "-w"],
            Build::ClangIr => &[
                "-O2",
                "-Xclang",
                "-disable-llvm-passes",
                "-S",
                "-emit-llvm",
                "-w",
            ],
        }
    }

    /// Flags that change how the compiler runs, never what it builds or which warnings it gives
    /// (issue 27), for an invocation that compiles (`link`: false) or only links (true).
    /// clang's driver here starts cc1 as a second process, loading its large shared libraries
    /// twice: `-fintegrated-cc1` keeps it in the driver, when the invocation has one job (see
    /// [`crate::link`]). clang writes diagnostics to an unbuffered stderr, and with carets (each
    /// warning's source line, CSmith's lines run to thousands of characters) a sanitized build's
    /// 400 warnings took 300,000 `write` calls, half its CPU time; without them the `warning:`
    /// lines [`risky_warnings`] reads are the same. The sanitized binary links ASan's large static
    /// runtime, which lld links in half GNU ld's time.
    fn speed_flags(self, link: bool) -> Vec<String> {
        let mut flags = Vec::new();
        if self != Build::GccO2 && !link {
            flags.push("-fintegrated-cc1".to_string());
        }
        if self == Build::ClangSanitized {
            if !link {
                flags.push("-fno-caret-diagnostics".to_string());
            }
            if let Some(lld) = lld_path().filter(|_| link) {
                flags.push(format!("--ld-path={}", lld.display()));
            }
        }
        flags
    }

    /// Whether the build compiles each source with `-c` and links apart (clang's builds that
    /// link); gcc's driver always starts cc1, `as` and the linker anyway, and the IR build has a
    /// single job already.
    fn split(self) -> bool {
        matches!(self, Build::ClangSanitized | Build::ClangO0)
    }

    /// Every flag of the one invocation that compiles and links (the driver's link job for it is
    /// what [`crate::link`] learns).
    fn all_flags(self) -> Vec<String> {
        let mut flags: Vec<String> = self.flags().iter().map(|f| f.to_string()).collect();
        flags.extend(self.speed_flags(false));
        // The link-only flags: compile-only ones are in the line above.
        flags.extend(self.speed_flags(true));
        flags.push(format!("-I{CSMITH_INCLUDE}"));
        flags
    }
}

/// LLVM 19's lld, where clang-19 keeps it (Debian's lld-19). Without it links stay with GNU ld:
/// the linker changes only how fast a program is linked, not what it prints.
fn lld_path() -> Option<&'static Path> {
    static LLD: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    LLD.get_or_init(|| {
        ["/usr/lib/llvm-19/bin/ld.lld", "/usr/bin/ld.lld-19"]
            .into_iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
    })
    .as_deref()
}

/// A source whose text many builds share (the marker runtime of a marker count, the
/// switchboard's driver): compiled once per process, its object reused. An object is a function of
/// the flags, the file's name (its symbol table names it) and its text, not of the directory.
#[derive(Debug, Clone, Copy)]
pub struct Shared<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// Objects of [`Shared`] sources by tool, build, name and text; None when one cannot be reused
/// (its compile failed or said something, which a reuse would not repeat).
static SHARED_OBJECTS: crate::memo::Memo<Option<Vec<u8>>> = crate::memo::Memo::new();

/// Compile `sources` (files already written) into `output`.
pub fn compile(
    tools: &Tools,
    build: Build,
    sources: &[&Path],
    output: &Path,
) -> Result<Built, CompileError> {
    compile_with(tools, build, sources, &[], output)
}

/// Compile `sources` (files already written) and `shared` (written here, next to `output`, and
/// linked after `sources`) into `output`. clang's builds that link compile each source on its
/// own with `-c` (cc1 in the driver's process) and run the linker as the driver would have; a
/// shared source's object is compiled once. The binary is the one a single invocation builds.
pub fn compile_with(
    tools: &Tools,
    build: Build,
    sources: &[&Path],
    shared: &[Shared],
    output: &Path,
) -> Result<Built, CompileError> {
    let tool = tools.get(build.tool())?;
    let dir = output.parent().unwrap_or(Path::new("."));
    let mut inputs: Vec<PathBuf> = sources.iter().map(|s| s.to_path_buf()).collect();
    let mut compiled = Vec::new();
    for s in shared {
        match shared_object(&tool.path, build, dir, s)? {
            Some(object) => compiled.push(object),
            None => inputs.push(write_source(dir, s.name, s.text)?),
        }
    }
    let line = build
        .split()
        .then(|| {
            equibench_toolchain::link::line(
                &tool.path,
                &build.all_flags(),
                inputs.len() + compiled.len(),
                &[],
            )
        })
        .flatten();
    let Some(line) = line else {
        inputs.extend(compiled);
        return one_invocation(build, &tool.path, &inputs, output);
    };
    let mut stderr = String::new();
    let mut objects = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let object = object_path(output, i);
        stderr.push_str(&compile_object(build, &tool.path, input, &object)?);
        objects.push(object);
    }
    objects.extend(compiled);
    let objects: Vec<&Path> = objects.iter().map(PathBuf::as_path).collect();
    let link = line
        .command(&objects, output)
        .expect("the line was learnt for this many inputs");
    stderr.push_str(&run_compiler(build, &tool.path, link)?);
    Ok(Built {
        output: output.to_path_buf(),
        stderr,
    })
}

/// The warnings `build` gives `source`, from the compiler's front end alone (`-fsyntax-only`,
/// the build's own flags): the warnings the screen reads are the front end's, so they are the
/// ones the whole build gives (tests compare the two), without code generation or a link.
pub fn warnings_only(tools: &Tools, build: Build, source: &Path) -> Result<String, CompileError> {
    let tool = tools.get(build.tool())?;
    let mut cmd = Command::new(&tool.path);
    cmd.args(build.flags())
        .args(build.speed_flags(false))
        .arg(format!("-I{CSMITH_INCLUDE}"))
        .arg("-fsyntax-only")
        .arg(source);
    run_compiler(build, &tool.path, cmd)
}

/// The build as one invocation of the compiler's driver (how every build was made before the
/// split; kept for a clang whose link job could not be learnt, and to compare with).
pub fn compile_in_one_invocation(
    tools: &Tools,
    build: Build,
    sources: &[&Path],
    output: &Path,
) -> Result<Built, CompileError> {
    let tool = tools.get(build.tool())?;
    let inputs: Vec<PathBuf> = sources.iter().map(|s| s.to_path_buf()).collect();
    one_invocation(build, &tool.path, &inputs, output)
}

fn one_invocation(
    build: Build,
    tool: &Path,
    inputs: &[PathBuf],
    output: &Path,
) -> Result<Built, CompileError> {
    let mut cmd = Command::new(tool);
    cmd.args(build.all_flags())
        .args(inputs)
        .arg("-o")
        .arg(output);
    let stderr = run_compiler(build, tool, cmd)?;
    Ok(Built {
        output: output.to_path_buf(),
        stderr,
    })
}

/// Whether `build` of `inputs` sources is made as `-c` compiles and a direct link here (clang's
/// link job for its flags was learnt); otherwise as one invocation.
pub fn splits(tools: &Tools, build: Build, inputs: usize) -> Result<bool, CompileError> {
    let tool = tools.get(build.tool())?;
    Ok(build.split()
        && equibench_toolchain::link::line(&tool.path, &build.all_flags(), inputs, &[]).is_some())
}

/// Where the `i`-th object of a build of `output` goes.
fn object_path(output: &Path, i: usize) -> PathBuf {
    let mut name = output.file_name().unwrap_or_default().to_owned();
    name.push(format!(".{i}.o"));
    output.with_file_name(name)
}

/// `clang FLAGS -c source -o object`, one job, so cc1 runs in the driver's process.
fn compile_object(
    build: Build,
    tool: &Path,
    source: &Path,
    object: &Path,
) -> Result<String, CompileError> {
    let mut cmd = Command::new(tool);
    cmd.args(build.flags())
        .args(build.speed_flags(false))
        .arg(format!("-I{CSMITH_INCLUDE}"))
        .arg("-c")
        .arg(source)
        .arg("-o")
        .arg(object);
    run_compiler(build, tool, cmd)
}

/// The object of a shared source, written into `dir` (compiled there the first time); None when
/// it is not reused (not a split build, or its compile was not silent).
fn shared_object(
    tool: &Path,
    build: Build,
    dir: &Path,
    shared: &Shared,
) -> Result<Option<PathBuf>, CompileError> {
    if !build.split() {
        return Ok(None);
    }
    let key = format!(
        "{} {build:?} {} {}",
        tool.display(),
        shared.name,
        equibench_core::pair::sha256_hex(shared.text.as_bytes())
    );
    let object = object_path(&dir.join(shared.name), 0);
    let bytes = SHARED_OBJECTS.get_or(key, || -> Result<_, CompileError> {
        let source = write_source(dir, shared.name, shared.text)?;
        match compile_object(build, tool, &source, &object) {
            Ok(stderr) if stderr.is_empty() => Ok(Some(std::fs::read(&object)?)),
            Ok(_) | Err(CompileError::Rejected { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    })?;
    let Some(bytes) = bytes else {
        return Ok(None);
    };
    std::fs::write(&object, bytes)?;
    Ok(Some(object))
}

/// Run one compiler or linker command: its stderr, or the rejection when it fails.
fn run_compiler(build: Build, tool: &Path, mut cmd: Command) -> Result<String, CompileError> {
    let out = cmd.output().map_err(|source| CompileError::Start {
        tool: tool.display().to_string(),
        source,
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(CompileError::Rejected {
            tool: build.describe().to_string(),
            stderr: stderr.chars().take(2000).collect(),
        });
    }
    Ok(stderr)
}

/// Write `text` to `dir/name` and return the path.
pub fn write_source(dir: &Path, name: &str, text: &str) -> std::io::Result<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text)?;
    Ok(path)
}

/// Run limits. CSmith programs either finish in milliseconds or not at all: of the 5188 runs of a
/// 100-pair build (seed 3), every run that ended by itself took at most 1.3 ms of CPU (5.1 ms
/// sanitized) and every other one ran into the limit. So the CPU limit is 100 ms, and 250 ms for
/// the sanitized build (roughly 20 times slower), kept by a CPU-time timer (`Limits::cpu_time`:
/// RLIMIT_CPU only counts whole seconds, and stays as the backstop at one and two seconds). The
/// limit only decides how much CPU an endless program burns before it is dropped: at one second,
/// the endless ones took a sixth of a DCE build's CPU. A program the limit drops is 20 times over
/// the slowest accepted one, so CPU-time noise on a loaded machine cannot move a program across
/// it. The wall limit is only a safety net (the sandbox does not count time a busy machine kept
/// the program waiting); its expiry is retried and then stops the build (`run_settled`).
pub fn limits(sanitized: bool) -> Limits {
    Limits {
        wall: Duration::from_secs(if sanitized { 40 } else { 20 }),
        cpu_seconds: Some(if sanitized { 2 } else { 1 }),
        cpu_time: Some(Duration::from_millis(if sanitized { 250 } else { 100 })),
        // ASan reserves terabytes of shadow address space.
        address_space: if sanitized { None } else { Some(1 << 30) },
        stdout_cap: 1 << 20,
        ..Limits::default()
    }
}

/// How a sandboxed run of a built program went, in the terms the pipeline rejects by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunResult {
    /// Exited 0 (and, when sanitized, with no sanitizer report).
    Ok { stdout: Vec<u8>, stderr: Vec<u8> },
    /// Ran past a time limit.
    Timeout,
    /// A sanitizer reported an error.
    Sanitizer(String),
    /// Any other failure (crash, non-zero exit, output flood).
    Failed(String),
}

/// Run a built program in the core sandbox.
pub fn run(binary: &Path, sanitized: bool) -> Result<RunResult, sandbox::SandboxError> {
    run_with(binary, sanitized, limits(sanitized), None)
}

/// Run a built program in the core sandbox with its own limits and, optionally, one more
/// environment variable.
pub fn run_with(
    binary: &Path,
    sanitized: bool,
    limits: Limits,
    env: Option<(&str, String)>,
) -> Result<RunResult, sandbox::SandboxError> {
    let mut cmd = SandboxCommand::new("./prog")
        .copy_file("prog", binary, true)
        .env("ASAN_OPTIONS", "detect_leaks=0:allocator_may_return_null=1")
        .env("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=0")
        .limits(limits);
    if let Some((k, v)) = env {
        cmd = cmd.env(k, v);
    }
    // A CSmith program only computes and prints: a wall expiry is the machine's doing, so it is
    // retried and then stops the build, never decides a rejection (issue 26).
    Ok(classify(sandbox::run_settled(&cmd, 3)?, sanitized))
}

fn classify(out: RunOutcome, sanitized: bool) -> RunResult {
    let stderr = String::from_utf8_lossy(&out.stderr);
    if sanitized
        && (stderr.contains("runtime error:")
            || stderr.contains("AddressSanitizer")
            || stderr.contains("UndefinedBehaviorSanitizer"))
    {
        let line = stderr
            .lines()
            .find(|l| l.contains("runtime error:") || l.contains("Sanitizer"))
            .unwrap_or("sanitizer report");
        return RunResult::Sanitizer(line.chars().take(300).collect());
    }
    match out.termination {
        Termination::Exited(0) => RunResult::Ok {
            stdout: out.stdout,
            stderr: out.stderr,
        },
        // Only the CPU limits: `run_settled` never returns a wall expiry.
        Termination::CpuLimit => RunResult::Timeout,
        _ => RunResult::Failed(out.describe()),
    }
}
