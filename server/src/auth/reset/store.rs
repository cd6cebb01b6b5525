//! Storage of password-reset links: only each token's SHA-256 is kept.

use sha2::{Digest, Sha256};

use crate::{db::Db, encoding::hex};

fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

pub(crate) async fn insert(db: &Db, token: &str, user_id: &str, now: i64, expires_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(digest(token))
        .bind(user_id)
        .bind(now)
        .bind(expires_at)
        .execute(db)
        .await?;
    Ok(())
}

/// Marks the link used and returns its account, when the link is unused and fresh. Marking it is the
/// check: only one request can do it.
pub(crate) async fn redeem(db: &Db, token: &str, now: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id",
    )
    .bind(now)
    .bind(digest(token))
    .fetch_optional(db)
    .await
}

/// Ends the account's other unused links.
pub(crate) async fn end_all_for_user(db: &Db, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the links that expired before `until`; gives how many.
pub(crate) async fn forget_expired(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM password_resets WHERE expires_at <= $1").bind(until).execute(db).await?;
    Ok(done.rows_affected())
}
