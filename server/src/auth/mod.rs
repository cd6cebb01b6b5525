//! Signing in: sign-up and login finished by an e-mailed code, the session's verify, refresh and logout,
//! and password reset. Who is signed in and what they may do is `access`.

mod codes;
mod login;
mod reset;
mod reset_links;
mod routes;

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
