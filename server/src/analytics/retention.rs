//! Raw page views, events and visits are kept for the days the admin set (400 by default); older days
//! are first added up into `analytics_daily`, which the report's headline and chart still count.

use crate::{db::Db, time::DAY_MS, AppState};

use super::settings::Collection;

/// Totals older days and deletes their raw rows, in one transaction (a run that fails leaves both as they
/// were); answers how many events went. Days are UTC days.
pub async fn expire(state: &AppState) -> Result<u64, sqlx::Error> {
    let keep_days = i64::from(state.settings.get::<Collection>(&state.db).await?.retention_days);
    let cutoff = (state.clock.now_ms() / DAY_MS - keep_days) * DAY_MS;
    roll_up(&state.db, cutoff).await
}

async fn roll_up(db: &Db, cutoff: i64) -> Result<u64, sqlx::Error> {
    let mut tx = db.begin().await?;
    // A visit and its hits count on the day it started; visits still open at the cutoff stay raw.
    sqlx::query(&format!(
        "INSERT INTO analytics_daily (day, visitors, visits, pageviews, bounces, duration_ms)
         SELECT started_at / {DAY_MS}, COUNT(DISTINCT visitor), COUNT(*), CAST(SUM(pageviews) AS BIGINT),
             CAST(SUM(CASE WHEN pageviews <= 1 THEN 1 ELSE 0 END) AS BIGINT), CAST(SUM(last_at - started_at) AS BIGINT)
         FROM analytics_visits WHERE last_at < $1 GROUP BY started_at / {DAY_MS}
         ON CONFLICT (day) DO UPDATE SET visitors = analytics_daily.visitors + excluded.visitors,
             visits = analytics_daily.visits + excluded.visits, pageviews = analytics_daily.pageviews + excluded.pageviews,
             bounces = analytics_daily.bounces + excluded.bounces,
             duration_ms = analytics_daily.duration_ms + excluded.duration_ms"
    ))
    .bind(cutoff)
    .execute(&mut *tx)
    .await?;
    let events = sqlx::query(
        "DELETE FROM analytics_events WHERE at < $1 AND visit IN (SELECT id FROM analytics_visits WHERE last_at < $1)",
    )
    .bind(cutoff)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    sqlx::query("DELETE FROM analytics_visits WHERE last_at < $1").bind(cutoff).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(events)
}
