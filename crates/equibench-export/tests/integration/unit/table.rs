use equibench_export::columns::{Cell, Column, Kind, Layout};
use equibench_export::table::*;

fn column(name: &str, kind: Kind, optional: bool) -> Column {
    Column {
        name: name.into(),
        kind,
        optional,
        doc: String::new(),
    }
}

#[test]
fn every_kind_and_nulls_read_back_as_written_and_the_bytes_are_stable() {
    let layout = Layout {
        columns: vec![
            column("s", Kind::Str, false),
            column("o", Kind::Str, true),
            column("b", Kind::Bool, false),
            column("u", Kind::U32, false),
            column("l", Kind::U64, false),
            column("f", Kind::F64, false),
        ],
    };
    let rows = vec![
        vec![
            Cell::Str("héllo\n{\"json\": 1}".into()),
            Cell::Null,
            Cell::Bool(true),
            Cell::U32(u32::MAX),
            Cell::U64(u64::MAX),
            Cell::F64(0.1 + 0.2),
        ],
        vec![
            Cell::Str(String::new()),
            Cell::Str("present".into()),
            Cell::Bool(false),
            Cell::U32(0),
            Cell::U64(1 << 63),
            Cell::F64(-0.0),
        ],
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    let bytes = encode(&path, &layout, &rows).unwrap();
    assert_eq!(
        bytes,
        encode(&path, &layout, &rows).unwrap(),
        "deterministic"
    );
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
    std::fs::write(&path, &bytes).unwrap();
    let (names, back) = read(&path).unwrap();
    assert_eq!(names, ["s", "o", "b", "u", "l", "f"]);
    for (row, read) in rows.iter().zip(&back) {
        for (c, cell) in layout.columns.iter().zip(row) {
            match (cell, &read[&c.name]) {
                (Cell::F64(a), Cell::F64(b)) => assert_eq!(a.to_bits(), b.to_bits()),
                (a, b) => assert_eq!(a, b, "column {}", c.name),
            }
        }
    }
}
