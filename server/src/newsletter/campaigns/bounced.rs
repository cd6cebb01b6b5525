//! A bounce reported by the mailbox (newsletter/mailbox/) recorded on the campaign recipient it is
//! about: found by the returned message's Message-ID, else by the address's latest sent campaign
//! message. A hard bounce also stops every later campaign reaching the address.

use crate::{db::Db, users::mailing};

pub struct BounceNotice<'a> {
    /// The returned message's Message-ID, without angle brackets.
    pub message_id: Option<&'a str>,
    pub email: &'a str,
    /// The remote server's answer.
    pub reason: &'a str,
    /// A permanent failure (5.x.x).
    pub hard: bool,
}

/// `false` when no campaign recipient matches.
pub async fn record_bounce(db: &Db, notice: &BounceNotice<'_>, now: i64) -> Result<bool, sqlx::Error> {
    let by_message = match notice.message_id {
        Some(id) => {
            sqlx::query_as("SELECT campaign_id, user_id FROM campaign_recipients WHERE message_id = $1")
                .bind(format!("<{id}>"))
                .fetch_optional(db)
                .await?
        }
        None => None,
    };
    let found: Option<(String, String)> = match by_message {
        Some(found) => Some(found),
        None => {
            sqlx::query_as(
                "SELECT campaign_id, user_id FROM campaign_recipients
                 WHERE lower(email) = lower($1) AND sent_at IS NOT NULL ORDER BY sent_at DESC LIMIT 1",
            )
            .bind(notice.email)
            .fetch_optional(db)
            .await?
        }
    };
    let Some((campaign_id, user_id)) = found else { return Ok(false) };
    let reason: String = notice.reason.chars().take(500).collect();
    sqlx::query(
        "UPDATE campaign_recipients SET status = 'bounced', error = $3 WHERE campaign_id = $1 AND user_id = $2",
    )
    .bind(&campaign_id)
    .bind(&user_id)
    .bind(reason)
    .execute(db)
    .await?;
    if notice.hard {
        mailing::mark_bounced(db, &user_id, now).await?;
    }
    Ok(true)
}
