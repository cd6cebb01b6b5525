//! Signed links in members' e-mails: the payload in the clear and an HMAC over it and the link's purpose,
//! so that a link cannot be forged, altered, or used for another purpose.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use utoipa::IntoParams;

use crate::secrets::Keys;

#[derive(Clone, Copy)]
pub(crate) enum Purpose {
    Unsubscribe,
    /// A campaign's open pixel: `<campaign>~<member>`.
    Open,
    /// A campaign's tracked link: `<campaign>~<member>~<link number>`.
    Click,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Self::Unsubscribe => b"unsubscribe",
            Self::Open => b"open",
            Self::Click => b"click",
        }
    }
}

/// A signed link's query.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct TokenQuery {
    /// The signed token from the e-mail.
    #[serde(default)]
    pub token: String,
}

fn mac(keys: &Keys, purpose: Purpose, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(&keys.mail_links).expect("HMAC takes a key of any length");
    mac.update(purpose.label());
    mac.update(b"\0");
    mac.update(payload.as_bytes());
    mac
}

/// `payload.signature`; the payload must not contain a dot.
pub(crate) fn sign(keys: &Keys, purpose: Purpose, payload: &str) -> String {
    debug_assert!(!payload.contains('.'));
    let signature = URL_SAFE_NO_PAD.encode(mac(keys, purpose, payload).finalize().into_bytes());
    format!("{payload}.{signature}")
}

/// The payload of a token signed for `purpose`; `None` when it is forged, altered or for another purpose.
pub(crate) fn verify<'a>(keys: &Keys, purpose: Purpose, token: &'a str) -> Option<&'a str> {
    let (payload, signature) = token.rsplit_once('.')?;
    let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
    mac(keys, purpose, payload).verify_slice(&signature).ok()?;
    Some(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_token_verifies_and_nothing_else_does() {
        let keys = Keys::derive(b"a secret of at least thirty-two bytes!!");
        let token = sign(&keys, Purpose::Unsubscribe, "user-1");
        assert_eq!(verify(&keys, Purpose::Unsubscribe, &token), Some("user-1"));
        let (_, signature) = token.split_once('.').unwrap();
        assert_eq!(verify(&keys, Purpose::Unsubscribe, &format!("user-2.{signature}")), None, "altered payload");
        assert_eq!(verify(&keys, Purpose::Unsubscribe, "user-1"), None, "no signature");
        assert_eq!(verify(&keys, Purpose::Unsubscribe, "user-1.AAAA"), None, "forged signature");
        let other = Keys::derive(b"another secret of thirty-two bytes or more");
        assert_eq!(verify(&other, Purpose::Unsubscribe, &token), None, "another server's key");
    }
}
