//! Counting the raw page views, events and visits of a scope: read once each, in time order, and added
//! up day by day in memory (so a day's visitor sets are all that is held at a time); or, for the totals
//! alone, added up by the database.

use futures_util::TryStreamExt;
use sqlx::{FromRow, Row};

use super::{
    scope::Scope,
    store::PAGEVIEW,
    tally::{Counts, EventRow, Tally, Totals, VisitRow},
};
use crate::db::Db;

/// The scope's totals alone, added up by the database. A visitor's hash is one day's, so the distinct
/// hashes of a range are the sum of its days' visitors, as `Tally` counts them.
pub(crate) async fn totals(db: &Db, scope: &Scope) -> Result<Totals, sqlx::Error> {
    let sql = format!(
        "SELECT COUNT(DISTINCT visitor), COUNT(*) FROM analytics_events WHERE name = '{PAGEVIEW}' AND {}",
        scope.events()
    );
    let views = scope.bind(&sql).fetch_one(db).await?;
    let sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN pageviews <= 1 THEN 1 ELSE 0 END), 0) AS BIGINT),
             CAST(COALESCE(SUM(last_at - started_at), 0) AS BIGINT) FROM analytics_visits WHERE {}",
        scope.visits()
    );
    let visits = scope.bind(&sql).fetch_one(db).await?;
    Ok(Totals {
        visitors: views.try_get(0)?,
        pageviews: views.try_get(1)?,
        visits: visits.try_get(0)?,
        bounces: visits.try_get(1)?,
        duration_ms: visits.try_get(2)?,
    })
}

/// The scope's figures, its chart slotted by `step_ms` from the scope's start. Events and visits are read
/// at once, on two connections.
pub(crate) async fn counts(db: &Db, scope: &Scope, step_ms: i64) -> Result<Counts, sqlx::Error> {
    let (mut events, visits) = tokio::try_join!(events(db, scope, step_ms), visits(db, scope, step_ms))?;
    events.add(visits);
    Ok(events)
}

async fn events(db: &Db, scope: &Scope, step_ms: i64) -> Result<Counts, sqlx::Error> {
    let mut tally = Tally::new(scope.from, step_ms);
    let sql = format!(
        "SELECT at, visitor, name, path, lang, target, brand, results FROM analytics_events WHERE {} ORDER BY at",
        scope.events()
    );
    let mut rows = scope.bind(&sql).fetch(db);
    while let Some(row) = rows.try_next().await? {
        tally.event(&EventRow::from_row(&row)?);
    }
    Ok(tally.finish())
}

async fn visits(db: &Db, scope: &Scope, step_ms: i64) -> Result<Counts, sqlx::Error> {
    let mut tally = Tally::new(scope.from, step_ms);
    let sql = format!(
        "SELECT started_at, last_at, visitor, pageviews, entry_path, exit_path, source, utm_campaign, browser_lang,
             browser, os, device FROM analytics_visits WHERE {} ORDER BY started_at",
        scope.visits()
    );
    let mut rows = scope.bind(&sql).fetch(db);
    while let Some(row) = rows.try_next().await? {
        tally.visit(&VisitRow::from_row(&row)?);
    }
    Ok(tally.finish())
}
