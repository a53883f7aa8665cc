//! The Python packages that read the exports, declared as categories declare theirs
//! ([`VenvPackage`]): `scripts/setup.sh` installs them into the project virtualenv, `equibench
//! doctor` lists them, and the export tests run them. equibench itself never imports them: the
//! exports are written in Rust.

use equibench_core::VenvPackage;

/// Hugging Face `datasets`: `load_dataset(OUT, CONFIG)` of an `--format hf` export.
pub static DATASETS: VenvPackage = VenvPackage {
    name: "datasets",
    pip: "datasets==5.2.0",
};

/// EleutherAI's lm-evaluation-harness, with the extra its OpenAI-compatible API models need.
pub static LM_EVAL: VenvPackage = VenvPackage {
    name: "lm_eval",
    pip: "lm-eval[api]==0.4.13",
};

/// UK AISI's Inspect.
pub static INSPECT_AI: VenvPackage = VenvPackage {
    name: "inspect_ai",
    pip: "inspect-ai==0.3.285",
};

/// Every package, with the export format it serves.
pub fn packages() -> [(&'static VenvPackage, crate::Format); 3] {
    [
        (&DATASETS, crate::Format::Hf),
        (&LM_EVAL, crate::Format::LmEval),
        (&INSPECT_AI, crate::Format::Inspect),
    ]
}
