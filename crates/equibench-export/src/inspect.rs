//! `--format inspect`: an Inspect task file over the build.
//!
//! ```text
//! OUT/data/<CATEGORY>.jsonl     the pairs: id, category, target (YES/NO), prompt_<type>
//! OUT/equibench_inspect.py      the task `equibench` (-T prompt=zero|few|zero_cot|few_cot,
//!                               -T categories=A,B) and its scorer (the parser's port)
//! OUT/README.md                 the commands that run it
//! ```
//!
//! Every sample's input is the pair's prompt exactly as `equibench eval` builds it (one user
//! message, no system prompt); the solver is a plain `generate()`; the scorer reads the reply's
//! final YES/NO as `equibench eval` does and reports accuracy per category (and their mean, the
//! paper's overall score).

use crate::lm_eval::{marker, skipped_notes, write_data};
use crate::outdir;
use crate::{prompts, python, ExportError, Format, Source, Written};
use equibench_core::Registry;
use equibench_eval::PromptType;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// The task file.
pub const TASK_FILE: &str = "equibench_inspect.py";

/// The task in it. `inspect eval` is given `FILE@TASK`: a plain file path must be relative
/// (inspect 0.3 globs it from the working directory), `FILE@TASK` may be absolute.
pub const TASK_NAME: &str = "equibench";

fn type_name(ptype: PromptType) -> String {
    ptype.record_name().to_ascii_lowercase()
}

/// Export `source` into `out` with the prompt types `types`.
pub fn export(
    source: &Source,
    registry: &Registry,
    out: &Path,
    types: &[PromptType],
) -> Result<Written, ExportError> {
    let data = prompts::eval_data(source, registry, types)?;
    // The categories and the prompt types each has, as Python literals (JSON is valid Python here).
    let categories: BTreeMap<String, Vec<String>> = data
        .available
        .iter()
        .map(|(c, ts)| (c.to_string(), ts.iter().map(|t| type_name(*t)).collect()))
        .collect();
    let types_list: Vec<String> = types.iter().map(|t| type_name(*t)).collect();
    let header = format!(
        "# Written by `equibench export --format inspect` (equibench {}).\n\
         # Run: inspect eval {TASK_FILE}@{TASK_NAME} -T prompt=zero --model openai-api/SERVICE/MODEL\n\n\
         # The categories of this export and the prompt types each has.\n\
         CATEGORIES = {}\n\
         PROMPT_TYPES = {}",
        env!("CARGO_PKG_VERSION"),
        serde_json::to_string(&categories).expect("serialises"),
        serde_json::to_string(&types_list).expect("serialises"),
    );
    outdir::write_export(out, |dir| {
        let mut files = write_data(dir, &data)?;
        files.push(outdir::put(
            dir,
            TASK_FILE,
            python::module(&header, python::INSPECT_GLUE).as_bytes(),
        )?);
        files.push(outdir::put(
            dir,
            "README.md",
            readme(out, &types_list, &data).as_bytes(),
        )?);
        files.push(outdir::put(
            dir,
            outdir::MARKER_FILE,
            marker(Format::Inspect, source, &data, types)
                .to_json()
                .as_bytes(),
        )?);
        let mut notes = skipped_notes(&data);
        notes.push(format!(
            "run: inspect eval {}/{TASK_FILE}@{TASK_NAME} -T prompt={} --model openai-api/SERVICE/MODEL (SERVICE_BASE_URL, SERVICE_API_KEY)",
            out.display(),
            types_list.first().map_or("zero", String::as_str)
        ));
        Ok(Written {
            out: out.to_path_buf(),
            files,
            notes,
        })
    })
}

fn readme(out: &Path, types: &[String], data: &crate::prompts::EvalData) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# equibench as an Inspect task\n");
    let _ = writeln!(
        s,
        "Written by `equibench export --format inspect`. The task `{TASK_NAME}` in `{TASK_FILE}` asks \
         every pair with the exact prompt `equibench eval` sends (prompt types: {}), reads the \
         reply's final YES/NO as `equibench eval` does and scores it against the label: accuracy \
         per category, unparsed replies wrong, and the plain mean of the categories.\n",
        types.join(", ")
    );
    for note in skipped_notes(data) {
        let _ = writeln!(s, "- {note}");
    }
    let _ = writeln!(
        s,
        "\n```sh\nexport LOCAL_BASE_URL=http://127.0.0.1:8000/v1 LOCAL_API_KEY=none\ninspect eval {}/{TASK_FILE}@{TASK_NAME} -T prompt={} --model openai-api/local/MODEL --log-dir logs\n```",
        out.display(),
        types.first().map_or("zero", String::as_str)
    );
    s
}
