//! What the cache screen shows: each cache's figures added up over every live instance, its status
//! against its thresholds, the totals, the hit rate per minute over the last hour, and Redis's own
//! figures when the site uses Redis.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::{
    caches::{CacheName, Figures},
    ratelimit::{self, RedisFigures},
    AppState,
};

/// An instance whose figures are older than this is taken for gone.
pub(crate) const LIVE_FOR_MS: i64 = 30_000;
const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
/// Below this many queries a cache is still warming up and its hit rate says little: it is not judged
/// (healthy).
pub(crate) const MIN_QUERIES: u64 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) enum CacheStatus {
    Healthy,
    Warning,
    Critical,
}

/// The hit rates under which a cache is a warning or critical: what is normal differs by cache (a
/// question to the assistant is seldom asked twice in ten minutes; a page is read again and again).
#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Thresholds {
    pub warning_below: f64,
    pub critical_below: f64,
}

fn thresholds(name: CacheName) -> Thresholds {
    let (warning_below, critical_below) = match name {
        CacheName::PublicReads | CacheName::RenderedPages => (0.8, 0.5),
        CacheName::Settings | CacheName::RetrievalIndex => (0.9, 0.6),
        CacheName::AssistantAnswers => (0.1, 0.02),
    };
    Thresholds { warning_below, critical_below }
}

/// Figures of a cache, or of all together: every live instance's, since each started.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Measures {
    /// Hits and misses.
    pub queries: u64,
    pub hits: u64,
    pub misses: u64,
    /// Hits per query, 0 to 1; none before the first query.
    pub hit_rate: Option<f64>,
    pub miss_rate: Option<f64>,
    /// The average time a miss took to answer, in milliseconds.
    pub average_miss_ms: Option<f64>,
    /// The average time a query took, hits and misses together, in milliseconds (a hit, a lookup in
    /// memory, counts as no time).
    pub average_query_ms: Option<f64>,
    pub entries: u64,
    pub bytes: u64,
    pub evictions: u64,
    /// A cache's against its thresholds; of all together, theirs weighed by their share of the queries.
    pub status: CacheStatus,
}

/// One cache's figures, with the thresholds its status is judged by.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CacheFigures {
    pub name: CacheName,
    #[serde(flatten)]
    pub measures: Measures,
    pub thresholds: Thresholds,
}

/// One minute of the last hour.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MinuteRate {
    /// The minute's start, in ms since the epoch.
    pub minute: i64,
    /// Every cache's hits per query in that minute; none when nothing was asked.
    pub hit_rate: Option<f64>,
    pub queries: u64,
    pub caches: Vec<CacheMinute>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CacheMinute {
    pub name: CacheName,
    pub hit_rate: Option<f64>,
    pub queries: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CacheReport {
    pub caches: Vec<CacheFigures>,
    pub total: Measures,
    /// Instances whose figures are counted (those heard from in the last 30 s).
    pub instances: u64,
    /// Below this many queries a cache is healthy whatever its hit rate.
    pub min_queries: u64,
    /// The last hour, a point per minute, oldest first.
    pub history: Vec<MinuteRate>,
    /// The Redis server's figures; null when the site does not use Redis.
    pub redis: Option<RedisFigures>,
    pub generated_at: i64,
}

pub(crate) async fn report(state: &AppState) -> Result<CacheReport, sqlx::Error> {
    let now = state.clock.now_ms();
    let here = state.caches.figures();
    let others = store::others(&state.db, &state.caches.instance, now - LIVE_FOR_MS).await?;
    let mut instances: Vec<&str> = others.iter().map(|(instance, _, _)| instance.as_str()).collect();
    instances.sort_unstable();
    instances.dedup();
    let mut summed: BTreeMap<CacheName, Figures> = here.iter().copied().collect();
    for (_, name, figures) in &others {
        let sum = summed.entry(*name).or_default();
        *sum = add(*sum, *figures);
    }
    let caches: Vec<CacheFigures> = CacheName::ALL
        .into_iter()
        .filter_map(|name| summed.get(&name).map(|figures| cache_figures(name, *figures)))
        .collect();
    let all = summed.values().fold(Figures::default(), |sum, figures| add(sum, *figures));
    let total = measures(&all, overall(&caches));
    Ok(CacheReport {
        caches,
        total,
        instances: instances.len() as u64 + 1,
        min_queries: MIN_QUERIES,
        history: history(&store::minutes(&state.db, minute_of(now) - HOUR_MS + MINUTE_MS).await?, now),
        redis: ratelimit::redis_figures(state).await,
        generated_at: now,
    })
}

pub(crate) fn minute_of(ms: i64) -> i64 {
    ms - ms.rem_euclid(MINUTE_MS)
}

fn add(a: Figures, b: Figures) -> Figures {
    Figures {
        hits: a.hits + b.hits,
        misses: a.misses + b.misses,
        miss_micros: a.miss_micros + b.miss_micros,
        evictions: a.evictions + b.evictions,
        entries: a.entries + b.entries,
        bytes: a.bytes + b.bytes,
    }
}

/// The figures with their rates, the average miss in ms and `status`; no rate before the first query.
fn measures(figures: &Figures, status: CacheStatus) -> Measures {
    let queries = figures.hits + figures.misses;
    let rate = |part: u64| (queries > 0).then(|| part as f64 / queries as f64);
    Measures {
        queries,
        hits: figures.hits,
        misses: figures.misses,
        hit_rate: rate(figures.hits),
        miss_rate: rate(figures.misses),
        average_miss_ms: (figures.misses > 0).then(|| figures.miss_micros as f64 / figures.misses as f64 / 1000.0),
        average_query_ms: (queries > 0).then(|| figures.miss_micros as f64 / queries as f64 / 1000.0),
        entries: figures.entries,
        bytes: figures.bytes,
        evictions: figures.evictions,
        status,
    }
}

/// A cache against its thresholds, once warmed up. A miss for each entry it holds is the cache filling
/// (each answer is made once before it can be a hit), so it counts neither way.
pub(crate) fn status(name: CacheName, figures: &Figures) -> CacheStatus {
    let limits = thresholds(name);
    if figures.hits + figures.misses < MIN_QUERIES {
        return CacheStatus::Healthy;
    }
    let judged = figures.hits + figures.misses.saturating_sub(figures.entries);
    if judged == 0 {
        return CacheStatus::Healthy;
    }
    let rate = figures.hits as f64 / judged as f64;
    if rate < limits.critical_below {
        CacheStatus::Critical
    } else if rate < limits.warning_below {
        CacheStatus::Warning
    } else {
        CacheStatus::Healthy
    }
}

/// The site's status: each cache's weighed by its share of the queries, so that a cache little used (the
/// settings, a cold one) does not decide it for the caches that carry the traffic.
fn overall(caches: &[CacheFigures]) -> CacheStatus {
    let queries: u64 = caches.iter().map(|cache| cache.measures.queries).sum();
    if queries == 0 {
        return CacheStatus::Healthy;
    }
    let level = |status| match status {
        CacheStatus::Healthy => 0.0,
        CacheStatus::Warning => 1.0,
        CacheStatus::Critical => 2.0,
    };
    let weighed: f64 =
        caches.iter().map(|cache| level(cache.measures.status) * cache.measures.queries as f64).sum::<f64>()
            / queries as f64;
    if weighed >= 1.5 {
        CacheStatus::Critical
    } else if weighed >= 0.5 {
        CacheStatus::Warning
    } else {
        CacheStatus::Healthy
    }
}

fn cache_figures(name: CacheName, figures: Figures) -> CacheFigures {
    CacheFigures { name, measures: measures(&figures, status(name, &figures)), thresholds: thresholds(name) }
}

/// A point per minute of the last hour, minutes without queries included (with no rate).
fn history(minutes: &[(i64, CacheName, u64, u64)], now: i64) -> Vec<MinuteRate> {
    let last = minute_of(now);
    (0..60)
        .rev()
        .map(|back| {
            let minute = last - back * MINUTE_MS;
            let in_minute: Vec<_> = minutes.iter().filter(|(m, ..)| *m == minute).collect();
            let rate = |hits: u64, misses: u64| (hits + misses > 0).then(|| hits as f64 / (hits + misses) as f64);
            let (hits, misses) = in_minute.iter().fold((0, 0), |(h, m), (_, _, hits, misses)| (h + hits, m + misses));
            MinuteRate {
                minute,
                hit_rate: rate(hits, misses),
                queries: hits + misses,
                caches: in_minute
                    .iter()
                    .map(|(_, name, hits, misses)| CacheMinute {
                        name: *name,
                        hit_rate: rate(*hits, *misses),
                        queries: hits + misses,
                    })
                    .collect(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(hits: u64, misses: u64) -> Figures {
        Figures { hits, misses, ..Figures::default() }
    }

    #[test]
    fn status_follows_each_caches_thresholds_once_there_are_enough_queries() {
        assert_eq!(status(CacheName::PublicReads, &figures(3, 10)), CacheStatus::Healthy, "too few to judge");
        assert_eq!(status(CacheName::PublicReads, &figures(90, 10)), CacheStatus::Healthy);
        assert_eq!(status(CacheName::PublicReads, &figures(70, 30)), CacheStatus::Warning);
        assert_eq!(status(CacheName::PublicReads, &figures(40, 60)), CacheStatus::Critical);
        assert_eq!(status(CacheName::AssistantAnswers, &figures(15, 85)), CacheStatus::Healthy);
        assert_eq!(status(CacheName::AssistantAnswers, &figures(1, 99)), CacheStatus::Critical);
    }

    #[test]
    fn a_cache_filling_after_a_start_is_not_a_failing_one() {
        // A fresh server: 16 pages drawn once each, then read 84 times.
        let filling = Figures { hits: 84, misses: 16, entries: 16, ..Figures::default() };
        assert_eq!(status(CacheName::RenderedPages, &filling), CacheStatus::Healthy);
        let evicting = Figures { hits: 84, misses: 46, entries: 16, ..Figures::default() };
        assert_eq!(status(CacheName::RenderedPages, &evicting), CacheStatus::Warning);
    }

    #[test]
    fn the_sites_status_weighs_each_cache_by_its_traffic() {
        let cache = |name, hits, misses| cache_figures(name, figures(hits, misses));
        let busy_and_well = cache(CacheName::PublicReads, 9_500, 500);
        let small_and_cold = cache(CacheName::Settings, 40, 80);
        assert_eq!(small_and_cold.measures.status, CacheStatus::Critical);
        assert_eq!(overall(&[busy_and_well, small_and_cold]), CacheStatus::Healthy);
        let failing = cache(CacheName::PublicReads, 300, 700);
        assert_eq!(overall(&[failing, cache(CacheName::Settings, 100, 0)]), CacheStatus::Critical);
        let average = measures(&figures(3, 1), CacheStatus::Healthy);
        assert_eq!(average.average_query_ms, Some(0.0));
    }

    #[test]
    fn history_has_a_point_per_minute_of_the_hour() {
        let now = 10 * HOUR_MS + 30_000;
        let minutes = [(minute_of(now), CacheName::PublicReads, 3, 1), (minute_of(now), CacheName::Settings, 1, 0)];
        let points = history(&minutes, now);
        assert_eq!(points.len(), 60);
        assert_eq!(points[0].minute, minute_of(now) - 59 * MINUTE_MS);
        assert_eq!(points[0].hit_rate, None);
        let last = points.last().unwrap();
        assert_eq!((last.queries, last.hit_rate), (5, Some(0.8)));
        assert_eq!(last.caches.len(), 2);
    }
}
