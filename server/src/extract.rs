//! Extractors whose rejections answer in the API's JSON error shape.

mod objects;

use axum::{
    extract::{FromRequestParts, Query},
    http::{request::Parts, StatusCode},
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ApiError, ErrorCode, Text};

/// `Query<T>` that rejects a malformed query string with `{"error": "Invalid query: ..."}`.
pub(crate) struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state).await.map(|Query(value)| ApiQuery(value)).map_err(|rejection| {
            ApiError::Unreadable {
                code: ErrorCode::InvalidQuery,
                message: format!("Invalid query: {}", rejection.body_text()),
            }
        })
    }
}

pub(crate) const BODY_TOO_LARGE: Text = Text::new(ErrorCode::BodyTooLarge, "The request body is too large");

/// `Json<T>` that rejects a body over its route's limit with 413, and a malformed or mistyped one (a struct written
/// as a list among them: objects.rs) with `{"error": "Invalid request body: ..."}`.
/// A whole number written with a fraction (`433.0`, an integer in JSON Schema's eyes) reads as that
/// integer, so an integer field takes every value its schema allows.
pub(crate) struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let unreadable = |detail: String| ApiError::Unreadable {
            code: ErrorCode::InvalidBody,
            message: format!("Invalid request body: {detail}"),
        };
        let axum::Json(mut value) = axum::Json::<Value>::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge(BODY_TOO_LARGE)
            } else {
                unreadable(rejection.body_text())
            }
        })?;
        whole_numbers_as_integers(&mut value);
        serde_path_to_error::deserialize(objects::ObjectsOnly(value))
            .map(ApiJson)
            .map_err(|err| unreadable(format!("Failed to deserialize the JSON body into the target type: {err}")))
    }
}

fn whole_numbers_as_integers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            let whole = number.as_f64().filter(|f| !number.is_i64() && !number.is_u64() && f.fract() == 0.0);
            if let Some(integer) = whole.filter(|f| f.abs() < 2f64.powi(53)) {
                *number = serde_json::Number::from(integer as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers_as_integers),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::whole_numbers_as_integers;

    #[test]
    fn whole_numbers_read_as_integers() {
        let mut value = json!({ "width": 433.0, "ratio": 0.5, "list": [2.0, -3.0, 7], "big": 1e300 });
        whole_numbers_as_integers(&mut value);
        assert_eq!(value, json!({ "width": 433, "ratio": 0.5, "list": [2, -3, 7], "big": 1e300 }));
    }
}
