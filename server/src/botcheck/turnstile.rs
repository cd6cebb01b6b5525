//! Cloudflare Turnstile, when configured: the token is checked with its siteverify endpoint.

use serde::Deserialize;

#[derive(Deserialize)]
struct Verdict {
    success: bool,
}

/// Whether the verifier accepts the token; an unreachable verifier counts as a failure.
pub async fn verify(verify_url: &str, secret: &str, token: &str, ip: &str) -> bool {
    let client = reqwest::Client::new();
    let answer =
        client.post(verify_url).form(&[("secret", secret), ("response", token), ("remoteip", ip)]).send().await;
    match answer {
        Ok(response) => response.json::<Verdict>().await.is_ok_and(|verdict| verdict.success),
        Err(err) => {
            tracing::warn!(error = %err, "the Turnstile verifier did not answer");
            false
        }
    }
}
