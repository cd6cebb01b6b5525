//! Which messages of which mailbox the checker has read, and for delivery reports how many campaign
//! recipients each marked bounced.

use std::collections::HashSet;

use crate::db::Db;

pub(crate) async fn seen(db: &Db, mailbox: &str) -> Result<HashSet<String>, sqlx::Error> {
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT uid FROM mailbox_seen WHERE mailbox = $1").bind(mailbox).fetch_all(db).await?;
    Ok(ids.into_iter().collect())
}

/// `Some` once a delivery report was read: the recipients it marked.
pub(crate) async fn bounces_recorded(db: &Db, mailbox: &str, uid: &str) -> Result<Option<u32>, sqlx::Error> {
    let marked: Option<Option<i64>> =
        sqlx::query_scalar("SELECT bounces FROM mailbox_seen WHERE mailbox = $1 AND uid = $2")
            .bind(mailbox)
            .bind(uid)
            .fetch_optional(db)
            .await?;
    Ok(marked.flatten().map(|marked| marked as u32))
}

pub(crate) async fn remember(
    db: &Db,
    mailbox: &str,
    uid: &str,
    bounces: Option<u32>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO mailbox_seen (mailbox, uid, bounces, seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (mailbox, uid) DO NOTHING",
    )
    .bind(mailbox)
    .bind(uid)
    .bind(bounces.map(i64::from))
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}
