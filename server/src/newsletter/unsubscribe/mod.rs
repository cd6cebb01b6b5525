//! Leaving the list from an e-mail: every message links to `GET /api/email/unsubscribe?token=…`, which
//! opens the confirmation page in the member's language; mail clients unsubscribe in one click by POSTing
//! to the same address (RFC 8058). The token names the member and is signed, so nobody else's works.

mod routes;
mod service;

pub(crate) use routes::routes;
pub use service::url;
pub(crate) use service::{base_url, requested_by_mail, unsubscribe_by_mail};
