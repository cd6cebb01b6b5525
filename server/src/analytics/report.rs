//! What the analytics screen shows for a range: the headline numbers beside the previous period's, the
//! visitors and page views per minute, hour or day, and every breakdown as a ranked list.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::{
    counts,
    scope::Scope,
    store::{self, Uncounted},
    tally::{Tallied, Totals, BREAKDOWNS, BREAKDOWN_COUNT},
};
use crate::{db::Db, report_range::RangeName, time::DAY_MS};

/// Rows of a breakdown.
const TOP: usize = 10;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    pub range: RangeName,
    pub from: i64,
    pub to: i64,
    /// The chart's step in milliseconds (a minute, an hour or a day).
    pub step_ms: i64,
    pub headline: Headline,
    pub series: Vec<Slot>,
    pub breakdowns: Breakdowns,
    /// The filters the figures are narrowed by (none: every hit).
    pub filters: Vec<AppliedFilter>,
    /// Hits from bots and headless browsers on the range's days, not counted anywhere else.
    pub bots: i64,
    /// Hits lost on the range's days because the server had no room for them (its queue full, or the
    /// database refusing a batch).
    pub dropped: i64,
}

/// A filter of the report: its query parameter and value.
#[derive(Serialize, ToSchema)]
pub(crate) struct AppliedFilter {
    pub name: String,
    pub value: String,
}

/// A number this period and the previous period of the same length.
#[derive(Serialize, ToSchema)]
pub(crate) struct Figure {
    pub value: f64,
    pub previous: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Headline {
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
    pub(crate) fn figures(&self) -> [(&'static str, &Figure); 6] {
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
pub(crate) struct Slot {
    /// The start of the slot (epoch ms).
    pub at: i64,
    pub visitors: i64,
    pub pageviews: i64,
}

/// A breakdown's row: its value, the visitors it had, and its page views, visits or events.
#[derive(Serialize, ToSchema)]
pub(crate) struct BreakdownRow {
    pub value: String,
    pub visitors: i64,
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Breakdowns {
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
    /// The top rows of each breakdown, in `BREAKDOWNS`' order.
    fn from_rows(rows: [Vec<BreakdownRow>; BREAKDOWN_COUNT]) -> Self {
        let [pages, entry_pages, exit_pages, sources, utm_campaigns, languages, browser_languages, browsers, operating_systems, devices, events, products, brands, empty_searches, chat_questions] =
            rows;
        Self {
            pages,
            entry_pages,
            exit_pages,
            sources,
            utm_campaigns,
            languages,
            browser_languages,
            browsers,
            operating_systems,
            devices,
            events,
            products,
            brands,
            empty_searches,
            chat_questions,
        }
    }

    /// Each breakdown with its key in the admin's texts and the filter its values are (for their labels).
    pub(crate) fn all(&self) -> [(&'static str, Option<&'static str>, &[BreakdownRow]); BREAKDOWN_COUNT] {
        let rows: [&[BreakdownRow]; BREAKDOWN_COUNT] = [
            &self.pages,
            &self.entry_pages,
            &self.exit_pages,
            &self.sources,
            &self.utm_campaigns,
            &self.languages,
            &self.browser_languages,
            &self.browsers,
            &self.operating_systems,
            &self.devices,
            &self.events,
            &self.products,
            &self.brands,
            &self.empty_searches,
            &self.chat_questions,
        ];
        std::array::from_fn(|index| (BREAKDOWNS[index].key, BREAKDOWNS[index].filter, rows[index]))
    }
}

/// The range's report. Finished days are read as counted once the cleanup job has counted them
/// (`rollup`), raw until then.
pub(crate) async fn report(db: &Db, range: RangeName, scope: &Scope, step_ms: i64) -> Result<Report, sqlx::Error> {
    let previous = scope.previous();
    let (current, before) =
        tokio::try_join!(counts::counts(db, scope, step_ms), counts::totals(db, &previous, step_ms))?;
    let figure = |of: fn(&Totals) -> f64| Figure { value: of(&current.totals), previous: of(&before) };
    let headline = Headline {
        visitors: figure(|t| t.visitors as f64),
        visits: figure(|t| t.visits as f64),
        pageviews: figure(|t| t.pageviews as f64),
        views_per_visit: figure(|t| ratio(t.pageviews, t.visits)),
        bounce_rate: figure(|t| ratio(t.bounces, t.visits)),
        average_visit_secs: figure(|t| ratio(t.duration_ms, t.visits) / 1000.0),
    };
    let series = (0..(scope.to - scope.from + step_ms - 1) / step_ms)
        .map(|index| {
            let at = scope.from + index * step_ms;
            let tallied = current.slots.get(&at).copied().unwrap_or_default();
            Slot { at, visitors: tallied.visitors, pageviews: tallied.count }
        })
        .collect();
    Ok(Report {
        range,
        from: scope.from,
        to: scope.to,
        step_ms,
        headline,
        series,
        breakdowns: Breakdowns::from_rows(current.breakdowns.map(top)),
        filters: scope
            .filters
            .iter()
            .map(|(dimension, value)| AppliedFilter { name: dimension.param.to_owned(), value: value.clone() })
            .collect(),
        bots: uncounted(db, Uncounted::Bots, scope).await?,
        dropped: uncounted(db, Uncounted::Dropped, scope).await?,
    })
}

fn ratio(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// A breakdown's first rows: most visitors, then most rows, then by value.
fn top(values: HashMap<String, Tallied>) -> Vec<BreakdownRow> {
    let mut rows: Vec<BreakdownRow> = values
        .into_iter()
        .map(|(value, tallied)| BreakdownRow { value, visitors: tallied.visitors, count: tallied.count })
        .collect();
    rows.sort_unstable_by(|a, b| {
        b.visitors.cmp(&a.visitors).then(b.count.cmp(&a.count)).then_with(|| a.value.cmp(&b.value))
    });
    rows.truncate(TOP);
    rows
}

async fn uncounted(db: &Db, kind: Uncounted, scope: &Scope) -> Result<i64, sqlx::Error> {
    store::uncounted(db, kind, scope.from.div_euclid(DAY_MS), (scope.to - 1).div_euclid(DAY_MS)).await
}

/// The visitors of the last five minutes and the latest page views and events (for the live panel).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Live {
    pub visitors_now: i64,
    pub recent: Vec<RecentHit>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecentHit {
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

pub(crate) async fn live(db: &Db, scope: &Scope) -> Result<Live, sqlx::Error> {
    let now = Scope { from: scope.to - NOW_MS, ..scope.clone() };
    let sql = format!("SELECT COUNT(DISTINCT visitor) FROM analytics_events WHERE {}", now.events());
    let visitors_now: i64 = now.bind(&sql).fetch_one(db).await?.try_get(0)?;
    Ok(Live { visitors_now, recent: recent(db, scope, RECENT).await? })
}

/// The latest `limit` page views and events of the scope, newest first.
pub(crate) async fn recent(db: &Db, scope: &Scope, limit: i64) -> Result<Vec<RecentHit>, sqlx::Error> {
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
