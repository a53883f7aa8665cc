//! The few-shot exemplars of a category, read from [`Category::exemplars`] and checked before any
//! prompt uses them: each must be a well-formed record of the category (its id matching its
//! content), and none may be a pair of the evaluated set, by id or by the text of either program (a
//! pair rebuilt with another context has another id but shows the model the same programs).
//! Exemplars are made at build seeds in `equibench_core::seed::EXEMPLAR_SEEDS`, which `build`
//! refuses; the seed a record keeps may be derived from it, so it is not checked here.
//!
//! A category ships spares: a build at another seed can still make one of the exemplars'
//! programs (CUDA's kernel space is finite, OJ's corpus too), so a prompt uses the first
//! [`PER_LABEL`] of each label, in the file's order, that share nothing with the evaluated set, and
//! eval refuses only when fewer remain. The choice depends on DIR alone, so prompts stay
//! reproducible from DIR and the options.

use equibench_core::pair::sha256_hex;
use equibench_core::{Category, Pair};
use std::collections::HashMap;

/// One few-shot exemplar with the rationale its category gives for it (for FEW_COT).
#[derive(Debug, Clone, PartialEq)]
pub struct Exemplar {
    pub pair: Pair,
    pub rationale: Option<String>,
}

/// Why a category's exemplars cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExemplarError {
    #[error("exemplar line {line} of category `{category}` is not a pair record: {message}")]
    Malformed {
        category: String,
        line: usize,
        message: String,
    },
    #[error("exemplar {id} of category `{category}` {problem}")]
    Invalid {
        category: String,
        id: String,
        problem: String,
    },
    #[error(
        "category `{category}` needs at least one equivalent and one inequivalent exemplar; it has {equivalent} and {inequivalent}"
    )]
    Unbalanced {
        category: String,
        equivalent: usize,
        inequivalent: usize,
    },
    #[error(
        "category `{category}` has too few {label} exemplars outside the evaluated set ({usable} of the {wanted} a prompt shows): {excluded}; a few-shot prompt would show the model its answer. Regenerate the exemplars with more spares (scripts/make-exemplars.sh)"
    )]
    InEvaluatedSet {
        category: String,
        label: &'static str,
        usable: usize,
        wanted: usize,
        /// Why the others were passed over, one clause per exemplar.
        excluded: String,
    },
}

/// How many exemplars of each label a few-shot prompt shows (EquiBench's 2 + 2).
pub const PER_LABEL: usize = 2;

/// Every exemplar `category` ships, checked, equivalent ones first, each label in the order of
/// the category's file. [`EvaluatedSet::choose`] picks the ones a prompt shows.
pub fn load(category: &dyn Category) -> Result<Vec<Exemplar>, ExemplarError> {
    let d = category.descriptor();
    let name = d.name.to_string();
    let mut eq = Vec::new();
    let mut ineq = Vec::new();
    for (i, line) in category.exemplars().lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let pair: Pair = serde_json::from_str(line).map_err(|e| ExemplarError::Malformed {
            category: name.clone(),
            line: i + 1,
            message: e.to_string(),
        })?;
        let invalid = |problem: String| ExemplarError::Invalid {
            category: name.clone(),
            id: pair.id.clone(),
            problem,
        };
        if pair.category != d.id() {
            return Err(invalid(format!("is of category `{}`", pair.category)));
        }
        if pair.id != pair.expected_id() {
            return Err(invalid(format!(
                "has the wrong id (its content gives {})",
                pair.expected_id()
            )));
        }
        let rationale = category.rationale(&pair);
        let ex = Exemplar { pair, rationale };
        if ex.pair.equivalent {
            eq.push(ex)
        } else {
            ineq.push(ex)
        }
    }
    if eq.is_empty() && ineq.is_empty() {
        return Ok(Vec::new());
    }
    if eq.is_empty() || ineq.is_empty() {
        return Err(ExemplarError::Unbalanced {
            category: name,
            equivalent: eq.len(),
            inequivalent: ineq.len(),
        });
    }
    Ok(eq.into_iter().chain(ineq).collect())
}

/// Equivalent and inequivalent exemplars alternating (YES first), so neither label comes last in
/// every prompt.
fn interleave(eq: Vec<Exemplar>, ineq: Vec<Exemplar>) -> Vec<Exemplar> {
    let mut out = Vec::with_capacity(eq.len() + ineq.len());
    let (mut a, mut b) = (eq.into_iter(), ineq.into_iter());
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (x, y) => out.extend(x.into_iter().chain(y)),
        }
    }
    out
}

/// What identifies the pairs of the evaluated set: their ids and the sha256 of every program text.
pub struct EvaluatedSet {
    ids: HashMap<String, ()>,
    programs: HashMap<String, String>,
}

impl EvaluatedSet {
    pub fn new(pairs: &[Pair]) -> Self {
        let mut programs = HashMap::new();
        for p in pairs {
            for text in [&p.program_1, &p.program_2] {
                programs.insert(sha256_hex(text.as_bytes()), p.id.clone());
            }
        }
        EvaluatedSet {
            ids: pairs.iter().map(|p| (p.id.clone(), ())).collect(),
            programs,
        }
    }

    /// Why `ex` may not be shown beside this set, if it may not: it is, or shares a program with,
    /// one of its pairs.
    fn conflict(&self, ex: &Exemplar) -> Option<String> {
        let p = &ex.pair;
        if self.ids.contains_key(&p.id) {
            return Some(format!("{} is a pair of the set", short(&p.id)));
        }
        for (side, text) in [("program_1", &p.program_1), ("program_2", &p.program_2)] {
            if let Some(other) = self.programs.get(&sha256_hex(text.as_bytes())) {
                return Some(format!(
                    "{}'s {side} is a program of pair {}",
                    short(&p.id),
                    short(other)
                ));
            }
        }
        None
    }

    /// The exemplars a prompt shows: of each label the first [`PER_LABEL`] (or all the category
    /// ships, if fewer) that share nothing with the set, alternating YES first. Refuses when a label
    /// has fewer usable than that.
    pub fn choose(&self, all: Vec<Exemplar>) -> Result<Vec<Exemplar>, ExemplarError> {
        let mut chosen: [Vec<Exemplar>; 2] = [Vec::new(), Vec::new()];
        let mut excluded: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        let mut shipped = [0usize; 2];
        let category = all.first().map(|e| e.pair.category.to_string());
        for ex in all {
            let slot = usize::from(!ex.pair.equivalent);
            shipped[slot] += 1;
            if chosen[slot].len() == PER_LABEL {
                continue;
            }
            match self.conflict(&ex) {
                Some(why) => excluded[slot].push(why),
                None => chosen[slot].push(ex),
            }
        }
        for slot in 0..2 {
            let wanted = PER_LABEL.min(shipped[slot]);
            if chosen[slot].len() < wanted {
                return Err(ExemplarError::InEvaluatedSet {
                    category: category.unwrap_or_default(),
                    label: ["equivalent", "inequivalent"][slot],
                    usable: chosen[slot].len(),
                    wanted,
                    excluded: excluded[slot].join("; "),
                });
            }
        }
        let [eq, ineq] = chosen;
        Ok(interleave(eq, ineq))
    }
}

fn short(id: &str) -> &str {
    &id[..id.len().min(12)]
}
