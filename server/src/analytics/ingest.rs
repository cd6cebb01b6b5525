//! The path from a beacon to the database: a bounded queue that requests only ever `offer` to (a full
//! queue drops the hit and counts it, so pages never wait for analytics), emptied by one writer per
//! instance every second, or at once when a batch is waiting, and a last time on graceful shutdown.

use std::{
    num::NonZeroU32,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{mpsc, Mutex, Notify};

use super::{
    store::{self, Hit, Uncounted},
    visitor::Salts,
};
use crate::{
    client_info::ClientInfo,
    db::Db,
    error::{ApiError, ApiResult},
    AppState,
};

/// Hits waiting for the writer; beyond this they are dropped.
const QUEUE: usize = 20_000;
/// The writer wakes early once this many hits wait, and writes at most this many per transaction.
pub(crate) const BATCH: usize = 500;
const EVERY: Duration = Duration::from_secs(1);
/// Beacons one address may send per minute (a person reading sends a few).
const PER_ADDRESS_PER_MINUTE: u32 = 120;

pub struct Collector {
    sender: mpsc::Sender<Hit>,
    receiver: Mutex<mpsc::Receiver<Hit>>,
    batch_waiting: Notify,
    dropped: AtomicU64,
    /// Dropped hits not yet added to the day's count in the database.
    dropped_unrecorded: AtomicU64,
    bots: AtomicU64,
    pub(super) salts: Salts,
    limiter: DefaultKeyedRateLimiter<String>,
}

impl Default for Collector {
    fn default() -> Self {
        let (sender, receiver) = mpsc::channel(QUEUE);
        let per_minute = NonZeroU32::new(PER_ADDRESS_PER_MINUTE).expect("a positive quota");
        Self {
            sender,
            receiver: Mutex::new(receiver),
            batch_waiting: Notify::new(),
            dropped: AtomicU64::new(0),
            dropped_unrecorded: AtomicU64::new(0),
            bots: AtomicU64::new(0),
            salts: Salts::default(),
            limiter: RateLimiter::keyed(Quota::per_minute(per_minute)),
        }
    }
}

impl Collector {
    /// Queues a hit for the writer, or drops it when the queue is full.
    pub fn offer(&self, hit: Hit) {
        match self.sender.try_send(hit) {
            Ok(()) if self.sender.max_capacity() - self.sender.capacity() >= BATCH => self.batch_waiting.notify_one(),
            Ok(()) => {}
            Err(_) => self.drop_hits(1),
        }
    }

    /// Refuses an address past its beacons per minute (the site's own and those passed on to an external
    /// service alike).
    pub fn within_rate(&self, client: &ClientInfo) -> ApiResult<()> {
        self.limiter.check_key(&client.rate_key()).map_err(|_| ApiError::TooManyRequests { retry_after_secs: 60 })
    }

    /// Counts a hit from a bot or headless browser (kept as a number per day only).
    pub fn count_bot(&self) {
        self.bots.fetch_add(1, Ordering::Relaxed);
    }

    /// Hits dropped since the start.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    fn drop_hits(&self, hits: u64) {
        self.dropped.fetch_add(hits, Ordering::Relaxed);
        self.dropped_unrecorded.fetch_add(hits, Ordering::Relaxed);
    }
}

/// Writes every waiting hit, and the bots and dropped hits counted since the last time; answers how many
/// hits were written. A batch the database refuses is dropped and counted.
pub(crate) async fn flush(db: &Db, collector: &Collector, now: i64) -> Result<usize, sqlx::Error> {
    let mut receiver = collector.receiver.lock().await;
    for (counter, kind) in [(&collector.bots, Uncounted::Bots), (&collector.dropped_unrecorded, Uncounted::Dropped)] {
        let hits = counter.swap(0, Ordering::Relaxed);
        if hits > 0 {
            if let Err(err) = store::add_uncounted(db, kind, now, hits).await {
                counter.fetch_add(hits, Ordering::Relaxed);
                return Err(err);
            }
        }
    }
    let mut written = 0;
    let mut batch = Vec::with_capacity(BATCH);
    while !receiver.is_empty() {
        receiver.recv_many(&mut batch, BATCH).await;
        if let Err(err) = store::write(db, &batch).await {
            collector.drop_hits(batch.len() as u64);
            return Err(err);
        }
        written += batch.len();
        batch.clear();
    }
    Ok(written)
}

/// The instance's writer: every second, or as soon as a batch waits.
pub(crate) fn spawn_flusher(state: AppState) {
    tokio::spawn(async move {
        loop {
            let _ = tokio::time::timeout(EVERY, state.analytics.batch_waiting.notified()).await;
            state.analytics.limiter.retain_recent();
            if let Err(err) = flush(&state.db, &state.analytics, state.clock.now_ms()).await {
                tracing::warn!(error = %err, "cannot write the analytics hits");
            }
        }
    });
}
