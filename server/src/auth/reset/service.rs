//! The reset link's life: made and mailed for a known address, redeemed once for a new password.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;

use super::store;
use crate::{
    access::{sessions, UserRecord},
    email::{self, Mail},
    error::{ApiError, ApiResult, ErrorCode, Text},
    users::{self, password},
    AppState,
};

const LINK_TTL_MINUTES: i64 = 60;
const INVALID_LINK: Text =
    Text::new(ErrorCode::InvalidLink, "Invalid or expired reset link. Please request a new one.");

/// E-mails a fresh link to the account of `email`, if there is one (whose record comes back).
pub(crate) async fn send_link(state: &AppState, email: &str) -> ApiResult<Option<UserRecord>> {
    let Some(user) = users::store::find_by_email(&state.db, email).await? else { return Ok(None) };
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let now = state.clock.now_ms();
    store::insert(&state.db, &token, &user.id, now, now + LINK_TTL_MINUTES * 60_000).await?;
    let link = format!("{}/reset-password#token={token}", state.config.public_url);
    let mail = Mail::PasswordReset { username: &user.username, link: &link, minutes: LINK_TTL_MINUTES };
    email::send(state, &user.email, user.lang(), mail).await?;
    Ok(Some(user))
}

/// What a redeemed link did: whose password changed and how many of their sessions ended.
pub(crate) struct Reset {
    pub user: UserRecord,
    pub sessions_ended: u64,
}

/// Sets the password of the link's account (a checked one); the account's links and sessions end and
/// its owner is told by e-mail.
pub(crate) async fn reset_password(state: &AppState, token: &str, new_password: String) -> ApiResult<Reset> {
    let now = state.clock.now_ms();
    let user_id = store::redeem(&state.db, token, now).await?.ok_or(ApiError::BadRequest(INVALID_LINK))?;
    let user = users::store::find_by_id(&state.db, &user_id).await?.ok_or(ApiError::BadRequest(INVALID_LINK))?;
    let hash = password::hash(new_password).await?;
    users::store::set_password_hash(&state.db, &user.id, &hash).await?;
    // Other links to the same account stop working too.
    store::end_all_for_user(&state.db, &user.id, now).await?;
    let sessions_ended = sessions::end_all_for_user(&state.db, &user.id, now).await?;
    email::send(state, &user.email, user.lang(), Mail::PasswordChanged { username: &user.username }).await?;
    Ok(Reset { user, sessions_ended })
}
