//! Dynamic classification: the C file that defines every marker as "record a hit", and the parse
//! of the hit report. The report goes to stderr from a destructor so stdout stays the original's.

use std::collections::BTreeSet;

const REPORT_TAG: &str = "DCE-HITS:";

/// C source defining `DCEMarker0_` .. `DCEMarker{count-1}_`.
pub fn marker_runtime(count: usize) -> String {
    runtime(count, "")
}

/// [`marker_runtime`] for a switchboard build (`crate::switched`): only the run with no edit
/// selected (`eqb_edit == -1`) reports, so the hits are the original program's.
pub fn switched_marker_runtime(count: usize) -> String {
    runtime(count, "  if (eqb_edit != -1) return;\n")
}

fn runtime(count: usize, guard: &str) -> String {
    let mut s = String::from("#include <stdio.h>\n");
    if !guard.is_empty() {
        s.push_str("extern int eqb_edit;\n");
    }
    s.push_str(&format!("static unsigned char dce_hits[{}];\n", count + 1));
    for id in 0..count {
        s.push_str(&format!(
            "void {}(void) {{ dce_hits[{id}] = 1; }}\n",
            crate::markers::marker_name(id)
        ));
    }
    s.push_str(&format!(
        "__attribute__((destructor)) static void dce_report(void) {{\n{guard}\
         \x20 fputs(\"{REPORT_TAG}\", stderr);\n\
         \x20 for (unsigned i = 0; i < {count}u; i++) if (dce_hits[i]) fprintf(stderr, \" %u\", i);\n\
         \x20 fputs(\"\\n\", stderr);\n}}\n"
    ));
    s
}

/// The hit set in a run's stderr, or None when the report is missing (the run did not exit).
pub fn parse_hits(stderr: &[u8]) -> Option<BTreeSet<usize>> {
    let text = String::from_utf8_lossy(stderr);
    let line = text.lines().rev().find(|l| l.starts_with(REPORT_TAG))?;
    line[REPORT_TAG.len()..]
        .split_whitespace()
        .map(|w| w.parse().ok())
        .collect()
}
