//! Backups taken while the site takes writes, restored into a fresh database: every table and a sample
//! of rows as they were; a database holding a site is replaced only with --force.

use crate::common::{each_backend, TestApp};
use pointe_server::testing::{backup, restore, Role};
use sqlx::{any::AnyRow, AnyPool, Row};

/// Every table of the database with its row count, by name.
async fn table_counts(pool: &AnyPool, sqlite: bool) -> Vec<(String, i64)> {
    let names: Vec<String> = if sqlite {
        sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    } else {
        sqlx::query_scalar(
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'\n             ORDER BY table_name",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    };
    let mut counts = Vec::new();
    for name in names {
        let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {name}")).fetch_one(pool).await.unwrap();
        counts.push((name, count));
    }
    counts
}

/// A sample of rows that must come back exactly: the accounts and the site's meta.
async fn sample(pool: &AnyPool) -> Vec<String> {
    let rows: Vec<AnyRow> = sqlx::query("SELECT id, username, email, password_hash, role FROM users ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap();
    rows.iter().map(|row| (0..5).map(|i| row.try_get::<String, _>(i).unwrap()).collect::<Vec<_>>().join("|")).collect()
}

/// A database to restore into: a new SQLite file beside the app's, or a new PostgreSQL database.
async fn fresh_target(app: &TestApp) -> (String, Option<crate::common::PostgresDatabase>) {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) if !app.database_url.starts_with("sqlite:") => {
            let database = crate::common::PostgresDatabase::create(&admin_url).await;
            (database.url.clone(), Some(database))
        }
        _ => {
            let path = app.dir.path().join("restored.db");
            (format!("sqlite://{}", path.display()), None)
        }
    }
}

#[tokio::test]
async fn a_backup_taken_during_writes_restores_every_table_and_its_rows() {
    each_backend(async |app| {
        let sqlite = app.database_url.starts_with("sqlite:");
        for n in 0..5 {
            app.user_with_role(&format!("dancer{n}"), Role::User).await;
        }
        // Writes go on while the backup is taken: one audit row after another, each committed on its own.
        let db = app.state.db.clone();
        let writer = tokio::spawn(async move {
            for n in 0..400_i64 {
                sqlx::query(
                    "INSERT INTO audit_log (id, created_at, action, resource_type, ip, user_agent) VALUES ($1, $2, 'update', 'brand', '', '')",
                )
                .bind(format!("{n:05}"))
                .bind(n)
                .execute(&db)
                .await
                .unwrap();
            }
        });
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let file = app.dir.path().join("site.backup");
        backup(&app.database_url, &file).await.unwrap();
        writer.await.unwrap();
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "readable by its owner alone");
        assert!(
            backup(&app.database_url, &file).await.unwrap_err().to_string().contains("exists"),
            "a backup never overwrites a file"
        );

        let (target, _database) = fresh_target(app).await;
        restore(&target, &file, false).await.unwrap();
        let restored = pointe_server::testing::connect(&target).await.unwrap();
        let source = &app.state.db;

        // The written table holds a moment of the writes: rows 0..k, none missing, none half there.
        let audit: Vec<String> =
            sqlx::query_scalar("SELECT id FROM audit_log ORDER BY id").fetch_all(&restored).await.unwrap();
        let expected: Vec<String> = (0..audit.len()).map(|n| format!("{n:05}")).collect();
        assert_eq!(audit, expected, "a consistent moment of the writes");
        // Every other table as the site has it (nothing else was written).
        let without_audit = |counts: Vec<(String, i64)>| -> Vec<(String, i64)> {
            counts.into_iter().filter(|(name, _)| name != "audit_log").collect()
        };
        assert_eq!(without_audit(table_counts(&restored, sqlite).await), without_audit(table_counts(source, sqlite).await));
        assert!(table_counts(source, sqlite).await.iter().any(|(name, count)| name == "brands" && *count == 7));
        assert_eq!(sample(&restored).await, sample(source).await);
        restored.close().await;

        // The restored database holds a site now: replaced again only when forced.
        let refused = restore(&target, &file, false).await.unwrap_err().to_string();
        assert!(refused.contains("--force"), "{refused}");
        restore(&target, &file, true).await.unwrap();
    })
    .await;
}
