//! Sessions: one row per sign-in (store.rs), the tokens that name them (tokens.rs: starting, renewing
//! and checking, what the extractors rely on), and the admin's calls to list and revoke them (routes.rs).

mod routes;
mod store;
mod tokens;

pub use routes::{routes, Revoked};
pub use store::{end, end_all_for_user, end_others, live, SessionList, Visible};
pub use tokens::{check, renew, start, Live};
