//! Storage: one `sqlx::AnyPool` over SQLite (the embedded default) or PostgreSQL, with one portable
//! migration set (`$1` placeholders, text ids, integer epoch-ms times).

use std::{borrow::Cow, path::Path, time::Duration};

use anyhow::Context;
use sqlx::{
    any::AnyPoolOptions,
    migrate::{Migration, MigrationType, Migrator},
    AnyPool, Connection, Executor,
};

pub(crate) type Db = AnyPool;

/// `sqlx::FromRow` for a struct read from the columns named as its fields; the fields after `skip` take
/// their default. What sqlx's derive does, without its proc-macro, which builds a second copy of sqlx,
/// SQLite and tokio for the compiler: `from_row!(Row { id, name } skip { current });`.
macro_rules! from_row {
    ($name:ident { $($field:ident),* $(,)? } $(skip { $($skipped:ident),* $(,)? })?) => {
        impl sqlx::FromRow<'_, sqlx::any::AnyRow> for $name {
            fn from_row(row: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
                use sqlx::Row as _;
                Ok(Self { $($field: row.try_get(stringify!($field))?,)* $($($skipped: Default::default(),)*)? })
            }
        }
    };
}
pub(crate) use from_row;

/// The migrations, embedded so the binary needs no files beside it.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "catalogue", include_str!("../migrations/0001_catalogue.sql")),
    (2, "users", include_str!("../migrations/0002_users.sql")),
    (3, "accounts", include_str!("../migrations/0003_accounts.sql")),
    (4, "cleanup", include_str!("../migrations/0004_cleanup.sql")),
    (5, "content", include_str!("../migrations/0005_content.sql")),
    (6, "people", include_str!("../migrations/0006_people.sql")),
    (7, "assistant", include_str!("../migrations/0007_assistant.sql")),
    (8, "content_version", include_str!("../migrations/0008_content_version.sql")),
    (9, "caches", include_str!("../migrations/0009_caches.sql")),
    (10, "email_templates", include_str!("../migrations/0010_email_templates.sql")),
    (11, "member_mail", include_str!("../migrations/0011_member_mail.sql")),
    (12, "campaigns", include_str!("../migrations/0012_campaigns.sql")),
    (13, "mailbox", include_str!("../migrations/0013_mailbox.sql")),
    (14, "analytics", include_str!("../migrations/0014_analytics.sql")),
    (15, "crash_groups", include_str!("../migrations/0015_crash_groups.sql")),
    (16, "analytics_days", include_str!("../migrations/0016_analytics_days.sql")),
    (17, "session_tokens", include_str!("../migrations/0017_session_tokens.sql")),
    (18, "job_leases", include_str!("../migrations/0018_job_leases.sql")),
    (19, "product_fits", include_str!("../migrations/0019_product_fits.sql")),
    (20, "crash_drops", include_str!("../migrations/0020_crash_drops.sql")),
    (21, "model_families", include_str!("../migrations/0021_model_families.sql")),
    (22, "fit_profiles", include_str!("../migrations/0022_fit_profiles.sql")),
];

/// Whether `key` was marked done in `app_meta` (see `claim_once`).
pub(crate) async fn claimed<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    key: &str,
) -> Result<bool, sqlx::Error> {
    let value: Option<String> =
        sqlx::query_scalar("SELECT value FROM app_meta WHERE key = $1").bind(key).fetch_optional(db).await?;
    Ok(value.is_some())
}

/// Marks `key` as done in `app_meta` (e.g. a seed loaded); `false` when it was marked before, so a
/// one-time job runs once per database even with several instances starting together.
pub(crate) async fn claim_once(conn: &mut sqlx::AnyConnection, key: &str, now: i64) -> Result<bool, sqlx::Error> {
    let marked = sqlx::query("INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(key)
        .bind(now.to_string())
        .execute(conn)
        .await?;
    Ok(marked.rows_affected() > 0)
}

/// Takes (or renews) the lease on job `name` for `holder` until `now + ttl_ms`; `false` while another
/// holder's lease runs, so a periodic job runs on one instance of a cluster at a time.
pub(crate) async fn take_lease(db: &Db, name: &str, holder: &str, now: i64, ttl_ms: i64) -> Result<bool, sqlx::Error> {
    let taken: Option<String> = sqlx::query_scalar(
        "INSERT INTO job_leases (name, holder, until) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
         WHERE job_leases.until <= $4 OR job_leases.holder = $2
         RETURNING holder",
    )
    .bind(name)
    .bind(holder)
    .bind(now + ttl_ms)
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(taken.is_some())
}

/// Gives up every lease `holder` has (it is stopping): another instance may take the jobs at once.
pub(crate) async fn release_leases(db: &Db, holder: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM job_leases WHERE holder = $1").bind(holder).execute(db).await?;
    Ok(())
}

/// Whether `sql` (taking the id as `$1`) finds a row.
pub(crate) async fn exists(conn: &mut sqlx::AnyConnection, sql: &str, id: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(sql).bind(id).fetch_optional(conn).await?.is_some())
}

/// Begins a transaction that writes. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`): a
/// deferred transaction that reads and then writes fails with "database is locked" (SQLITE_BUSY_SNAPSHOT,
/// which the busy timeout does not wait out) when another connection wrote in between.
pub async fn begin(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    if db.connect_options().database_url.scheme() == "sqlite" {
        db.begin_with("BEGIN IMMEDIATE").await
    } else {
        #[allow(clippy::disallowed_methods)] // the one place that begins a transaction on PostgreSQL
        db.begin().await
    }
}

/// A write broke a unique key: e.g. two admins creating the same id at once.
pub(crate) fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|db| db.is_unique_violation())
}

pub(crate) fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Opens the pool. A SQLite file (and its folder) is created when missing and runs in WAL mode.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let url = if is_sqlite(url) { prepare_sqlite(url)? } else { url.to_owned() };
    let sqlite = is_sqlite(&url);
    AnyPoolOptions::new()
        .max_connections(if sqlite { 8 } else { 16 })
        .acquire_timeout(Duration::from_secs(5))
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                if sqlite {
                    conn.execute("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
                        .await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .with_context(|| format!("cannot open the database at {}", redact(&url)))
}

/// Adds `mode=rwc` (create when missing) and makes the parent folder of the database file.
fn prepare_sqlite(url: &str) -> anyhow::Result<String> {
    let (path, query) = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:").split_once('?').map_or_else(
        || (url.trim_start_matches("sqlite://").trim_start_matches("sqlite:"), None),
        |(p, q)| (p, Some(q)),
    );
    if !path.is_empty() && path != ":memory:" {
        if let Some(parent) = Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
    }
    Ok(match query {
        Some(q) if q.contains("mode=") => url.to_owned(),
        Some(q) => format!("sqlite://{path}?{q}&mode=rwc"),
        None => format!("sqlite://{path}?mode=rwc"),
    })
}

/// Hides a password in a connection URL before it is logged.
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => match url[scheme_end + 3..at].split_once(':') {
            Some((user, _)) => format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..]),
            None => url.to_owned(),
        },
        _ => url.to_owned(),
    }
}

pub(crate) async fn migrate(db: &Db) -> anyhow::Result<()> {
    let migrations = MIGRATIONS
        .iter()
        .map(|(version, name, sql)| {
            Migration::new(*version, Cow::Borrowed(*name), MigrationType::Simple, Cow::Borrowed(*sql), false)
        })
        .collect::<Vec<_>>();
    let migrator = Migrator { migrations: Cow::Owned(migrations), ..Migrator::DEFAULT };
    migrator.run(db).await.context("database migration failed")
}

/// True when the database answers a trivial query within two seconds.
pub(crate) async fn ping(db: &Db) -> bool {
    let check = async {
        let mut conn = db.acquire().await?;
        conn.ping().await
    };
    matches!(tokio::time::timeout(Duration::from_secs(2), check).await, Ok(Ok(())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_create_the_file() {
        assert_eq!(prepare_sqlite("sqlite::memory:").unwrap(), "sqlite://:memory:?mode=rwc");
        assert_eq!(prepare_sqlite("sqlite://x.db?mode=ro").unwrap(), "sqlite://x.db?mode=ro");
        assert_eq!(prepare_sqlite("sqlite://x.db?cache=shared").unwrap(), "sqlite://x.db?cache=shared&mode=rwc");
    }

    #[tokio::test]
    async fn a_transaction_that_reads_then_writes_waits_for_another_writer_rather_than_failing() {
        let dir = tempfile::tempdir().unwrap();
        let db = connect(&format!("sqlite://{}/t.db", dir.path().display())).await.unwrap();
        sqlx::query("CREATE TABLE t (n INTEGER)").execute(&db).await.unwrap();
        let mut tx = begin(&db).await.unwrap();
        sqlx::query("SELECT COUNT(*) FROM t").fetch_one(&mut *tx).await.unwrap();
        // Another connection writes between the read and the write: it waits for the lock.
        let other = tokio::spawn({
            let db = db.clone();
            async move { sqlx::query("INSERT INTO t (n) VALUES (2)").execute(&db).await }
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        sqlx::query("INSERT INTO t (n) VALUES (1)").execute(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        other.await.unwrap().unwrap();
        let order: Vec<i64> = sqlx::query_scalar("SELECT n FROM t ORDER BY rowid").fetch_all(&db).await.unwrap();
        assert_eq!(order, [1, 2]);
    }

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://h/db"), "postgres://h/db");
    }
}
