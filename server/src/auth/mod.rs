//! Signing in: sign-up and login finished by an e-mailed code, the session's verify, refresh and logout,
//! and password reset. Who is signed in and what they may do is `access`.

mod codes;
mod model;
mod reset;
mod routes;
mod service;

pub(crate) use routes::routes;

use crate::db::Db;

/// Deletes the one-time codes and the reset links that expired before `until`: how many of each.
pub(crate) async fn forget_expired(db: &Db, until: i64) -> Result<(u64, u64), sqlx::Error> {
    Ok((codes::forget_expired(db, until).await?, reset::forget_expired(db, until).await?))
}
