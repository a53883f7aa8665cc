//! Every category compiled into the binary documents itself for `DATASHEET.md`: sources,
//! construction, the evidence behind each label, the audit and known limitations, none blank.
//! A category registered later without its datasheet fails here by name.

#[test]
fn every_registered_category_writes_its_datasheet_sections() {
    let registry = equibench_cli::default_registry();
    let names = registry.names();
    assert!(
        names.len() >= 6,
        "expected the six EquiBench categories, got {names:?}"
    );
    let mut problems = Vec::new();
    for name in names {
        let category = registry.get(name).expect("registered");
        match category.datasheet() {
            None => problems.push(format!("{name}: no datasheet() override")),
            Some(sheet) => {
                let empty = sheet.empty_sections();
                if !empty.is_empty() {
                    problems.push(format!("{name}: blank sections {empty:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
