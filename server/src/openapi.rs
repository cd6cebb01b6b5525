//! The OpenAPI document (`/api/openapi.json`) and its offline docs page (`/api/docs`).

use utoipa::{
    openapi::{
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
        Content, OpenApi as Document, Ref, RefOr, Response,
    },
    Modify, OpenApi, PartialSchema, ToSchema,
};
use utoipa_swagger_ui::SwaggerUi;

use crate::{error::ErrorAnswer, AppState};

#[derive(OpenApi)]
#[openapi(
    info(title = "Pointe API", description = "The JSON API of Pointe, the pointe shoe website. \
        Every error answers `ErrorAnswer`: `{\"error\": \"<English text>\", \"code\": \"<stable code>\"}`, \
        with `fields` for invalid input and `retryAfter` when rate-limited."),
    modifiers(&BearerToken)
)]
struct ApiDoc;

/// The `bearer` scheme that signed-in calls name: the token from login, in `Authorization: Bearer …`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let scheme =
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build());
        openapi.components.get_or_insert_with(Default::default).add_security_scheme("bearer", scheme);
    }
}

/// The document's title, description and security scheme; the features add their paths (lib.rs).
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// Every operation's error answers, described once: the `ErrorAnswer` body on each error status an
/// operation lists, and the statuses any operation of its kind can answer: 400 when it reads a body or
/// parameters (one that does not read) and 401 when it takes a session.
pub fn with_error_answers(mut document: Document) -> Document {
    let (name, schema) = (ErrorAnswer::name(), ErrorAnswer::schema());
    document.components.get_or_insert_with(Default::default).schemas.insert(name.to_string(), schema);
    for item in document.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
            &mut item.options,
            &mut item.trace,
        ];
        for operation in operations.into_iter().flatten() {
            let reads_input = operation.request_body.is_some() || operation.parameters.is_some();
            let responses = &mut operation.responses.responses;
            if reads_input {
                responses.entry("400".to_owned()).or_insert_with(|| Response::new("The request does not read").into());
            }
            if operation.security.is_some() {
                responses.entry("401".to_owned()).or_insert_with(|| Response::new("Authentication required").into());
            }
            for (status, response) in responses.iter_mut() {
                if let (true, RefOr::T(response)) = (status.starts_with('4') || status.starts_with('5'), response) {
                    response
                        .content
                        .entry("application/json".to_owned())
                        .or_insert_with(|| Content::new(Some(Ref::from_schema_name(name.to_string()))));
                }
            }
        }
    }
    document
}

pub fn routes(document: utoipa::openapi::OpenApi) -> axum::Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/openapi.json", document).into()
}
