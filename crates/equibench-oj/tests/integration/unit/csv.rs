use equibench_oj::csv::{row, split_line, Table};

#[test]
fn splits_quoted_fields() {
    assert_eq!(
        split_line(r#"a,"b,c","say ""hi""",,d"#).unwrap(),
        vec!["a", "b,c", "say \"hi\"", "", "d"]
    );
    assert_eq!(split_line("a,b\r").unwrap(), vec!["a", "b"]);
    assert!(split_line(r#"a,"unterminated"#).is_none());
    assert!(split_line(r#"a,"one "" two"#).is_none());
}

#[test]
fn counts_malformed_rows() {
    let t = Table::parse("id,name\np1,one\np2\np3,\"three\"\np4,\"bad\n\np5,five,extra\n");
    assert_eq!(t.rows.len(), 2);
    assert_eq!(t.malformed, vec![3, 5, 7]);
    assert_eq!(t.rows[1]["name"], "three");
}

#[test]
fn rows_round_trip() {
    let fields = ["a \"b\", c", "plain", "", "x"];
    let line = row(&fields);
    assert_eq!(line, "\"a \"\"b\"\", c\",plain,,x\n");
    assert_eq!(split_line(line.trim_end()).unwrap(), fields);
}
