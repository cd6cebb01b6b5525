//! Raw page views, events and visits, and the days' breakdowns, are kept for the days the admin set (400
//! by default); a day's totals stay (`rollup`), and the report's headline and chart still count them.

use crate::{time::DAY_MS, AppState};

use super::{rollup, settings::Collection};

/// Counts the finished days, then deletes what is past the retention; answers how many events went.
/// Days are UTC days.
pub(crate) async fn expire(state: &AppState) -> Result<u64, sqlx::Error> {
    let db = &state.db;
    let now = state.clock.now_ms();
    let keep_days = i64::from(state.settings.get::<Collection>(db).await?.retention_days);
    // Only counted days lose their raw hits.
    let first_kept = (now.div_euclid(DAY_MS) - keep_days).min(rollup::roll_up_finished_days(db, now).await?);
    let cutoff = first_kept * DAY_MS;
    let mut tx = crate::db::begin(db).await?;
    let events =
        sqlx::query("DELETE FROM analytics_events WHERE at < $1").bind(cutoff).execute(&mut *tx).await?.rows_affected();
    sqlx::query("DELETE FROM analytics_visits WHERE started_at < $1").bind(cutoff).execute(&mut *tx).await?;
    tx.commit().await?;
    rollup::forget_breakdowns_before(db, first_kept).await?;
    Ok(events)
}
