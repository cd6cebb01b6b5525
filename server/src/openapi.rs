//! The OpenAPI document (`/api/openapi.json`) and its offline docs page (`/api/docs`).

use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    admin, assistant, audit, auth, blog, botcheck, catalogue, crash_reports, health, sessions, settings, tips, uploads,
    users, AppState,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Pointe API", description = "The JSON API of Pointe, the pointe shoe website. \
        Every error answers `{\"error\": \"<text>\"}`."),
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

/// Each feature describes its own routes; the document is their union.
pub fn document() -> utoipa::openapi::OpenApi {
    [
        health::ApiDoc::openapi(),
        catalogue::ApiDoc::openapi(),
        catalogue::AdminApiDoc::openapi(),
        auth::ApiDoc::openapi(),
        botcheck::ApiDoc::openapi(),
        tips::ApiDoc::openapi(),
        crash_reports::ApiDoc::openapi(),
        admin::ApiDoc::openapi(),
        uploads::ApiDoc::openapi(),
        sessions::ApiDoc::openapi(),
        users::ApiDoc::openapi(),
        users::AccountApiDoc::openapi(),
        audit::ApiDoc::openapi(),
    ]
    .into_iter()
    .chain(blog::api_docs())
    .chain(settings::api_docs())
    .chain(assistant::api_docs())
    .fold(ApiDoc::openapi(), utoipa::openapi::OpenApi::merge_from)
}

pub fn routes() -> axum::Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/openapi.json", document()).into()
}
