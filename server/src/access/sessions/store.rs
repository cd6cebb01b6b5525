//! The sessions table: one row per sign-in.

use serde::Serialize;
use sqlx::{any::AnyRow, FromRow, Row};
use utoipa::ToSchema;

use crate::{
    access::UserRecord,
    client_info::ClientInfo,
    db::{from_row, Db},
};

/// The most sessions one answer lists, newest first.
pub(crate) const LIST_LIMIT: i64 = 1000;
/// However often its token is renewed, a session ends this long after its sign-in: a stolen token that
/// is kept fresh does not last for ever, and the member signs in again (with a code) once a month.
pub(crate) const MAX_AGE_MS: i64 = 30 * crate::time::DAY_MS;
/// A refreshed token dies this long after the refresh: long enough for the requests already sent with
/// it and for the other tabs, which take up the new one at once.
pub(crate) const REFRESHED_TOKEN_GRACE_MS: i64 = 60_000;

/// A new session's row.
pub(crate) struct NewSession<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub client: &'a ClientInfo,
    pub expires_at: i64,
    /// The first token's `iat`.
    pub token_iat: i64,
}

pub(crate) async fn insert(db: &Db, session: NewSession<'_>, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (id, user_id, ip, browser, user_agent, created_at, last_activity_at, expires_at, token_iat)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)",
    )
    .bind(session.id)
    .bind(session.user_id)
    .bind(&session.client.ip)
    .bind(session.client.browser())
    .bind(&session.client.user_agent)
    .bind(now)
    .bind(session.expires_at)
    .bind(session.token_iat)
    .execute(db)
    .await?;
    Ok(())
}

/// Moves the session's expiry (a renewed token), to no later than its maximum age; answers the expiry set.
pub(crate) async fn extend(
    db: &Db,
    session_id: &str,
    expires_at: i64,
    now: i64,
    token_iat: i64,
) -> Result<i64, sqlx::Error> {
    // Every expression reads the row as it was: the previous token is the one current until now.
    sqlx::query_scalar(
        "UPDATE sessions SET last_activity_at = $2,
             expires_at = CASE WHEN $1 < created_at + $4 THEN $1 ELSE created_at + $4 END,
             previous_token_iat = token_iat, previous_token_until = $2 + $6, token_iat = $5
         WHERE id = $3 RETURNING expires_at",
    )
    .bind(expires_at)
    .bind(now)
    .bind(session_id)
    .bind(MAX_AGE_MS)
    .bind(token_iat)
    .bind(REFRESHED_TOKEN_GRACE_MS)
    .fetch_one(db)
    .await
}

/// A live session's user and when it was last active.
pub(crate) struct LiveRow {
    pub user: UserRecord,
    pub last_activity_at: i64,
}
impl FromRow<'_, AnyRow> for LiveRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self { user: UserRecord::from_row(row)?, last_activity_at: row.try_get("last_activity_at")? })
    }
}

/// The session's row when it belongs to `user_id`, is neither ended nor expired, the token issued at
/// `token_iat` is its newest (or the one before, for its grace), and its user is not disabled (one query).
pub(crate) async fn find_live(
    db: &Db,
    session_id: &str,
    user_id: &str,
    token_iat: i64,
    now: i64,
) -> Result<Option<LiveRow>, sqlx::Error> {
    // `UserRecord` reads its columns by name and ignores the others.
    sqlx::query_as(
        "SELECT u.*, s.last_activity_at FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > $3 AND u.disabled_at IS NULL
           AND (s.token_iat = 0 OR s.token_iat = $4 OR (s.previous_token_iat = $4 AND s.previous_token_until > $3))",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(now)
    .bind(token_iat)
    .fetch_optional(db)
    .await
}

pub(crate) async fn note_activity(db: &Db, session_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET last_activity_at = $1 WHERE id = $2")
        .bind(now)
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends the session; `false` when there is no live session of that id.
pub(crate) async fn end(db: &Db, session_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let ended = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL AND expires_at > $1")
        .bind(now)
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(ended.rows_affected() > 0)
}

/// Ends every live session of the user (after a password reset, or by an admin); returns how many there were.
pub(crate) async fn end_all_for_user(db: &Db, user_id: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE user_id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Ends every live session of the user but `keep` (a password change, "log out other sessions").
pub(crate) async fn end_others(db: &Db, user_id: &str, keep: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE sessions SET ended_at = $1 WHERE user_id = $2 AND id <> $3 AND ended_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(keep)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SessionInfo {
    id: String,
    user_id: String,
    username: String,
    ip: String,
    browser: String,
    created_at: i64,
    last_activity_at: i64,
    expires_at: i64,
    /// Whether this is the session making the request.
    current: bool,
}
from_row!(SessionInfo { id, user_id, username, ip, browser, created_at, last_activity_at, expires_at }
    skip { current });

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SessionList {
    /// The server's time (epoch ms), for "active for" and "expires in" whatever the browser's clock says.
    now: i64,
    sessions: Vec<SessionInfo>,
}

/// Whose sessions a list shows: an admin sees everyone's; a moderator the members' and their own, not
/// where the other staff sign in from.
pub(crate) enum Visible<'a> {
    All,
    MembersAnd(&'a str),
}

/// Live sessions of everyone, or of one user; `current` marks the session asking.
pub(crate) async fn live(
    db: &Db,
    now: i64,
    user_id: Option<&str>,
    current: &str,
    visible: Visible<'_>,
) -> Result<SessionList, sqlx::Error> {
    let viewer = match visible {
        Visible::All => None,
        Visible::MembersAnd(viewer) => Some(viewer),
    };
    let mut found: Vec<SessionInfo> = sqlx::query_as(
        "SELECT s.id, s.user_id, u.username, s.ip, s.browser, s.created_at, s.last_activity_at, s.expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.ended_at IS NULL AND s.expires_at > $1 AND ($2 IS NULL OR s.user_id = $2)
           AND ($4 IS NULL OR (u.role = 'user' AND u.is_admin = 0) OR s.user_id = $4)
         ORDER BY s.created_at DESC, s.id LIMIT $3",
    )
    .bind(now)
    .bind(user_id)
    .bind(LIST_LIMIT)
    .bind(viewer)
    .fetch_all(db)
    .await?;
    for session in &mut found {
        session.current = session.id == current;
    }
    Ok(SessionList { now, sessions: found })
}

/// Sessions neither ended nor expired.
pub(crate) async fn live_count(db: &Db, now: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE ended_at IS NULL AND expires_at > $1")
        .bind(now)
        .fetch_one(db)
        .await
}

/// The user a session belongs to, if the session exists.
pub(crate) async fn owner(db: &Db, session_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM sessions WHERE id = $1").bind(session_id).fetch_optional(db).await
}

/// What ending sessions answers.
#[derive(Serialize, ToSchema)]
pub(crate) struct Revoked {
    /// How many sessions were ended.
    pub revoked: u64,
}

/// Deletes the sessions that expired or ended before `until`; gives how many.
pub(crate) async fn forget_before(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR ended_at <= $1").bind(until).execute(db).await?;
    Ok(done.rows_affected())
}
