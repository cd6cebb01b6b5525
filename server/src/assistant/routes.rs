//! The public calls: the three ask calls (spec §7; what each does is in docs/assistant.md), answered as
//! server-sent events for a client that asks for them and as one JSON answer otherwise, and feedback.

use axum::{
    extract::State,
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    answer, guard,
    model::{Answer, Question, Route},
    monitoring::record,
    settings::AiProviders,
    stream::{self, Event, Output},
};
use crate::{
    access::extract::MaybeSignedIn,
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiJson,
    fitting::profile::FitProfile,
    lang::Lang,
    ratelimit::{self, Limit, AI_PER_IP},
    AppState,
};

pub(crate) const ANSWER_NOT_FOUND: Text = Text::new(ErrorCode::AnswerNotFound, "Answer not found");
pub(crate) const RATING_RULE: Text = Text::new(ErrorCode::BadRating, "Rating must be up or down");
pub(crate) const ASSISTANT_BUSY: Text =
    Text::new(ErrorCode::AssistantBusy, "The assistant is busy right now. Please try again in a few minutes.");

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Ask {
    /// At most 500 characters, not only spaces.
    #[schema(example = "How do I know my pointe shoes are dead?", min_length = 1, max_length = 500, pattern = r"\S")]
    question: String,
    /// he, en, ru, fr or es; anything else gives Hebrew.
    #[schema(example = "en")]
    language: Option<String>,
    /// ask-hybrid only: list the sources with the answer (the default).
    includes_sources: Option<bool>,
    /// The asker's fit profile, sent only when she lets the assistant read it: a question about which
    /// shoes to choose is then answered with the families that suit it, with their pages. Checked as a
    /// saved profile is; never kept.
    fit_profile: Option<FitProfile>,
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct Rating {
    id: String,
    /// up or down
    #[schema(pattern = "^(up|down)$")]
    rating: String,
}

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ask_hybrid))
        .routes(routes!(ask_with_rag))
        .routes(routes!(ask))
        .routes(routes!(feedback))
}

const STREAM_NOTE: &str =
    "With `Accept: text/event-stream` the answer streams as server-sent events: `start` {provider, model} \
    (drop any text so far), `delta` {text}, then `done` (this answer) or `error` {error}.";

/// The site's passages and the model's own knowledge (then the edge service, then the basic response).
#[utoipa::path(post, path = "/api/ai/ask-hybrid", tag = "assistant", request_body = Ask, description = STREAM_NOTE,
    responses((status = 200, body = Answer), (status = 400, description = "Please enter a question / Questions can be at most 500 characters"),
        (status = 429, description = "Too many attempts. Please wait and try again."),
        (status = 503, description = "The assistant is busy right now. Please try again in a few minutes.")))]
async fn ask_hybrid(
    state: State<AppState>,
    asker: MaybeSignedIn,
    client: ClientInfo,
    headers: HeaderMap,
    body: ApiJson<Ask>,
) -> ApiResult<Response> {
    respond(state, Route::Hybrid, asker, client, headers, body).await
}

/// The site's passages only.
#[utoipa::path(post, path = "/api/ai/ask-with-rag", tag = "assistant", request_body = Ask, description = STREAM_NOTE,
    responses((status = 200, body = Answer), (status = 400), (status = 429), (status = 503)))]
async fn ask_with_rag(
    state: State<AppState>,
    asker: MaybeSignedIn,
    client: ClientInfo,
    headers: HeaderMap,
    body: ApiJson<Ask>,
) -> ApiResult<Response> {
    respond(state, Route::Rag, asker, client, headers, body).await
}

/// No retrieval: the model's own knowledge, guarded.
#[utoipa::path(post, path = "/api/ai/ask", tag = "assistant", request_body = Ask, description = STREAM_NOTE,
    responses((status = 200, body = Answer), (status = 400), (status = 429), (status = 503)))]
async fn ask(
    state: State<AppState>,
    asker: MaybeSignedIn,
    client: ClientInfo,
    headers: HeaderMap,
    body: ApiJson<Ask>,
) -> ApiResult<Response> {
    respond(state, Route::Ask, asker, client, headers, body).await
}

async fn respond(
    State(state): State<AppState>,
    route: Route,
    asker: MaybeSignedIn,
    client: ClientInfo,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Ask>,
) -> ApiResult<Response> {
    let text = guard::question(&body.question)?.to_owned();
    let profile = body.fit_profile.map(FitProfile::checked).transpose()?;
    ratelimit::hit(&state, &AI_PER_IP, &client.rate_key()).await?;
    within_site_ceiling(&state).await?;
    let question = Question {
        route,
        text,
        lang: Lang::from_tag(body.language.as_deref()),
        signed_in: asker.0.is_some(),
        include_sources: route != Route::Hybrid || body.includes_sources.unwrap_or(true),
        profile,
    };
    let streaming = headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/event-stream"));
    // The answer runs on its own task: a client that leaves does not cut a provider off mid-answer
    // (which would leave its circuit breaker's trial unsettled) nor the request unrecorded.
    if streaming {
        let (output, events) = Output::streaming();
        tokio::spawn(async move {
            let event = match answer::answer(&state, question, &output).await {
                Ok(answer) => Event::Done(Box::new(answer)),
                // The error answer a plain request would get (logged there), as the stream's last event.
                Err(err) => Event::Failed(Box::new(ApiError::Internal(err).answer().1)),
            };
            output.send(event);
        });
        return Ok(stream::response(events).into_response());
    }
    let answered = tokio::spawn(async move { answer::answer(&state, question, &Output::default()).await });
    let answer = answered.await.map_err(|err| ApiError::Internal(err.into()))??;
    Ok(Json(answer).into_response())
}

/// Counts the question against the whole site's hourly ceiling (`AiProviders::questions_per_hour`), which
/// bounds the providers' bill where many addresses each stay within their own limit.
async fn within_site_ceiling(state: &AppState) -> ApiResult<()> {
    let per_hour = AiProviders::current(state).await?.questions_per_hour;
    let limit = Limit { name: "ai-site", max_hits: per_hour.into(), window_secs: 60 * 60 };
    ratelimit::hit(state, &limit, "site").await.map_err(|err| match err {
        ApiError::TooManyRequests { retry_after_secs } => ApiError::Busy { text: ASSISTANT_BUSY, retry_after_secs },
        other => other,
    })
}

/// Thumbs up or down on an answer; a second rating replaces the first.
#[utoipa::path(post, path = "/api/ai/feedback", tag = "assistant", request_body = Rating,
    responses((status = 204), (status = 400, description = "Rating must be up or down"), (status = 404, description = "Answer not found")))]
async fn feedback(State(state): State<AppState>, ApiJson(body): ApiJson<Rating>) -> ApiResult<StatusCode> {
    let rating = match body.rating.as_str() {
        "up" => 1,
        "down" => -1,
        _ => return Err(ApiError::invalid_field("rating", RATING_RULE)),
    };
    if !record::rate(&state, &body.id, rating).await? {
        return Err(ApiError::NotFound(ANSWER_NOT_FOUND));
    }
    Ok(StatusCode::NO_CONTENT)
}
