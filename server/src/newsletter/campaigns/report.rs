//! A campaign's page figures: progress while sending (rate and time left from the last minute's
//! deliveries), unique opens and clicks over time, clicks per link, and the recipients that failed or
//! bounced with the mail server's answer.

use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::{
    db::{from_row, Db},
    time::DAY_MS,
};

const HOUR_MS: i64 = 60 * 60_000;
/// The failures and bounces listed (the figures count them all).
pub(crate) const PROBLEMS_SHOWN: i64 = 100;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Progress {
    /// Messages accepted in the last minute, a second.
    pub rate_per_second: f64,
    /// At that rate, for the recipients still queued; `None` when nothing was sent in the last minute.
    pub seconds_left: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TimelinePoint {
    /// The bucket's start, epoch milliseconds.
    pub at: i64,
    /// Recipients whose first open (or click) fell in the bucket.
    pub opens: i64,
    pub clicks: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LinkClicks {
    pub url: String,
    /// Recipients who clicked it.
    pub clicks: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecipientProblem {
    pub email: String,
    /// `failed` or `bounced`.
    pub status: String,
    pub attempts: i64,
    /// The mail server's answer.
    pub error: Option<String>,
}
from_row!(RecipientProblem { email, status, attempts, error });

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CampaignReport {
    pub progress: Progress,
    /// Width of the timeline's buckets: five minutes, an hour or a day, by the campaign's age.
    pub bucket_ms: i64,
    pub timeline: Vec<TimelinePoint>,
    pub links: Vec<LinkClicks>,
    pub problems: Vec<RecipientProblem>,
}

pub(crate) async fn report(db: &Db, campaign: &str, queued: i64, now: i64) -> Result<CampaignReport, sqlx::Error> {
    let recent: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = $1 AND sent_at >= $2")
            .bind(campaign)
            .bind(now - 60_000)
            .fetch_one(db)
            .await?;
    let rate_per_second = recent as f64 / 60.0;
    let seconds_left = (recent > 0).then(|| (queued as f64 / rate_per_second).ceil() as i64);
    let times: Vec<(Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT opened_at, clicked_at FROM campaign_recipients WHERE campaign_id = $1 AND opened_at IS NOT NULL",
    )
    .bind(campaign)
    .fetch_all(db)
    .await?;
    let (bucket_ms, timeline) = timeline(&times);
    let counts: Vec<(i64, i64)> =
        sqlx::query_as("SELECT link, COUNT(*) FROM campaign_clicks WHERE campaign_id = $1 GROUP BY link")
            .bind(campaign)
            .fetch_all(db)
            .await?;
    let links = store::links(db, campaign)
        .await?
        .into_iter()
        .enumerate()
        .map(|(number, url)| {
            let clicks = counts.iter().find(|(link, _)| *link == number as i64).map_or(0, |(_, count)| *count);
            LinkClicks { url, clicks }
        })
        .collect();
    let problems = sqlx::query_as(
        "SELECT email, status, attempts, error FROM campaign_recipients
         WHERE campaign_id = $1 AND status IN ('failed', 'bounced') ORDER BY email LIMIT $2",
    )
    .bind(campaign)
    .bind(PROBLEMS_SHOWN)
    .fetch_all(db)
    .await?;
    Ok(CampaignReport { progress: Progress { rate_per_second, seconds_left }, bucket_ms, timeline, links, problems })
}

/// First opens and clicks counted in buckets from the first to the last, none skipped.
fn timeline(times: &[(Option<i64>, Option<i64>)]) -> (i64, Vec<TimelinePoint>) {
    let all = times.iter().flat_map(|(opened, clicked)| [*opened, *clicked]).flatten();
    let (Some(first), Some(last)) = (all.clone().min(), all.max()) else { return (HOUR_MS, Vec::new()) };
    let bucket_ms = match last - first {
        span if span <= 2 * HOUR_MS => 5 * 60_000,
        span if span <= 2 * DAY_MS => HOUR_MS,
        _ => DAY_MS,
    };
    let start = first - first.rem_euclid(bucket_ms);
    let mut points: Vec<TimelinePoint> = (0..=(last - start) / bucket_ms)
        .map(|index| TimelinePoint { at: start + index * bucket_ms, opens: 0, clicks: 0 })
        .collect();
    for (opened, clicked) in times {
        if let Some(at) = opened {
            points[((at - start) / bucket_ms) as usize].opens += 1;
        }
        if let Some(at) = clicked {
            points[((at - start) / bucket_ms) as usize].clicks += 1;
        }
    }
    (bucket_ms, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_fit_the_span_and_none_is_skipped() {
        let (bucket, points) = timeline(&[(Some(0), Some(60_000)), (Some(11 * 60_000), None)]);
        assert_eq!(bucket, 5 * 60_000);
        assert_eq!(points.iter().map(|p| (p.opens, p.clicks)).collect::<Vec<_>>(), [(1, 1), (0, 0), (1, 0)]);
        let (bucket, points) = timeline(&[(Some(0), None), (Some(3 * DAY_MS), None)]);
        assert_eq!((bucket, points.len()), (DAY_MS, 4));
        assert!(timeline(&[]).1.is_empty());
    }
}
