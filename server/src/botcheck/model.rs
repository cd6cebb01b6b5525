//! What the login and sign-up forms are given to show: the challenge of the bot-check in force.

use serde::Serialize;
use utoipa::ToSchema;

/// What the login and sign-up forms show.
#[derive(Serialize, ToSchema)]
#[serde(tag = "provider", rename_all = "camelCase")]
pub(crate) enum Challenge {
    /// Find `number` ≤ `maxnumber` with `SHA-256(salt + number) = challenge`; send back the payload
    /// `{algorithm, challenge, number, salt, signature}` as base64 JSON.
    #[serde(rename_all = "camelCase")]
    Altcha {
        algorithm: String,
        challenge: String,
        maxnumber: u64,
        salt: String,
        signature: String,
    },
    #[serde(rename_all = "camelCase")]
    Turnstile {
        site_key: String,
    },
    Off,
}
