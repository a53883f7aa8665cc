//! What a run asks: the pairs chosen from DIR and the exact prompt of each, a pure function of DIR
//! and the options (so a resumed run, a dry run and a test all rebuild the same text).

use crate::exemplars::Exemplar;
use crate::prompt::{self, PromptType, Prompter};
use crate::EvalError;
use equibench_core::{CategoryName, Pair, Registry};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The options that decide which requests a run sends and how they are scored. Everything here is
/// part of a run's identity ([`crate::runlog::Identity`]); transport settings (concurrency,
/// timeouts, retries) are not, since they change no answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvalOptions {
    pub model: String,
    pub base_url: String,
    pub prompt: PromptType,
    /// Record spellings of the categories evaluated (empty: every category present in DIR).
    pub categories: Vec<String>,
    /// At most this many pairs per category: the first ones in DIR's order (sorted by id, so an
    /// unbiased and stable sample).
    pub limit: Option<usize>,
    /// Sent only when given (EquiBench sets none: the server's default).
    pub temperature: Option<f64>,
    /// Sent as `max_tokens` only when given.
    pub max_tokens: Option<u32>,
    /// Sent as the request's `seed` when given; also seeds the `--paper-compat` coin (0 if absent).
    pub seed: Option<u64>,
    /// Score unparsed replies and unanswerable requests (context too long, bad request) by a
    /// seeded coin flip, as EquiBench's harness does (unseeded there).
    pub paper_compat: bool,
}

impl EvalOptions {
    /// A run of MODEL at BASE_URL with PROMPT over every pair of DIR, with EquiBench's defaults:
    /// no sampling parameters sent (the server's own), no limit, no coin for unparsed replies.
    pub fn new(model: impl Into<String>, base_url: impl Into<String>, prompt: PromptType) -> Self {
        EvalOptions {
            model: model.into(),
            base_url: base_url.into(),
            prompt,
            categories: vec![],
            limit: None,
            temperature: None,
            max_tokens: None,
            seed: None,
            paper_compat: false,
        }
    }
}

/// One request of a run.
#[derive(Debug, Clone)]
pub struct Job {
    pub pair: Pair,
    pub prompt: String,
    pub prompt_sha256: String,
}

/// Every request of a run, in DIR's order.
pub struct Plan {
    pub jobs: Vec<Job>,
    /// Exemplars used per category (empty for the zero-shot types).
    pub exemplars: BTreeMap<CategoryName, Vec<Exemplar>>,
}

impl Plan {
    /// sha256 over every (pair id, prompt sha256): what the run's identity records of DIR.
    pub fn requests_sha256(&self) -> String {
        let mut text = String::new();
        for j in &self.jobs {
            text.push_str(&j.pair.id);
            text.push(' ');
            text.push_str(&j.prompt_sha256);
            text.push('\n');
        }
        equibench_core::pair::sha256_hex(text.as_bytes())
    }

    /// Pairs per category.
    pub fn counts(&self) -> BTreeMap<CategoryName, usize> {
        let mut m = BTreeMap::new();
        for j in &self.jobs {
            *m.entry(j.pair.category).or_default() += 1;
        }
        m
    }
}

/// Read DIR's pairs and build every prompt of the run `options` describes.
pub fn plan(dir: &Path, options: &EvalOptions, registry: &Registry) -> Result<Plan, EvalError> {
    let pairs = equibench_core::output::read_pairs(dir)?;
    plan_pairs(&pairs, options, registry)
}

/// [`plan`] over pairs already read.
pub fn plan_pairs(
    pairs: &[Pair],
    options: &EvalOptions,
    registry: &Registry,
) -> Result<Plan, EvalError> {
    let wanted: Vec<CategoryName> = options
        .categories
        .iter()
        .map(|c| registry.resolve(c))
        .collect::<Result<_, _>>()?;
    // The exemplars are chosen against every pair of DIR, not only the ones asked.
    let mut prompter = Prompter::new(pairs, options.prompt, registry);
    let mut taken: BTreeMap<CategoryName, usize> = BTreeMap::new();
    let mut jobs = Vec::new();
    for pair in pairs {
        if !wanted.is_empty() && !wanted.contains(&pair.category) {
            continue;
        }
        let n = taken.entry(pair.category).or_default();
        if options.limit.is_some_and(|l| *n >= l) {
            continue;
        }
        *n += 1;
        let text = prompter.prompt(pair)?;
        jobs.push(Job {
            prompt_sha256: prompt::sha256(&text),
            prompt: text,
            pair: pair.clone(),
        });
    }
    Ok(Plan {
        jobs,
        exemplars: prompter.into_exemplars(),
    })
}
