// Each test binary uses a different part of this module.
#![allow(dead_code)]

//! A test-only category: cheap, deterministic, and slow on demand, to test the build machinery
//! (resume, shards, jobs, validate) without the real tools. It wears DCE's descriptor so that the
//! real binary's `validate` (which knows the six categories) accepts its records.

use equibench_core::evidence::{Evidence, Source};
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDescriptor, CategoryError, Pair,
    PairDraft, PairSink, Provenance, Registry, Report, ToolVersion, Verdict,
};
use rand::Rng;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

pub struct Toy {
    pub delay: Duration,
}

impl Category for Toy {
    fn descriptor(&self) -> &CategoryDescriptor {
        &equibench_dce::DESCRIPTOR
    }

    fn block_size(&self) -> usize {
        3
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        _want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let mut rng = equibench_core::seed::rng(ctx.block_seed(self.name()), &["toy"]);
        let mut attempt = 0u32;
        while !sink.remaining().is_zero() {
            if ctx.cancelled() {
                return Err(CategoryError::Cancelled);
            }
            attempt += 1;
            let x: u32 = rng.gen_range(0..1000);
            if x.is_multiple_of(7) {
                sink.reject("divisible-by-seven");
                continue;
            }
            let left = sink.remaining();
            let equivalent = left.inequivalent == 0 || (left.equivalent > 0 && x.is_multiple_of(2));
            let name = format!("b{}a{}", ctx.block.index, attempt);
            let p1 =
                format!("/* {name} */\nint main(void) {{\n  int x = {x};\n  return x % 2;\n}}\n");
            let p2 = if equivalent {
                format!("/* {name} */\nint main(void) {{\n  int x = {x};\n  return x & 1;\n}}\n")
            } else {
                format!(
                    "/* {name} */\nint main(void) {{\n  int x = {x};\n  return (x + 1) % 2;\n}}\n"
                )
            };
            std::thread::sleep(self.delay);
            sink.emit(
                PairDraft {
                    equivalent,
                    program_1: p1,
                    program_2: p2,
                    context: Default::default(),
                    provenance: Provenance {
                        pipeline: "toy-test-category 0".into(),
                        tools: vec![ToolVersion::new("toy", "1")],
                        seed: ctx.seed,
                        source: Source::new("toy", &json!({"x": x})),
                        transformation: "x % 2 rewritten".into(),
                        evidence: Evidence::new("toy-arithmetic", &json!({})),
                    },
                }
                .finish(self.descriptor()),
            )?;
        }
        Ok(Report::default())
    }

    fn audit(&self, pair: &Pair, _ctx: &AuditContext) -> Verdict {
        let same = pair.program_2.contains("x & 1");
        if same == pair.equivalent {
            Verdict::Confirmed("x % 2 == x & 1 for non-negative x".into())
        } else {
            Verdict::Contradicted("the rewrite does not match the label".into())
        }
    }
}

pub fn toy_registry(delay_ms: u64) -> Registry {
    let mut r = Registry::new();
    r.register(Box::new(Toy {
        delay: Duration::from_millis(delay_ms),
    }));
    r
}

/// Build with the toy category; returns the exit code.
pub fn toy_build(out: &Path, extra: &[&str]) -> u8 {
    let mut args = vec![
        "equibench".to_string(),
        "--quiet".into(),
        "build".into(),
        "--categories".into(),
        "dce".into(),
        "--pairs".into(),
        "24".into(),
        "--seed".into(),
        "11".into(),
        "--out".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    equibench_cli::run_code(args, &toy_registry(0))
}

/// The files that must be byte-identical between two builds of the same request.
pub fn output_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    ["pairs.jsonl", "DCE/pairs.json"]
        .iter()
        .map(|f| {
            (
                f.to_string(),
                std::fs::read(dir.join(f)).unwrap_or_else(|e| panic!("{}/{f}: {e}", dir.display())),
            )
        })
        .collect()
}
