//! Crash groups and their occurrences in the database. A group keeps its counts; of its reports only the
//! newest `KEPT_PER_GROUP` are kept, so one crash repeated all day cannot fill the database.

use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use utoipa::ToSchema;

use crate::{
    db::{from_row, Db},
    db_filter::{contains_pattern, Filter, Value},
    paging::Paging,
    time::DAY_MS,
};

const KEPT_PER_GROUP: i64 = 100;

/// A report as stored, its fields already cut to size.
pub(crate) struct NewReport {
    pub user_id: Option<String>,
    /// The member's id, or the visitor's hash of the day: who counts as one affected user.
    pub reporter: String,
    pub message: String,
    pub stack: Option<String>,
    pub component_stack: Option<String>,
    pub url: String,
    pub user_agent: String,
    pub browser: String,
    pub lang: String,
    pub release: String,
    pub reported_at: String,
}

impl NewReport {
    /// What it weighs stored.
    pub(crate) fn bytes(&self) -> usize {
        let optional = |text: &Option<String>| text.as_ref().map_or(0, String::len);
        self.message.len()
            + optional(&self.stack)
            + optional(&self.component_stack)
            + self.url.len()
            + self.user_agent.len()
            + self.browser.len()
            + self.release.len()
            + self.reported_at.len()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum CrashStatus {
    New,
    Resolved,
    Ignored,
}

impl CrashStatus {
    pub(crate) fn code(self) -> &'static str {
        match self {
            CrashStatus::New => "new",
            CrashStatus::Resolved => "resolved",
            CrashStatus::Ignored => "ignored",
        }
    }

    fn parse(code: &str) -> Self {
        match code {
            "resolved" => CrashStatus::Resolved,
            "ignored" => CrashStatus::Ignored,
            _ => CrashStatus::New,
        }
    }
}

/// Whether a report of this fingerprint would start a new group.
pub(crate) async fn is_new_group(db: &Db, fingerprint: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM crash_groups WHERE fingerprint = $1")
        .bind(fingerprint)
        .fetch_optional(db)
        .await?;
    Ok(found.is_none())
}

/// Days whose dropped reports are kept: what the crash screen tells of.
const DROPS_KEPT_DAYS: i64 = 7;

/// Counts a report refused by a daily budget on `now`'s day, and forgets the days no one is told of.
pub(crate) async fn count_drop(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    let day = now.div_euclid(DAY_MS);
    sqlx::query(
        "INSERT INTO crash_drops (day, reports) VALUES ($1, 1)
         ON CONFLICT (day) DO UPDATE SET reports = crash_drops.reports + 1",
    )
    .bind(day)
    .execute(db)
    .await?;
    sqlx::query("DELETE FROM crash_drops WHERE day <= $1").bind(day - DROPS_KEPT_DAYS).execute(db).await?;
    Ok(())
}

/// Reports refused by the daily budgets over the last seven days, today included.
pub(crate) async fn dropped_this_week(db: &Db, now: i64) -> Result<i64, sqlx::Error> {
    let since = now.div_euclid(DAY_MS) - (DROPS_KEPT_DAYS - 1);
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(reports), 0) AS BIGINT) FROM crash_drops WHERE day >= $1")
        .bind(since)
        .fetch_one(db)
        .await
}

/// Adds the report to its group (made on its first report); a resolved group becomes new again.
pub(crate) async fn insert(db: &Db, fingerprint: &str, report: NewReport, now: i64) -> Result<(), sqlx::Error> {
    let mut tx = crate::db::begin(db).await?;
    let group: String = sqlx::query_scalar(
        "INSERT INTO crash_groups (id, fingerprint, message, status, first_seen, last_seen, occurrences, users)
         VALUES ($1, $2, $3, 'new', $4, $4, 1, 0)
         ON CONFLICT (fingerprint) DO UPDATE SET last_seen = $4, occurrences = crash_groups.occurrences + 1,
             status = CASE WHEN crash_groups.status = 'resolved' THEN 'new' ELSE crash_groups.status END
         RETURNING id",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(fingerprint)
    .bind(&report.message)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    count_reporter(&mut tx, &group, &report.reporter).await?;
    sqlx::query(
        "INSERT INTO crash_occurrences (id, group_id, created_at, user_id, message, stack, component_stack, url,
             user_agent, browser, lang, release, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(&group)
    .bind(now)
    .bind(report.user_id)
    .bind(report.message)
    .bind(report.stack)
    .bind(report.component_stack)
    .bind(report.url)
    .bind(report.user_agent)
    .bind(report.browser)
    .bind(report.lang)
    .bind(report.release)
    .bind(report.reported_at)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM crash_occurrences WHERE group_id = $1 AND id NOT IN
             (SELECT id FROM crash_occurrences WHERE group_id = $1 ORDER BY created_at DESC, id LIMIT $2)",
    )
    .bind(&group)
    .bind(KEPT_PER_GROUP)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

async fn count_reporter(tx: &mut Transaction<'_, Any>, group: &str, reporter: &str) -> Result<(), sqlx::Error> {
    let first_time = sqlx::query(
        "INSERT INTO crash_group_reporters (group_id, reporter) VALUES ($1, $2) ON CONFLICT (group_id, reporter) DO NOTHING",
    )
    .bind(group)
    .bind(reporter)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    sqlx::query("UPDATE crash_groups SET users = users + $2 WHERE id = $1")
        .bind(group)
        .bind(first_time as i64)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A group as the list shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CrashGroup {
    pub id: String,
    pub message: String,
    pub status: CrashStatus,
    pub occurrences: i64,
    /// Distinct members and visitors (a visitor counts once a day).
    pub users: i64,
    pub first_seen: i64,
    pub last_seen: i64,
    /// The browsers of its kept reports, most reports first.
    pub browsers: Vec<String>,
}

struct GroupRow {
    id: String,
    message: String,
    status: String,
    occurrences: i64,
    users: i64,
    first_seen: i64,
    last_seen: i64,
}
from_row!(GroupRow { id, message, status, occurrences, users, first_seen, last_seen });

const GROUP_COLUMNS: &str = "id, message, status, occurrences, users, first_seen, last_seen";

/// The groups of `status` (every status when `None`) whose message holds `search`, last seen first.
pub(crate) async fn page(
    db: &Db,
    status: Option<CrashStatus>,
    search: Option<&str>,
    paging: Paging,
) -> Result<(Vec<CrashGroup>, i64), sqlx::Error> {
    let mut filter = Filter::default();
    if let Some(status) = status {
        let placeholder = filter.bind(Value::Text(status.code().to_owned()));
        filter.and(format!("status = {placeholder}"));
    }
    if let Some(search) = search.map(str::trim).filter(|text| !text.is_empty()) {
        let (pattern, escape) = contains_pattern(&search.to_lowercase());
        let placeholder = filter.bind(Value::Text(pattern));
        filter.and(format!("LOWER(message) LIKE {placeholder}{escape}"));
    }
    let where_clause = filter.where_clause();
    let total: (i64,) = filter
        .apply(sqlx::query_as(&format!("SELECT COUNT(*) FROM crash_groups {where_clause}")))
        .fetch_one(db)
        .await?;
    let sql =
        format!("SELECT {GROUP_COLUMNS} FROM crash_groups {where_clause} ORDER BY last_seen DESC, id {}", paging.sql());
    let rows: Vec<GroupRow> = filter.apply(sqlx::query_as(&sql)).fetch_all(db).await?;
    let mut groups = Vec::with_capacity(rows.len());
    for row in rows {
        groups.push(with_browsers(db, row).await?);
    }
    Ok((groups, total.0))
}

async fn with_browsers(db: &Db, row: GroupRow) -> Result<CrashGroup, sqlx::Error> {
    let browsers = sqlx::query_scalar(
        "SELECT browser FROM crash_occurrences WHERE group_id = $1 AND browser <> ''
         GROUP BY browser ORDER BY COUNT(*) DESC, browser LIMIT 5",
    )
    .bind(&row.id)
    .fetch_all(db)
    .await?;
    Ok(CrashGroup {
        id: row.id,
        message: row.message,
        status: CrashStatus::parse(&row.status),
        occurrences: row.occurrences,
        users: row.users,
        first_seen: row.first_seen,
        last_seen: row.last_seen,
        browsers,
    })
}

pub(crate) async fn group(db: &Db, id: &str) -> Result<Option<CrashGroup>, sqlx::Error> {
    let row: Option<GroupRow> = sqlx::query_as(&format!("SELECT {GROUP_COLUMNS} FROM crash_groups WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?;
    match row {
        Some(row) => Ok(Some(with_browsers(db, row).await?)),
        None => Ok(None),
    }
}

/// One kept report of a group (its stacks are read for the newest only: `newest_stacks`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CrashOccurrence {
    pub id: String,
    pub created_at: i64,
    /// Empty for a visitor.
    pub user_id: Option<String>,
    pub message: String,
    pub url: String,
    pub user_agent: String,
    pub browser: String,
    pub lang: String,
    pub release: String,
}
from_row!(CrashOccurrence { id, created_at, user_id, message, url, user_agent, browser, lang, release });

/// The group's kept reports, newest first.
pub(crate) async fn occurrences(db: &Db, group: &str) -> Result<Vec<CrashOccurrence>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, created_at, user_id, message, url, user_agent, browser, lang, release
         FROM crash_occurrences WHERE group_id = $1 ORDER BY created_at DESC, id",
    )
    .bind(group)
    .fetch_all(db)
    .await
}

/// The newest report's stack and component stack.
pub(crate) async fn newest_stacks(db: &Db, group: &str) -> Result<(Option<String>, Option<String>), sqlx::Error> {
    let stacks = sqlx::query_as(
        "SELECT stack, component_stack FROM crash_occurrences WHERE group_id = $1 ORDER BY created_at DESC, id LIMIT 1",
    )
    .bind(group)
    .fetch_optional(db)
    .await?;
    Ok(stacks.unwrap_or_default())
}

/// Sets the groups' status; how many there were.
pub(crate) async fn set_status<'a>(
    db: &Db,
    ids: &'a [String],
    status: CrashStatus,
) -> Result<Vec<&'a String>, sqlx::Error> {
    let mut changed = Vec::new();
    for id in ids {
        let found = sqlx::query("UPDATE crash_groups SET status = $2 WHERE id = $1")
            .bind(id)
            .bind(status.code())
            .execute(db)
            .await?
            .rows_affected();
        if found > 0 {
            changed.push(id);
        }
    }
    Ok(changed)
}

/// Deletes the groups with their reports; answers those there were.
pub(crate) async fn delete<'a>(db: &Db, ids: &'a [String]) -> Result<Vec<&'a String>, sqlx::Error> {
    let mut tx = crate::db::begin(db).await?;
    let mut deleted = Vec::new();
    for id in ids {
        sqlx::query("DELETE FROM crash_occurrences WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM crash_group_reporters WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
        if sqlx::query("DELETE FROM crash_groups WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() > 0 {
            deleted.push(id);
        }
    }
    tx.commit().await?;
    Ok(deleted)
}

/// Deletes the groups last seen before `cutoff`, with their reports; answers how many groups went.
pub(crate) async fn forget_unseen_since(db: &Db, cutoff: i64) -> Result<u64, sqlx::Error> {
    let stale = "SELECT id FROM crash_groups WHERE last_seen < $1";
    let mut tx = crate::db::begin(db).await?;
    for table in ["crash_occurrences", "crash_group_reporters"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE group_id IN ({stale})")).bind(cutoff).execute(&mut *tx).await?;
    }
    let groups = sqlx::query("DELETE FROM crash_groups WHERE last_seen < $1").bind(cutoff).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(groups.rows_affected())
}

/// Groups waiting for an admin (status new), for the dashboard.
pub(crate) async fn unresolved(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM crash_groups WHERE status = 'new'").fetch_one(db).await
}
