//! `GET|HEAD /api/health`: 200 while the database answers, 503 when it does not.

use axum::{extract::State, http::StatusCode, response::IntoResponse, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{db, AppState};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
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
    let headers = [(axum::http::header::CACHE_CONTROL, "no-store")];
    if db::ping(&state.db).await {
        (StatusCode::OK, headers, Json(Health { status: "ok", database: "ok", error: None }))
    } else {
        let body = Health { status: "unavailable", database: "unreachable", error: Some("Database unavailable") };
        (StatusCode::SERVICE_UNAVAILABLE, headers, Json(body))
    }
}
