//! `GET|HEAD /api/health`, `/api/health/live` and `/api/health/ready` (what each checks: mod.rs); no answer
//! is kept by a cache (`no-store`).

use axum::{extract::State, http::StatusCode, response::IntoResponse, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{db, ratelimit, AppState};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health)).routes(routes!(live)).routes(routes!(ready))
}

const NO_STORE: [(axum::http::HeaderName, &str); 1] = [(axum::http::header::CACHE_CONTROL, "no-store")];

#[derive(Serialize, ToSchema)]
pub(crate) struct Health {
    #[schema(example = "ok")]
    status: &'static str,
    #[schema(example = "ok")]
    database: &'static str,
    /// Present only when unhealthy.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
}

/// Liveness and database status (also answers HEAD, as the web app's connectivity check).
#[utoipa::path(get, path = "/api/health", tag = "health",
    responses((status = 200, body = Health), (status = 503, body = Health, description = "Database unavailable")))]
async fn health(State(state): State<AppState>) -> impl IntoResponse {
    if db::ping(&state.db).await {
        (StatusCode::OK, NO_STORE, Json(Health { status: "ok", database: "ok", error: None }))
    } else {
        let body = Health { status: "unavailable", database: "unreachable", error: Some("Database unavailable") };
        (StatusCode::SERVICE_UNAVAILABLE, NO_STORE, Json(body))
    }
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Liveness {
    #[schema(example = "ok")]
    status: &'static str,
}

/// The process answers (nothing else is checked): a supervisor restarts an instance that does not.
#[utoipa::path(get, path = "/api/health/live", tag = "health", responses((status = 200, body = Liveness)))]
async fn live() -> impl IntoResponse {
    (NO_STORE, Json(Liveness { status: "ok" }))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Readiness {
    /// `ready` or `unavailable`.
    #[schema(example = "ready")]
    status: &'static str,
    /// `ok` or `unreachable`.
    #[schema(example = "ok")]
    database: &'static str,
    /// `ok` or `unreachable`; absent when rate limits count in the database (no `REDIS_URL`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "ok")]
    redis: Option<&'static str>,
}

/// Whether the instance can serve, for a load balancer's health check: 503 while its database does not
/// answer.
#[utoipa::path(get, path = "/api/health/ready", tag = "health",
    responses((status = 200, body = Readiness), (status = 503, body = Readiness, description = "Database unavailable")))]
async fn ready(State(state): State<AppState>) -> impl IntoResponse {
    let (database, redis) = tokio::join!(db::ping(&state.db), ratelimit::redis_answers(&state));
    let reachable = |answers: bool| if answers { "ok" } else { "unreachable" };
    let body = Readiness {
        status: if database { "ready" } else { "unavailable" },
        database: reachable(database),
        redis: redis.map(reachable),
    };
    (if database { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, NO_STORE, Json(body))
}
