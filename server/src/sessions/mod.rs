//! The admin's view of sign-ins (spec §2 "Sessions", §7): live sessions with who, where from and
//! since when, and revoking them. A revoked session's token stops working on its next call, because
//! every call checks the session row (auth/sessions.rs).

use axum::{
    extract::{Path, State},
    routing::{delete, get},
    Json, Router,
};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::{
    audit,
    auth::{
        extract::SignedIn,
        permissions::{self, Permission},
        sessions,
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult},
    extract::ApiQuery,
    users, AppState,
};

pub const SESSION_NOT_FOUND: &str = "Session not found";
/// The most sessions one answer lists, newest first.
pub const LIST_LIMIT: i64 = 1000;

#[derive(OpenApi)]
#[openapi(paths(list, revoke, revoke_user), components(schemas(SessionList, SessionInfo, Revoked)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/sessions/list", get(list))
        .route("/api/sessions/revoke/{id}", delete(revoke))
        .route("/api/sessions/revoke-user/{user_id}", delete(revoke_user))
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    id: String,
    user_id: String,
    username: String,
    ip: String,
    browser: String,
    created_at: i64,
    last_activity_at: i64,
    expires_at: i64,
    /// Whether this is the session making the request.
    #[sqlx(skip)]
    current: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionList {
    /// The server's time (epoch ms), for "active for" and "expires in" whatever the browser's clock says.
    now: i64,
    sessions: Vec<SessionInfo>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this user's sessions.
    user_id: Option<String>,
}

/// Live sessions (neither ended nor expired), newest first, at most 1000.
#[utoipa::path(get, path = "/api/sessions/list", tag = "admin", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = SessionList), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<SessionList>> {
    permissions::require(&signed_in.user, Permission::Sessions)?;
    Ok(Json(live(&state, query.user_id.as_deref(), &signed_in.session_id).await?))
}

/// Live sessions of everyone, or of one user; `current` marks the session asking.
pub async fn live(state: &AppState, user_id: Option<&str>, current: &str) -> Result<SessionList, sqlx::Error> {
    let now = state.clock.now_ms();
    let mut found: Vec<SessionInfo> = sqlx::query_as(
        "SELECT s.id, s.user_id, u.username, s.ip, s.browser, s.created_at, s.last_activity_at, s.expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.ended_at IS NULL AND s.expires_at > $1 AND ($2 IS NULL OR s.user_id = $2)
         ORDER BY s.created_at DESC, s.id LIMIT $3",
    )
    .bind(now)
    .bind(user_id)
    .bind(LIST_LIMIT)
    .fetch_all(&state.db)
    .await?;
    for session in &mut found {
        session.current = session.id == current;
    }
    Ok(SessionList { now, sessions: found })
}

#[derive(Serialize, ToSchema)]
pub struct Revoked {
    /// How many sessions were ended.
    pub revoked: u64,
}

/// Ends one session; its token is refused from its next call on.
#[utoipa::path(delete, path = "/api/sessions/revoke/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Revoked), (status = 404, description = "Session not found")))]
async fn revoke(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<Json<Revoked>> {
    permissions::require(&signed_in.user, Permission::Sessions)?;
    let owner: Option<String> =
        sqlx::query_scalar("SELECT user_id FROM sessions WHERE id = $1").bind(&id).fetch_optional(&state.db).await?;
    require_admin_for_staff(&state, &signed_in, owner.as_deref()).await?;
    if !sessions::end(&state.db, &id, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(SESSION_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, "revoke", "session", &id).await?;
    Ok(Json(Revoked { revoked: 1 }))
}

/// Ends every live session of one user.
#[utoipa::path(delete, path = "/api/sessions/revoke-user/{user_id}", tag = "admin", security(("bearer" = [])),
    params(("user_id" = String, Path)), responses((status = 200, body = Revoked)))]
async fn revoke_user(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(user_id): Path<String>,
) -> ApiResult<Json<Revoked>> {
    permissions::require(&signed_in.user, Permission::Sessions)?;
    require_admin_for_staff(&state, &signed_in, Some(&user_id)).await?;
    let revoked = sessions::end_all_for_user(&state.db, &user_id, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, "revoke_all", "user_sessions", &user_id).await?;
    Ok(Json(Revoked { revoked }))
}

/// Ending a staff member's sessions is for admins only, as is every other act on staff accounts.
async fn require_admin_for_staff(state: &AppState, signed_in: &SignedIn, owner: Option<&str>) -> ApiResult<()> {
    let Some(owner) = owner else { return Ok(()) };
    match users::store::find_by_id(&state.db, owner).await? {
        Some(user) if users::is_staff(&user) => permissions::require_admin(&signed_in.user),
        _ => Ok(()),
    }
}
