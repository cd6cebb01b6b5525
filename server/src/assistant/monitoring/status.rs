//! The AI status of spec §3 per provider (configured, available, circuit, model, last used, response
//! time, last error), the last answer's (provider, model, RAG type and state, sources, context length)
//! and the index's size.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::Row;
use utoipa::{
    openapi::{ObjectBuilder, Type},
    ToSchema,
};

use crate::{
    assistant::{
        answer,
        model::Route,
        providers::{breaker::Circuit, ProviderKind},
        settings::AiProviders,
    },
    fields,
    lang::Lang,
    AppState,
};

/// The answers a provider's response time is averaged over.
const RECENT: i64 = 20;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Status {
    providers: Vec<ProviderStatus>,
    last_answer: Option<LastAnswer>,
    index: IndexStatus,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProviderStatus {
    provider: ProviderKind,
    configured: bool,
    /// Configured and its circuit not open.
    available: bool,
    circuit: Circuit,
    model: String,
    last_used: Option<i64>,
    /// The average of its last 20 answers.
    response_time_ms: Option<f64>,
    last_error: Option<String>,
}

fn documents_schema() -> utoipa::openapi::Object {
    fields::schema::per_language(ObjectBuilder::new().schema_type(Type::Integer).build(), true)
}

fn rag_types() -> utoipa::openapi::Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["hybrid", "strict", "none"])).build()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LastAnswer {
    #[schema(value_type = ProviderKind)]
    provider: String,
    model: String,
    /// hybrid, strict or none.
    #[schema(schema_with = rag_types)]
    rag_type: &'static str,
    rag_enabled: bool,
    sources: i64,
    context_length: i64,
    response_time_ms: i64,
    at: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IndexStatus {
    /// Documents per language.
    #[schema(schema_with = documents_schema)]
    documents: BTreeMap<String, usize>,
    built_at: i64,
}

pub(crate) async fn status(state: &AppState) -> anyhow::Result<Status> {
    let providers = AiProviders::current(state).await?;
    let models = state.settings.get::<crate::assistant::settings::AiModels>(&state.db).await?;
    let now = state.clock.now_ms();
    let mut list = Vec::new();
    for provider in ProviderKind::ALL {
        let configured = answer::configured(provider, &providers);
        let model = answer::model(provider, &providers, &models, Lang::En).to_owned();
        let circuit = state.assistant.breakers.circuit(provider, now);
        let recent: Vec<(i64, i64)> = sqlx::query("SELECT duration_ms, created_at FROM ai_requests WHERE provider = $1 AND cached = 0 ORDER BY created_at DESC LIMIT $2")
            .bind(provider.code())
            .bind(RECENT)
            .fetch_all(&state.db)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("duration_ms")?, row.try_get("created_at")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let last_error: Option<String> =
            sqlx::query_scalar("SELECT message FROM ai_errors WHERE provider = $1 ORDER BY created_at DESC LIMIT 1")
                .bind(provider.code())
                .fetch_optional(&state.db)
                .await?;
        list.push(ProviderStatus {
            provider,
            configured,
            available: configured && circuit != Circuit::Open,
            circuit,
            model,
            last_used: recent.first().map(|(_, at)| *at),
            response_time_ms: (!recent.is_empty())
                .then(|| recent.iter().map(|(ms, _)| *ms as f64).sum::<f64>() / recent.len() as f64),
            last_error,
        });
    }
    let (retrieval, built_at) = state.assistant.index.built_at(&state.db).await?;
    Ok(Status {
        providers: list,
        last_answer: last_answer(state).await?,
        index: IndexStatus {
            documents: retrieval.sizes().into_iter().map(|(lang, size)| (lang.code().to_owned(), size)).collect(),
            built_at,
        },
    })
}

async fn last_answer(state: &AppState) -> Result<Option<LastAnswer>, sqlx::Error> {
    let Some(row) = sqlx::query(
        "SELECT provider, model, route, sources, context_chars, duration_ms, created_at FROM ai_requests WHERE route <> 'test' ORDER BY created_at DESC LIMIT 1",
    )
    .fetch_optional(&state.db)
    .await?
    else {
        return Ok(None);
    };
    let route = Route::from_code(&row.try_get::<String, _>("route")?);
    Ok(Some(LastAnswer {
        provider: row.try_get("provider")?,
        model: row.try_get("model")?,
        rag_type: route.rag_type(),
        rag_enabled: route != Route::Ask,
        sources: row.try_get("sources")?,
        context_length: row.try_get("context_chars")?,
        response_time_ms: row.try_get("duration_ms")?,
        at: row.try_get("created_at")?,
    }))
}
