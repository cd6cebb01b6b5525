//! Hits and visits in the database. A hit joins its visitor's visit when the visit's last hit is less
//! than 30 minutes old (as Plausible and Umami count visits); otherwise it starts one.

use std::collections::HashMap;

use sqlx::{Any, Transaction};

use crate::{db::Db, time::DAY_MS};

/// A page view or event as stored: the visitor's hash, never the IP.
pub struct Hit {
    pub at: i64,
    pub visitor: String,
    pub name: &'static str,
    pub path: String,
    pub lang: &'static str,
    pub browser_lang: String,
    pub source: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: String,
    pub browser: String,
    pub os: String,
    pub device: &'static str,
    pub target: String,
    pub brand: String,
    pub results: Option<i64>,
}

/// A visit ends after this long without a hit.
pub(crate) const VISIT_GAP_MS: i64 = 30 * 60_000;

pub(crate) const PAGEVIEW: &str = "pageview";

/// A visit as the batch left it.
struct Open {
    id: String,
    last_at: i64,
}

/// Writes a batch of hits, oldest first, in one transaction.
pub(crate) async fn write(db: &Db, hits: &[Hit]) -> Result<(), sqlx::Error> {
    let mut tx = crate::db::begin(db).await?;
    let mut open: HashMap<&str, Open> = HashMap::new();
    for hit in hits {
        let visit = match open.get(hit.visitor.as_str()) {
            Some(visit) if hit.at - visit.last_at < VISIT_GAP_MS => visit.id.clone(),
            _ => match current_visit(&mut tx, &hit.visitor, hit.at).await? {
                Some(id) => id,
                None => start_visit(&mut tx, hit).await?,
            },
        };
        insert_event(&mut tx, &visit, hit).await?;
        let pageview = hit.name == PAGEVIEW;
        sqlx::query(
            "UPDATE analytics_visits SET last_at = CASE WHEN last_at > $2 THEN last_at ELSE $2 END,
                 exit_path = CASE WHEN $3 = 1 THEN $4 ELSE exit_path END, pageviews = pageviews + $3
             WHERE id = $1",
        )
        .bind(&visit)
        .bind(hit.at)
        .bind(i64::from(pageview))
        .bind(&hit.path)
        .execute(&mut *tx)
        .await?;
        open.insert(&hit.visitor, Open { id: visit, last_at: hit.at });
    }
    tx.commit().await
}

async fn current_visit(tx: &mut Transaction<'_, Any>, visitor: &str, at: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM analytics_visits WHERE visitor = $1 AND last_at > $2 ORDER BY last_at DESC LIMIT 1",
    )
    .bind(visitor)
    .bind(at - VISIT_GAP_MS)
    .fetch_optional(&mut **tx)
    .await
}

async fn start_visit(tx: &mut Transaction<'_, Any>, hit: &Hit) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO analytics_visits (id, visitor, started_at, last_at, entry_path, exit_path, pageviews, source,
             utm_source, utm_medium, utm_campaign, browser, os, device, lang, browser_lang)
         VALUES ($1, $2, $3, $3, $4, $4, 0, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&id)
    .bind(&hit.visitor)
    .bind(hit.at)
    .bind(&hit.path)
    .bind(&hit.source)
    .bind(&hit.utm_source)
    .bind(&hit.utm_medium)
    .bind(&hit.utm_campaign)
    .bind(&hit.browser)
    .bind(&hit.os)
    .bind(hit.device)
    .bind(hit.lang)
    .bind(&hit.browser_lang)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

async fn insert_event(tx: &mut Transaction<'_, Any>, visit: &str, hit: &Hit) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO analytics_events (at, visit, visitor, name, path, lang, browser_lang, source, utm_source,
             utm_medium, utm_campaign, browser, os, device, target, brand, results)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(hit.at)
    .bind(visit)
    .bind(&hit.visitor)
    .bind(hit.name)
    .bind(&hit.path)
    .bind(hit.lang)
    .bind(&hit.browser_lang)
    .bind(&hit.source)
    .bind(&hit.utm_source)
    .bind(&hit.utm_medium)
    .bind(&hit.utm_campaign)
    .bind(&hit.browser)
    .bind(&hit.os)
    .bind(hit.device)
    .bind(&hit.target)
    .bind(&hit.brand)
    .bind(hit.results)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Hits counted per day and in no figure: from bots and headless browsers, and dropped because the
/// instance had no room for them (its queue full, or the database refusing a batch).
#[derive(Clone, Copy)]
pub(crate) enum Uncounted {
    Bots,
    Dropped,
}

impl Uncounted {
    fn table(self) -> &'static str {
        match self {
            Uncounted::Bots => "analytics_bots",
            Uncounted::Dropped => "analytics_dropped",
        }
    }
}

/// Adds `hits` to those of the day of `now`.
pub(crate) async fn add_uncounted(db: &Db, kind: Uncounted, now: i64, hits: u64) -> Result<(), sqlx::Error> {
    let table = kind.table();
    sqlx::query(&format!(
        "INSERT INTO {table} (day, hits) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET hits = {table}.hits + excluded.hits"
    ))
    .bind(now / DAY_MS)
    .bind(i64::try_from(hits).unwrap_or(i64::MAX))
    .execute(db)
    .await?;
    Ok(())
}

/// The hits of the days `first_day..=last_day`.
pub(crate) async fn uncounted(db: &Db, kind: Uncounted, first_day: i64, last_day: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) FROM {} WHERE day >= $1 AND day <= $2",
        kind.table()
    ))
    .bind(first_day)
    .bind(last_day)
    .fetch_one(db)
    .await
}
