//! The bot-check at login and sign-up. By default a self-hosted ALTCHA proof of work: the server hands
//! out HMAC-signed challenges that expire, the browser finds the number, and each solution is accepted
//! once. A network whose sign-ins keep failing is given harder proofs of work (each challenge says its
//! cost in its signed salt, and a solution must be of the cost its network is due). Cloudflare
//! Turnstile can be configured instead. The request field keeps the spec's name, `turnstileToken`, for
//! both.

mod altcha;
mod model;
mod routes;
mod service;
pub(crate) mod settings;
mod turnstile;

pub(crate) use altcha::forget_expired;
pub(crate) use routes::routes;
pub(crate) use service::{failed, verify};
