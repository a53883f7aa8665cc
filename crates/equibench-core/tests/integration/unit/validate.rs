use super::descriptor::{PLAIN, REGS, STATED};
use super::pair::sample;
use equibench_core::category::{Balance, Registry};
use equibench_core::validate::*;
use std::path::Path;

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
    struct Fixed(&'static equibench_core::CategoryDescriptor);
    impl equibench_core::Category for Fixed {
        fn descriptor(&self) -> &equibench_core::CategoryDescriptor {
            self.0
        }
        fn generate(
            &self,
            _: &equibench_core::BuildContext,
            _: Balance,
            _: &mut dyn equibench_core::PairSink,
        ) -> Result<equibench_core::Report, equibench_core::CategoryError> {
            Ok(Default::default())
        }
        fn audit(
            &self,
            _: &equibench_core::Pair,
            _: &equibench_core::AuditContext,
        ) -> equibench_core::Verdict {
            equibench_core::Verdict::Unaudited(String::new())
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
