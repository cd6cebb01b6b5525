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
pub(crate) struct ExtraSources {
    pub scripts: Vec<&'static str>,
    pub frames: Vec<&'static str>,
    pub connects: Vec<&'static str>,
    pub images: Vec<&'static str>,
}

/// Scripts, frames and connections only to this origin (no inline script) plus `extra`. Inline styles
/// are allowed because the UI library sets CSS variables through `<style>` elements.
pub(crate) fn content_security_policy(extra: &ExtraSources) -> HeaderValue {
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

/// One year: browsers then reach the site over HTTPS only, even from a typed `http://` address. Not
/// `includeSubDomains`: other hosts of the owner's domain may not serve HTTPS.
const HSTS: &str = "max-age=31536000";

/// What every response gets: the default content security policy, and HSTS when the site is reached over
/// HTTPS (its public address is `https://`, or a trusted proxy says the request came over HTTPS; browsers
/// ignore the header on plain HTTP anyway).
#[derive(Clone)]
pub(crate) struct SecurityHeaders {
    pub csp: HeaderValue,
    pub public_https: bool,
    pub trust_proxy: bool,
}

pub(crate) async fn add(State(policy): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let forwarded_https = policy.trust_proxy
        && request
            .headers()
            .get("x-forwarded-proto")
            .is_some_and(|proto| proto.as_bytes().eq_ignore_ascii_case(b"https"));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.entry(header::CONTENT_SECURITY_POLICY).or_insert(policy.csp);
    if policy.public_https || forwarded_https {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    for (name, value) in HEADERS {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    response
}
