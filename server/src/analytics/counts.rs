//! A scope's figures from the counted days where they can answer, and from the raw hits elsewhere.

use super::{
    raw, rollup,
    scope::Scope,
    tally::{Counts, Totals},
};
use crate::{db::Db, time::DAY_MS};

/// The scope's figures, its chart slotted by `step_ms` from its start.
pub(crate) async fn counts(db: &Db, scope: &Scope, step_ms: i64) -> Result<Counts, sqlx::Error> {
    let (mut counts, raw_parts) = split(db, scope, step_ms).await?;
    for part in raw_parts {
        counts.add(raw::counts(db, &part, step_ms).await?);
    }
    Ok(counts)
}

/// The scope's totals only (the previous period's): the raw parts are added up by the database.
pub(crate) async fn totals(db: &Db, scope: &Scope, step_ms: i64) -> Result<Totals, sqlx::Error> {
    let (mut counts, raw_parts) = split(db, scope, step_ms).await?;
    for part in raw_parts {
        counts.add_totals(raw::totals(db, &part).await?);
    }
    Ok(counts.totals)
}

/// The counted days' figures, and the parts of the scope left to read raw. Counted days answer for the
/// whole days of an unfiltered scope charted per day from a midnight.
async fn split(db: &Db, scope: &Scope, step_ms: i64) -> Result<(Counts, Vec<Scope>), sqlx::Error> {
    let whole_days = scope.filters.is_empty() && step_ms == DAY_MS && scope.from.rem_euclid(DAY_MS) == 0;
    if !whole_days {
        return Ok((Counts::default(), vec![scope.clone()]));
    }
    let (counts, counted_days) = rollup::stored(db, scope.from / DAY_MS, scope.to.div_euclid(DAY_MS)).await?;
    let mut raw_parts = Vec::new();
    let mut from = scope.from;
    for day in counted_days {
        let start = day * DAY_MS;
        if start > from {
            raw_parts.push(Scope { from, to: start, filters: Vec::new() });
        }
        from = start + DAY_MS;
    }
    if from < scope.to {
        raw_parts.push(Scope { from, to: scope.to, filters: Vec::new() });
    }
    Ok((counts, raw_parts))
}
