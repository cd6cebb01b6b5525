//! Counts in Redis: one key per rule, window and subject, where the window is the multiple of its
//! length (on the app's clock) that holds the hit. Counting and setting the key's expiry is one Lua
//! script: atomic, and one round trip.
//!
//! When Redis does not answer (down at start or later), `count` gives `None` within about a second
//! and the caller counts in the database instead, so the limits hold and no request fails. The outage
//! is logged once when it starts and once when Redis answers again.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, LazyLock,
    },
    time::Duration,
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

/// KEYS[1]: the window's key; ARGV[1]: its lifetime in ms, set by the window's first hit.
static COUNT_HIT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "local hits = redis.call('INCR', KEYS[1])
         if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
         return hits",
    )
});

#[derive(Clone)]
pub struct RedisStore {
    /// Reconnects by itself; shared by every request (multiplexed).
    connection: ConnectionManager,
    key_prefix: Arc<str>,
    /// The URL without its password, for the logs.
    shown_url: Arc<str>,
    /// Set while Redis does not answer, so an outage is logged once, not on every request.
    down: Arc<AtomicBool>,
}

impl RedisStore {
    /// Sets up the connection (made on first use, remade after a failure) and checks once that Redis
    /// answers, so the start-up log says where rate limits count. Only a malformed URL is an error.
    pub async fn connect(url: &str, key_prefix: &str) -> anyhow::Result<Self> {
        let shown_url = redact(url);
        let client = redis::Client::open(url).with_context(|| format!("REDIS_URL is not a Redis URL: {shown_url}"))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(TIMEOUT))
            .set_response_timeout(Some(TIMEOUT))
            .set_number_of_retries(0);
        let store = Self {
            connection: ConnectionManager::new_lazy_with_config(client, config)?,
            key_prefix: key_prefix.into(),
            shown_url: shown_url.into(),
            down: Arc::new(AtomicBool::new(false)),
        };
        match redis::cmd("PING").query_async::<()>(&mut store.connection.clone()).await {
            Ok(()) => tracing::info!(url = %store.shown_url, "rate limits count in Redis"),
            Err(err) => store.note_failure(&err),
        }
        Ok(store)
    }

    /// Whether Redis answers a PING now.
    pub(super) async fn answers(&self) -> bool {
        redis::cmd("PING").query_async::<()>(&mut self.connection.clone()).await.is_ok()
    }

    /// This hit's count in its window, or `None` when Redis does not answer.
    pub(super) async fn count(&self, limit: &Limit, subject: &str, now: i64) -> Option<Count> {
        let window_ms = limit.window_secs * 1000;
        let window_start = now - now.rem_euclid(window_ms);
        let key = format!("{}ratelimit:{}:{window_start}:{subject}", self.key_prefix, limit.name);
        let counted = COUNT_HIT
            .key(key)
            .arg(window_ms + EXPIRY_MARGIN_MS)
            .invoke_async::<i64>(&mut self.connection.clone())
            .await;
        match counted {
            Ok(hits) => {
                if self.down.swap(false, Ordering::Relaxed) {
                    tracing::info!(url = %self.shown_url, "Redis answers again: rate limits count there");
                }
                Some(Count { hits, window_start })
            }
            Err(err) => {
                self.note_failure(&err);
                None
            }
        }
    }

    /// The server's `INFO` (its memory, keyspace and stats sections), or `None` when it does not answer.
    pub(super) async fn info(&self) -> Option<String> {
        redis::cmd("INFO")
            .arg("memory")
            .arg("stats")
            .arg("keyspace")
            .arg("clients")
            .query_async::<String>(&mut self.connection.clone())
            .await
            .map_err(|err| self.note_failure(&err))
            .ok()
    }

    fn note_failure(&self, err: &RedisError) {
        if !self.down.swap(true, Ordering::Relaxed) {
            tracing::error!(url = %self.shown_url, error = %err, "Redis does not answer: rate limits count in the database until it does");
        }
    }
}
