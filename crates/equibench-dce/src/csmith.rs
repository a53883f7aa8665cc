//! The CSmith driver: fixed safety flags (the DEAD tool's), feature flags toggled by a seeded RNG,
//! the statistics trailer stripped, and a line-count window.

use crate::tools::CSMITH;
use equibench_core::Tools;
use std::process::Command;

/// Always passed: no unions, safe math wrappers, no argc (so one run covers all behaviour), no
/// volatiles.
pub const SAFETY_FLAGS: &[&str] = &[
    "--no-unions",
    "--safe-math",
    "--no-argc",
    "--no-volatiles",
    "--no-volatile-pointers",
];

/// Feature flags each switched on or off at random per program (`--X` / `--no-X`).
pub const FEATURES: &[&str] = &[
    "arrays",
    "bitfields",
    "comma-operators",
    "compound-assignment",
    "consts",
    "divs",
    "embedded-assigns",
    "pre-incr-operator",
    "pre-decr-operator",
    "post-incr-operator",
    "post-decr-operator",
    "unary-plus-operator",
    "jumps",
    "longlong",
    "int8",
    "uint8",
    "math64",
    "inline-function",
    "muls",
    "packed-struct",
    "structs",
    "const-pointers",
];

/// Where CSmith's statistics comment starts; it and everything after it are dropped.
const STATISTICS_START: &str = "/************************ statistics";

/// A line-count window for kept programs (EquiBench DCE: 98-880, average 541).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineWindow {
    pub min: u64,
    pub max: u64,
}

impl Default for LineWindow {
    fn default() -> Self {
        LineWindow { min: 98, max: 880 }
    }
}

impl LineWindow {
    pub fn contains(&self, program: &str) -> bool {
        let n = equibench_core::pair::count_lines(program);
        (self.min..=self.max).contains(&n)
    }
}

/// The CSmith seeds reserved for exemplar builds (issue 36): an exemplar build (a build seed in
/// `equibench_core::seed::EXEMPLAR_SEEDS`) draws its programs' CSmith seeds below this, a
/// benchmark build never does (a draw that falls there, one in 65,536, is drawn again), so no
/// exemplar's program can be one a benchmark build makes, whatever either's seed, while a
/// benchmark build keeps the programs it drew before the reservation.
pub const EXEMPLAR_CSMITH_SEEDS: u32 = 1 << 16;

/// One CSmith invocation: its seed and all flags, enough to reproduce the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsmithRun {
    pub seed: u32,
    pub flags: Vec<String>,
}

impl CsmithRun {
    /// A program of a build at `build_seed`: [`CsmithRun::random`] with its CSmith seed in the
    /// build's part of CSmith's seeds ([`EXEMPLAR_CSMITH_SEEDS`]): an exemplar build's below it,
    /// a benchmark build's drawn again from `rng` until it is not (the seed is the last thing
    /// drawn, so the flags stay as drawn).
    pub fn for_build(rng: &mut impl rand::Rng, build_seed: u64) -> Self {
        let mut run = CsmithRun::random(rng);
        if equibench_core::seed::makes_exemplars(build_seed) {
            run.seed %= EXEMPLAR_CSMITH_SEEDS;
        } else {
            while run.seed < EXEMPLAR_CSMITH_SEEDS {
                run.seed = rng.gen();
            }
        }
        run
    }

    /// Draw the feature flags, size limits and CSmith seed for a program from `rng`.
    pub fn random(rng: &mut impl rand::Rng) -> Self {
        let mut flags: Vec<String> = SAFETY_FLAGS.iter().map(|s| s.to_string()).collect();
        for f in FEATURES {
            flags.push(if rng.gen_bool(0.5) {
                format!("--{f}")
            } else {
                format!("--no-{f}")
            });
        }
        // Size knobs chosen so programs average near EquiBench's 541 lines (3-7 functions averaged
        // about 400) and most land in the 98-880 window.
        flags.push("--max-funcs".into());
        flags.push(rng.gen_range(4..=9u32).to_string());
        flags.push("--max-block-depth".into());
        flags.push(rng.gen_range(3..=4u32).to_string());
        CsmithRun {
            seed: rng.gen(),
            flags,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CsmithError {
    #[error(transparent)]
    Tool(#[from] equibench_core::tools::ToolError),
    #[error("could not run csmith: {0}")]
    Start(std::io::Error),
    #[error("csmith failed: {0}")]
    Failed(String),
}

/// Run CSmith and return the program without its statistics trailer.
pub fn generate(
    tools: &Tools,
    run: &CsmithRun,
    work_dir: &std::path::Path,
) -> Result<String, CsmithError> {
    let csmith = tools.get(&CSMITH)?;
    // csmith writes platform.info into its working directory.
    let out = Command::new(&csmith.path)
        .arg("--seed")
        .arg(run.seed.to_string())
        .args(&run.flags)
        .current_dir(work_dir)
        .output()
        .map_err(CsmithError::Start)?;
    if !out.status.success() {
        return Err(CsmithError::Failed(
            String::from_utf8_lossy(&out.stderr)
                .chars()
                .take(500)
                .collect(),
        ));
    }
    Ok(strip_statistics(&String::from_utf8_lossy(&out.stdout)))
}

/// Drop CSmith's trailing statistics comment (a model should not see it).
pub fn strip_statistics(program: &str) -> String {
    match program.find(STATISTICS_START) {
        Some(at) => {
            let mut kept = program[..at].trim_end().to_string();
            kept.push('\n');
            kept
        }
        None => program.to_string(),
    }
}
