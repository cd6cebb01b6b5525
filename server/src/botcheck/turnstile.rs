//! Cloudflare Turnstile, when configured: the token is checked with its siteverify endpoint.

use std::{sync::OnceLock, time::Duration};

use serde::Deserialize;

/// Cloudflare answers within a second; a verifier that hangs must not hold the login or sign-up.
const TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Deserialize)]
struct Verdict {
    success: bool,
}

/// One client for every check (its connections are reused): time-limited, and following no redirect, so
/// the secret is posted to the configured address only.
fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default()
    })
}

/// Whether the verifier accepts the token; an unreachable, slow or redirecting verifier counts as a failure.
pub(crate) async fn verify(verify_url: &str, secret: &str, token: &str, ip: &str) -> bool {
    let answer =
        client().post(verify_url).form(&[("secret", secret), ("response", token), ("remoteip", ip)]).send().await;
    match answer {
        Ok(response) => response.json::<Verdict>().await.is_ok_and(|verdict| verdict.success),
        Err(err) => {
            tracing::warn!(error = %err, "the Turnstile verifier did not answer");
            false
        }
    }
}
