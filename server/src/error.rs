//! One error type for every API failure: it answers `{"error": "<text>"}` with a fitting status.

use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
    Json,
};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    MethodNotAllowed(&'static str),
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, text) = match &self {
            Self::NotFound(text) => (StatusCode::NOT_FOUND, (*text).to_owned()),
            Self::BadRequest(text) => (StatusCode::BAD_REQUEST, text.clone()),
            Self::MethodNotAllowed(text) => (StatusCode::METHOD_NOT_ALLOWED, (*text).to_owned()),
            Self::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "request failed");
                (StatusCode::INTERNAL_SERVER_ERROR, "Internal server error".to_owned())
            }
        };
        (status, Json(json!({ "error": text }))).into_response()
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
