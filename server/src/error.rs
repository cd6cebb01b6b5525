//! One error type for every API failure: it answers `{"error": "<text>"}` with a fitting status, plus
//! `fields` (per-field messages) for invalid input and `code` + `retryAfter` when rate-limited, so the
//! client can show a translated text.

use std::collections::BTreeMap;

use axum::{
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde_json::json;

pub const AUTHENTICATION_REQUIRED: &str = "Authentication required";
pub const TOO_MANY_REQUESTS: &str = "Too many attempts. Please wait and try again.";

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    BadRequest(String),
    /// Input that breaks the rules: the first message as `error`, every field's message in `fields`.
    #[error("{message}")]
    Invalid { message: String, fields: BTreeMap<String, String> },
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{0}")]
    Conflict(&'static str),
    /// A unique value (an id, a slug) that another record already has: 409, with the field in `fields`
    /// so a form shows it there.
    #[error("{message}")]
    Taken { field: &'static str, message: &'static str },
    #[error("{0}")]
    PayloadTooLarge(&'static str),
    #[error("{0}")]
    UnsupportedMediaType(&'static str),
    #[error("{TOO_MANY_REQUESTS}")]
    TooManyRequests { retry_after_secs: u64 },
    #[error("{0}")]
    MethodNotAllowed(&'static str),
    /// A service this server called (an e-mail provider) failed; the text says how.
    #[error("{0}")]
    BadGateway(String),
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// Runs the field rules: `Ok` when every one passes, else `Invalid` with each failing field's message.
    pub fn check_fields(checks: impl IntoIterator<Item = (&'static str, Result<(), &'static str>)>) -> ApiResult<()> {
        Self::from_fields(
            checks
                .into_iter()
                .filter_map(|(field, outcome)| outcome.err().map(|m| (field.to_owned(), m.to_owned())))
                .collect(),
        )
    }

    /// One field's input breaks a rule.
    pub fn invalid_field(field: &str, message: &str) -> Self {
        Self::Invalid { message: message.to_owned(), fields: BTreeMap::from([(field.to_owned(), message.to_owned())]) }
    }

    /// `Ok` when no field failed, else `Invalid` with the first message (in field order) as `error`.
    pub fn from_fields(fields: BTreeMap<String, String>) -> ApiResult<()> {
        match fields.values().next() {
            None => Ok(()),
            Some(first) => Err(Self::Invalid { message: first.clone(), fields }),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let text = self.to_string();
        let (status, body) = match self {
            Self::NotFound(_) => (StatusCode::NOT_FOUND, json!({ "error": text })),
            Self::BadRequest(_) => (StatusCode::BAD_REQUEST, json!({ "error": text })),
            Self::Invalid { fields, .. } => (StatusCode::BAD_REQUEST, json!({ "error": text, "fields": fields })),
            Self::Unauthorized(_) => (StatusCode::UNAUTHORIZED, json!({ "error": text })),
            Self::Forbidden(_) => (StatusCode::FORBIDDEN, json!({ "error": text })),
            Self::Conflict(_) => (StatusCode::CONFLICT, json!({ "error": text })),
            Self::Taken { field, .. } => (StatusCode::CONFLICT, json!({ "error": text, "fields": { field: text } })),
            Self::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, json!({ "error": text })),
            Self::UnsupportedMediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, json!({ "error": text })),
            Self::TooManyRequests { retry_after_secs } => {
                let body = json!({ "error": text, "code": "rate_limited", "retryAfter": retry_after_secs });
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    [(header::RETRY_AFTER, retry_after_secs.to_string())],
                    Json(body),
                )
                    .into_response();
            }
            Self::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, json!({ "error": text })),
            Self::BadGateway(_) => (StatusCode::BAD_GATEWAY, json!({ "error": text })),
            Self::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "request failed");
                (StatusCode::INTERNAL_SERVER_ERROR, json!({ "error": "Internal server error" }))
            }
        };
        (status, Json(body)).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Answer for any `/api/...` path that no route serves.
pub async fn api_not_found() -> ApiError {
    ApiError::NotFound("Not found")
}

/// Answer for a known `/api/...` path called with a method it does not take.
pub async fn api_method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed("Method not allowed")
}
