//! The OpenAPI document (`/api/openapi.json`) and its offline docs page (`/api/docs`).

use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::{auth, botcheck, catalogue, crash_reports, health, public_config, tips, AppState};

#[derive(OpenApi)]
#[openapi(
    info(title = "Pointe API", description = "The JSON API of Pointe, the pointe shoe website. \
        Every error answers `{\"error\": \"<text>\"}`.")
)]
struct ApiDoc;

/// Each feature describes its own routes; the document is their union.
pub fn document() -> utoipa::openapi::OpenApi {
    [
        health::ApiDoc::openapi(),
        catalogue::ApiDoc::openapi(),
        public_config::ApiDoc::openapi(),
        auth::ApiDoc::openapi(),
        botcheck::ApiDoc::openapi(),
        tips::ApiDoc::openapi(),
        crash_reports::ApiDoc::openapi(),
    ]
        .into_iter()
        .fold(ApiDoc::openapi(), utoipa::openapi::OpenApi::merge_from)
}

pub fn routes() -> axum::Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/openapi.json", document()).into()
}
