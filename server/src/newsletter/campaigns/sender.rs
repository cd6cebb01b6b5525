//! The campaign sender: one per instance, started with the server. Each round it starts the campaigns
//! whose time has come, then for each campaign under way claims a batch of recipients (`queue`) and
//! sends them at the configured pace, a few at a time, through the provider in force; a campaign with
//! nobody left to try is marked sent. A recipient is marked sent only once the mail server accepted the
//! message, so after a crash only the messages in flight (at most the concurrency) can go twice.

use std::{
    collections::{BTreeMap, HashMap},
    sync::Mutex,
    time::Duration,
};

use futures_util::{stream, StreamExt};
use tokio::time::Instant;

use super::{
    message::{self, Prepared, RecipientValues},
    model::Move,
    queue::{self, Claimed, LEASE_MS},
    service,
    settings::SendingSettings,
    store, tracking,
};
use crate::{
    db,
    email::{self, Mailer, MailerInForce, Queued},
    error::ApiError,
    lang::Lang,
    newsletter::unsubscribe,
    AppState,
};

/// A batch holds about this many seconds of sending, well within its lease.
const BATCH_SECONDS: u32 = 5;
const BATCH_MAX: u32 = 500;
/// A message not begun this long after its claim is given back (the lease must not run out under it).
const BATCH_DEADLINE: Duration = Duration::from_millis((LEASE_MS - 10_000) as u64);
/// The longest wait between rounds: scheduled starts and retries are seen within it.
const IDLE_WAIT: Duration = Duration::from_secs(1);

/// The sender's task; it ends when the server stops, giving back the recipients it claimed and had not
/// begun, so another instance sends them at once.
pub(crate) fn spawn(state: AppState, environment: Mailer) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut sender = Sender::new(environment);
        while !state.lifecycle.is_stopping() {
            let sent = match sender.round(&state).await {
                Ok(sent) => sent,
                Err(err) => {
                    tracing::error!(error = %format!("{err:#}"), "the campaign sender's round failed");
                    0
                }
            };
            if sent == 0 {
                tokio::select! {
                    _ = tokio::time::timeout(IDLE_WAIT, state.campaigns_ready.notified()) => {}
                    () = state.lifecycle.stopped() => {}
                }
            }
        }
    })
}

/// Sends rounds until one sends nothing (and so has marked finished campaigns sent); returns the
/// messages sent. For tests, which move the clock by hand.
pub async fn drain(state: &AppState, environment: Mailer) -> anyhow::Result<usize> {
    let mut sender = Sender::new(environment);
    let mut total = 0;
    loop {
        match sender.round(state).await? {
            0 => return Ok(total),
            sent => total += sent,
        }
    }
}

struct Sender {
    mailer: MailerInForce,
    /// Each campaign under way, its messages rendered once per language.
    prepared: HashMap<String, PreparedCampaign>,
    /// One pace for all of this instance's campaigns.
    pacer: Pacer,
}

struct PreparedCampaign {
    messages: BTreeMap<Lang, Prepared>,
    tracked: bool,
}

impl Sender {
    fn new(environment: Mailer) -> Self {
        // The pace is set from the settings at the first batch.
        Self { mailer: MailerInForce::new(environment), prepared: HashMap::new(), pacer: Pacer::new(1) }
    }

    /// Starts what is due and sends one batch of each campaign under way; returns the messages sent.
    async fn round(&mut self, state: &AppState) -> anyhow::Result<usize> {
        start_due(state).await?;
        let campaigns = store::under_way(&state.db).await?;
        self.prepared.retain(|id, _| campaigns.contains(id));
        let mut sent = 0;
        for campaign in campaigns {
            sent += self.send_batch(state, &campaign).await?;
        }
        Ok(sent)
    }

    async fn send_batch(&mut self, state: &AppState, campaign: &str) -> anyhow::Result<usize> {
        let settings = state.settings.get::<SendingSettings>(&state.db).await?;
        let limit = (settings.rate_per_second * BATCH_SECONDS).clamp(settings.concurrency, BATCH_MAX);
        let postgres = !db::is_sqlite(&state.config.database_url);
        let batch = queue::claim(&state.db, postgres, campaign, i64::from(limit), state.clock.now_ms()).await?;
        if batch.is_empty() {
            if queue::remaining(&state.db, campaign).await? == 0 {
                finish(state, campaign).await?;
            }
            return Ok(0);
        }
        let claimed_at = Instant::now();
        if !self.prepared.contains_key(campaign) {
            let Some(sending) = store::sending(&state.db, campaign).await? else { return Ok(0) };
            let site = service::site_values(state, sending.content.keys().copied()).await.map_err(api_error)?;
            let messages = message::prepare_all(&sending.content, &site, sending.tracked, &mut Vec::new());
            self.prepared.insert(campaign.to_owned(), PreparedCampaign { messages, tracked: sending.tracked });
        }
        let prepared = &self.prepared[campaign];
        let mailer = self.mailer.current(state).await?;
        if self.pacer.rate != settings.rate_per_second {
            self.pacer = Pacer::new(settings.rate_per_second);
        }
        let pacer = &self.pacer;
        let untried = Mutex::new(Vec::new());
        let sent = Mutex::new(0);
        stream::iter(&batch)
            .for_each_concurrent(settings.concurrency as usize, |recipient| async {
                // After a stop, what is left is given back without waiting for its turn.
                tokio::select! {
                    () = pacer.slot() => {}
                    () = state.lifecycle.stopped() => {}
                }
                if claimed_at.elapsed() > BATCH_DEADLINE || state.lifecycle.is_stopping() {
                    untried.lock().expect("not poisoned").push(recipient.user_id.as_str());
                    return;
                }
                let outgoing = Outgoing { state, mailer, campaign, prepared };
                match outgoing.send(recipient).await {
                    Ok(true) => *sent.lock().expect("not poisoned") += 1,
                    Ok(false) => {}
                    Err(err) => tracing::error!(error = %err, campaign, "a recipient's outcome was not recorded"),
                }
            })
            .await;
        queue::release(&state.db, campaign, &untried.into_inner().expect("not poisoned")).await?;
        Ok(sent.into_inner().expect("not poisoned"))
    }
}

fn api_error(err: ApiError) -> anyhow::Error {
    anyhow::anyhow!("{err}")
}

/// Starts each scheduled campaign whose time has come; one that cannot start goes back to draft with
/// the reason. Another instance starting it first, or an admin unscheduling it meanwhile, is no
/// problem: the move is from the scheduled state only, and guarded.
async fn start_due(state: &AppState) -> anyhow::Result<()> {
    for id in store::due(&state.db, state.clock.now_ms()).await? {
        match service::move_campaign(state, &id, Move::Due, None).await {
            Ok(()) | Err(ApiError::Conflict(_) | ApiError::NotFound(_)) => {}
            Err(err @ (ApiError::Invalid(_) | ApiError::BadRequest(_))) => {
                tracing::warn!(campaign = %id, "scheduled campaign could not start: {err}");
                store::give_back(&state.db, &id, &err.into_problem(), state.clock.now_ms()).await?;
            }
            Err(err) => return Err(api_error(err)),
        }
    }
    Ok(())
}

/// Ends a campaign nobody is left to try in (unless it was paused or cancelled meanwhile).
async fn finish(state: &AppState, campaign: &str) -> anyhow::Result<()> {
    match service::move_campaign(state, campaign, Move::Finish, None).await {
        Ok(()) => tracing::info!(campaign, "campaign sent"),
        Err(ApiError::Conflict(_) | ApiError::NotFound(_)) => {}
        Err(err) => return Err(api_error(err)),
    }
    Ok(())
}

/// What sending one recipient's message needs.
struct Outgoing<'a> {
    state: &'a AppState,
    mailer: &'a Mailer,
    campaign: &'a str,
    prepared: &'a PreparedCampaign,
}

impl Outgoing<'_> {
    /// Sends and records the outcome; `true` when the mail server accepted the message.
    async fn send(&self, recipient: &Claimed) -> Result<bool, sqlx::Error> {
        let Outgoing { state, campaign, .. } = *self;
        let lang = Lang::from_code(&recipient.lang).unwrap_or(Lang::He);
        let messages = &self.prepared.messages;
        let Some(prepared) = messages.get(&lang).or_else(|| messages.values().next()) else {
            return Ok(false);
        };
        let unsubscribe_url = unsubscribe::url(state, &recipient.user_id);
        let click_url = |link: usize| tracking::click_url(state, campaign, &recipient.user_id, link);
        let values = RecipientValues {
            username: &recipient.username,
            unsubscribe_url: &unsubscribe_url,
            open_url: self.prepared.tracked.then(|| tracking::open_url(state, campaign, &recipient.user_id)),
            click_url: &click_url,
        };
        let mail = prepared.fill(&values);
        // The same id for every try, so a message sent twice carries one Message-ID.
        let id = format!("{campaign}.{}", recipient.user_id);
        let queued = Queued {
            id: id.clone(),
            recipient: recipient.email.clone(),
            subject: mail.subject,
            text_body: mail.text,
            html_body: mail.html,
            attempts: recipient.attempts,
            list_unsubscribe: Some(unsubscribe_url.clone()),
        };
        let outcome = self.mailer.send(&queued).await;
        let now = state.clock.now_ms();
        match outcome {
            Ok(()) => {
                let message_id = self.mailer.message_id(&id).unwrap_or(id);
                queue::sent(&state.db, campaign, &recipient.user_id, &message_id, now).await?;
                Ok(true)
            }
            Err(err) => {
                let permanent = email::is_permanent(&err);
                tracing::warn!(error = %format!("{err:#}"), permanent, campaign, "campaign message refused");
                queue::refused(&state.db, campaign, recipient, &format!("{err:#}"), permanent, now).await?;
                Ok(false)
            }
        }
    }
}

/// Spaces the messages `1 / rate` seconds apart, whichever task sends them.
struct Pacer {
    rate: u32,
    interval: Duration,
    next: Mutex<Instant>,
}

impl Pacer {
    fn new(rate_per_second: u32) -> Self {
        let rate = rate_per_second.max(1);
        Self { rate, interval: Duration::from_secs(1) / rate, next: Mutex::new(Instant::now()) }
    }

    async fn slot(&self) {
        let at = {
            let mut next = self.next.lock().expect("not poisoned");
            let at = (*next).max(Instant::now());
            *next = at + self.interval;
            at
        };
        tokio::time::sleep_until(at).await;
    }
}
