//! Public reads served from memory: the finished answer of each public GET (JSON, gzip and brotli,
//! with an entity tag) is kept by its path and the query parameters its read takes (by its OpenAPI
//! entry; the handler is given only those), so a repeated read costs a map lookup, and a client that
//! holds it gets 304. Features put `serve` on their public reads and `invalidate` on the admin calls
//! that change what those reads show. A change moves the content version in the database: the
//! instance that made it drops its answers at once, the others when they next poll (`spawn_sync`,
//! twice a second), together with their settings copies. The middleware find the state in the
//! request's extensions (`app` puts it there), since a feature's routes are built before the state.

mod document;
mod version;

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicI64, Ordering::Relaxed},
        Arc,
    },
    time::Duration,
};

use axum::{
    body::{to_bytes, HttpBody},
    extract::{MatchedPath, Request, State},
    http::{header, uri::PathAndQuery, HeaderValue, Method, StatusCode, Uri},
    middleware::{from_fn, from_fn_with_state, Next},
    response::{IntoResponse, Response},
    Extension,
};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    caches::{Figures, Monitored},
    db::Db,
    error::ApiError,
    kept_answers::{self, kept_query, KeptAnswers},
    lang::Lang,
    AppState,
};

/// What the cached answers may weigh together.
const MAX_BYTES: u64 = 32 * 1024 * 1024;
/// A public answer larger than this is served but not kept.
const MAX_ANSWER_BYTES: usize = 2 * 1024 * 1024;
const SYNC_EVERY: Duration = Duration::from_millis(500);
/// Reuse, but ask first: a 304 costs a round trip and no bytes.
const CACHE_CONTROL: &str = "no-cache";

pub struct PublicCache {
    answers: KeptAnswers<String>,
    /// The content version this instance's answers belong to.
    version: AtomicI64,
    /// Caches made from these answers (the drawn pages), cleared with them.
    dependents: Vec<Arc<dyn Monitored>>,
}

impl PublicCache {
    pub async fn new(db: &Db, dependents: Vec<Arc<dyn Monitored>>) -> Result<Self, sqlx::Error> {
        Ok(Self { answers: KeptAnswers::new(MAX_BYTES), version: AtomicI64::new(version::read(db).await?), dependents })
    }
}

impl PublicCache {
    /// The content version this instance's answers belong to: what features keep derived from the
    /// content checks against (it moves within a poll of a change on any instance).
    pub(crate) fn version(&self) -> i64 {
        self.version.load(Relaxed)
    }
}

impl Monitored for PublicCache {
    fn figures(&self) -> Figures {
        self.answers.figures()
    }

    fn clear(&self) {
        self.answers.clear();
        self.dependents.iter().for_each(|cache| cache.clear());
    }
}

/// A feature's public reads, answered from memory (`serve`), with their 304 in the API document.
pub(crate) fn reads(mut router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    let parameters = Arc::new(document::query_parameters(router.get_openapi()));
    document::not_modified(router.get_openapi_mut());
    router.route_layer(from_fn_with_state(parameters, serve))
}

/// The query parameters each public read takes, by its route's pattern.
type ReadParameters = Arc<HashMap<String, Vec<String>>>;

/// A feature's admin calls that change what the public reads show (`invalidate`).
pub(crate) fn changes(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    router.route_layer(from_fn(invalidate))
}

/// Middleware for public reads: the kept answer when there is one, else the handler's, kept.
async fn serve(
    State(parameters): State<ReadParameters>,
    Extension(state): Extension<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let cache = &state.public_cache;
    // HEAD is answered as GET (the server leaves the body out), so it carries GET's headers.
    if request.method() == Method::HEAD {
        *request.method_mut() = Method::GET;
    } else if request.method() != Method::GET {
        return next.run(request).await;
    }
    let known = request
        .extensions()
        .get::<MatchedPath>()
        .and_then(|route| parameters.get(route.as_str()))
        .map_or(&[][..], Vec::as_slice);
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    let kept = kept_query(request.uri().query(), &known, |value| Some(Lang::from_tag(Some(value))));
    let path = request.uri().path();
    let key = if kept.query.is_empty() { path.to_owned() } else { format!("{path}?{}", kept.query) };
    // The handler reads what the key says, and nothing a client added.
    let Ok(path_and_query) = PathAndQuery::try_from(key.as_str()) else { return next.run(request).await };
    *request.uri_mut() = Uri::from(path_and_query);
    let miss = match cache.answers.lookup(&key).await {
        Ok(answer) => return answer.respond(request.headers(), CACHE_CONTROL),
        Err(miss) => miss,
    };
    // Only a miss needs them after the handler has taken the request.
    let headers = request.headers().clone();
    let response = next.run(request).await;
    let too_large = response.body().size_hint().upper().is_none_or(|size| size > MAX_ANSWER_BYTES as u64);
    if response.status() != StatusCode::OK || too_large {
        cache.answers.not_kept(miss);
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_ANSWER_BYTES).await {
        Ok(bytes) => bytes,
        Err(err) => return ApiError::Internal(anyhow::anyhow!("reading a public answer: {err}")).into_response(),
    };
    let content_type =
        parts.headers.get(header::CONTENT_TYPE).cloned().unwrap_or(HeaderValue::from_static("application/json"));
    if !cache.answers.admits(&key, kept.open) {
        cache.answers.not_kept(miss);
        return kept_answers::plain(content_type, bytes).respond(&headers, CACHE_CONTROL);
    }
    let answer = Arc::new(kept_answers::prepare(content_type, bytes).await);
    cache.answers.keep(miss, key, answer.clone());
    answer.respond(&headers, CACHE_CONTROL)
}

/// Middleware for admin calls that change what public reads show: after a successful change, the
/// public answers are dropped here and, through the content version, on every other instance.
async fn invalidate(Extension(state): Extension<AppState>, request: Request, next: Next) -> Response {
    let changes = request.method() != Method::GET;
    let response = next.run(request).await;
    if changes && response.status().is_success() {
        if let Err(err) = changed(&state).await {
            tracing::error!(error = %err, "the content version did not move: other instances keep old answers");
        }
    }
    response
}

/// Tells every running instance that the content changed outside them (an import from the command line):
/// they drop their public answers at their next poll.
pub(crate) async fn content_changed(db: &Db) -> Result<(), sqlx::Error> {
    version::bump(db).await.map(drop)
}

async fn changed(state: &AppState) -> Result<(), sqlx::Error> {
    let version = version::bump(&state.db).await?;
    state.public_cache.version.store(version, Relaxed);
    state.public_cache.clear();
    Ok(())
}

/// Drops this instance's public answers and settings copies when another instance changed the
/// content (the version moved), and clears the caches an admin cleared on another instance.
pub async fn sync(state: &AppState) -> Result<(), sqlx::Error> {
    let version = version::read(&state.db).await?;
    if state.public_cache.version.swap(version, Relaxed) != version {
        state.public_cache.clear();
        state.settings.forget_all();
    }
    state.caches.sync(&state.db).await
}

/// Polls the content version and the caches' clear versions twice a second.
pub(crate) fn spawn_sync(state: AppState) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SYNC_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(err) = sync(&state).await {
                tracing::warn!(error = %err, "cannot read the content and cache versions");
            }
        }
    });
}
