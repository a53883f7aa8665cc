//! `equibench eval` as users run it: the real binary over a small real build of every registered
//! category, against the scripted server on 127.0.0.1. The run is killed (SIGKILL) and interrupted
//! (SIGINT, as Ctrl-C) mid-way and resumed: no finished request is ever sent twice and nothing
//! finished is lost. Also: the dry run of every prompt type, the key sent but never written down,
//! and `eval compare`.

use crate::real_common;
use crate::scripted_server;

use equibench_eval::runlog::{self, RequestRecord};
use equibench_eval::{EvalOptions, PromptType};
use real_common::{
    assert_ok, bin, copy_dir, describe, equibench, registered, require_tools, shared_reference,
    SHARED_PAIRS,
};
use scripted_server::{Reply, Server};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KEY: &str = "sk-test-secret-4242";

fn eval_command(dir: &Path, server: &Server, run: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.args(["--quiet", "eval"])
        .arg(dir)
        .args(["--model", "scripted-real", "--base-url", &server.base_url])
        .args([
            "--api-key-env",
            "EQUIBENCH_TEST_KEY",
            "--concurrency",
            "2",
            "--backoff",
            "0.05",
        ])
        .arg("--out")
        .arg(run)
        .args(extra)
        .env("EQUIBENCH_TEST_KEY", KEY)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Wait (at most 60 s) until the server has seen `n` requests in all.
fn wait_for(server: &Server, n: usize, child: &mut Child) {
    let end = Instant::now() + Duration::from_secs(60);
    while server.total() < n {
        assert!(
            Instant::now() < end,
            "the server saw {} requests",
            server.total()
        );
        if let Ok(Some(status)) = child.try_wait() {
            panic!("eval ended early: {status}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn records(run: &Path) -> Vec<RequestRecord> {
    runlog::read_records(&run.join(runlog::REQUESTS_FILE))
        .unwrap()
        .0
}

#[test]
fn every_category_is_evaluated_and_a_killed_run_resumes_without_repeating_a_request() {
    let categories = registered();
    require_tools(&categories);
    let tmp = tempfile::tempdir().unwrap();
    // A copy of the run's shared reference build (two pairs of every category).
    let dir = tmp.path().join("out");
    copy_dir(&shared_reference(), &dir);
    let dir_s = dir.display().to_string();
    let registry = equibench_cli::default_registry();

    dry_runs_count_every_category(&dir_s, &categories, &registry);

    let (jobs, prompt_of, server) = a_server_that_is_always_right(&dir, &registry);
    assert_eq!(jobs, SHARED_PAIRS * categories.len());
    let run = tmp.path().join("run");

    // 1. Killed outright after a few requests.
    let mut child = eval_command(&dir, &server, &run, &[]).spawn().unwrap();
    wait_for(&server, 3, &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
    let after_kill: HashSet<String> = records(&run).into_iter().map(|r| r.pair_id).collect();
    assert!(after_kill.len() < jobs, "killed before the end");

    // 2. Interrupted like Ctrl-C: it waits for the requests in flight and logs them.
    let before = server.total();
    let mut child = eval_command(&dir, &server, &run, &[]).spawn().unwrap();
    wait_for(&server, before + 3, &mut child);
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", describe(&out));
    let logged: HashSet<String> = records(&run).into_iter().map(|r| r.pair_id).collect();
    let sent_then: Vec<String> = server.seen()[before..]
        .iter()
        .map(|s| s.prompt.clone())
        .collect();
    for (id, prompt) in &prompt_of {
        if sent_then.contains(prompt) {
            assert!(
                logged.contains(id),
                "pair {id} was answered before Ctrl-C but not logged"
            );
        }
    }

    // 3. Resumed to the end. A pair finished at some point is never sent after it; only a
    // request in flight when the process was killed is sent again.
    let counts_then: HashMap<&String, usize> = prompt_of
        .iter()
        .map(|(id, p)| (id, server.count(p)))
        .collect();
    let out = eval_command(&dir, &server, &run, &[]).output().unwrap();
    assert_ok(&out, "the resumed eval");
    for (id, prompt) in &prompt_of {
        let n = server.count(prompt);
        if after_kill.contains(id) {
            assert_eq!(
                n, 1,
                "pair {id} was finished before the kill, yet sent {n} times"
            );
        } else if logged.contains(id) {
            assert_eq!(
                n, counts_then[id],
                "pair {id} was finished before Ctrl-C, yet sent again"
            );
        } else {
            assert!(n <= 2, "pair {id} sent {n} times");
        }
    }
    let recs = records(&run);
    assert_eq!(
        recs.iter()
            .map(|r| &r.pair_id)
            .collect::<HashSet<_>>()
            .len(),
        jobs
    );
    assert_eq!(recs.len(), jobs, "one line per request, none twice");
    let scores: Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("scores.json")).unwrap()).unwrap();
    assert_eq!(scores["overall"]["accuracy"], 1.0, "{scores:#}");
    for c in &categories {
        assert_eq!(scores["categories"][c.as_str()]["n"], SHARED_PAIRS, "{c}");
        assert_eq!(scores["categories"][c.as_str()]["accuracy"], 1.0, "{c}");
    }
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("overall") && table.contains("shortcut"),
        "{table}"
    );

    the_key_went_to_the_server_only(&server, &run);

    compare_with_a_model_that_always_says_yes(&dir, &run, jobs, categories.len());
}

/// The dry run of every prompt type counts every category; few-shot needs the category's
/// exemplars, and a category without them is refused by name.
fn dry_runs_count_every_category(
    dir_s: &str,
    categories: &[equibench_core::CategoryName],
    registry: &equibench_core::Registry,
) {
    for t in PromptType::ALL {
        let o = equibench(&[
            "eval",
            dir_s,
            "--model",
            "m",
            "--prompt",
            t.cli_name(),
            "--dry-run",
        ]);
        let missing: Vec<_> = categories
            .iter()
            .filter(|c| registry.get(**c).unwrap().exemplars().is_empty())
            .collect();
        if t.few_shot() && !missing.is_empty() {
            assert!(!o.status.success(), "{t}: {}", describe(&o));
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains("ships no few-shot exemplars"), "{t}: {err}");
            continue;
        }
        assert_ok(&o, &format!("eval --dry-run --prompt {t}"));
        let text = String::from_utf8_lossy(&o.stdout);
        for c in categories {
            let row = text
                .lines()
                .find(|l| l.split_whitespace().next() == Some(c.as_str()))
                .unwrap_or_else(|| panic!("{t}: no row for {c}:\n{text}"));
            assert_eq!(row.split_whitespace().nth(1), Some("2"), "{t}: {row}");
        }
    }
}

/// The key went to the server and nowhere else.
fn the_key_went_to_the_server_only(server: &Server, run: &Path) {
    assert!(server
        .seen()
        .iter()
        .all(|s| s.authorization.as_deref() == Some(&format!("Bearer {KEY}")[..])));
    for f in std::fs::read_dir(run).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        assert!(
            !text.contains(KEY),
            "the key was written to the run directory"
        );
    }
}

/// A second model that always says YES, compared pair by pair with the run that was always right.
fn compare_with_a_model_that_always_says_yes(
    dir: &Path,
    run: &Path,
    pairs: usize,
    categories: usize,
) {
    let yes = Server::start(|_, _| Reply::text("YES"));
    let run_yes = run.with_file_name("run-yes");
    let out = eval_command(dir, &yes, &run_yes, &[]).output().unwrap();
    assert_ok(&out, "eval of the YES model");
    let run_s = run.display().to_string();
    let yes_s = run_yes.display().to_string();
    let o = equibench(&["eval", "compare", &run_s, &yes_s]);
    assert_ok(&o, "eval compare");
    let text = String::from_utf8_lossy(&o.stdout);
    let all = text
        .lines()
        .find(|l| l.starts_with("all"))
        .expect("an `all` row");
    let cols: Vec<&str> = all.split_whitespace().collect();
    // 12 shared pairs: A is always right, B only on the 6 equivalent ones.
    assert_eq!(cols[1], pairs.to_string(), "{text}");
    assert_eq!(cols[5], categories.to_string(), "A only: {text}");
    assert_eq!(cols[6], "0", "B only: {text}");
}

/// A server that answers every prompt of the build correctly, slowly enough to be interrupted;
/// with the number of requests the build makes and each pair's prompt.
fn a_server_that_is_always_right(
    dir: &Path,
    registry: &equibench_core::Registry,
) -> (usize, HashMap<String, String>, Server) {
    let opts = EvalOptions::new("scripted-real", "unused", PromptType::Zero);
    let plan = equibench_eval::plan(dir, &opts, registry).unwrap();
    let labels: HashMap<String, bool> = plan
        .jobs
        .iter()
        .map(|j| (j.prompt.clone(), j.pair.equivalent))
        .collect();
    let prompt_of: HashMap<String, String> = plan
        .jobs
        .iter()
        .map(|j| (j.pair.id.clone(), j.prompt.clone()))
        .collect();
    let server = Server::start(move |seen, _| match labels.get(&seen.prompt) {
        Some(eq) => Reply::text(if *eq { "YES" } else { "NO" }).after(Duration::from_millis(400)),
        None => Reply::error(400, "unknown prompt"),
    });
    (plan.jobs.len(), prompt_of, server)
}
