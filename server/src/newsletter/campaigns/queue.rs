//! A campaign's recipients as a work queue. A sender claims a batch of queued rows with a lease; on
//! PostgreSQL the claim skips rows another instance is claiming (`FOR UPDATE SKIP LOCKED`), on SQLite
//! the single writer does the same. A row stays queued until its message is accepted, so a sender that
//! dies loses nothing: its lease runs out and another claim takes the row again.

use crate::db::{from_row, Db};

/// How long a claim lasts. A batch is sized to end well within it (`sender`).
pub(crate) const LEASE_MS: i64 = 30_000;
/// Temporary failures tried before the recipient is marked failed.
pub(crate) const MAX_ATTEMPTS: i64 = 5;
const FIRST_RETRY_MS: i64 = 60_000;
const MAX_RETRY_MS: i64 = 30 * 60_000;

#[derive(Debug)]
pub(crate) struct Claimed {
    pub user_id: String,
    pub email: String,
    pub username: String,
    pub lang: String,
    pub attempts: i64,
}
from_row!(Claimed { user_id, email, username, lang, attempts });

/// Claims up to `limit` due recipients of `campaign` until `now + LEASE_MS`.
pub(crate) async fn claim(
    db: &Db,
    postgres: bool,
    campaign: &str,
    limit: i64,
    now: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    let skip_locked = if postgres { "FOR UPDATE SKIP LOCKED" } else { "" };
    sqlx::query_as(&format!(
        "UPDATE campaign_recipients SET locked_until = $3
         WHERE campaign_id = $1 AND user_id IN (
             SELECT user_id FROM campaign_recipients
             WHERE campaign_id = $1 AND status = 'queued' AND next_attempt_at <= $2
               AND (locked_until IS NULL OR locked_until <= $2)
             ORDER BY next_attempt_at, user_id LIMIT $4 {skip_locked})
           AND status = 'queued' AND (locked_until IS NULL OR locked_until <= $2)
         RETURNING user_id, email, username, lang, attempts"
    ))
    .bind(campaign)
    .bind(now)
    .bind(now + LEASE_MS)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The mail server accepted the message.
pub(crate) async fn sent(
    db: &Db,
    campaign: &str,
    user_id: &str,
    message_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE campaign_recipients SET status = 'sent', sent_at = $3, message_id = $4, attempts = attempts + 1,
         locked_until = NULL, error = NULL WHERE campaign_id = $1 AND user_id = $2",
    )
    .bind(campaign)
    .bind(user_id)
    .bind(now)
    .bind(message_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The message was refused: for good when `permanent` (or after `MAX_ATTEMPTS`), else to be tried again
/// later, waiting longer each time.
pub(crate) async fn refused(
    db: &Db,
    campaign: &str,
    recipient: &Claimed,
    error: &str,
    permanent: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    let attempts = recipient.attempts + 1;
    let status = if permanent || attempts >= MAX_ATTEMPTS { "failed" } else { "queued" };
    let wait = (FIRST_RETRY_MS << (attempts - 1).min(20)).min(MAX_RETRY_MS);
    sqlx::query(
        "UPDATE campaign_recipients SET status = $3, attempts = $4, next_attempt_at = $5, error = $6, locked_until = NULL
         WHERE campaign_id = $1 AND user_id = $2",
    )
    .bind(campaign)
    .bind(&recipient.user_id)
    .bind(status)
    .bind(attempts)
    .bind(now + wait)
    .bind(error.chars().take(500).collect::<String>())
    .execute(db)
    .await?;
    Ok(())
}

/// Gives back claimed rows not tried (the batch ran out of time, the campaign was paused, or the server is
/// stopping), in one statement: a stopping server has a second for it.
pub(crate) async fn release(db: &Db, campaign: &str, user_ids: &[&str]) -> Result<(), sqlx::Error> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let placeholders: Vec<String> = (2..user_ids.len() + 2).map(|n| format!("${n}")).collect();
    let sql = format!(
        "UPDATE campaign_recipients SET locked_until = NULL
         WHERE campaign_id = $1 AND status = 'queued' AND user_id IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(campaign);
    for user_id in user_ids {
        query = query.bind(*user_id);
    }
    query.execute(db).await?;
    Ok(())
}

/// How many recipients of `campaign` are still queued (claimed or not, due or waiting for a retry).
pub(crate) async fn remaining(db: &Db, campaign: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued'")
        .bind(campaign)
        .fetch_one(db)
        .await
}
