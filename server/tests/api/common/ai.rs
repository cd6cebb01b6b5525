//! The assistant's test peers, all on 127.0.0.1: a real model (SmolLM2-135M-Instruct behind
//! llama-cpp-python's OpenAI-compatible server, installed by `make llm-deps`), a server speaking
//! Cloudflare Workers AI's REST shape, and a port that accepts connections but never answers.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
    Json, Router,
};
use serde_json::{json, Value};

pub(crate) const EDGE_ACCOUNT: &str = "test-account";
pub(crate) const EDGE_TOKEN: &str = "edge-token";

/// A free port of 127.0.0.1 (free when asked; the server that takes it starts right after).
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// llama-cpp-python's server with SmolLM2-135M-Instruct; killed when dropped.
pub(crate) struct ModelServer {
    /// The OpenAI-compatible base address (`…/v1`).
    pub url: String,
    child: Child,
    log: tempfile::NamedTempFile,
}

impl ModelServer {
    pub(crate) async fn start() -> Self {
        let python = std::env::var("LLM_PYTHON").map_or_else(
            |_| PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/pointe/llm-venv/bin/python"),
            PathBuf::from,
        );
        assert!(python.exists(), "llama-cpp-python is not installed at {}: run `make llm-deps`", python.display());
        let finder = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/llm_model.py");
        let found = Command::new(&python).arg(finder).output().unwrap();
        assert!(found.status.success(), "no model: {}", String::from_utf8_lossy(&found.stderr));
        let model = String::from_utf8(found.stdout).unwrap().trim().to_owned();
        let port = free_port();
        let log = tempfile::NamedTempFile::new().unwrap();
        let child = Command::new(&python)
            .args([
                "-m",
                "llama_cpp.server",
                "--model",
                &model,
                "--host",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "--n_ctx",
                "4096",
                "--seed",
                "0",
            ])
            .args(["--n_threads", "1"])
            .stdout(Stdio::null())
            .stderr(log.reopen().unwrap())
            .spawn()
            .unwrap();
        let mut server = Self { url: format!("http://127.0.0.1:{port}/v1"), child, log };
        let deadline = Instant::now() + Duration::from_secs(120);
        let http = reqwest::Client::new();
        while !http
            .get(format!("{}/models", server.url))
            .send()
            .await
            .is_ok_and(|response| response.status().is_success())
        {
            let exited = server.child.try_wait().unwrap();
            if exited.is_some() || Instant::now() > deadline {
                panic!(
                    "the model server does not answer ({exited:?}):\n{}",
                    std::fs::read_to_string(server.log.path()).unwrap_or_default()
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the Workers AI stand-in answers.
#[derive(Clone)]
pub(crate) enum EdgeReply {
    /// These pieces, streamed (or joined when not streaming), with usage counts.
    Text(Vec<String>),
    /// These pieces, reported as cut at the token limit (400, what the server asks for).
    Cut(Vec<String>),
    /// An error status with Cloudflare's error body.
    Status(u16),
    /// These pieces streamed, then the connection cut: a model stopped mid-answer.
    Broken(Vec<String>),
}

/// A local server speaking Workers AI's REST shape: `POST /client/v4/accounts/{id}/ai/run/{model}`.
pub(crate) struct EdgeServer {
    /// The base address to configure (`AI_EDGE_URL`).
    pub url: String,
    /// The bodies it received.
    pub requests: Arc<Mutex<Vec<Value>>>,
    reply: Arc<Mutex<EdgeReply>>,
    task: tokio::task::JoinHandle<()>,
}

#[derive(Clone)]
struct EdgeState {
    requests: Arc<Mutex<Vec<Value>>>,
    reply: Arc<Mutex<EdgeReply>>,
}

impl EdgeServer {
    pub(crate) async fn start(reply: EdgeReply) -> Self {
        let state = EdgeState { requests: Arc::default(), reply: Arc::new(Mutex::new(reply)) };
        let app =
            Router::new().route("/client/v4/accounts/{account}/ai/run/{*model}", post(run)).with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/client/v4", listener.local_addr().unwrap());
        let task = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url, requests: state.requests, reply: state.reply, task }
    }

    pub(crate) fn answer_with(&self, reply: EdgeReply) {
        *self.reply.lock().unwrap() = reply;
    }

    pub(crate) fn calls(&self) -> usize {
        self.requests.lock().unwrap().len()
    }
}

impl Drop for EdgeServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn run(
    State(state): State<EdgeState>,
    Path((account, model)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let authorised =
        headers.get("authorization").and_then(|value| value.to_str().ok()) == Some(&format!("Bearer {EDGE_TOKEN}"));
    if account != EDGE_ACCOUNT || !authorised || !model.starts_with("@cf/") {
        let error = json!({ "success": false, "errors": [{ "code": 10000, "message": "Authentication error" }], "result": null });
        return (StatusCode::UNAUTHORIZED, Json(error)).into_response();
    }
    state.requests.lock().unwrap().push(body.clone());
    let reply = state.reply.lock().unwrap().clone();
    match &reply {
        EdgeReply::Status(status) => {
            let error = json!({ "success": false, "errors": [{ "code": 3040, "message": "Capacity temporarily exceeded" }], "result": null });
            (StatusCode::from_u16(*status).unwrap(), Json(error)).into_response()
        }
        EdgeReply::Broken(pieces) => {
            let events: Vec<Result<String, std::io::Error>> = pieces
                .iter()
                .map(|piece| Ok(format!("data: {}\n\n", json!({ "response": piece }))))
                .chain([Err(std::io::Error::other("the model stopped"))])
                .collect();
            let body = axum::body::Body::from_stream(tokio_stream::iter(events));
            ([("content-type", "text/event-stream")], body).into_response()
        }
        EdgeReply::Text(pieces) | EdgeReply::Cut(pieces) => {
            let completion = if matches!(reply, EdgeReply::Cut(_)) { 400 } else { pieces.len() };
            let usage =
                json!({ "prompt_tokens": 42, "completion_tokens": completion, "total_tokens": 42 + completion });
            if body["stream"] == json!(true) {
                let mut events: String =
                    pieces.iter().map(|piece| format!("data: {}\n\n", json!({ "response": piece }))).collect();
                events.push_str(&format!("data: {}\n\ndata: [DONE]\n\n", json!({ "response": "", "usage": usage })));
                ([("content-type", "text/event-stream")], events).into_response()
            } else {
                Json(json!({ "result": { "response": pieces.concat(), "usage": usage }, "success": true, "errors": [], "messages": [] })).into_response()
            }
        }
    }
}

/// A port that accepts connections and never answers: a provider that hangs.
pub(crate) async fn silent_port() -> (u16, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let task = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    (port, task)
}

/// Server-sent events as (event, data) pairs.
pub(crate) fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let mut event = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(name) = line.strip_prefix("event:") {
                    event = Some(name.trim().to_owned());
                } else if let Some(part) = line.strip_prefix("data:") {
                    data.push_str(part.trim_start());
                }
            }
            Some((event?, serde_json::from_str(&data).unwrap()))
        })
        .collect()
}
