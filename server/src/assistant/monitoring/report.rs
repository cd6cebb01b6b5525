//! The numbers of the AI monitoring screen, read from the recorded requests (so every instance
//! reports the same): totals and rates over a range, a timeline, breakdowns, errors, feedback.

use serde::Serialize;
use sqlx::{any::AnyRow, Row};
use utoipa::ToSchema;

use crate::{
    assistant::providers::{ErrorType, ProviderKind},
    db::Db,
    report_range::{RangeName, Span, HOUR_MS, MINUTE_MS},
    time::DAY_MS,
};

/// The timeline's bucket: five minutes over an hour, an hour over a day, six hours over a week, a day beyond.
pub(crate) fn bucket_ms(name: RangeName, length: i64) -> i64 {
    match name {
        RangeName::Hour => 5 * MINUTE_MS,
        RangeName::Day => HOUR_MS,
        RangeName::Week => 6 * HOUR_MS,
        RangeName::Month => DAY_MS,
        RangeName::Custom if length <= 3 * HOUR_MS => 5 * MINUTE_MS,
        RangeName::Custom if length <= 3 * DAY_MS => HOUR_MS,
        RangeName::Custom if length <= 14 * DAY_MS => 6 * HOUR_MS,
        RangeName::Custom => DAY_MS,
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Metrics {
    range: RangeName,
    /// The range's start (inclusive) and end (exclusive), epoch ms.
    from: i64,
    to: i64,
    total_requests: i64,
    /// Share (0–1) of requests no provider failed on; null before the first request, as every rate
    /// and average here.
    success_rate: Option<f64>,
    average_response_ms: Option<f64>,
    total_tokens: i64,
    cache_hit_rate: Option<f64>,
    context_usage: ContextUsage,
    timeline: Vec<Bucket>,
    providers: Vec<Count>,
    languages: Vec<LanguageCount>,
    timing: Timing,
    models: Vec<ModelPerformance>,
    errors: Vec<ErrorSummary>,
    feedback: Feedback,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContextUsage {
    with_context: i64,
    without_context: i64,
    average_context_chars: Option<f64>,
}

#[derive(Serialize, ToSchema)]
struct Bucket {
    /// The bucket's start (epoch ms).
    at: i64,
    requests: i64,
    /// Requests a provider failed on.
    errors: i64,
}

#[derive(Serialize, ToSchema)]
struct Count {
    #[schema(value_type = ProviderKind)]
    provider: String,
    requests: i64,
}

#[derive(Serialize, ToSchema)]
struct LanguageCount {
    lang: String,
    requests: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Timing {
    with_context_ms: Option<f64>,
    without_context_ms: Option<f64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ModelPerformance {
    #[schema(value_type = ProviderKind)]
    provider: String,
    model: String,
    requests: i64,
    success_rate: Option<f64>,
    average_ms: Option<f64>,
    tokens: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ErrorSummary {
    #[schema(value_type = ProviderKind)]
    provider: String,
    #[schema(value_type = ErrorType)]
    error_type: String,
    occurrences: i64,
    last_occurred: i64,
    last_message: String,
}

#[derive(Serialize, ToSchema)]
struct Feedback {
    up: i64,
    down: i64,
}

/// `part / whole`; none of nothing (an average or a rate before anything was counted).
fn share(part: i64, whole: i64) -> Option<f64> {
    (whole != 0).then(|| part as f64 / whole as f64)
}

/// `SUM` as a BIGINT on both databases (PostgreSQL sums BIGINTs as NUMERIC).
fn sum(expression: &str, name: &str) -> String {
    format!("CAST(COALESCE(SUM({expression}), 0) AS BIGINT) AS {name}")
}

fn int(row: &AnyRow, name: &str) -> Result<i64, sqlx::Error> {
    row.try_get(name)
}

/// The figures of the requests in `span`, its timeline in buckets of its step.
pub(crate) async fn metrics(db: &Db, span: Span) -> Result<Metrics, sqlx::Error> {
    let totals = sqlx::query(&format!(
        "SELECT COUNT(*) AS total, {}, {}, {}, {}, {}, {}, {}, {}, {} FROM ai_requests WHERE created_at >= $1 AND created_at < $2",
        sum("success", "successes"),
        sum("duration_ms", "duration"),
        sum("prompt_tokens + completion_tokens", "tokens"),
        sum("cached", "cached"),
        sum("CASE WHEN context_chars > 0 THEN 1 ELSE 0 END", "with_context"),
        sum("context_chars", "context_chars"),
        sum("CASE WHEN context_chars > 0 THEN duration_ms ELSE 0 END", "with_context_ms"),
        sum("CASE WHEN feedback = 1 THEN 1 ELSE 0 END", "up"),
        sum("CASE WHEN feedback = -1 THEN 1 ELSE 0 END", "down"),
    ))
    .bind(span.from)
    .bind(span.to)
    .fetch_one(db)
    .await?;
    let total = int(&totals, "total")?;
    let with_context = int(&totals, "with_context")?;
    let (duration, with_context_ms) = (int(&totals, "duration")?, int(&totals, "with_context_ms")?);
    Ok(Metrics {
        range: span.name,
        from: span.from,
        to: span.to,
        total_requests: total,
        success_rate: share(int(&totals, "successes")?, total),
        average_response_ms: share(duration, total),
        total_tokens: int(&totals, "tokens")?,
        cache_hit_rate: share(int(&totals, "cached")?, total),
        context_usage: ContextUsage {
            with_context,
            without_context: total - with_context,
            average_context_chars: share(int(&totals, "context_chars")?, with_context),
        },
        timeline: timeline(db, span).await?,
        providers: grouped(db, "provider", span)
            .await?
            .into_iter()
            .map(|(provider, requests)| Count { provider, requests })
            .collect(),
        languages: grouped(db, "lang", span)
            .await?
            .into_iter()
            .map(|(lang, requests)| LanguageCount { lang, requests })
            .collect(),
        timing: Timing {
            with_context_ms: share(with_context_ms, with_context),
            without_context_ms: share(duration - with_context_ms, total - with_context),
        },
        models: models(db, span).await?,
        errors: errors(db, span).await?,
        feedback: Feedback { up: int(&totals, "up")?, down: int(&totals, "down")? },
    })
}

/// Requests of the last 24 hours and the share no provider failed on (the dashboard's figures).
pub(crate) async fn last_day(db: &Db, now: i64) -> Result<(i64, Option<f64>), sqlx::Error> {
    let (total, successes): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COUNT(CASE WHEN success <> 0 THEN 1 END) FROM ai_requests WHERE created_at >= $1",
    )
    .bind(now - DAY_MS)
    .fetch_one(db)
    .await?;
    Ok((total, share(successes, total)))
}

/// Every bucket of the span, empty ones included, oldest first.
async fn timeline(db: &Db, span: Span) -> Result<Vec<Bucket>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT (created_at - $1) / $3 AS slot, COUNT(*) AS requests, {} FROM ai_requests
         WHERE created_at >= $1 AND created_at < $2 GROUP BY 1",
        sum("1 - success", "errors")
    ))
    .bind(span.from)
    .bind(span.to)
    .bind(span.step_ms)
    .fetch_all(db)
    .await?;
    let Span { from, to, step_ms, .. } = span;
    let mut buckets: Vec<Bucket> = (0..(to - from + step_ms - 1) / step_ms)
        .map(|slot| Bucket { at: from + slot * step_ms, requests: 0, errors: 0 })
        .collect();
    for row in rows {
        if let Some(found) = usize::try_from(int(&row, "slot")?).ok().and_then(|slot| buckets.get_mut(slot)) {
            (found.requests, found.errors) = (int(&row, "requests")?, int(&row, "errors")?);
        }
    }
    Ok(buckets)
}

/// Requests per value of `column` (provider or lang), most first.
async fn grouped(db: &Db, column: &str, span: Span) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let sql = format!("SELECT {column} AS value, COUNT(*) AS requests FROM ai_requests WHERE created_at >= $1 AND created_at < $2 GROUP BY {column} ORDER BY requests DESC, value");
    let rows = sqlx::query(&sql).bind(span.from).bind(span.to).fetch_all(db).await?;
    rows.iter().map(|row| Ok((row.try_get("value")?, int(row, "requests")?))).collect()
}

async fn models(db: &Db, span: Span) -> Result<Vec<ModelPerformance>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT provider, model, COUNT(*) AS requests, {}, {}, {} FROM ai_requests WHERE created_at >= $1 AND created_at < $2 AND cached = 0
         GROUP BY provider, model ORDER BY requests DESC, provider, model",
        sum("success", "successes"),
        sum("duration_ms", "duration"),
        sum("prompt_tokens + completion_tokens", "tokens"),
    ))
    .bind(span.from)
    .bind(span.to)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            let requests = int(row, "requests")?;
            Ok(ModelPerformance {
                provider: row.try_get("provider")?,
                model: row.try_get("model")?,
                requests,
                success_rate: share(int(row, "successes")?, requests),
                average_ms: share(int(row, "duration")?, requests),
                tokens: int(row, "tokens")?,
            })
        })
        .collect()
}

async fn errors(db: &Db, span: Span) -> Result<Vec<ErrorSummary>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT provider, error_type, COUNT(*) AS occurrences, MAX(created_at) AS last_occurred,
            (SELECT latest.message FROM ai_errors latest WHERE latest.provider = e.provider AND latest.error_type = e.error_type
             ORDER BY latest.created_at DESC LIMIT 1) AS last_message
         FROM ai_errors e WHERE created_at >= $1 AND created_at < $2 GROUP BY provider, error_type ORDER BY last_occurred DESC",
    )
    .bind(span.from)
    .bind(span.to)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ErrorSummary {
                provider: row.try_get("provider")?,
                error_type: row.try_get("error_type")?,
                occurrences: int(row, "occurrences")?,
                last_occurred: int(row, "last_occurred")?,
                last_message: row.try_get::<Option<String>, _>("last_message")?.unwrap_or_default(),
            })
        })
        .collect()
}
