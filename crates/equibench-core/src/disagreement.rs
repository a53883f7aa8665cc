//! How subtle an inequivalent pair is: on how many of K fresh random inputs its two programs
//! disagree (or, where a category cannot draw inputs, how many output bytes change). A pair that
//! differs at one boundary value is far harder to call inequivalent than one that differs almost
//! everywhere; the label alone cannot tell them apart.
//!
//! Every category records it under one evidence key, [`EVIDENCE_KEY`], with the same shape, as a
//! typed field of the evidence envelope ([`crate::evidence::Evidence::with_disagreement`]), so
//! `stats`, the report and `eval analyse` read it ([`Pair::disagreement`]) without knowing which
//! category wrote it. Only
//! integers are recorded (the rate is derived), so the record's bytes never depend on float
//! formatting. The category's audit re-derives it; a different value is a contradiction.

use crate::pair::Pair;
use serde::{Deserialize, Serialize};

/// The evidence key: `provenance.evidence.disagreement`.
pub const EVIDENCE_KEY: &str = "disagreement";

/// What a [`Disagreement`] counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Over {
    /// Fresh random inputs drawn from a recorded seed, on each of which both programs ran.
    Inputs,
    /// Bytes of the two programs' outputs on the category's one input (positions compared up to
    /// the longer output; a byte present in one output only counts as differing).
    OutputBytes,
}

/// The share of trials on which the two programs of an inequivalent pair disagree. Trials are fresh
/// draws, never the pair's own witness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disagreement {
    pub over: Over,
    /// Inputs tried, or output bytes compared (K).
    pub trials: u32,
    /// Of those, how many disagree (`0 <= differing <= trials`; 0 when no fresh input found the
    /// difference the pair's witness shows: the subtlest pairs).
    pub differing: u32,
    /// Seed of the input draw ([`Over::Inputs`] only), so the audit draws the same inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl Disagreement {
    /// `differing / trials`: near 0 is subtle, 1 differs on every input.
    pub fn rate(&self) -> f64 {
        if self.trials == 0 {
            return 0.0;
        }
        f64::from(self.differing) / f64::from(self.trials)
    }

    /// Structural problems of a recorded value, for audits (`None` when well formed).
    pub fn problem(&self) -> Option<String> {
        if self.trials == 0 {
            return Some("disagreement.trials is 0".into());
        }
        if self.differing > self.trials {
            return Some(format!(
                "disagreement.differing {} exceeds trials {}",
                self.differing, self.trials
            ));
        }
        match (self.over, self.seed) {
            (Over::Inputs, None) => Some("disagreement over inputs records no seed".into()),
            (Over::OutputBytes, Some(_)) => {
                Some("disagreement over output bytes records a seed".into())
            }
            _ => None,
        }
    }

    /// Counted over two byte strings: positions up to the longer one that differ.
    pub fn of_outputs(a: &[u8], b: &[u8]) -> Disagreement {
        let longer = a.len().max(b.len());
        let differing = (0..longer).filter(|&i| a.get(i) != b.get(i)).count();
        Disagreement {
            over: Over::OutputBytes,
            trials: u32::try_from(longer).unwrap_or(u32::MAX),
            differing: u32::try_from(differing).unwrap_or(u32::MAX),
            seed: None,
        }
    }
}

impl Pair {
    /// The recorded disagreement, `None` when the pair has none (equivalent pairs; categories or
    /// records that do not measure it). A malformed one never gets this far: the record does not
    /// parse ([`crate::evidence::Evidence`] reads it), so `validate` reports the line.
    pub fn disagreement(&self) -> Option<Disagreement> {
        self.provenance.evidence.disagreement
    }
}
