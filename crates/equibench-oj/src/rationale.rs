//! The chain-of-thought rationale of an OJ few-shot exemplar (`Category::rationale`), put in words
//! from the pair's recorded evidence: the judge statuses, the renaming if one side was renamed, and
//! either the differential test both programs passed or the witness input with both outputs.

use equibench_core::Pair;
use serde_json::Value;

/// Longest input or output quoted in full; longer ones are cut and say how long they were.
const QUOTE_LIMIT: usize = 240;

/// A recorded text quoted for a prompt, or `None` when the record has no plain text.
fn quote(item: &Value) -> Option<String> {
    let text = item.get("text")?.as_str()?;
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
fn renaming(ev: &Value) -> Option<String> {
    let r = ev.get("renaming")?;
    let side = r.get("renamed_program")?.as_u64()?;
    let map = r.get("map")?.as_object()?;
    let examples: Vec<String> = map
        .iter()
        .take(3)
        .map(|(from, to)| format!("`{from}` -> `{}`", to.as_str().unwrap_or("?")))
        .collect();
    Some(format!(
        "Program {side}'s identifiers were renamed ({} names, e.g. {}); renaming a variable consistently does not change what a program does.",
        map.len(),
        examples.join(", ")
    ))
}

/// Why the OJ pair has its label, or `None` when its evidence lacks what the words need.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev = Value::Object(pair.provenance.evidence.clone());
    let statuses: Vec<&str> = ev
        .get("statuses")?
        .as_array()?
        .iter()
        .map(Value::as_str)
        .collect::<Option<_>>()?;
    let [status_1, status_2] = statuses.as_slice() else {
        return None;
    };
    let mut out = Vec::new();
    if let Some(r) = renaming(&ev) {
        out.push(r);
    }
    if pair.equivalent {
        let count = ev.get("inputs")?.get("count")?.as_u64()?;
        let why = if [*status_1, *status_2] == ["Accepted", "Accepted"] {
            "Both programs solve the problem correctly (both were judged Accepted): they read the input the statement describes and print the answer it asks for, so for every valid input they print the same output.".to_string()
        } else {
            // Only a submission paired with its own renaming is equivalent without being Accepted.
            format!("Apart from the renaming the two programs are the same submission (judged {status_1}), so whether right or wrong they print the same output for every valid input.")
        };
        out.push(format!(
            "{why} Run on {count} valid inputs (the sample and generated ones), they indeed print the same output every time."
        ));
    } else {
        let w = ev.get("witness")?;
        let input = quote(w.get("input")?).unwrap_or_else(|| "a recorded valid input".to_string());
        let out_1 = quote(w.get("output_1")?)?;
        let out_2 = quote(w.get("output_2")?)?;
        out.push(format!(
            "Program 1 was judged {status_1} and Program 2 {status_2}. On the valid input {input}, Program 1 prints {out_1} and Program 2 prints {out_2}: the outputs differ, so the programs do not always give the same output."
        ));
    }
    Some(out.join(" "))
}
