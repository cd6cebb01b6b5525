//! The bot-check at login and sign-up. By default a self-hosted ALTCHA proof of work: the server hands
//! out HMAC-signed challenges that expire, the browser finds the number, and each solution is accepted
//! once. A network whose sign-ins keep failing is given harder proofs of work (each challenge says its
//! cost in its signed salt, and a solution must be of the cost its network is due). Cloudflare
//! Turnstile can be configured instead. The request field keeps the spec's name, `turnstileToken`, for
//! both.

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
    ratelimit::{self, Limit},
    AppState,
};

/// Failed sign-ins from one network in the last hour; never refused here, only counted.
const FAILURES: Limit = Limit { name: "login-failures", max_hits: i64::MAX, window_secs: 60 * 60 };
/// Failures after which the proof of work doubles, and the most doublings (64 times the base).
const FAILURES_PER_DOUBLING: i64 = 3;
const MAX_DOUBLINGS: i64 = 6;

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

/// A fresh challenge (each form asks for one), harder for a network whose sign-ins keep failing.
#[utoipa::path(get, path = "/api/auth/bot-check", tag = "auth", responses((status = 200, body = Challenge)))]
async fn bot_check_challenge(State(state): State<AppState>, client: ClientInfo) -> ApiResult<Json<Challenge>> {
    Ok(Json(match &effective(&state).await? {
        BotCheck::Altcha { max_number } => altcha::challenge(&state, cost(&state, &client, *max_number).await?)?,
        BotCheck::Turnstile { site_key, .. } => Challenge::Turnstile { site_key: site_key.clone() },
        BotCheck::Off => Challenge::Off,
    }))
}

/// Counts a failed sign-in from the client's network.
pub async fn failed(state: &AppState, client: &ClientInfo) -> Result<(), sqlx::Error> {
    ratelimit::count(state, &FAILURES, &client.rate_key()).await
}

/// The proof of work the client's network is due: the base, doubled for every few recent failures.
async fn cost(state: &AppState, client: &ClientInfo, base: u64) -> Result<u64, sqlx::Error> {
    let failures = ratelimit::current(state, &FAILURES, &client.rate_key()).await?;
    let doublings = (failures / FAILURES_PER_DOUBLING).clamp(0, MAX_DOUBLINGS);
    Ok(base.saturating_mul(1 << doublings))
}

/// Accepts the form's `turnstileToken` or answers with the spec's texts.
pub async fn verify(state: &AppState, client: &ClientInfo, token: Option<&str>) -> ApiResult<()> {
    let bot_check = effective(state).await?;
    if matches!(bot_check, BotCheck::Off) {
        return Ok(());
    }
    let token = token.map(str::trim).filter(|t| !t.is_empty()).ok_or_else(|| ApiError::BadRequest(MISSING))?;
    let passed = match &bot_check {
        BotCheck::Altcha { max_number } => {
            altcha::verify(state, token, cost(state, client, *max_number).await?).await?
        }
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
