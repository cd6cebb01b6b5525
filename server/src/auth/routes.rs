//! The token's life: `POST /api/auth/verify`, `POST /api/auth/refresh`, `POST /api/auth/logout`.

use axum::{extract::State, http::HeaderMap, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::login::{actor, SignedInAnswer};
use crate::{
    access::{
        audit::{self, Action, Event, Resource},
        extract::bearer,
        sessions::{self, Live},
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult, Text},
    extract::ApiJson,
    users::PublicUser,
    AppState,
};

const NO_TOKEN: Text = Text::new("no_token", "No token available");
const VERIFY_FAILED: Text = Text::new("verify_failed", "Token verification failed");
const REFRESH_FAILED: Text = Text::new("refresh_failed", "Token refresh failed");

#[derive(Deserialize, ToSchema)]
pub struct VerifyRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct VerifyAnswer {
    valid: bool,
    user: PublicUser,
}

#[derive(Serialize, ToSchema)]
pub struct LogoutAnswer {
    success: bool,
}

/// Whether a stored token still signs its user in (the client asks at start).
#[utoipa::path(post, path = "/api/auth/verify", tag = "auth", request_body = VerifyRequest,
    responses((status = 200, body = VerifyAnswer), (status = 400, description = "No token available"), (status = 401, description = "Token verification failed")))]
pub async fn verify(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<VerifyRequest>,
) -> ApiResult<Json<VerifyAnswer>> {
    let token = body.token.filter(|t| !t.is_empty()).ok_or_else(|| ApiError::BadRequest(NO_TOKEN))?;
    let Live { user, .. } = sessions::check(&state, &token).await?.ok_or(ApiError::Unauthorized(VERIFY_FAILED))?;
    Ok(Json(VerifyAnswer { valid: true, user: PublicUser::from(&user) }))
}

/// A new token for the bearer's live session, lasting a full lifetime from now.
#[utoipa::path(post, path = "/api/auth/refresh", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = SignedInAnswer), (status = 401, description = "Token refresh failed")))]
pub async fn refresh(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<SignedInAnswer>> {
    let token = bearer(&headers).ok_or(ApiError::Unauthorized(REFRESH_FAILED))?;
    let Live { claims, user } = sessions::check(&state, token).await?.ok_or(ApiError::Unauthorized(REFRESH_FAILED))?;
    let token = sessions::renew(&state, &claims).await?;
    Ok(Json(SignedInAnswer { token, user: PublicUser::from(&user) }))
}

/// Ends the bearer's session; its token stops working at once. Answers success without one, too.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", security((), ("bearer" = [])), responses((status = 200, body = LogoutAnswer)))]
pub async fn logout(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
) -> ApiResult<Json<LogoutAnswer>> {
    let live = match bearer(&headers) {
        Some(token) => sessions::check(&state, token).await?,
        None => None,
    };
    if let Some(Live { claims, user }) = live {
        sessions::end(&state.db, &claims.sid, state.clock.now_ms()).await?;
        let event = Event {
            action: Action::Logout,
            resource_type: Resource::Session,
            resource_id: Some(&claims.sid),
            actor: Some(actor(&user)),
        };
        audit::record(&state, &client, event).await?;
    }
    Ok(Json(LogoutAnswer { success: true }))
}
