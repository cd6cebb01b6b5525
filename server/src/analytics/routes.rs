//! The admin's analytics calls (the `analytics` permission): the report of a range and the live panel,
//! both narrowed by the filters the admin clicked.

use axum::{extract::State, response::Response, Json};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    export::{self, Part, RECENT_ROWS},
    labels::Labels,
    pdf,
    report::{self, Live, Report},
    scope::{Dimension, RangeName, Scope, DIMENSIONS},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    csv::{download, timestamp},
    error::ApiResult,
    extract::ApiQuery,
    fields::FieldErrors,
    lang::Lang,
    time::DAY_MS,
    AppState,
};

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
/// The longest custom range.
const MAX_DAYS: i64 = 400;
const MAX_FILTER: usize = 300;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// The last hour, 24 hours, 7 or 30 days (ending now), or `custom` with `from` and `to`. Default 7d.
    range: Option<RangeName>,
    /// Custom range's start (epoch ms).
    #[param(minimum = 0)]
    from: Option<i64>,
    /// Custom range's end, exclusive (epoch ms); at most 400 days after `from`.
    #[param(minimum = 0)]
    to: Option<i64>,
}

/// Filters: only hits (and visits) with this value. Each is one clicked row of a breakdown.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct FilterQuery {
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

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(analytics_report))
        .routes(routes!(analytics_live))
        .routes(routes!(analytics_export))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
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
    let name = range.range.unwrap_or(RangeName::Week);
    let now = state.clock.now_ms();
    let (scope, step_ms) = scope(range, filters, now)?;
    let labels = Labels(Lang::from_tag(export.lang.as_deref()));
    let part = export.part;
    let filename = format!("analytics-{}-{}-{}", part.code(), name.code(), &timestamp(now)[..10]);
    let download = match part {
        Part::Recent => {
            let hits = report::recent(&state.db, &scope, RECENT_ROWS).await?;
            export::recent(&hits, labels).into_download(&format!("{filename}.csv"))
        }
        Part::Pdf => {
            let figures = report::report(&state.db, name, &scope, step_ms).await?;
            // Laying out pages is CPU work: off the threads that serve requests.
            let pdf = tokio::task::spawn_blocking(move || pdf::render(&figures, labels))
                .await
                .map_err(anyhow::Error::from)??;
            download("application/pdf", &format!("{filename}.pdf"), pdf)
        }
        Part::Summary | Part::Pages | Part::All => {
            let figures = report::report(&state.db, name, &scope, step_ms).await?;
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
    let detail = format!("{} {}", part.code(), name.code());
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
    let name = range.range.unwrap_or(RangeName::Week);
    let now = state.clock.now_ms();
    let (scope, step_ms) = scope(range, filters, now)?;
    Ok(Json(report::report(&state.db, name, &scope, step_ms).await?))
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
fn scope(range: RangeQuery, filters: FilterQuery, now: i64) -> ApiResult<(Scope, i64)> {
    let mut errors = FieldErrors::default();
    let filters = filter_values(filters, &mut errors);
    for (field, time) in [("from", range.from), ("to", range.to)] {
        if time.is_some_and(|time| time < 0) {
            errors.fail(field, "Must be 0 or more");
        }
    }
    let preset = |span: i64, step: i64| {
        let to = (now / step + 1) * step;
        (to - span, to, step)
    };
    let (from, to, step_ms) = match range.range.unwrap_or(RangeName::Week) {
        RangeName::Hour => preset(HOUR_MS, MINUTE_MS),
        RangeName::Day => preset(DAY_MS, HOUR_MS),
        RangeName::Week => preset(7 * DAY_MS, DAY_MS),
        RangeName::Month => preset(30 * DAY_MS, DAY_MS),
        RangeName::Custom => {
            let (from, to) = (range.from.unwrap_or(-1), range.to.unwrap_or(-1));
            if from < 0 {
                errors.fail("from", "A custom range needs its start");
            }
            if to <= from {
                errors.fail("to", "Must be after the start");
            } else if to - from > MAX_DAYS * DAY_MS {
                errors.fail("to", format!("A range is at most {MAX_DAYS} days"));
            }
            let span = to - from;
            let step = if span <= 3 * HOUR_MS {
                MINUTE_MS
            } else if span <= 3 * DAY_MS {
                HOUR_MS
            } else {
                DAY_MS
            };
            (from, to, step)
        }
    };
    errors.finish()?;
    Ok((Scope { from, to, filters }, step_ms))
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
