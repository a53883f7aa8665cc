// Each test binary uses a different part of this module.
#![allow(dead_code)]

//! A scripted OpenAI-compatible chat-completions server on 127.0.0.1 for the eval tests. It answers
//! `POST /v1/chat/completions` from a script (a function of the request and of how many times this
//! prompt was asked), counts every request per prompt, and measures how many were in flight at
//! once. It stops by itself when dropped; every delay it is told to make is bounded by the script.
//!
//! Every reply closes its connection (`Connection: close`). tiny_http reads each connection on a
//! thread of its pool for as long as the connection lives, and the pool can queue a connection
//! that arrives in a burst (it counts a waiting thread as free until that thread has woken); a
//! client that keeps its answered connections open and idle (httpx, under Inspect, holds them
//! in its pool) then leaves the queued connections' requests unread for ever, and the client
//! waits on them for ever. Closing after each reply frees the thread at once.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the server does with one request.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub headers: Vec<(String, String)>,
    /// Wait this long before answering (a stalled server when longer than the client's timeout).
    pub delay: Duration,
}

impl Reply {
    /// A 200 chat completion whose message is `text`.
    pub fn text(text: &str) -> Reply {
        Reply::finished(text, "stop")
    }

    /// A 200 chat completion cut at the token limit (`finish_reason: "length"`).
    pub fn cut(text: &str) -> Reply {
        Reply::finished(text, "length")
    }

    fn finished(text: &str, finish_reason: &str) -> Reply {
        Reply {
            status: 200,
            body: json!({
                "id": "chatcmpl-test", "object": "chat.completion", "model": "scripted",
                "choices": [{"index": 0, "finish_reason": finish_reason,
                             "message": {"role": "assistant", "content": text}}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 3, "total_tokens": 103}
            })
            .to_string(),
            headers: vec![],
            delay: Duration::ZERO,
        }
    }

    /// An OpenAI-style error.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply {
            status,
            body: json!({"error": {"message": message, "type": "test"}}).to_string(),
            headers: vec![],
            delay: Duration::ZERO,
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn after(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub path: String,
    pub prompt: String,
    pub model: String,
    pub authorization: Option<String>,
    pub body: Value,
}

type Script = dyn Fn(&Seen, usize) -> Reply + Send + Sync;

struct State {
    script: Box<Script>,
    counts: Mutex<HashMap<String, usize>>,
    seen: Mutex<Vec<Seen>>,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
}

pub struct Server {
    pub base_url: String,
    state: Arc<State>,
    stop: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl Server {
    /// Start on an ephemeral port of 127.0.0.1. `script(request, n)` is called with the n-th
    /// (1-based) request of the same prompt.
    pub fn start(script: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Server {
        let server = tiny_http::Server::http("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = server.server_addr().to_ip().expect("an IP address").port();
        let state = Arc::new(State {
            script: Box::new(script),
            counts: Mutex::new(HashMap::new()),
            seen: Mutex::new(Vec::new()),
            in_flight: AtomicUsize::new(0),
            max_in_flight: AtomicUsize::new(0),
        });
        let stop = Arc::new(AtomicBool::new(false));
        let acceptor = {
            let (state, stop) = (state.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    match server.recv_timeout(Duration::from_millis(50)) {
                        Ok(Some(request)) => {
                            let state = state.clone();
                            std::thread::spawn(move || handle(&state, request));
                        }
                        Ok(None) => {}
                        Err(_) => break,
                    }
                }
            })
        };
        Server {
            base_url: format!("http://127.0.0.1:{port}/v1"),
            state,
            stop,
            acceptor: Some(acceptor),
        }
    }

    /// How many requests carried `prompt`.
    pub fn count(&self, prompt: &str) -> usize {
        self.state
            .counts
            .lock()
            .unwrap()
            .get(prompt)
            .copied()
            .unwrap_or(0)
    }

    pub fn total(&self) -> usize {
        self.state.seen.lock().unwrap().len()
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.state.seen.lock().unwrap().clone()
    }

    /// The most requests that were being answered at the same time.
    pub fn max_in_flight(&self) -> usize {
        self.state.max_in_flight.load(Ordering::SeqCst)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(a) = self.acceptor.take() {
            let _ = a.join();
        }
    }
}

fn handle(state: &State, mut request: tiny_http::Request) {
    let now = state.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    state.max_in_flight.fetch_max(now, Ordering::SeqCst);
    let mut text = String::new();
    let _ = request.as_reader().read_to_string(&mut text);
    let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let seen = Seen {
        path: request.url().to_string(),
        prompt: body
            .pointer("/messages/0/content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        model: body["model"].as_str().unwrap_or("").to_string(),
        authorization: request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Authorization"))
            .map(|h| h.value.to_string()),
        body,
    };
    let n = {
        let mut counts = state.counts.lock().unwrap();
        let c = counts.entry(seen.prompt.clone()).or_default();
        *c += 1;
        *c
    };
    state.seen.lock().unwrap().push(seen.clone());
    let reply = if seen.path != "/v1/chat/completions" {
        Reply::error(404, "no such route")
    } else {
        (state.script)(&seen, n)
    };
    std::thread::sleep(reply.delay.min(Duration::from_secs(10)));
    state.in_flight.fetch_sub(1, Ordering::SeqCst);
    let _ = respond_and_close(request, &reply);
}

/// Writes `reply` as the whole answer on its connection, which it closes (see the module's
/// documentation): tiny_http's `Response` refuses a `Connection` header, so the head is written
/// here, with tiny_http's reason phrase.
fn respond_and_close(request: tiny_http::Request, reply: &Reply) -> std::io::Result<()> {
    let reason = tiny_http::StatusCode(reply.status).default_reason_phrase();
    let length = reply.body.len().to_string();
    let fixed = [
        ("Content-Type", "application/json"),
        ("Content-Length", length.as_str()),
        ("Connection", "close"),
    ];
    let mut head = format!("HTTP/1.1 {} {reason}\r\n", reply.status);
    for (name, value) in fixed
        .into_iter()
        .chain(reply.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut writer = request.into_writer();
    writer.write_all(head.as_bytes())?;
    writer.write_all(reply.body.as_bytes())?;
    writer.flush()
}
