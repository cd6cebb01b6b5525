//! The audit log's admin table and export (routes.rs) and its retention setting; entries older than the
//! retention go in the cleanup job. What every feature writes to it is `access::audit`.

pub mod retention;
mod routes;
mod store;

/// The admin's audit log table, export and retention setting.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(retention::routes())
}
