//! `/api/analytics/proxy/…` (routes.rs): the optional external analytics through the site's own origin.
//! Each route is one fixed upstream address (Google's tag and collect endpoint, Cloudflare's beacon and
//! its reporting endpoint), answered only while the admin has that service on; nothing in a request
//! picks a host or a path, so it is no open proxy; and a hit passes only for the site's own measurement
//! id or site token, within the site's own collector's rate limit per address, so it relays no other
//! site's traffic. The visitor's IP address and cookies are never passed on (only the body, its type and
//! the user agent); scripts are kept for an hour; upstreams get 5 seconds.

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    body::Bytes,
    http::{header, HeaderMap},
};

use super::external::Analytics;
use crate::{
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    AppState,
};

const TIMEOUT: Duration = Duration::from_secs(5);
const SCRIPT_KEPT_FOR: Duration = Duration::from_secs(60 * 60);
const MAX_QUERY_BYTES: usize = 8 * 1024;
const OFF: Text = Text::new(ErrorCode::AnalyticsOff, "This analytics service is off");
const NOT_OURS: Text = Text::new(ErrorCode::AnalyticsNotOurs, "Only this site's own analytics are passed on");
const UPSTREAM_FAILED: Text = Text::new(ErrorCode::ProviderFailed, "The analytics service did not answer");

/// The proxy's HTTP client and the scripts it keeps.
pub struct Proxy {
    http: reqwest::Client,
    scripts: Mutex<Vec<KeptScript>>,
}

struct KeptScript {
    url: String,
    fetched: Instant,
    body: Bytes,
}

impl Default for Proxy {
    fn default() -> Self {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("a client without TLS settings of its own builds");
        Self { http, scripts: Mutex::new(Vec::new()) }
    }
}

/// Google's tag (gtag.js) for the configured measurement id.
pub(super) async fn google_script(state: &AppState) -> ApiResult<Bytes> {
    let id = settings(state).await?.measurement_id.clone();
    if id.is_empty() {
        return Err(ApiError::NotFound(OFF));
    }
    let url = format!("{}/gtag/js?id={id}", state.config.analytics_upstreams.google_tag);
    script(state, url).await
}

/// Cloudflare's Web Analytics beacon.
pub(super) async fn cloudflare_script(state: &AppState) -> ApiResult<Bytes> {
    if settings(state).await?.cloudflare_token.is_empty() {
        return Err(ApiError::NotFound(OFF));
    }
    let url = format!("{}/beacon.min.js", state.config.analytics_upstreams.cloudflare_script);
    script(state, url).await
}

/// Passes a Google Analytics hit on with its query and body.
pub(super) async fn google_collect(
    state: &AppState,
    client: &ClientInfo,
    query: &str,
    headers: &HeaderMap,
    body: Bytes,
) -> ApiResult<()> {
    let id = settings(state).await?.measurement_id.clone();
    if id.is_empty() {
        return Err(ApiError::NotFound(OFF));
    }
    if query.len() > MAX_QUERY_BYTES {
        return Err(ApiError::BadRequest(Text::new(ErrorCode::QueryTooLong, "The query is too long")));
    }
    if !names_only(query, &id) {
        return Err(ApiError::Forbidden(NOT_OURS));
    }
    state.analytics.within_rate(client)?;
    let url = format!("{}/g/collect?{query}", state.config.analytics_upstreams.google_collect);
    pass_on(state, url, headers, body).await
}

/// Passes a Cloudflare Web Analytics report on with its body.
pub(super) async fn cloudflare_collect(
    state: &AppState,
    client: &ClientInfo,
    headers: &HeaderMap,
    body: Bytes,
) -> ApiResult<()> {
    let token = settings(state).await?.cloudflare_token.clone();
    if token.is_empty() {
        return Err(ApiError::NotFound(OFF));
    }
    let report: Option<serde_json::Value> = serde_json::from_slice(&body).ok();
    if report.as_ref().and_then(|report| report["siteToken"].as_str()) != Some(token.as_str()) {
        return Err(ApiError::Forbidden(NOT_OURS));
    }
    state.analytics.within_rate(client)?;
    let url = format!("{}/cdn-cgi/rum", state.config.analytics_upstreams.cloudflare_collect);
    pass_on(state, url, headers, body).await
}

/// Whether a Google hit's query names the site's measurement id `id`, and no other (a hit without one is
/// no hit).
fn names_only(query: &str, id: &str) -> bool {
    let mut ids = url::form_urlencoded::parse(query.as_bytes()).filter(|(name, _)| name == "tid").peekable();
    ids.peek().is_some() && ids.all(|(_, tid)| tid == id)
}

async fn settings(state: &AppState) -> ApiResult<Arc<Analytics>> {
    Ok(state.settings.get::<Analytics>(&state.db).await?)
}

/// The script at `url`, from the hour's copy when there is one.
async fn script(state: &AppState, url: String) -> ApiResult<Bytes> {
    let proxy = &state.analytics_proxy;
    let kept = {
        let scripts = proxy.scripts.lock().expect("scripts lock");
        scripts.iter().find(|s| s.url == url && s.fetched.elapsed() < SCRIPT_KEPT_FOR).map(|s| s.body.clone())
    };
    let body = match kept {
        Some(body) => body,
        None => {
            let answer = proxy.http.get(&url).send().await.and_then(reqwest::Response::error_for_status);
            let body = answer.map_err(upstream_failed)?.bytes().await.map_err(upstream_failed)?;
            let mut scripts = proxy.scripts.lock().expect("scripts lock");
            scripts.retain(|s| s.url != url);
            scripts.push(KeptScript { url, fetched: Instant::now(), body: body.clone() });
            body
        }
    };
    Ok(body)
}

/// Sends the body on with its type and the browser's user agent, and nothing else of the request.
async fn pass_on(state: &AppState, url: String, headers: &HeaderMap, body: Bytes) -> ApiResult<()> {
    let mut request = state.analytics_proxy.http.post(url).body(body);
    for name in [header::CONTENT_TYPE, header::USER_AGENT] {
        if let Some(value) = headers.get(&name) {
            request = request.header(name, value);
        }
    }
    request.send().await.and_then(reqwest::Response::error_for_status).map_err(upstream_failed)?;
    Ok(())
}

fn upstream_failed(error: reqwest::Error) -> ApiError {
    tracing::warn!(%error, "an analytics upstream failed");
    ApiError::BadGateway(UPSTREAM_FAILED.into())
}
