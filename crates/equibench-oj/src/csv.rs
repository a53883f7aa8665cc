//! CodeNet's metadata files, read and written with the `csv` crate (RFC 4180 quoting: `"a,b"`,
//! `""` for a quote).
//!
//! CodeNet fields never span lines, so each line is read as one record on its own: the `csv`
//! crate would let an unclosed quote run on across line ends and swallow the rows after it, where
//! a line that does not read as one record of the header's width (an unclosed quote, a field too
//! many or too few) should be reported as malformed and the rest read as usual.

use std::collections::BTreeMap;

/// A parsed CSV file: the header and the rows that parsed, each keyed by column name.
#[derive(Debug, Default)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<BTreeMap<String, String>>,
    /// 1-based line numbers of rows that were malformed (bad quoting, wrong field count).
    pub malformed: Vec<usize>,
}

impl Table {
    pub fn parse(text: &str) -> Table {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((_, first)) = lines.next() else {
            return Table::default();
        };
        let header: Vec<String> = match split_line(first.trim_start_matches('\u{feff}')) {
            Some(h) => h.into_iter().map(|f| f.trim().to_string()).collect(),
            None => {
                return Table {
                    malformed: vec![1],
                    ..Table::default()
                }
            }
        };
        let mut table = Table {
            header,
            ..Table::default()
        };
        for (i, line) in lines {
            match split_line(line) {
                Some(fields) if fields.len() == table.header.len() => {
                    let row = table.header.iter().cloned().zip(fields).collect();
                    table.rows.push(row);
                }
                _ => table.malformed.push(i + 1),
            }
        }
        table
    }

    /// True when every name in `columns` is in the header.
    pub fn has_columns(&self, columns: &[&str]) -> bool {
        columns.iter().all(|c| self.header.iter().any(|h| h == c))
    }
}

/// The fields of one line, or None when its quoting is broken. A line of RFC 4180 holds an even
/// number of quotes (each quoted field opens and closes, a quote inside is doubled), so an odd
/// number is a quote left open, which the `csv` crate would read to the end of the line.
pub fn split_line(line: &str) -> Option<Vec<String>> {
    if line.bytes().filter(|b| *b == b'"').count() % 2 == 1 {
        return None;
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .buffer_capacity(line.len().max(1))
        .from_reader(line.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => Some(record.iter().map(str::to_string).collect()),
        Ok(false) => Some(vec![String::new()]),
        Err(_) => None,
    }
}

/// One CSV line (with its `\n`) of `fields`, each quoted when it needs to be.
pub fn row<S: AsRef<str>>(fields: &[S]) -> String {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    writer
        .write_record(fields.iter().map(|f| f.as_ref()))
        .expect("writing to memory cannot fail");
    let bytes = writer.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the fields were UTF-8")
}
