//! Sessions: one row per sign-in (store.rs: starting, renewing, checking and ending them, what the
//! tokens and the extractors rely on) and the admin's calls to list and revoke them (routes.rs).

mod routes;
pub mod store;

pub use routes::{routes, Revoked};
pub use store::{check, end, end_all_for_user, end_others, live, renew, start, Issued, Live, SessionList};
