//! The dashboard's calls. `GET /api/admin/overview`: its first screen, how the site is doing; each figure
//! comes from its feature's own small function, and only when the admin's permissions open that feature's
//! screen. `GET /api/admin/stats`: the index page's counts.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{
        extract::SignedIn,
        permissions::{self, Permission},
        sessions,
    },
    analytics::{self, DayTraffic},
    assistant, blog, cache_monitor, catalogue, crash_reports,
    db::Db,
    error::ApiResult,
    newsletter::campaigns,
    time::DAY_MS,
    users, AppState,
};

const TRAFFIC_DAYS: i64 = 7;

/// Figures the admin may not see (no permission for the screen) are null.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Overview {
    /// Visitors and page views of the last 7 UTC days, today last.
    traffic: Option<Vec<DayTraffic>>,
    /// Accounts made in the last 7 days.
    new_members: Option<i64>,
    /// The campaign whose sending ended last; null too when none has been sent.
    last_campaign: Option<LastCampaign>,
    assistant: Option<AssistantDay>,
    /// Crash groups no admin has resolved or ignored.
    unresolved_crashes: Option<i64>,
    cache: Option<CacheOverview>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CacheOverview {
    /// Every cache's hits per query since the instances started; null before the first query.
    hit_rate: Option<f64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LastCampaign {
    id: String,
    name: String,
    finished_at: Option<i64>,
    sent: i64,
    /// Recipients who opened it ÷ sent, 0 to 1.
    open_rate: f64,
}

/// The assistant's last 24 hours.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AssistantDay {
    requests: i64,
    /// Share of requests no provider failed on; null without requests.
    success_rate: Option<f64>,
}

/// The dashboard's overview; any admin permission may read it, each figure needs its screen's.
#[utoipa::path(get, path = "/api/admin/overview", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Overview), (status = 401, description = "Authentication required"),
        (status = 403, description = "You do not have permission to do this")))]
pub(crate) async fn overview(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Overview>> {
    permissions::require_staff(&signed_in.user)?;
    let granted = permissions::of(&signed_in.user);
    let may = |permission: Permission| granted.contains(&permission);
    let (db, now) = (&state.db, state.clock.now_ms());
    Ok(Json(Overview {
        traffic: if may(Permission::Analytics) {
            Some(analytics::daily_traffic(db, now, TRAFFIC_DAYS).await?)
        } else {
            None
        },
        new_members: if may(Permission::Users) {
            Some(users::store::joined_since(db, now - TRAFFIC_DAYS * DAY_MS).await?)
        } else {
            None
        },
        last_campaign: if may(Permission::Email) { campaigns::last_sent(db).await?.map(last_campaign) } else { None },
        assistant: if may(Permission::Ai) {
            let (requests, success_rate) = assistant::monitoring::last_day(db, now).await?;
            Some(AssistantDay { requests, success_rate })
        } else {
            None
        },
        unresolved_crashes: if may(Permission::Crashes) { Some(crash_reports::unresolved(db).await?) } else { None },
        cache: if may(Permission::Cache) {
            Some(CacheOverview { hit_rate: cache_monitor::hit_rate(&state).await? })
        } else {
            None
        },
    }))
}

fn last_campaign(campaign: campaigns::CampaignRecord) -> LastCampaign {
    LastCampaign {
        id: campaign.id,
        name: campaign.draft.name,
        finished_at: campaign.finished_at,
        sent: campaign.performance.sent,
        open_rate: campaign.performance.open_rate,
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Stats {
    users: i64,
    brands: i64,
    products: i64,
    /// Published blog posts.
    posts: i64,
    /// Sessions neither ended nor expired.
    active_sessions: i64,
}

/// Counts for the dashboard's index; any admin permission may read them.
#[utoipa::path(get, path = "/api/admin/stats", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Stats), (status = 401, description = "Authentication required"),
        (status = 403, description = "You do not have permission to do this")))]
pub(super) async fn stats(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Stats>> {
    permissions::require_staff(&signed_in.user)?;
    Ok(Json(counts(&state.db, state.clock.now_ms()).await?))
}

/// Each count from its feature's own function.
async fn counts(db: &Db, now: i64) -> Result<Stats, sqlx::Error> {
    let (brands, products) = catalogue::counts(db).await?;
    Ok(Stats {
        users: users::store::count(db).await?,
        brands,
        products,
        posts: blog::store::published_count(db).await?,
        active_sessions: sessions::live_count(db, now).await?,
    })
}
