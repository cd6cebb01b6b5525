//! Counts in Redis: one key per rule and subject, a hash of its window's start and its count. A window
//! starts at its first hit (on the app's clock), as in the database, so both stores allow the same: a
//! window aligned to the clock would allow twice the limit across its end. Counting and setting the
//! key's expiry is one Lua script: atomic, and one round trip.
//!
//! When Redis does not answer (down at start or later), `count` gives `None` within about a second
//! and the caller counts in the database instead, so the limits hold and no request fails. The outage
//! is logged once when it starts and once when Redis answers again.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, LazyLock, Mutex, RwLock,
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use redis::{
    aio::{ConnectionManager, ConnectionManagerConfig},
    RedisError, Script,
};

use super::{Count, Limit};
use crate::db::redact;

/// How long a connection attempt or a command may take before the database counts instead.
const TIMEOUT: Duration = Duration::from_secs(1);
/// Keys outlive their window by this much, so instances whose clocks differ a little agree.
const EXPIRY_MARGIN_MS: i64 = 60_000;

/// KEYS[1]: the rule and subject's key; ARGV: now, the window's length and the key's lifetime (ms), and
/// the amount spent. A window that ended starts again at this hit. Returns the count and the start.
static COUNT_HIT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "local now, window, lifetime, amount = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
         local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
         if start == nil or start <= now - window then
           redis.call('HSET', KEYS[1], 'start', now, 'hits', amount)
           redis.call('PEXPIRE', KEYS[1], lifetime)
           return {amount, now}
         end
         return {redis.call('HINCRBY', KEYS[1], 'hits', amount), start}",
    )
});

#[derive(Clone)]
pub(crate) struct RedisStore {
    /// Shared by every request (multiplexed). Made anew after a failure (at most once a second): the
    /// manager's own reconnection was seen to keep a connection that failed during an outage for ever.
    connection: Arc<RwLock<ConnectionManager>>,
    /// What a connection is made from, and when it was last made.
    making: Arc<(redis::Client, ConnectionManagerConfig)>,
    remade_at: Arc<Mutex<Instant>>,
    key_prefix: Arc<str>,
    /// The URL without its password, for the logs.
    shown_url: Arc<str>,
    /// Set while Redis does not answer, so an outage is logged once, not on every request.
    down: Arc<AtomicBool>,
}

impl RedisStore {
    /// Sets up the connection (made on first use, remade after a failure) and checks once that Redis
    /// answers, so the start-up log says where rate limits count. Only a malformed URL is an error.
    pub(crate) async fn connect(url: &str, key_prefix: &str) -> anyhow::Result<Self> {
        let shown_url = redact(url);
        let client = redis::Client::open(url).with_context(|| format!("REDIS_URL is not a Redis URL: {shown_url}"))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(TIMEOUT))
            .set_response_timeout(Some(TIMEOUT))
            .set_number_of_retries(0);
        let store = Self {
            connection: Arc::new(RwLock::new(ConnectionManager::new_lazy_with_config(client.clone(), config.clone())?)),
            making: Arc::new((client, config)),
            remade_at: Arc::new(Mutex::new(Instant::now())),
            key_prefix: key_prefix.into(),
            shown_url: shown_url.into(),
            down: Arc::new(AtomicBool::new(false)),
        };
        if store.answers().await {
            tracing::info!(url = %store.shown_url, "rate limits count in Redis");
        }
        Ok(store)
    }

    fn connection(&self) -> ConnectionManager {
        self.connection.read().expect("Redis connection lock").clone()
    }

    /// Runs a command within `TIMEOUT`, whatever the manager does; a failure is noted (and the
    /// connection made anew), a success after failures logged once.
    async fn within<T>(&self, command: impl std::future::Future<Output = Result<T, RedisError>>) -> Option<T> {
        match tokio::time::timeout(TIMEOUT, command).await {
            Ok(Ok(answer)) => {
                if self.down.swap(false, Ordering::Relaxed) {
                    tracing::info!(url = %self.shown_url, "Redis answers again: rate limits count there");
                }
                Some(answer)
            }
            Ok(Err(err)) => {
                self.note_failure(&err.to_string());
                None
            }
            Err(_) => {
                self.note_failure("no answer in time");
                None
            }
        }
    }

    /// Whether Redis answers a PING now.
    pub(super) async fn answers(&self) -> bool {
        self.within(redis::cmd("PING").query_async::<()>(&mut self.connection())).await.is_some()
    }

    /// The count in the window with `amount` spent now, or `None` when Redis does not answer.
    pub(super) async fn count(&self, limit: &Limit, subject: &str, amount: i64, now: i64) -> Option<Count> {
        let window_ms = limit.window_secs * 1000;
        let mut connection = self.connection();
        let mut script = COUNT_HIT.key(self.key(limit, subject));
        script.arg(now).arg(window_ms).arg(window_ms + EXPIRY_MARGIN_MS).arg(amount);
        let (hits, window_start) = self.within(script.invoke_async::<(i64, i64)>(&mut connection)).await?;
        Some(Count { hits, window_start })
    }

    /// The count in the window that holds `now`, counting nothing; `None` when Redis does not answer.
    pub(super) async fn peek(&self, limit: &Limit, subject: &str, now: i64) -> Option<i64> {
        let mut read = redis::cmd("HMGET");
        read.arg(self.key(limit, subject)).arg("start").arg("hits");
        let (start, hits) = self.within(read.query_async::<(Option<i64>, Option<i64>)>(&mut self.connection())).await?;
        Some(match (start, hits) {
            (Some(start), Some(hits)) if start > now - limit.window_secs * 1000 => hits,
            _ => 0,
        })
    }

    fn key(&self, limit: &Limit, subject: &str) -> String {
        format!("{}ratelimit:{}:{subject}", self.key_prefix, limit.name)
    }

    /// The server's `INFO` (its memory, keyspace and stats sections), or `None` when it does not answer.
    pub(super) async fn info(&self) -> Option<String> {
        let mut connection = self.connection();
        let mut info = redis::cmd("INFO");
        info.arg("memory").arg("stats").arg("keyspace").arg("clients");
        self.within(info.query_async::<String>(&mut connection)).await
    }

    fn note_failure(&self, error: &str) {
        if !self.down.swap(true, Ordering::Relaxed) {
            tracing::error!(url = %self.shown_url, %error, "Redis does not answer: rate limits count in the database until it does");
        }
        let mut remade_at = self.remade_at.lock().expect("Redis remade lock");
        if remade_at.elapsed() >= Duration::from_secs(1) {
            *remade_at = Instant::now();
            let (client, config) = &*self.making;
            if let Ok(fresh) = ConnectionManager::new_lazy_with_config(client.clone(), config.clone()) {
                *self.connection.write().expect("Redis connection lock") = fresh;
            }
        }
    }
}
