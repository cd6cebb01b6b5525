//! The gateway: any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Ollama, vLLM,
//! llama.cpp's server). `POST {baseUrl}/chat/completions`, streamed as server-sent events of
//! `choices[0].delta.content`, ending with `data: [DONE]`.

use serde::Deserialize;
use serde_json::json;

use super::{send, sse, whole_json, ErrorType, Failure, Finished, Receiver, Request, Usage};
use crate::assistant::settings::GatewaySettings;

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Vec<Choice>,
    usage: Option<Usage>,
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Choice {
    /// Streamed answers carry `delta`, whole ones `message`.
    #[serde(alias = "message", default)]
    delta: Content,
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Content {
    content: Option<String>,
}

pub(crate) async fn generate(
    http: &reqwest::Client,
    settings: &GatewaySettings,
    request: &Request<'_>,
    receiver: &mut (dyn Receiver + Send),
) -> Result<Finished, Failure> {
    let mut body = json!({
        "model": request.model,
        "messages": request.messages,
        "max_tokens": request.max_tokens,
        "temperature": 0,
        "seed": 0,
        "stream": request.stream,
    });
    if request.stream {
        body["stream_options"] = json!({ "include_usage": true });
    }
    let mut call = http.post(format!("{}/chat/completions", settings.base_url.trim_end_matches('/'))).json(&body);
    if !settings.api_key.is_empty() {
        call = call.bearer_auth(&settings.api_key);
    }
    let response = send(call, request.head_timeout()).await?;
    let mut finished = Finished::default();
    let mut usage = None;
    if request.stream {
        sse::each_data(response, request.idle_timeout, |data| {
            if data.trim() == "[DONE]" {
                return Ok(true);
            }
            let chunk: Chunk = serde_json::from_str(data)
                .map_err(|err| Failure::new(ErrorType::Invalid, format!("a piece does not read: {err}")))?;
            take(chunk, receiver, &mut finished, &mut usage)?;
            Ok(false)
        })
        .await?;
    } else {
        take(whole_json(response, request.head_timeout()).await?, receiver, &mut finished, &mut usage)?;
    }
    if let Some(usage) = usage {
        (finished.prompt_tokens, finished.completion_tokens) = (usage.prompt_tokens, usage.completion_tokens);
    }
    Ok(finished)
}

/// Passes a chunk's text on and notes its finish reason and usage.
fn take(
    chunk: Chunk,
    receiver: &mut (dyn Receiver + Send),
    finished: &mut Finished,
    usage: &mut Option<Usage>,
) -> Result<(), Failure> {
    if let Some(error) = chunk.error {
        return Err(Failure::new(ErrorType::Status, format!("the gateway reported: {error}")));
    }
    for choice in chunk.choices.into_iter().take(1) {
        if let Some(text) = choice.delta.content.filter(|text| !text.is_empty()) {
            finished.completion_tokens += 1;
            receiver.piece(&text)?;
        }
        if let Some(reason) = choice.finish_reason {
            finished.truncated = reason == "length";
        }
    }
    if chunk.usage.is_some() {
        *usage = chunk.usage;
    }
    Ok(())
}
