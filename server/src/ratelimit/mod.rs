//! Rate limits: fixed-window counters that every instance shares, kept in the database or, when
//! `REDIS_URL` is set, in Redis. Each call counts one hit; past the limit the answer is 429 with
//! `Retry-After`. When Redis does not answer, the database counts instead: the limits stay in force
//! and requests do not fail (see `redis_store`).

mod database;
mod redis_store;

use crate::{
    config::RateLimitStore,
    error::{ApiError, ApiResult},
    AppState,
};
use redis_store::RedisStore;

pub struct Limit {
    pub name: &'static str,
    pub max_hits: i64,
    pub window_secs: i64,
}

pub const LOGIN_PER_IP: Limit = Limit { name: "login-ip", max_hits: 30, window_secs: 15 * 60 };
pub const LOGIN_PER_ACCOUNT: Limit = Limit { name: "login-account", max_hits: 10, window_secs: 15 * 60 };
pub const CODE_PER_IP: Limit = Limit { name: "code-ip", max_hits: 30, window_secs: 15 * 60 };
pub const RESEND_PER_IP: Limit = Limit { name: "resend-ip", max_hits: 10, window_secs: 15 * 60 };
pub const SIGNUP_PER_IP: Limit = Limit { name: "signup-ip", max_hits: 10, window_secs: 60 * 60 };
pub const RESET_PER_IP: Limit = Limit { name: "reset-ip", max_hits: 10, window_secs: 60 * 60 };
/// Guessing the current password from a stolen session.
pub const PASSWORD_CHANGE_PER_ACCOUNT: Limit = Limit { name: "password-change", max_hits: 10, window_secs: 15 * 60 };
/// Questions to the assistant, all three ask calls together (the widget may try all three for one).
pub const AI_PER_IP: Limit = Limit { name: "ai-ip", max_hits: 30, window_secs: 5 * 60 };
pub const RESET_PER_ACCOUNT: Limit = Limit { name: "reset-account", max_hits: 3, window_secs: 60 * 60 };

/// Longest account name kept in a key (the longest e-mail address).
const MAX_SUBJECT_CHARS: usize = 254;

/// Where the counts live, chosen at start from the configuration.
#[derive(Clone)]
pub enum Store {
    Database,
    Redis(RedisStore),
}

impl Store {
    pub async fn from_config(config: &RateLimitStore) -> anyhow::Result<Self> {
        Ok(match config {
            RateLimitStore::Database => Self::Database,
            RateLimitStore::Redis { url, key_prefix } => Self::Redis(RedisStore::connect(url, key_prefix).await?),
        })
    }
}

/// A window's count, this hit included.
struct Count {
    hits: i64,
    window_start: i64,
}

/// Counts a hit on `limit` for `subject` (an IP address or a lower-cased account name).
pub async fn hit(state: &AppState, limit: &Limit, subject: &str) -> ApiResult<()> {
    let now = state.clock.now_ms();
    // Bounded, so that made-up long names cannot grow the keys without limit.
    let subject: String = subject.to_lowercase().chars().take(MAX_SUBJECT_CHARS).collect();
    let in_redis = match &state.rate_limits {
        Store::Redis(redis) => redis.count(limit, &subject, now).await,
        Store::Database => None,
    };
    let count = match in_redis {
        Some(count) => count,
        None => database::count(&state.db, limit, &subject, now).await?,
    };
    if count.hits > limit.max_hits {
        let retry_after_ms = (count.window_start + limit.window_secs * 1000 - now).max(1000);
        return Err(ApiError::TooManyRequests { retry_after_secs: ((retry_after_ms + 999) / 1000) as u64 });
    }
    Ok(())
}
