//! Rate limits: counters that every instance shares, kept in the database or, when `REDIS_URL` is set,
//! in Redis; in both a window starts at its first hit. Each call counts one hit, or spends an amount (a
//! daily budget of bytes); past the limit the answer is 429 with `Retry-After`. When Redis does not answer, the database counts instead: the limits stay in force
//! and requests do not fail (see `redis_store`).

mod database;
mod redis_store;

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    config::RateLimitStore,
    db::Db,
    error::{ApiError, ApiResult},
    AppState,
};
use redis_store::RedisStore;

pub(crate) struct Limit {
    pub name: &'static str,
    pub max_hits: i64,
    pub window_secs: i64,
}

pub(crate) const LOGIN_PER_IP: Limit = Limit { name: "login-ip", max_hits: 30, window_secs: 15 * 60 };
/// Attempts on one account from one network (`account_from`): a guesser elsewhere cannot lock its owner out.
pub(crate) const LOGIN_PER_ACCOUNT_AND_NETWORK: Limit =
    Limit { name: "login-account-net", max_hits: 10, window_secs: 15 * 60 };
/// Attempts on one account from anywhere: the ceiling against guessing from many networks at once.
pub(crate) const LOGIN_PER_ACCOUNT: Limit = Limit { name: "login-account", max_hits: 100, window_secs: 15 * 60 };
pub(crate) const CODE_PER_IP: Limit = Limit { name: "code-ip", max_hits: 30, window_secs: 15 * 60 };
pub(crate) const RESEND_PER_IP: Limit = Limit { name: "resend-ip", max_hits: 10, window_secs: 15 * 60 };
pub(crate) const SIGNUP_PER_IP: Limit = Limit { name: "signup-ip", max_hits: 10, window_secs: 60 * 60 };
pub(crate) const RESET_PER_IP: Limit = Limit { name: "reset-ip", max_hits: 10, window_secs: 60 * 60 };
/// Guessing the current password from a stolen session.
pub(crate) const PASSWORD_CHANGE_PER_ACCOUNT: Limit =
    Limit { name: "password-change", max_hits: 10, window_secs: 15 * 60 };
/// A crashing page may report again on each visit; a flood of reports is refused.
pub(crate) const CRASH_REPORT_PER_IP: Limit = Limit { name: "crash-ip", max_hits: 30, window_secs: 10 * 60 };
/// Questions to the assistant, all three ask calls together (the widget may try all three for one).
pub(crate) const AI_PER_IP: Limit = Limit { name: "ai-ip", max_hits: 30, window_secs: 5 * 60 };
/// Test e-mails a staff account may send (they go out at once, to any address).
pub(crate) const TEST_EMAIL_PER_ACCOUNT: Limit = Limit { name: "test-email", max_hits: 20, window_secs: 60 * 60 };
/// Saves of a member's fit profile (the form saves when she asks; a script would fill the database).
pub(crate) const FIT_PROFILE_SAVES_PER_ACCOUNT: Limit =
    Limit { name: "fit-profile", max_hits: 60, window_secs: 15 * 60 };
/// Recommendations asked from one address (each ranks the whole catalogue).
pub(crate) const RECOMMENDATIONS_PER_IP: Limit = Limit { name: "recommend-ip", max_hits: 120, window_secs: 5 * 60 };
pub(crate) const RESET_PER_ACCOUNT: Limit = Limit { name: "reset-account", max_hits: 3, window_secs: 60 * 60 };

/// The subject of a limit on an account from one network.
pub(crate) fn account_from(account: &str, network: &str) -> String {
    format!("{network}|{}", account.trim())
}

/// Longest subject kept in a key (the longest e-mail address, after a network).
const MAX_SUBJECT_CHARS: usize = 320;

/// Where the counts live, chosen at start from the configuration.
#[derive(Clone)]
pub(crate) enum Store {
    Database,
    Redis(RedisStore),
}

impl Store {
    pub(crate) async fn from_config(config: &RateLimitStore) -> anyhow::Result<Self> {
        Ok(match config {
            RateLimitStore::Database => Self::Database,
            RateLimitStore::Redis { url, key_prefix } => Self::Redis(RedisStore::connect(url, key_prefix).await?),
        })
    }
}

/// The Redis server's own figures, for the admin's cache screen.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RedisFigures {
    /// Whether Redis answered; the figures are empty when it did not.
    pub reachable: bool,
    pub used_memory_bytes: Option<u64>,
    pub peak_memory_bytes: Option<u64>,
    pub keyspace_hits: Option<u64>,
    pub keyspace_misses: Option<u64>,
    pub evicted_keys: Option<u64>,
    /// Keys in every database.
    pub keys: Option<u64>,
    pub connected_clients: Option<u64>,
}

/// Whether Redis answers, when the limits count there (`REDIS_URL`); `None` without Redis.
pub(crate) async fn redis_answers(state: &AppState) -> Option<bool> {
    let Store::Redis(redis) = &state.rate_limits else { return None };
    Some(redis.answers().await)
}

/// Redis's figures when the limits count there (`REDIS_URL`), else `None`.
pub(crate) async fn redis_figures(state: &AppState) -> Option<RedisFigures> {
    let Store::Redis(redis) = &state.rate_limits else { return None };
    Some(match redis.info().await {
        Some(info) => RedisFigures::read(&info),
        None => RedisFigures {
            reachable: false,
            used_memory_bytes: None,
            peak_memory_bytes: None,
            keyspace_hits: None,
            keyspace_misses: None,
            evicted_keys: None,
            keys: None,
            connected_clients: None,
        },
    })
}

impl RedisFigures {
    /// Reads `INFO`'s `field:value` lines; the keyspace lines are `db0:keys=3,expires=3,avg_ttl=0`.
    fn read(info: &str) -> Self {
        let field = |name: &str| {
            info.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(':')?.trim().parse::<u64>().ok())
        };
        let keys = info
            .lines()
            .filter(|line| line.starts_with("db"))
            .filter_map(|line| {
                line.split_once(':')?.1.split(',').find_map(|pair| pair.strip_prefix("keys="))?.parse::<u64>().ok()
            })
            .sum();
        Self {
            reachable: true,
            used_memory_bytes: field("used_memory"),
            peak_memory_bytes: field("used_memory_peak"),
            keyspace_hits: field("keyspace_hits"),
            keyspace_misses: field("keyspace_misses"),
            evicted_keys: field("evicted_keys"),
            keys: Some(keys),
            connected_clients: field("connected_clients"),
        }
    }
}

/// A window's count, this hit included.
struct Count {
    hits: i64,
    window_start: i64,
}

/// Counts a hit on `limit` for `subject` (an IP address or a lower-cased account name).
/// Deletes the database store's ended windows (Redis lets its keys expire); gives how many.
pub(crate) async fn forget_ended(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    database::forget_ended(db, now).await
}

pub(crate) async fn hit(state: &AppState, limit: &Limit, subject: &str) -> ApiResult<()> {
    spend(state, limit, subject, 1).await
}

/// Spends `amount` of `limit` for `subject`; refused once the window's total passes the limit.
pub(crate) async fn spend(state: &AppState, limit: &Limit, subject: &str, amount: i64) -> ApiResult<()> {
    let now = state.clock.now_ms();
    let count = counted(state, limit, subject, amount).await?;
    if count.hits > limit.max_hits {
        let retry_after_ms = (count.window_start + limit.window_secs * 1000 - now).max(1000);
        return Err(ApiError::TooManyRequests { retry_after_secs: ((retry_after_ms + 999) / 1000) as u64 });
    }
    Ok(())
}

/// Counts a hit on `limit` for `subject` without refusing anything (a tally others read, `current`).
pub(crate) async fn count(state: &AppState, limit: &Limit, subject: &str) -> Result<(), sqlx::Error> {
    counted(state, limit, subject, 1).await.map(drop)
}

/// The window's total for `subject`, counting nothing.
pub(crate) async fn current(state: &AppState, limit: &Limit, subject: &str) -> Result<i64, sqlx::Error> {
    let now = state.clock.now_ms();
    let subject = bounded(subject);
    let in_redis = match &state.rate_limits {
        Store::Redis(redis) => redis.peek(limit, &subject, now).await,
        Store::Database => None,
    };
    match in_redis {
        Some(hits) => Ok(hits),
        None => database::peek(&state.db, limit, &subject, now).await,
    }
}

async fn counted(state: &AppState, limit: &Limit, subject: &str, amount: i64) -> Result<Count, sqlx::Error> {
    let now = state.clock.now_ms();
    let subject = bounded(subject);
    let in_redis = match &state.rate_limits {
        Store::Redis(redis) => redis.count(limit, &subject, amount, now).await,
        Store::Database => None,
    };
    match in_redis {
        Some(count) => Ok(count),
        None => database::count(&state.db, limit, &subject, amount, now).await,
    }
}

/// Bounded, so that made-up long names cannot grow the keys without limit.
fn bounded(subject: &str) -> String {
    subject.to_lowercase().chars().take(MAX_SUBJECT_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::RedisFigures;

    #[test]
    fn redis_info_is_read_field_by_field() {
        let info = "# Memory\r\nused_memory:1048576\r\nused_memory_human:1.00M\r\nused_memory_peak:2097152\r\n\
                    # Stats\r\nkeyspace_hits:90\r\nkeyspace_misses:10\r\nevicted_keys:0\r\n\
                    # Clients\r\nconnected_clients:3\r\n# Keyspace\r\ndb0:keys=5,expires=5,avg_ttl=100\r\ndb1:keys=2,expires=0,avg_ttl=0\r\n";
        let figures = RedisFigures::read(info);
        assert!(figures.reachable);
        assert_eq!(figures.used_memory_bytes, Some(1_048_576));
        assert_eq!(figures.peak_memory_bytes, Some(2_097_152));
        assert_eq!((figures.keyspace_hits, figures.keyspace_misses), (Some(90), Some(10)));
        assert_eq!(figures.keys, Some(7));
        assert_eq!(figures.connected_clients, Some(3));
    }
}
