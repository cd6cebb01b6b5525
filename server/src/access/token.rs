//! The signed session token (JWT, HS256): `sub` user id, `sid` session id, `iat` and `exp` in seconds.
//! The signature proves who made it; the session row decides whether it still counts.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Claims {
    pub sub: String,
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

pub(crate) fn sign(key: &[u8], claims: &Claims) -> anyhow::Result<String> {
    Ok(encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(key))?)
}

/// The claims of a well-signed token that has not expired at `now_ms`.
pub(crate) fn read(key: &[u8], token: &str, now_ms: i64) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    // Expiry is checked against the server's clock below, which tests can move.
    validation.validate_exp = false;
    validation.required_spec_claims = ["exp", "sub"].into_iter().map(str::to_owned).collect();
    let claims = decode::<Claims>(token, &DecodingKey::from_secret(key), &validation).ok()?.claims;
    (claims.exp * 1000 > now_ms).then_some(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_until_it_expires_and_only_with_its_key() {
        let claims = Claims { sub: "u".into(), sid: "s".into(), iat: 100, exp: 200 };
        let token = sign(b"key one", &claims).unwrap();
        assert_eq!(read(b"key one", &token, 199_999).unwrap().sid, "s");
        assert!(read(b"key one", &token, 200_000).is_none());
        assert!(read(b"key two", &token, 150_000).is_none());
        assert!(read(b"key one", "not.a.token", 150_000).is_none());
    }
}
