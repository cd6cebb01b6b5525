//! Password reset: `POST /api/auth/request-password-reset` e-mails a single-use link (answering the
//! same whether or not the account exists); `POST /api/auth/reset-password` sets the new password and
//! ends every session of the account. The link carries its token in the URL fragment, which browsers
//! send neither to servers (logs) nor in `Referer`. Only the token's SHA-256 is stored.

mod routes;
mod service;
mod store;

pub(crate) use routes::routes;
pub(crate) use store::forget_expired;
