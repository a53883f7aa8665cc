//! `equibench eval --dry-run`: what a run would send, without sending it. Per category, the number
//! of prompts and an estimate of their tokens.
//!
//! The estimate is UTF-8 bytes / 4, rounded up per prompt: the usual rule of thumb for English
//! and code with BPE tokenizers (OpenAI's own guidance is ~4 characters a token). It needs no
//! tokenizer data and no model name, and it is an estimate: real counts differ by tokenizer,
//! and code with many short identifiers or symbols runs higher. Replies are not estimated: they
//! are bounded by `--max-tokens` and depend on the prompt type (a chain of thought is long).

use crate::plan::Plan;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The estimated tokens of a prompt.
pub fn estimate_tokens(prompt: &str) -> u64 {
    (prompt.len() as u64).div_ceil(4)
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CategoryEstimate {
    pub prompts: usize,
    pub bytes: u64,
    pub tokens: u64,
    pub mean_tokens: f64,
    pub max_tokens: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DryRun {
    pub prompt_type: String,
    pub categories: BTreeMap<String, CategoryEstimate>,
    pub total: CategoryEstimate,
}

pub fn estimate(plan: &Plan, prompt_type: &str) -> DryRun {
    let mut categories: BTreeMap<String, CategoryEstimate> = BTreeMap::new();
    let mut total = CategoryEstimate::default();
    for j in &plan.jobs {
        let t = estimate_tokens(&j.prompt);
        for e in [
            categories.entry(j.pair.category.to_string()).or_default(),
            &mut total,
        ] {
            e.prompts += 1;
            e.bytes += j.prompt.len() as u64;
            e.tokens += t;
            e.max_tokens = e.max_tokens.max(t);
        }
    }
    for e in categories.values_mut().chain(std::iter::once(&mut total)) {
        e.mean_tokens = if e.prompts == 0 {
            0.0
        } else {
            e.tokens as f64 / e.prompts as f64
        };
    }
    DryRun {
        prompt_type: prompt_type.into(),
        categories,
        total,
    }
}

pub fn render(d: &DryRun) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "dry run ({}): nothing sent; tokens estimated as UTF-8 bytes / 4 per prompt",
        d.prompt_type
    );
    let _ = writeln!(
        out,
        "{:<10} {:>8} {:>12} {:>12} {:>10} {:>10}",
        "category", "prompts", "bytes", "est. tokens", "mean", "max"
    );
    for (c, e) in d
        .categories
        .iter()
        .chain(std::iter::once((&"total".to_string(), &d.total)))
    {
        let _ = writeln!(
            out,
            "{:<10} {:>8} {:>12} {:>12} {:>10.0} {:>10}",
            c, e.prompts, e.bytes, e.tokens, e.mean_tokens, e.max_tokens
        );
    }
    out
}
