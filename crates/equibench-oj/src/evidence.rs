//! The evidence an OJ pair carries, as typed records: written by [`crate::make`], read back by
//! [`crate::audit`]. One definition for both sides, so a key renamed on one side is a parse error
//! at audit time instead of a silently skipped check. Every record denies unknown keys; a key the
//! audit needs is required. The few keys that may be absent are absent on purpose (kind-specific
//! keys, or keys older records lack and the audit has a stated rule for) and say so.
//!
//! On disk the evidence is a JSON object whose keys are sorted (serde_json's default map), so the
//! field order here does not change the bytes written.

use crate::compare::Tolerance;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

pub const EQUIVALENT_KIND: &str = "differential-test";
pub const RENAMED_EQUIVALENT_KIND: &str = "alpha-equivalence-and-differential-test";
pub const WITNESS_KIND: &str = "differential-witness";

/// A pair's evidence, both kinds in one record: the keys of one kind only are optional here, and
/// the audit asks for the ones its label needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub seed_ranges: SeedRanges,
    /// Equivalent pairs: every input both programs were run on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<InputsRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outputs_agree: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_sha256: Option<Vec<String>>,
    /// Inequivalent pairs: how many inputs were tried before the witness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs_tried: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witness: Option<WitnessRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outputs_differ: Option<bool>,
    pub statuses: [String; 2],
    pub status_source: String,
    pub judge: String,
    pub comparison: String,
    /// Absent from records made before the second hash seed (built under seed 0 alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_seeds: Option<Vec<u64>>,
    /// Present when the build ran the programs under `hash_seeds[0]` alone: why no hash seed can
    /// change what they do (the audit still runs them under a seed the build did not use).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_order_free: Option<String>,
    #[serde(deserialize_with = "required")]
    pub float_tolerance: Option<f64>,
    /// Outer `None`: absent (records before it, read by `float_tolerance`); inner `None`: `null`,
    /// no tolerance stated.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "present",
        deserialize_with = "nullable"
    )]
    pub tolerance: Option<Option<Tolerance>>,
    pub time_limit_ms: u64,
    pub memory_limit_kb: u64,
    pub inputs_source: String,
    /// Only for problems with a generator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generator_sha256: Option<String>,
    /// Only for pairs with a renamed side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renaming: Option<RenamingRecord>,
}

/// The judge's and the test's input seed ranges, each `[first, end)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedRanges {
    pub judge: [u64; 2],
    pub test: [u64; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputsRecord {
    pub count: usize,
    pub inline: usize,
    pub items: Vec<InputRecord>,
}

/// One input: its origin (`sample`, `generator` with `seed`, `sample-mutation` with `attempt` and
/// `validators`), its sha256, and its text verbatim, packed (`text_gzip_base64` with `bytes`), or
/// neither (a generated input, remade from its seed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRecord {
    pub origin: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempt: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validators: Option<u64>,
    pub sha256: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_gzip_base64: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<usize>,
}

/// What one program printed on the witness: verbatim up to a cap, else a prefix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputRecord {
    pub sha256: String,
    pub ending: String,
    pub bytes: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_prefix: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WitnessRecord {
    pub input: InputRecord,
    /// Which program is the Accepted one (1 or 2). Absent from older records, whose witness must
    /// then separate the programs either way round.
    #[serde(default)]
    pub accepted_side: Option<u64>,
    /// Written by every build since outputs were recorded; not re-checked by the audit (it
    /// re-runs the programs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_1: Option<OutputRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_2: Option<OutputRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenamingRecord {
    pub renamed_program: u64,
    pub map: BTreeMap<String, String>,
    pub tool: String,
    pub alpha_equivalent_to_source: bool,
    #[serde(deserialize_with = "required")]
    pub alpha_check: Option<String>,
    pub normalisation: String,
}

/// The evidence's details, parsed: a missing, unknown or mistyped key is an error.
pub fn parse(evidence: &equibench_core::evidence::Evidence) -> Result<Evidence, String> {
    evidence.record().map_err(|e| e.to_string())
}

/// An `Option` whose key must be present (it may be `null`): serde lets a missing `Option` key
/// through as `None` unless a `deserialize_with` is given.
fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

/// A present key whose value may be `null` (`Some(None)`); an absent key stays `None` by `default`.
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

fn present<S: Serializer, T: Serialize>(v: &Option<Option<T>>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(inner) => inner.serialize(s),
        None => s.serialize_none(),
    }
}

/// `provenance.source` (without its `kind`): the problem and where each shown program came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRecord {
    pub problem_id: String,
    pub problem_name: String,
    pub program_1: SideRecord,
    pub program_2: SideRecord,
}

/// One shown program: its submission (by id and sha256), the status claimed for it, whether it
/// was renamed, and the mutant of the submission it is, if it is one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideRecord {
    pub submission_id: String,
    pub status: String,
    pub source_sha256: String,
    pub renamed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mutant: Option<MutantRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MutantRecord {
    pub of_submission: String,
    pub operator: String,
    pub line: u64,
    pub edit: String,
    /// Its index among the submission's mutants (the audit remakes it by this).
    pub index: usize,
    pub judged: JudgedRecord,
}

/// The judge's verdict on a mutant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgedRecord {
    pub status: String,
    pub passed: usize,
    pub judged: usize,
    #[serde(deserialize_with = "required")]
    pub first_wrong_input: Option<usize>,
}

/// `provenance.source`'s details, parsed like [`parse`].
pub fn parse_source(source: &equibench_core::evidence::Source) -> Result<SourceRecord, String> {
    source.record().map_err(|e| e.to_string())
}
