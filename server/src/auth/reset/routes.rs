//! The reset calls: `POST /api/auth/request-password-reset` and `POST /api/auth/reset-password`.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service;
use crate::{
    access::audit::{self, Action, Resource},
    botcheck,
    client_info::ClientInfo,
    error::{ApiError, ApiResult},
    extract::ApiJson,
    ratelimit,
    users::validation::{self, NewPasswordFields},
    AppState,
};

const NEUTRAL: &str = "If an account exists with that email, we've sent password reset instructions.";
const DONE: &str = "Your password has been changed. You can log in now.";

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_reset)).routes(routes!(reset_password))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResetRequest {
    #[serde(default)]
    #[schema(required = true, format = Email)]
    email: String,
    /// The bot-check's answer, as at login (`GET /api/auth/bot-check`).
    turnstile_token: Option<String>,
}

/// The new password, with the token of the e-mailed link.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NewPassword {
    /// The token of the e-mailed link.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    token: String,
    #[serde(flatten)]
    password: NewPasswordFields,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Message {
    message: &'static str,
}

/// E-mails a reset link when the address belongs to an account; the answer is the same either way.
#[utoipa::path(post, path = "/api/auth/request-password-reset", tag = "auth", request_body = ResetRequest,
    responses((status = 200, body = Message), (status = 400, description = "Invalid email address, or a failed bot-check"), (status = 429, description = "Too many attempts")))]
async fn request_reset(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<ResetRequest>,
) -> ApiResult<Json<Message>> {
    ratelimit::hit(&state, &ratelimit::RESET_PER_IP, &client.rate_key()).await?;
    validation::email(&body.email).map_err(|_| ApiError::BadRequest(validation::INVALID_EMAIL))?;
    // Before the account's counter: requests without a solved check cannot use up an account's resets.
    botcheck::verify(&state, &client, body.turnstile_token.as_deref()).await?;
    ratelimit::hit(&state, &ratelimit::RESET_PER_ACCOUNT, body.email.trim()).await?;
    if let Some(user) = service::send_link(&state, &body.email).await? {
        audit::record_change(&state, &client, &user, Action::PasswordResetRequest, Resource::User, &user.id).await?;
    }
    Ok(Json(Message { message: NEUTRAL }))
}

/// Sets a new password with a link's token; the link then stops working and every session ends.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", request_body = NewPassword,
    responses((status = 429, description = "Too many attempts. Please wait and try again."), (status = 200, body = Message), (status = 400, description = "Invalid password (with `fields`) or Invalid or expired reset link. Please request a new one.")))]
async fn reset_password(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<NewPassword>,
) -> ApiResult<Json<Message>> {
    ratelimit::hit(&state, &ratelimit::RESET_PER_IP, &client.rate_key()).await?;
    ApiError::check_fields(body.password.checks())?;
    let reset = service::reset_password(&state, body.token.trim(), body.password.password).await?;
    let user = &reset.user;
    let mut actions = vec![Action::PasswordReset];
    if reset.sessions_ended > 0 {
        actions.push(Action::SessionEnd);
    }
    for action in actions {
        audit::record_change(&state, &client, user, action, Resource::User, &user.id).await?;
    }
    Ok(Json(Message { message: DONE }))
}
