//! The embedded C corpus (`data/x86/*.c`) and the superoptimisation targets made from it: every
//! function compiled by gcc and clang-19 at -O0, -O1, -O2 and -O3, its body cut out of the
//! assembly, parsed into the supported subset, and given STOKE's `def_in` (the argument registers,
//! at the widths of the C signature) and `live_out` (`%eax` or `%rax`). Whatever falls outside the
//! subset is skipped and counted, never guessed at.
//!
//! -O0 code is STOKE's kind of target: it keeps every value in stack slots of a frame
//! (`pushq %rbp; movq %rsp, %rbp; ...; popq %rbp`), which [`crate::semantics::frame`] models; the memory after
//! the function returns is dead, so live_out stays a register. Functions whose arguments are
//! pointers (which would make stores through them observable) are not in the corpus: the
//! signature parser accepts integer types only.
//!
//! The functions of `data/x86/exemplars/` are reserved for the few-shot exemplars ([`Draw`]): a
//! benchmark build never reads them and an exemplar build reads nothing else, so an exemplar
//! never shows a model a target of the benchmark it is asked about.

use crate::semantics::insn::Insn;
use crate::semantics::locs::Locs;
use crate::semantics::parse::parse_program;
use crate::semantics::reg::{name64, Reg, Width};
use crate::semantics::tools::{CLANG, GCC};
use crate::semantics::verify::check_defined;
use crate::X86Error;
use equibench_core::pair::{sha256_hex, ToolVersion};
use equibench_core::tools::{ToolSpec, Tools};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// Where the corpus lives under the data directory.
pub const CORPUS_DIR: &str = "x86";

/// Which of the corpus's functions a build draws its targets from (issue 36). The corpus is
/// finite and a 400-pair build searches most of it, so exemplars drawn from it would share
/// their targets with benchmark pairs: the functions of `data/x86/exemplars/` are reserved for
/// the exemplar builds (a seed in `equibench_core::seed::EXEMPLAR_SEEDS`), which read nothing
/// else, and benchmark builds never read them.
pub use equibench_core::seed::Draw;

/// Flags that keep compiler output inside the subset: no unwind tables or CET landing pads, no
/// PIC, the baseline ISA (no popcnt, BMI or LZCNT), no stack protector.
pub const FLAGS: [&str; 7] = [
    "-S",
    "-fno-asynchronous-unwind-tables",
    "-fcf-protection=none",
    "-fno-pic",
    "-march=x86-64",
    "-mtune=generic",
    "-fno-stack-protector",
];

/// Optimisation levels compiled.
pub const LEVELS: [u8; 4] = [0, 1, 2, 3];

/// The compilers, in the order their targets are listed.
pub static COMPILERS: [&ToolSpec; 2] = [&GCC, &CLANG];

/// Integer argument registers of the System V AMD64 ABI, in order.
pub const ARGUMENT_REGISTERS: [u8; 6] = [7, 6, 2, 1, 8, 9];

/// Lines of a pair program (label, body, `retq`): EquiBench's x86-64 range.
pub const MIN_LINES: usize = 8;
pub const MAX_LINES: usize = 29;

/// The C types the corpus may use in signatures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CType {
    I32,
    U32,
    I64,
    U64,
}

impl CType {
    fn parse(s: &str) -> Option<CType> {
        Some(match s.trim() {
            "int32_t" | "int" => CType::I32,
            "uint32_t" | "unsigned" | "unsigned int" => CType::U32,
            "int64_t" | "long" => CType::I64,
            "uint64_t" | "unsigned long" => CType::U64,
            _ => return None,
        })
    }

    pub fn width(self) -> Width {
        match self {
            CType::I32 | CType::U32 => Width::W32,
            CType::I64 | CType::U64 => Width::W64,
        }
    }
}

/// One function of the corpus, as its signature line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CFunction {
    pub name: String,
    pub ret: CType,
    pub params: Vec<CType>,
    /// The signature as written (without the brace).
    pub signature: String,
}

/// One C file of the corpus.
#[derive(Debug, Clone)]
pub struct CFile {
    pub path: PathBuf,
    /// File name (stable across checkouts, recorded in provenance).
    pub name: String,
    pub sha256: String,
    pub functions: Vec<CFunction>,
}

/// Read the function signatures of a corpus file: every line `TYPE NAME(PARAMS) {` at column 0.
pub fn parse_signatures(text: &str) -> Result<Vec<CFunction>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(head) = line.strip_suffix('{') else {
            continue;
        };
        if line.starts_with(char::is_whitespace) || !head.contains('(') {
            continue;
        }
        let bad = |why: &str| format!("line {}: `{line}`: {why}", i + 1);
        let head = head.trim();
        let (before, params) = head.split_once('(').ok_or_else(|| bad("no `(`"))?;
        let params = params
            .strip_suffix(')')
            .ok_or_else(|| bad("no `)` before `{`"))?;
        let (ret, name) = before
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| bad("no return type"))?;
        let ret = CType::parse(ret).ok_or_else(|| bad("unsupported return type"))?;
        let mut types = Vec::new();
        for p in params.split(',').map(str::trim).filter(|p| *p != "void") {
            let (ty, _) = p.rsplit_once(' ').ok_or_else(|| bad("unnamed parameter"))?;
            types.push(CType::parse(ty).ok_or_else(|| bad("unsupported parameter type"))?);
        }
        if types.len() > ARGUMENT_REGISTERS.len() {
            return Err(bad("more than six parameters"));
        }
        out.push(CFunction {
            name: name.trim().to_string(),
            ret,
            params: types,
            signature: head.to_string(),
        });
    }
    Ok(out)
}

/// The corpus files of `draw` under `data_dir/x86`, sorted by name; each file's name is its path
/// relative to `data_dir/x86` (`exemplars/...` for the reserved ones).
pub fn read_corpus(data_dir: &Path, draw: Draw) -> Result<Vec<CFile>, X86Error> {
    let dir = data_dir.join(CORPUS_DIR).join(draw.prefix());
    let io = |path: &Path, source| X86Error::Io {
        path: path.display().to_string(),
        source,
    };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| io(&dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        let functions = parse_signatures(&text)
            .map_err(|e| X86Error::Syntax(format!("{}: {e}", path.display())))?;
        files.push(CFile {
            name: format!(
                "{}{}",
                draw.prefix(),
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ),
            sha256: sha256_hex(text.as_bytes()),
            path,
            functions,
        });
    }
    if files.is_empty() {
        return Err(X86Error::Syntax(format!(
            "no C files in {} (the x86 corpus)",
            dir.display()
        )));
    }
    Ok(files)
}

/// Where a target came from, for provenance.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// A function of the embedded C corpus, compiled.
    Corpus {
        file: String,
        file_sha256: String,
        function: String,
        signature: String,
        compiler: ToolVersion,
        flags: Vec<String>,
        /// Other compiler/level combinations that produced the same code.
        same_code_from: Vec<String>,
    },
    /// A straight-line basic block sampled from an ELF shared library (`--x86-binaries`).
    Library {
        binary: String,
        binary_sha256: String,
        /// Virtual address of the block's first instruction.
        address: u64,
        /// Byte length of the block.
        length: usize,
    },
}

/// One program to superoptimise, with its STOKE context.
#[derive(Debug, Clone)]
pub struct Target {
    /// The label of the pair programs (the function name, or a name for a library block).
    pub label: String,
    pub program: Vec<Insn>,
    pub def_in: Locs,
    pub live_out: Locs,
    pub origin: Origin,
}

impl Target {
    /// The pair text of this target.
    pub fn text(&self) -> String {
        program_text(&self.label, &self.program)
    }

    /// `def_in` as the context records it: `%rdi %rsi` (argument order first).
    pub fn def_in_text(&self) -> String {
        locs_text(&self.def_in)
    }

    pub fn live_out_text(&self) -> String {
        locs_text(&self.live_out)
    }

    /// Tools that shaped the target itself.
    pub fn tools(&self) -> Vec<ToolVersion> {
        match &self.origin {
            Origin::Corpus { compiler, .. } => vec![compiler.clone()],
            Origin::Library { .. } => Vec::new(),
        }
    }
}

/// Targets and what was skipped on the way, by reason.
#[derive(Debug, Clone, Default)]
pub struct TargetSet {
    pub targets: Vec<Target>,
    pub skipped: BTreeMap<String, u64>,
    /// Functions read from the corpus (before compiling).
    pub functions: usize,
}

impl TargetSet {
    fn skip(&mut self, reason: &str) {
        *self.skipped.entry(reason.to_string()).or_default() += 1;
    }
}

/// A program as a pair shows it: the label line, one instruction a line, `retq` (STOKE's file
/// shape without its directives and comments).
pub fn program_text(label: &str, program: &[Insn]) -> String {
    let mut s = format!("{label}:\n");
    for insn in program {
        s.push_str("  ");
        s.push_str(&spaced(&insn.to_string()));
        s.push('\n');
    }
    s.push_str("  retq\n");
    s
}

/// Lines of [`program_text`] for a body of `n` instructions.
pub fn text_lines(n: usize) -> usize {
    n + 2
}

/// Is a body of `n` instructions inside EquiBench's line range?
pub fn in_window(n: usize) -> bool {
    (MIN_LINES..=MAX_LINES).contains(&text_lines(n))
}

/// `movl %edi,%eax` -> `movl %edi, %eax` (commas inside `(...)` stay tight).
fn spaced(att: &str) -> String {
    let mut out = String::with_capacity(att.len() + 4);
    let mut depth = 0;
    for c in att.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        out.push(c);
        if c == ',' && depth == 0 {
            out.push(' ');
        }
    }
    out
}

/// A register set as space-separated names, argument registers first in ABI order.
pub fn locs_text(l: &Locs) -> String {
    let mut order: Vec<u8> = ARGUMENT_REGISTERS.to_vec();
    order.extend((0..16u8).filter(|n| !ARGUMENT_REGISTERS.contains(n)));
    let mut parts = Vec::new();
    for n in order {
        let bits = l.regs[n as usize];
        if bits == 0 {
            continue;
        }
        let one = Locs {
            regs: std::array::from_fn(|i| if i == n as usize { bits } else { 0 }),
            flags: 0,
        };
        // Locs' own printer knows the sub-register names: `{ %edi }` -> `%edi`.
        let s = one.to_string();
        parts.push(s.trim_matches(|c| c == '{' || c == '}').trim().to_string());
    }
    let flags = Locs {
        regs: [0; 16],
        flags: l.flags,
    };
    if l.flags != 0 {
        let s = flags.to_string();
        parts.push(s.trim_matches(|c| c == '{' || c == '}').trim().to_string());
    }
    if parts.is_empty() {
        return "{ }".into();
    }
    parts.join(" ")
}

/// Bits of each register (and flags) a program reads before writing them. A `pushq` saves a
/// register rather than reading it (see [`crate::semantics::frame`]).
pub fn reads_before_writes(program: &[Insn]) -> ([u64; 16], u8) {
    let mut written = [0u64; 16];
    let mut written_flags = 0u8;
    let mut read = [0u64; 16];
    let mut read_flags = 0u8;
    for insn in program {
        let mut e = insn.effects();
        if let Insn::Push(r) = insn {
            e.reads[r.num as usize] = 0;
        }
        for n in 0..16 {
            read[n] |= e.reads[n] & !written[n];
            written[n] |= e.writes[n];
        }
        read_flags |= e.reads_flags & !written_flags;
        written_flags |= e.writes_flags & !e.keeps_flags;
    }
    (read, read_flags)
}

/// STOKE's context for a compiled function: def_in = the argument registers at the widths of the
/// signature (widened to 64 bits where the code reads more, as `lea` does), live_out = `%eax` or
/// `%rax`. Err(reason) when the code reads anything else before writing it.
pub fn context_for(function: &CFunction, program: &[Insn]) -> Result<(Locs, Locs), &'static str> {
    let (read, read_flags) = reads_before_writes(program);
    if read_flags != 0 {
        return Err("target-reads-undefined-flags");
    }
    let mut def_in = Locs::default();
    for (i, ty) in function.params.iter().enumerate() {
        let n = ARGUMENT_REGISTERS[i] as usize;
        let declared = Reg::new(n as u8, ty.width()).bit_mask();
        def_in.regs[n] = if read[n] & !declared != 0 {
            u64::MAX
        } else {
            declared
        };
    }
    if (0..16).any(|n| read[n] & !def_in.regs[n] != 0) {
        return Err("target-reads-undefined-register");
    }
    let mut live_out = Locs::default();
    live_out.regs[0] = Reg::new(0, function.ret.width()).bit_mask();
    match check_defined(program, &def_in, &live_out, "target") {
        Ok(()) => Ok((def_in, live_out)),
        Err(X86Error::ReadsUndefined { .. }) => Err("target-reads-undefined-register"),
        Err(_) => Err("target-frame-outside-model"),
    }
}

/// Why a function's assembly is not a target.
pub fn classify_body(lines: &[String]) -> Result<String, &'static str> {
    let mut body = String::new();
    let mut rets = 0;
    for (i, l) in lines.iter().enumerate() {
        let mnemonic = l.split_whitespace().next().unwrap_or("");
        if l.ends_with(':') {
            return Err("target-has-branch");
        }
        if mnemonic.starts_with('j') || mnemonic.starts_with("loop") {
            return Err("target-has-branch");
        }
        if mnemonic.starts_with("call") {
            return Err("target-has-call");
        }
        if matches!(mnemonic, "ret" | "retq") {
            rets += 1;
            if i + 1 != lines.len() {
                return Err("target-has-branch");
            }
            continue;
        }
        body.push_str(l);
        body.push('\n');
    }
    if rets != 1 {
        return Err("target-not-one-return");
    }
    Ok(body)
}

/// The instruction lines of `function` in compiler output: between its label and its `.size`
/// (gcc) or `.Lfunc_end` (clang), without comments; local labels are kept so branches can be
/// recognised, and directives so that [`parse_program`] refuses those that may emit code.
pub fn function_lines(asm: &str, function: &str) -> Option<Vec<String>> {
    let label = format!("{function}:");
    let mut lines = asm.lines().map(str::trim);
    // clang follows the label with a comment (`f:   # @f`).
    lines.find(|l| l.split('#').next().unwrap_or("").trim() == label)?;
    let mut out = Vec::new();
    for l in lines {
        let l = l.split('#').next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with(".size") || l.starts_with(".Lfunc_end") || l.starts_with(".cfi_endproc") {
            return Some(out);
        }
        out.push(l.replace('\t', " "));
    }
    Some(out)
}

/// Compile `file` with `compiler` at `-O{level}` into assembly text. Made once per machine for one
/// source, level and compiler ([`equibench_toolchain::cache::output_once`]): every build process
/// compiles the whole corpus (48 compiles).
pub fn compile(
    tools: &Tools,
    compiler: &'static ToolSpec,
    level: u8,
    file: &Path,
    work_dir: &Path,
) -> Result<String, X86Error> {
    let cc = tools.get(compiler)?;
    let source = std::fs::read(file).map_err(|source| X86Error::Io {
        path: file.display().to_string(),
        source,
    })?;
    let key = equibench_toolchain::cache::key(&[
        &equibench_toolchain::cache::tool_identity(&cc.path),
        cc.version.as_bytes(),
        recorded_flags(level).join(" ").as_bytes(),
        &source,
    ]);
    let text = equibench_toolchain::cache::output_once("equibench-x86-assembly", &key, || {
        compile_now(&cc, compiler, level, file, work_dir).map(String::into_bytes)
    })?;
    String::from_utf8(text).map_err(|_| {
        X86Error::Syntax(format!(
            "{} -O{level} wrote assembly that is not UTF-8 for {}",
            compiler.name,
            file.display()
        ))
    })
}

fn compile_now(
    cc: &equibench_core::tools::ToolInfo,
    compiler: &'static ToolSpec,
    level: u8,
    file: &Path,
    work_dir: &Path,
) -> Result<String, X86Error> {
    let out = work_dir.join(format!(
        "{}-{}-O{level}.s",
        file.file_stem()
            .map(|s| s.to_string_lossy())
            .unwrap_or_default(),
        compiler.name
    ));
    let result = Command::new(&cc.path)
        .arg(format!("-O{level}"))
        .args(FLAGS)
        .arg("-o")
        .arg(&out)
        .arg(file)
        .output()
        .map_err(|e| X86Error::Native(format!("could not run {}: {e}", cc.path.display())))?;
    if !result.status.success() {
        return Err(X86Error::Syntax(format!(
            "{} -O{level} failed on {}: {}",
            compiler.name,
            file.display(),
            String::from_utf8_lossy(&result.stderr)
        )));
    }
    std::fs::read_to_string(&out).map_err(|source| X86Error::Io {
        path: out.display().to_string(),
        source,
    })
}

/// The flags recorded in provenance for one compilation.
pub fn recorded_flags(level: u8) -> Vec<String> {
    std::iter::once(format!("-O{level}"))
        .chain(FLAGS.iter().map(|s| s.to_string()))
        .collect()
}

/// What makes two targets the same: the program (under one label) and its context.
pub fn code_key(program: &[Insn], def_in: &Locs, live_out: &Locs) -> String {
    format!(
        "{}\n{}\n{}",
        program_text("f", program),
        locs_text(def_in),
        locs_text(live_out)
    )
}

/// Compile the corpus files of `draw` and make their targets (deduplicated by program and
/// context, in the order file, function, compiler, level). The exemplar draw also leaves out
/// every target whose code a benchmark target has (`target-code-in-benchmark`), so a reserved
/// function that compiles like a benchmark one gives no exemplar. Only compiler failures are
/// errors.
pub fn build_targets(
    tools: &Tools,
    data_dir: &Path,
    draw: Draw,
    work_dir: &Path,
) -> Result<TargetSet, X86Error> {
    let mut set = compile_targets(tools, &read_corpus(data_dir, draw)?, work_dir)?;
    if draw == Draw::Exemplars {
        let benchmark = compile_targets(tools, &read_corpus(data_dir, Draw::Benchmark)?, work_dir)?;
        let taken: std::collections::BTreeSet<String> = benchmark
            .targets
            .iter()
            .map(|t| code_key(&t.program, &t.def_in, &t.live_out))
            .collect();
        let before = set.targets.len();
        set.targets
            .retain(|t| !taken.contains(&code_key(&t.program, &t.def_in, &t.live_out)));
        for _ in set.targets.len()..before {
            set.skip("target-code-in-benchmark");
        }
    }
    Ok(set)
}

fn compile_targets(tools: &Tools, files: &[CFile], work_dir: &Path) -> Result<TargetSet, X86Error> {
    let mut set = TargetSet::default();
    // Assembly of every (file, compiler, level).
    let mut asm: BTreeMap<(usize, usize, u8), String> = BTreeMap::new();
    for (fi, file) in files.iter().enumerate() {
        for (ci, compiler) in COMPILERS.iter().enumerate() {
            for level in LEVELS {
                asm.insert(
                    (fi, ci, level),
                    compile(tools, compiler, level, &file.path, work_dir)?,
                );
            }
        }
    }
    // Program text and context -> index of its target (None when it left the line window).
    let mut seen: BTreeMap<String, Option<usize>> = BTreeMap::new();
    for (fi, file) in files.iter().enumerate() {
        for function in &file.functions {
            set.functions += 1;
            for (ci, compiler) in COMPILERS.iter().enumerate() {
                let cc = tools.get(compiler)?.record();
                for level in LEVELS {
                    let text = &asm[&(fi, ci, level)];
                    let config = format!("{} -O{level}", cc.name);
                    let Some(lines) = function_lines(text, &function.name) else {
                        set.skip("target-not-in-assembly");
                        continue;
                    };
                    let body = match classify_body(&lines) {
                        Ok(b) => b,
                        Err(reason) => {
                            set.skip(reason);
                            continue;
                        }
                    };
                    let program = match parse_program(&body) {
                        Ok(p) => p,
                        Err(_) => {
                            set.skip("target-outside-subset");
                            continue;
                        }
                    };
                    // The stack as the frame model allows (within the red zone, balanced, inside
                    // the frame); what the target reads undefined is `context_for`'s concern.
                    if let Err(p) = crate::semantics::frame::check_stack(&program) {
                        set.skip(match p {
                            crate::semantics::frame::Problem::BelowRedZone { .. } => {
                                "target-below-red-zone"
                            }
                            _ => "target-outside-frame-model",
                        });
                        continue;
                    }
                    if !crate::semantics::native::cpu_supports_all(&program) {
                        set.skip("target-needs-cpu-extension");
                        continue;
                    }
                    let (def_in, live_out) = match context_for(function, &program) {
                        Ok(c) => c,
                        Err(reason) => {
                            set.skip(reason);
                            continue;
                        }
                    };
                    let key = code_key(&program, &def_in, &live_out);
                    if let Some(first) = seen.get(&key) {
                        set.skip("target-duplicate-code");
                        if let Some(Origin::Corpus { same_code_from, .. }) =
                            first.map(|i| &mut set.targets[i].origin)
                        {
                            same_code_from.push(config);
                        }
                        continue;
                    }
                    if !in_window(program.len()) {
                        seen.insert(key, None);
                        set.skip(if text_lines(program.len()) < MIN_LINES {
                            "target-too-short"
                        } else {
                            "target-too-long"
                        });
                        continue;
                    }
                    seen.insert(key, Some(set.targets.len()));
                    set.targets.push(Target {
                        label: function.name.clone(),
                        program,
                        def_in,
                        live_out,
                        origin: Origin::Corpus {
                            file: file.name.clone(),
                            file_sha256: file.sha256.clone(),
                            function: function.name.clone(),
                            signature: function.signature.clone(),
                            compiler: cc.clone(),
                            flags: recorded_flags(level),
                            same_code_from: Vec::new(),
                        },
                    });
                }
            }
        }
    }
    Ok(set)
}

/// [`build_targets`] once per process, data directory and draw (blocks share it).
pub fn targets(tools: &Tools, data_dir: &Path, draw: Draw) -> Result<Arc<TargetSet>, X86Error> {
    type Cache = BTreeMap<(PathBuf, Draw), Arc<TargetSet>>;
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut guard = cache
        .lock()
        .map_err(|_| X86Error::Internal("target cache poisoned".into()))?;
    let key = (data_dir.to_path_buf(), draw);
    if let Some(set) = guard.get(&key) {
        return Ok(set.clone());
    }
    let work = tempfile::tempdir().map_err(|source| X86Error::Io {
        path: std::env::temp_dir().display().to_string(),
        source,
    })?;
    let set = Arc::new(build_targets(tools, data_dir, draw, work.path())?);
    guard.insert(key, set.clone());
    Ok(set)
}

/// The 64-bit names of the registers in a set (for evidence maps).
pub fn reg_names(l: &Locs) -> Vec<(u8, &'static str)> {
    l.reg_nums().map(|n| (n, name64(n))).collect()
}
