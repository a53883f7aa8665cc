//! The exact prompts `equibench eval` sends. The text is built by the one prompt builder,
//! [`equibench_core::prompts`] (also behind `equibench prompts` and the exports); what eval adds
//! is the choice of few-shot exemplars for the evaluated set ([`crate::exemplars`]): a prompt
//! never shows a pair, or a program, of the set it evaluates.
//!
//! [`Prompter`] is the one entry point: "the exact prompt text of pair P for prompt type T, with
//! the exemplars eval would choose for this evaluated set". The plan of a run, the dry run and the
//! exports all go through it, so they cannot drift apart.

use crate::exemplars::{self, EvaluatedSet, Exemplar};
use crate::EvalError;
use equibench_core::prompts::{self as core_prompts, Shot};
use equibench_core::{CategoryName, Pair, Registry};
use std::collections::BTreeMap;

pub use equibench_core::prompts::{
    sha256, PromptError, PromptType, COT_INSTRUCTION, DIRECT_INSTRUCTION,
};

/// The prompts of one prompt type over one evaluated set. Exemplars are chosen per category the
/// first time a pair of it is asked for, and kept, so every prompt of a category shows the same.
pub struct Prompter<'r> {
    registry: &'r Registry,
    ptype: PromptType,
    evaluated: EvaluatedSet,
    chosen: BTreeMap<CategoryName, Vec<Exemplar>>,
}

impl<'r> Prompter<'r> {
    /// Prompts of `ptype` for pairs of `evaluated`: every pair the run (or the export) covers,
    /// which no exemplar may share a pair or a program with.
    pub fn new(evaluated: &[Pair], ptype: PromptType, registry: &'r Registry) -> Prompter<'r> {
        Prompter {
            registry,
            ptype,
            evaluated: EvaluatedSet::new(evaluated),
            chosen: BTreeMap::new(),
        }
    }

    pub fn prompt_type(&self) -> PromptType {
        self.ptype
    }

    /// The exact prompt text of `pair`, as `equibench eval` sends it.
    pub fn prompt(&mut self, pair: &Pair) -> Result<String, EvalError> {
        let category =
            self.registry
                .get(pair.category)
                .ok_or_else(|| EvalError::UnknownPairCategory {
                    id: pair.id.clone(),
                    category: pair.category.to_string(),
                    known: self.registry.cli_names().join(", "),
                })?;
        if self.ptype.few_shot() && !self.chosen.contains_key(&pair.category) {
            let chosen = self.evaluated.choose(exemplars::load(category)?)?;
            self.chosen.insert(pair.category, chosen);
        }
        let shots: Vec<Shot> = self
            .chosen
            .get(&pair.category)
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .map(|e| Shot {
                pair: &e.pair,
                rationale: e.rationale.as_deref(),
            })
            .collect();
        Ok(core_prompts::build(
            pair,
            category.descriptor(),
            self.ptype,
            &shots,
        )?)
    }

    /// The exemplars chosen so far, per category (none for the zero-shot types).
    pub fn exemplars(&self) -> &BTreeMap<CategoryName, Vec<Exemplar>> {
        &self.chosen
    }

    pub fn into_exemplars(self) -> BTreeMap<CategoryName, Vec<Exemplar>> {
        self.chosen
    }
}
