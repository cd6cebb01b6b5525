//! Security headers on every response (a page, a file or an API answer).

use axum::{
    extract::{Request, State},
    http::{header, HeaderName, HeaderValue},
    middleware::Next,
    response::Response,
};

use crate::config::BotCheck;

/// Where Cloudflare serves Turnstile's script and the frame it draws the check in.
const TURNSTILE_ORIGIN: &str = "https://challenges.cloudflare.com";

const HEADERS: [(HeaderName, &str); 4] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=()"),
];

/// Scripts only from this origin (no inline script), plus, with Turnstile, the script and frame
/// sources Cloudflare documents for it; `frame_origins` adds frame sources (social media embeds).
/// Inline styles are allowed because the UI library sets CSS variables through `<style>` elements.
pub fn content_security_policy(bot_check: &BotCheck, frame_origins: &[&str]) -> HeaderValue {
    let mut frame_sources: Vec<&str> = frame_origins.to_vec();
    let extra_script = match bot_check {
        BotCheck::Turnstile { .. } => {
            frame_sources.push(TURNSTILE_ORIGIN);
            format!(" {TURNSTILE_ORIGIN}")
        }
        BotCheck::Altcha { .. } | BotCheck::Off => String::new(),
    };
    let frames = if frame_sources.is_empty() { String::new() } else { format!("frame-src 'self' {}; ", frame_sources.join(" ")) };
    let policy = format!(
        "default-src 'self'; script-src 'self'{extra_script}; {frames}style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
         font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    HeaderValue::try_from(policy).expect("the policy is ASCII")
}

pub async fn add(State(csp): State<HeaderValue>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.entry(header::CONTENT_SECURITY_POLICY).or_insert(csp);
    for (name, value) in HEADERS {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    response
}
