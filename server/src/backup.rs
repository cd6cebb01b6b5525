//! `pointe-server backup --out FILE` and `pointe-server restore FILE [--force]`. Uploaded images are kept
//! in the database, so the database is the whole site.
//! - SQLite: `VACUUM INTO` writes a consistent copy while the site keeps taking writes (it reads one
//!   moment of the database, as any read does in WAL mode); restoring puts that copy in place of the
//!   database file, with the server stopped.
//! - PostgreSQL: `pg_dump` in its custom format (one consistent snapshot, online), restored with
//!   `pg_restore`; both must be on the PATH, of the server's major version or newer.

use std::{
    os::unix::fs::OpenOptionsExt,
    path::{Path, PathBuf},
};

use anyhow::{bail, Context};
use sqlx::Row;

use crate::db::{self, Db};

/// Writes a backup of the database at `database_url` to `out`, which must not exist yet.
pub async fn backup(database_url: &str, out: &Path) -> anyhow::Result<()> {
    // Made empty first, readable by its owner alone (it holds every account), before anything is in it.
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(out).map_err(|err| {
        if err.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!("{} exists: choose a new file, so that no backup is overwritten", out.display())
        } else {
            anyhow::Error::new(err).context(format!("cannot create {}", out.display()))
        }
    })?;
    let written = write_backup(database_url, out).await;
    if written.is_err() {
        let _ = std::fs::remove_file(out);
    }
    written
}

async fn write_backup(database_url: &str, out: &Path) -> anyhow::Result<()> {
    if !db::is_sqlite(database_url) {
        return run("pg_dump", &["--format=custom", "--no-owner", "--file", &text(out)?], database_url).await;
    }
    let pool = existing_sqlite(database_url).await?;
    sqlx::query("VACUUM INTO $1").bind(text(out)?).execute(&pool).await.context("cannot write the backup")?;
    pool.close().await;
    Ok(())
}

/// Puts the backup `file` in place of the database at `database_url`. A database that holds a site is
/// replaced only with `force`.
pub async fn restore(database_url: &str, file: &Path, force: bool) -> anyhow::Result<()> {
    if !file.is_file() {
        bail!("{} is not a file", file.display());
    }
    if !db::is_sqlite(database_url) {
        let target = db::connect(database_url).await?;
        let tables: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'")
                .fetch_one(&target)
                .await?;
        target.close().await;
        refuse_unless_forced(tables > 0, force, &db::redact(database_url))?;
        return run(
            "pg_restore",
            &["--clean", "--if-exists", "--no-owner", "--exit-on-error", &text(file)?],
            database_url,
        )
        .await;
    }
    // The backup must be a whole Pointe database before anything is replaced (read as it is: no WAL set-up).
    sqlx::any::install_default_drivers();
    let backup = sqlx::AnyPool::connect(&format!("sqlite://{}?mode=ro", text(file)?)).await?;
    check_is_site(&backup).await.with_context(|| format!("{} is not a backup of a Pointe database", file.display()))?;
    let intact: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&backup).await?;
    backup.close().await;
    if intact != "ok" {
        bail!("{} is damaged: {intact}", file.display());
    }
    let target = sqlite_path(database_url);
    refuse_unless_forced(target.exists() && holds_site(database_url).await, force, &target.display().to_string())?;
    // Copied beside it, then renamed over it: the database is never half written. The old write-ahead
    // log would be applied to the new file, so it goes too.
    let copy = target.with_extension("restoring");
    std::fs::copy(file, &copy).with_context(|| format!("cannot write {}", copy.display()))?;
    for stale in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{stale}", target.display()));
    }
    std::fs::rename(&copy, &target).with_context(|| format!("cannot replace {}", target.display()))?;
    Ok(())
}

fn refuse_unless_forced(holds_site: bool, force: bool, place: &str) -> anyhow::Result<()> {
    if holds_site && !force {
        bail!("the database at {place} is not empty: stop the server and restore with --force to replace it");
    }
    Ok(())
}

/// A pool on a SQLite database that exists (connecting would otherwise make an empty one) and is a site.
async fn existing_sqlite(database_url: &str) -> anyhow::Result<Db> {
    let path = sqlite_path(database_url);
    if !path.is_file() {
        bail!("there is no database at {}", path.display());
    }
    let pool = db::connect(database_url).await?;
    check_is_site(&pool).await.with_context(|| format!("{} is not a Pointe database", path.display()))?;
    Ok(pool)
}

async fn holds_site(database_url: &str) -> bool {
    match db::connect(database_url).await {
        Ok(pool) => {
            let found = check_is_site(&pool).await.is_ok();
            pool.close().await;
            found
        }
        Err(_) => false,
    }
}

/// Whether the database has had Pointe's migrations applied.
async fn check_is_site(pool: &Db) -> anyhow::Result<()> {
    let applied = sqlx::query("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(pool).await?.try_get::<i64, _>(0)?;
    if applied == 0 {
        bail!("no migrations were applied to it");
    }
    Ok(())
}

/// The file of a `sqlite:` URL.
fn sqlite_path(database_url: &str) -> PathBuf {
    let rest = database_url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    PathBuf::from(rest.split_once('?').map_or(rest, |(path, _)| path))
}

fn text(path: &Path) -> anyhow::Result<String> {
    path.to_str().map(str::to_owned).with_context(|| format!("{} is not a UTF-8 path", path.display()))
}

/// Runs a PostgreSQL tool on the database; its error output is the error. The password goes in the
/// tool's environment, not its arguments (which any user of the machine can list).
async fn run(tool: &'static str, args: &[&str], database_url: &str) -> anyhow::Result<()> {
    let mut url = url::Url::parse(database_url).context("DATABASE_URL is not a URL")?;
    let password =
        url.password().map(|password| percent_encoding::percent_decode_str(password).decode_utf8_lossy().into_owned());
    let _ = url.set_password(None);
    let mut command = std::process::Command::new(tool);
    command.args(args).arg("--dbname").arg(url.as_str());
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let output = tokio::task::spawn_blocking(move || command.output())
        .await?
        .with_context(|| format!("cannot run {tool}: install PostgreSQL's client tools (Debian: postgresql-client)"))?;
    if !output.status.success() {
        bail!("{tool} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(())
}
