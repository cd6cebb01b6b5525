//! ALTCHA (proof of work, protocol v1) through `altcha-lib-rs`; expiry is checked against the server's
//! clock, and the solution's signature is stored so it is accepted only once. The challenge's cost (its
//! largest number) ends the random part of its salt (`3f9c…-400000?expires=…&`), which its signature
//! covers, so a solution shows what it cost. (Not a salt parameter of its own: the library rebuilds the
//! parameters from a map when it verifies, in any order, so two of them would fail half the time.)

use altcha_lib_rs::{create_challenge, verify_solution, ChallengeOptions, Payload};
use base64::{engine::general_purpose::STANDARD, Engine};
use chrono::DateTime;

use super::model::Challenge;
use crate::{db::Db, encoding::hex, AppState};

const CHALLENGE_TTL_SECS: i64 = 10 * 60;
/// The salt's parameter that says when the challenge ends (the library's).
const EXPIRES: &str = "expires";
/// Random bytes that start a salt.
const SALT_BYTES: usize = 12;

pub(crate) fn challenge(state: &AppState, max_number: u64) -> anyhow::Result<Challenge> {
    let expires = DateTime::from_timestamp_millis(state.clock.now_ms() + CHALLENGE_TTL_SECS * 1000);
    let made = create_challenge(ChallengeOptions {
        hmac_key: &state.keys.bot_check,
        max_number: Some(max_number),
        expires,
        salt: Some(format!("{}-{max_number}", hex(&random_bytes()))),
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

/// Whether the token is a right, unexpired solution of a challenge costing at least `cost`, never used
/// before.
pub(crate) async fn verify(state: &AppState, token: &str, cost: u64) -> Result<bool, sqlx::Error> {
    let Some(payload) = decode(token) else { return Ok(false) };
    let Some(expires_secs) = salt_param(&payload.salt, EXPIRES) else { return Ok(false) };
    let paid = cost_paid(&payload.salt).unwrap_or(0);
    let now = state.clock.now_ms();
    if expires_secs * 1000 <= now || paid < cost || verify_solution(&payload, &state.keys.bot_check, false).is_err() {
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

fn random_bytes() -> [u8; SALT_BYTES] {
    let mut bytes = [0; SALT_BYTES];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    bytes
}

/// The cost a salt says its challenge had (`…-400000?…`).
fn cost_paid(salt: &str) -> Option<u64> {
    let random = salt.split_once('?').map_or(salt, |(random, _)| random);
    random.rsplit_once('-')?.1.parse().ok()
}

/// A number parameter the challenge carries in its salt (`…?cost=100000&expires=1700000000&`). A salt
/// naming one twice is refused: no challenge of ours does, and parsers differ on which one counts (the
/// library keeps the last), so such a salt could pass one check with one value and another with the other.
fn salt_param(salt: &str, name: &str) -> Option<i64> {
    let (_, params) = salt.split_once('?')?;
    let mut values =
        params.split('&').filter_map(|pair| pair.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')));
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    value.parse().ok()
}

/// Deletes the used solutions whose challenge expired by `now` (refused from then on anyway); gives how many.
pub(crate) async fn forget_expired(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM bot_check_uses WHERE expires_at <= $1").bind(now).execute(db).await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::{cost_paid, salt_param, EXPIRES};

    #[test]
    fn a_salt_has_each_parameter_once_or_none() {
        let expiry = |salt| salt_param(salt, EXPIRES);
        assert_eq!(expiry("3065d108?expires=1700000000&"), Some(1_700_000_000));
        assert_eq!(expiry("3065d108?expires=1700000000"), Some(1_700_000_000));
        assert_eq!(expiry("3065d108"), None);
        assert_eq!(expiry("3065d108?expires=soon&"), None);
        assert_eq!(expiry("3065d108?expires=1700000000&expires=4000000000&"), None);
        assert_eq!(expiry("3065d108?expires=4000000000&x=1&expires=1700000000&"), None);
    }

    #[test]
    fn a_salt_says_what_its_challenge_cost() {
        assert_eq!(cost_paid("3065d108-400000?expires=1700000000&"), Some(400_000));
        assert_eq!(cost_paid("3065d108-400000"), Some(400_000));
        assert_eq!(cost_paid("3065d108?expires=1700000000&"), None);
        assert_eq!(cost_paid("3065d108-x?expires=-5&"), None);
    }
}
