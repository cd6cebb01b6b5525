//! Each instance's cache figures and the hits and misses per minute, in the database.

use sqlx::{any::AnyRow, Row};

use crate::{
    caches::{CacheName, Figures},
    db::Db,
};

/// Saves this instance's figures (counters since it started).
pub(crate) async fn publish(
    db: &Db,
    instance: &str,
    now: i64,
    figures: &[(CacheName, Figures)],
) -> Result<(), sqlx::Error> {
    for (name, f) in figures {
        sqlx::query(
            "INSERT INTO cache_figures (instance, name, updated_at, hits, misses, miss_micros, evictions, entries, bytes)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (instance, name) DO UPDATE SET updated_at = excluded.updated_at, hits = excluded.hits,
                 misses = excluded.misses, miss_micros = excluded.miss_micros, evictions = excluded.evictions,
                 entries = excluded.entries, bytes = excluded.bytes",
        )
        .bind(instance)
        .bind(name.code())
        .bind(now)
        .bind(signed(f.hits))
        .bind(signed(f.misses))
        .bind(signed(f.miss_micros))
        .bind(signed(f.evictions))
        .bind(signed(f.entries))
        .bind(signed(f.bytes))
        .execute(db)
        .await?;
    }
    Ok(())
}

/// Adds hits and misses to this instance's count for `minute`.
pub(crate) async fn add_to_minute(
    db: &Db,
    instance: &str,
    minute: i64,
    name: CacheName,
    hits: u64,
    misses: u64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO cache_history (minute, instance, name, hits, misses) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (minute, instance, name) DO UPDATE
             SET hits = cache_history.hits + excluded.hits, misses = cache_history.misses + excluded.misses",
    )
    .bind(minute)
    .bind(instance)
    .bind(name.code())
    .bind(signed(hits))
    .bind(signed(misses))
    .execute(db)
    .await?;
    Ok(())
}

/// The figures other instances published since `since`.
pub(crate) async fn others(
    db: &Db,
    instance: &str,
    since: i64,
) -> Result<Vec<(String, CacheName, Figures)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT instance, name, hits, misses, miss_micros, evictions, entries, bytes FROM cache_figures
         WHERE instance <> $1 AND updated_at >= $2",
    )
    .bind(instance)
    .bind(since)
    .fetch_all(db)
    .await?;
    let mut found = Vec::new();
    for row in rows {
        let Some(name) = CacheName::from_code(row.try_get("name")?) else { continue };
        let figures = Figures {
            hits: count(&row, "hits")?,
            misses: count(&row, "misses")?,
            miss_micros: count(&row, "miss_micros")?,
            evictions: count(&row, "evictions")?,
            entries: count(&row, "entries")?,
            bytes: count(&row, "bytes")?,
        };
        found.push((row.try_get("instance")?, name, figures));
    }
    Ok(found)
}

/// Hits and misses per minute and cache since `since`, all instances together, oldest first.
pub(crate) async fn minutes(db: &Db, since: i64) -> Result<Vec<(i64, CacheName, u64, u64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT minute, name, CAST(SUM(hits) AS BIGINT) AS hits, CAST(SUM(misses) AS BIGINT) AS misses FROM cache_history
         WHERE minute >= $1 GROUP BY minute, name ORDER BY minute",
    )
    .bind(since)
    .fetch_all(db)
    .await?;
    let mut found = Vec::new();
    for row in rows {
        let Some(name) = CacheName::from_code(row.try_get("name")?) else { continue };
        let hits: i64 = row.try_get("hits")?;
        let misses: i64 = row.try_get("misses")?;
        found.push((
            row.try_get("minute")?,
            name,
            u64::try_from(hits).unwrap_or(0),
            u64::try_from(misses).unwrap_or(0),
        ));
    }
    Ok(found)
}

/// Drops minutes older than `history_before` and the figures of instances silent since `figures_before`.
pub(crate) async fn prune(db: &Db, history_before: i64, figures_before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM cache_history WHERE minute < $1").bind(history_before).execute(db).await?;
    sqlx::query("DELETE FROM cache_figures WHERE updated_at < $1").bind(figures_before).execute(db).await?;
    Ok(())
}

/// A count column (stored signed, as both databases store integers).
fn count(row: &AnyRow, column: &str) -> Result<u64, sqlx::Error> {
    Ok(u64::try_from(row.try_get::<i64, _>(column)?).unwrap_or(0))
}

fn signed(count: u64) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}
