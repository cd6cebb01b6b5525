//! The admin's AI calls (the `ai` permission): status, metrics, and a test question to one provider
//! that skips the circuit breaker and the cache, so the admin sees the provider's own error.

use std::time::Instant;

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    record::{self, Record},
    report::{self, Metrics},
    status::{self, Status},
};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    assistant::{
        answer, guard,
        model::{Outcome, Question, Route, Source},
        providers::{ErrorType, ProviderKind},
        settings::AiProviders,
        stream::Output,
    },
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    fields::FieldErrors,
    lang::Lang,
    report_range::{RangeName, RangeQuery},
    AppState,
};

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiTest {
    provider: ProviderKind,
    #[schema(max_length = 500, pattern = r"\S")]
    question: String,
    /// Hebrew when not given.
    language: Option<Lang>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AiTestResult {
    ok: bool,
    answer: Option<String>,
    provider: ProviderKind,
    /// The model the provider was (or would have been) asked with.
    model: String,
    duration_ms: i64,
    /// The model's time to its first token (models only).
    first_token_ms: Option<i64>,
    sources: Vec<Source>,
    /// Why the provider's answer was not used, when `ok` is false (what a client words).
    error_type: Option<ErrorType>,
    /// The detail beside `errorType`: the provider's own words, as it gave them.
    error: Option<String>,
}

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ai_status)).routes(routes!(ai_metrics)).routes(routes!(ai_test))
}

#[utoipa::path(get, path = "/api/admin/ai/status", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Status), (status = 401), (status = 403)))]
async fn ai_status(State(state): State<AppState>, _: RequirePermission<area::Ai>) -> ApiResult<Json<Status>> {
    Ok(Json(status::status(&state).await?))
}

#[utoipa::path(get, path = "/api/admin/ai/metrics", tag = "admin", security(("bearer" = [])), params(RangeQuery),
    responses((status = 200, body = Metrics), (status = 400, description = "Invalid query or range, with `fields`"), (status = 401), (status = 403)))]
async fn ai_metrics(
    State(state): State<AppState>,
    _: RequirePermission<area::Ai>,
    ApiQuery(range): ApiQuery<RangeQuery>,
) -> ApiResult<Json<Metrics>> {
    let mut errors = FieldErrors::default();
    let span = range.span(state.clock.now_ms(), RangeName::Day, report::bucket_ms, &mut errors);
    errors.finish()?;
    Ok(Json(report::metrics(&state.db, span).await?))
}

/// Asks one provider (with the site's passages, as ask-hybrid does); the answer is recorded as a test.
#[utoipa::path(post, path = "/api/admin/ai/test", tag = "admin", security(("bearer" = [])), request_body = AiTest,
    responses((status = 200, body = AiTestResult), (status = 400, description = "Please enter a question"), (status = 401), (status = 403)))]
async fn ai_test(
    State(state): State<AppState>,
    _: RequirePermission<area::Ai>,
    ApiJson(test): ApiJson<AiTest>,
) -> ApiResult<Json<AiTestResult>> {
    let began = Instant::now();
    let question = Question {
        route: Route::Hybrid,
        text: guard::question(&test.question)?.to_owned(),
        lang: test.language.unwrap_or(Lang::DEFAULT),
        signed_in: true,
        include_sources: true,
        profile: None,
    };
    let providers = AiProviders::current(&state).await?;
    let models = state.settings.get::<crate::assistant::settings::AiModels>(&state.db).await?;
    let model = answer::model(test.provider, &providers, &models, question.lang).to_owned();
    let (retrieval, _) = state.assistant.index.get(&state.db).await?;
    let found = answer::find(&retrieval, &question)?;
    let generated = match test.provider {
        ProviderKind::Basic => Ok(None),
        provider => answer::generate(&state, provider, &providers, &models, &question, &found, &Output::default())
            .await
            .map(Some),
    };
    let (text, outcome) = match &generated {
        Ok(Some(done)) => (Some(done.text.clone()), Outcome::Answered),
        Ok(None) => {
            let (text, outcome) = answer::basic(question.lang, &found);
            (Some(text), outcome)
        }
        Err(_) => (None, Outcome::Answered),
    };
    let sources = found.sources();
    let mut record = Record::new("test", question.lang, test.provider, model.clone(), outcome, began);
    record.sources = sources.len() as i64;
    let failures = match generated {
        Ok(Some(done)) => {
            record.generated(&done, found.context.chars().count());
            Vec::new()
        }
        Ok(None) => Vec::new(),
        Err(failure) => vec![(test.provider, failure)],
    };
    record::save(&state, &record, &failures).await?;
    let failure = failures.into_iter().next().map(|(_, failure)| failure);
    Ok(Json(AiTestResult {
        ok: failure.is_none(),
        answer: text,
        provider: test.provider,
        model,
        duration_ms: record.duration_ms,
        first_token_ms: record.first_token_ms,
        sources,
        error_type: failure.as_ref().map(|failure| failure.kind),
        error: failure.map(|failure| failure.message).filter(|message| !message.is_empty()),
    }))
}
