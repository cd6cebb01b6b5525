//! Counts in the `rate_limits` table: one row per rule and subject, whose window starts at its first
//! hit. The cleanup job deletes rows whose window has ended.

use super::{Count, Limit};
use crate::db::Db;

pub(super) async fn count(db: &Db, limit: &Limit, subject: &str, amount: i64, now: i64) -> Result<Count, sqlx::Error> {
    let window_ms = limit.window_secs * 1000;
    let (hits, window_start): (i64, i64) = sqlx::query_as(
        "INSERT INTO rate_limits (key, window_start, window_end, hits) VALUES ($1, $2, $4, $5)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $3 THEN $5 ELSE rate_limits.hits + $5 END,
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END,
           window_end = CASE WHEN rate_limits.window_start <= $3 THEN $4 ELSE rate_limits.window_end END
         RETURNING hits, window_start",
    )
    .bind(key(limit, subject))
    .bind(now)
    .bind(now - window_ms)
    .bind(now + window_ms)
    .bind(amount)
    .fetch_one(db)
    .await?;
    Ok(Count { hits, window_start })
}

/// The count in the window that holds `now`, counting nothing.
pub(super) async fn peek(db: &Db, limit: &Limit, subject: &str, now: i64) -> Result<i64, sqlx::Error> {
    let hits: Option<i64> = sqlx::query_scalar("SELECT hits FROM rate_limits WHERE key = $1 AND window_start > $2")
        .bind(key(limit, subject))
        .bind(now - limit.window_secs * 1000)
        .fetch_optional(db)
        .await?;
    Ok(hits.unwrap_or(0))
}

fn key(limit: &Limit, subject: &str) -> String {
    format!("{}:{subject}", limit.name)
}

/// Deletes the windows that ended by `now`; gives how many.
pub(super) async fn forget_ended(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM rate_limits WHERE window_end <= $1").bind(now).execute(db).await?.rows_affected())
}
