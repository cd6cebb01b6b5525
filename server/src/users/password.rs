//! Password hashing with argon2id (the crate's defaults follow the OWASP recommendation).

use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Argon2,
};
use rand::{seq::SliceRandom, Rng};

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("password hashing failed: {e}"))
}

pub fn verify(password: &str, stored_hash: &str) -> bool {
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

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let stored = hash("plié&relevé").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("plié&relevé", &stored));
        assert!(!verify("plie&releve", &stored));
        assert!(!verify("x", "not a hash"));
    }

    #[test]
    fn generated_passwords_pass_the_rules() {
        let generated = generate();
        assert_eq!(generated.len(), 20);
        assert!(crate::users::validation::password(&generated).is_ok());
    }
}
