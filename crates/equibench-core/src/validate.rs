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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::tests_support::{PLAIN, REGS, STATED};
    use crate::pair::tests_support::sample;

    fn validator_of(path: &Path) -> jsonschema::Validator {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the suite expects shared/ beside the checkout, as CI has it)",
                path.display()
            )
        });
        jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
    }

    fn project_validator() -> jsonschema::Validator {
        jsonschema::validator_for(&serde_json::from_str(PAIR_SCHEMA).unwrap()).unwrap()
    }

    #[test]
    fn the_project_schema_opens_category_and_language_and_keeps_the_rest_closed() {
        let project = project_validator();
        for d in [&PLAIN, &REGS, &STATED] {
            for eq in [true, false] {
                let v: serde_json::Value =
                    serde_json::from_str(&sample(d, eq, "schema").to_json_line()).unwrap();
                let errors: Vec<String> = project.iter_errors(&v).map(|e| e.to_string()).collect();
                assert!(errors.is_empty(), "{}: {errors:?}", d.name);
            }
        }
        let good: serde_json::Value =
            serde_json::from_str(&sample(&PLAIN, true, "").to_json_line()).unwrap();
        let mut bad = good.clone();
        bad["surprise"] = serde_json::json!(1);
        assert!(
            !project.is_valid(&bad),
            "unknown top-level fields are refused"
        );
        let mut bad = good.clone();
        bad["category"] = serde_json::json!("has space");
        assert!(!project.is_valid(&bad));
        let mut bad = good.clone();
        bad["language"] = serde_json::json!("");
        assert!(!project.is_valid(&bad));
        let mut bad = good;
        bad["context"] = serde_json::json!({"Bad Key": "x"});
        assert!(!project.is_valid(&bad));
    }

    #[test]
    fn a_new_category_passes_the_project_schema_and_fails_the_shared_one() {
        let shared = validator_of(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/schema/pair.schema.json"),
        );
        let v: serde_json::Value =
            serde_json::from_str(&sample(&PLAIN, true, "new").to_json_line()).unwrap();
        assert!(project_validator().is_valid(&v));
        assert!(
            !shared.is_valid(&v),
            "the shared contract names the six EquiBench categories only"
        );
    }

    #[test]
    fn validate_checks_records_against_their_descriptor() {
        struct Fixed(&'static crate::CategoryDescriptor);
        impl crate::Category for Fixed {
            fn descriptor(&self) -> &crate::CategoryDescriptor {
                self.0
            }
            fn generate(
                &self,
                _: &crate::BuildContext,
                _: Balance,
                _: &mut dyn crate::PairSink,
            ) -> Result<crate::Report, crate::CategoryError> {
                Ok(Default::default())
            }
            fn audit(&self, _: &crate::Pair, _: &crate::AuditContext) -> crate::Verdict {
                crate::Verdict::Unaudited(String::new())
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let mut good = sample(&REGS, true, "a");
        let ineq = sample(&REGS, false, "b");
        // Sorted by id within the category, as an output is.
        let mut pairs = [good.clone(), ineq];
        pairs.sort_by(|a, b| a.id.cmp(&b.id));
        let text: String = pairs.iter().map(|p| p.to_json_line() + "\n").collect();
        std::fs::write(dir.path().join("pairs.jsonl"), &text).unwrap();
        let mut registry = Registry::new();
        registry.register(Box::new(Fixed(&REGS)));
        let report = validate(dir.path(), &registry).unwrap();
        assert!(report.ok(), "{:?}", report.problems);

        // Without the category, its records cannot be checked; with a wrong definition they fail.
        let report = validate(dir.path(), &Registry::new()).unwrap();
        assert!(report
            .problems
            .iter()
            .any(|p| p.contains("not one this build")));
        good.definition = "something else entirely, at length.".into();
        std::fs::write(
            dir.path().join("pairs.jsonl"),
            format!("{}\n", good.to_json_line()),
        )
        .unwrap();
        let report = validate(dir.path(), &registry).unwrap();
        assert!(
            report.problems.iter().any(|p| p.contains("definition")),
            "{:?}",
            report.problems
        );
    }
}
