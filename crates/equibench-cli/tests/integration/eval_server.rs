//! `equibench eval` against a scripted OpenAI-compatible server on 127.0.0.1, over a real build of
//! the test category of issue 18 (EXPR, made and proved by z3): what the script implies is what
//! the scores say, resume never repeats a finished request, concurrency is bounded, few-shot
//! prompts (with exemplars made by the category's own pipeline) never show a pair of the set,
//! `--paper-compat` is reproducible, and a bad key or model stops the run at once.

use crate::expr_category;
use crate::scripted_server;

use equibench_core::{Category, Pair, Registry};
use equibench_eval::runlog::{self, RequestRecord};
use equibench_eval::{Answer, EvalOptions, PromptType};
use expr_category::ExprCategory;
use scripted_server::{Reply, Server};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

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

/// A real build of 8 EXPR pairs (4 + 4).
fn build(dir: &Path) -> Vec<Pair> {
    let out = dir.join("out");
    let out_s = out.display().to_string();
    assert_eq!(
        cli(&[
            "build",
            "--categories",
            "expr",
            "--pairs",
            "8",
            "--seed",
            "11",
            "--out",
            &out_s
        ]),
        0,
        "build"
    );
    equibench_core::output::read_pairs(&out).unwrap()
}

fn options(base_url: &str, prompt: PromptType) -> EvalOptions {
    EvalOptions::new("scripted", base_url, prompt)
}

/// The prompt of every pair, as the run must send it, rebuilt from DIR and the options.
fn prompts(dir: &Path, base_url: &str, prompt: PromptType) -> Vec<(Pair, String)> {
    equibench_eval::plan(&dir.join("out"), &options(base_url, prompt), &registry())
        .unwrap()
        .jobs
        .into_iter()
        .map(|j| (j.pair, j.prompt))
        .collect()
}

fn eval(dir: &Path, server: &Server, run: &str, extra: &[&str]) -> u8 {
    let out = dir.join("out").display().to_string();
    let run = dir.join(run).display().to_string();
    let mut args = vec![
        "eval",
        &out,
        "--model",
        "scripted",
        "--base-url",
        &server.base_url,
        "--api-key-env",
        "EQUIBENCH_TEST_UNSET_KEY",
        "--read-timeout",
        "1",
        "--backoff",
        "0.05",
        "--out",
        &run,
    ];
    args.extend_from_slice(extra);
    cli(&args)
}

fn records(run: &Path) -> Vec<RequestRecord> {
    runlog::read_records(&run.join(runlog::REQUESTS_FILE))
        .unwrap()
        .0
}

fn word(eq: bool) -> &'static str {
    if eq {
        "YES"
    } else {
        "NO"
    }
}

#[test]
fn scores_follow_the_script_and_a_rerun_sends_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = build(dir.path());
    assert_eq!(pairs.len(), 8);
    // The server knows each prompt's label from the same plan the run makes; behaviour by position.
    let plan = prompts(dir.path(), "http://127.0.0.1:1/v1", PromptType::Zero);
    let script: HashMap<String, (usize, bool)> = plan
        .iter()
        .enumerate()
        .map(|(i, (p, text))| (text.clone(), (i, p.equivalent)))
        .collect();
    let server = Server::start(move |seen, n| {
        let Some(&(i, eq)) = script.get(&seen.prompt) else {
            return Reply::error(400, "a prompt the test did not make");
        };
        let right = word(eq);
        let wrong = word(!eq);
        match (i, n) {
            (0, _) => Reply::text(right),
            (1, _) => Reply::text(wrong),
            (2, _) => Reply::text(&format!(
                "Let me compare the two expressions step by step.\nBoth read x and y.\nThe answer is **{right}**."
            )),
            (3, _) => Reply::text("I am not sure these can be compared."),
            (4, _) => Reply::text(""),
            (5, 1) => Reply::error(429, "slow down").header("Retry-After", "1"),
            (6, 1) => Reply::error(500, "internal error"),
            (7, 1) => Reply::text(right).after(Duration::from_secs(3)),
            _ => Reply::text(&format!("```\n{right}\n```")),
        }
    });
    let started = std::time::Instant::now();
    assert_eq!(eval(dir.path(), &server, "run", &["--concurrency", "2"]), 0);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1 was honoured"
    );

    // Each prompt sent as the plan says; 429, 500 and the stall were retried once each.
    for (i, (_, text)) in plan.iter().enumerate() {
        let want = if (5..=7).contains(&i) { 2 } else { 1 };
        assert_eq!(server.count(text), want, "requests of pair {i}");
    }
    assert_eq!(server.total(), 11);
    assert!(
        server.seen().iter().all(|s| s.authorization.is_none()),
        "no key, no header"
    );

    let run = dir.path().join("run");
    let recs = records(&run);
    assert_eq!(recs.len(), 8);
    let sha: HashMap<&str, &str> = recs
        .iter()
        .map(|r| (r.pair_id.as_str(), r.prompt_sha256.as_str()))
        .collect();
    for (p, text) in &plan {
        assert_eq!(
            sha[p.id.as_str()],
            equibench_eval::prompt::sha256(text),
            "the logged sha256 is the prompt's"
        );
    }
    let scores: Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("scores.json")).unwrap()).unwrap();
    let c = &scores["categories"]["EXPR"];
    assert_eq!(c["n"], 8);
    assert_eq!(c["correct"], 5, "pairs 0, 2, 5, 6, 7: {c:#}");
    assert_eq!(c["accuracy"], 0.625);
    assert_eq!(c["unparsed"], 2, "the unsure reply and the empty one");
    assert_eq!(scores["overall"]["accuracy"], 0.625);
    assert_eq!(c["baselines"]["chance"], 0.5);
    assert_eq!(c["baselines"]["majority"], 0.5);
    assert!(c["baselines"].get("shortcut").is_some());
    let low = c["ci95"]["low"].as_f64().unwrap();
    let high = c["ci95"]["high"].as_f64().unwrap();
    assert!(low < 0.625 && 0.625 < high, "{low} {high}");
    let unparsed_rows = c["confusion"]["equivalent"]["unparsed"].as_u64().unwrap()
        + c["confusion"]["inequivalent"]["unparsed"].as_u64().unwrap();
    assert_eq!(unparsed_rows, 2);
    // Recomputable from requests.jsonl alone.
    let again = equibench_eval::scores::score(&runlog::latest(recs.clone()));
    assert_eq!(again.categories[&ExprCategory.descriptor().id()].correct, 5);
    assert_eq!(again.overall.accuracy, 0.625);

    // The same command again: everything is finished, nothing is sent.
    assert_eq!(eval(dir.path(), &server, "run", &["--concurrency", "2"]), 0);
    assert_eq!(server.total(), 11, "a finished request is never sent twice");
    assert_eq!(records(&run).len(), 8);
    // Another command into the same RUN is refused before anything is sent.
    assert_ne!(eval(dir.path(), &server, "run", &["--temperature", "0"]), 0);
    assert_eq!(server.total(), 11);
}

#[test]
fn finish_reason_is_logged_and_cut_retracted_or_conditional_replies_are_not_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let plan = prompts(dir.path(), "http://127.0.0.1:1/v1", PromptType::ZeroCot);
    let script: HashMap<String, (usize, bool)> = plan
        .iter()
        .enumerate()
        .map(|(i, (p, text))| (text.clone(), (i, p.equivalent)))
        .collect();
    let server = Server::start(move |seen, _| {
        let Some(&(i, eq)) = script.get(&seen.prompt) else {
            return Reply::error(400, "a prompt the test did not make");
        };
        let (right, wrong) = (word(eq), word(!eq));
        match i % 4 {
            0 => Reply::text(&format!("Both loops agree. The answer is {right}.")),
            // Cut at max_tokens: it reads right so far, but it was not finished.
            1 => Reply::cut(&format!("Let me trace both loops. The answer is {right}")),
            2 => Reply::text(&format!(
                "Answer: {right}\nWait, let me reconsider the loop bound."
            )),
            _ => Reply::text(&format!(
                "The answer is {right} if n is positive, otherwise {wrong}."
            )),
        }
    });
    let run = dir.path().join("run");
    let args = ["--prompt", "zero-cot", "--max-tokens", "64"];
    assert_eq!(eval(dir.path(), &server, "run", &args), 0);
    let recs = records(&run);
    assert_eq!(recs.len(), 8);
    let by_id: HashMap<&str, &RequestRecord> =
        recs.iter().map(|r| (r.pair_id.as_str(), r)).collect();
    for (i, (p, _)) in plan.iter().enumerate() {
        let r = by_id[p.id.as_str()];
        let (finish, parsed) = match i % 4 {
            0 => ("stop", Answer::from_label(p.equivalent)),
            1 => ("length", Answer::Truncated),
            _ => ("stop", Answer::Unparsed),
        };
        assert_eq!(r.finish_reason.as_deref(), Some(finish), "pair {i}");
        assert_eq!(r.parsed, Some(parsed), "pair {i}: {:?}", r.reply);
        assert_eq!(r.correct, i % 4 == 0, "pair {i}");
    }
    let scores: Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("scores.json")).unwrap()).unwrap();
    let c = &scores["categories"]["EXPR"];
    assert_eq!(
        (&c["correct"], &c["unparsed"], &c["truncated"]),
        (&Value::from(2), &Value::from(4), &Value::from(2)),
        "{c:#}"
    );
    assert_eq!(c["truncated_rate"], 0.25);
    assert_eq!(scores["overall"]["truncated"], 2);
    let truncated_in_rows = c["confusion"]["equivalent"]["truncated"].as_u64().unwrap()
        + c["confusion"]["inequivalent"]["truncated"]
            .as_u64()
            .unwrap();
    assert_eq!(truncated_in_rows, 2);

    // Under --paper-compat, a truncated reply is scored by the seeded coin, as an unparsed one is.
    let mut compat = args.to_vec();
    compat.extend(["--paper-compat", "--seed", "3"]);
    assert_eq!(eval(dir.path(), &server, "compat", &compat), 0);
    for r in records(&dir.path().join("compat")) {
        let coin_due = matches!(r.parsed, Some(Answer::Truncated | Answer::Unparsed));
        assert_eq!(r.coin.is_some(), coin_due, "{r:?}");
        if coin_due {
            assert_eq!(r.answer, equibench_eval::runner::coin(Some(3), &r.pair_id));
        }
    }
}

#[test]
fn analyse_reads_finished_runs_and_writes_the_papers_tables() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = build(dir.path());
    // A model that says YES exactly when the programs look alike (similarity above the median of
    // these pairs), asked ZERO; the same model asked FEW is right on every pair.
    let mut sims: Vec<f64> = pairs.iter().map(|p| p.stats.similarity).collect();
    sims.sort_by(f64::total_cmp);
    let median = sims[sims.len() / 2];
    let mut script: HashMap<String, (bool, bool, bool)> = HashMap::new();
    for (t, few) in [(PromptType::Zero, false), (PromptType::Few, true)] {
        for (p, text) in prompts(dir.path(), "http://127.0.0.1:1/v1", t) {
            script.insert(text, (few, p.equivalent, p.stats.similarity >= median));
        }
    }
    let server = Server::start(move |seen, _| match script.get(&seen.prompt) {
        Some(&(true, eq, _)) => Reply::text(word(eq)),
        Some(&(false, _, alike)) => Reply::text(word(alike)),
        None => Reply::error(400, "a prompt the test did not make"),
    });
    assert_eq!(eval(dir.path(), &server, "zero", &[]), 0);
    assert_eq!(eval(dir.path(), &server, "few", &["--prompt", "few"]), 0);
    let json = dir.path().join("analysis.json");
    let (zero, few) = (dir.path().join("zero"), dir.path().join("few"));
    assert_eq!(
        cli(&[
            "eval",
            "analyse",
            zero.to_str().unwrap(),
            few.to_str().unwrap(),
            "--out",
            json.to_str().unwrap()
        ]),
        0
    );
    let a: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let zero_recs = records(&zero);
    let right = |eq: bool| {
        zero_recs
            .iter()
            .filter(|r| (r.expected == Answer::Yes) == eq && r.correct)
            .count()
    };
    let by_label = &a["runs"][0]["by_label"]["EXPR"];
    assert_eq!(by_label["equivalent"]["n"], 4);
    assert_eq!(by_label["equivalent"]["correct"], right(true));
    assert_eq!(by_label["inequivalent"]["correct"], right(false));
    let sim = &a["runs"][0]["similarity"]["EXPR"];
    let binned: u64 = sim["equivalent"]["bins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["n"].as_u64().unwrap())
        .sum();
    assert_eq!(binned, 4, "every equivalent pair in one bin");
    // The FEW run is right everywhere: nothing to test against its similarity.
    assert_eq!(
        a["runs"][1]["similarity"]["EXPR"]["equivalent"]["direction"],
        "untestable"
    );
    // One model, two prompt types: FEW against ZERO with the exact McNemar test.
    let table = &a["prompt_types"][0];
    assert_eq!(table["model"], "scripted");
    let cell = &table["categories"]["EXPR"]["FEW"];
    assert_eq!(cell["accuracy"], 1.0);
    let wrong_zero = zero_recs.iter().filter(|r| !r.correct).count();
    assert_eq!(cell["versus_zero"]["type_only"], wrong_zero);
    assert_eq!(cell["versus_zero"]["zero_only"], 0);
    let p = cell["versus_zero"]["p_value"].as_f64().unwrap();
    assert_eq!(p, equibench_eval::stats::mcnemar_exact(0, wrong_zero));
    assert!(table["categories"]["EXPR"]["ZERO"]["versus_zero"].is_null());
    // A run over another output (here: one pair fewer) is refused.
    let other_out = dir.path().join("fewer");
    std::fs::create_dir_all(&other_out).unwrap();
    let lines: Vec<String> = pairs[1..].iter().map(Pair::to_json_line).collect();
    std::fs::write(other_out.join("pairs.jsonl"), lines.join("\n") + "\n").unwrap();
    assert_ne!(
        cli(&[
            "eval",
            "analyse",
            zero.to_str().unwrap(),
            "--dir",
            other_out.to_str().unwrap(),
            "--out",
            json.to_str().unwrap()
        ]),
        0
    );
}

#[test]
fn concurrency_bounds_the_requests_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let server = Server::start(|_, _| Reply::text("YES").after(Duration::from_millis(300)));
    assert_eq!(eval(dir.path(), &server, "run", &["--concurrency", "3"]), 0);
    assert_eq!(server.total(), 8);
    let max = server.max_in_flight();
    assert!(
        (2..=3).contains(&max),
        "{max} requests in flight with --concurrency 3"
    );
}

#[test]
fn a_bad_key_or_an_unknown_model_stops_the_run_at_once() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let server = Server::start(|_, _| Reply::error(401, "Incorrect API key provided"));
    assert_eq!(eval(dir.path(), &server, "run", &["--concurrency", "1"]), 1);
    assert_eq!(server.total(), 1, "not retried, no further request");
    assert!(
        records(&dir.path().join("run")).is_empty(),
        "nothing finished"
    );

    let server = Server::start(|_, _| Reply::error(404, "The model `scripted` does not exist"));
    assert_eq!(
        eval(dir.path(), &server, "run404", &["--concurrency", "1"]),
        1
    );
    assert_eq!(server.total(), 1);
    // The message names the fix (checked on the library's error, which the CLI prints).
    let out = dir.path().join("out");
    let opts = options(&server.base_url, PromptType::Zero);
    let plan = equibench_eval::plan(&out, &opts, &registry()).unwrap();
    let settings = equibench_eval::runner::RunSettings {
        concurrency: 1,
        api_key_env: "EQUIBENCH_TEST_UNSET_KEY".into(),
        client: equibench_eval::client::ClientConfig {
            base_url: server.base_url.clone(),
            api_key: None,
            connect_timeout: Duration::from_secs(5),
            read_timeout: Duration::from_secs(5),
            max_tries: 3,
            backoff: Duration::from_millis(10),
        },
    };
    let err = equibench_eval::runner::run(
        &out,
        &plan,
        &opts,
        &settings,
        &dir.path().join("lib404"),
        &std::sync::atomic::AtomicBool::new(false),
        &equibench_eval::runner::Silent,
    )
    .err()
    .expect("a fatal error")
    .to_string();
    assert!(
        err.contains("does not know model `scripted`") && err.contains("--model"),
        "{err}"
    );
    let bad_key = Server::start(|_, _| Reply::error(401, "bad key"));
    let settings = equibench_eval::runner::RunSettings {
        client: equibench_eval::client::ClientConfig {
            base_url: bad_key.base_url.clone(),
            ..settings.client
        },
        ..settings
    };
    let opts = options(&bad_key.base_url, PromptType::Zero);
    let err = equibench_eval::runner::run(
        &out,
        &plan,
        &opts,
        &settings,
        &dir.path().join("lib401"),
        &std::sync::atomic::AtomicBool::new(false),
        &equibench_eval::runner::Silent,
    )
    .err()
    .expect("a fatal error")
    .to_string();
    assert!(
        err.contains("$EQUIBENCH_TEST_UNSET_KEY is unset") && err.contains("--api-key-env"),
        "{err}"
    );
}

#[test]
fn a_category_outside_the_core_gets_all_four_prompt_types_and_its_exemplars_stay_out_of_the_set() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = build(dir.path());
    let dir_programs: Vec<&str> = pairs
        .iter()
        .flat_map(|p| [p.program_1.trim(), p.program_2.trim()])
        .collect();
    for t in PromptType::ALL {
        let all = prompts(dir.path(), "http://127.0.0.1:1/v1", t);
        assert_eq!(all.len(), 8, "{t}");
        for (p, text) in &all {
            assert!(
                text.starts_with("You are here to judge if two Expr64 programs"),
                "{t}"
            );
            assert!(
                text.contains(&format!("[Program 1]:\n{}", p.program_1)),
                "{t}"
            );
            assert_eq!(
                text.ends_with("Let's think step by step."),
                t.chain_of_thought(),
                "{t}"
            );
            if !t.few_shot() {
                assert!(!text.contains("[Example"), "{t}");
                continue;
            }
            let start = text
                .find("Here are some examples.")
                .expect("a few-shot block");
            let end = text
                .find("Now judge the following.")
                .expect("the query after it");
            let block = &text[start..end];
            assert_eq!(block.matches("[Example ").count(), 4, "2 + 2 exemplars");
            assert_eq!(block.matches("[Answer]: ").count(), 4);
            for line in block.lines() {
                assert!(
                    !dir_programs.contains(&line.trim()),
                    "{t}: the few-shot block shows a program of DIR: {line}"
                );
            }
            if t.chain_of_thought() {
                assert!(
                    block.contains("proved that no 64-bit values of x and y"),
                    "{block}"
                );
                assert!(
                    block.contains("With x = ") && block.contains("The answer is NO."),
                    "{block}"
                );
                assert!(block.contains("The answer is YES."), "{block}");
            }
        }
        // The dry run of each type works through the CLI.
        let out = dir.path().join("out").display().to_string();
        assert_eq!(
            cli(&[
                "eval",
                &out,
                "--model",
                "m",
                "--prompt",
                t.cli_name(),
                "--dry-run"
            ]),
            0,
            "{t}"
        );
    }

    // A set that contains an exemplar: the few-shot prompts pass it over for the spare of its
    // label; a set that leaves fewer than two of a label is refused, for the few-shot types only.
    let shipped: Vec<Pair> = equibench_core::Category::exemplars(&ExprCategory)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let equivalent: Vec<&Pair> = shipped.iter().filter(|p| p.equivalent).collect();
    assert_eq!(
        equivalent.len(),
        3,
        "the test category ships one spare per label"
    );
    let with = |name: &str, extra: &[&Pair]| {
        let mut lines: Vec<String> = pairs.iter().map(Pair::to_json_line).collect();
        lines.extend(extra.iter().map(|p| p.to_json_line()));
        let d = dir.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("pairs.jsonl"), lines.join("\n") + "\n").unwrap();
        d
    };
    let opts = |t| options("http://127.0.0.1:1/v1", t);
    let one = with("one", &[equivalent[0]]);
    let plan = equibench_eval::plan(&one, &opts(PromptType::Few), &registry()).expect("a spare");
    let shown: Vec<&str> = plan
        .exemplars
        .values()
        .flatten()
        .map(|e| e.pair.id.as_str())
        .collect();
    assert_eq!(shown.len(), 4, "{shown:?}");
    assert!(!shown.contains(&equivalent[0].id.as_str()), "{shown:?}");
    assert!(
        shown.contains(&equivalent[2].id.as_str()),
        "the spare is used: {shown:?}"
    );
    let two = with("two", &[equivalent[0], equivalent[1]]);
    let err = equibench_eval::plan(&two, &opts(PromptType::Few), &registry())
        .err()
        .expect("refused")
        .to_string();
    assert!(
        err.contains("too few equivalent exemplars")
            && err.contains(&equivalent[1].id[..12])
            && err.contains("make-exemplars"),
        "{err}"
    );
    assert!(equibench_eval::plan(&two, &opts(PromptType::Zero), &registry()).is_ok());
}

#[test]
fn paper_compat_coins_are_seeded_recorded_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let server = Server::start(|_, _| Reply::text("It depends on the compiler."));
    let coins = |run: &str, seed: &str| -> Vec<(String, Answer)> {
        assert_eq!(
            eval(
                dir.path(),
                &server,
                run,
                &["--paper-compat", "--seed", seed]
            ),
            0
        );
        let mut v: Vec<(String, Answer)> = records(&dir.path().join(run))
            .into_iter()
            .map(|r| {
                assert_eq!(r.parsed, Some(Answer::Unparsed));
                assert_eq!(r.answer, r.coin.expect("a coin recorded"));
                assert_eq!(r.correct, r.answer == r.expected);
                (r.pair_id, r.answer)
            })
            .collect();
        v.sort();
        v
    };
    let a = coins("a", "7");
    let b = coins("b", "7");
    assert_eq!(a, b, "same seed, same coins");
    for (id, c) in &a {
        assert_eq!(*c, equibench_eval::runner::coin(Some(7), id));
    }
    let other = coins("c", "8");
    assert_ne!(a, other, "another seed, other coins");
    // The server saw the seed, since --seed is also the request's seed.
    assert!(server
        .seen()
        .iter()
        .all(|s| s.body["seed"].as_u64().is_some()));
    // Without --paper-compat the same replies are unparsed and wrong.
    assert_eq!(eval(dir.path(), &server, "strict", &[]), 0);
    assert!(records(&dir.path().join("strict"))
        .iter()
        .all(|r| r.answer == Answer::Unparsed && !r.correct && r.coin.is_none()));
}
