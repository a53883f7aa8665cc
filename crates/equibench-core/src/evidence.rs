//! The two tagged objects of a pair's provenance, typed: [`Source`] (`provenance.source`, where
//! program_1 came from) and [`Evidence`] (`provenance.evidence`, why the label is true).
//!
//! Each holds the `kind` every reader may rely on (the schema requires it, so a record without one
//! does not parse) and, beside it, the category's own details. Only the category reads those: it
//! parses them into its own serde record with [`Evidence::record`] (or [`Source::record`]), so the
//! code that writes a pair and the audit that reads it share one definition, and a record with
//! `#[serde(deny_unknown_fields)]` turns a key renamed on one side into an error instead of a
//! silently skipped check. The core names no kind and no category.
//!
//! What every category's evidence shares is typed here: the `kind`, and the subtlety of an
//! inequivalent pair ([`Disagreement`], under `disagreement`), which generic code (stats, the
//! report, eval analyses) reads through [`Evidence::disagreement`] and never by category. A
//! category's record therefore holds neither `kind` nor `disagreement`.
//!
//! On disk each object is the category's keys with `kind` (and `disagreement`) among them, keys
//! sorted at every level: exactly the bytes written before the envelope was typed.

use crate::disagreement::{Disagreement, EVIDENCE_KEY as DISAGREEMENT};
use crate::pair::canonicalize;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The key of the kind in both objects.
pub const KIND: &str = "kind";

/// `provenance.evidence`: the kind of argument the label rests on, how subtle an inequivalent
/// pair is, and the category's details (a serde record of the category, as a JSON object).
#[derive(Debug, Clone, PartialEq)]
pub struct Evidence {
    /// e.g. `smt-unsat` or `numeric-witness`: the category's name for its argument.
    pub kind: String,
    /// Inequivalent pairs: how many of the trials tried told the two programs apart.
    pub disagreement: Option<Disagreement>,
    /// Everything else, without `kind` and `disagreement`; read it with [`Evidence::record`].
    pub details: Map<String, Value>,
}

/// `provenance.source`: the kind of origin of program_1 and the category's details.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// e.g. a generator's or a corpus's name: the category's name for the origin.
    pub kind: String,
    /// Everything else, without `kind`; read it with [`Source::record`].
    pub details: Map<String, Value>,
}

/// A category's details that do not parse as its record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed {what}: {message}")]
pub struct RecordError {
    /// `evidence` or `provenance.source`.
    pub what: &'static str,
    /// serde's account: the key missing, unknown or mistyped.
    pub message: String,
}

impl Evidence {
    /// Evidence of kind `kind` whose details are `record`: a serde record of the category (or a
    /// `json!` object). A `kind` or `disagreement` key in it is dropped: those are the envelope's.
    ///
    /// # Panics
    /// When `record` does not serialise to a JSON object (a record type that is not a struct or
    /// a map): a programming error of the category, never a matter of input.
    pub fn new<T: Serialize + ?Sized>(kind: impl Into<String>, record: &T) -> Self {
        let mut details = details_of(record);
        details.remove(DISAGREEMENT);
        Evidence {
            kind: kind.into(),
            disagreement: None,
            details,
        }
    }

    /// The same evidence, recording how subtle the (inequivalent) pair is.
    pub fn with_disagreement(mut self, disagreement: Disagreement) -> Self {
        self.disagreement = Some(disagreement);
        self
    }

    /// The category's details parsed as its record `T`: with `#[serde(deny_unknown_fields)]`, a
    /// key `T` does not know, or one it needs and does not find, is an error, never a default.
    pub fn record<T: DeserializeOwned>(&self) -> Result<T, RecordError> {
        parse_details(&self.details, "evidence")
    }

    /// The object as it is written, `kind` and `disagreement` among the details.
    pub fn to_map(&self) -> Map<String, Value> {
        let mut m = self.details.clone();
        m.insert(KIND.into(), Value::String(self.kind.clone()));
        if let Some(d) = &self.disagreement {
            m.insert(DISAGREEMENT.into(), disagreement_value(d));
        }
        m
    }
}

impl Source {
    /// A source of kind `kind` whose details are `record` (a serde record or a `json!` object);
    /// a `kind` key in it is dropped.
    ///
    /// # Panics
    /// As [`Evidence::new`], when `record` is not a JSON object.
    pub fn new<T: Serialize + ?Sized>(kind: impl Into<String>, record: &T) -> Self {
        Source {
            kind: kind.into(),
            details: details_of(record),
        }
    }

    /// The category's details parsed as its record `T` (see [`Evidence::record`]).
    pub fn record<T: DeserializeOwned>(&self) -> Result<T, RecordError> {
        parse_details(&self.details, "provenance.source")
    }

    /// The object as it is written, `kind` among the details.
    pub fn to_map(&self) -> Map<String, Value> {
        let mut m = self.details.clone();
        m.insert(KIND.into(), Value::String(self.kind.clone()));
        m
    }
}

/// The disagreement as written: an object with its keys sorted, like every object of a record.
fn disagreement_value(d: &Disagreement) -> Value {
    canonicalize(&serde_json::to_value(d).expect("a disagreement always serialises"))
}

/// `record` as a JSON object, without a `kind` key.
fn details_of<T: Serialize + ?Sized>(record: &T) -> Map<String, Value> {
    match serde_json::to_value(record) {
        Ok(Value::Object(mut m)) => {
            m.remove(KIND);
            m
        }
        Ok(other) => panic!("a provenance record must be a JSON object, not {other}"),
        Err(e) => panic!("a provenance record must serialise: {e}"),
    }
}

fn parse_details<T: DeserializeOwned>(
    details: &Map<String, Value>,
    what: &'static str,
) -> Result<T, RecordError> {
    T::deserialize(details).map_err(|e| RecordError {
        what,
        message: e.to_string(),
    })
}

/// The `kind` of an object read from disk, taken out of it.
fn take_kind(details: &mut Map<String, Value>, what: &str) -> Result<String, String> {
    match details.remove(KIND) {
        Some(Value::String(kind)) => Ok(kind),
        Some(other) => Err(format!("{what} has a `kind` that is not a string: {other}")),
        None => Err(format!("{what} has no `kind`")),
    }
}

/// The object with its keys sorted (at the top level; the details were sorted when the pair was
/// finished), as every object of a record is written.
fn serialize_sorted<S: Serializer>(
    s: S,
    details: &Map<String, Value>,
    own: &[(&'static str, Value)],
) -> Result<S::Ok, S::Error> {
    let mut all: BTreeMap<&str, &Value> = details.iter().map(|(k, v)| (k.as_str(), v)).collect();
    for (k, v) in own {
        all.insert(k, v);
    }
    all.serialize(s)
}

impl Serialize for Evidence {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut own = vec![(KIND, Value::String(self.kind.clone()))];
        if let Some(d) = &self.disagreement {
            own.push((DISAGREEMENT, disagreement_value(d)));
        }
        serialize_sorted(s, &self.details, &own)
    }
}

impl<'de> Deserialize<'de> for Evidence {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut details = Map::<String, Value>::deserialize(d)?;
        let kind = take_kind(&mut details, "provenance.evidence").map_err(D::Error::custom)?;
        let disagreement = details
            .remove(DISAGREEMENT)
            .map(Disagreement::deserialize)
            .transpose()
            .map_err(|e| D::Error::custom(format!("provenance.evidence.{DISAGREEMENT}: {e}")))?;
        Ok(Evidence {
            kind,
            disagreement,
            details,
        })
    }
}

impl Serialize for Source {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_sorted(
            s,
            &self.details,
            &[(KIND, Value::String(self.kind.clone()))],
        )
    }
}

impl<'de> Deserialize<'de> for Source {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut details = Map::<String, Value>::deserialize(d)?;
        let kind = take_kind(&mut details, "provenance.source").map_err(D::Error::custom)?;
        Ok(Source { kind, details })
    }
}
