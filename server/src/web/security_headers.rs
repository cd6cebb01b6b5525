//! Security headers on every response (a page, a file or an API answer).

use axum::{
    extract::{Request, State},
    http::{header, HeaderName, HeaderValue},
    middleware::Next,
    response::Response,
};

const HEADERS: [(HeaderName, &str); 4] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=()"),
];

/// Origins a page may use beyond its own, by directive.
#[derive(Default)]
pub struct ExtraSources {
    pub scripts: Vec<&'static str>,
    pub frames: Vec<&'static str>,
    pub connects: Vec<&'static str>,
    pub images: Vec<&'static str>,
}

/// Scripts, frames and connections only to this origin (no inline script) plus `extra`. Inline styles
/// are allowed because the UI library sets CSS variables through `<style>` elements.
pub fn content_security_policy(extra: &ExtraSources) -> HeaderValue {
    let with = |sources: &[&str]| sources.iter().map(|source| format!(" {source}")).collect::<String>();
    let frames =
        if extra.frames.is_empty() { String::new() } else { format!("frame-src 'self'{}; ", with(&extra.frames)) };
    let policy = format!(
        "default-src 'self'; script-src 'self'{}; {frames}style-src 'self' 'unsafe-inline'; img-src 'self' data:{}; \
         font-src 'self' data:; connect-src 'self'{}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        with(&extra.scripts),
        with(&extra.images),
        with(&extra.connects),
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
