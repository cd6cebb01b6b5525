//! The dashboard's traffic figures: visitors and page views per UTC day.

use serde::Serialize;
use utoipa::ToSchema;

use super::{counts, scope::Scope};
use crate::{db::Db, time::DAY_MS};

/// One UTC day's visitors and page views.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DayTraffic {
    /// The day's start (UTC midnight), epoch ms.
    pub day: i64,
    pub visitors: i64,
    pub pageviews: i64,
}

/// The last `days` UTC days up to today's, oldest first, days without a hit included (the dashboard's
/// sparkline).
pub(crate) async fn daily_traffic(db: &Db, now: i64, days: i64) -> Result<Vec<DayTraffic>, sqlx::Error> {
    let first = (now.div_euclid(DAY_MS) - days + 1) * DAY_MS;
    let scope = Scope { from: first, to: first + days * DAY_MS, filters: Vec::new() };
    let counted = counts::counts(db, &scope, DAY_MS).await?;
    Ok((0..days)
        .map(|offset| {
            let day = first + offset * DAY_MS;
            let tallied = counted.slots.get(&day).copied().unwrap_or_default();
            DayTraffic { day, visitors: tallied.visitors, pageviews: tallied.count }
        })
        .collect())
}
