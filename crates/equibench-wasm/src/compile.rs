//! C to a linked wasm32 module: clang-19 `--target=wasm32 -c` at one optimisation level, then
//! wasm-ld with `--export-all` so every function keeps its C name as an export. Undefined symbols
//! (compiler-rt helpers such as `__multi3`) become imports, and the functions that call them fall
//! outside the subset when parsed. binaryen's `wasm-opt` then optimises some of clang's modules a
//! second time ([`VARIANTS`]), under a timeout: its input is generated code.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The optimisation levels the corpus is compiled at.
pub const OPT_LEVELS: [&str; 4] = ["-O0", "-O1", "-O2", "-Os"];

/// A function compiled by clang at a level, then optimised by wasm-opt with those arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// How provenance names it, e.g. `-O0 + wasm-opt -Oz`.
    pub name: &'static str,
    pub clang: &'static str,
    pub wasm_opt: &'static [&'static str],
}

/// The wasm-opt variants every function is also compiled in. wasm-opt starts mostly from -O0,
/// whose code it has the most to do on, so its output differs from clang's own optimised code;
/// the flattening pipeline rewrites -O1's structured code into flat locals, a shape neither
/// optimiser prints.
pub const VARIANTS: [Variant; 3] = [
    Variant {
        name: "-O0 + wasm-opt -O3",
        clang: "-O0",
        wasm_opt: &["-O3"],
    },
    Variant {
        name: "-O0 + wasm-opt -Oz",
        clang: "-O0",
        wasm_opt: &["-Oz"],
    },
    Variant {
        name: "-O1 + wasm-opt --flatten --simplify-locals --vacuum",
        clang: "-O1",
        wasm_opt: &["--flatten", "--simplify-locals", "--vacuum"],
    },
];

/// How long one wasm-opt run may take (it takes well under a second on the corpus's modules;
/// the margin is for a loaded machine).
pub const WASM_OPT_TIMEOUT: Duration = Duration::from_secs(60);

/// The features wasm-opt may use in its output: the ones the subset reads. Anything else it was
/// given (clang 19's default target enables more) makes it fail, and the failure is counted.
const WASM_OPT_FEATURES: &[&str] = &[
    "--mvp-features",
    "--enable-sign-ext",
    "--enable-mutable-globals",
];

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("cannot run {tool}: {source}")]
    Spawn {
        tool: String,
        source: std::io::Error,
    },
    #[error("{tool} failed on {input}: {stderr}")]
    Failed {
        tool: String,
        input: String,
        stderr: String,
    },
    #[error("scratch directory: {0}")]
    Scratch(std::io::Error),
    #[error("{tool} took longer than {limit:?}")]
    TimedOut { tool: String, limit: Duration },
}

impl CompileError {
    /// A short name for rejection counts: `wasm-opt-timeout` or `wasm-opt-failed`.
    pub fn reason(&self) -> &'static str {
        match self {
            CompileError::TimedOut { .. } => "timeout",
            _ => "failed",
        }
    }
}

fn run(cmd: &mut Command, tool: &Path, input: &Path) -> Result<(), CompileError> {
    let out = cmd.output().map_err(|source| CompileError::Spawn {
        tool: tool.display().to_string(),
        source,
    })?;
    if out.status.success() {
        Ok(())
    } else {
        Err(CompileError::Failed {
            tool: tool.display().to_string(),
            input: input.display().to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }
}

/// Flags clang compiles a corpus file with, before the level.
const CLANG_FLAGS: &[&str] = &["--target=wasm32", "-c", "-ffreestanding", "-fno-builtin"];
/// Flags wasm-ld links the object with.
const WASM_LD_FLAGS: &[&str] = &["--no-entry", "--export-all", "--allow-undefined"];

/// Compile `source` at `opt` (one of [`OPT_LEVELS`]) and link it; the module's bytes. Made once per
/// machine for one source, level and pair of tools ([`equibench_toolchain::cache::output_once`]):
/// every build process compiles the whole corpus.
pub fn compile_c(
    clang: &Path,
    wasm_ld: &Path,
    source: &Path,
    opt: &str,
) -> Result<Vec<u8>, CompileError> {
    use equibench_toolchain::cache::{key, tool_identity};
    let text = std::fs::read(source).map_err(CompileError::Scratch)?;
    let key = key(&[
        &tool_identity(clang),
        &tool_identity(wasm_ld),
        CLANG_FLAGS.join(" ").as_bytes(),
        WASM_LD_FLAGS.join(" ").as_bytes(),
        opt.as_bytes(),
        &text,
    ]);
    equibench_toolchain::cache::output_once("equibench-wasm-modules", &key, || {
        compile_c_now(clang, wasm_ld, source, opt)
    })
}

fn compile_c_now(
    clang: &Path,
    wasm_ld: &Path,
    source: &Path,
    opt: &str,
) -> Result<Vec<u8>, CompileError> {
    let dir = tempfile::tempdir().map_err(CompileError::Scratch)?;
    let obj = dir.path().join("out.o");
    let module = dir.path().join("out.wasm");
    run(
        Command::new(clang)
            .args(CLANG_FLAGS)
            .arg(opt)
            .arg(source)
            .arg("-o")
            .arg(&obj),
        clang,
        source,
    )?;
    run(
        Command::new(wasm_ld)
            .args(WASM_LD_FLAGS)
            .arg(&obj)
            .arg("-o")
            .arg(&module),
        wasm_ld,
        source,
    )?;
    std::fs::read(&module).map_err(CompileError::Scratch)
}

/// `module` optimised by wasm-opt with `args`, killed after `limit`. Made once per machine for one
/// module, arguments and wasm-opt ([`equibench_toolchain::cache::output_once`]): a build process
/// reoptimises every function of the corpus and of the wasm-smith list (about 850 runs, most of a
/// block's CPU). A timeout or failure is not kept.
pub fn wasm_opt(
    wasm_opt: &Path,
    module: &[u8],
    args: &[&str],
    limit: Duration,
) -> Result<Vec<u8>, CompileError> {
    use equibench_toolchain::cache::{key, tool_identity};
    let key = key(&[
        &tool_identity(wasm_opt),
        WASM_OPT_FEATURES.join(" ").as_bytes(),
        args.join(" ").as_bytes(),
        module,
    ]);
    equibench_toolchain::cache::output_once("equibench-wasm-opt", &key, || {
        wasm_opt_now(wasm_opt, module, args, limit)
    })
}

fn wasm_opt_now(
    wasm_opt: &Path,
    module: &[u8],
    args: &[&str],
    limit: Duration,
) -> Result<Vec<u8>, CompileError> {
    let dir = tempfile::tempdir().map_err(CompileError::Scratch)?;
    let input = dir.path().join("in.wasm");
    let output = dir.path().join("out.wasm");
    let log = dir.path().join("stderr");
    std::fs::write(&input, module).map_err(CompileError::Scratch)?;
    let tool = wasm_opt.display().to_string();
    let mut child = Command::new(wasm_opt)
        .args(WASM_OPT_FEATURES)
        .args(args)
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).map_err(CompileError::Scratch)?)
        .spawn()
        .map_err(|source| CompileError::Spawn {
            tool: tool.clone(),
            source,
        })?;
    let status = wait_until(&mut child, Instant::now() + limit).map_err(CompileError::Scratch)?;
    let Some(status) = status else {
        return Err(CompileError::TimedOut { tool, limit });
    };
    if !status.success() {
        return Err(CompileError::Failed {
            tool,
            input: args.join(" "),
            stderr: std::fs::read_to_string(&log).unwrap_or_default(),
        });
    }
    std::fs::read(&output).map_err(CompileError::Scratch)
}

/// The child's exit status, or `None` when it was still running at `deadline` (it is then
/// killed and reaped).
fn wait_until(
    child: &mut std::process::Child,
    deadline: Instant,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The three tools a C function goes through.
#[derive(Debug, Clone)]
pub struct Toolchain {
    pub clang: PathBuf,
    pub wasm_ld: PathBuf,
    pub wasm_opt: PathBuf,
}

impl Toolchain {
    /// The declared tools, found.
    pub fn find(
        tools: &equibench_core::Tools,
    ) -> Result<Toolchain, equibench_core::tools::ToolError> {
        Ok(Toolchain {
            clang: tools.get(&crate::tools::CLANG)?.path,
            wasm_ld: tools.get(&crate::tools::WASM_LD)?.path,
            wasm_opt: tools.get(&crate::tools::WASM_OPT)?.path,
        })
    }
}

/// `f` (with its globals starting at `inits`) optimised by wasm-opt with `args` as the
/// category's stand-alone module, read back. `Ok(Err(..))`: wasm-opt's code is outside the
/// subset; `Err`: wasm-opt failed or timed out, or dropped the function (a counted reason).
pub fn optimise_function(
    wasm_opt: &Path,
    f: &crate::ir::Func,
    inits: &[crate::interp::Val],
    args: &[&str],
) -> Result<Result<crate::ir::Func, crate::parse::Unsupported>, String> {
    let module = crate::wat::encode_with_globals(f, inits);
    let out = self::wasm_opt(wasm_opt, &module, args, WASM_OPT_TIMEOUT)
        .map_err(|e| format!("wasm-opt-{}", e.reason()))?;
    let parsed = crate::parse::parse_module(&out).map_err(|_| "wasm-opt-invalid".to_string())?;
    parsed
        .into_iter()
        .find(|p| p.name == "f")
        .map(|p| p.func)
        .ok_or_else(|| "wasm-opt-dropped-function".to_string())
}
