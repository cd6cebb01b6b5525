//! The user groups of spec §3. Two are kept: VIP customers (by an admin, by hand) and newsletter
//! subscribers (by the member, on their account page). Two are computed from the dates, so they are
//! always right without a job: new users (joined within 30 days) and inactive users (no sign-in for more
//! than 90 days; one who never signed in counts from the day they joined).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ErrorCode, Text};
use crate::{
    db::Db,
    db_filter::{Filter, Value},
    time::DAY_MS,
};

pub(crate) const NEW_WITHIN_MS: i64 = 30 * DAY_MS;
pub(crate) const INACTIVE_AFTER_MS: i64 = 90 * DAY_MS;
pub(crate) const NOT_BY_HAND: Text = Text::new(ErrorCode::NotByHand, "This group cannot be changed by hand");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Group {
    Newsletter,
    Vip,
    New,
    Inactive,
}

impl Group {
    /// The key of a kept group's rows in `user_groups`; computed groups have none.
    pub(crate) fn stored_key(self) -> Option<&'static str> {
        match self {
            Self::Newsletter => Some("newsletter"),
            Self::Vip => Some("vip"),
            Self::New | Self::Inactive => None,
        }
    }

    /// Adds to `filter` the condition "user `u` is in this group at `now`".
    pub(crate) fn restrict(self, filter: &mut Filter, now: i64) {
        let condition = self.condition(filter, now);
        filter.and(condition);
    }

    /// The condition "user `u` is in this group at `now`", its values bound in `filter`.
    pub(crate) fn condition(self, filter: &mut Filter, now: i64) -> String {
        match self.stored_key() {
            Some(key) => {
                let key = filter.bind(Value::Text(key.to_owned()));
                format!("EXISTS (SELECT 1 FROM user_groups g WHERE g.user_id = u.id AND g.group_key = {key})")
            }
            None if self == Self::New => format!("u.created_at >= {}", filter.bind(Value::Int(now - NEW_WITHIN_MS))),
            None => format!(
                "COALESCE(u.last_login_at, u.created_at) < {}",
                filter.bind(Value::Int(now - INACTIVE_AFTER_MS))
            ),
        }
    }

    /// The computed groups a user with these dates is in.
    pub(crate) fn computed(created_at: i64, last_login_at: Option<i64>, now: i64) -> impl Iterator<Item = Group> {
        let new = created_at >= now - NEW_WITHIN_MS;
        let inactive = last_login_at.unwrap_or(created_at) < now - INACTIVE_AFTER_MS;
        [(new, Self::New), (inactive, Self::Inactive)].into_iter().filter_map(|(member, group)| member.then_some(group))
    }
}

/// Puts the users in a kept group (members already in it stay); returns how many joined.
pub(crate) async fn add(db: &Db, key: &str, user_ids: &[String], now: i64) -> Result<u64, sqlx::Error> {
    let mut added = 0;
    for user_id in user_ids {
        added += sqlx::query(
            "INSERT INTO user_groups (user_id, group_key, added_at) SELECT id, $2, $3 FROM users WHERE id = $1
             ON CONFLICT (user_id, group_key) DO NOTHING",
        )
        .bind(user_id)
        .bind(key)
        .bind(now)
        .execute(db)
        .await?
        .rows_affected();
    }
    Ok(added)
}

/// Takes the users out of a kept group; returns how many left.
pub(crate) async fn remove(db: &Db, key: &str, user_ids: &[String]) -> Result<u64, sqlx::Error> {
    let mut removed = 0;
    for user_id in user_ids {
        removed += sqlx::query("DELETE FROM user_groups WHERE user_id = $1 AND group_key = $2")
            .bind(user_id)
            .bind(key)
            .execute(db)
            .await?
            .rows_affected();
    }
    Ok(removed)
}

/// Whether the user is in the kept group.
pub(crate) async fn is_member(db: &Db, key: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM user_groups WHERE user_id = $1 AND group_key = $2")
        .bind(user_id)
        .bind(key)
        .fetch_one(db)
        .await?;
    Ok(count > 0)
}
