//! Sessions: one row per sign-in. A token counts only while its session is neither ended nor expired;
//! every call checks the row, so an ended session's token stops working at once.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{
    auth::token::{self, Claims},
    client_info::ClientInfo,
    db::Db,
    users::UserRecord,
    AppState,
};

/// The most sessions one answer lists, newest first.
pub const LIST_LIMIT: i64 = 1000;

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
    let expires_at = now + state.config.token_ttl_secs * 1000;
    sqlx::query(
        "INSERT INTO sessions (id, user_id, ip, browser, user_agent, created_at, last_activity_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7)",
    )
    .bind(&session_id)
    .bind(user_id)
    .bind(&client.ip)
    .bind(client.browser())
    .bind(&client.user_agent)
    .bind(now)
    .bind(expires_at)
    .execute(&state.db)
    .await?;
    let token = sign(state, user_id, &session_id, now, expires_at)?;
    Ok(Issued { token, session_id })
}

/// A new token for a live session, which now lasts a full token lifetime from now.
pub async fn renew(state: &AppState, claims: &Claims) -> anyhow::Result<String> {
    let now = state.clock.now_ms();
    let expires_at = now + state.config.token_ttl_secs * 1000;
    sqlx::query("UPDATE sessions SET expires_at = $1, last_activity_at = $2 WHERE id = $3")
        .bind(expires_at)
        .bind(now)
        .bind(&claims.sid)
        .execute(&state.db)
        .await?;
    sign(state, &claims.sub, &claims.sid, now, expires_at)
}

fn sign(state: &AppState, user_id: &str, session_id: &str, now: i64, expires_at: i64) -> anyhow::Result<String> {
    let claims =
        Claims { sub: user_id.to_owned(), sid: session_id.to_owned(), iat: now / 1000, exp: expires_at / 1000 };
    token::sign(&state.keys.token, &claims)
}

/// A token that counts: its claims and its user.
pub struct Live {
    pub claims: Claims,
    pub user: UserRecord,
}

#[derive(sqlx::FromRow)]
struct LiveRow {
    #[sqlx(flatten)]
    user: UserRecord,
    last_activity_at: i64,
}

/// The claims and user of `token` when it is well signed, unexpired and its session is live (one
/// query); notes the activity.
pub async fn check(state: &AppState, token: &str) -> Result<Option<Live>, sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(claims) = token::read(&state.keys.token, token, now) else { return Ok(None) };
    // `UserRecord` reads its columns by name and ignores the others.
    let row: Option<LiveRow> = sqlx::query_as(
        "SELECT u.*, s.last_activity_at FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > $3 AND u.disabled_at IS NULL",
    )
    .bind(&claims.sid)
    .bind(&claims.sub)
    .bind(now)
    .fetch_optional(&state.db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    if now - row.last_activity_at >= ACTIVITY_RESOLUTION_MS {
        sqlx::query("UPDATE sessions SET last_activity_at = $1 WHERE id = $2")
            .bind(now)
            .bind(&claims.sid)
            .execute(&state.db)
            .await?;
    }
    Ok(Some(Live { claims, user: row.user }))
}

/// Ends the session; `false` when there is no live session of that id.
pub async fn end(db: &Db, session_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let ended = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL AND expires_at > $1")
        .bind(now)
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(ended.rows_affected() > 0)
}

/// Ends every live session of the user (after a password reset, or by an admin); returns how many there were.
pub async fn end_all_for_user(db: &Db, user_id: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE user_id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Ends every live session of the user but `keep` (a password change, "log out other sessions").
pub async fn end_others(db: &Db, user_id: &str, keep: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE user_id = $2 AND id <> $3 AND ended_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(keep)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    id: String,
    user_id: String,
    username: String,
    ip: String,
    browser: String,
    created_at: i64,
    last_activity_at: i64,
    expires_at: i64,
    /// Whether this is the session making the request.
    #[sqlx(skip)]
    current: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionList {
    /// The server's time (epoch ms), for "active for" and "expires in" whatever the browser's clock says.
    now: i64,
    sessions: Vec<SessionInfo>,
}

/// Live sessions of everyone, or of one user; `current` marks the session asking.
pub async fn live(db: &Db, now: i64, user_id: Option<&str>, current: &str) -> Result<SessionList, sqlx::Error> {
    let mut found: Vec<SessionInfo> = sqlx::query_as(
        "SELECT s.id, s.user_id, u.username, s.ip, s.browser, s.created_at, s.last_activity_at, s.expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.ended_at IS NULL AND s.expires_at > $1 AND ($2 IS NULL OR s.user_id = $2)
         ORDER BY s.created_at DESC, s.id LIMIT $3",
    )
    .bind(now)
    .bind(user_id)
    .bind(LIST_LIMIT)
    .fetch_all(db)
    .await?;
    for session in &mut found {
        session.current = session.id == current;
    }
    Ok(SessionList { now, sessions: found })
}

/// The user a session belongs to, if the session exists.
pub async fn owner(db: &Db, session_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM sessions WHERE id = $1").bind(session_id).fetch_optional(db).await
}
