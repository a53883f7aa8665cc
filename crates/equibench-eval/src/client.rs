//! One chat-completions request to an OpenAI-compatible server, with the retry policy.
//!
//! HTTP is `ureq` 3: blocking, small, rustls. A run uses one thread per concurrency slot
//! ([`crate::runner`]), so an async client and its runtime would buy nothing here.
//!
//! Retry policy: 408, 409, 429 and 5xx answers, timeouts and dropped connections are retried with
//! exponential backoff and full jitter (so parallel slots do not retry in step), honouring a
//! `Retry-After` given in seconds, for a bounded number of tries. A 4xx that will not change on
//! retry is returned at once, by kind: 401/403 (the key) and 404 (the model or the base URL) are
//! [`ErrorKind::fatal`] and stop the whole run; 400/413/422 (context too long, bad request) fail
//! only their pair and are counted.
//!
//! The key is sent as `Authorization: Bearer ...` and is never logged or put in an error. No key
//! (the variable unset or empty) sends no Authorization header at all, which is what local servers
//! (vLLM, llama.cpp server, Ollama) expect.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How to reach the server and how patiently.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Up to and including `/v1`, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8000/v1`.
    pub base_url: String,
    pub api_key: Option<String>,
    pub connect_timeout: Duration,
    /// How long to wait for the whole answer (head and body) of one try.
    pub read_timeout: Duration,
    /// Tries per request, the first included.
    pub max_tries: u32,
    /// The first backoff; each further one doubles, capped at [`MAX_BACKOFF`].
    pub backoff: Duration,
}

/// The longest sleep between tries, whatever the backoff or a `Retry-After` asks.
pub const MAX_BACKOFF: Duration = Duration::from_secs(120);

/// What went wrong with a request, as the run log and scores count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// 401 or 403: the key is missing or wrong.
    Auth,
    /// 404: the model is unknown to the server, or the base URL is wrong.
    UnknownModel,
    /// The prompt does not fit the model's context (400/413 saying so).
    ContextTooLong,
    /// Any other 400/422: the server will not take this request.
    BadRequest,
    /// Another 4xx.
    ClientError,
    /// 429 on every try.
    RateLimited,
    /// 5xx (or 408/409) on every try.
    ServerError,
    /// No answer within the read timeout on every try.
    Timeout,
    /// The connection failed on every try.
    Connection,
    /// A 200 whose body is not a chat completion, on every try.
    BadResponse,
}

impl ErrorKind {
    /// Worth another try now (and on resume, if every try of a run failed).
    pub fn transient(self) -> bool {
        matches!(
            self,
            ErrorKind::RateLimited
                | ErrorKind::ServerError
                | ErrorKind::Timeout
                | ErrorKind::Connection
                | ErrorKind::BadResponse
        )
    }

    /// No request of the run can succeed: stop at once.
    pub fn fatal(self) -> bool {
        matches!(self, ErrorKind::Auth | ErrorKind::UnknownModel)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Auth => "auth",
            ErrorKind::UnknownModel => "unknown-model",
            ErrorKind::ContextTooLong => "context-too-long",
            ErrorKind::BadRequest => "bad-request",
            ErrorKind::ClientError => "client-error",
            ErrorKind::RateLimited => "rate-limited",
            ErrorKind::ServerError => "server-error",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Connection => "connection",
            ErrorKind::BadResponse => "bad-response",
        }
    }
}

/// Token counts the server reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: Option<u64>,
    pub completion_tokens: Option<u64>,
}

/// One request's parameters.
#[derive(Debug, Clone)]
pub struct ChatRequest<'a> {
    pub model: &'a str,
    pub prompt: &'a str,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub seed: Option<u64>,
}

impl ChatRequest<'_> {
    /// The JSON body: one user message and no system prompt, as EquiBench sends; optional fields
    /// only when set, so a server's defaults apply otherwise.
    pub fn body(&self) -> Value {
        let mut body = json!({
            "model": self.model,
            "messages": [{"role": "user", "content": self.prompt}],
        });
        if let Some(t) = self.temperature {
            body["temperature"] = json!(t);
        }
        if let Some(m) = self.max_tokens {
            body["max_tokens"] = json!(m);
        }
        if let Some(s) = self.seed {
            body["seed"] = json!(s);
        }
        body
    }
}

/// The end of a request, after every try it took.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Reply {
        text: String,
        usage: Usage,
        /// `choices[0].finish_reason` as the server sent it ("stop", "length", ...).
        finish_reason: Option<String>,
    },
    Failed {
        kind: ErrorKind,
        detail: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attempted {
    pub outcome: Outcome,
    pub tries: u32,
}

/// A failed try.
struct TryError {
    kind: ErrorKind,
    detail: String,
    retry_after: Option<Duration>,
}

pub struct Client {
    agent: ureq::Agent,
    url: String,
    config: ClientConfig,
}

/// True for `http://127.x.x.x`, `localhost` or `[::1]` URLs: never sent through a proxy.
pub fn is_loopback(base_url: &str) -> bool {
    let rest = base_url
        .strip_prefix("http://")
        .or_else(|| base_url.strip_prefix("https://"))
        .unwrap_or(base_url);
    let host = rest.split('/').next().unwrap_or("");
    let host = if host.starts_with('[') {
        host.split(']').next().map(|h| &h[1..]).unwrap_or("")
    } else {
        host.split(':').next().unwrap_or("")
    };
    host == "localhost"
        || host == "::1"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl Client {
    pub fn new(config: ClientConfig) -> Client {
        let mut builder = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(config.connect_timeout))
            .timeout_recv_response(Some(config.read_timeout))
            .timeout_recv_body(Some(config.read_timeout));
        if is_loopback(&config.base_url) {
            builder = builder.proxy(None);
        }
        let url = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        Client {
            agent: builder.build().into(),
            url,
            config,
        }
    }

    /// Send `req`, retrying transient failures; a set `cancel` ends the waiting between tries.
    pub fn chat(&self, req: &ChatRequest, cancel: &AtomicBool) -> Attempted {
        let body = req.body().to_string();
        let mut tries = 0;
        loop {
            tries += 1;
            let err = match self.try_once(&body) {
                Ok(Completion {
                    text,
                    usage,
                    finish_reason,
                }) => {
                    return Attempted {
                        outcome: Outcome::Reply {
                            text,
                            usage,
                            finish_reason,
                        },
                        tries,
                    }
                }
                Err(e) => e,
            };
            if !err.kind.transient() || tries >= self.config.max_tries {
                return Attempted {
                    outcome: Outcome::Failed {
                        kind: err.kind,
                        detail: err.detail,
                    },
                    tries,
                };
            }
            let wait = err
                .retry_after
                .unwrap_or_else(|| self.backoff(tries))
                .min(MAX_BACKOFF);
            if !sleep_unless(wait, cancel) {
                return Attempted {
                    outcome: Outcome::Failed {
                        kind: err.kind,
                        detail: format!("{} (interrupted before the next try)", err.detail),
                    },
                    tries,
                };
            }
        }
    }

    /// Full jitter: uniform in [0, base * 2^(tries-1)], capped.
    fn backoff(&self, tries: u32) -> Duration {
        let ceiling = self
            .config
            .backoff
            .saturating_mul(1 << (tries - 1).min(16))
            .min(MAX_BACKOFF);
        ceiling.mul_f64(rand::thread_rng().gen_range(0.0..=1.0))
    }

    fn try_once(&self, body: &str) -> Result<Completion, TryError> {
        let mut request = self
            .agent
            .post(&self.url)
            .header("Content-Type", "application/json");
        if let Some(key) = self.config.api_key.as_deref().filter(|k| !k.is_empty()) {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        let mut response = request.send(body).map_err(transport_error)?;
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64);
        let text = response
            .body_mut()
            .read_to_string()
            .map_err(transport_error)?;
        if status == 200 {
            return parse_completion(&text).map_err(|detail| TryError {
                kind: ErrorKind::BadResponse,
                detail,
                retry_after: None,
            });
        }
        let kind = classify(status, &text);
        Err(TryError {
            kind,
            detail: format!("HTTP {status}: {}", clip(&server_message(&text), 400)),
            retry_after,
        })
    }
}

/// Sleep for `d` in short steps; false if `cancel` was set meanwhile.
fn sleep_unless(d: Duration, cancel: &AtomicBool) -> bool {
    let end = Instant::now() + d;
    while Instant::now() < end {
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        std::thread::sleep((end - Instant::now()).min(Duration::from_millis(50)));
    }
    !cancel.load(Ordering::Relaxed)
}

fn transport_error(e: ureq::Error) -> TryError {
    let kind = match &e {
        ureq::Error::Timeout(_) => ErrorKind::Timeout,
        ureq::Error::Io(io)
            if matches!(
                io.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ) =>
        {
            ErrorKind::Timeout
        }
        _ => ErrorKind::Connection,
    };
    TryError {
        kind,
        detail: e.to_string(),
        retry_after: None,
    }
}

/// The kind of a non-200 answer.
pub fn classify(status: u16, body: &str) -> ErrorKind {
    let lower = body.to_ascii_lowercase();
    let too_long = [
        "context length",
        "context_length",
        "maximum context",
        "too long",
        "too many tokens",
        "exceeds the context",
    ]
    .iter()
    .any(|s| lower.contains(s));
    match status {
        401 | 403 => ErrorKind::Auth,
        404 => ErrorKind::UnknownModel,
        408 | 409 | 500..=599 => ErrorKind::ServerError,
        429 => ErrorKind::RateLimited,
        413 => ErrorKind::ContextTooLong,
        400 | 422 if too_long => ErrorKind::ContextTooLong,
        400 | 422 => ErrorKind::BadRequest,
        _ => ErrorKind::ClientError,
    }
}

/// `error.message` of an OpenAI-style error body, else the body itself.
pub fn server_message(body: &str) -> String {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| {
            v.pointer("/error/message")
                .or_else(|| v.get("error"))
                .or_else(|| v.get("message"))
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_else(|| body.trim().to_string())
}

fn clip(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// What a 200 answer holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    text: String,
    usage: Usage,
    finish_reason: Option<String>,
}

impl Completion {
    /// The reply text (empty when the content was null or missing).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The token counts the server reported.
    pub fn usage(&self) -> &Usage {
        &self.usage
    }

    /// `choices[0].finish_reason`, if the server gave one.
    pub fn finish_reason(&self) -> Option<&str> {
        self.finish_reason.as_deref()
    }
}

/// The reply text, usage and finish reason of a chat completion. A null or missing content (a
/// refusal, an empty answer) is an empty reply, which the parser scores as unparsed.
pub fn parse_completion(text: &str) -> Result<Completion, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        format!(
            "the server's 200 answer is not JSON ({e}): {}",
            clip(text, 200)
        )
    })?;
    let message = v.pointer("/choices/0/message").ok_or_else(|| {
        format!(
            "the server's 200 answer has no choices[0].message: {}",
            clip(text, 200)
        )
    })?;
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let usage = Usage {
        prompt_tokens: v.pointer("/usage/prompt_tokens").and_then(Value::as_u64),
        completion_tokens: v
            .pointer("/usage/completion_tokens")
            .and_then(Value::as_u64),
    };
    let finish_reason = v
        .pointer("/choices/0/finish_reason")
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(Completion {
        text: content,
        usage,
        finish_reason,
    })
}
