//! Changes that could leave the site without an admin: demoting, disabling or deleting an admin runs
//! in a transaction that first locks every admin row, so two admins demoting each other at once
//! cannot both succeed (the second sees the first's change and is refused).

use crate::{
    db::Db,
    error::{ApiError, ApiResult},
    users::UserRecord,
};

pub const OWN_ADMIN: &str = "You cannot remove your own admin access";
pub const OWN_ACCOUNT_DISABLE: &str = "You cannot disable your own account";
pub const OWN_ACCOUNT_DELETE: &str = "You cannot delete your own account";
pub const LAST_ADMIN_DEMOTE: &str = "The last admin cannot be demoted";
pub const LAST_ADMIN_DELETE: &str = "The last admin cannot be deleted";
pub const LAST_ADMIN_DISABLE: &str = "The last admin cannot be disabled";

enum Change<'a> {
    Role(&'a str),
    Disable(i64),
    Delete,
}

/// Gives `user` the role (`admin` sets the admin flag, any other clears it).
pub async fn set_role(db: &Db, user: &UserRecord, role: &str) -> ApiResult<()> {
    apply(db, user, Change::Role(role), LAST_ADMIN_DEMOTE).await
}

pub async fn disable(db: &Db, user: &UserRecord, now: i64) -> ApiResult<()> {
    apply(db, user, Change::Disable(now), LAST_ADMIN_DISABLE).await
}

pub async fn delete(db: &Db, user: &UserRecord) -> ApiResult<()> {
    apply(db, user, Change::Delete, LAST_ADMIN_DELETE).await
}

async fn apply(db: &Db, user: &UserRecord, change: Change<'_>, last_admin: &'static str) -> ApiResult<()> {
    let takes_admin = match change {
        Change::Role(role) => role != "admin",
        Change::Disable(_) | Change::Delete => true,
    };
    let mut tx = db.begin().await?;
    if takes_admin && user.is_admin != 0 {
        // Touching the admin rows locks them (PostgreSQL) or takes the write lock (SQLite).
        sqlx::query("UPDATE users SET is_admin = is_admin WHERE is_admin = 1").execute(&mut *tx).await?;
        let others: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE is_admin = 1 AND disabled_at IS NULL AND id <> $1")
                .bind(&user.id)
                .fetch_one(&mut *tx)
                .await?;
        if others == 0 {
            return Err(ApiError::BadRequest(last_admin.to_owned()));
        }
    }
    let query = match change {
        Change::Role(role) => sqlx::query("UPDATE users SET role = $2, is_admin = $3 WHERE id = $1")
            .bind(&user.id)
            .bind(role)
            .bind(i64::from(role == "admin")),
        Change::Disable(now) => sqlx::query("UPDATE users SET disabled_at = $2 WHERE id = $1").bind(&user.id).bind(now),
        Change::Delete => sqlx::query("DELETE FROM users WHERE id = $1").bind(&user.id),
    };
    query.execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
