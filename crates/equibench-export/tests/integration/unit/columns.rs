use equibench_core::Pair;
use equibench_export::columns::*;
use std::collections::BTreeMap;

/// The few-shot exemplars every category ships: real records, with each category's real
/// evidence and context.
fn exemplar_lines() -> Vec<(String, Vec<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/exemplars");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 6,
        "exemplars of every category in {}",
        dir.display()
    );
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let lines = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(String::from);
            (f.display().to_string(), lines.collect())
        })
        .collect()
}

#[test]
fn every_category_record_survives_the_row_and_parquet_round_trip_byte_for_byte() {
    for (file, lines) in exemplar_lines() {
        let pairs: Vec<Pair> = lines
            .iter()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let refs: Vec<&Pair> = pairs.iter().collect();
        let layout = Layout::of(&refs, None);
        let rows: Vec<Vec<Cell>> = pairs.iter().map(|p| layout.row(p)).collect();
        let path = std::path::Path::new("mem.parquet");
        let bytes = equibench_export::table::encode(path, &layout, &rows).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let on_disk = tmp.path().join("t.parquet");
        std::fs::write(&on_disk, bytes).unwrap();
        let (names, back) = equibench_export::table::read(&on_disk).unwrap();
        let read_layout = Layout::from_names(names.iter().map(String::as_str));
        assert_eq!(
            read_layout
                .columns
                .iter()
                .map(|c| &c.name)
                .collect::<Vec<_>>(),
            layout.columns.iter().map(|c| &c.name).collect::<Vec<_>>(),
            "{file}"
        );
        for (line, cells) in lines.iter().zip(&back) {
            let pair = read_layout.pair(cells).unwrap();
            assert_eq!(&pair.to_json_line(), line, "{file}");
        }
    }
}

#[test]
fn string_context_gets_columns_and_the_rest_stays_json() {
    let (_, lines) = exemplar_lines()
        .into_iter()
        .find(|(f, _)| f.ends_with("OJ_A.jsonl"))
        .unwrap();
    let mut pair: Pair = serde_json::from_str(&lines[0]).unwrap();
    pair.context
        .insert("limits".into(), serde_json::json!({"seconds": 2}));
    pair.context
        .insert("id".into(), "clashes with a column".into());
    let layout = Layout::of(&[&pair], None);
    let names: Vec<&str> = layout.columns.iter().map(|c| c.name.as_str()).collect();
    assert!(
        names.contains(&"problem_html") && names.contains(&"problem_id"),
        "{names:?}"
    );
    assert!(!names.contains(&"limits"));
    assert_eq!(names.iter().filter(|n| **n == "id").count(), 1);
    let row = layout.row(&pair);
    let other = &row[names.iter().position(|n| *n == OTHER_CONTEXT).unwrap()];
    assert_eq!(
        other,
        &Cell::Str(r#"{"id":"clashes with a column","limits":{"seconds":2}}"#.into())
    );
    let cells: BTreeMap<String, Cell> = layout
        .columns
        .iter()
        .map(|c| c.name.clone())
        .zip(row)
        .collect();
    assert_eq!(layout.pair(&cells).unwrap(), pair);
}
