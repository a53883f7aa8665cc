//! The labelled-pair record of `pair-format.md` (schema version 1), its content-addressed id, and
//! the one constructor every pipeline uses so that id, definition, language and stats can never
//! disagree with the programs.

use crate::descriptor::{CategoryDescriptor, CategoryName, Language};
use crate::evidence::{Evidence, Source};
use crate::similarity::similarity;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

pub const SCHEMA_VERSION: u32 = 1;

/// One line of `pairs.jsonl`. Field order here is the order written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    pub schema_version: u32,
    pub id: String,
    pub category: CategoryName,
    pub language: Language,
    pub equivalent: bool,
    pub program_1: String,
    pub program_2: String,
    pub definition: String,
    /// Sorted keys (serde_json's map is a BTreeMap), so the canonical form is the serialised form.
    pub context: Map<String, Value>,
    pub provenance: Provenance,
    pub stats: Stats,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Crate name and version that made the pair, e.g. `equibench-loops 0.1.0`.
    pub pipeline: String,
    pub tools: Vec<ToolVersion>,
    pub seed: u64,
    /// Where program_1 came from: a `kind` and the category's details.
    pub source: Source,
    pub transformation: String,
    /// Why the label is true: a `kind`, an inequivalent pair's disagreement, the category's
    /// details.
    pub evidence: Evidence,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ToolVersion {
    pub name: String,
    pub version: String,
}

impl ToolVersion {
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        ToolVersion {
            name: name.into(),
            version: version.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub lines_1: u64,
    pub lines_2: u64,
    pub similarity: f64,
}

/// One of a pair's two programs, spelt on disk as the record's keys are (`program_1`,
/// `program_2`). Categories that put a program of known origin on either side by a coin of the
/// seed (a generated original, a compiled target) record in their evidence or source which
/// side it went to; one type here keeps that spelling, and the choice of the pair's text it
/// selects, the same in every category instead of one copy per crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    #[serde(rename = "program_1")]
    Program1,
    #[serde(rename = "program_2")]
    Program2,
}

impl Side {
    /// [`Side::Program1`] when `first`, else [`Side::Program2`].
    pub fn first_if(first: bool) -> Side {
        if first {
            Side::Program1
        } else {
            Side::Program2
        }
    }

    /// The key of this side in a pair record, as serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Program1 => "program_1",
            Side::Program2 => "program_2",
        }
    }

    /// The side across from this one.
    pub fn other(self) -> Side {
        match self {
            Side::Program1 => Side::Program2,
            Side::Program2 => Side::Program1,
        }
    }

    /// The program on this side of `pair`.
    pub fn program(self, pair: &Pair) -> &str {
        match self {
            Side::Program1 => &pair.program_1,
            Side::Program2 => &pair.program_2,
        }
    }
}

/// The content address of a pair: sha256 of `category \0 program_1 \0 program_2 \0 canonical JSON of
/// context`, lowercase hex (64 characters). Canonical JSON is compact with keys sorted at every level.
pub fn pair_id(
    category: CategoryName,
    program_1: &str,
    program_2: &str,
    context: &Map<String, Value>,
) -> String {
    let mut h = Sha256::new();
    h.update(category.as_str().as_bytes());
    h.update([0]);
    h.update(program_1.as_bytes());
    h.update([0]);
    h.update(program_2.as_bytes());
    h.update([0]);
    h.update(canonical_json(&Value::Object(context.clone())).as_bytes());
    hex(&h.finalize())
}

/// Compact JSON with object keys sorted at every level. The sort is explicit because another crate in
/// a build can switch serde_json's map to insertion order (feature `preserve_order`).
pub fn canonical_json(value: &Value) -> String {
    serde_json::to_string(&canonicalize(value)).expect("a serde_json::Value always serialises")
}

/// A copy of `value` whose objects have their keys in sorted order.
pub fn canonicalize(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(canonical_map(map)),
        Value::Array(items) => Value::Array(items.iter().map(canonicalize).collect()),
        other => other.clone(),
    }
}

fn canonical_map(map: &Map<String, Value>) -> Map<String, Value> {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    keys.into_iter()
        .map(|k| (k.clone(), canonicalize(&map[k])))
        .collect()
}

/// Lowercase hex of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// sha256 of bytes, lowercase hex: the digest every record uses for outputs and inputs.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Lines as the stats count them: a trailing newline does not start another line.
pub fn count_lines(program: &str) -> u64 {
    program.lines().count().max(1) as u64
}

/// What a pipeline knows about a finished pair; [`PairDraft::finish`] derives the rest from it and
/// the category's descriptor.
#[derive(Debug, Clone)]
pub struct PairDraft {
    pub equivalent: bool,
    pub program_1: String,
    pub program_2: String,
    pub context: Map<String, Value>,
    pub provenance: Provenance,
}

impl PairDraft {
    /// Build the record of `category`: fills `category`, `schema_version`, `language`,
    /// `definition` (placeholders from the context), `stats` and the content-addressed `id`.
    pub fn finish(self, category: &CategoryDescriptor) -> Pair {
        let definition = category.definition_for(&self.context);
        let stats = Stats {
            lines_1: count_lines(&self.program_1),
            lines_2: count_lines(&self.program_2),
            similarity: round_similarity(similarity(&self.program_1, &self.program_2)),
        };
        let context = canonical_map(&self.context);
        let mut provenance = self.provenance;
        provenance.source.details = canonical_map(&provenance.source.details);
        provenance.evidence.details = canonical_map(&provenance.evidence.details);
        let name = category.id();
        let id = pair_id(name, &self.program_1, &self.program_2, &context);
        Pair {
            schema_version: SCHEMA_VERSION,
            id,
            category: name,
            language: category.language(),
            equivalent: self.equivalent,
            program_1: self.program_1,
            program_2: self.program_2,
            definition,
            context,
            provenance,
            stats,
        }
    }
}

/// Similarity is stored to 4 decimals so that the text of a record never depends on float printing
/// of long fractions.
fn round_similarity(s: f64) -> f64 {
    (s * 10_000.0).round() / 10_000.0
}

impl Pair {
    /// The id this record should carry, recomputed from its content.
    pub fn expected_id(&self) -> String {
        pair_id(
            self.category,
            &self.program_1,
            &self.program_2,
            &self.context,
        )
    }

    /// One line of `pairs.jsonl` (no trailing newline).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a Pair always serialises")
    }

    /// `(category, id)`: the order of every output file.
    pub fn sort_key(&self) -> (CategoryName, &str) {
        (self.category, self.id.as_str())
    }

    /// Every way this record disagrees with itself, the format or its category's descriptor: a
    /// wrong id, definition, language or stats, a missing required context key, an evidence or
    /// source whose `kind` is empty (one without a `kind` does not parse). Empty when the record
    /// is sound as a record (whether its label is true is the audit's business).
    pub fn problems(&self, category: &CategoryDescriptor) -> Vec<String> {
        let mut p = Vec::new();
        if self.category != category.id() {
            p.push(format!(
                "category {} checked against the descriptor of {}",
                self.category, category.name
            ));
        }
        if self.schema_version != SCHEMA_VERSION {
            p.push(format!(
                "schema_version is {}, expected {SCHEMA_VERSION}",
                self.schema_version
            ));
        }
        let expected = self.expected_id();
        if self.id != expected {
            p.push(format!(
                "id {} does not match its content (expected {expected})",
                self.id
            ));
        }
        if self.language != category.language() {
            p.push(format!(
                "language {} is wrong for {} (expected {})",
                self.language, self.category, category.language
            ));
        }
        if self.program_1.is_empty() || self.program_2.is_empty() {
            p.push("a program is empty".into());
        }
        for k in category.required_context() {
            if self.context.get(k).and_then(Value::as_str).is_none() {
                p.push(format!("context lacks `{k}`"));
            }
        }
        if self.definition != category.definition_for(&self.context) {
            p.push(format!(
                "definition is not the {} definition",
                self.category
            ));
        }
        for (what, kind) in [
            ("source", &self.provenance.source.kind),
            ("evidence", &self.provenance.evidence.kind),
        ] {
            if kind.is_empty() {
                p.push(format!("provenance.{what} has an empty `kind`"));
            }
        }
        if self.provenance.tools.is_empty() {
            p.push("provenance.tools is empty".into());
        }
        if self.stats.lines_1 != count_lines(&self.program_1)
            || self.stats.lines_2 != count_lines(&self.program_2)
        {
            p.push(format!(
                "stats say {}/{} lines but the programs have {}/{}",
                self.stats.lines_1,
                self.stats.lines_2,
                count_lines(&self.program_1),
                count_lines(&self.program_2)
            ));
        }
        if !(0.0..=1.0).contains(&self.stats.similarity) {
            p.push(format!(
                "similarity {} is outside [0, 1]",
                self.stats.similarity
            ));
        }
        p
    }

    /// A context string (e.g. `def_in`, `problem_html`), empty when absent.
    pub fn context_str(&self, key: &str) -> &str {
        crate::descriptor::context_str(&self.context, key)
    }
}
