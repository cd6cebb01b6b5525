//! Counts in the `rate_limits` table: one row per rule and subject, whose window starts at its first
//! hit. The cleanup job deletes rows whose window has ended.

use super::{Count, Limit};
use crate::db::Db;

pub(super) async fn count(db: &Db, limit: &Limit, subject: &str, now: i64) -> Result<Count, sqlx::Error> {
    let window_ms = limit.window_secs * 1000;
    let (hits, window_start): (i64, i64) = sqlx::query_as(
        "INSERT INTO rate_limits (key, window_start, window_end, hits) VALUES ($1, $2, $4, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END,
           window_end = CASE WHEN rate_limits.window_start <= $3 THEN $4 ELSE rate_limits.window_end END
         RETURNING hits, window_start",
    )
    .bind(format!("{}:{subject}", limit.name))
    .bind(now)
    .bind(now - window_ms)
    .bind(now + window_ms)
    .fetch_one(db)
    .await?;
    Ok(Count { hits, window_start })
}
