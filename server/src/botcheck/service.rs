//! The bot-check's rules: a fresh challenge, a proof of work that grows with a network's failed sign-ins,
//! and checking the form's token against the bot-check in force.

use super::{altcha, model::Challenge, settings::effective, turnstile};
use crate::{
    client_info::ClientInfo,
    config::BotCheck,
    error::{ApiError, ApiResult, ErrorCode, Text},
    ratelimit::{self, Limit},
    AppState,
};

/// Failed sign-ins from one network in the last hour; never refused here, only counted.
const FAILURES: Limit = Limit { name: "login-failures", max_hits: i64::MAX, window_secs: 60 * 60 };
/// Failures after which the proof of work doubles, and the most doublings (64 times the base).
const FAILURES_PER_DOUBLING: i64 = 3;
const MAX_DOUBLINGS: i64 = 6;

const MISSING: Text = Text::new(ErrorCode::BotCheckMissing, "Please complete the security verification");
const FAILED: Text = Text::new(ErrorCode::BotCheckFailed, "Security verification failed. Please try again.");

/// A fresh challenge of the bot-check in force, harder for a network whose sign-ins keep failing.
pub(super) async fn challenge(state: &AppState, client: &ClientInfo) -> anyhow::Result<Challenge> {
    Ok(match &effective(state).await? {
        BotCheck::Altcha { max_number } => altcha::challenge(state, cost(state, client, *max_number).await?)?,
        BotCheck::Turnstile { site_key, .. } => Challenge::Turnstile { site_key: site_key.clone() },
        BotCheck::Off => Challenge::Off,
    })
}

/// Counts a failed sign-in from the client's network.
pub(crate) async fn failed(state: &AppState, client: &ClientInfo) -> Result<(), sqlx::Error> {
    ratelimit::count(state, &FAILURES, &client.rate_key()).await
}

/// The proof of work the client's network is due: the base, doubled for every few recent failures.
async fn cost(state: &AppState, client: &ClientInfo, base: u64) -> Result<u64, sqlx::Error> {
    let failures = ratelimit::current(state, &FAILURES, &client.rate_key()).await?;
    let doublings = (failures / FAILURES_PER_DOUBLING).clamp(0, MAX_DOUBLINGS);
    Ok(base.saturating_mul(1 << doublings))
}

/// Accepts the form's `turnstileToken` or answers with the spec's texts.
pub(crate) async fn verify(state: &AppState, client: &ClientInfo, token: Option<&str>) -> ApiResult<()> {
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
