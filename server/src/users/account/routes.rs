//! The account page's calls: `/api/account`, its password and its sessions.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service::{self, AccountUpdate};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::SignedIn,
        sessions::{self, live, Revoked, SessionList, Visible},
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiJson,
    lang::Lang,
    ratelimit,
    users::store::{Account, Profile},
    AppState,
};

const UNKNOWN_LANGUAGE: Text = Text::new(ErrorCode::UnknownLanguage, "Unknown language");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account, update_account))
        .routes(routes!(change_password))
        .routes(routes!(own_sessions))
        .routes(routes!(end_other_sessions))
}

/// The signed-in member's own details.
#[utoipa::path(get, path = "/api/account", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Account), (status = 401, description = "Authentication required")))]
async fn account(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Account>> {
    Ok(Json(service::load(&state.db, &signed_in.user.id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AccountChange {
    /// The profile fields replace the stored ones when `profile` is sent (blank clears a field).
    profile: Option<Profile>,
    #[schema(value_type = Option<Lang>)]
    language: Option<String>,
    /// Subscribe (true) or unsubscribe (false).
    newsletter: Option<bool>,
}

/// Changes the member's profile, e-mail language or newsletter subscription.
#[utoipa::path(patch, path = "/api/account", tag = "account", security(("bearer" = [])), request_body = AccountChange,
    responses((status = 200, body = Account), (status = 400, description = "Invalid fields, with `fields`"), (status = 401)))]
async fn update_account(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(change): ApiJson<AccountChange>,
) -> ApiResult<Json<Account>> {
    let id = &signed_in.user.id;
    let language = match change.language.as_deref() {
        Some(code) => Some(Lang::from_code(code).ok_or_else(|| ApiError::invalid_field("language", UNKNOWN_LANGUAGE))?),
        None => None,
    };
    let change = AccountUpdate { profile: change.profile, language, newsletter: change.newsletter };
    let (before, after) = service::update(&state.db, id, change, state.clock.now_ms()).await?;
    // A change that changed nothing (`{}`, or the same values again) leaves no audit row.
    if after != before {
        audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::Account, id).await?;
    }
    Ok(Json(after))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PasswordChange {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    current_password: String,
    /// 8–128 characters with a letter, a digit and one of `@!#$%^&*()-+`, not a common password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    new_password: String,
    /// The same as `newPassword`.
    #[serde(default)]
    #[schema(required = true)]
    confirm_password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PasswordChanged {
    /// The member's other sessions, ended by the change.
    other_sessions_ended: u64,
}

/// Changes the password after checking the current one; the member's other sessions end.
#[utoipa::path(post, path = "/api/account/password", tag = "account", security(("bearer" = [])), request_body = PasswordChange,
    responses((status = 200, body = PasswordChanged), (status = 400, description = "Current password is incorrect, or the new one breaks a rule (`fields`)"),
        (status = 401), (status = 429, description = "Too many attempts")))]
async fn change_password(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(body): ApiJson<PasswordChange>,
) -> ApiResult<Json<PasswordChanged>> {
    let user = &signed_in.user;
    ratelimit::hit(&state, &ratelimit::PASSWORD_CHANGE_PER_ACCOUNT, &user.id).await?;
    let (current, confirmation) = (body.current_password, body.confirm_password);
    let now = state.clock.now_ms();
    let ended = service::change_password(
        &state.db,
        user,
        &signed_in.session_id,
        current,
        body.new_password,
        &confirmation,
        now,
    )
    .await?;
    audit::record_change(&state, &client, user, Action::PasswordChange, Resource::User, &user.id).await?;
    Ok(Json(PasswordChanged { other_sessions_ended: ended }))
}

/// The member's live sessions, this one marked `current`.
#[utoipa::path(get, path = "/api/account/sessions", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = SessionList), (status = 401)))]
async fn own_sessions(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<SessionList>> {
    let own = Visible::MembersAnd(&signed_in.user.id);
    Ok(Json(live(&state.db, state.clock.now_ms(), Some(&signed_in.user.id), &signed_in.session_id, own).await?))
}

/// Ends every session of the member but this one.
#[utoipa::path(delete, path = "/api/account/sessions/others", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Revoked), (status = 401)))]
async fn end_other_sessions(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
) -> ApiResult<Json<Revoked>> {
    let user = &signed_in.user;
    let revoked = sessions::end_others(&state.db, &user.id, &signed_in.session_id, state.clock.now_ms()).await?;
    // Only when a session ended: pressing the button again leaves no audit row.
    if revoked > 0 {
        audit::record_change(&state, &client, user, Action::RevokeOthers, Resource::UserSessions, &user.id).await?;
    }
    Ok(Json(Revoked { revoked }))
}
