//! The mailbox checker (started with every instance; each round is done by the instance that takes its
//! lease, `db::take_lease`): every `checkEveryMinutes` it reads the header of each message it has not
//! seen, and each delivery report whole, marking the campaign recipients it names bounced, and carries
//! out unsubscribe requests written to the `mailto:` of a campaign's `List-Unsubscribe`. Each message is
//! read once (the `mailbox_seen` table); were two instances to check at once, they would record the same
//! bounce twice, which changes nothing.

use std::time::Duration;

use super::{
    bounces,
    headers::Header,
    pop3::{Pop3Error, Session},
    settings::{open_session, MailboxSettings},
    store,
};
use crate::{
    newsletter::{campaigns, unsubscribe},
    AppState,
};

/// How often the checker looks whether a check is due (the interval itself is the admin's).
const TICK: Duration = Duration::from_secs(30);

pub(crate) fn spawn(state: AppState) {
    tokio::spawn(async move {
        let holder = state.lifecycle.id.clone();
        let mut last_check: Option<i64> = None;
        loop {
            tokio::time::sleep(TICK).await;
            let settings = match state.settings.get::<MailboxSettings>(&state.db).await {
                Ok(settings) => settings,
                Err(err) => {
                    tracing::warn!(error = %err, "mailbox settings do not read");
                    continue;
                }
            };
            let now = state.clock.now_ms();
            let due = last_check.is_none_or(|at| now - at >= i64::from(settings.check_every_minutes) * 60_000);
            if settings.is_set() && due {
                last_check = Some(now);
                // One instance of the cluster checks each round: the one that takes the round's lease.
                let round_ms = i64::from(settings.check_every_minutes) * 60_000 - 5_000;
                match crate::db::take_lease(&state.db, "mailbox-check", &holder, now, round_ms).await {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(err) => {
                        tracing::warn!(error = %err, "the mailbox check's lease does not read");
                        continue;
                    }
                }
                if let Err(err) = check(&state, &settings).await {
                    tracing::warn!(error = %format!("{err:#}"), "the mailbox check failed");
                }
            }
        }
    });
}

/// One check of every message not seen before.
pub(crate) async fn check(state: &AppState, settings: &MailboxSettings) -> anyhow::Result<()> {
    let mut session = open_session(state, settings).await?;
    let mailbox = settings.label();
    let seen = store::seen(&state.db, &mailbox).await?;
    for (number, id) in session.unique_ids().await? {
        if seen.contains(&id) {
            continue;
        }
        let raw = session.header(number).await?;
        let header = Header::parse(&raw);
        let settled = match &header {
            Some(header) => settle(state, settings, &mut session, (number, &id), header).await?,
            None => None,
        };
        if settled.is_none() {
            store::remember(&state.db, &mailbox, &id, None, state.clock.now_ms()).await?;
        }
    }
    session.quit().await?;
    Ok(())
}

/// For a delivery report: the recipients it marked bounced, read and recorded the first time it is
/// seen; `None` for any other message. An unsubscribe request by mail is carried out (again harmlessly).
pub(crate) async fn settle(
    state: &AppState,
    settings: &MailboxSettings,
    session: &mut Session,
    (number, id): (u32, &str),
    header: &Header<'_>,
) -> anyhow::Result<Option<u32>> {
    if let Some(token) = unsubscribe::requested_by_mail(&header.subject()) {
        unsubscribe::unsubscribe_by_mail(state, token).await?;
    }
    if !header.is_delivery_report() {
        return Ok(None);
    }
    let mailbox = settings.label();
    if let Some(marked) = store::bounces_recorded(&state.db, &mailbox, id).await? {
        return Ok(Some(marked));
    }
    let raw = session.message(number).await.map_err(anyhow::Error::new::<Pop3Error>)?;
    let now = state.clock.now_ms();
    let mut marked = 0;
    for bounce in bounces::read(&raw) {
        let notice = campaigns::BounceNotice {
            message_id: bounce.message_id.as_deref(),
            email: &bounce.recipient,
            reason: &bounce.reason,
            hard: bounce.is_hard(),
        };
        if campaigns::record_bounce(&state.db, &notice, now).await? {
            marked += 1;
        }
    }
    store::remember(&state.db, &mailbox, id, Some(marked), now).await?;
    Ok(Some(marked))
}
