//! Cache monitoring (`/admin/cache`): every instance publishes its caches' figures every 10 s and adds
//! its hits and misses to the minute's count (store.rs); the admin's report adds up the live instances
//! (report.rs); clearing goes through the caches' registry, which reaches every instance.

mod report;
mod routes;
mod store;

use std::{collections::HashMap, time::Duration};

pub(crate) use routes::routes;

use crate::{
    caches::{CacheName, Figures},
    AppState,
};

const PUBLISH_EVERY: Duration = Duration::from_secs(10);
/// The chart shows an hour; a little more is kept.
const HISTORY_KEEP_MS: i64 = 2 * 60 * 60 * 1000;
/// An instance silent this long is forgotten.
const FIGURES_KEEP_MS: i64 = 24 * 60 * 60 * 1000;

/// Hits per query of every cache on every live instance since each started (the dashboard's figure);
/// none before the first query.
pub(crate) async fn hit_rate(state: &AppState) -> Result<Option<f64>, sqlx::Error> {
    Ok(report::report(state).await?.total.hit_rate)
}

/// Publishes this instance's figures every 10 s, and what its caches counted since the last time.
pub(crate) fn spawn_publisher(state: AppState) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(PUBLISH_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = HashMap::new();
        loop {
            every.tick().await;
            if let Err(err) = publish(&state, &mut last).await {
                tracing::warn!(error = %err, "cannot publish the cache figures");
            }
        }
    });
}

/// One round of the publisher: `last` holds the figures of the previous round.
pub async fn publish(state: &AppState, last: &mut HashMap<CacheName, Figures>) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let instance = &state.caches.instance;
    let figures = state.caches.figures();
    store::publish(&state.db, instance, now, &figures).await?;
    for (name, now_figures) in &figures {
        let before = last.get(name).copied().unwrap_or_default();
        let hits = now_figures.hits.saturating_sub(before.hits);
        let misses = now_figures.misses.saturating_sub(before.misses);
        if hits + misses > 0 {
            store::add_to_minute(&state.db, instance, report::minute_of(now), *name, hits, misses).await?;
        }
        last.insert(*name, *now_figures);
    }
    store::prune(&state.db, now - HISTORY_KEEP_MS, now - FIGURES_KEEP_MS).await
}
