//! Changes that could leave the site without an admin: demoting, disabling or deleting an admin runs
//! in a transaction that first locks every admin row, so two admins demoting each other at once
//! cannot both succeed (the second sees the first's change and is refused).

use crate::{
    access::{Role, UserRecord},
    db::Db,
    error::{ErrorCode, Text},
};

pub(crate) const OWN_ADMIN: Text = Text::new(ErrorCode::OwnAdmin, "You cannot remove your own admin access");
pub(crate) const OWN_ACCOUNT_DISABLE: Text =
    Text::new(ErrorCode::OwnAccountDisable, "You cannot disable your own account");
pub(crate) const OWN_ACCOUNT_DELETE: Text =
    Text::new(ErrorCode::OwnAccountDelete, "You cannot delete your own account");
pub(crate) const LAST_ADMIN_DEMOTE: Text = Text::new(ErrorCode::LastAdminDemote, "The last admin cannot be demoted");
pub(crate) const LAST_ADMIN_DELETE: Text = Text::new(ErrorCode::LastAdminDelete, "The last admin cannot be deleted");
pub(crate) const LAST_ADMIN_DISABLE: Text = Text::new(ErrorCode::LastAdminDisable, "The last admin cannot be disabled");

/// Why a change was not made.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// It would leave no enabled admin.
    #[error("{0}")]
    LastAdmin(Text),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

enum Change {
    Role(Role),
    Disable(i64),
    Delete,
}

/// Gives `user` the role (`admin` sets the admin flag, any other clears it).
pub(crate) async fn set_role(db: &Db, user: &UserRecord, role: Role) -> Result<(), Refused> {
    apply(db, user, Change::Role(role), LAST_ADMIN_DEMOTE).await
}

pub(crate) async fn disable(db: &Db, user: &UserRecord, now: i64) -> Result<(), Refused> {
    apply(db, user, Change::Disable(now), LAST_ADMIN_DISABLE).await
}

pub(crate) async fn delete(db: &Db, user: &UserRecord) -> Result<(), Refused> {
    apply(db, user, Change::Delete, LAST_ADMIN_DELETE).await
}

async fn apply(db: &Db, user: &UserRecord, change: Change, last_admin: Text) -> Result<(), Refused> {
    let takes_admin = match change {
        Change::Role(role) => role != Role::Admin,
        Change::Disable(_) | Change::Delete => true,
    };
    let mut tx = crate::db::begin(db).await?;
    if takes_admin && user.is_admin {
        // Touching the admin rows locks them (PostgreSQL) or takes the write lock (SQLite).
        sqlx::query("UPDATE users SET is_admin = is_admin WHERE is_admin = 1").execute(&mut *tx).await?;
        let others: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE is_admin = 1 AND disabled_at IS NULL AND id <> $1")
                .bind(&user.id)
                .fetch_one(&mut *tx)
                .await?;
        if others == 0 {
            return Err(Refused::LastAdmin(last_admin));
        }
    }
    let query = match change {
        Change::Role(role) => sqlx::query("UPDATE users SET role = $2, is_admin = $3 WHERE id = $1")
            .bind(&user.id)
            .bind(role.code())
            .bind(i64::from(role == Role::Admin)),
        Change::Disable(now) => sqlx::query("UPDATE users SET disabled_at = $2 WHERE id = $1").bind(&user.id).bind(now),
        Change::Delete => sqlx::query("DELETE FROM users WHERE id = $1").bind(&user.id),
    };
    query.execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
