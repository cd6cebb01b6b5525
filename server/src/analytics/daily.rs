//! The dashboard's traffic figures: visitors and page views per UTC day.

use serde::Serialize;
use utoipa::ToSchema;

use super::store::PAGEVIEW;
use crate::{db::Db, time::DAY_MS};

/// One UTC day's visitors and page views.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayTraffic {
    /// The day's start (UTC midnight), epoch ms.
    pub day: i64,
    pub visitors: i64,
    pub pageviews: i64,
}

/// The last `days` UTC days up to today's, oldest first, days without a hit included (the dashboard's
/// sparkline). A visitor's hash changes each day, so a day's visitors are its distinct hashes.
pub async fn daily_traffic(db: &Db, now: i64, days: i64) -> Result<Vec<DayTraffic>, sqlx::Error> {
    let first = (now / DAY_MS - days + 1) * DAY_MS;
    let counted: Vec<(i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT at / {DAY_MS}, COUNT(DISTINCT visitor), COUNT(CASE WHEN name = '{PAGEVIEW}' THEN 1 END)
         FROM analytics_events WHERE at >= $1 GROUP BY at / {DAY_MS}"
    ))
    .bind(first)
    .fetch_all(db)
    .await?;
    Ok((0..days)
        .map(|offset| {
            let day = first / DAY_MS + offset;
            let (visitors, pageviews) =
                counted.iter().find(|(d, _, _)| *d == day).map_or((0, 0), |(_, visitors, views)| (*visitors, *views));
            DayTraffic { day: day * DAY_MS, visitors, pageviews }
        })
        .collect())
}
