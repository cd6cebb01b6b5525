//! The services that write answers: the gateway (OpenAI-compatible chat completions) and the edge
//! (Cloudflare Workers AI), each streaming its answer piece by piece to a `Receiver`, and the circuit
//! breaker that passes over one that keeps failing. The built-in basic response is `super::basic`.

pub(crate) mod breaker;
pub(crate) mod edge;
pub(crate) mod gateway;
mod sse;

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    Gateway,
    Edge,
    Basic,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 3] = [ProviderKind::Gateway, ProviderKind::Edge, ProviderKind::Basic];

    pub fn code(self) -> &'static str {
        match self {
            Self::Gateway => "gateway",
            Self::Edge => "edge",
            Self::Basic => "basic",
        }
    }
}

/// Why a provider's answer was not used (stored as `error_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) enum ErrorType {
    Timeout,
    Connection,
    /// The provider has no address or key: nothing was sent.
    NotConfigured,
    /// An address an admin saved leads to this machine or a private network (`private_hosts`).
    PrivateAddress,
    /// An HTTP error status.
    Status,
    /// An answer that does not read.
    Invalid,
    Empty,
    /// Answered in another language than the asker's.
    Language,
    /// Every sentence named a product, price or address the context did not hold.
    Grounding,
}

impl ErrorType {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::Connection => "connection",
            Self::NotConfigured => "notConfigured",
            Self::PrivateAddress => "privateAddress",
            Self::Status => "status",
            Self::Invalid => "invalid",
            Self::Empty => "empty",
            Self::Language => "language",
            Self::Grounding => "grounding",
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub kind: ErrorType,
    pub message: String,
}

impl Failure {
    pub(crate) fn new(kind: ErrorType, message: impl Into<String>) -> Self {
        Self { kind, message: message.into() }
    }

    fn from_http(err: &reqwest::Error) -> Self {
        let kind = if err.is_timeout() { ErrorType::Timeout } else { ErrorType::Connection };
        Self::new(kind, format!("{err:#}"))
    }
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct Message {
    pub role: &'static str,
    pub content: String,
}

/// One question for a model.
pub(crate) struct Request<'a> {
    pub messages: &'a [Message],
    pub model: &'a str,
    pub max_tokens: u32,
    /// Ask the provider to stream (else one answer at the end, with exact token counts).
    pub stream: bool,
    /// How long to wait for the answer to start, and then for each next piece.
    pub idle_timeout: Duration,
}

/// A whole answer (not streamed) starts only once it is all written: it may take this many timeouts.
const WHOLE_ANSWER_TIMEOUTS: u32 = 3;

impl Request<'_> {
    /// How long to wait for the answer's head.
    fn head_timeout(&self) -> Duration {
        if self.stream {
            self.idle_timeout
        } else {
            self.idle_timeout * WHOLE_ANSWER_TIMEOUTS
        }
    }
}

/// How an answer ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Finished {
    pub prompt_tokens: i64,
    pub completion_tokens: i64,
    /// The model stopped at the token limit, mid-sentence perhaps.
    pub truncated: bool,
}

/// What takes an answer's pieces as they come; an error stops the provider.
pub(crate) trait Receiver {
    fn piece(&mut self, text: &str) -> Result<(), Failure>;
}

/// Token counts as the provider reports them; a stream that reports none is counted one token per
/// piece (the way llama.cpp and OpenAI stream) and the prompt as unknown (0).
#[derive(Deserialize, Default, Clone, Copy)]
struct Usage {
    #[serde(default)]
    prompt_tokens: i64,
    #[serde(default)]
    completion_tokens: i64,
}

/// The HTTP status's error, with the start of what the provider said.
async fn status_failure(response: reqwest::Response) -> Failure {
    let status = response.status();
    let body = response.text().await.unwrap_or_default();
    let said: String = body.chars().take(300).collect();
    Failure::new(ErrorType::Status, format!("HTTP {status}: {said}"))
}

/// Sends `request`, waiting at most `timeout` for the answer's head.
async fn send(request: reqwest::RequestBuilder, timeout: Duration) -> Result<reqwest::Response, Failure> {
    let response = tokio::time::timeout(timeout, request.send())
        .await
        .map_err(|_| Failure::new(ErrorType::Timeout, format!("no answer within {} s", timeout.as_secs_f32())))?
        .map_err(|err| Failure::from_http(&err))?;
    if response.status().is_success() {
        Ok(response)
    } else {
        Err(status_failure(response).await)
    }
}

/// Reads a whole (non-streamed) answer body within `timeout`.
async fn whole_json<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
    timeout: Duration,
) -> Result<T, Failure> {
    let body = tokio::time::timeout(timeout, response.bytes())
        .await
        .map_err(|_| Failure::new(ErrorType::Timeout, "the answer did not finish in time"))?
        .map_err(|err| Failure::from_http(&err))?;
    serde_json::from_slice(&body)
        .map_err(|err| Failure::new(ErrorType::Invalid, format!("the answer does not read: {err}")))
}
