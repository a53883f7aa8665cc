use equibench_core::CategoryName;
use equibench_eval::answer::Answer;
use equibench_eval::client::ErrorKind;
use equibench_eval::plan::EvalOptions;
use equibench_eval::prompt::PromptType;
use equibench_eval::runlog::*;
use std::fs::OpenOptions;
use std::io::Write;

fn identity(model: &str) -> Identity {
    Identity {
        format: FORMAT,
        dir: "out".into(),
        options: EvalOptions::new(model, "http://127.0.0.1:1/v1", PromptType::Zero),
        requests_sha256: "abc".into(),
        requests: 1,
        api_key_env: "K".into(),
    }
}

fn record(id: &str, error: Option<ErrorKind>) -> RequestRecord {
    RequestRecord {
        pair_id: id.into(),
        category: CategoryName::new("C"),
        prompt_type: PromptType::Zero,
        prompt_sha256: "p".into(),
        model: "m".into(),
        temperature: None,
        max_tokens: None,
        seed: None,
        paper_compat: false,
        expected: Answer::Yes,
        reply: error.is_none().then(|| "YES".into()),
        finish_reason: None,
        parsed: error.is_none().then_some(Answer::Yes),
        coin: None,
        answer: if error.is_none() {
            Answer::Yes
        } else {
            Answer::Unparsed
        },
        correct: error.is_none(),
        latency_ms: 1,
        tries: 1,
        usage: None,
        error,
        error_detail: None,
    }
}

#[test]
fn a_torn_line_is_cut_and_transient_failures_are_not_finished() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let mut log = RunLog::open(&run, &identity("m")).unwrap();
    log.append(record("a", None)).unwrap();
    log.append(record("b", Some(ErrorKind::ServerError)))
        .unwrap();
    log.append(record("c", Some(ErrorKind::ContextTooLong)))
        .unwrap();
    drop(log);
    // The process died while writing a fourth line.
    let path = run.join(REQUESTS_FILE);
    let mut f = OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(b"{\"pair_id\": \"d\", \"categ").unwrap();
    drop(f);
    let mut log = RunLog::open(&run, &identity("m")).unwrap();
    assert!(log.finished("a") && log.finished("c"));
    assert!(
        !log.finished("b"),
        "every try failed transiently: tried again"
    );
    assert!(!log.finished("d"));
    log.append(record("b", None)).unwrap();
    assert!(log.finished("b"));
    let (records, _) = read_records(&path).unwrap();
    assert_eq!(
        records.len(),
        4,
        "the torn line is gone, b's retry appended"
    );
    assert_eq!(latest(records).len(), 3);
}

#[test]
fn another_run_into_the_same_directory_is_refused_naming_the_difference() {
    let dir = tempfile::tempdir().unwrap();
    RunLog::open(dir.path(), &identity("m")).unwrap();
    let err = RunLog::open(dir.path(), &identity("other"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("options.model: \"m\" before, \"other\" now"),
        "{err}"
    );
    let mut moved = identity("m");
    moved.dir = "elsewhere/out".into();
    assert!(RunLog::open(dir.path(), &moved).is_ok(), "DIR may move");
}
