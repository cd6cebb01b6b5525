//! The admin's AI calls (the `ai` permission): status, metrics, and a test question to one provider
//! that skips the circuit breaker and the cache, so the admin sees the provider's own error.

use std::time::Instant;

use axum::{
    extract::State,
    routing::{get, post},
    Json, Router,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{
    record::{self, Outcome, Record},
    report::{self, Metrics, Range},
    status::{self, Status},
};
use crate::{
    assistant::{
        answer::{self, Question, Route, Source},
        guard,
        providers::ProviderKind,
        stream::Output,
    },
    auth::{
        extract::SignedIn,
        permissions::{self, Permission},
    },
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    lang::Lang,
    settings::ai_providers::AiProviders,
    AppState,
};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MetricsQuery {
    /// 1h, 24h (the default), 7d or 30d
    range: Option<Range>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AiTest {
    provider: ProviderKind,
    question: String,
    /// he, en, ru, fr or es (Hebrew otherwise)
    language: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiTestResult {
    ok: bool,
    answer: Option<String>,
    provider: ProviderKind,
    model: String,
    duration_ms: i64,
    /// The model's time to its first token (models only).
    first_token_ms: Option<i64>,
    sources: Vec<Source>,
    /// The provider's own error when `ok` is false.
    error: Option<String>,
}

#[derive(OpenApi)]
#[openapi(paths(ai_status, ai_metrics, ai_test), components(schemas(Status, Metrics, Range, AiTest, AiTestResult)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/ai/status", get(ai_status))
        .route("/api/admin/ai/metrics", get(ai_metrics))
        .route("/api/admin/ai/test", post(ai_test))
}

#[utoipa::path(get, path = "/api/admin/ai/status", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Status), (status = 401), (status = 403)))]
async fn ai_status(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Status>> {
    permissions::require(&signed_in.user, Permission::Ai)?;
    Ok(Json(status::status(&state).await?))
}

#[utoipa::path(get, path = "/api/admin/ai/metrics", tag = "admin", security(("bearer" = [])), params(MetricsQuery),
    responses((status = 200, body = Metrics), (status = 400, description = "Invalid query"), (status = 401), (status = 403)))]
async fn ai_metrics(State(state): State<AppState>, signed_in: SignedIn, ApiQuery(query): ApiQuery<MetricsQuery>) -> ApiResult<Json<Metrics>> {
    permissions::require(&signed_in.user, Permission::Ai)?;
    Ok(Json(report::metrics(&state.db, query.range.unwrap_or_default(), state.clock.now_ms()).await?))
}

/// Asks one provider (with the site's passages, as ask-hybrid does); the answer is recorded as a test.
#[utoipa::path(post, path = "/api/admin/ai/test", tag = "admin", security(("bearer" = [])), request_body = AiTest,
    responses((status = 200, body = AiTestResult), (status = 400, description = "Please enter a question"), (status = 401), (status = 403)))]
async fn ai_test(State(state): State<AppState>, signed_in: SignedIn, ApiJson(test): ApiJson<AiTest>) -> ApiResult<Json<AiTestResult>> {
    permissions::require(&signed_in.user, Permission::Ai)?;
    let began = Instant::now();
    let question = Question {
        route: Route::Hybrid,
        text: guard::question(&test.question)?.to_owned(),
        lang: Lang::from_tag(test.language.as_deref()),
        signed_in: true,
        include_sources: true,
    };
    let (retrieval, _) = state.assistant.index.get(&state.db).await?;
    let found = answer::find(&retrieval, &question)?;
    let outcome = match test.provider {
        ProviderKind::Basic => Ok((answer::basic(question.lang, &found).0, "basic".to_owned(), None, Default::default())),
        provider => answer::generate(&state, provider, &AiProviders::current(&state).await?, &question, &found, &Output::default())
            .await
            .map(|done| (done.text, done.model, done.first_token_ms, done.finished)),
    };
    let duration_ms = began.elapsed().as_millis() as i64;
    let sources = found.sources();
    let mut record = Record {
        id: record::new_id(),
        route: "test",
        lang: question.lang,
        provider: test.provider,
        model: String::new(),
        outcome: Outcome::Answered,
        cached: false,
        duration_ms,
        first_token_ms: None,
        context_chars: found.context.chars().count() as i64,
        sources: sources.len() as i64,
        prompt_tokens: 0,
        completion_tokens: 0,
    };
    let result = match outcome {
        Ok((text, model, first_token_ms, finished)) => {
            (record.model, record.first_token_ms, record.prompt_tokens, record.completion_tokens) =
                (model.clone(), first_token_ms, finished.prompt_tokens, finished.completion_tokens);
            record::save(&state, &record, &[]).await?;
            AiTestResult { ok: true, answer: Some(text), provider: test.provider, model, duration_ms, first_token_ms, sources, error: None }
        }
        Err(failure) => {
            record::save(&state, &record, &[(test.provider, failure.clone())]).await?;
            AiTestResult { ok: false, answer: None, provider: test.provider, model: String::new(), duration_ms, first_token_ms: None, sources, error: Some(failure.message) }
        }
    };
    Ok(Json(result))
}
