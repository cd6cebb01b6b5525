//! The outbox: queued messages and their delivery. Each message is claimed before it is sent, so
//! several instances can work one outbox; a failed delivery is retried later, waiting longer each time.

use super::{dkim::DkimSettings, settings::EmailSettings};
use super::{
    refusal::{is_permanent, is_provider_failure},
    templates::Rendered,
    transport::{Mailer, Queued},
};
use crate::{db::Db, text, AppState};

/// A claim on a message lasts this long; after it, another worker may try (the first one died).
const CLAIM_MS: i64 = 5 * 60_000;
const FIRST_RETRY_MS: i64 = 30_000;
const MAX_RETRY_MS: i64 = 60 * 60_000;
/// Deliveries tried before the message is given up (about a day of retries).
pub const MAX_ATTEMPTS: i64 = 10;
/// How much of the server's words the outbox keeps.
const MAX_ERROR_CHARS: usize = 1_000;

/// Queues `mail`; a list mail (one a member may leave) gives its unsubscribe address for the headers.
pub async fn enqueue(
    state: &AppState,
    recipient: &str,
    mail: &Rendered,
    list_unsubscribe: Option<&str>,
) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    sqlx::query(
        "INSERT INTO email_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at, list_unsubscribe)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(recipient)
    .bind(&mail.subject)
    .bind(&mail.text)
    .bind(&mail.html)
    .bind(now)
    .bind(list_unsubscribe)
    .execute(&state.db)
    .await?;
    Ok(())
}

async fn claim_next(state: &AppState, now: i64) -> Result<Option<Queued>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE email_outbox SET locked_until = $1
         WHERE id = (SELECT id FROM email_outbox
                     WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $2
                       AND (locked_until IS NULL OR locked_until <= $2)
                     ORDER BY created_at LIMIT 1)
           AND (locked_until IS NULL OR locked_until <= $2)
         RETURNING id, recipient, subject, text_body, html_body, attempts, list_unsubscribe",
    )
    .bind(now + CLAIM_MS)
    .bind(now)
    .fetch_optional(&state.db)
    .await
}

/// Refusals in a row, none delivered between them, after which the round ends as if the provider
/// failed: a server that refuses every message (its sender, say) in words that look like one recipient's.
const REFUSALS_IN_A_ROW: usize = 3;

/// Tries every message that is due (until the server stops); returns how many were delivered. A message
/// refused for good fails at once, one refused for now waits for its retry, and in both cases the next
/// message goes: one address the server refuses does not hold up everyone's sign-in codes. Only a
/// failure of the provider itself ends the round.
pub async fn deliver_due(state: &AppState, mailer: &Mailer) -> Result<usize, sqlx::Error> {
    let mut delivered = 0;
    let mut refused_in_a_row = 0;
    while !state.lifecycle.is_stopping() {
        let Some(message) = claim_next(state, state.clock.now_ms()).await? else { break };
        let outcome = mailer.send(&message).await;
        let now = state.clock.now_ms();
        match outcome {
            Ok(()) => {
                sqlx::query(
                    // The bodies go once delivered: they hold live sign-in codes and reset links.
                    "UPDATE email_outbox SET sent_at = $1, attempts = attempts + 1, locked_until = NULL,
                         text_body = '', html_body = '' WHERE id = $2",
                )
                .bind(now)
                .bind(&message.id)
                .execute(&state.db)
                .await?;
                delivered += 1;
                refused_in_a_row = 0;
            }
            Err(err) => {
                let attempts = message.attempts + 1;
                let wait = (FIRST_RETRY_MS << (attempts - 1).min(20)).min(MAX_RETRY_MS);
                let gave_up = (attempts >= MAX_ATTEMPTS || is_permanent(&err)).then_some(now);
                tracing::warn!(error = %format!("{err:#}"), attempts, given_up = gave_up.is_some(), "e-mail delivery failed");
                sqlx::query(
                    "UPDATE email_outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, failed_at = $4, locked_until = NULL,
                         text_body = CASE WHEN $4 IS NULL THEN text_body ELSE '' END,
                         html_body = CASE WHEN $4 IS NULL THEN html_body ELSE '' END
                     WHERE id = $5",
                )
                .bind(attempts)
                .bind(now + wait)
                .bind(text::cut(&format!("{err:#}"), MAX_ERROR_CHARS))
                .bind(gave_up)
                .bind(&message.id)
                .execute(&state.db)
                .await?;
                refused_in_a_row += 1;
                if is_provider_failure(&err) || refused_in_a_row >= REFUSALS_IN_A_ROW {
                    // The rest would fail alike: they are tried at their next turn.
                    break;
                }
            }
        }
    }
    Ok(delivered)
}

/// How recent a message waiting for a retry must be to count as delivery being behind: one address whose
/// server keeps refusing for hours says nothing about the mail of everyone else.
const BEHIND_WITHIN_MS: i64 = 15 * 60_000;

/// Whether delivery is behind: a recent message waits for a retry after a failed attempt (the mail server
/// is failing, or was until its retry). The sign-in steps then say that the code may be late.
/// Messages waiting to be sent, on every instance.
pub async fn queued_count(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE sent_at IS NULL AND failed_at IS NULL")
        .fetch_one(db)
        .await
}

/// Deletes the messages sent or given up before `until`; gives how many.
pub async fn forget_done_before(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM email_outbox WHERE sent_at < $1 OR failed_at < $1").bind(until).execute(db).await?;
    Ok(done.rows_affected())
}

pub async fn is_behind(state: &AppState) -> Result<bool, sqlx::Error> {
    let waiting: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT 1 FROM email_outbox
                               WHERE sent_at IS NULL AND failed_at IS NULL AND attempts > 0 AND created_at >= $1
                               LIMIT 1) AS waiting",
    )
    .bind(state.clock.now_ms() - BEHIND_WITHIN_MS)
    .fetch_one(&state.db)
    .await?;
    Ok(waiting > 0)
}

/// The background worker: delivers when woken by a new message, and every few seconds for retries,
/// with the provider in force at each round; it ends when the server stops, after the message in hand
/// (the rest stay queued for any instance).
pub fn spawn_worker(state: AppState, environment: Mailer) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut mailer = MailerInForce::new(environment);
        while !state.lifecycle.is_stopping() {
            match mailer.current(&state).await {
                Ok(mailer) => {
                    if let Err(err) = deliver_due(&state, mailer).await {
                        tracing::error!(error = %err, "the outbox could not be read");
                    }
                }
                Err(err) => tracing::error!(error = %format!("{err:#}"), "no e-mail provider to deliver with"),
            }
            tokio::select! {
                _ = tokio::time::timeout(std::time::Duration::from_secs(5), state.mail_ready.notified()) => {}
                () = state.lifecycle.stopped() => {}
            }
        }
    })
}

/// The provider in force: an admin's saved one, else the environment's, signing with the saved DKIM
/// key; rebuilt only when those settings change, so its SMTP connections are reused.
pub struct MailerInForce {
    environment: Mailer,
    built: Option<(BuiltFor, Mailer)>,
}

type BuiltFor = (Option<EmailSettings>, DkimSettings);

impl MailerInForce {
    pub fn new(environment: Mailer) -> Self {
        Self { environment, built: None }
    }

    pub async fn current(&mut self, state: &AppState) -> anyhow::Result<&Mailer> {
        let saved = state.settings.get::<Option<EmailSettings>>(&state.db).await?;
        let dkim = state.settings.get::<DkimSettings>(&state.db).await?;
        let wanted = (saved.as_ref().clone(), dkim.as_ref().clone());
        if self.built.as_ref().is_none_or(|(built_for, _)| *built_for != wanted) {
            let provider = match &wanted.0 {
                Some(settings) => Mailer::from_settings(settings, state.config.allow_private_hosts),
                None => Ok(self.environment.clone()),
            };
            self.built = match provider {
                Ok(mailer) => Some((wanted.clone(), mailer.signed_by(&wanted.1))),
                Err(err) => {
                    tracing::error!(error = %format!("{err:#}"), "the saved e-mail provider cannot be used");
                    None
                }
            };
        }
        self.built
            .as_ref()
            .map(|(_, mailer)| mailer)
            .ok_or_else(|| anyhow::anyhow!("the saved e-mail provider cannot be used"))
    }
}
