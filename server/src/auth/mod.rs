//! Accounts and security: sign-up and login finished by an e-mailed code, signed tokens tied to
//! sessions, and password reset.

mod codes;
pub mod extract;
mod login;
pub mod permissions;
mod reset;
mod session_routes;
pub mod sessions;
pub mod token;

use axum::{routing::post, Router};
use utoipa::OpenApi;

use crate::AppState;

#[derive(OpenApi)]
#[openapi(paths(
    login::signup,
    login::login,
    login::verify_code,
    login::resend_code,
    session_routes::verify,
    session_routes::refresh,
    session_routes::logout,
    reset::request_reset,
    reset::reset_password,
))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/auth/signup", post(login::signup))
        .route("/api/auth/login", post(login::login))
        .route("/api/auth/verify-code", post(login::verify_code))
        .route("/api/auth/resend-code", post(login::resend_code))
        .route("/api/auth/verify", post(session_routes::verify))
        .route("/api/auth/refresh", post(session_routes::refresh))
        .route("/api/auth/logout", post(session_routes::logout))
        .route("/api/auth/request-password-reset", post(reset::request_reset))
        .route("/api/auth/reset-password", post(reset::reset_password))
}
