//! A run: every request of a [`Plan`] not yet finished in the run directory, sent by `concurrency`
//! worker threads (one blocking HTTP request each, so never more than that many in flight), and
//! logged by the calling thread as each completes. Ctrl-C (the `cancel` flag) stops dispatching;
//! requests in flight finish and are logged. A fatal answer (bad key, unknown model) stops
//! dispatching at once and ends the run with a message naming the fix.

use crate::answer::{self, Answer};
use crate::client::{ChatRequest, Client, ClientConfig, ErrorKind, Outcome};
use crate::plan::{EvalOptions, Job, Plan};
use crate::runlog::{Identity, RequestRecord, RunLog, FORMAT};
use crate::EvalError;
use equibench_core::seed::derive_seed;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// How a run talks to the server (none of it changes an answer, so none is in the identity).
#[derive(Debug, Clone)]
pub struct RunSettings {
    pub concurrency: usize,
    pub client: ClientConfig,
    /// The variable the key came from, named in messages (never the key).
    pub api_key_env: String,
}

/// Told about the run as it goes (the CLI draws a progress bar).
pub trait Observer: Sync {
    /// `total` requests in the plan, `done` of them finished by earlier runs.
    fn started(&self, total: usize, done: usize);
    fn finished(&self, record: &RequestRecord);
}

/// An observer that ignores everything (tests, `--quiet`).
pub struct Silent;

impl Observer for Silent {
    fn started(&self, _: usize, _: usize) {}
    fn finished(&self, _: &RequestRecord) {}
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every request is finished (some may have failed for good; the scores count them).
    Complete,
    /// Ctrl-C: re-run the same command to go on.
    Interrupted,
    /// Some requests failed transiently on every try: re-run the same command to retry them.
    Incomplete,
}

pub struct RunResult {
    pub end: End,
    /// The last record of every pair of the plan that has one.
    pub records: Vec<RequestRecord>,
    /// Requests sent by this invocation.
    pub sent: usize,
}

/// The run's identity for `plan` and `options`.
pub fn identity(dir: &Path, plan: &Plan, options: &EvalOptions, api_key_env: &str) -> Identity {
    Identity {
        format: FORMAT,
        dir: dir.display().to_string(),
        options: options.clone(),
        requests_sha256: plan.requests_sha256(),
        requests: plan.jobs.len(),
        api_key_env: api_key_env.to_string(),
    }
}

/// `--paper-compat`'s coin for a pair: a pure function of the seed and the pair id.
pub fn coin(seed: Option<u64>, pair_id: &str) -> Answer {
    if derive_seed(seed.unwrap_or(0), &["paper-compat", pair_id]) & 1 == 1 {
        Answer::Yes
    } else {
        Answer::No
    }
}

/// The log line of one request's outcome.
pub fn record(
    job: &Job,
    options: &EvalOptions,
    outcome: &Outcome,
    tries: u32,
    latency_ms: u64,
) -> RequestRecord {
    let expected = Answer::from_label(job.pair.equivalent);
    let (reply, finish_reason, parsed, usage, error, error_detail) = match outcome {
        Outcome::Reply {
            text,
            usage,
            finish_reason,
        } => (
            Some(text.clone()),
            finish_reason.clone(),
            Some(answer::read(text, finish_reason.as_deref())),
            Some(*usage),
            None,
            None,
        ),
        Outcome::Failed { kind, detail } => {
            (None, None, None, None, Some(*kind), Some(detail.clone()))
        }
    };
    // EquiBench flips a coin for an unparsable reply and for a request the model cannot take; a
    // reply cut at the token limit is one it could not finish.
    let coin_due = match (parsed, error) {
        (Some(Answer::Unparsed | Answer::Truncated), _) => true,
        (None, Some(k)) => !k.transient() && !k.fatal(),
        _ => false,
    };
    let coin = (options.paper_compat && coin_due).then(|| coin(options.seed, &job.pair.id));
    let answer = match (parsed, coin) {
        (_, Some(c)) => c,
        (Some(p), None) => p,
        (None, None) => Answer::Unparsed,
    };
    RequestRecord {
        pair_id: job.pair.id.clone(),
        category: job.pair.category,
        prompt_type: options.prompt,
        prompt_sha256: job.prompt_sha256.clone(),
        model: options.model.clone(),
        temperature: options.temperature,
        max_tokens: options.max_tokens,
        seed: options.seed,
        paper_compat: options.paper_compat,
        expected,
        reply,
        finish_reason,
        parsed,
        coin,
        answer,
        correct: answer == expected,
        latency_ms,
        tries,
        usage,
        error,
        error_detail,
    }
}

enum Message {
    Done(Box<RequestRecord>),
    Fatal(ErrorKind, String),
}

fn fatal_message(
    kind: ErrorKind,
    detail: &str,
    options: &EvalOptions,
    settings: &RunSettings,
) -> String {
    let env = &settings.api_key_env;
    let key_state = if settings
        .client
        .api_key
        .as_deref()
        .is_some_and(|k| !k.is_empty())
    {
        format!("the key in ${env} was sent")
    } else {
        format!("no key was sent, because ${env} is unset or empty")
    };
    match kind {
        ErrorKind::Auth => format!(
            "the server at {} refused the request ({detail}); {key_state}. Put a valid key in ${env}, or name the variable holding it with --api-key-env",
            options.base_url
        ),
        _ => format!(
            "the server at {} does not know model `{}` ({detail}). Check --model (GET {}/models lists the server's models) and that --base-url ends in /v1",
            options.base_url,
            options.model,
            options.base_url.trim_end_matches('/')
        ),
    }
}

/// Send every unfinished request of `plan`, logging into `out`.
pub fn run(
    dir: &Path,
    plan: &Plan,
    options: &EvalOptions,
    settings: &RunSettings,
    out: &Path,
    cancel: &AtomicBool,
    observer: &dyn Observer,
) -> Result<RunResult, EvalError> {
    let ident = identity(dir, plan, options, &settings.api_key_env);
    let mut log = RunLog::open(out, &ident)?;
    let pending: Vec<&Job> = plan
        .jobs
        .iter()
        .filter(|j| !log.finished(&j.pair.id))
        .collect();
    observer.started(plan.jobs.len(), plan.jobs.len() - pending.len());
    let client = Client::new(settings.client.clone());
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Message>();
    let mut fatal: Option<String> = None;
    let mut write_error: Option<EvalError> = None;
    let mut sent = 0;
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.max(1).min(pending.len().max(1)) {
            let tx = tx.clone();
            let (pending, next, stop, client) = (&pending, &next, &stop, &client);
            scope.spawn(move || loop {
                if cancel.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = pending.get(i) else { break };
                let req = ChatRequest {
                    model: &options.model,
                    prompt: &job.prompt,
                    temperature: options.temperature,
                    max_tokens: options.max_tokens,
                    seed: options.seed,
                };
                let started = Instant::now();
                let attempted = client.chat(&req, cancel);
                let latency = started.elapsed().as_millis() as u64;
                let msg = match &attempted.outcome {
                    Outcome::Failed { kind, detail } if kind.fatal() => {
                        stop.store(true, Ordering::SeqCst);
                        Message::Fatal(*kind, detail.clone())
                    }
                    outcome => Message::Done(Box::new(record(
                        job,
                        options,
                        outcome,
                        attempted.tries,
                        latency,
                    ))),
                };
                if tx.send(msg).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for msg in rx {
            match msg {
                Message::Done(r) => {
                    sent += 1;
                    if write_error.is_none() {
                        observer.finished(&r);
                        if let Err(e) = log.append(*r) {
                            // Nothing more can be recorded: stop sending.
                            stop.store(true, Ordering::SeqCst);
                            write_error = Some(e);
                        }
                    }
                }
                Message::Fatal(kind, detail) => {
                    sent += 1;
                    if fatal.is_none() {
                        fatal = Some(fatal_message(kind, &detail, options, settings));
                    }
                }
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    if let Some(m) = fatal {
        return Err(EvalError::Fatal(m));
    }
    let in_plan: std::collections::HashSet<&str> =
        plan.jobs.iter().map(|j| j.pair.id.as_str()).collect();
    let records: Vec<RequestRecord> = log
        .records()
        .iter()
        .filter(|r| in_plan.contains(r.pair_id.as_str()))
        .cloned()
        .collect();
    let all_finished = plan.jobs.iter().all(|j| log.finished(&j.pair.id));
    let end = if all_finished {
        End::Complete
    } else if cancel.load(Ordering::SeqCst) {
        End::Interrupted
    } else {
        End::Incomplete
    };
    Ok(RunResult { end, records, sent })
}
