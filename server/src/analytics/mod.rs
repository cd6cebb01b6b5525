//! Analytics. First-party and cookieless (`collect`, `ingest`, `visitor`, `report`): the web app's
//! page views and events, a visitor being a hash of the day's salt, the IP and the user agent, so no
//! cookie and no IP address is kept; batched into the database by one writer per instance. The
//! optional external services (Google Analytics, Cloudflare Web Analytics) are in `external`.

mod collect;
mod dimensions;
mod export;
mod external;
mod ingest;
mod labels;
mod report;
mod retention;
mod routes;
mod scope;
mod settings;
mod store;
mod visitor;

pub use external::Analytics;
pub use ingest::{flush, spawn_flusher, Collector};
pub use retention::expire;
pub use settings::Collection;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    external::routes().merge(collect::routes()).merge(routes::routes()).merge(settings::routes())
}
