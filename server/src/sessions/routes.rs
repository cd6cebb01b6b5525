//! The admin's sessions calls (spec §2 "Sessions", §7): live sessions with who, where from and since
//! when, and revoking them.

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::{RequirePermission, SignedIn},
        permissions::{self, area},
        sessions::{self as store, Revoked, SessionList},
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiQuery,
    users, AppState,
};

pub(crate) const SESSION_NOT_FOUND: Text = Text::new(ErrorCode::SessionNotFound, "Session not found");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(revoke)).routes(routes!(revoke_user))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListQuery {
    /// Only this user's sessions.
    user_id: Option<String>,
}

/// Live sessions (neither ended nor expired), newest first, at most 1000.
#[utoipa::path(get, path = "/api/sessions/list", tag = "admin", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = SessionList), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Sessions>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<SessionList>> {
    let visible = if permissions::require_admin(&signed_in.user).is_ok() {
        store::Visible::All
    } else {
        store::Visible::MembersAnd(&signed_in.user.id)
    };
    let now = state.clock.now_ms();
    Ok(Json(store::live(&state.db, now, query.user_id.as_deref(), &signed_in.session_id, visible).await?))
}

/// Ends one session; its token is refused from its next call on.
#[utoipa::path(delete, path = "/api/sessions/revoke/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = Revoked), (status = 404, description = "Session not found")))]
async fn revoke(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Sessions>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<Json<Revoked>> {
    let owner = store::owner(&state.db, &id).await?;
    require_admin_for_staff(&state, &signed_in, owner.as_deref()).await?;
    if !store::end(&state.db, &id, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(SESSION_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Revoke, Resource::Session, &id).await?;
    Ok(Json(Revoked { revoked: 1 }))
}

/// Ends every live session of one user.
#[utoipa::path(delete, path = "/api/sessions/revoke-user/{user_id}", tag = "admin", security(("bearer" = [])),
    params(("user_id" = String, Path)), responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = Revoked)))]
async fn revoke_user(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Sessions>,
    client: ClientInfo,
    Path(user_id): Path<String>,
) -> ApiResult<Json<Revoked>> {
    require_admin_for_staff(&state, &signed_in, Some(&user_id)).await?;
    let revoked = store::end_all_for_user(&state.db, &user_id, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::RevokeAll, Resource::UserSessions, &user_id).await?;
    Ok(Json(Revoked { revoked }))
}

/// Ending a staff member's sessions is for admins only, as is every other act on staff accounts.
async fn require_admin_for_staff(state: &AppState, signed_in: &SignedIn, owner: Option<&str>) -> ApiResult<()> {
    let Some(owner) = owner else { return Ok(()) };
    match users::store::find_by_id(&state.db, owner).await? {
        Some(user) if permissions::is_staff(&user) => permissions::require_admin(&signed_in.user),
        _ => Ok(()),
    }
}
