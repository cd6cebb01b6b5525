//! Rate limits: fixed-window counters in the database, so every instance on it sees the same counts.
//! Each call counts one hit; past the limit the answer is 429 with `Retry-After`.

use crate::{
    error::{ApiError, ApiResult},
    AppState,
};

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
pub const RESET_PER_ACCOUNT: Limit = Limit { name: "reset-account", max_hits: 3, window_secs: 60 * 60 };

/// Longest account name kept in a key (the longest e-mail address).
const MAX_SUBJECT_CHARS: usize = 254;

/// Counts a hit on `limit` for `subject` (an IP address or a lower-cased account name).
pub async fn hit(state: &AppState, limit: &Limit, subject: &str) -> ApiResult<()> {
    let now = state.clock.now_ms();
    let window_ms = limit.window_secs * 1000;
    // Bounded, so that made-up long names cannot grow the table's keys without limit.
    let subject: String = subject.to_lowercase().chars().take(MAX_SUBJECT_CHARS).collect();
    let key = format!("{}:{subject}", limit.name);
    let (hits, window_start): (i64, i64) = sqlx::query_as(
        "INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
         RETURNING hits, window_start",
    )
    .bind(&key)
    .bind(now)
    .bind(now - window_ms)
    .fetch_one(&state.db)
    .await?;
    if hits > limit.max_hits {
        let retry_after_ms = (window_start + window_ms - now).max(1000);
        return Err(ApiError::TooManyRequests { retry_after_secs: ((retry_after_ms + 999) / 1000) as u64 });
    }
    Ok(())
}
