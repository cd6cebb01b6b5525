//! Prometheus metrics (OpenMetrics text, served at `GET /metrics` by `scrape.rs`), for the operator's
//! Prometheus; deploy/grafana-dashboard.json charts them. The figures name routes and volumes, nothing
//! about people. Per instance:
//! requests and their latency per route (the route's pattern, so ids do not multiply the series), error
//! answers, the database pool, the caches. From the database, so the same on every instance: the e-mail
//! outbox and the campaigns' queued recipients, and the assistant's provider calls.

use std::{sync::Arc, time::Instant};

use axum::{
    extract::{MatchedPath, Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::Response,
};
use prometheus_client::{
    encoding::{text::encode, EncodeLabelSet},
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{exponential_buckets, Histogram},
    },
    registry::Registry,
};

use crate::{
    caches::{CacheName, Figures},
    db::Db,
};

/// Every label comes from a closed set, whatever the client sends: a label value is kept for as long as
/// the instance runs, so one drawn from the request would let each made-up method grow the memory.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Route {
    /// One of the standard methods, or `OTHER` (`method_label`).
    method: &'static str,
    /// The route's pattern (`/api/brands/{id}`), which the code defines, or `page` for the web app's
    /// pages and files.
    route: String,
    /// `1xx` … `5xx`.
    status: &'static str,
}

/// The request's method as a metric label or a log field: the standard ones by name, any other `OTHER`.
pub(crate) fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "OTHER",
    }
}

fn status_label(status: StatusCode) -> &'static str {
    match status.as_u16() / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Cache {
    cache: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Provider {
    provider: String,
    success: String,
}

type LatencyFamily = Family<Route, Histogram, fn() -> Histogram>;

/// The instance's metrics; requests are counted as they pass, the rest is read at each scrape.
pub struct Metrics {
    registry: Registry,
    requests: Family<Route, Counter>,
    latency: LatencyFamily,
    pool_connections: Gauge,
    pool_idle: Gauge,
    cache_hits: Family<Cache, Gauge>,
    cache_misses: Family<Cache, Gauge>,
    cache_entries: Family<Cache, Gauge>,
    cache_bytes: Family<Cache, Gauge>,
    outbox_queued: Gauge,
    campaign_queued: Gauge,
    ai_requests: Family<Provider, Gauge>,
}

/// Request durations from 1 ms to about 16 s, doubling.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("pointe");
        let requests = Family::<Route, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route and status class", requests.clone());
        let latency = LatencyFamily::new_with_constructor(latency_histogram);
        registry.register("http_request_duration_seconds", "Time to the answer's head", latency.clone());
        let gauge = |registry: &mut Registry, name: &str, help: &str| {
            let gauge = Gauge::default();
            registry.register(name, help, gauge.clone());
            gauge
        };
        let pool_connections = gauge(&mut registry, "db_pool_connections", "Database connections open");
        let pool_idle = gauge(&mut registry, "db_pool_idle_connections", "Database connections idle");
        let outbox_queued =
            gauge(&mut registry, "email_outbox_queued", "E-mails waiting in the outbox (all instances)");
        let campaign_queued =
            gauge(&mut registry, "campaign_recipients_queued", "Campaign recipients still to send (all instances)");
        let family = |registry: &mut Registry, name: &str, help: &str| {
            let family = Family::<Cache, Gauge>::default();
            registry.register(name, help, family.clone());
            family
        };
        let cache_hits = family(&mut registry, "cache_hits", "Cache hits since the instance started");
        let cache_misses = family(&mut registry, "cache_misses", "Cache misses since the instance started");
        let cache_entries = family(&mut registry, "cache_entries", "Entries in the cache");
        let cache_bytes = family(&mut registry, "cache_bytes", "What the cache's entries weigh");
        let ai_requests = Family::<Provider, Gauge>::default();
        registry.register(
            "ai_requests",
            "Assistant answers by provider, kept 90 days (all instances)",
            ai_requests.clone(),
        );
        Self {
            registry,
            requests,
            latency,
            pool_connections,
            pool_idle,
            cache_hits,
            cache_misses,
            cache_entries,
            cache_bytes,
            outbox_queued,
            campaign_queued,
            ai_requests,
        }
    }
}

/// Counts every request and how long its answer took to begin.
pub(crate) async fn record(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let began = Instant::now();
    let method = method_label(request.method());
    let route =
        request.extensions().get::<MatchedPath>().map_or_else(|| "page".to_owned(), |path| path.as_str().to_owned());
    let response = next.run(request).await;
    let labels = Route { method, route, status: status_label(response.status()) };
    metrics.requests.get_or_create(&labels).inc();
    metrics.latency.get_or_create(&labels).observe(began.elapsed().as_secs_f64());
    response
}

/// What a scrape reads from the database, the same on every instance; each figure from its feature.
pub struct SharedFigures {
    pub outbox_queued: i64,
    pub campaign_queued: i64,
    /// Per provider and success, the assistant's answers kept.
    pub ai_requests: Vec<(String, bool, i64)>,
}

impl Metrics {
    /// The OpenMetrics text: this instance's requests, its pool and caches, and the shared figures.
    pub fn render(&self, db: &Db, caches: Vec<(CacheName, Figures)>, shared: SharedFigures) -> anyhow::Result<String> {
        self.pool_connections.set(i64::from(db.size()));
        self.pool_idle.set(i64::try_from(db.num_idle()).unwrap_or(i64::MAX));
        for (name, figures) in caches {
            let labels = Cache { cache: name.code().to_owned() };
            let count = |value: u64| i64::try_from(value).unwrap_or(i64::MAX);
            self.cache_hits.get_or_create(&labels).set(count(figures.hits));
            self.cache_misses.get_or_create(&labels).set(count(figures.misses));
            self.cache_entries.get_or_create(&labels).set(count(figures.entries));
            self.cache_bytes.get_or_create(&labels).set(count(figures.bytes));
        }
        self.outbox_queued.set(shared.outbox_queued);
        self.campaign_queued.set(shared.campaign_queued);
        for (provider, success, answers) in shared.ai_requests {
            self.ai_requests.get_or_create(&Provider { provider, success: success.to_string() }).set(answers);
        }
        let mut body = String::new();
        encode(&mut body, &self.registry)?;
        Ok(body)
    }
}
