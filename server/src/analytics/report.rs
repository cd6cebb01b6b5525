//! What the analytics screen shows for a range: the headline numbers beside the previous period's, the
//! visitors and page views per minute, hour or day, and every breakdown as a ranked list.

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::{
    scope::{RangeName, Scope},
    store::PAGEVIEW,
};
use crate::{db::Db, time::DAY_MS};

/// Rows of a breakdown.
const TOP: i64 = 10;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub range: RangeName,
    pub from: i64,
    pub to: i64,
    /// The chart's step in milliseconds (a minute, an hour or a day).
    pub step_ms: i64,
    pub headline: Headline,
    pub series: Vec<Slot>,
    pub breakdowns: Breakdowns,
    /// Hits from bots and headless browsers on the range's days, not counted anywhere else.
    pub bots: i64,
}

/// A number this period and the previous period of the same length.
#[derive(Serialize, ToSchema)]
pub struct Figure {
    pub value: f64,
    pub previous: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Headline {
    pub visitors: Figure,
    pub visits: Figure,
    pub pageviews: Figure,
    pub views_per_visit: Figure,
    /// Visits of one page view or none, 0 to 1.
    pub bounce_rate: Figure,
    pub average_visit_secs: Figure,
}

impl Headline {
    /// Each figure with its key in the admin's texts (`analytics.headline.<key>`), in the screen's order.
    pub fn figures(&self) -> [(&'static str, &Figure); 6] {
        [
            ("visitors", &self.visitors),
            ("visits", &self.visits),
            ("pageviews", &self.pageviews),
            ("viewsPerVisit", &self.views_per_visit),
            ("bounceRate", &self.bounce_rate),
            ("averageVisit", &self.average_visit_secs),
        ]
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    /// The start of the slot (epoch ms).
    pub at: i64,
    pub visitors: i64,
    pub pageviews: i64,
}

/// A breakdown's row: its value, the visitors it had, and its page views, visits or events.
#[derive(Serialize, ToSchema)]
pub struct BreakdownRow {
    pub value: String,
    pub visitors: i64,
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Breakdowns {
    /// Page views per path.
    pub pages: Vec<BreakdownRow>,
    /// Visits per first page.
    pub entry_pages: Vec<BreakdownRow>,
    /// Visits per last page.
    pub exit_pages: Vec<BreakdownRow>,
    /// Visits per source; an empty value is a direct visit.
    pub sources: Vec<BreakdownRow>,
    pub utm_campaigns: Vec<BreakdownRow>,
    /// Page views per language of the site.
    pub languages: Vec<BreakdownRow>,
    /// Visits per browser language.
    pub browser_languages: Vec<BreakdownRow>,
    pub browsers: Vec<BreakdownRow>,
    pub operating_systems: Vec<BreakdownRow>,
    pub devices: Vec<BreakdownRow>,
    /// Events (not page views) per name.
    pub events: Vec<BreakdownRow>,
    /// Product links followed per product, and per brand.
    pub products: Vec<BreakdownRow>,
    pub brands: Vec<BreakdownRow>,
    /// Searches that found nothing, per words.
    pub empty_searches: Vec<BreakdownRow>,
    /// Questions to the assistant per language.
    pub chat_questions: Vec<BreakdownRow>,
}

impl Breakdowns {
    /// Each breakdown with its key in the admin's texts and the filter its values are (for their labels).
    pub fn all(&self) -> [(&'static str, Option<&'static str>, &[BreakdownRow]); 15] {
        [
            ("pages", Some("page"), &self.pages),
            ("entryPages", Some("entryPage"), &self.entry_pages),
            ("exitPages", Some("exitPage"), &self.exit_pages),
            ("sources", Some("source"), &self.sources),
            ("utmCampaigns", Some("utmCampaign"), &self.utm_campaigns),
            ("languages", Some("siteLang"), &self.languages),
            ("browserLanguages", Some("browserLang"), &self.browser_languages),
            ("browsers", Some("browser"), &self.browsers),
            ("operatingSystems", Some("os"), &self.operating_systems),
            ("devices", Some("device"), &self.devices),
            ("events", Some("event"), &self.events),
            ("products", Some("product"), &self.products),
            ("brands", Some("brand"), &self.brands),
            ("emptySearches", None, &self.empty_searches),
            ("chatQuestions", Some("siteLang"), &self.chat_questions),
        ]
    }
}

/// Where a breakdown counts: the events or the visits table, its column, and which rows.
struct Breakdown {
    visits: bool,
    column: &'static str,
    only: &'static str,
}

const fn events(column: &'static str, only: &'static str) -> Breakdown {
    Breakdown { visits: false, column, only }
}

const fn visits(column: &'static str, only: &'static str) -> Breakdown {
    Breakdown { visits: true, column, only }
}

pub async fn report(db: &Db, range: RangeName, scope: &Scope, step_ms: i64) -> Result<Report, sqlx::Error> {
    let (now, before) = (totals(db, scope).await?, totals(db, &scope.previous()).await?);
    let figure = |of: fn(&Totals) -> f64| Figure { value: of(&now), previous: of(&before) };
    let headline = Headline {
        visitors: figure(|t| t.visitors as f64),
        visits: figure(|t| t.visits as f64),
        pageviews: figure(|t| t.pageviews as f64),
        views_per_visit: figure(|t| ratio(t.pageviews, t.visits)),
        bounce_rate: figure(|t| ratio(t.bounces, t.visits)),
        average_visit_secs: figure(|t| ratio(t.duration_ms, t.visits) / 1000.0),
    };
    let pageviews_only = "name = 'pageview'";
    let top = async |breakdown: Breakdown| breakdown_rows(db, scope, breakdown).await;
    let breakdowns = Breakdowns {
        pages: top(events("path", pageviews_only)).await?,
        entry_pages: top(visits("entry_path", "")).await?,
        exit_pages: top(visits("exit_path", "")).await?,
        sources: top(visits("source", "")).await?,
        utm_campaigns: top(visits("utm_campaign", "utm_campaign <> ''")).await?,
        languages: top(events("lang", pageviews_only)).await?,
        browser_languages: top(visits("browser_lang", "browser_lang <> ''")).await?,
        browsers: top(visits("browser", "")).await?,
        operating_systems: top(visits("os", "")).await?,
        devices: top(visits("device", "")).await?,
        events: top(events("name", "name <> 'pageview'")).await?,
        products: top(events("target", "name = 'productLink' AND target <> ''")).await?,
        brands: top(events("brand", "name = 'productLink' AND brand <> ''")).await?,
        empty_searches: top(events("target", "name = 'search' AND results = 0 AND target <> ''")).await?,
        chat_questions: top(events("lang", "name = 'chatQuestion'")).await?,
    };
    Ok(Report {
        range,
        from: scope.from,
        to: scope.to,
        step_ms,
        headline,
        series: series(db, scope, step_ms).await?,
        breakdowns,
        bots: bots(db, scope).await?,
    })
}

fn ratio(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

struct Totals {
    visitors: i64,
    pageviews: i64,
    visits: i64,
    bounces: i64,
    duration_ms: i64,
}

async fn totals(db: &Db, scope: &Scope) -> Result<Totals, sqlx::Error> {
    let sql = format!(
        "SELECT COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS pageviews FROM analytics_events
         WHERE name = '{PAGEVIEW}' AND {}",
        scope.events()
    );
    let views = scope.bind(&sql).fetch_one(db).await?;
    let sql = format!(
        "SELECT COUNT(*) AS visits, CAST(COALESCE(SUM(CASE WHEN pageviews <= 1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS bounces,
             CAST(COALESCE(SUM(last_at - started_at), 0) AS BIGINT) AS duration FROM analytics_visits WHERE {}",
        scope.visits()
    );
    let visits = scope.bind(&sql).fetch_one(db).await?;
    let mut totals = Totals {
        visitors: views.try_get("visitors")?,
        pageviews: views.try_get("pageviews")?,
        visits: visits.try_get("visits")?,
        bounces: visits.try_get("bounces")?,
        duration_ms: visits.try_get("duration")?,
    };
    for day in daily(db, scope).await? {
        totals.visitors += day.visitors;
        totals.pageviews += day.pageviews;
        totals.visits += day.visits;
        totals.bounces += day.bounces;
        totals.duration_ms += day.duration_ms;
    }
    Ok(totals)
}

/// A day past the retention, as its totals.
struct Day {
    start: i64,
    visitors: i64,
    pageviews: i64,
    visits: i64,
    bounces: i64,
    duration_ms: i64,
}

/// The days of the range that are only totals now; none under a filter, which totals cannot answer.
async fn daily(db: &Db, scope: &Scope) -> Result<Vec<Day>, sqlx::Error> {
    if !scope.filters.is_empty() {
        return Ok(Vec::new());
    }
    let first_day = (scope.from + DAY_MS - 1).div_euclid(DAY_MS);
    let end_day = (scope.to + DAY_MS - 1).div_euclid(DAY_MS);
    let rows = sqlx::query(
        "SELECT day, visitors, pageviews, visits, bounces, duration_ms FROM analytics_daily WHERE day >= $1 AND day < $2",
    )
    .bind(first_day)
    .bind(end_day)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Day {
                start: row.try_get::<i64, _>("day")? * DAY_MS,
                visitors: row.try_get("visitors")?,
                pageviews: row.try_get("pageviews")?,
                visits: row.try_get("visits")?,
                bounces: row.try_get("bounces")?,
                duration_ms: row.try_get("duration_ms")?,
            })
        })
        .collect()
}

/// Visitors and page views per step, every step of the range present (oldest first).
async fn series(db: &Db, scope: &Scope, step_ms: i64) -> Result<Vec<Slot>, sqlx::Error> {
    let sql = format!(
        "SELECT (at - $1) / {step_ms} AS slot, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS pageviews
         FROM analytics_events WHERE name = '{PAGEVIEW}' AND {} GROUP BY slot",
        scope.events()
    );
    let mut slots: Vec<Slot> = (0..(scope.to - scope.from + step_ms - 1) / step_ms)
        .map(|index| Slot { at: scope.from + index * step_ms, visitors: 0, pageviews: 0 })
        .collect();
    let mut add = |at: i64, visitors: i64, pageviews: i64| {
        if let Some(slot) = usize::try_from((at - scope.from) / step_ms).ok().and_then(|index| slots.get_mut(index)) {
            slot.visitors += visitors;
            slot.pageviews += pageviews;
        }
    };
    for row in scope.bind(&sql).fetch_all(db).await? {
        let slot: i64 = row.try_get("slot")?;
        add(scope.from + slot * step_ms, row.try_get("visitors")?, row.try_get("pageviews")?);
    }
    for day in daily(db, scope).await? {
        add(day.start, day.visitors, day.pageviews);
    }
    Ok(slots)
}

async fn breakdown_rows(db: &Db, scope: &Scope, breakdown: Breakdown) -> Result<Vec<BreakdownRow>, sqlx::Error> {
    let Breakdown { visits, column, only } = breakdown;
    let (table, conditions) =
        if visits { ("analytics_visits", scope.visits()) } else { ("analytics_events", scope.events()) };
    let only = if only.is_empty() { String::new() } else { format!(" AND {only}") };
    let sql = format!(
        "SELECT {column} AS value, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS n FROM {table}
         WHERE {conditions}{only} GROUP BY {column} ORDER BY visitors DESC, n DESC, value LIMIT {TOP}"
    );
    let rows = scope.bind(&sql).fetch_all(db).await?;
    rows.iter()
        .map(|row| {
            Ok(BreakdownRow {
                value: row.try_get("value")?,
                visitors: row.try_get("visitors")?,
                count: row.try_get("n")?,
            })
        })
        .collect()
}

async fn bots(db: &Db, scope: &Scope) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) FROM analytics_bots WHERE day >= $1 AND day <= $2",
    )
    .bind(scope.from / DAY_MS)
    .bind((scope.to - 1) / DAY_MS)
    .fetch_one(db)
    .await
}

/// The visitors of the last five minutes and the latest page views and events (for the live panel).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Live {
    pub visitors_now: i64,
    pub recent: Vec<RecentHit>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentHit {
    pub at: i64,
    pub name: String,
    pub path: String,
    pub lang: String,
    pub source: String,
    pub browser: String,
    pub os: String,
    pub device: String,
    pub target: String,
    pub brand: String,
    pub results: Option<i64>,
}

/// Latest hits shown live.
const RECENT: i64 = 50;
const NOW_MS: i64 = 5 * 60_000;

pub async fn live(db: &Db, scope: &Scope) -> Result<Live, sqlx::Error> {
    let now = Scope { from: scope.to - NOW_MS, ..scope.clone() };
    let sql = format!("SELECT COUNT(DISTINCT visitor) FROM analytics_events WHERE {}", now.events());
    let visitors_now: i64 = now.bind(&sql).fetch_one(db).await?.try_get(0)?;
    Ok(Live { visitors_now, recent: recent(db, scope, RECENT).await? })
}

/// The latest `limit` page views and events of the scope, newest first.
pub async fn recent(db: &Db, scope: &Scope, limit: i64) -> Result<Vec<RecentHit>, sqlx::Error> {
    let sql = format!(
        "SELECT at, name, path, lang, source, browser, os, device, target, brand, results FROM analytics_events
         WHERE {} ORDER BY at DESC LIMIT {limit}",
        scope.events()
    );
    scope
        .bind(&sql)
        .fetch_all(db)
        .await?
        .iter()
        .map(|row| {
            Ok(RecentHit {
                at: row.try_get("at")?,
                name: row.try_get("name")?,
                path: row.try_get("path")?,
                lang: row.try_get("lang")?,
                source: row.try_get("source")?,
                browser: row.try_get("browser")?,
                os: row.try_get("os")?,
                device: row.try_get("device")?,
                target: row.try_get("target")?,
                brand: row.try_get("brand")?,
                results: row.try_get("results")?,
            })
        })
        .collect()
}
