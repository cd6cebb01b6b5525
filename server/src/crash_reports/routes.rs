//! The crash-report calls: the web app's report (`POST /api/admin/log-error`, from visitors too, rate
//! limited per address) and the admin's list, detail and bulk actions.

use axum::{
    extract::{DefaultBodyLimit, Path, State},
    http::StatusCode,
    response::Response,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use super::{
    source_maps::{self, MappedFrame},
    stack,
    store::{self, CrashGroup, CrashOccurrence, CrashStatus, NewReport},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{
        extract::{MaybeSignedIn, RequirePermission},
        permissions::area,
    },
    analytics,
    client_info::{ClientInfo, MAX_USER_AGENT},
    csv::{self, Csv},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::{ApiJson, ApiQuery},
    lang::Lang,
    paging::{PageQuery, Paging},
    ratelimit::{self, Limit, CRASH_REPORT_PER_IP},
    text::cut,
    AppState,
};

/// A real report: a message, a browser's stack (Chromium keeps ten frames), a component stack, the page.
const MAX_BODY_BYTES: usize = 24 * 1024;
const MAX_MESSAGE: usize = 1_000;
const MAX_STACK: usize = 8_000;
const MAX_COMPONENT_STACK: usize = 4_000;
const MAX_URL: usize = 1_000;
const EXPORT_LIMIT: i64 = 10_000;
/// Groups one bulk action may name (a page of the list at most).
const MAX_BULK: usize = 100;

/// Daily budgets of what reports may add to the database, per address and for the whole site: new
/// groups (each distinct message is one, so the per-group cap alone does not bound the rows) and bytes.
/// Past one, a report is dropped and counted for the crash screen.
const NEW_GROUPS_PER_IP: Limit = Limit { name: "crash-groups-ip", max_hits: 20, window_secs: DAY_SECS };
const NEW_GROUPS_SITE: Limit = Limit { name: "crash-groups-site", max_hits: 500, window_secs: DAY_SECS };
const BYTES_PER_IP: Limit = Limit { name: "crash-bytes-ip", max_hits: 512 * 1024, window_secs: DAY_SECS };
const BYTES_SITE: Limit = Limit { name: "crash-bytes-site", max_hits: 16 * 1024 * 1024, window_secs: DAY_SECS };
const DAY_SECS: i64 = 24 * 60 * 60;
/// The subject of the site-wide budgets.
const WHOLE_SITE: &str = "site";

pub(crate) const CRASH_NOT_FOUND: Text = Text::new(ErrorCode::CrashNotFound, "Crash report not found");
const NONE_CHOSEN: Text = Text::new(ErrorCode::NoneChosen, "Choose at least one crash report");
const TOO_MANY_CHOSEN: Text = Text::new(ErrorCode::TooManyChosen, "Choose at most 100 crash reports");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(log_error).layer(DefaultBodyLimit::max(MAX_BODY_BYTES)))
        .routes(routes!(list))
        .routes(routes!(export))
        .routes(routes!(detail))
        .routes(routes!(bulk))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CrashReport {
    message: String,
    stack: Option<String>,
    component_stack: Option<String>,
    url: String,
    user_agent: Option<String>,
    /// When the browser saw the crash (ISO 8601).
    timestamp: String,
    /// The page's language (he, en, ru, fr, es).
    lang: Option<String>,
    /// The web app's build.
    release: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Stored {
    success: bool,
}

/// Stores a crash report of a visitor's or member's browser, grouped with the same crash's others.
#[utoipa::path(post, path = "/api/admin/log-error", tag = "admin", request_body = CrashReport, security((), ("bearer" = [])),
    responses((status = 201, body = Stored), (status = 400), (status = 413), (status = 429, description = "Too many attempts. Please wait and try again.")))]
async fn log_error(
    signed_in: MaybeSignedIn,
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(report): ApiJson<CrashReport>,
) -> ApiResult<(StatusCode, Json<Stored>)> {
    ratelimit::hit(&state, &CRASH_REPORT_PER_IP, &client.rate_key()).await?;
    let now = state.clock.now_ms();
    let user_id = signed_in.0.map(|signed_in| signed_in.user.id);
    let reporter = match &user_id {
        Some(id) => id.clone(),
        None => format!("visitor:{}", analytics::visitor(&state, now, &client).await?),
    };
    let message = cut(&report.message, MAX_MESSAGE).to_owned();
    let stack = report.stack.as_deref().map(|s| cut(s, MAX_STACK).to_owned());
    let fingerprint = stack::fingerprint(&message, &stack::frames(stack.as_deref().unwrap_or_default()));
    let stored = NewReport {
        user_id,
        reporter,
        message,
        stack,
        component_stack: report.component_stack.as_deref().map(|s| cut(s, MAX_COMPONENT_STACK).to_owned()),
        url: cut(&report.url, MAX_URL).to_owned(),
        user_agent: cut(report.user_agent.as_deref().unwrap_or(&client.user_agent), MAX_USER_AGENT).to_owned(),
        browser: client.browser(),
        lang: report.lang.as_deref().and_then(Lang::from_code).map(Lang::code).unwrap_or_default().to_owned(),
        release: cut(report.release.as_deref().unwrap_or_default(), 64).to_owned(),
        reported_at: cut(&report.timestamp, 64).to_owned(),
    };
    if let Err(refused) = within_budgets(&state, &client.rate_key(), &fingerprint, stored.bytes()).await {
        store::count_drop(&state.db, now).await?;
        return Err(refused);
    }
    store::insert(&state.db, &fingerprint, stored, now).await?;
    Ok((StatusCode::CREATED, Json(Stored { success: true })))
}

/// Spends the report's bytes, and a new group when it starts one, from the day's budgets.
async fn within_budgets(state: &AppState, address: &str, fingerprint: &str, bytes: usize) -> ApiResult<()> {
    let bytes = i64::try_from(bytes).unwrap_or(i64::MAX);
    ratelimit::spend(state, &BYTES_PER_IP, address, bytes).await?;
    ratelimit::spend(state, &BYTES_SITE, WHOLE_SITE, bytes).await?;
    if store::is_new_group(&state.db, fingerprint).await? {
        ratelimit::hit(state, &NEW_GROUPS_PER_IP, address).await?;
        ratelimit::hit(state, &NEW_GROUPS_SITE, WHOLE_SITE).await?;
    }
    Ok(())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListQuery {
    /// Only groups of this status; every status when left out.
    #[param(inline)]
    status: Option<CrashStatus>,
    /// Words of the message.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CrashPage {
    groups: Vec<CrashGroup>,
    total: i64,
    page: i64,
    page_size: i64,
    /// Reports refused over the last seven days because a daily budget was spent.
    dropped_this_week: i64,
}

/// Crash groups, last seen first.
#[utoipa::path(get, path = "/api/admin/crashes", tag = "admin", security(("bearer" = [])), params(ListQuery, PageQuery),
    responses((status = 200, body = CrashPage), (status = 400), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Crashes>,
    ApiQuery(query): ApiQuery<ListQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Json<CrashPage>> {
    let paging = page.paging(25)?;
    let (groups, total) = store::page(&state.db, query.status, query.search.as_deref(), paging).await?;
    let dropped_this_week = store::dropped_this_week(&state.db, state.clock.now_ms()).await?;
    Ok(Json(CrashPage { groups, total, page: paging.page, page_size: paging.size, dropped_this_week }))
}

/// The groups the filters leave as CSV with a BOM (the 10 000 last seen).
#[utoipa::path(get, path = "/api/admin/crashes/export", tag = "admin", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, content_type = "text/csv", description = "crash-reports.csv"), (status = 401), (status = 403)))]
async fn export(
    State(state): State<AppState>,
    _: RequirePermission<area::Crashes>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let everything = Paging { page: 1, size: EXPORT_LIMIT };
    let (groups, _) = store::page(&state.db, query.status, query.search.as_deref(), everything).await?;
    let mut csv = Csv::new(&["Message", "CrashStatus", "Reports", "Users", "First seen", "Last seen", "Browsers"]);
    for group in &groups {
        csv.row([
            group.message.as_str(),
            group.status.code(),
            &group.occurrences.to_string(),
            &group.users.to_string(),
            &csv::timestamp(group.first_seen),
            &csv::timestamp(group.last_seen),
            &group.browsers.join(", "),
        ]);
    }
    Ok(csv.into_download("crash-reports.csv"))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CrashDetail {
    group: CrashGroup,
    /// The newest report's stack, each frame mapped to the source by the build's source maps.
    frames: Vec<MappedFrame>,
    /// The newest report's stack as the browser wrote it.
    stack: Option<String>,
    /// The newest report's component stack (which components were drawing).
    component_stack: Option<String>,
    /// The kept reports (the newest 100), newest first.
    occurrences: Vec<CrashOccurrence>,
    /// The pages it happened on, most reports first.
    urls: Vec<CrashUrl>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct CrashUrl {
    url: String,
    count: i64,
}

/// One crash group: its mapped stack, its reports and the pages they came from.
#[utoipa::path(get, path = "/api/admin/crashes/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = CrashDetail), (status = 401), (status = 403), (status = 404, description = "Crash report not found")))]
async fn detail(
    State(state): State<AppState>,
    _: RequirePermission<area::Crashes>,
    Path(id): Path<String>,
) -> ApiResult<Json<CrashDetail>> {
    let group = store::group(&state.db, &id).await?.ok_or(ApiError::NotFound(CRASH_NOT_FOUND))?;
    let occurrences = store::occurrences(&state.db, &id).await?;
    let (stack, component_stack) = store::newest_stacks(&state.db, &id).await?;
    let dist = state.config.web_dist.clone();
    let frames = stack::frames(stack.as_deref().unwrap_or_default());
    let frames = tokio::task::spawn_blocking(move || source_maps::map(&dist, frames))
        .await
        .map_err(|err| ApiError::Internal(err.into()))?;
    let urls = url_counts(&occurrences);
    Ok(Json(CrashDetail { group, frames, stack, component_stack, occurrences, urls }))
}

fn url_counts(occurrences: &[CrashOccurrence]) -> Vec<CrashUrl> {
    let mut counts: Vec<CrashUrl> = Vec::new();
    for occurrence in occurrences {
        match counts.iter_mut().find(|count| count.url == occurrence.url) {
            Some(count) => count.count += 1,
            None => counts.push(CrashUrl { url: occurrence.url.clone(), count: 1 }),
        }
    }
    counts.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.url.cmp(&b.url)));
    counts
}

#[derive(Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum CrashBulkAction {
    Resolve,
    Ignore,
    Reopen,
    Delete,
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct CrashBulkRequest {
    /// The groups (1 to 100).
    #[schema(min_items = 1, max_items = 100)]
    ids: Vec<String>,
    action: CrashBulkAction,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct CrashBulkDone {
    /// How many of the groups there were.
    changed: u64,
}

/// Resolves, ignores, reopens or deletes crash groups; audited.
#[utoipa::path(post, path = "/api/admin/crashes/bulk", tag = "admin", security(("bearer" = [])), request_body = CrashBulkRequest,
    responses((status = 200, body = CrashBulkDone), (status = 400, description = "Choose at least one crash report"), (status = 401), (status = 403)))]
async fn bulk(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Crashes>,
    client: ClientInfo,
    ApiJson(request): ApiJson<CrashBulkRequest>,
) -> ApiResult<Json<CrashBulkDone>> {
    if request.ids.is_empty() {
        return Err(ApiError::invalid_field("ids", NONE_CHOSEN));
    }
    if request.ids.len() > MAX_BULK {
        return Err(ApiError::invalid_field("ids", TOO_MANY_CHOSEN));
    }
    let mut ids = request.ids;
    ids.sort_unstable();
    ids.dedup();
    let (changed, action) = match request.action {
        CrashBulkAction::Resolve => (store::set_status(&state.db, &ids, CrashStatus::Resolved).await?, Action::Resolve),
        CrashBulkAction::Ignore => (store::set_status(&state.db, &ids, CrashStatus::Ignored).await?, Action::Ignore),
        CrashBulkAction::Reopen => (store::set_status(&state.db, &ids, CrashStatus::New).await?, Action::Reopen),
        CrashBulkAction::Delete => (store::delete(&state.db, &ids).await?, Action::Delete),
    };
    // Only the groups there were: an id that names none changes nothing to audit.
    for id in &changed {
        audit::record_change(&state, &client, &signed_in.user, action, Resource::CrashReport, id).await?;
    }
    Ok(Json(CrashBulkDone { changed: changed.len() as u64 }))
}
