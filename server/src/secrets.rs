//! The server's secret key, from which the token-signing, code-hashing and bot-check keys are derived.
//! `SECRET_KEY` sets it; without it one is generated on first start and kept in the database, so every
//! instance on that database shares it and a restart does not sign everybody out.

use anyhow::{bail, Context};
use base64::{engine::general_purpose::STANDARD, Engine};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

use crate::db::Db;

const META_KEY: &str = "secret_key";
const MIN_LEN: usize = 32;

#[derive(Clone)]
pub(crate) struct Keys {
    pub token: Vec<u8>,
    pub codes: Vec<u8>,
    pub bot_check: String,
    /// Signs the links in members' e-mails (unsubscribe).
    pub mail_links: Vec<u8>,
    /// Seals the settings that hold secrets (settings/sealed.rs).
    pub settings: Vec<u8>,
}

impl Keys {
    pub(crate) fn derive(secret: &[u8]) -> Self {
        Self {
            token: derive(secret, "session tokens"),
            codes: derive(secret, "one-time codes"),
            bot_check: STANDARD.encode(derive(secret, "bot-check challenges")),
            mail_links: derive(secret, "e-mail links"),
            settings: derive(secret, "settings at rest"),
        }
    }
}

fn derive(secret: &[u8], purpose: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(purpose.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The configured secret, or the one kept in the database (made on first use).
pub(crate) async fn load(db: &Db, configured: Option<&str>) -> anyhow::Result<Keys> {
    if let Some(secret) = configured {
        if secret.len() < MIN_LEN {
            bail!("SECRET_KEY must be at least {MIN_LEN} characters long");
        }
        return Ok(Keys::derive(secret.as_bytes()));
    }
    let mut fresh = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut fresh);
    // Two instances starting at once: the first insert wins and both read the same value back.
    sqlx::query("INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(META_KEY)
        .bind(STANDARD.encode(fresh))
        .execute(db)
        .await?;
    let stored: String =
        sqlx::query_scalar("SELECT value FROM app_meta WHERE key = $1").bind(META_KEY).fetch_one(db).await?;
    Ok(Keys::derive(&STANDARD.decode(stored).context("the stored secret key is damaged")?))
}
