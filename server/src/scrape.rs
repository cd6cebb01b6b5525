//! `GET /metrics`: 404 unless `METRICS_TOKEN` is set, 401 without it as the bearer token; else the
//! instance's metrics (metrics.rs) with the figures every instance shares, each read from its feature.

use axum::{
    extract::State,
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};
use subtle::ConstantTimeEq;

use crate::{assistant, email, metrics::SharedFigures, newsletter, AppState};

pub(crate) async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(expected) = state.config.metrics_token.as_deref() else { return StatusCode::NOT_FOUND.into_response() };
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    // Compared in constant time: how long a refusal takes tells nothing of the token.
    if !sent.is_some_and(|sent| bool::from(sent.as_bytes().ct_eq(expected.as_bytes()))) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    match text(&state).await {
        Ok(body) => ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], body)
            .into_response(),
        Err(err) => {
            tracing::warn!(error = %format!("{err:#}"), "cannot read the metrics");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

async fn text(state: &AppState) -> anyhow::Result<String> {
    let db = &state.db;
    let shared = SharedFigures {
        outbox_queued: email::outbox::queued_count(db).await?,
        campaign_queued: newsletter::campaigns::queued_count(db).await?,
        ai_requests: assistant::monitoring::record::calls_by_provider(db).await?,
    };
    state.metrics.render(db, state.caches.figures(), shared)
}
