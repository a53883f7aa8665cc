//! A pair record as one flat row of typed columns, and back: the one table the Parquet writer, the
//! Parquet reader and the dataset card's `features` all read, so that what is written, what is
//! declared and what is read back cannot drift apart.
//!
//! Every field of the record has a column. The context's string values get a column each (named
//! by their key, as EquiBench's own dataset has `problem_html` and the like), so a user of the
//! dataset sees them as plain text; whatever else a context holds (a value that is not a string,
//! a key that would clash with a fixed column) stays in `other_context` as JSON. Provenance
//! objects (`tools`, `source`, `evidence`) are JSON strings: their shape differs by category and
//! nothing of them may be lost. Reading a row rebuilds the record field by field, so
//! [`Pair::to_json_line`] gives back the line `pairs.jsonl` had.

use equibench_core::{CategoryDescriptor, CategoryName, Language, Pair};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The value type of a column (the Parquet type and the `datasets` feature follow from it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Str,
    Bool,
    U32,
    U64,
    F64,
}

impl Kind {
    /// The `dtype` of the Hugging Face `Value` feature that reads this column.
    pub fn hf_dtype(self) -> &'static str {
        match self {
            Kind::Str => "string",
            Kind::Bool => "bool",
            Kind::U32 => "uint32",
            Kind::U64 => "uint64",
            Kind::F64 => "float64",
        }
    }
}

/// One column of a category's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub kind: Kind,
    /// May hold no value (only context columns: a key some pairs of the category lack).
    pub optional: bool,
    /// What it holds, for the dataset card.
    pub doc: String,
}

/// One value of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Str(String),
    Bool(bool),
    U32(u32),
    U64(u64),
    F64(f64),
    Null,
}

/// The fixed columns before the context columns: what a prompt shows.
const HEAD: [(&str, Kind, &str); 7] = [
    (
        "id",
        Kind::Str,
        "the pair's content address (sha256 of category, both programs and the canonical context)",
    ),
    (
        "category",
        Kind::Str,
        "the category's record spelling (the configuration name)",
    ),
    ("language", Kind::Str, "the language of both programs"),
    (
        "equivalent",
        Kind::Bool,
        "the label: true when the programs are equivalent (answer YES), false otherwise (NO)",
    ),
    ("program_1", Kind::Str, "the first program"),
    ("program_2", Kind::Str, "the second program"),
    (
        "definition",
        Kind::Str,
        "what equivalence means for this pair (EquiBench's wording, filled from the context)",
    ),
];

/// The context that has no column of its own.
pub const OTHER_CONTEXT: &str = "other_context";

/// The fixed columns after the context columns: where the label came from (never show these to a
/// model: they give the answer away).
const TAIL: [(&str, Kind, &str); 11] = [
    (OTHER_CONTEXT, Kind::Str, "JSON object: the context keys without a column of their own (usually `{}`)"),
    ("pipeline", Kind::Str, "provenance: the crate and version that made the pair"),
    ("tools", Kind::Str, "provenance: JSON array of the exact tool versions that shaped the pair"),
    ("seed", Kind::U64, "provenance: the seed the pair was drawn with"),
    ("source", Kind::Str, "provenance: JSON object, where program_1 came from"),
    ("transformation", Kind::Str, "provenance: how program_2 was made from program_1"),
    ("evidence", Kind::Str, "provenance: JSON object, the evidence the label rests on (what `equibench audit` re-checks)"),
    ("lines_1", Kind::U64, "stats: lines of program_1"),
    ("lines_2", Kind::U64, "stats: lines of program_2"),
    ("similarity", Kind::F64, "stats: winnowing similarity of the two programs, 0 to 1"),
    ("schema_version", Kind::U32, "the record's schema version"),
];

fn fixed(name: &str) -> bool {
    HEAD.iter().chain(TAIL.iter()).any(|(n, _, _)| *n == name)
}

/// Why a row cannot be turned back into a record.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    #[error("no column `{0}`")]
    Missing(String),
    #[error("column `{column}` holds {found}, not {wanted:?}")]
    Type {
        column: String,
        wanted: Kind,
        found: String,
    },
    #[error("column `{column}` is not the JSON it should be: {message}")]
    Json { column: String, message: String },
    #[error("column `{column}`: {message}")]
    Invalid { column: String, message: String },
}

/// The columns of one category's table, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub columns: Vec<Column>,
}

impl Layout {
    /// The layout of `pairs` (one category's): a column for each context key whose every value in
    /// these pairs is a string and whose name clashes with no fixed column; the descriptor's keys
    /// first, in its order (with their documentation), then any others by name.
    pub fn of(pairs: &[&Pair], descriptor: Option<&CategoryDescriptor>) -> Layout {
        let mut all_strings: BTreeMap<&str, bool> = BTreeMap::new();
        for p in pairs {
            for (k, v) in &p.context {
                *all_strings.entry(k.as_str()).or_insert(true) &= v.is_string();
            }
        }
        let declared: Vec<(&str, &str)> = descriptor
            .map(|d| d.context.iter().map(|f| (f.key, f.doc)).collect())
            .unwrap_or_default();
        let mut keys: Vec<(String, String)> = declared
            .iter()
            .filter(|(k, _)| all_strings.get(k) == Some(&true))
            .map(|(k, doc)| (k.to_string(), format!("context: {doc}")))
            .collect();
        for (k, strings) in &all_strings {
            if *strings && !declared.iter().any(|(d, _)| d == k) {
                keys.push((k.to_string(), "context".into()));
            }
        }
        keys.retain(|(k, _)| !fixed(k));
        let context = keys.into_iter().map(|(name, doc)| {
            let optional = pairs.iter().any(|p| !p.context.contains_key(&name));
            Column {
                name,
                kind: Kind::Str,
                optional,
                doc,
            }
        });
        Layout {
            columns: fixed_columns(&HEAD)
                .chain(context)
                .chain(fixed_columns(&TAIL))
                .collect(),
        }
    }

    /// The layout of a table whose columns are named `names` (as read back): the names that are
    /// not fixed columns are context columns.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Layout {
        let context = names.into_iter().filter(|n| !fixed(n)).map(|n| Column {
            name: n.to_string(),
            kind: Kind::Str,
            optional: true,
            doc: "context".into(),
        });
        Layout {
            columns: fixed_columns(&HEAD)
                .chain(context)
                .chain(fixed_columns(&TAIL))
                .collect(),
        }
    }

    fn is_context(&self, name: &str) -> bool {
        !fixed(name) && self.columns.iter().any(|c| c.name == name)
    }

    /// The row of `pair`, one cell per column.
    pub fn row(&self, pair: &Pair) -> Vec<Cell> {
        self.columns
            .iter()
            .map(|c| match c.name.as_str() {
                "id" => Cell::Str(pair.id.clone()),
                "category" => Cell::Str(pair.category.as_str().into()),
                "language" => Cell::Str(pair.language.as_str().into()),
                "equivalent" => Cell::Bool(pair.equivalent),
                "program_1" => Cell::Str(pair.program_1.clone()),
                "program_2" => Cell::Str(pair.program_2.clone()),
                "definition" => Cell::Str(pair.definition.clone()),
                OTHER_CONTEXT => {
                    let rest: Map<String, Value> = pair
                        .context
                        .iter()
                        .filter(|(k, _)| !self.is_context(k))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect();
                    json(&Value::Object(rest))
                }
                "pipeline" => Cell::Str(pair.provenance.pipeline.clone()),
                "tools" => json(&pair.provenance.tools),
                "seed" => Cell::U64(pair.provenance.seed),
                "source" => json(&pair.provenance.source),
                "transformation" => Cell::Str(pair.provenance.transformation.clone()),
                "evidence" => json(&pair.provenance.evidence),
                "lines_1" => Cell::U64(pair.stats.lines_1),
                "lines_2" => Cell::U64(pair.stats.lines_2),
                "similarity" => Cell::F64(pair.stats.similarity),
                "schema_version" => Cell::U32(pair.schema_version),
                key => match pair.context.get(key) {
                    Some(Value::String(s)) => Cell::Str(s.clone()),
                    // `Layout::of` gives a column only to keys whose values are all strings.
                    Some(other) => Cell::Str(other.to_string()),
                    None => Cell::Null,
                },
            })
            .collect()
    }

    /// The record a row read back holds (`cells` by column name).
    pub fn pair(&self, cells: &BTreeMap<String, Cell>) -> Result<Pair, RowError> {
        let get = |name: &str| {
            cells
                .get(name)
                .ok_or_else(|| RowError::Missing(name.into()))
        };
        let text = |name: &str| -> Result<String, RowError> {
            match get(name)? {
                Cell::Str(s) => Ok(s.clone()),
                other => Err(type_error(name, Kind::Str, other)),
            }
        };
        let u64_of = |name: &str| -> Result<u64, RowError> {
            match get(name)? {
                Cell::U64(v) => Ok(*v),
                other => Err(type_error(name, Kind::U64, other)),
            }
        };
        let object = |name: &str| typed::<Map<String, Value>>(&text(name)?, name);

        let mut context = object(OTHER_CONTEXT)?;
        for c in self.columns.iter().filter(|c| self.is_context(&c.name)) {
            match cells.get(&c.name) {
                Some(Cell::Str(s)) => {
                    context.insert(c.name.clone(), Value::String(s.clone()));
                }
                Some(Cell::Null) | None => {}
                Some(other) => return Err(type_error(&c.name, Kind::Str, other)),
            }
        }
        let context = match equibench_core::pair::canonicalize(&Value::Object(context)) {
            Value::Object(m) => m,
            _ => unreachable!("an object canonicalises to an object"),
        };
        let category = CategoryName::new(&text("category")?);
        if !category.is_well_formed() {
            return Err(invalid("category", "not a well-formed category name"));
        }
        let language = Language::new(&text("language")?);
        if !language.is_well_formed() {
            return Err(invalid("language", "not a well-formed language name"));
        }
        let schema_version = match get("schema_version")? {
            Cell::U32(v) => *v,
            other => return Err(type_error("schema_version", Kind::U32, other)),
        };
        let equivalent = match get("equivalent")? {
            Cell::Bool(b) => *b,
            other => return Err(type_error("equivalent", Kind::Bool, other)),
        };
        let similarity = match get("similarity")? {
            Cell::F64(v) => *v,
            other => return Err(type_error("similarity", Kind::F64, other)),
        };
        Ok(Pair {
            schema_version,
            id: text("id")?,
            category,
            language,
            equivalent,
            program_1: text("program_1")?,
            program_2: text("program_2")?,
            definition: text("definition")?,
            context,
            provenance: equibench_core::Provenance {
                pipeline: text("pipeline")?,
                tools: typed(&text("tools")?, "tools")?,
                seed: u64_of("seed")?,
                source: typed(&text("source")?, "source")?,
                transformation: text("transformation")?,
                evidence: typed(&text("evidence")?, "evidence")?,
            },
            stats: equibench_core::pair::Stats {
                lines_1: u64_of("lines_1")?,
                lines_2: u64_of("lines_2")?,
                similarity,
            },
        })
    }
}

/// The size of `rows` as an Arrow table in memory, as pyarrow's `Table.nbytes` counts it (validity
/// bitmaps where a column holds nulls; a string's 4-byte offset and its bytes; values): what a
/// dataset card's `num_bytes` states, and what `datasets` measures of a split it generates.
pub fn arrow_bytes(layout: &Layout, rows: &[Vec<Cell>]) -> u64 {
    let n = rows.len() as u64;
    let bitmap = n.div_ceil(8);
    layout
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let cells = rows.iter().map(|r| &r[i]);
            let validity = if cells.clone().any(|v| *v == Cell::Null) {
                bitmap
            } else {
                0
            };
            let values = match c.kind {
                Kind::Str => {
                    let text: u64 = cells
                        .map(|v| match v {
                            Cell::Str(s) => s.len() as u64,
                            _ => 0,
                        })
                        .sum();
                    4 * n + text
                }
                Kind::Bool => bitmap,
                Kind::U32 => 4 * n,
                Kind::U64 | Kind::F64 => 8 * n,
            };
            validity + values
        })
        .sum()
}

fn fixed_columns(
    list: &'static [(&'static str, Kind, &'static str)],
) -> impl Iterator<Item = Column> {
    list.iter().map(|(name, kind, doc)| Column {
        name: name.to_string(),
        kind: *kind,
        optional: false,
        doc: doc.to_string(),
    })
}

/// A JSON column read into the record's own type for it.
fn typed<T: serde::de::DeserializeOwned>(text: &str, column: &str) -> Result<T, RowError> {
    serde_json::from_str(text).map_err(|e| RowError::Json {
        column: column.into(),
        message: e.to_string(),
    })
}

fn type_error(column: &str, wanted: Kind, found: &Cell) -> RowError {
    RowError::Type {
        column: column.into(),
        wanted,
        found: format!("{found:?}").chars().take(60).collect(),
    }
}

fn invalid(column: &str, message: &str) -> RowError {
    RowError::Invalid {
        column: column.into(),
        message: message.into(),
    }
}

/// Compact JSON of a part of a record (serialising a record's parts cannot fail: they came from
/// JSON).
fn json<T: serde::Serialize>(part: &T) -> Cell {
    Cell::Str(serde_json::to_string(part).expect("a record's parts serialise"))
}
