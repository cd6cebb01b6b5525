//! Extractors whose rejections answer in the API's JSON error shape.

use axum::{
    extract::{FromRequestParts, Query},
    http::request::Parts,
};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// `Query<T>` that rejects a malformed query string with `{"error": "Invalid query: ..."}`.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state).await.map(|Query(value)| ApiQuery(value)).map_err(|rejection| {
            ApiError::Unreadable { code: "invalid_query", message: format!("Invalid query: {}", rejection.body_text()) }
        })
    }
}

/// `Json<T>` that rejects a malformed or mistyped body with `{"error": "Invalid request body: ..."}`.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        axum::Json::<T>::from_request(request, state).await.map(|axum::Json(value)| ApiJson(value)).map_err(
            |rejection| ApiError::Unreadable {
                code: "invalid_body",
                message: format!("Invalid request body: {}", rejection.body_text()),
            },
        )
    }
}
