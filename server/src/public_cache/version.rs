//! The content version in the database, shared by every instance.

use crate::db::Db;

pub(crate) async fn read(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT version FROM content_version WHERE id = 1").fetch_one(db).await
}

/// Moves the version on and returns the new one.
pub(crate) async fn bump(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("UPDATE content_version SET version = version + 1 WHERE id = 1 RETURNING version")
        .fetch_one(db)
        .await
}
