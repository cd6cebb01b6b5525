//! Every question answered (or refused) is recorded, with each provider failure met on the way: what
//! the admin's AI monitoring reads. The question itself is not kept.

use std::time::Instant;

use super::super::{
    model::{Answer, Generated, Outcome},
    providers::{Failure, ProviderKind},
};
use crate::{db::Db, lang::Lang, AppState};

pub(crate) struct Record {
    pub id: String,
    /// hybrid, rag, ask or test
    pub route: &'static str,
    pub lang: Lang,
    pub provider: ProviderKind,
    pub model: String,
    pub outcome: Outcome,
    pub cached: bool,
    pub duration_ms: i64,
    pub first_token_ms: Option<i64>,
    pub context_chars: i64,
    pub sources: i64,
    pub prompt_tokens: i64,
    pub completion_tokens: i64,
}

pub(crate) fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

impl Record {
    /// A request that took from `began` until now.
    pub(crate) fn new(
        route: &'static str,
        lang: Lang,
        provider: ProviderKind,
        model: String,
        outcome: Outcome,
        began: Instant,
    ) -> Self {
        Self {
            id: new_id(),
            route,
            lang,
            provider,
            model,
            outcome,
            cached: false,
            duration_ms: began.elapsed().as_millis() as i64,
            first_token_ms: None,
            context_chars: 0,
            sources: 0,
            prompt_tokens: 0,
            completion_tokens: 0,
        }
    }

    pub(crate) fn for_answer(
        route: &'static str,
        lang: Lang,
        answer: &Answer,
        outcome: Outcome,
        began: Instant,
    ) -> Self {
        Self {
            id: answer.id.clone(),
            cached: answer.cached,
            sources: answer.sources.len() as i64,
            ..Self::new(route, lang, answer.provider, answer.model.clone(), outcome, began)
        }
    }

    /// A model's answer given `context_chars` of passages: its token counts and time to first token.
    pub(crate) fn generated(&mut self, done: &Generated, context_chars: usize) {
        (self.prompt_tokens, self.completion_tokens, self.first_token_ms) =
            (done.finished.prompt_tokens, done.finished.completion_tokens, done.first_token_ms);
        self.context_chars = context_chars as i64;
    }
}

/// Stores `record` and the provider failures met while answering it.
pub(crate) async fn save(
    state: &AppState,
    record: &Record,
    failures: &[(ProviderKind, Failure)],
) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let mut transaction = crate::db::begin(&state.db).await?;
    sqlx::query(
        "INSERT INTO ai_requests (id, created_at, route, lang, provider, model, outcome, success, cached, duration_ms, first_token_ms,
            context_chars, sources, prompt_tokens, completion_tokens)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&record.id)
    .bind(now)
    .bind(record.route)
    .bind(record.lang.code())
    .bind(record.provider.code())
    .bind(&record.model)
    .bind(record.outcome.code())
    .bind(i64::from(failures.is_empty()))
    .bind(i64::from(record.cached))
    .bind(record.duration_ms)
    .bind(record.first_token_ms)
    .bind(record.context_chars)
    .bind(record.sources)
    .bind(record.prompt_tokens)
    .bind(record.completion_tokens)
    .execute(&mut *transaction)
    .await?;
    for (provider, failure) in failures {
        let message: String = failure.message.chars().take(500).collect();
        sqlx::query("INSERT INTO ai_errors (id, request_id, created_at, provider, error_type, message) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(new_id())
            .bind(&record.id)
            .bind(now)
            .bind(provider.code())
            .bind(failure.kind.code())
            .bind(message)
            .execute(&mut *transaction)
            .await?;
    }
    transaction.commit().await
}

/// Stores a thumbs up (1) or down (-1) for an answer; `false` when there is no such answer.
pub(crate) async fn rate(state: &AppState, id: &str, rating: i64) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query("UPDATE ai_requests SET feedback = $1 WHERE id = $2")
        .bind(rating)
        .bind(id)
        .execute(&state.db)
        .await?;
    Ok(updated.rows_affected() > 0)
}

/// How many answers each provider gave, by success, over the records kept (all instances).
pub(crate) async fn calls_by_provider(db: &Db) -> Result<Vec<(String, bool, i64)>, sqlx::Error> {
    let rows: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT provider, success, COUNT(*) FROM ai_requests GROUP BY provider, success")
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|(provider, success, count)| (provider, success == 1, count)).collect())
}

/// Deletes the requests and provider errors recorded before `until`; gives how many.
pub(crate) async fn forget_before(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    let errors = sqlx::query("DELETE FROM ai_errors WHERE created_at < $1").bind(until).execute(db).await?;
    let requests = sqlx::query("DELETE FROM ai_requests WHERE created_at < $1").bind(until).execute(db).await?;
    Ok(errors.rows_affected() + requests.rows_affected())
}
