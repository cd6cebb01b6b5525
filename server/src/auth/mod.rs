//! Accounts and security: sign-up and login finished by an e-mailed code, signed tokens tied to
//! sessions, and password reset.

mod codes;
pub mod extract;
mod login;
pub mod permissions;
mod reset;
mod reset_links;
mod routes;
pub mod token;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login::signup))
        .routes(routes!(login::login))
        .routes(routes!(login::verify_code))
        .routes(routes!(login::resend_code))
        .routes(routes!(routes::verify))
        .routes(routes!(routes::refresh))
        .routes(routes!(routes::logout))
        .routes(routes!(reset::request_reset))
        .routes(routes!(reset::reset_password))
}
