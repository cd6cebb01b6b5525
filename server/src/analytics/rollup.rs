//! Finished UTC days, counted once: each day's totals (`analytics_daily`) and every breakdown's values
//! with their visitors (`analytics_day_rows`). Since visitors add up across days (see `tally`), a report
//! of whole days reads these few rows instead of every hit, and only the day still going is read raw.
//! The day's totals outlive its raw hits and breakdowns (the retention).

use sqlx::Row;

use super::{
    raw,
    scope::Scope,
    tally::{Counts, Tallied, Totals, BREAKDOWNS},
};
use crate::{db::Db, time::DAY_MS};

/// A day is counted this long after it ended: hits still queued on any instance are written by then.
const SETTLED_MS: i64 = 5 * 60_000;
/// Breakdown rows written per statement.
const ROWS_PER_INSERT: usize = 100;

/// Counts every finished day not counted yet, oldest first; answers the first day not counted.
pub(crate) async fn roll_up_finished_days(db: &Db, now: i64) -> Result<i64, sqlx::Error> {
    let end_day = (now - SETTLED_MS).div_euclid(DAY_MS);
    let last: Option<i64> = sqlx::query_scalar("SELECT MAX(day) FROM analytics_daily").fetch_one(db).await?;
    let first = match last {
        Some(day) => day + 1,
        None => {
            let first_hit: Option<i64> =
                sqlx::query_scalar("SELECT MIN(at) FROM analytics_events").fetch_one(db).await?;
            first_hit.map_or(end_day, |at| at.div_euclid(DAY_MS))
        }
    };
    for day in first..end_day {
        roll_up(db, day).await?;
    }
    Ok(end_day.max(first))
}

async fn roll_up(db: &Db, day: i64) -> Result<(), sqlx::Error> {
    let whole_day = Scope { from: day * DAY_MS, to: (day + 1) * DAY_MS, filters: Vec::new() };
    let counts = raw::counts(db, &whole_day, DAY_MS).await?;
    let Totals { visitors, pageviews, visits, bounces, duration_ms } = counts.totals;
    let mut tx = crate::db::begin(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO analytics_daily (day, visitors, visits, pageviews, bounces, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day) DO NOTHING",
    )
    .bind(day)
    .bind(visitors)
    .bind(visits)
    .bind(pageviews)
    .bind(bounces)
    .bind(duration_ms)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        // Another instance counted the day first.
        return Ok(());
    }
    let rows: Vec<(&str, &String, &Tallied)> = BREAKDOWNS
        .iter()
        .zip(&counts.breakdowns)
        .flat_map(|(breakdown, values)| values.iter().map(|(value, tallied)| (breakdown.key, value, tallied)))
        .collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let placeholders: Vec<String> = (0..chunk.len())
            .map(|row| {
                let first = row * 4 + 2;
                format!("($1, ${first}, ${}, ${}, ${})", first + 1, first + 2, first + 3)
            })
            .collect();
        let sql = format!(
            "INSERT INTO analytics_day_rows (day, breakdown, value, visitors, hits) VALUES {}",
            placeholders.join(", ")
        );
        let mut insert = sqlx::query(&sql).bind(day);
        for (key, value, tallied) in chunk {
            insert = insert.bind(*key).bind(value.as_str()).bind(tallied.visitors).bind(tallied.count);
        }
        insert.execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// The counted days of `[first_day, end_day)` added up, their chart slotted by day, and which days they are
/// (oldest first).
pub(crate) async fn stored(db: &Db, first_day: i64, end_day: i64) -> Result<(Counts, Vec<i64>), sqlx::Error> {
    let mut counts = Counts::default();
    let days = sqlx::query(
        "SELECT day, visitors, visits, pageviews, bounces, duration_ms FROM analytics_daily
         WHERE day >= $1 AND day < $2 ORDER BY day",
    )
    .bind(first_day)
    .bind(end_day)
    .fetch_all(db)
    .await?;
    let mut counted = Vec::with_capacity(days.len());
    for row in days {
        let day: i64 = row.try_get("day")?;
        let totals = Totals {
            visitors: row.try_get("visitors")?,
            pageviews: row.try_get("pageviews")?,
            visits: row.try_get("visits")?,
            bounces: row.try_get("bounces")?,
            duration_ms: row.try_get("duration_ms")?,
        };
        counts.add_slot(day * DAY_MS, Tallied { visitors: totals.visitors, count: totals.pageviews });
        counts.add_totals(totals);
        counted.push(day);
    }
    let values = sqlx::query(
        "SELECT breakdown, value, CAST(SUM(visitors) AS BIGINT) AS visitors, CAST(SUM(hits) AS BIGINT) AS hits
         FROM analytics_day_rows WHERE day >= $1 AND day < $2 GROUP BY breakdown, value",
    )
    .bind(first_day)
    .bind(end_day)
    .fetch_all(db)
    .await?;
    for row in values {
        let key: String = row.try_get("breakdown")?;
        // A breakdown this build does not have (rows of an older one) is left out.
        if let Some(index) = BREAKDOWNS.iter().position(|breakdown| breakdown.key == key) {
            let tallied = Tallied { visitors: row.try_get("visitors")?, count: row.try_get("hits")? };
            counts.add_value(index, row.try_get("value")?, tallied);
        }
    }
    Ok((counts, counted))
}

/// Deletes the breakdowns of the days before `day` (their totals stay).
pub(crate) async fn forget_breakdowns_before(db: &Db, day: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM analytics_day_rows WHERE day < $1").bind(day).execute(db).await?;
    Ok(())
}
