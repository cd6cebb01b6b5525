//! The admin dashboard's own calls: `GET /api/admin/stats` (the index page's counts), and the field
//! rules the admin's forms share.

pub mod fields;
pub mod paging;
pub mod translations;

use axum::{extract::State, routing::get, Json, Router};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::{
    auth::{extract::SignedIn, permissions},
    error::ApiResult,
    AppState,
};

#[derive(OpenApi)]
#[openapi(paths(stats), components(schemas(Stats)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/admin/stats", get(stats))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    users: i64,
    brands: i64,
    products: i64,
    /// Published blog posts.
    posts: i64,
    /// Sessions neither ended nor expired.
    active_sessions: i64,
}

/// Counts for the dashboard's index; any admin permission may read them.
#[utoipa::path(get, path = "/api/admin/stats", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Stats), (status = 401, description = "Authentication required"),
        (status = 403, description = "You do not have permission to do this")))]
async fn stats(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Stats>> {
    permissions::require_staff(&signed_in.user)?;
    let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql).fetch_one(&state.db);
    let active_sessions =
        sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE ended_at IS NULL AND expires_at > $1")
            .bind(state.clock.now_ms())
            .fetch_one(&state.db)
            .await?;
    Ok(Json(Stats {
        users: count("SELECT COUNT(*) FROM users").await?,
        brands: count("SELECT COUNT(*) FROM brands").await?,
        products: count("SELECT COUNT(*) FROM products").await?,
        posts: count("SELECT COUNT(*) FROM blog_posts WHERE status = 'published'").await?,
        active_sessions,
    }))
}
