//! The chain-of-thought rationale of an OJ few-shot exemplar (`Category::rationale`), put in words
//! from the pair's recorded evidence: the judge statuses, the renaming if one side was renamed, and
//! either the differential test both programs passed or the witness input with both outputs.

use crate::evidence::{self, InputRecord, OutputRecord, RenamingRecord};
use equibench_core::Pair;

/// Longest input or output quoted in full; longer ones are cut and say how long they were.
const QUOTE_LIMIT: usize = 240;

/// A recorded text quoted for a prompt, or `None` when the record has no plain text.
pub fn quote(text: Option<&str>) -> Option<String> {
    let text = text?;
    let trimmed = text.trim_end();
    if trimmed.len() <= QUOTE_LIMIT {
        return Some(format!("`{}`", trimmed.replace('\n', "\\n")));
    }
    let cut = (0..=QUOTE_LIMIT)
        .rev()
        .find(|i| trimmed.is_char_boundary(*i))
        .unwrap_or(0);
    Some(format!(
        "`{}...` ({} bytes in all)",
        trimmed[..cut].replace('\n', "\\n"),
        text.len()
    ))
}

/// The renaming sentence, when one side was renamed.
fn renaming(r: &RenamingRecord) -> String {
    let (side, map) = (r.renamed_program, &r.map);
    let examples: Vec<String> = map
        .iter()
        .take(3)
        .map(|(from, to)| format!("`{from}` -> `{to}`"))
        .collect();
    format!(
        "Program {side}'s identifiers were renamed ({} names, e.g. {}); renaming a variable consistently does not change what a program does.",
        map.len(),
        examples.join(", ")
    )
}

fn input_text(i: &InputRecord) -> Option<&str> {
    i.text.as_deref()
}

/// The plain text of a recorded output, when it was recorded verbatim.
pub fn output_text(o: &Option<OutputRecord>) -> Option<&str> {
    o.as_ref()?.text.as_deref()
}

/// Why the OJ pair has its label, or `None` when its evidence lacks what the words need.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev = evidence::parse(&pair.provenance.evidence).ok()?;
    let [status_1, status_2] = &ev.statuses;
    let mut out = Vec::new();
    if let Some(r) = &ev.renaming {
        out.push(renaming(r));
    }
    if pair.equivalent {
        let count = ev.inputs.as_ref()?.count;
        let why = if [status_1.as_str(), status_2.as_str()] == ["Accepted", "Accepted"] {
            "Both programs solve the problem correctly (both were judged Accepted): they read the input the statement describes and print the answer it asks for, so for every valid input they print the same output.".to_string()
        } else {
            // Only a submission paired with its own renaming is equivalent without being Accepted.
            format!("Apart from the renaming the two programs are the same submission (judged {status_1}), so whether right or wrong they print the same output for every valid input.")
        };
        out.push(format!(
            "{why} Run on {count} valid inputs (the sample and generated ones), they indeed print the same output every time."
        ));
    } else {
        let w = ev.witness.as_ref()?;
        let input =
            quote(input_text(&w.input)).unwrap_or_else(|| "a recorded valid input".to_string());
        let out_1 = quote(output_text(&w.output_1))?;
        let out_2 = quote(output_text(&w.output_2))?;
        out.push(format!(
            "Program 1 was judged {status_1} and Program 2 {status_2}. On the valid input {input}, Program 1 prints {out_1} and Program 2 prints {out_2}: the outputs differ, so the programs do not always give the same output."
        ));
    }
    Some(out.join(" "))
}
