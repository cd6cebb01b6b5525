//! Settings that hold secrets (passwords, API keys, a private key) are stored sealed: AES-256-GCM with a
//! key derived from the server's secret key (`secrets.rs`) and a random nonce per save, so a copy of the
//! database alone (a backup, a dump) does not give them away. A value sealed with another secret key
//! does not open: with a new `SECRET_KEY`, the admin enters those settings again (docs/configuration.md, `SECRET_KEY`).

use base64::{engine::general_purpose::STANDARD, Engine};
use rand::RngCore;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};

/// What a sealed value starts with in the `settings` table (any other value is plain JSON).
const MARK: &str = "sealed:v1:";

pub struct Sealer {
    key: LessSafeKey,
}

impl Sealer {
    /// From 32 bytes of key.
    pub fn new(key: &[u8]) -> Self {
        Self { key: LessSafeKey::new(UnboundKey::new(&AES_256_GCM, key).expect("a 256-bit key")) }
    }

    /// `json` sealed for the setting `name` (bound to it: a sealed value moved to another row does not open).
    pub fn seal(&self, name: &str, json: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let mut sealed = json.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(name.as_bytes()), &mut sealed)
            .expect("sealing in memory does not fail");
        let mut out = nonce.to_vec();
        out.extend(sealed);
        format!("{MARK}{}", STANDARD.encode(out))
    }

    /// The JSON a stored value holds: opened when sealed, as it is when plain; `Err` when it was sealed
    /// with another key, or damaged.
    pub fn open(&self, name: &str, stored: &str) -> Result<String, Unopened> {
        let Some(sealed) = stored.strip_prefix(MARK) else { return Ok(stored.to_owned()) };
        let mut bytes = STANDARD.decode(sealed).map_err(|_| Unopened)?;
        if bytes.len() < NONCE_LEN {
            return Err(Unopened);
        }
        let mut sealed = bytes.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&bytes).map_err(|_| Unopened)?;
        let json = self.key.open_in_place(nonce, Aad::from(name.as_bytes()), &mut sealed).map_err(|_| Unopened)?;
        String::from_utf8(json.to_vec()).map_err(|_| Unopened)
    }
}

/// Whether a stored value is sealed.
pub(crate) fn is_sealed(stored: &str) -> bool {
    stored.starts_with(MARK)
}

/// A sealed value that does not open with this server's key.
#[derive(Debug)]
pub struct Unopened;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_with_its_key_and_name_only() {
        let sealer = Sealer::new(&[7; 32]);
        let json = r#"{"password":"s3cret"}"#;
        let sealed = sealer.seal("email", json);
        assert!(is_sealed(&sealed) && !sealed.contains("s3cret"));
        assert_ne!(sealed, sealer.seal("email", json), "a fresh nonce each time");
        assert_eq!(sealer.open("email", &sealed).unwrap(), json);
        assert!(sealer.open("mailbox", &sealed).is_err(), "bound to its setting");
        assert!(Sealer::new(&[8; 32]).open("email", &sealed).is_err(), "another key");
        assert!(sealer.open("email", "sealed:v1:AAAA").is_err());
        assert_eq!(sealer.open("email", json).unwrap(), json, "a plain value reads as it is");
    }
}
