//! The admin's calls to list and revoke sessions (routes.rs); the sessions themselves and their tokens are
//! `access::sessions`.

mod routes;

pub(crate) use routes::routes;
