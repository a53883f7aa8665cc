//! `equibench export` read by the real libraries (issue 39), over one small real build of every
//! registered category:
//! - `--format hf`: `datasets.load_dataset` loads every configuration with the right rows and
//!   features and every value as written; the card's YAML is read by `huggingface_hub`; `equibench
//!   import` gives back `pairs.jsonl` byte for byte, which validates (and audits: `real_tamper`
//!   audits copies of the import);
//! - `--format lm-eval` and `--format inspect`: `lm-eval run` and `inspect eval -T prompt=TYPE`
//!   (the `inspect` command's own entry point, once per prompt type in one Python process) ask the
//!   scripted server on 127.0.0.1 (replies in many forms, chosen from each prompt alone) the very
//!   prompts `equibench eval` asks it, byte for byte, for every pair and prompt type, and score
//!   every category as `equibench eval` does.
//!
//! Both read the test run's shared reference build (two pairs of every registered category, made
//! once for every test that reads it), read only. The Python tools run offline (no hub, no
//! tokenizer download) with their caches in the test's temporary directory.

use crate::real_common::{
    assert_ok, bin, describe, equibench, imported_reference, shared_reference,
};
use crate::scripted_server::{Reply, Server};
use equibench_core::{CategoryName, Pair};
use equibench_eval::{EvalOptions, PromptType};
use equibench_export::columns::{Cell, Kind, Layout};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// A program of the project virtualenv, offline, with its caches and logs under `home`.
fn venv_tool(name: &str, home: &Path) -> Command {
    let program = equibench_core::tools::venv_dir().join("bin").join(name);
    assert!(
        program.is_file(),
        "{} is missing: run scripts/setup.sh",
        program.display()
    );
    let mut c = Command::new(program);
    c.current_dir(home)
        .env("HF_HUB_OFFLINE", "1")
        .env("HF_DATASETS_OFFLINE", "1")
        .env("HF_HOME", home.join("hf-home"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("no_proxy", "127.0.0.1,localhost")
        .env("TOKENIZERS_PARALLELISM", "false");
    c
}

fn run_ok(mut c: Command, what: &str) -> Output {
    let out = c
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(out.status.success(), "{what} failed: {}", describe(&out));
    out
}

fn pairs_of(dir: &Path) -> Vec<Pair> {
    equibench_core::output::read_pairs(dir).unwrap()
}

/// Each category present, with its pairs.
fn by_category(pairs: &[Pair]) -> BTreeMap<CategoryName, Vec<&Pair>> {
    let mut m: BTreeMap<CategoryName, Vec<&Pair>> = BTreeMap::new();
    for p in pairs {
        m.entry(p.category).or_default().push(p);
    }
    m
}

/// Loads every configuration the card declares with `datasets`, and reads the card with
/// `huggingface_hub`; prints JSON.
const LOAD_HF: &str = r#"
import json, sys
import datasets
from huggingface_hub import DatasetCard

root = sys.argv[1]
card = DatasetCard.load(root + "/README.md")
meta = card.data.to_dict()
out = {"meta": meta, "configs": {}}
for cfg in meta["configs"]:
    name = cfg["config_name"]
    ds = datasets.load_dataset(root, name)
    test = ds["test"]
    out["configs"][name] = {
        "splits": {k: v.num_rows for k, v in ds.items()},
        "features": [[k, getattr(f, "dtype", repr(f))] for k, f in test.features.items()],
        "rows": [dict(r) for r in test],
        "nbytes": test.data.nbytes,
    }
print(json.dumps(out))
"#;

/// A row as `datasets` gave it back, as the cells of the export's layout.
fn cells_of(row: &serde_json::Map<String, Value>, layout: &Layout) -> BTreeMap<String, Cell> {
    layout
        .columns
        .iter()
        .map(|c| {
            let v = &row[&c.name];
            let cell = match (c.kind, v) {
                (_, Value::Null) => Cell::Null,
                (Kind::Str, Value::String(s)) => Cell::Str(s.clone()),
                (Kind::Bool, Value::Bool(b)) => Cell::Bool(*b),
                (Kind::U32, v) => Cell::U32(v.as_u64().unwrap() as u32),
                (Kind::U64, v) => Cell::U64(v.as_u64().unwrap()),
                (Kind::F64, v) => Cell::F64(v.as_f64().unwrap()),
                (k, v) => panic!("column {} ({k:?}) came back as {v}", c.name),
            };
            (c.name.clone(), cell)
        })
        .collect()
}

#[test]
fn hf_export_loads_in_datasets_and_imports_back_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = shared_reference();
    let pairs = pairs_of(&dir);
    let categories = by_category(&pairs);
    // `equibench export --format hf` of the reference, and `equibench import` of that.
    let imported = imported_reference();
    let (hf, restored) = (imported.join("hf"), imported.join("restored"));

    let mut load = venv_tool("python", tmp.path());
    load.args(["-c", LOAD_HF]).arg(&hf);
    let ran = run_ok(load, "datasets.load_dataset");
    // datasets ignores (with this warning) split sizes a card states incompletely.
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(
        !stderr.contains("Ignoring part of dataset_info"),
        "{stderr}"
    );
    let loaded: Value = serde_json::from_slice(&ran.stdout).expect("the loader prints JSON");
    let meta = &loaded["meta"];
    assert_eq!(meta["license"], "apache-2.0");
    assert_eq!(meta["task_categories"][0], "text-classification");
    assert_eq!(meta["size_categories"][0], "n<1K");
    let configs: Vec<&str> = meta["configs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["config_name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = categories.keys().map(|c| c.as_str()).collect();
    assert_eq!(configs, expected, "one configuration per category");

    for (category, mine) in &categories {
        let name = category.as_str();
        let got = &loaded["configs"][name];
        assert_eq!(
            got["splits"],
            serde_json::json!({"test": mine.len()}),
            "{name}"
        );
        // The features `datasets` reads are the ones the card declares, and the layout's.
        let layout = Layout::of(
            mine,
            equibench_cli::default_registry().descriptor(*category),
        );
        let info = meta["dataset_info"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["config_name"] == name)
            .unwrap_or_else(|| panic!("no dataset_info for {name}"));
        let declared: Vec<(String, String)> = info["features"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["name"].as_str().unwrap().into(),
                    f["dtype"].as_str().unwrap().into(),
                )
            })
            .collect();
        // In the order of the file's columns (a list: a JSON object would lose the order).
        let read: Vec<(String, String)> = got["features"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| (f[0].as_str().unwrap().into(), f[1].as_str().unwrap().into()))
            .collect();
        let ours: Vec<(String, String)> = layout
            .columns
            .iter()
            .map(|c| (c.name.clone(), c.kind.hf_dtype().to_string()))
            .collect();
        assert_eq!(
            info["splits"][0]["num_bytes"], got["nbytes"],
            "{name}: the card's num_bytes is the Arrow size datasets holds"
        );
        assert_eq!(declared, ours, "{name}: the card's features");
        assert_eq!(read, ours, "{name}: the features datasets reads");
        // Every value as written: each row rebuilds its record, line for line.
        let rows = got["rows"].as_array().unwrap();
        for (row, pair) in rows.iter().zip(mine) {
            let back = layout
                .pair(&cells_of(row.as_object().unwrap(), &layout))
                .unwrap();
            assert_eq!(
                back.to_json_line(),
                pair.to_json_line(),
                "{name} {}",
                pair.id
            );
        }
    }

    // Back to pairs.jsonl, byte for byte, with the build's manifest and datasheet. That the import
    // audits is checked by `real_tamper`, whose untouched pairs are confirmed in copies of it.
    for f in ["pairs.jsonl", "manifest.json", "DATASHEET.md"] {
        assert!(
            std::fs::read(dir.join(f)).unwrap() == std::fs::read(restored.join(f)).unwrap(),
            "{f} differs after the round trip"
        );
    }
    assert_ok(&equibench(&["validate", &s(&restored)]), "validate");
}

/// Where each tool's requests are told apart on the server: a model name per tool.
const TOOLS: [&str; 3] = ["equibench-eval", "lm-eval", "inspect"];

/// What the scripted model says to a prompt whose right answer is `right`: one of several forms,
/// chosen by the prompt's own text, so every tool gets the same reply to the same prompt.
fn reply_to(prompt: &str, right: bool) -> String {
    let (r, w) = if right { ("YES", "NO") } else { ("NO", "YES") };
    let digest = equibench_core::pair::sha256_hex(prompt.as_bytes());
    match u8::from_str_radix(&digest[..2], 16).unwrap() % 7 {
        0 => r.to_string(),
        1 => w.to_string(),
        2 => format!("Comparing both programs step by step.\nThe answer is **{r}**."),
        3 => "I cannot decide whether these programs are equivalent.".into(),
        4 => format!("<think>maybe {w}</think>\n\n{r}"),
        5 => format!("Answer: {r} if n > 0, otherwise {w}."),
        _ => format!("**Final Answer: {w}**"),
    }
}

#[test]
fn lm_eval_and_inspect_send_what_equibench_eval_sends_and_score_alike() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = shared_reference();
    let registry = equibench_cli::default_registry();
    let pairs = pairs_of(&dir);
    let categories = by_category(&pairs);

    // The label of every prompt of every type, from the plans `equibench eval` makes.
    let mut labels: HashMap<String, bool> = HashMap::new();
    for t in PromptType::ALL {
        let plan = equibench_eval::plan(&dir, &EvalOptions::new("m", "u", t), &registry).unwrap();
        assert_eq!(plan.jobs.len(), pairs.len(), "{t}: every category has it");
        for j in plan.jobs {
            labels.insert(j.prompt, j.pair.equivalent);
        }
    }
    let server = Server::start(move |seen, _| match labels.get(&seen.prompt) {
        Some(&eq) => Reply::text(&reply_to(&seen.prompt, eq)),
        None => Reply::error(400, "a prompt equibench eval would not send"),
    });

    // equibench eval, once per prompt type.
    let mut eval_scores: BTreeMap<(PromptType, String), f64> = BTreeMap::new();
    for t in PromptType::ALL {
        let run = tmp.path().join(format!("run-{}", t.cli_name()));
        let o = Command::new(bin())
            .args(["--quiet", "eval"])
            .arg(&dir)
            .args(["--model", TOOLS[0], "--base-url", &server.base_url])
            .args([
                "--api-key-env",
                "EQUIBENCH_TEST_UNSET_KEY",
                "--prompt",
                t.cli_name(),
            ])
            .arg("--out")
            .arg(&run)
            .output()
            .unwrap();
        assert_ok(&o, &format!("equibench eval --prompt {t}"));
        let scores: Value =
            serde_json::from_str(&std::fs::read_to_string(run.join("scores.json")).unwrap())
                .unwrap();
        for c in categories.keys() {
            let acc = scores["categories"][c.as_str()]["accuracy"]
                .as_f64()
                .unwrap();
            eval_scores.insert((t, c.to_string()), acc);
        }
    }

    // lm-eval: every group (prompt type) in one run.
    let lm = tmp.path().join("lm-eval");
    assert_ok(
        &equibench(&["export", &s(&dir), "--format", "lm-eval", "--out", &s(&lm)]),
        "export --format lm-eval",
    );
    let groups: Vec<String> = PromptType::ALL
        .iter()
        .map(|t| equibench_export::lm_eval::group_name(*t))
        .collect();
    let results = tmp.path().join("lm-results");
    let mut c = venv_tool("python", tmp.path());
    c.args(["-c", RUN_LM_EVAL_CLI, "run"])
        .arg("--include_path")
        .arg(&lm)
        .arg("--tasks")
        .args(&groups)
        .args(["--model", "local-chat-completions", "--apply_chat_template"])
        .arg("--model_args")
        .arg(format!("model={}", TOOLS[1]))
        .arg(format!("base_url={}/chat/completions", server.base_url))
        .arg("tokenized_requests=False")
        .arg("--output_path")
        .arg(&results);
    run_ok(c, "lm-eval run");
    let lm_results = lm_eval_results(&results);
    for ((t, category), acc) in &eval_scores {
        let task = equibench_export::lm_eval::task_name(&registry, CategoryName::new(category), *t);
        let got = lm_results["results"][&task]["exact_match,final_answer"]
            .as_f64()
            .unwrap_or_else(|| panic!("no score of {task} in {:#}", lm_results["results"]));
        assert!(
            (got - acc).abs() < 1e-9,
            "{task}: lm-eval {got}, equibench eval {acc}"
        );
    }

    // Inspect: `inspect eval -T prompt=TYPE` for every prompt type, in one Python process.
    let inspect = tmp.path().join("inspect");
    assert_ok(
        &equibench(&[
            "export",
            &s(&dir),
            "--format",
            "inspect",
            "--out",
            &s(&inspect),
        ]),
        "export --format inspect",
    );
    let task_file = inspect.join(equibench_export::inspect::TASK_FILE);
    let logs = tmp.path().join("inspect-logs");
    let runs: Vec<Vec<String>> = PromptType::ALL
        .iter()
        .map(|t| {
            vec![
                "eval".into(),
                format!(
                    "{}@{}",
                    task_file.display(),
                    equibench_export::inspect::TASK_NAME
                ),
                "-T".into(),
                format!("prompt={}", inspect_prompt(*t)),
                "--model".into(),
                format!("openai-api/scripted/{}", TOOLS[2]),
                "--log-format".into(),
                "json".into(),
                "--display".into(),
                "none".into(),
                "--log-dir".into(),
                s(&logs.join(inspect_prompt(*t))),
            ]
        })
        .collect();
    let mut c = venv_tool("python", tmp.path());
    c.args(["-c", RUN_INSPECT_CLI])
        .arg(serde_json::to_string(&runs).unwrap())
        .env("SCRIPTED_BASE_URL", &server.base_url)
        .env("SCRIPTED_API_KEY", "unused");
    run_ok(c, "inspect eval of every prompt type");
    for t in PromptType::ALL {
        let metrics = inspect_metrics(&logs.join(inspect_prompt(t)));
        for c in categories.keys() {
            let acc = eval_scores[&(t, c.to_string())];
            let got = metrics[c.as_str()]["value"]
                .as_f64()
                .unwrap_or_else(|| panic!("{t}: no {c} in {metrics:#}"));
            assert!(
                (got - acc).abs() < 1e-9,
                "{t} {c}: inspect {got}, equibench eval {acc}"
            );
        }
    }

    // Byte for byte the same prompts: each tool sent each (pair, type) prompt once, alone in a
    // user message.
    let seen = server.seen();
    let mut sent: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for r in &seen {
        let messages = r.body["messages"].as_array().unwrap();
        assert_eq!(
            messages.len(),
            1,
            "{}: one message, no system prompt",
            r.model
        );
        assert_eq!(messages[0]["role"], "user", "{}", r.model);
        sent.entry(r.model.as_str()).or_default().push(&r.prompt);
    }
    let mut reference = sent[TOOLS[0]].clone();
    reference.sort();
    assert_eq!(reference.len(), 4 * pairs.len());
    for tool in &TOOLS[1..] {
        let mut theirs = sent.get(tool).cloned().unwrap_or_default();
        theirs.sort();
        // A client may resend a request the loaded machine answered late (Inspect retries); what
        // must hold is that it sent exactly the prompts eval sent, each at least once.
        theirs.dedup();
        reference.dedup();
        assert!(
            theirs == reference,
            "{tool} sent {} prompts; {} differ from equibench eval's",
            theirs.len(),
            theirs
                .iter()
                .filter(|p| reference.binary_search(p).is_err())
                .count()
        );
    }
    // Both tools were asked something worth comparing: every reply form came up.
    let forms: std::collections::BTreeSet<u8> = reference
        .iter()
        .map(|p| {
            u8::from_str_radix(&equibench_core::pair::sha256_hex(p.as_bytes())[..2], 16).unwrap()
                % 7
        })
        .collect();
    assert!(forms.len() >= 5, "reply forms used: {forms:?}");
}

/// The value of the Inspect task's `prompt` argument for a prompt type (`-T prompt=VALUE`).
fn inspect_prompt(t: PromptType) -> String {
    t.record_name().to_ascii_lowercase()
}

/// Runs the `inspect` command once for each argument list of the JSON list `sys.argv[1]`, in this
/// one Python process: the entry point the installed `inspect` script calls, with its own argument
/// parsing (`-T`, `--model`, ...), so each run is `inspect ARGS...`. Inspect's start-up (its
/// imports) is most of the CPU a run of 14 samples takes, and it is paid here once instead of once
/// per prompt type. A run that fails stops the script with its exit status.
const RUN_INSPECT_CLI: &str = r#"
import json, sys
from importlib.metadata import entry_points

inspect_main = entry_points(group="console_scripts")["inspect"].load()
for argv in json.loads(sys.argv[1]):
    sys.argv = ["inspect", *argv]
    try:
        inspect_main()
    except SystemExit as e:
        if e.code not in (0, None):
            print("inspect", *argv, "exited with", e.code, file=sys.stderr)
            raise
"#;

/// Runs the `lm-eval` command with the arguments after `-c SCRIPT`: the entry point the installed
/// `lm-eval` script calls, with its own argument parsing, loading the exported tasks from
/// `--include_path` as it does, with one change: its task manager does not index the library's
/// thousands of built-in task configurations (`TaskManager(include_defaults=False)`, which the
/// command does not expose), none of which the run asks for: that index was half of this test's
/// CPU (about 12 s) and checks nothing of the export.
const RUN_LM_EVAL_CLI: &str = r#"
import sys
from functools import partialmethod
from importlib.metadata import entry_points
from lm_eval.tasks import TaskManager

TaskManager.__init__ = partialmethod(TaskManager.__init__, include_defaults=False)
lm_eval_main = entry_points(group="console_scripts")["lm-eval"].load()
sys.argv = ["lm-eval", *sys.argv[1:]]
sys.exit(lm_eval_main())
"#;

/// The results file `lm-eval run --output_path DIR` wrote.
fn lm_eval_results(dir: &Path) -> Value {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("results"))
            {
                found.push(p);
            }
        }
    }
    assert_eq!(
        found.len(),
        1,
        "one results file in {}: {found:?}",
        dir.display()
    );
    serde_json::from_str(&std::fs::read_to_string(&found[0]).unwrap()).unwrap()
}

/// The metrics of the one scorer of the one log `inspect eval --log-dir DIR` wrote.
fn inspect_metrics(dir: &Path) -> Value {
    let logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(logs.len(), 1, "one log in {}: {logs:?}", dir.display());
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&logs[0]).unwrap()).unwrap();
    assert_eq!(log["status"], "success", "{:#}", log["error"]);
    let scores = log["results"]["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 1, "{scores:#?}");
    scores[0]["metrics"].clone()
}
