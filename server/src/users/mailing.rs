//! A member's choice about list mail: consent to newsletters and offers (the newsletter group, chosen at
//! sign-up or in the account) and a full stop asked for from an e-mail's unsubscribe link.

use super::groups::{self, Group};
use crate::{
    db::{from_row, Db},
    db_filter::{Filter, Value},
    lang::Lang,
    paging::Paging,
};

const NEWSLETTER: &str = "newsletter";

/// Whether the member has consented to newsletters and offers.
pub(crate) async fn subscribed(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    groups::is_member(db, NEWSLETTER, user_id).await
}

/// Gives or takes back consent. Giving it also lifts an earlier unsubscribe and a suppression after a
/// bounce: the member asked again, from an address she says works.
pub(crate) async fn set_subscribed(db: &Db, user_id: &str, subscribe: bool, now: i64) -> Result<(), sqlx::Error> {
    let ids = [user_id.to_owned()];
    if subscribe {
        sqlx::query("UPDATE users SET unsubscribed_at = NULL, bounced_at = NULL WHERE id = $1")
            .bind(user_id)
            .execute(db)
            .await?;
        groups::add(db, NEWSLETTER, &ids, now).await?;
    } else {
        groups::remove(db, NEWSLETTER, &ids).await?;
    }
    Ok(())
}

/// No more list mail of any kind. `false` when there is no such member.
pub(crate) async fn unsubscribe(db: &Db, user_id: &str, now: i64) -> Result<bool, sqlx::Error> {
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

/// A hard bounce: the member's address does not exist, so no campaign reaches it (shown on the user).
pub(crate) async fn mark_bounced(db: &Db, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET bounced_at = COALESCE(bounced_at, $2) WHERE id = $1")
        .bind(user_id)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// A member no campaign reaches since her address bounced for good.
pub(crate) struct Suppressed {
    pub id: String,
    pub username: String,
    pub email: String,
    pub bounced_at: i64,
}
from_row!(Suppressed { id, username, email, bounced_at });

/// The suppressed members, the latest bounce first, and how many there are.
pub(crate) async fn suppressed(db: &Db, paging: Paging) -> Result<(Vec<Suppressed>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "SELECT id, username, email, bounced_at FROM users WHERE bounced_at IS NOT NULL
         ORDER BY bounced_at DESC, id {}",
        paging.sql()
    ))
    .fetch_all(db)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE bounced_at IS NOT NULL").fetch_one(db).await?;
    Ok((rows, total))
}

/// Campaigns reach the member again. `false` when she was not suppressed.
pub(crate) async fn lift_suppression(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    let lifted = sqlx::query("UPDATE users SET bounced_at = NULL WHERE id = $1 AND bounced_at IS NOT NULL")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(lifted.rows_affected() > 0)
}

/// Whether the member asked for no more list mail (and has not subscribed again since).
pub(crate) async fn unsubscribed(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT unsubscribed_at FROM users WHERE id = $1").bind(user_id).fetch_optional(db).await?;
    Ok(at.flatten().is_some())
}

/// Who a list mail may reach: members with a verified address, not disabled, not unsubscribed and not
/// hard-bounced, whose language is one of `languages`, in any of `groups` (everyone when empty), and,
/// for newsletters and offers, who consented.
pub(crate) struct ListAudience<'a> {
    pub groups: &'a [Group],
    pub languages: &'a [Lang],
    pub needs_consent: bool,
}

impl ListAudience<'_> {
    /// `SELECT id, email, username, language FROM …` the audience at `now`, its values bound in `filter`.
    pub(crate) fn select(&self, filter: &mut Filter, now: i64) -> String {
        let mut conditions = vec![
            "u.email_verified = 1 AND u.disabled_at IS NULL AND u.unsubscribed_at IS NULL AND u.bounced_at IS NULL"
                .to_owned(),
        ];
        let languages: Vec<String> =
            self.languages.iter().map(|lang| filter.bind(Value::Text(lang.code().to_owned()))).collect();
        conditions.push(match languages.is_empty() {
            true => "1 = 0".to_owned(),
            false => format!("u.language IN ({})", languages.join(", ")),
        });
        if !self.groups.is_empty() {
            let any: Vec<String> = self.groups.iter().map(|group| group.condition(filter, now)).collect();
            conditions.push(format!("({})", any.join(" OR ")));
        }
        if self.needs_consent {
            conditions.push(Group::Newsletter.condition(filter, now));
        }
        format!("SELECT u.id, u.email, u.username, u.language FROM users u WHERE {}", conditions.join(" AND "))
    }

    /// How many members it reaches at `now`.
    pub(crate) async fn count(&self, db: &Db, now: i64) -> Result<i64, sqlx::Error> {
        let mut filter = Filter::default();
        let select = self.select(&mut filter, now);
        let (count,): (i64,) =
            filter.apply(sqlx::query_as(&format!("SELECT COUNT(*) FROM ({select}) audience"))).fetch_one(db).await?;
        Ok(count)
    }
}
