//! A member's choice about list mail: consent to newsletters and offers (the newsletter group, chosen at
//! sign-up or in the account) and a full stop asked for from an e-mail's unsubscribe link.

use super::groups;
use crate::db::Db;

const NEWSLETTER: &str = "newsletter";

/// Whether the member has consented to newsletters and offers.
pub async fn subscribed(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    groups::is_member(db, NEWSLETTER, user_id).await
}

/// Gives or takes back consent. Giving it also lifts an earlier unsubscribe: the member asked again.
pub async fn set_subscribed(db: &Db, user_id: &str, subscribe: bool, now: i64) -> Result<(), sqlx::Error> {
    let ids = [user_id.to_owned()];
    if subscribe {
        sqlx::query("UPDATE users SET unsubscribed_at = NULL WHERE id = $1").bind(user_id).execute(db).await?;
        groups::add(db, NEWSLETTER, &ids, now).await?;
    } else {
        groups::remove(db, NEWSLETTER, &ids).await?;
    }
    Ok(())
}

/// No more list mail of any kind. `false` when there is no such member.
pub async fn unsubscribe(db: &Db, user_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let found = sqlx::query("UPDATE users SET unsubscribed_at = COALESCE(unsubscribed_at, $2) WHERE id = $1")
        .bind(user_id)
        .bind(now)
        .execute(db)
        .await?
        .rows_affected()
        > 0;
    if found {
        set_subscribed(db, user_id, false, now).await?;
    }
    Ok(found)
}

/// Whether the member asked for no more list mail (and has not subscribed again since).
pub async fn unsubscribed(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT unsubscribed_at FROM users WHERE id = $1").bind(user_id).fetch_optional(db).await?;
    Ok(at.flatten().is_some())
}
