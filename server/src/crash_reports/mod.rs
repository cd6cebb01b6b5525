//! Crash reports: the web app's error boundary sends `POST /api/admin/log-error` (visitors too, rate
//! limited, fields cut to size); reports are grouped by fingerprint (`stack`) into groups an admin
//! resolves, ignores or deletes, and a group's stack is shown mapped back to the source with the build's
//! source maps, which stay on the server (`source_maps`).

mod routes;
mod source_maps;
mod stack;
mod store;

pub(crate) use routes::routes;

use crate::db::Db;

/// Forgets the crashes not seen again since `cutoff` (the cleanup job): answers how many groups went.
pub(crate) async fn forget_unseen_since(db: &Db, cutoff: i64) -> Result<u64, sqlx::Error> {
    store::forget_unseen_since(db, cutoff).await
}

/// Crash groups no admin has looked at yet (the dashboard's figure).
pub(crate) async fn unresolved(db: &Db) -> Result<i64, sqlx::Error> {
    store::unresolved(db).await
}
