//! A category that lives entirely outside the core (issue 18): 64-bit arithmetic expressions,
//! equivalent by a z3 proof, inequivalent by a counterexample that z3 finds and Rust re-evaluates.
//! It is registered in one line and then built, validated, audited, summarised, prompted, sharded
//! and merged, reported and documented by the same library code as the six EquiBench categories,
//! which only ever see its descriptor. It declares a tool of its own (its z3, under its own
//! environment override) and a package of the project virtualenv, and `doctor`, `--help`, the
//! manifest and the datasheet show them with no edit outside this file; so does the command it
//! adds (`equibench tool expr count`).

use crate::expr_category;

use equibench_core::seed::rng;
use equibench_core::{Pair, Registry, Tools};
use expr_category::*;
use rand::Rng;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

/// The registry of this test: one line registers the category.
fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Box::new(ExprCategory));
    r
}

fn cli(args: &[&str]) -> u8 {
    let mut all = vec!["equibench", "--quiet"];
    all.extend_from_slice(args);
    equibench_cli::run_code(all, &registry())
}

fn build(out: &Path, extra: &[&str]) -> u8 {
    let out = out.display().to_string();
    let mut args = vec![
        "build",
        "--categories",
        "arith",
        "--pairs",
        "8",
        "--seed",
        "5",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    cli(&args)
}

#[test]
fn a_category_outside_the_core_goes_through_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_eq!(build(&out, &[]), 0, "build");
    let out_s = out.display().to_string();

    // validate: schema, ids and the descriptor's definition, language and context.
    let v = equibench_core::validate::validate(&out, &registry()).unwrap();
    assert!(v.ok(), "{:?}", v.problems);
    assert_eq!(v.lines, 8);
    assert_eq!(cli(&["validate", &out_s]), 0);
    let pairs = equibench_core::output::read_pairs(&out).unwrap();
    assert!(pairs.iter().all(|p| p.category.as_str() == "EXPR"
        && p.language.as_str() == "Expr64"
        && p.definition
            .starts_with("for all unsigned 64-bit values of x y,")));

    // The project's schema takes the new category; the shared contract (six categories) does not.
    let schema = |text: &str| {
        jsonschema::validator_for(&serde_json::from_str::<Value>(text).unwrap()).unwrap()
    };
    let project = schema(equibench_core::validate::PAIR_SCHEMA);
    let shared = schema(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/schema/pair.schema.json"),
        )
        .expect("shared/ beside the checkout"),
    );
    let record: Value = serde_json::from_str(&pairs[0].to_json_line()).unwrap();
    assert!(project.is_valid(&record));
    assert!(!shared.is_valid(&record));

    // audit: every label re-checked by the category's own audit; a flipped label is caught.
    assert_eq!(cli(&["audit", &out_s]), 0, "audit");
    let tampered = dir.path().join("tampered");
    std::fs::create_dir_all(&tampered).unwrap();
    let mut lines: Vec<String> = pairs.iter().map(Pair::to_json_line).collect();
    let mut flipped = pairs[0].clone();
    flipped.equivalent = !flipped.equivalent;
    lines[0] = flipped.to_json_line();
    std::fs::write(tampered.join("pairs.jsonl"), lines.join("\n") + "\n").unwrap();
    assert_eq!(cli(&["audit", &tampered.display().to_string()]), 1);

    stats_and_prompts_cover_it(&out, &pairs, dir.path());

    // The harness export uses the descriptor's folder and field names.
    let harness: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("EXPR/pairs.json")).unwrap())
            .unwrap();
    assert_eq!(harness[0]["problem_vars"], "x y");
    assert_eq!(harness[0]["category"], "EXPR");

    // Shards merged are the whole build, byte for byte.
    let (s0, s1, merged) = (
        dir.path().join("s0"),
        dir.path().join("s1"),
        dir.path().join("merged"),
    );
    assert_eq!(build(&s0, &["--shard", "0/2"]), 0);
    assert_eq!(build(&s1, &["--shard", "1/2"]), 0);
    assert_eq!(
        cli(&[
            "merge",
            &s0.display().to_string(),
            &s1.display().to_string(),
            "--out",
            &merged.display().to_string()
        ]),
        0
    );
    assert_eq!(
        std::fs::read(merged.join("pairs.jsonl")).unwrap(),
        std::fs::read(out.join("pairs.jsonl")).unwrap()
    );

    // The datasheet and the HTML report show it like any other category.
    let sheet = std::fs::read_to_string(out.join("DATASHEET.md")).unwrap();
    assert!(sheet.contains("## EXPR (Expr64)"), "{sheet}");
    assert!(sheet.contains("Random expressions over x and y"));
    assert!(sheet.contains("`expr`"));
    let report = dir.path().join("report");
    assert_eq!(
        cli(&["report", &out_s, "--out", &report.display().to_string()]),
        0
    );
    let index = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(index.contains("data-category=\"EXPR\""));
    assert!(report.join("cat-expr.html").is_file());
    assert!(report.join("pairs/expr/0001.html").is_file());
}

/// `stats` (text and `--json`, whose keys keep their order) and `prompts` cover the category.
fn stats_and_prompts_cover_it(out: &Path, pairs: &[Pair], dir: &Path) {
    let out_s = out.display().to_string();
    let stats = equibench_core::stats::compute(pairs);
    assert_eq!(stats[&EXPR.id()].pairs, 8);
    assert_eq!(cli(&["stats", &out_s]), 0);
    let json = Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args(["stats", &out_s, "--json"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let row = json["EXPR"].as_object().expect("a row per category");
    assert_eq!(
        row.keys().map(String::as_str).collect::<Vec<_>>(),
        [
            "avg_lines",
            "equivalent",
            "inequivalent",
            "max_lines",
            "mean_similarity",
            "mean_similarity_equivalent",
            "mean_similarity_inequivalent",
            "min_lines",
            "pairs",
            "subtlety"
        ],
        "`stats --json` keeps its keys, in order"
    );
    assert_eq!(row["pairs"], 8);
    assert_eq!(row["avg_lines"], json!(stats[&EXPR.id()].avg_lines));
    let prompts = dir.join("prompts.jsonl");
    assert_eq!(
        cli(&["prompts", &out_s, "--out", &prompts.display().to_string()]),
        0
    );
    let prompt_lines = std::fs::read_to_string(&prompts).unwrap();
    assert_eq!(prompt_lines.lines().count(), 8);
    let first: Value = serde_json::from_str(prompt_lines.lines().next().unwrap()).unwrap();
    let text = first["prompt"].as_str().unwrap();
    assert!(text.starts_with("You are here to judge if two Expr64 programs"));
    assert!(text.contains("values of x y, the two expressions"));
}

#[test]
fn its_own_tool_and_package_reach_doctor_the_manifest_and_the_datasheet() {
    let tools = Tools::new();
    let z3 = tools.get(&EXPR_Z3).unwrap_or_else(|e| panic!("{e}"));
    let minifier = tools
        .venv_package(&MINIFIER)
        .unwrap_or_else(|e| panic!("{e}"));

    let mut doctor = Vec::new();
    assert_eq!(equibench_cli::doctor(&registry(), &tools, &mut doctor), 0);
    let doctor = String::from_utf8(doctor).unwrap();
    let line = |name: &str| {
        doctor
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("doctor does not list {name}:\n{doctor}"))
            .to_string()
    };
    let z3_line = line("z3");
    assert!(z3_line.starts_with("ok "), "{z3_line}");
    assert!(z3_line.contains(&z3.version), "{z3_line}");
    assert!(z3_line.contains("expression prover, for expr"), "{z3_line}");
    assert!(
        line("python-minifier").contains(&minifier.version),
        "{doctor}"
    );
    // z3, the package and the packages that read the exports (not a category's), nothing else.
    let readers = equibench_export::venv::packages();
    for (package, _) in &readers {
        assert!(
            line(package.name).contains("reads `export --format"),
            "{doctor}"
        );
    }
    assert_eq!(
        doctor.lines().count(),
        2 + readers.len(),
        "z3, the package, the export readers, nothing else:\n{doctor}"
    );

    let help = equibench_cli::help_with_categories(&registry())
        .render_long_help()
        .to_string();
    assert!(help.contains("EQUIBENCH_EXPR_Z3"), "{help}");

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_eq!(build(&out, &[]), 0, "build");
    let manifest = equibench_core::output::read_manifest(&out).unwrap();
    assert_eq!(manifest.tools, vec![minifier.clone(), z3.record()]);
    let sheet = std::fs::read_to_string(out.join("DATASHEET.md")).unwrap();
    for row in [
        format!("| z3 (expression prover) | {} | probed", z3.version),
        format!(
            "| python-minifier (virtualenv package) | {} | probed",
            minifier.version
        ),
        format!("| python-minifier | {} | recorded", minifier.version),
    ] {
        assert!(sheet.contains(&row), "no `{row}` in\n{sheet}");
    }
}

#[test]
fn the_help_lists_the_registered_categories_and_unknown_names_are_clear() {
    let help = equibench_cli::help_with_categories(&registry())
        .render_long_help()
        .to_string();
    assert!(
        help.contains("expr") && help.contains("EXPR (Expr64)"),
        "{help}"
    );
    let err = registry().resolve("dce").unwrap_err();
    assert!(err.to_string().contains("expr"), "{err}");
    assert_eq!(registry().resolve("ARITH").unwrap(), EXPR.id());
}

/// The category's own command is listed by `tool --help` and run through the registry with its
/// arguments untouched (`--help`-like words included), with the data directory the CLI chose.
#[test]
fn a_category_command_runs_through_the_registry() {
    let mut cmd = equibench_cli::help_with_categories(&registry());
    let help = cmd
        .find_subcommand_mut("tool")
        .unwrap()
        .render_long_help()
        .to_string();
    assert!(
        help.contains("expr count: exits with the number of its arguments"),
        "{help}"
    );
    assert_eq!(cli(&["tool", "expr", "count"]), 1);
    assert_eq!(cli(&["tool", "ARITH", "count", "a", "--verbose", "-x"]), 4);
    assert_eq!(
        cli(&[
            "tool",
            "--data-dir",
            "/nowhere/expr-data",
            "expr",
            "count",
            "b"
        ]),
        102
    );
    assert_eq!(cli(&["tool", "expr", "nope"]), 1, "an unknown command");
    assert_eq!(
        cli(&["tool", "nonesuch", "count"]),
        1,
        "an unknown category"
    );
    assert_eq!(cli(&["tool", "expr"]), 1, "no command");
}

#[test]
fn a_declared_input_flag_reaches_the_category_through_build_only() {
    let help = |sub: &str| {
        let mut cmd = equibench_cli::help_with_categories(&registry());
        cmd.find_subcommand_mut(sub)
            .unwrap()
            .render_long_help()
            .to_string()
    };
    assert!(
        help("build").contains("--expr-trace <DIR>"),
        "{}",
        help("build")
    );
    assert!(!help("audit").contains("--expr-trace"), "{}", help("audit"));

    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace");
    std::fs::create_dir(&trace).unwrap();
    let out = dir.path().join("out");
    let trace_s = trace.display().to_string();
    assert_eq!(build(&out, &["--expr-trace", &trace_s]), 0, "build");
    let written: usize = std::fs::read_dir(&trace)
        .unwrap()
        .map(|f| {
            std::fs::read_to_string(f.unwrap().path())
                .unwrap()
                .lines()
                .count()
        })
        .sum();
    // One line per emitted pair; blocks may emit more than the build keeps (spares, balance).
    assert!(written >= 8, "{written} trace lines for 8 pairs");
    // The flag is part of what a build is: the same output directory refuses another value.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let other_s = other.display().to_string();
    assert_ne!(build(&out, &["--expr-trace", &other_s]), 0);
}

#[test]
fn the_expression_language_round_trips() {
    let mut r = rng(3, &["round-trip"]);
    for _ in 0..200 {
        let e = random_expr(&mut r, 4);
        assert_eq!(parse(&program(&e)).unwrap(), e);
        for path in e.paths() {
            let mut changed = e.clone();
            let node = changed.at_mut(&path);
            if let Some(new) = rewrite(node) {
                *node = new;
                let env = [r.gen(), r.gen()];
                assert_eq!(
                    e.eval(env),
                    changed.eval(env),
                    "{} vs {}",
                    e.text(),
                    changed.text()
                );
            }
        }
    }
}
