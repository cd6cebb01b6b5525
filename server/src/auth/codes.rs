//! One-time 6-digit codes, e-mailed for a login attempt or a sign-up. Only an HMAC of the code is
//! kept; a code lasts 10 minutes, works once, and dies after 5 wrong tries (an account's codes after 20
//! in a day). A new code can be asked
//! for after a wait, which grows with each resend.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::{
    db::{from_row, Db},
    encoding::hex,
    time::DAY_MS,
    AppState,
};

pub(crate) const CODE_TTL_MINUTES: i64 = 10;
pub(crate) const MAX_FAILED_ATTEMPTS: i64 = 5;
/// Wrong codes an account's codes take in 24 hours, all of them together.
pub(crate) const MAX_FAILED_PER_DAY: i64 = 20;
pub(crate) const MAX_RESENDS: i64 = 5;
/// Seconds before the first resend; doubled for each later one.
pub(crate) const RESEND_WAIT_SECS: i64 = 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    Login,
    Signup,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::Signup => "signup",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "login" => Some(Self::Login),
            "signup" => Some(Self::Signup),
            _ => None,
        }
    }
}

/// A code just made: the challenge id goes to the client, the code into the e-mail.
pub(crate) struct Issued {
    pub challenge_id: String,
    pub code: String,
    pub resend_after_secs: i64,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// Wrong, expired, used, locked or unknown: the client hears the same thing for all.
    Rejected,
    /// A resend asked for too early (seconds left) or too often (`None`).
    TooSoon(Option<i64>),
}

pub(crate) struct Accepted {
    pub user_id: String,
    pub purpose: Purpose,
}

fn new_code() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000))
}

fn digest(state: &AppState, challenge_id: &str, code: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(&state.keys.codes).expect("any key length");
    mac.update(challenge_id.as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// Makes a code for the user's new attempt; earlier unused codes for the same purpose stop working.
pub(crate) async fn issue(state: &AppState, user_id: &str, purpose: Purpose) -> Result<Issued, sqlx::Error> {
    let now = state.clock.now_ms();
    sqlx::query("UPDATE verification_codes SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(purpose.as_str())
        .execute(&state.db)
        .await?;
    let challenge_id = uuid::Uuid::new_v4().to_string();
    let code = new_code();
    sqlx::query(
        "INSERT INTO verification_codes (id, user_id, purpose, code_hash, created_at, expires_at, resend_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&challenge_id)
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(digest(state, &challenge_id, &code))
    .bind(now)
    .bind(now + CODE_TTL_MINUTES * 60_000)
    .bind(now + RESEND_WAIT_SECS * 1000)
    .execute(&state.db)
    .await?;
    Ok(Issued { challenge_id, code, resend_after_secs: RESEND_WAIT_SECS })
}

struct Row {
    user_id: String,
    purpose: String,
    failed_attempts: i64,
    resend_count: i64,
    resend_after: i64,
}
from_row!(Row { user_id, purpose, failed_attempts, resend_count, resend_after });

async fn live(state: &AppState, challenge_id: &str) -> Result<Option<Row>, sqlx::Error> {
    sqlx::query_as(
        "SELECT user_id, purpose, failed_attempts, resend_count, resend_after
         FROM verification_codes WHERE id = $1 AND used_at IS NULL",
    )
    .bind(challenge_id)
    .fetch_optional(&state.db)
    .await
}

/// Checks `code` for the challenge; a right code is used up, a wrong one counts against it. Each guess
/// first takes one of the code's tries in a single statement, so guesses sent in parallel cannot share
/// a try; an account's codes get `MAX_FAILED_PER_DAY` wrong guesses a day between them.
pub(crate) async fn redeem(
    state: &AppState,
    challenge_id: &str,
    code: &str,
) -> Result<Result<Accepted, Failure>, sqlx::Error> {
    let now = state.clock.now_ms();
    let claimed: Option<(String, String, String)> = sqlx::query_as(
        "UPDATE verification_codes SET failed_attempts = failed_attempts + 1
         WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND failed_attempts < $3
             AND (SELECT COALESCE(SUM(failed_attempts), 0) FROM verification_codes AS same_account
                  WHERE same_account.user_id = verification_codes.user_id AND same_account.created_at > $4) < $5
         RETURNING user_id, purpose, code_hash",
    )
    .bind(challenge_id)
    .bind(now)
    .bind(MAX_FAILED_ATTEMPTS)
    .bind(now - DAY_MS)
    .bind(MAX_FAILED_PER_DAY)
    .fetch_optional(&state.db)
    .await?;
    let Some((user_id, purpose, code_hash)) = claimed else { return Ok(Err(Failure::Rejected)) };
    let Some(purpose) = Purpose::parse(&purpose) else { return Ok(Err(Failure::Rejected)) };
    let right: bool = digest(state, challenge_id, code).as_bytes().ct_eq(code_hash.as_bytes()).into();
    if !right {
        return Ok(Err(Failure::Rejected));
    }
    // The right code gives its try back; of two requests with it, only the one that marks it used gets in.
    let marked = sqlx::query(
        "UPDATE verification_codes SET used_at = $1, failed_attempts = failed_attempts - 1
         WHERE id = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(challenge_id)
    .execute(&state.db)
    .await?;
    if marked.rows_affected() != 1 {
        return Ok(Err(Failure::Rejected));
    }
    Ok(Ok(Accepted { user_id, purpose }))
}

/// A fresh code for the same challenge (same purpose, new 10 minutes), when the wait is over.
pub(crate) async fn resend(
    state: &AppState,
    challenge_id: &str,
) -> Result<Result<(Accepted, Issued), Failure>, sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(row) = live(state, challenge_id).await? else { return Ok(Err(Failure::Rejected)) };
    let Some(purpose) = Purpose::parse(&row.purpose) else { return Ok(Err(Failure::Rejected)) };
    if row.failed_attempts >= MAX_FAILED_ATTEMPTS {
        return Ok(Err(Failure::Rejected));
    }
    if row.resend_count >= MAX_RESENDS {
        return Ok(Err(Failure::TooSoon(None)));
    }
    if row.resend_after > now {
        return Ok(Err(Failure::TooSoon(Some((row.resend_after - now + 999) / 1000))));
    }
    let code = new_code();
    let wait_secs = RESEND_WAIT_SECS << (row.resend_count + 1).min(4);
    sqlx::query(
        "UPDATE verification_codes SET code_hash = $1, expires_at = $2, resend_after = $3, resend_count = resend_count + 1
         WHERE id = $4 AND used_at IS NULL",
    )
    .bind(digest(state, challenge_id, &code))
    .bind(now + CODE_TTL_MINUTES * 60_000)
    .bind(now + wait_secs * 1000)
    .bind(challenge_id)
    .execute(&state.db)
    .await?;
    let issued = Issued { challenge_id: challenge_id.to_owned(), code, resend_after_secs: wait_secs };
    Ok(Ok((Accepted { user_id: row.user_id, purpose }, issued)))
}

/// Deletes the codes that expired before `until`; gives how many.
pub(crate) async fn forget_expired(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM verification_codes WHERE expires_at <= $1").bind(until).execute(db).await?;
    Ok(done.rows_affected())
}
