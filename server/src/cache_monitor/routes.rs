//! The admin's cache calls (the `cache` permission): the figures, and clearing one cache or all.

use axum::{
    extract::{Path, State},
    Json,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::report::{self, CacheReport};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    caches::CacheName,
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    AppState,
};

const CACHE_NOT_FOUND: Text = Text::new(ErrorCode::CacheNotFound, "Cache not found");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cache_report, clear_all)).routes(routes!(clear_one))
}

/// Each cache's figures over every live instance, the totals, the last hour's hit rate and, with
/// `REDIS_URL`, Redis's own figures.
#[utoipa::path(get, path = "/api/admin/cache", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = CacheReport), (status = 401), (status = 403)))]
async fn cache_report(
    State(state): State<AppState>,
    _: RequirePermission<area::Cache>,
) -> ApiResult<Json<CacheReport>> {
    Ok(Json(report::report(&state).await?))
}

/// Empties every cache, here at once and on every other instance within a second; answers the new figures.
#[utoipa::path(delete, path = "/api/admin/cache", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = CacheReport), (status = 401), (status = 403)))]
async fn clear_all(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Cache>,
    client: ClientInfo,
) -> ApiResult<Json<CacheReport>> {
    state.caches.clear(&state.db, &CacheName::ALL).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::ClearCache, Resource::Cache, "all").await?;
    Ok(Json(report::report(&state).await?))
}

/// Empties one cache, here at once and on every other instance within a second; answers the new figures.
#[utoipa::path(delete, path = "/api/admin/cache/{name}", tag = "admin", security(("bearer" = [])),
    params(("name" = CacheName, Path, description = "The cache")),
    responses((status = 200, body = CacheReport), (status = 401), (status = 403), (status = 404, description = "Cache not found")))]
async fn clear_one(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Cache>,
    client: ClientInfo,
    Path(name): Path<String>,
) -> ApiResult<Json<CacheReport>> {
    let name = CacheName::from_code(&name).ok_or(ApiError::NotFound(CACHE_NOT_FOUND))?;
    state.caches.clear(&state.db, &[name]).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::ClearCache, Resource::Cache, name.code()).await?;
    Ok(Json(report::report(&state).await?))
}
