//! ALTCHA (proof of work, protocol v1) through `altcha-lib-rs`; expiry is checked against the server's
//! clock, and the solution's signature is stored so it is accepted only once.

use altcha_lib_rs::{create_challenge, verify_solution, ChallengeOptions, Payload};
use base64::{engine::general_purpose::STANDARD, Engine};
use chrono::DateTime;

use super::Challenge;
use crate::AppState;

const CHALLENGE_TTL_SECS: i64 = 10 * 60;

pub fn challenge(state: &AppState, max_number: u64) -> anyhow::Result<Challenge> {
    let expires = DateTime::from_timestamp_millis(state.clock.now_ms() + CHALLENGE_TTL_SECS * 1000);
    let made = create_challenge(ChallengeOptions {
        hmac_key: &state.keys.bot_check,
        max_number: Some(max_number),
        expires,
        ..Default::default()
    })
    .map_err(|e| anyhow::anyhow!("cannot make a bot-check challenge: {e:?}"))?;
    Ok(Challenge::Altcha {
        algorithm: "SHA-256".to_owned(),
        challenge: made.challenge,
        maxnumber: made.maxnumber,
        salt: made.salt,
        signature: made.signature,
    })
}

/// Whether the token is a right, unexpired solution never used before.
pub async fn verify(state: &AppState, token: &str) -> Result<bool, sqlx::Error> {
    let Some(payload) = decode(token) else { return Ok(false) };
    let Some(expires_secs) = expiry(&payload.salt) else { return Ok(false) };
    let now = state.clock.now_ms();
    if expires_secs * 1000 <= now || verify_solution(&payload, &state.keys.bot_check, false).is_err() {
        return Ok(false);
    }
    let first_use = sqlx::query(
        "INSERT INTO bot_check_uses (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING",
    )
    .bind(&payload.signature)
    .bind(expires_secs * 1000)
    .execute(&state.db)
    .await?;
    Ok(first_use.rows_affected() == 1)
}

/// The payload from base64 JSON (as the ALTCHA widget sends it) or plain JSON. `took` is dropped:
/// widgets send it as a decimal, which the library's integer field would refuse.
fn decode(token: &str) -> Option<Payload> {
    let json =
        STANDARD.decode(token).ok().and_then(|bytes| String::from_utf8(bytes).ok()).unwrap_or_else(|| token.to_owned());
    let mut value: serde_json::Value = serde_json::from_str(&json).ok()?;
    value.as_object_mut()?.remove("took");
    serde_json::from_value(value).ok()
}

/// The `expires` parameter the challenge carries in its salt (`…?expires=1700000000&`). A salt naming it
/// twice is refused: no challenge of ours does, and parsers differ on which one counts (the library
/// keeps the last), so such a salt could pass one check with one time and another with the other.
fn expiry(salt: &str) -> Option<i64> {
    let (_, params) = salt.split_once('?')?;
    let mut values = params.split('&').filter_map(|pair| pair.strip_prefix("expires="));
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    value.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::expiry;

    #[test]
    fn a_salt_has_one_expiry_or_none() {
        assert_eq!(expiry("3065d108?expires=1700000000&"), Some(1_700_000_000));
        assert_eq!(expiry("3065d108?expires=1700000000"), Some(1_700_000_000));
        assert_eq!(expiry("3065d108"), None);
        assert_eq!(expiry("3065d108?expires=soon&"), None);
        assert_eq!(expiry("3065d108?expires=1700000000&expires=4000000000&"), None);
        assert_eq!(expiry("3065d108?expires=4000000000&x=1&expires=1700000000&"), None);
    }
}
