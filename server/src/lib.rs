//! Pointe's server: the JSON API under `/api`, the OpenAPI document and docs, and the web app.

mod access;
mod admin;
mod analytics;
mod assistant;
mod audit;
mod auth;
mod backup;
mod blog;
mod botcheck;
mod cache_monitor;
mod caches;
mod catalogue;
mod cleanup;
pub mod cli;
mod client_info;
mod config;
mod crash_reports;
mod csv;
mod dates;
mod db;
mod db_filter;
mod email;
mod encoding;
mod error;
mod extract;
mod fields;
mod finder;
mod fitting;
mod health;
mod html;
mod kept_answers;
mod lang;
mod lifecycle;
mod metrics;
mod newsletter;
mod openapi;
mod paging;
mod precompressed;
mod private_hosts;
mod public_cache;
mod ratelimit;
mod report_range;
mod request_log;
mod scrape;
mod secrets;
mod security_headers;
mod seo;
mod serve;
mod sessions;
mod settings;
mod site;
#[doc(hidden)]
pub mod testing;
mod text;
mod time;
mod tips;
mod translations;
mod uploads;
mod users;
mod web;

use std::{sync::Arc, time::Duration};

use axum::{middleware, routing::any, Extension, Router};
use tower_http::{
    compression::{
        predicate::{DefaultPredicate, Predicate, SizeAbove},
        CompressionLayer, CompressionLevel,
    },
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    timeout::RequestBodyTimeoutLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;
use utoipa_axum::router::OpenApiRouter;

pub use config::Config;
use db::Db;
use secrets::Keys;
use time::{Clock, SystemClock};
use tokio::sync::Notify;
use web::WebApp;

/// What every request handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub web: Arc<WebApp>,
    pub clock: Arc<dyn Clock>,
    keys: Arc<Keys>,
    /// Woken when a message enters the outbox.
    pub mail_ready: Arc<Notify>,
    /// Woken when a campaign starts or resumes sending.
    pub campaigns_ready: Arc<Notify>,
    rate_limits: ratelimit::Store,
    pub settings: Arc<settings::Settings>,
    /// The finished answers of public reads (public_cache/).
    pub public_cache: Arc<public_cache::PublicCache>,
    pub assistant: Arc<assistant::Assistant>,
    /// The recommendations' inputs this instance keeps (fitting/recommend/).
    pub(crate) fitting: Arc<fitting::recommend::Inputs>,
    /// Every in-process cache, for the admin's cache screen.
    pub caches: Arc<caches::Registry>,
    /// Page views and events waiting for the analytics writer.
    pub analytics: Arc<analytics::Collector>,
    /// The external analytics through the site's origin.
    pub analytics_proxy: Arc<analytics::Proxy>,
    /// What `/metrics` reports (metrics.rs).
    pub metrics: Arc<metrics::Metrics>,
    /// This process's id in the cluster and its stop signal.
    pub lifecycle: Arc<lifecycle::Lifecycle>,
}

impl AppState {
    /// Opens and migrates the database, loads seed content once, and reads the built web app.
    pub async fn start(config: Config) -> anyhow::Result<Self> {
        Self::start_with_clock(config, Arc::new(SystemClock)).await
    }

    /// As `start`, with the clock tests move by hand.
    pub async fn start_with_clock(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let db = open_database(&config).await?;
        if let Some(admin) = &config.bootstrap_admin {
            users::service::bootstrap(&db, admin).await?;
        }
        let web = Arc::new(WebApp::load(config.web_dist.clone())?);
        let keys = Arc::new(secrets::load(&db, config.secret_key.as_deref()).await?);
        let rate_limits = ratelimit::Store::from_config(&config.rate_limit_store).await?;
        let assistant = Arc::new(assistant::Assistant::start()?);
        let public_cache = Arc::new(public_cache::PublicCache::new(&db, vec![web.pages.clone()]).await?);
        let settings = Arc::new(settings::Settings::new(settings::Sealer::new(&keys.settings)));
        let mut monitored: Vec<(caches::CacheName, Arc<dyn caches::Monitored>)> = vec![
            (caches::CacheName::PublicReads, public_cache.clone()),
            (caches::CacheName::RenderedPages, web.pages.clone()),
            (caches::CacheName::Settings, settings.clone()),
        ];
        monitored.extend(assistant.caches());
        let caches = Arc::new(caches::Registry::new(&db, monitored).await?);
        Ok(Self {
            db,
            config: Arc::new(config),
            web,
            clock,
            keys,
            mail_ready: Arc::new(Notify::new()),
            campaigns_ready: Arc::new(Notify::new()),
            rate_limits,
            settings,
            public_cache,
            assistant,
            fitting: Arc::default(),
            caches,
            analytics: Arc::new(analytics::Collector::default()),
            analytics_proxy: Arc::new(analytics::Proxy::default()),
            metrics: Arc::default(),
            lifecycle: Arc::default(),
        })
    }
}

/// Connects, brings the schema up to date and loads the seed content a new database starts with (each seed
/// only into an empty database).
async fn open_database(config: &Config) -> anyhow::Result<Db> {
    let db = db::connect(&config.database_url).await?;
    db::migrate(&db).await?;
    if catalogue::seed::seed_catalogue(&db).await? {
        tracing::info!("loaded the seed catalogue");
    }
    if config.seed_shoe_models {
        if let Some(report) = finder::import::seed(&db).await? {
            tracing::info!(added = report.added, unread = report.unread.len(), "imported the shoe models");
        }
        let families = finder::import::seed_families(&db).await?;
        if families > 0 {
            tracing::info!(families, "grouped the imported shoe models into families");
        }
    }
    if blog::seed::seed_blog(&db).await? {
        tracing::info!("loaded the seed blog");
    }
    Ok(db)
}

/// Every setting's key (`reset-setting`).
pub(crate) const SETTING_KEYS: [&str; 12] = [
    <blog::social_embeds::SocialEmbeds as settings::Stored>::KEY,
    <site::SiteIdentity as settings::Stored>::KEY,
    <Option<email::settings::EmailSettings> as settings::Stored>::KEY,
    <analytics::Analytics as settings::Stored>::KEY,
    <analytics::Collection as settings::Stored>::KEY,
    <assistant::settings::AiModels as settings::Stored>::KEY,
    <Option<assistant::settings::AiProviders> as settings::Stored>::KEY,
    <Option<botcheck::settings::BotCheckSettings> as settings::Stored>::KEY,
    <audit::retention::AuditRetention as settings::Stored>::KEY,
    <newsletter::campaigns::SendingSettings as settings::Stored>::KEY,
    <newsletter::mailbox::MailboxSettings as settings::Stored>::KEY,
    <email::dkim::DkimSettings as settings::Stored>::KEY,
];

/// Every feature's routes, each registered with its OpenAPI entry: the document is what is routed.
fn features() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::base())
        .merge(health::routes())
        .merge(catalogue::routes())
        .merge(finder::routes())
        .merge(blog::routes())
        .merge(site::routes())
        .merge(email::routes())
        .merge(newsletter::routes())
        .merge(analytics::routes())
        .merge(uploads::routes())
        .merge(sessions::routes())
        .merge(users::routes())
        .merge(audit::routes())
        .merge(seo::routes())
        .merge(auth::routes())
        .merge(botcheck::routes())
        .merge(tips::routes())
        .merge(fitting::routes())
        .merge(crash_reports::routes())
        .merge(admin::routes())
        .merge(assistant::routes())
        .merge(cache_monitor::routes())
}

/// The API's OpenAPI document, as `/api/openapi.json` serves it.
pub fn api_document() -> utoipa::openapi::OpenApi {
    openapi::complete(features().into_openapi())
}

/// How long a request may take to begin its answer: past the longest wait the admin can give the
/// assistant's provider (5 minutes), which answers with its own fallback first.
const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(330);
/// How long a request's body may take to arrive (an upload of a few MB on a slow line).
const BODY_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The whole HTTP application; tests build the same router.
pub fn app(state: AppState) -> Router {
    // Pages widen it for what they load (web/routes.rs); API answers and files run no script.
    let security_headers = security_headers::SecurityHeaders {
        csp: security_headers::content_security_policy(&security_headers::ExtraSources::default()),
        public_https: state.config.public_url.starts_with("https://"),
        trust_proxy: state.config.trust_proxy,
    };
    let (features, document) = features().split_for_parts();
    let api = features
        .route("/api", any(error::api_not_found))
        .route("/api/{*rest}", any(error::api_not_found))
        .method_not_allowed_fallback(error::api_method_not_allowed);
    state.web.renderer.connect(api.clone());
    let routes = Router::new()
        .merge(api)
        .merge(openapi::routes(openapi::complete(document)))
        .route("/metrics", axum::routing::get(scrape::metrics))
        .fallback(web::serve);
    // Counted only where they are read. Per route (a router's layer wraps each route), so the route's
    // pattern is known.
    let routes = if state.config.metrics_token.is_some() {
        routes.layer(middleware::from_fn_with_state(state.metrics.clone(), metrics::record))
    } else {
        routes
    };
    routes
        .layer(Extension(state.clone()))
        .with_state(state)
        .layer(middleware::from_fn(|request: axum::extract::Request, next: middleware::Next| {
            error::time_limit(REQUEST_TIME_LIMIT, request, next)
        }))
        // A body trickled in slower than this is refused (the head's own limit is in serve.rs).
        .layer(RequestBodyTimeoutLayer::new(BODY_TIME_LIMIT))
        .layer(middleware::from_fn_with_state(security_headers, security_headers::add))
        // Answers made per request are compressed at a low level (3 of gzip's 9, brotli's 11): higher
        // levels cost more time than the bytes they save. Below 1 KiB it does not pay at all.
        // The web app's files come precompressed at the strongest level (static_files.rs).
        .layer(
            CompressionLayer::new()
                .quality(CompressionLevel::Precise(3))
                .compress_when(DefaultPredicate::new().and(SizeAbove::new(1024))),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_log::span)
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
}
