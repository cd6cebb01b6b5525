//! The admin dashboard's own calls: `GET /api/admin/stats` (the index page's counts) and the overview
//! of how the site is doing (`overview`).

mod overview;

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    auth::{extract::SignedIn, permissions},
    db::Db,
    error::ApiResult,
    AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stats)).routes(routes!(overview::overview))
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
    Ok(Json(counts(&state.db, state.clock.now_ms()).await?))
}

async fn counts(db: &Db, now: i64) -> Result<Stats, sqlx::Error> {
    let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql).fetch_one(db);
    let active_sessions =
        sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE ended_at IS NULL AND expires_at > $1")
            .bind(now)
            .fetch_one(db)
            .await?;
    Ok(Stats {
        users: count("SELECT COUNT(*) FROM users").await?,
        brands: count("SELECT COUNT(*) FROM brands").await?,
        products: count("SELECT COUNT(*) FROM products").await?,
        posts: count("SELECT COUNT(*) FROM blog_posts WHERE status = 'published'").await?,
        active_sessions,
    })
}
