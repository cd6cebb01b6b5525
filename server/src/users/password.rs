//! Password hashing with argon2id at the crate's defaults, which are OWASP's recommendation
//! (m = 19 MiB, t = 2, p = 1). Hashing runs on the blocking pool, at most one per core at a time, so a
//! flood of logins waits its turn instead of starving page requests.

use std::sync::{LazyLock, Mutex, PoisonError};

use anyhow::Context;
use argon2::{
    password_hash::{rand_core::OsRng, Output, ParamsString, Salt, SaltString},
    Algorithm, Argon2, Block, Params, PasswordHash, PasswordVerifier, Version,
};
use rand::{seq::SliceRandom, Rng};
use tokio::sync::Semaphore;

/// Hashing slots, one per core, each with its 19 MiB of working memory kept from one hash to the next.
/// Allocated per hash, that memory was kept by glibc in per-thread pools once freed (700 MiB of RSS
/// after a login flood), and fresh mappings instead cost a third of the hashing throughput.
struct Slots {
    permits: Semaphore,
    memory: Mutex<Vec<Vec<Block>>>,
}

static SLOTS: LazyLock<Slots> = LazyLock::new(|| Slots {
    permits: Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())),
    memory: Mutex::new(Vec::new()),
});

fn new_memory() -> Vec<Block> {
    vec![Block::default(); Params::default().block_count()]
}

/// A hash of a password nobody has, checked for unknown users so that they take as long as known ones.
static DECOY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_with("decoy password for unknown users", &mut new_memory()).expect("hashing works"));

async fn in_slot<T: Send + 'static>(work: impl FnOnce(&mut [Block]) -> T + Send + 'static) -> anyhow::Result<T> {
    let _permit = SLOTS.permits.acquire().await.context("the hashing pool is closed")?;
    let taken = SLOTS.memory.lock().unwrap_or_else(PoisonError::into_inner).pop();
    let mut memory = taken.unwrap_or_else(new_memory);
    let (result, memory) =
        tokio::task::spawn_blocking(move || (work(&mut memory), memory)).await.context("password hashing panicked")?;
    SLOTS.memory.lock().unwrap_or_else(PoisonError::into_inner).push(memory);
    Ok(result)
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    in_slot(move |memory| hash_with(&password, memory)).await?
}

/// Whether `password` matches `stored_hash`; with `None` (no such user) a decoy hash is checked so that
/// the answer takes the same time.
pub async fn verify(password: String, stored_hash: Option<String>) -> anyhow::Result<bool> {
    in_slot(move |memory| {
        let known = stored_hash.is_some();
        let hash = stored_hash.unwrap_or_else(|| DECOY_HASH.clone());
        verify_with(&password, &hash, memory) && known
    })
    .await
}

/// The hash's output for `password`, computed in `memory` (as the crate's own `hash_password` does).
fn output(argon: &Argon2, password: &[u8], salt: Salt, memory: &mut [Block]) -> argon2::password_hash::Result<Output> {
    let mut salt_bytes = [0u8; Salt::MAX_LENGTH];
    let salt = salt.decode_b64(&mut salt_bytes)?;
    let length = argon.params().output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    Output::init_with(length, |out| Ok(argon.hash_password_into_with_memory(password, salt, out, &mut *memory)?))
}

fn hash_with(password: &str, memory: &mut [Block]) -> anyhow::Result<String> {
    let argon = Argon2::default();
    let salt = SaltString::generate(&mut OsRng);
    let failed = |e| anyhow::anyhow!("password hashing failed: {e}");
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params()).map_err(failed)?,
        salt: Some(salt.as_salt()),
        hash: Some(output(&argon, password.as_bytes(), salt.as_salt(), memory).map_err(failed)?),
    };
    Ok(hash.to_string())
}

/// Checks with the stored hash's own parameters; one needing more memory than a slot has (made with
/// other settings) is checked with memory of its own.
fn verify_with(password: &str, stored_hash: &str, memory: &mut [Block]) -> bool {
    let Ok(parsed) = PasswordHash::new(stored_hash) else { return false };
    let (Ok(algorithm), Ok(params)) = (Algorithm::try_from(parsed.algorithm), Params::try_from(&parsed)) else {
        return false;
    };
    let Ok(version) = parsed.version.map_or(Ok(Version::default()), Version::try_from) else { return false };
    let argon = Argon2::new(algorithm, version, params);
    if argon.params().block_count() > memory.len() {
        return argon.verify_password(password.as_bytes(), &parsed).is_ok();
    }
    match (parsed.salt, &parsed.hash) {
        // `Output` compares in constant time.
        (Some(salt), Some(expected)) => {
            output(&argon, password.as_bytes(), salt, memory).is_ok_and(|computed| &computed == expected)
        }
        _ => false,
    }
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

    #[tokio::test]
    async fn hashes_made_with_other_parameters_still_verify() {
        use argon2::PasswordHasher;
        for m_cost in [8 * 1024, 32 * 1024] {
            let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(m_cost, 2, 1, None).unwrap());
            let stored = argon.hash_password(b"arabesque#1", &SaltString::generate(&mut OsRng)).unwrap().to_string();
            assert!(verify("arabesque#1".to_owned(), Some(stored.clone())).await.unwrap(), "m = {m_cost}");
            assert!(!verify("arabesque#2".to_owned(), Some(stored)).await.unwrap(), "m = {m_cost}");
        }
    }

    #[test]
    fn generated_passwords_pass_the_rules() {
        let generated = generate();
        assert_eq!(generated.len(), 20);
        assert!(crate::users::validation::password(&generated).is_ok());
    }
}
