//! The bot-check at login and sign-up. By default a self-hosted ALTCHA proof of work: the server hands
//! out HMAC-signed challenges that expire, the browser finds the number, and each solution is accepted
//! once. Cloudflare Turnstile can be configured instead. The request field keeps the spec's name,
//! `turnstileToken`, for both.

mod altcha;
pub mod settings;
mod turnstile;

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use self::settings::effective;
use crate::{
    client_info::ClientInfo,
    config::BotCheck,
    error::{ApiError, ApiResult, Text},
    AppState,
};

pub const MISSING: Text = Text::new("bot_check_missing", "Please complete the security verification");
pub const FAILED: Text = Text::new("bot_check_failed", "Security verification failed. Please try again.");

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bot_check_challenge)).merge(settings::routes())
}

/// What the login and sign-up forms show.
#[derive(Serialize, ToSchema)]
#[serde(tag = "provider", rename_all = "camelCase")]
pub enum Challenge {
    /// Find `number` ≤ `maxnumber` with `SHA-256(salt + number) = challenge`; send back the payload
    /// `{algorithm, challenge, number, salt, signature}` as base64 JSON.
    #[serde(rename_all = "camelCase")]
    Altcha {
        algorithm: String,
        challenge: String,
        maxnumber: u64,
        salt: String,
        signature: String,
    },
    #[serde(rename_all = "camelCase")]
    Turnstile {
        site_key: String,
    },
    Off,
}

/// A fresh challenge (each form asks for one).
#[utoipa::path(get, path = "/api/auth/bot-check", tag = "auth", responses((status = 200, body = Challenge)))]
async fn bot_check_challenge(State(state): State<AppState>) -> ApiResult<Json<Challenge>> {
    Ok(Json(match &effective(&state).await? {
        BotCheck::Altcha { max_number } => altcha::challenge(&state, *max_number)?,
        BotCheck::Turnstile { site_key, .. } => Challenge::Turnstile { site_key: site_key.clone() },
        BotCheck::Off => Challenge::Off,
    }))
}

/// Accepts the form's `turnstileToken` or answers with the spec's texts.
pub async fn verify(state: &AppState, client: &ClientInfo, token: Option<&str>) -> ApiResult<()> {
    let bot_check = effective(state).await?;
    if matches!(bot_check, BotCheck::Off) {
        return Ok(());
    }
    let token = token.map(str::trim).filter(|t| !t.is_empty()).ok_or_else(|| ApiError::BadRequest(MISSING))?;
    let passed = match &bot_check {
        BotCheck::Altcha { .. } => altcha::verify(state, token).await?,
        BotCheck::Turnstile { secret, verify_url, .. } => {
            turnstile::verify(verify_url, secret, token, &client.ip).await
        }
        BotCheck::Off => true,
    };
    if passed {
        Ok(())
    } else {
        Err(ApiError::BadRequest(FAILED))
    }
}
