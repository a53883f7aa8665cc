//! The few-shot exemplars of a category, read from [`Category::exemplars`] and checked before any
//! prompt uses them: each must be a well-formed record of the category (its id matching its
//! content), and none may be a pair of the evaluated set, by id or by the text of either program (a
//! pair rebuilt with another context has another id but shows the model the same programs).
//! Exemplars are made at build seeds in `equibench_core::seed::EXEMPLAR_SEEDS`, which `build`
//! refuses; the seed a record keeps may be derived from it, so it is not checked here.

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
        "exemplar {id} of category `{category}` is also in the evaluated set ({how}): a few-shot prompt would show the model its answer; refusing"
    )]
    InEvaluatedSet {
        category: String,
        id: String,
        how: String,
    },
}

/// The exemplars `category` ships, checked, in the order used: equivalent and inequivalent
/// alternate (YES first), each label in the order of the category's file, so neither label comes
/// last in every prompt.
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
    let mut out = Vec::with_capacity(eq.len() + ineq.len());
    let (mut a, mut b) = (eq.into_iter(), ineq.into_iter());
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (x, y) => out.extend(x.into_iter().chain(y)),
        }
    }
    Ok(out)
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

    /// Refuse any exemplar that is, or shares a program with, a pair of the set.
    pub fn check(&self, exemplars: &[Exemplar]) -> Result<(), ExemplarError> {
        for ex in exemplars {
            let p = &ex.pair;
            let refuse = |how: String| ExemplarError::InEvaluatedSet {
                category: p.category.to_string(),
                id: p.id.clone(),
                how,
            };
            if self.ids.contains_key(&p.id) {
                return Err(refuse("same id".into()));
            }
            for (side, text) in [("program_1", &p.program_1), ("program_2", &p.program_2)] {
                if let Some(other) = self.programs.get(&sha256_hex(text.as_bytes())) {
                    return Err(refuse(format!("its {side} is a program of pair {other}")));
                }
            }
        }
        Ok(())
    }
}
