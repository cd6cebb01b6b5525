//! The audit log's admin table and export (routes.rs) and its retention setting; entries older than the
//! retention go in the cleanup job. What every feature writes to it is `access::audit`.

pub(crate) mod retention;
mod routes;
mod store;

pub(crate) use routes::routes;
