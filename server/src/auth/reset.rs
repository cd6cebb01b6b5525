//! Password reset: `POST /api/auth/request-password-reset` e-mails a single-use link (answering the
//! same whether or not the account exists); `POST /api/auth/reset-password` sets the new password and
//! ends every session of the account. The link carries its token in the URL fragment, which browsers
//! send neither to servers (logs) nor in `Referer`. Only the token's SHA-256 is stored.

use axum::{extract::State, Json};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{login::actor, reset_links};
use crate::{
    access::{
        audit::{self, Action, Event, Resource},
        sessions,
    },
    botcheck,
    client_info::ClientInfo,
    email::{self, Mail},
    error::{ApiError, ApiResult, Text},
    extract::ApiJson,
    ratelimit,
    users::{password, store, validation},
    AppState,
};

pub const LINK_TTL_MINUTES: i64 = 60;
const INVALID_EMAIL: Text = Text::new("invalid_email", "Invalid email address");
pub const NEUTRAL: &str = "If an account exists with that email, we've sent password reset instructions.";
pub const INVALID_LINK: Text = Text::new("invalid_link", "Invalid or expired reset link. Please request a new one.");
const DONE: &str = "Your password has been changed. You can log in now.";

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetRequest {
    #[serde(default)]
    #[schema(required = true, format = Email)]
    email: String,
    /// The bot-check's answer, as at login (`GET /api/auth/bot-check`).
    turnstile_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPassword {
    /// The token of the e-mailed link.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    token: String,
    /// 8–128 characters with a letter, a digit and one of `@!#$%^&*()-+`, not a common password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    password: String,
    /// The same as `password`.
    #[serde(default)]
    #[schema(required = true)]
    confirm_password: String,
}

#[derive(Serialize, ToSchema)]
pub struct Message {
    message: &'static str,
}

/// E-mails a reset link when the address belongs to an account; the answer is the same either way.
#[utoipa::path(post, path = "/api/auth/request-password-reset", tag = "auth", request_body = ResetRequest,
    responses((status = 200, body = Message), (status = 400, description = "Invalid email address, or a failed bot-check"), (status = 429, description = "Too many attempts")))]
pub async fn request_reset(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<ResetRequest>,
) -> ApiResult<Json<Message>> {
    ratelimit::hit(&state, &ratelimit::RESET_PER_IP, &client.rate_key()).await?;
    validation::email(&body.email).map_err(|_| ApiError::BadRequest(INVALID_EMAIL))?;
    // Before the account's counter: requests without a solved check cannot use up an account's resets.
    botcheck::verify(&state, &client, body.turnstile_token.as_deref()).await?;
    ratelimit::hit(&state, &ratelimit::RESET_PER_ACCOUNT, body.email.trim()).await?;
    if let Some(user) = store::find_by_email(&state.db, &body.email).await? {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let token = URL_SAFE_NO_PAD.encode(bytes);
        let now = state.clock.now_ms();
        reset_links::insert(&state.db, &token, &user.id, now, now + LINK_TTL_MINUTES * 60_000).await?;
        let link = format!("{}/reset-password#token={token}", state.config.public_url);
        let mail = Mail::PasswordReset { username: &user.username, link: &link, minutes: LINK_TTL_MINUTES };
        email::send(&state, &user.email, user.lang(), mail).await?;
        let event = Event {
            action: Action::PasswordResetRequest,
            resource_type: Resource::User,
            resource_id: Some(&user.id),
            actor: Some(actor(&user)),
        };
        audit::record(&state, &client, event).await?;
    }
    Ok(Json(Message { message: NEUTRAL }))
}

/// Sets a new password with a link's token; the link then stops working and every session ends.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", request_body = NewPassword,
    responses((status = 429, description = "Too many attempts. Please wait and try again."), (status = 200, body = Message), (status = 400, description = "Invalid password (with `fields`) or Invalid or expired reset link. Please request a new one.")))]
pub async fn reset_password(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<NewPassword>,
) -> ApiResult<Json<Message>> {
    ratelimit::hit(&state, &ratelimit::RESET_PER_IP, &client.rate_key()).await?;
    ApiError::check_fields([
        ("password", validation::password(&body.password)),
        ("confirmPassword", validation::passwords_match(&body.password, &body.confirm_password)),
    ])?;
    let now = state.clock.now_ms();
    let user_id =
        reset_links::redeem(&state.db, body.token.trim(), now).await?.ok_or(ApiError::BadRequest(INVALID_LINK))?;
    let user = store::find_by_id(&state.db, &user_id).await?.ok_or(ApiError::BadRequest(INVALID_LINK))?;
    let hash = password::hash(body.password).await?;
    store::set_password_hash(&state.db, &user.id, &hash).await?;
    // Other links to the same account stop working too.
    reset_links::end_all_for_user(&state.db, &user.id, now).await?;
    let ended = sessions::end_all_for_user(&state.db, &user.id, now).await?;
    audit::record(
        &state,
        &client,
        Event {
            action: Action::PasswordReset,
            resource_type: Resource::User,
            resource_id: Some(&user.id),
            actor: Some(actor(&user)),
        },
    )
    .await?;
    if ended > 0 {
        let event = Event {
            action: Action::SessionEnd,
            resource_type: Resource::User,
            resource_id: Some(&user.id),
            actor: Some(actor(&user)),
        };
        audit::record(&state, &client, event).await?;
    }
    email::send(&state, &user.email, user.lang(), Mail::PasswordChanged { username: &user.username }).await?;
    Ok(Json(Message { message: DONE }))
}
