//! The edge service: Cloudflare Workers AI's REST API, `POST {baseUrl}/accounts/{accountId}/ai/run/{model}`
//! with a bearer API token; streamed as server-sent events of `{"response": "..."}` ending with
//! `data: [DONE]`, or answered whole as `{"result": {"response": "...", "usage": {...}}, "success": true}`.

use serde::Deserialize;
use serde_json::json;

use super::{send, sse, whole_json, ErrorType, Failure, Finished, Receiver, Request, Usage};
use crate::assistant::settings::EdgeSettings;

#[derive(Deserialize)]
struct Piece {
    #[serde(default)]
    response: String,
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Whole {
    result: Option<Piece>,
    #[serde(default)]
    success: bool,
    #[serde(default)]
    errors: Vec<serde_json::Value>,
}

pub(crate) async fn generate(
    http: &reqwest::Client,
    settings: &EdgeSettings,
    request: &Request<'_>,
    receiver: &mut (dyn Receiver + Send),
) -> Result<Finished, Failure> {
    let url = format!(
        "{}/accounts/{}/ai/run/{}",
        settings.base_url.trim_end_matches('/'),
        settings.account_id,
        settings.model
    );
    let body = json!({
        "messages": request.messages,
        "max_tokens": request.max_tokens,
        "temperature": 0,
        "seed": 0,
        "stream": request.stream,
    });
    let response = send(http.post(url).bearer_auth(&settings.api_token).json(&body), request.head_timeout()).await?;
    let mut finished = Finished::default();
    let mut usage = None;
    let mut take = |piece: Piece| -> Result<(), Failure> {
        if !piece.response.is_empty() {
            finished.completion_tokens += 1;
            receiver.piece(&piece.response)?;
        }
        usage = piece.usage.or(usage);
        Ok(())
    };
    if request.stream {
        sse::each_data(response, request.idle_timeout, |data| {
            if data.trim() == "[DONE]" {
                return Ok(true);
            }
            take(
                serde_json::from_str(data)
                    .map_err(|err| Failure::new(ErrorType::Invalid, format!("a piece does not read: {err}")))?,
            )?;
            Ok(false)
        })
        .await?;
    } else {
        let whole: Whole = whole_json(response, request.head_timeout()).await?;
        match whole.result {
            Some(result) if whole.success => take(result)?,
            _ => return Err(Failure::new(ErrorType::Status, format!("Workers AI reported: {:?}", whole.errors))),
        }
    }
    if let Some(usage) = usage {
        (finished.prompt_tokens, finished.completion_tokens) = (usage.prompt_tokens, usage.completion_tokens);
    }
    // Workers AI gives no finish reason: an answer as long as allowed was cut there.
    finished.truncated = finished.completion_tokens >= i64::from(request.max_tokens);
    Ok(finished)
}
