//! `--format lm-eval`: lm-evaluation-harness tasks over the build, read locally.
//!
//! ```text
//! OUT/data/<CATEGORY>.jsonl          the pairs: id, category, target (YES/NO), prompt_<type>
//! OUT/equibench_utils.py             the data loader and the answer filter (the parser's port)
//! OUT/equibench_<cat>_<type>.yaml    one task per category and prompt type
//! OUT/equibench_<type>.yaml          one group per prompt type: its categories, and their mean
//! OUT/README.md                      the commands that run them
//! ```
//!
//! A task sends the pair's prompt exactly as `equibench eval` builds it (the data holds the whole
//! text; `doc_to_text` names the column, so no template touches it), takes the reply whole (no
//! stop sequence cuts a chain of thought), reads its final YES/NO with the port of eval's parser
//! (the filter `final_answer`) and scores exact match against the label: accuracy per category,
//! unparsed replies wrong. The group's score is the plain mean of its categories, as the paper's
//! overall score.

use crate::outdir::{self, DataFile, Marker};
use crate::prompts::{self, EvalData};
use crate::{python, ExportError, Format, Source, Written};
use equibench_core::{CategoryName, Registry};
use equibench_eval::PromptType;
use std::fmt::Write;
use std::path::Path;

/// The module the tasks' `!function` tags name.
pub const UTILS: &str = "equibench_utils";

/// The reply token limit a task asks for (lm-eval always sends one): long enough for a chain of
/// thought.
pub const MAX_GEN_TOKS: u32 = 8192;

fn cli_name(registry: &Registry, category: CategoryName) -> String {
    registry
        .descriptor(category)
        .map_or_else(
            || category.as_str().to_ascii_lowercase(),
            |d| d.cli_name.to_string(),
        )
        .replace(['-', '.', '+'], "_")
}

fn type_name(ptype: PromptType) -> String {
    ptype.record_name().to_ascii_lowercase()
}

/// The task of `category` and `ptype`.
pub fn task_name(registry: &Registry, category: CategoryName, ptype: PromptType) -> String {
    format!(
        "equibench_{}_{}",
        cli_name(registry, category),
        type_name(ptype)
    )
}

/// The group of `ptype`.
pub fn group_name(ptype: PromptType) -> String {
    format!("equibench_{}", type_name(ptype))
}

fn q(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

fn task_yaml(task: &str, category: CategoryName, ptype: PromptType) -> String {
    let mut y = String::new();
    let _ = writeln!(y, "# Written by `equibench export --format lm-eval`.");
    let _ = writeln!(y, "task: {}", q(task));
    let _ = writeln!(
        y,
        "task_alias: {}",
        q(&format!("{category} {}", ptype.record_name()))
    );
    let _ = writeln!(y, "custom_dataset: !function {UTILS}.load");
    let _ = writeln!(y, "dataset_kwargs:\n  category: {}", q(category.as_str()));
    let _ = writeln!(y, "test_split: \"test\"");
    let _ = writeln!(y, "output_type: \"generate_until\"");
    let _ = writeln!(y, "doc_to_text: {}", q(&prompts::column(ptype)));
    let _ = writeln!(y, "doc_to_target: \"target\"");
    let _ = writeln!(y, "target_delimiter: \"\"");
    let _ = writeln!(y, "fewshot_delimiter: \"\"");
    let _ = writeln!(y, "num_fewshot: 0");
    let _ = writeln!(y, "generation_kwargs:");
    let _ = writeln!(y, "  until: []");
    let _ = writeln!(y, "  do_sample: false");
    let _ = writeln!(y, "  max_gen_toks: {MAX_GEN_TOKS}");
    let _ = writeln!(y, "filter_list:");
    let _ = writeln!(y, "  - name: \"final_answer\"");
    let _ = writeln!(y, "    filter:");
    let _ = writeln!(y, "      - function: \"custom\"");
    let _ = writeln!(y, "        filter_fn: !function {UTILS}.final_answers");
    let _ = writeln!(y, "      - function: \"take_first\"");
    let _ = writeln!(y, "metric_list:");
    let _ = writeln!(y, "  - metric: \"exact_match\"");
    let _ = writeln!(y, "    aggregation: \"mean\"");
    let _ = writeln!(y, "    higher_is_better: true");
    let _ = writeln!(y, "metadata:\n  version: 1");
    y
}

fn group_yaml(group: &str, ptype: PromptType, tasks: &[String]) -> String {
    let mut y = String::new();
    let _ = writeln!(y, "# Written by `equibench export --format lm-eval`.");
    let _ = writeln!(y, "group: {}", q(group));
    let _ = writeln!(
        y,
        "group_alias: {}",
        q(&format!("equibench {}", ptype.record_name()))
    );
    let _ = writeln!(y, "task:");
    for t in tasks {
        let _ = writeln!(y, "  - {}", q(t));
    }
    let _ = writeln!(y, "aggregate_metric_list:");
    let _ = writeln!(y, "  - metric: \"exact_match\"");
    let _ = writeln!(y, "    aggregation: \"mean\"");
    let _ = writeln!(y, "    weight_by_size: false");
    let _ = writeln!(y, "    filter_list: [\"final_answer\"]");
    let _ = writeln!(y, "metadata:\n  version: 1");
    y
}

/// Export `source` into `out` with the prompt types `types`.
pub fn export(
    source: &Source,
    registry: &Registry,
    out: &Path,
    types: &[PromptType],
) -> Result<Written, ExportError> {
    let data = prompts::eval_data(source, registry, types)?;
    outdir::write_export(out, |dir| {
        let mut files = write_data(dir, &data)?;
        let header = format!(
            "# Written by `equibench export --format lm-eval` (equibench {}).",
            env!("CARGO_PKG_VERSION")
        );
        files.push(outdir::put(
            dir,
            &format!("{UTILS}.py"),
            python::module(&header, python::LM_EVAL_GLUE).as_bytes(),
        )?);
        let mut groups = Vec::new();
        for &ptype in types {
            let mut tasks = Vec::new();
            for (category, available) in &data.available {
                if !available.contains(&ptype) {
                    continue;
                }
                let task = task_name(registry, *category, ptype);
                files.push(outdir::put(
                    dir,
                    &format!("{task}.yaml"),
                    task_yaml(&task, *category, ptype).as_bytes(),
                )?);
                tasks.push(task);
            }
            if tasks.is_empty() {
                continue;
            }
            let group = group_name(ptype);
            files.push(outdir::put(
                dir,
                &format!("{group}.yaml"),
                group_yaml(&group, ptype, &tasks).as_bytes(),
            )?);
            groups.push((ptype, group, tasks));
        }
        let readme = readme(out, &groups, &data);
        files.push(outdir::put(dir, "README.md", readme.as_bytes())?);
        files.push(outdir::put(
            dir,
            outdir::MARKER_FILE,
            marker(Format::LmEval, source, &data, types)
                .to_json()
                .as_bytes(),
        )?);
        let mut notes: Vec<String> = groups
            .iter()
            .map(|(_, g, tasks)| format!("group {g}: {} tasks", tasks.len()))
            .collect();
        notes.extend(skipped_notes(&data));
        notes.push(format!(
            "run: lm-eval run --include_path {} --tasks {} --model local-chat-completions --apply_chat_template --model_args model=M base_url=URL/chat/completions tokenized_requests=False",
            out.display(),
            groups.first().map_or("equibench_zero".into(), |(_, g, _)| g.clone())
        ));
        Ok(Written {
            out: out.to_path_buf(),
            files,
            notes,
        })
    })
}

/// Write the per-category data files.
pub(crate) fn write_data(dir: &Path, data: &EvalData) -> Result<Vec<(String, u64)>, ExportError> {
    data.files
        .iter()
        .map(|f| outdir::put(dir, &f.path, &f.bytes))
        .collect()
}

/// The marker of an evaluation export.
pub(crate) fn marker(
    format: Format,
    source: &Source,
    data: &EvalData,
    types: &[PromptType],
) -> Marker {
    Marker {
        format: format.name().into(),
        equibench_version: env!("CARGO_PKG_VERSION").into(),
        pairs_sha256: source.pairs_sha256.clone(),
        pairs: source.pairs.len(),
        data_files: data
            .files
            .iter()
            .map(|f| DataFile {
                config: f.category.to_string(),
                path: f.path.clone(),
                rows: f.rows,
            })
            .collect(),
        prompt_types: types.iter().map(|t| t.record_name().to_string()).collect(),
    }
}

/// One line per (prompt type, category) left out.
pub(crate) fn skipped_notes(data: &EvalData) -> Vec<String> {
    data.skipped
        .iter()
        .flat_map(|(t, cats)| {
            cats.iter()
                .map(move |(c, why)| format!("no {} prompt for {c}: {why}", t.record_name()))
        })
        .collect()
}

fn readme(out: &Path, groups: &[(PromptType, String, Vec<String>)], data: &EvalData) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# equibench as lm-evaluation-harness tasks\n");
    let _ = writeln!(
        s,
        "Written by `equibench export --format lm-eval`. Each task asks every pair of one category \
         with the exact prompt `equibench eval` sends, reads the reply's final YES/NO as \
         `equibench eval` does (`{UTILS}.py`: filter `final_answer`) and scores `exact_match` \
         against the label: the category's accuracy, unparsed replies wrong. Each group is one \
         prompt type over every category that has it; its score is the plain mean of the \
         categories' accuracies.\n"
    );
    let _ = writeln!(s, "| group | tasks |\n|---|---|");
    for (_, g, tasks) in groups {
        let _ = writeln!(
            s,
            "| `{g}` | {} |",
            tasks
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for note in skipped_notes(data) {
        let _ = writeln!(s, "\n- {note}");
    }
    let first = groups
        .first()
        .map_or("equibench_zero", |(_, g, _)| g.as_str());
    let _ = writeln!(
        s,
        "\n```sh\nlm-eval run --include_path {} --tasks {first} \\\n    --model local-chat-completions --apply_chat_template \\\n    --model_args model=MODEL base_url=http://127.0.0.1:8000/v1/chat/completions tokenized_requests=False \\\n    --output_path results --log_samples\n```\n",
        out.display()
    );
    let _ = writeln!(
        s,
        "lm-eval sends `max_tokens` {MAX_GEN_TOKS} and greedy decoding (temperature 0) with every \
         request; `equibench eval` sends neither unless asked (`--max-tokens`, `--temperature`)."
    );
    s
}
