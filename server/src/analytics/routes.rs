//! The analytics calls: the beacon of the site's own analytics, the optional external services' ids and
//! their proxy through the site, the admin's settings of both, and the admin's reports (the `analytics`
//! permission): the report of a range and the live panel, both narrowed by the filters the admin clicked.

use axum::{
    body::Bytes,
    extract::{DefaultBodyLimit, RawQuery, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use super::{
    collect::{self, Beacon},
    export::{self, Part, RECENT_ROWS},
    external::Analytics,
    labels::Labels,
    pdf, proxy,
    report::{self, Live, Report},
    scope::{Dimension, Scope, DIMENSIONS},
    settings::Collection,
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    csv::{download, timestamp},
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    fields::FieldErrors,
    lang::Lang,
    public_cache,
    report_range::{RangeName, RangeQuery, Span, HOUR_MS, MINUTE_MS},
    settings,
    time::DAY_MS,
    AppState,
};

/// A beacon's body.
const BEACON_MAX_BYTES: usize = 4 * 1024;
/// A proxied hit's body: a batch of a few events.
const HIT_MAX_BYTES: usize = 16 * 1024;
const MAX_FILTER: usize = 300;

/// Filters: only hits (and visits) with this value. Each is one clicked row of a breakdown.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub(crate) struct FilterQuery {
    page: Option<String>,
    entry_page: Option<String>,
    exit_page: Option<String>,
    /// A source as the report names it; empty for direct visits.
    source: Option<String>,
    utm_campaign: Option<String>,
    /// The site's language on the page (not `lang`, which chooses the language of texts).
    site_lang: Option<String>,
    browser_lang: Option<String>,
    browser: Option<String>,
    os: Option<String>,
    device: Option<String>,
    /// Visits that had this event.
    event: Option<String>,
    /// Visits that followed this product's link.
    product: Option<String>,
    /// Visits that followed a link of this brand.
    brand: Option<String>,
}

impl FilterQuery {
    /// In the order of `DIMENSIONS`.
    fn values(self) -> [Option<String>; 13] {
        [
            self.page,
            self.entry_page,
            self.exit_page,
            self.source,
            self.utm_campaign,
            self.site_lang,
            self.browser_lang,
            self.browser,
            self.os,
            self.device,
            self.event,
            self.product,
            self.brand,
        ]
    }
}

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    let external = public_cache::reads(OpenApiRouter::new().routes(routes!(google)).routes(routes!(cloudflare)))
        .merge(public_cache::changes(OpenApiRouter::new().routes(routes!(admin_analytics, save_analytics))));
    let beacon = OpenApiRouter::new().routes(routes!(collect).layer(DefaultBodyLimit::max(BEACON_MAX_BYTES)));
    let proxy = OpenApiRouter::new()
        .routes(routes!(google_script))
        .routes(routes!(cloudflare_script))
        .routes(routes!(google_collect).layer(DefaultBodyLimit::max(HIT_MAX_BYTES)))
        .routes(routes!(cloudflare_collect).layer(DefaultBodyLimit::max(HIT_MAX_BYTES)));
    let admin = OpenApiRouter::new()
        .routes(routes!(analytics_report))
        .routes(routes!(analytics_live))
        .routes(routes!(analytics_export))
        .routes(routes!(admin_collection, save_collection));
    external.merge(beacon).merge(proxy).merge(admin)
}

/// Takes a page view or event for the site's own analytics (no cookie, no IP address kept). Answers 202
/// whether it is counted or, for bots and browsers that ask not to be tracked, ignored.
#[utoipa::path(post, path = "/api/analytics/event", tag = "analytics", request_body = Beacon,
    responses((status = 202, description = "Taken (or ignored)"), (status = 400, description = "Not a beacon"),
        (status = 413, description = "Over 4 KiB"), (status = 429, description = "Too many from this address")))]
async fn collect(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
    ApiJson(beacon): ApiJson<Beacon>,
) -> ApiResult<StatusCode> {
    let do_not_track = ["dnt", "sec-gpc"].iter().any(|name| headers.get(*name).is_some_and(|v| v == "1"));
    let own_host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    collect::take(&state, &client, beacon, do_not_track, own_host).await?;
    Ok(StatusCode::ACCEPTED)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GoogleAnalytics {
    enabled: bool,
    measurement_id: String,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct CloudflareAnalytics {
    enabled: bool,
    token: String,
}

/// Whether the pages load Google Analytics, and with which measurement id.
#[utoipa::path(get, path = "/api/config/analytics", tag = "config", responses((status = 200, body = GoogleAnalytics)))]
async fn google(State(state): State<AppState>) -> ApiResult<Json<GoogleAnalytics>> {
    let id = state.settings.get::<Analytics>(&state.db).await?.measurement_id.clone();
    Ok(Json(GoogleAnalytics { enabled: !id.is_empty(), measurement_id: id }))
}

/// Whether the pages load Cloudflare Web Analytics, and with which token.
#[utoipa::path(get, path = "/api/config/cloudflare-analytics", tag = "config", responses((status = 200, body = CloudflareAnalytics)))]
async fn cloudflare(State(state): State<AppState>) -> ApiResult<Json<CloudflareAnalytics>> {
    let token = state.settings.get::<Analytics>(&state.db).await?.cloudflare_token.clone();
    Ok(Json(CloudflareAnalytics { enabled: !token.is_empty(), token }))
}

#[utoipa::path(get, path = "/api/admin/settings/analytics", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Analytics), (status = 401), (status = 403)))]
async fn admin_analytics(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<Analytics>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/analytics", tag = "admin", security(("bearer" = [])), request_body = Analytics,
    responses((status = 200, body = Analytics), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_analytics(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<Analytics>,
) -> ApiResult<Json<Analytics>> {
    settings::save(&state, &signed_in, &client, value).await
}

/// Google's tag (gtag.js) for the configured measurement id.
#[utoipa::path(get, path = "/api/analytics/proxy/google/gtag.js", tag = "config",
    responses((status = 200, content_type = "application/javascript", description = "gtag.js"),
        (status = 404, description = "Google Analytics is off"), (status = 502, description = "Google did not answer")))]
async fn google_script(State(state): State<AppState>) -> ApiResult<Response> {
    Ok(javascript(proxy::google_script(&state).await?))
}

/// Cloudflare's Web Analytics beacon.
#[utoipa::path(get, path = "/api/analytics/proxy/cloudflare/beacon.min.js", tag = "config",
    responses((status = 200, content_type = "application/javascript", description = "beacon.min.js"),
        (status = 404, description = "Cloudflare Web Analytics is off"), (status = 502, description = "Cloudflare did not answer")))]
async fn cloudflare_script(State(state): State<AppState>) -> ApiResult<Response> {
    Ok(javascript(proxy::cloudflare_script(&state).await?))
}

/// A script of the proxy, cached by browsers for the hour the proxy keeps its copy.
fn javascript(body: Bytes) -> Response {
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("application/javascript; charset=utf-8")),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
    ];
    (headers, body).into_response()
}

/// A Google Analytics hit (gtag's `transport_url` points here), passed on with its query and body.
#[utoipa::path(post, path = "/api/analytics/proxy/google/g/collect", tag = "config", request_body(content = String, content_type = "text/plain"),
    responses((status = 204, description = "Passed on"), (status = 400, description = "Query too long"),
        (status = 403, description = "Only this site's own analytics are passed on"), (status = 404, description = "Google Analytics is off"),
        (status = 413, description = "Over 16 KiB"), (status = 429, description = "Too many from this address"), (status = 502, description = "Google did not answer")))]
async fn google_collect(
    State(state): State<AppState>,
    client: ClientInfo,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    proxy::google_collect(&state, &client, &query.unwrap_or_default(), &headers, body).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A Cloudflare Web Analytics report (the beacon's `send.to` points here), passed on with its body.
#[utoipa::path(post, path = "/api/analytics/proxy/cloudflare/cdn-cgi/rum", tag = "config", request_body(content = String, content_type = "application/json"),
    responses((status = 204, description = "Passed on"), (status = 403, description = "Only this site's own analytics are passed on"),
        (status = 404, description = "Cloudflare Web Analytics is off"), (status = 413, description = "Over 16 KiB"),
        (status = 429, description = "Too many from this address"), (status = 502, description = "Cloudflare did not answer")))]
async fn cloudflare_collect(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    proxy::cloudflare_collect(&state, &client, &headers, body).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/admin/settings/analytics-collection", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Collection), (status = 401), (status = 403)))]
async fn admin_collection(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<Collection>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/analytics-collection", tag = "admin", security(("bearer" = [])), request_body = Collection,
    responses((status = 200, body = Collection), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_collection(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<Collection>,
) -> ApiResult<Json<Collection>> {
    settings::save(&state, &signed_in, &client, value).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportQuery {
    /// Which CSV, `all` of them in a zip, or `pdf`: the full report.
    #[param(inline)]
    part: Part,
    /// The language of the files' words (he, en, ru, fr or es; Hebrew otherwise).
    lang: Option<String>,
}

/// The range's figures as a CSV file (or every CSV in a zip), or the full report as a PDF, in the admin's
/// language; audited.
#[utoipa::path(get, path = "/api/admin/analytics/export", tag = "admin", security(("bearer" = [])),
    params(ExportQuery, RangeQuery, FilterQuery),
    responses((status = 200, description = "analytics-PART-RANGE-DATE.csv, or .zip for `all`, .pdf for `pdf`",
            content((String = "text/csv"), (Vec<u8> = "application/zip"), (Vec<u8> = "application/pdf"))),
        (status = 400, description = "Invalid range, with `fields`"), (status = 401), (status = 403)))]
async fn analytics_export(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Analytics>,
    client: ClientInfo,
    ApiQuery(export): ApiQuery<ExportQuery>,
    ApiQuery(range): ApiQuery<RangeQuery>,
    ApiQuery(filters): ApiQuery<FilterQuery>,
) -> ApiResult<Response> {
    let now = state.clock.now_ms();
    let (scope, span) = scope(range, filters, now)?;
    let labels = Labels(Lang::from_tag(export.lang.as_deref()));
    let part = export.part;
    let filename = format!("analytics-{}-{}-{}", part.code(), span.name.code(), &timestamp(now)[..10]);
    let download = match part {
        Part::Recent => {
            let hits = report::recent(&state.db, &scope, RECENT_ROWS).await?;
            export::recent(&hits, labels).into_download(&format!("{filename}.csv"))
        }
        Part::Pdf => {
            let figures = report::report(&state.db, span.name, &scope, span.step_ms).await?;
            // Laying out pages is CPU work: off the threads that serve requests.
            let pdf = tokio::task::spawn_blocking(move || pdf::render(&figures, labels))
                .await
                .map_err(anyhow::Error::from)??;
            download("application/pdf", &format!("{filename}.pdf"), pdf)
        }
        Part::Summary | Part::Pages | Part::All => {
            let figures = report::report(&state.db, span.name, &scope, span.step_ms).await?;
            match part {
                Part::Summary => export::summary(&figures, labels).into_download(&format!("{filename}.csv")),
                Part::Pages => export::breakdown(&figures.breakdowns.pages, Some("page"), labels)
                    .into_download(&format!("{filename}.csv")),
                _ => {
                    let hits = report::recent(&state.db, &scope, RECENT_ROWS).await?;
                    // Compressing is CPU work: off the threads that serve requests.
                    let zipped = tokio::task::spawn_blocking(move || export::all(&figures, &hits, labels))
                        .await
                        .map_err(anyhow::Error::from)?
                        .map_err(anyhow::Error::from)?;
                    download("application/zip", &format!("{filename}.zip"), zipped)
                }
            }
        }
    };
    let detail = format!("{} {}", part.code(), span.name.code());
    audit::record_change(&state, &client, &signed_in.user, Action::Export, Resource::Analytics, &detail).await?;
    Ok(download)
}

/// The range's figures, each with the previous period's, the chart and every breakdown.
#[utoipa::path(get, path = "/api/admin/analytics", tag = "admin", security(("bearer" = [])), params(RangeQuery, FilterQuery),
    responses((status = 200, body = Report), (status = 400, description = "Invalid range, with `fields`"), (status = 401), (status = 403)))]
async fn analytics_report(
    State(state): State<AppState>,
    _: RequirePermission<area::Analytics>,
    ApiQuery(range): ApiQuery<RangeQuery>,
    ApiQuery(filters): ApiQuery<FilterQuery>,
) -> ApiResult<Json<Report>> {
    let (scope, span) = scope(range, filters, state.clock.now_ms())?;
    Ok(Json(report::report(&state.db, span.name, &scope, span.step_ms).await?))
}

/// Visitors of the last five minutes and the latest 50 page views and events.
#[utoipa::path(get, path = "/api/admin/analytics/live", tag = "admin", security(("bearer" = [])), params(FilterQuery),
    responses((status = 200, body = Live), (status = 400), (status = 401), (status = 403)))]
async fn analytics_live(
    State(state): State<AppState>,
    _: RequirePermission<area::Analytics>,
    ApiQuery(filters): ApiQuery<FilterQuery>,
) -> ApiResult<Json<Live>> {
    let mut errors = FieldErrors::default();
    let filters = filter_values(filters, &mut errors);
    errors.finish()?;
    let scope = Scope { from: 0, to: state.clock.now_ms() + 1, filters };
    Ok(Json(report::live(&state.db, &scope).await?))
}

/// The range and its chart's step, and the filters.
fn scope(range: RangeQuery, filters: FilterQuery, now: i64) -> ApiResult<(Scope, Span)> {
    let mut errors = FieldErrors::default();
    let filters = filter_values(filters, &mut errors);
    let span = range.span(now, RangeName::Week, chart_step, &mut errors);
    errors.finish()?;
    Ok((Scope { from: span.from, to: span.to, filters }, span))
}

/// A minute's slots over an hour, an hour's over a day, a day's beyond.
fn chart_step(name: RangeName, length: i64) -> i64 {
    match name {
        RangeName::Hour => MINUTE_MS,
        RangeName::Day => HOUR_MS,
        RangeName::Week | RangeName::Month => DAY_MS,
        RangeName::Custom if length <= 3 * HOUR_MS => MINUTE_MS,
        RangeName::Custom if length <= 3 * DAY_MS => HOUR_MS,
        RangeName::Custom => DAY_MS,
    }
}

fn filter_values(filters: FilterQuery, errors: &mut FieldErrors) -> Vec<(&'static Dimension, String)> {
    let mut values = Vec::new();
    for (dimension, value) in DIMENSIONS.iter().zip(filters.values()) {
        if let Some(value) = value {
            errors.max_len(dimension.param, &value, MAX_FILTER);
            values.push((dimension, value));
        }
    }
    values
}
