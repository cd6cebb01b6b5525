//! A bounce reported by the mailbox (newsletter/mailbox/) recorded on the campaign recipient it is
//! about. Anyone can write to the mailbox, so a report counts only when the message it returns is one a
//! campaign sent (by its Message-ID, which no one outside could guess) and the address it says failed is
//! that message's recipient. A hard bounce also stops every later campaign reaching the address, until
//! the member subscribes again or an admin lifts it (the suppressions, newsletter/suppressions/).

use std::collections::HashMap;

use crate::{db::Db, users::mailing};

pub(crate) struct BounceNotice<'a> {
    /// The returned message's Message-ID, without angle brackets.
    pub message_id: Option<&'a str>,
    pub email: &'a str,
    /// The remote server's answer.
    pub reason: &'a str,
    /// A permanent failure (5.x.x).
    pub hard: bool,
}

/// `false` when the report names no message a campaign sent to that address.
pub(crate) async fn record_bounce(db: &Db, notice: &BounceNotice<'_>, now: i64) -> Result<bool, sqlx::Error> {
    let Some(message_id) = notice.message_id else { return Ok(false) };
    let found: Option<(String, String, String)> =
        sqlx::query_as("SELECT campaign_id, user_id, email FROM campaign_recipients WHERE message_id = $1")
            .bind(format!("<{message_id}>"))
            .fetch_optional(db)
            .await?;
    let Some((campaign_id, user_id, email)) = found else { return Ok(false) };
    if !email.trim().eq_ignore_ascii_case(notice.email.trim()) {
        return Ok(false);
    }
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

/// A member's latest bounce: the remote server's words and the campaign it came back from.
pub(crate) struct LastBounce {
    pub reason: Option<String>,
    pub campaign_name: String,
}

/// The latest bounce of each of `user_ids` that has one (a page of the suppression list: one query).
pub(crate) async fn last_bounces(db: &Db, user_ids: &[String]) -> Result<HashMap<String, LastBounce>, sqlx::Error> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let placeholders: Vec<String> = (1..=user_ids.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT r.user_id, r.error, c.name FROM campaign_recipients r JOIN email_campaigns c ON c.id = r.campaign_id
         WHERE r.status = 'bounced' AND r.user_id IN ({}) ORDER BY r.sent_at",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, (String, Option<String>, String)>(&sql);
    for id in user_ids {
        query = query.bind(id);
    }
    // Oldest first: each member's latest bounce is the last one kept.
    Ok(query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(user_id, reason, campaign_name)| (user_id, LastBounce { reason, campaign_name }))
        .collect())
}
