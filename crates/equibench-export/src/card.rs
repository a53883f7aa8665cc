//! The dataset card (`README.md`) of the Hugging Face export: YAML front matter as the Hub reads
//! it (configurations and their data files, features and split sizes, licence, task category,
//! size) and then the prose a user needs: what the configurations and columns are, how to load
//! them, how to ask a model, how to re-check every label, and the build's datasheet.
//!
//! Every string in the YAML is written as a JSON string literal, which YAML reads as a
//! double-quoted scalar: no category name or path can break the front matter.

use crate::columns::{Column, Layout};
use equibench_core::output::Manifest;
use std::fmt::Write;

/// One configuration (a category) of the export.
#[derive(Debug, Clone)]
pub struct Config {
    /// The category's record spelling.
    pub name: String,
    pub language: String,
    /// The data file, relative to the repository.
    pub path: String,
    pub layout: Layout,
    pub equivalent: usize,
    pub inequivalent: usize,
    /// The split's size as an Arrow table ([`crate::columns::arrow_bytes`]).
    pub num_bytes: u64,
    /// The Parquet file's size.
    pub download_size: u64,
}

impl Config {
    pub fn rows(&self) -> usize {
        self.equivalent + self.inequivalent
    }
}

/// What the card says beyond the configurations.
pub struct CardInput<'a> {
    pub pretty_name: &'a str,
    pub license: &'a str,
    pub manifest: &'a Manifest,
    pub pairs_sha256: &'a str,
    pub configs: &'a [Config],
    /// The build's datasheet (Markdown), appended whole.
    pub datasheet: &'a str,
}

/// The split every configuration has: the whole benchmark is for evaluation.
pub const SPLIT: &str = "test";

/// `s` as a double-quoted YAML string (its JSON form, which YAML reads as written), so no name
/// can break the card's front matter.
pub fn q(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The Hub's size bucket of a row count.
pub fn size_category(rows: usize) -> &'static str {
    match rows {
        0..=999 => "n<1K",
        1_000..=9_999 => "1K<n<10K",
        10_000..=99_999 => "10K<n<100K",
        100_000..=999_999 => "100K<n<1M",
        _ => "1M<n<10M",
    }
}

/// The YAML front matter, without its `---` fences.
pub fn front_matter(input: &CardInput) -> String {
    let mut y = String::new();
    let total: usize = input.configs.iter().map(Config::rows).sum();
    let _ = writeln!(y, "pretty_name: {}", q(input.pretty_name));
    let _ = writeln!(y, "license: {}", q(input.license));
    let _ = writeln!(y, "language:\n- \"en\"");
    let _ = writeln!(y, "task_categories:\n- \"text-classification\"");
    let _ = writeln!(
        y,
        "tags:\n- \"code\"\n- \"program-equivalence\"\n- \"equibench\""
    );
    let _ = writeln!(y, "size_categories:\n- {}", q(size_category(total)));
    let _ = writeln!(y, "configs:");
    for c in input.configs {
        let _ = writeln!(y, "- config_name: {}", q(&c.name));
        let _ = writeln!(y, "  data_files:");
        let _ = writeln!(y, "  - split: {}", q(SPLIT));
        let _ = writeln!(y, "    path: {}", q(&c.path));
    }
    let _ = writeln!(y, "dataset_info:");
    for c in input.configs {
        let _ = writeln!(y, "- config_name: {}", q(&c.name));
        let _ = writeln!(y, "  features:");
        for col in &c.layout.columns {
            let _ = writeln!(y, "  - name: {}", q(&col.name));
            let _ = writeln!(y, "    dtype: {}", q(col.kind.hf_dtype()));
        }
        let _ = writeln!(y, "  splits:");
        let _ = writeln!(y, "  - name: {}", q(SPLIT));
        let _ = writeln!(y, "    num_examples: {}", c.rows());
        let _ = writeln!(y, "    num_bytes: {}", c.num_bytes);
        let _ = writeln!(y, "  download_size: {}", c.download_size);
        let _ = writeln!(y, "  dataset_size: {}", c.num_bytes);
    }
    y
}

/// The whole card.
pub fn render(input: &CardInput) -> String {
    let mut s = String::new();
    let m = input.manifest;
    let total: usize = input.configs.iter().map(Config::rows).sum();
    let _ = write!(s, "---\n{}---\n\n", front_matter(input));
    let _ = writeln!(s, "# {}\n", input.pretty_name);
    let _ = writeln!(
        s,
        "{total} pairs of programs, each labelled equivalent or inequivalent, one configuration per \
         category (split `{SPLIT}`). Made by `equibench build` (equibench {}) at seed {}: `{}`. \
         Every label carries the evidence it rests on, and `equibench audit` re-checks it with the \
         real tools (below).\n",
        m.equibench_version,
        m.seed,
        m.command.join(" ")
    );
    let _ = writeln!(
        s,
        "| configuration | language | pairs | equivalent | inequivalent |\n|---|---|---:|---:|---:|"
    );
    for c in input.configs {
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | {} | {} |",
            c.name,
            c.language,
            c.rows(),
            c.equivalent,
            c.inequivalent
        );
    }

    let first = input.configs.first().map_or("CONFIG", |c| c.name.as_str());
    let _ = writeln!(s, "\n## Loading\n");
    let _ = writeln!(
        s,
        "```python\nfrom datasets import load_dataset\n\npairs = load_dataset(\"PATH\", {}, split={})\n```\n",
        q(first),
        q(SPLIT)
    );
    let _ = writeln!(
        s,
        "`PATH` is this folder, or the repository's id once it is on the Hub. Each configuration \
         is one Parquet file (`data/<configuration>/{SPLIT}.parquet`).\n"
    );

    let _ = writeln!(s, "## Columns\n");
    let _ = writeln!(
        s,
        "| column | type | configurations | what it holds |\n|---|---|---|---|"
    );
    for (col, configs) in columns(input.configs) {
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | {} |",
            col.name,
            col.kind.hf_dtype(),
            configs,
            col.doc.replace('|', "\\|").replace('\n', " ")
        );
    }
    let _ = writeln!(
        s,
        "\nShow a model `program_1`, `program_2`, `definition` and the context columns; `equivalent`, \
         the provenance columns and the stats give the answer away. The JSON columns are strings: \
         `json.loads` them.\n"
    );

    let _ = writeln!(s, "## Asking a model\n");
    let _ = writeln!(
        s,
        "`equibench eval` asks any OpenAI-compatible endpoint with EquiBench's four prompt types \
         (ZERO, FEW, ZERO_COT, FEW_COT) and reads the final YES or NO with a strict parser. \
         `equibench export DIR --format lm-eval` and `--format inspect` write lm-evaluation-harness \
         and Inspect tasks that send the same prompt text and read replies the same way.\n"
    );

    let _ = writeln!(s, "## Re-checking the labels\n");
    let _ = writeln!(
        s,
        "```sh\n\
         equibench import PATH --out restored   # pairs.jsonl, byte for byte\n\
         equibench validate restored            # the records' format\n\
         equibench audit restored               # every label, from its evidence, with the real tools\n\
         ```\n"
    );
    let _ = writeln!(
        s,
        "The restored `pairs.jsonl` has sha256 `{}` (checked by `import`). `equibench` installs \
         with its own `scripts/setup.sh`; `equibench doctor` lists the tools an audit needs.\n",
        input.pairs_sha256
    );
    let _ = writeln!(s, "---\n");
    s.push_str(input.datasheet.trim_end());
    s.push('\n');
    s
}

/// Every column of any configuration, in first-seen order, with the configurations that have it
/// ("all" when every one does).
fn columns(configs: &[Config]) -> Vec<(Column, String)> {
    let mut out: Vec<(Column, Vec<&str>)> = Vec::new();
    for c in configs {
        for col in &c.layout.columns {
            match out.iter_mut().find(|(k, _)| k.name == col.name) {
                Some((_, names)) => names.push(&c.name),
                None => out.push((col.clone(), vec![&c.name])),
            }
        }
    }
    out.into_iter()
        .map(|(col, names)| {
            let which = if names.len() == configs.len() {
                "all".to_string()
            } else {
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            (col, which)
        })
        .collect()
}
