//! Password hashing with argon2id at the crate's defaults, which are OWASP's recommendation
//! (m = 19 MiB, t = 2, p = 1). Hashing runs on the blocking pool, at most one per core at a time, so a
//! flood of logins waits its turn instead of starving page requests.

use std::sync::LazyLock;

use anyhow::Context;
use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Argon2,
};
use rand::{seq::SliceRandom, Rng};
use tokio::sync::Semaphore;

static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// A hash of a password nobody has, checked for unknown users so that they take as long as known ones.
static DECOY_HASH: LazyLock<String> = LazyLock::new(|| hash_now("decoy password for unknown users").expect("hashing works"));

async fn off_runtime<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let _permit = HASHING.acquire().await.context("the hashing pool is closed")?;
    tokio::task::spawn_blocking(work).await.context("password hashing panicked")
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    off_runtime(move || hash_now(&password)).await?
}

/// Whether `password` matches `stored_hash`; with `None` (no such user) a decoy hash is checked so that
/// the answer takes the same time.
pub async fn verify(password: String, stored_hash: Option<String>) -> anyhow::Result<bool> {
    off_runtime(move || {
        let known = stored_hash.is_some();
        let hash = stored_hash.unwrap_or_else(|| DECOY_HASH.clone());
        verify_now(&password, &hash) && known
    })
    .await
}

fn hash_now(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("password hashing failed: {e}"))
}

fn verify_now(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// A random 20-character password that passes the site's rules.
pub fn generate() -> String {
    const LETTERS: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rngs::OsRng;
    let specials = super::validation::PASSWORD_SPECIALS.as_bytes();
    let mut chars: Vec<u8> = (0..18).map(|_| LETTERS[rng.gen_range(0..LETTERS.len())]).collect();
    chars.extend((0..2).map(|_| specials[rng.gen_range(0..specials.len())]));
    chars.shuffle(&mut rng);
    String::from_utf8(chars).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let stored = hash("plié&relevé".to_owned()).await.unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
        assert!(verify("plié&relevé".to_owned(), Some(stored.clone())).await.unwrap());
        assert!(!verify("plie&releve".to_owned(), Some(stored)).await.unwrap());
        assert!(!verify("x".to_owned(), Some("not a hash".to_owned())).await.unwrap());
        assert!(!verify("decoy password for unknown users".to_owned(), None).await.unwrap());
    }

    #[test]
    fn generated_passwords_pass_the_rules() {
        let generated = generate();
        assert_eq!(generated.len(), 20);
        assert!(crate::users::validation::password(&generated).is_ok());
    }
}
