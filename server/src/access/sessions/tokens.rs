//! A session's tokens. A token counts only while its session is neither ended nor expired and it is the
//! session's newest (the one it was refreshed from, for a minute more): every call checks the row, so an
//! ended session's token stops working at once, and a stolen token dies at the owner's next refresh.

use super::store::{self, NewSession};
use crate::{
    access::{
        token::{self, Claims},
        UserRecord,
    },
    client_info::ClientInfo,
    AppState,
};

/// Activity is written at most this often, so requests do not all write.
const ACTIVITY_RESOLUTION_MS: i64 = 60_000;

pub struct Issued {
    pub token: String,
    pub session_id: String,
}

/// Starts a session for `user_id` and signs its first token.
pub async fn start(state: &AppState, user_id: &str, client: &ClientInfo) -> anyhow::Result<Issued> {
    let now = state.clock.now_ms();
    let session_id = uuid::Uuid::new_v4().to_string();
    let expires_at = now + (state.config.token_ttl_secs * 1000).min(store::MAX_AGE_MS);
    let token_iat = now / 1000;
    store::insert(&state.db, NewSession { id: &session_id, user_id, client, expires_at, token_iat }, now).await?;
    let token = sign(state, user_id, &session_id, now, expires_at)?;
    Ok(Issued { token, session_id })
}

/// A new token for a live session, which now lasts a full token lifetime from now, or to the session's
/// maximum age if that comes first.
pub(crate) async fn renew(state: &AppState, claims: &Claims) -> anyhow::Result<String> {
    let now = state.clock.now_ms();
    let expires_at =
        store::extend(&state.db, &claims.sid, now + state.config.token_ttl_secs * 1000, now, now / 1000).await?;
    sign(state, &claims.sub, &claims.sid, now, expires_at)
}

fn sign(state: &AppState, user_id: &str, session_id: &str, now: i64, expires_at: i64) -> anyhow::Result<String> {
    let claims =
        Claims { sub: user_id.to_owned(), sid: session_id.to_owned(), iat: now / 1000, exp: expires_at / 1000 };
    token::sign(&state.keys.token, &claims)
}

/// A token that counts: its claims and its user.
pub(crate) struct Live {
    pub claims: Claims,
    pub user: UserRecord,
}

/// The claims and user of `token` when it is well signed, unexpired and its session is live; notes the
/// activity.
pub(crate) async fn check(state: &AppState, token: &str) -> Result<Option<Live>, sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(claims) = token::read(&state.keys.token, token, now) else { return Ok(None) };
    let Some(row) = store::find_live(&state.db, &claims.sid, &claims.sub, claims.iat, now).await? else {
        return Ok(None);
    };
    if now - row.last_activity_at >= ACTIVITY_RESOLUTION_MS {
        store::note_activity(&state.db, &claims.sid, now).await?;
    }
    Ok(Some(Live { claims, user: row.user }))
}
