//! Analytics. First-party and cookieless (`collect`, `ingest`, `visitor`, `report`): the web app's
//! page views and events, a visitor being a hash of the day's salt, the IP and the user agent, so no
//! cookie and no IP address is kept; batched into the database by one writer per instance. The
//! optional external services (Google Analytics, Cloudflare Web Analytics) are in `external`.

mod collect;
mod counts;
mod daily;
mod dimensions;
mod export;
mod external;
mod ingest;
mod labels;
mod pdf;
mod proxy;
mod raw;
mod report;
mod retention;
mod rollup;
mod routes;
mod scope;
mod settings;
mod store;
mod tally;
mod visitor;

pub(crate) use daily::{daily_traffic, DayTraffic};
pub(crate) use external::Analytics;
pub(crate) use ingest::{flush, spawn_flusher, Collector};
pub(crate) use proxy::Proxy;
pub(crate) use retention::expire;
pub(crate) use rollup::roll_up_finished_days;
pub(crate) use routes::routes;
pub(crate) use settings::Collection;

use crate::{client_info::ClientInfo, AppState};

/// The client's visitor hash of the day (as analytics counts visitors): who it is today, without a kept IP.
pub(crate) async fn visitor(state: &AppState, now: i64, client: &ClientInfo) -> Result<String, sqlx::Error> {
    state.analytics.salts.visitor(&state.db, now, &client.ip, &client.user_agent).await
}
