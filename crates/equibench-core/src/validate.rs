//! `equibench validate`: is an output file a well-formed benchmark? Checks every line against the
//! JSON schema of the format, recomputes ids and the derived fields, finds duplicates, checks the
//! file order and the equivalent/inequivalent balance of every category. It says nothing about
//! whether labels are true; that is `audit`.

use crate::category::{Balance, Registry};
use crate::descriptor::CategoryName;
use crate::output::{read_lines, OutputError};
use std::collections::BTreeMap;
use std::path::Path;

/// The project's pair schema. It is the shared contract (`shared/schema/pair.schema.json`) opened
/// up for categories outside the core: `category` and `language` are validated strings instead of
/// enums, and the context keys each category requires are checked against its descriptor (by
/// [`Pair::problems`](crate::Pair::problems)) instead of by the schema. Every record of the six
/// EquiBench categories satisfies both schemas (a test checks it).
pub const PAIR_SCHEMA: &str = include_str!("../schema/pair.schema.json");

#[derive(Debug, Default)]
pub struct ValidationReport {
    pub lines: usize,
    pub per_category: BTreeMap<CategoryName, Balance>,
    /// One readable message per problem, each naming its line or category.
    pub problems: Vec<String>,
}

impl ValidationReport {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Validate `path` (a directory holding `pairs.jsonl`, or the file itself) against the schema and
/// the descriptors of `registry`'s categories. A record of a category the registry does not have
/// is a problem: its definition, language and context cannot be checked.
pub fn validate(path: &Path, registry: &Registry) -> Result<ValidationReport, OutputError> {
    let schema: serde_json::Value =
        serde_json::from_str(PAIR_SCHEMA).expect("the embedded schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("the embedded schema compiles");
    let mut report = ValidationReport::default();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut previous: Option<(CategoryName, String, usize)> = None;
    for line in read_lines(path)? {
        report.lines += 1;
        let n = line.line;
        let json = match line.json {
            Ok(j) => j,
            Err(e) => {
                report.problems.push(format!("line {n}: not JSON: {e}"));
                continue;
            }
        };
        let mut schema_errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| {
                let at = e.instance_path.to_string();
                if at.is_empty() {
                    format!("line {n}: schema: {e}")
                } else {
                    format!("line {n}: schema: at {at}: {e}")
                }
            })
            .collect();
        schema_errors.sort();
        schema_errors.dedup();
        let schema_ok = schema_errors.is_empty();
        report.problems.extend(schema_errors);
        let pair = match line.pair {
            Ok(p) => p,
            Err(e) => {
                if schema_ok {
                    report
                        .problems
                        .push(format!("line {n}: not a pair record: {e}"));
                }
                continue;
            }
        };
        match registry.descriptor(pair.category) {
            Some(d) => {
                for p in pair.problems(d) {
                    report.problems.push(format!("line {n}: {p}"));
                }
            }
            None => report.problems.push(format!(
                "line {n}: category `{}` is not one this build of equibench has ({}); its record cannot be checked",
                pair.category,
                registry.cli_names().join(", ")
            )),
        }
        if let Some(first) = seen.get(&pair.id) {
            report.problems.push(format!(
                "line {n}: duplicate of line {first} (id {})",
                pair.id
            ));
        } else {
            seen.insert(pair.id.clone(), n);
        }
        if let Some((pc, pid, pl)) = &previous {
            if (*pc, pid.as_str()) > (pair.category, pair.id.as_str()) {
                report.problems.push(format!(
                    "line {n}: out of order (files are sorted by category, then id; line {pl} should come after it)"
                ));
            }
        }
        previous = Some((pair.category, pair.id.clone(), n));
        report
            .per_category
            .entry(pair.category)
            .or_default()
            .add(pair.equivalent, 1);
    }
    if report.lines == 0 {
        report.problems.push("no pairs at all".into());
    }
    for (cat, b) in &report.per_category {
        if b.equivalent != b.inequivalent {
            report.problems.push(format!(
                "category {cat}: unbalanced: {} equivalent vs {} inequivalent",
                b.equivalent, b.inequivalent
            ));
        }
    }
    Ok(report)
}
