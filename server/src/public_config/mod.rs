//! `GET /api/config/site`: the public facts the web app shows (footer contact, website link).

use axum::{extract::State, routing::get, Json, Router};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::AppState;

#[derive(OpenApi)]
#[openapi(paths(site_config), components(schemas(SiteConfig)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/config/site", get(site_config))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    contact_email: String,
    website_url: String,
}

/// Contact address and public website address of this installation.
#[utoipa::path(get, path = "/api/config/site", tag = "config", responses((status = 200, body = SiteConfig)))]
async fn site_config(State(state): State<AppState>) -> Json<SiteConfig> {
    Json(SiteConfig { contact_email: state.config.contact_email.clone(), website_url: state.config.public_url.clone() })
}
