//! Deletes rows that serve no more, every 15 minutes on one instance of the cluster (the one holding the
//! job's lease; another takes over when it stops):
//! - one-time codes and reset links a day after they expired: the day of grace keeps them for looking
//!   into a report ("my code did not work") while they can no longer be used;
//! - accepted bot-check solutions once their challenge has expired, as it is refused from then on anyway;
//! - rate-limit windows that have ended;
//! - sessions 30 days after they expired or were ended;
//! - audit log entries older than the retention the admin set (365 days by default);
//! - the assistant's request records and provider errors after 90 days;
//! - crashes not seen again for 90 days, with their reports;
//! - sent or given-up e-mails after 30 days (their bodies went when they were sent);
//! - analytics' raw page views, events and visits past the retention the admin set (400 days by default),
//!   once added up into daily totals.
//!
//! Each kind is deleted by the feature that owns its table.

use std::time::Duration;

use crate::{
    access::{audit, sessions},
    analytics, assistant, auth, botcheck, crash_reports, email, ratelimit,
    time::DAY_MS,
    AppState,
};

const EVERY: Duration = Duration::from_secs(15 * 60);
pub const CODE_GRACE_MS: i64 = DAY_MS;
pub const SESSION_KEEP_MS: i64 = 30 * DAY_MS;
pub const AI_RECORDS_KEEP_MS: i64 = 90 * DAY_MS;
pub const CRASH_KEEP_MS: i64 = 90 * DAY_MS;
pub const MAIL_KEEP_MS: i64 = 30 * DAY_MS;

/// How many rows one run deleted, per kind.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub codes: u64,
    pub reset_links: u64,
    pub bot_checks: u64,
    pub rate_limits: u64,
    pub sessions: u64,
    pub audit_entries: u64,
    pub ai_records: u64,
    pub crash_groups: u64,
    pub mails: u64,
    pub analytics_events: u64,
}

pub async fn run(state: &AppState) -> Result<Removed, sqlx::Error> {
    let now = state.clock.now_ms();
    let db = &state.db;
    let audit_keep_ms =
        i64::from(state.settings.get::<crate::audit::retention::AuditRetention>(db).await?.retention_days) * DAY_MS;
    let (codes, reset_links) = auth::forget_expired(db, now - CODE_GRACE_MS).await?;
    Ok(Removed {
        codes,
        reset_links,
        bot_checks: botcheck::forget_expired(db, now).await?,
        rate_limits: ratelimit::forget_ended(db, now).await?,
        sessions: sessions::forget_before(db, now - SESSION_KEEP_MS).await?,
        audit_entries: audit::forget_before(db, now - audit_keep_ms).await?,
        ai_records: assistant::monitoring::record::forget_before(db, now - AI_RECORDS_KEEP_MS).await?,
        crash_groups: crash_reports::forget_unseen_since(db, now - CRASH_KEEP_MS).await?,
        mails: email::outbox::forget_done_before(db, now - MAIL_KEEP_MS).await?,
        analytics_events: analytics::expire(state).await?,
    })
}

/// The job's lease lasts a little less than a round, so its holder renews it at each round, and another
/// instance takes over at most one round after the holder stopped.
const LEASE_MS: i64 = 14 * 60_000;

/// A run when this instance (`holder`) holds the job's lease, else `None`.
pub async fn run_if_leased(state: &AppState, holder: &str) -> Result<Option<Removed>, sqlx::Error> {
    if !crate::db::take_lease(&state.db, "cleanup", holder, state.clock.now_ms(), LEASE_MS).await? {
        return Ok(None);
    }
    run(state).await.map(Some)
}

/// The background job: a round at start, then one every 15 minutes.
pub(crate) fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let holder = state.lifecycle.id.clone();
        let mut ticks = tokio::time::interval(EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match run_if_leased(&state, &holder).await {
                Ok(Some(removed)) if removed != Removed::default() => tracing::info!(?removed, "deleted expired rows"),
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "the cleanup job failed"),
            }
        }
    })
}
