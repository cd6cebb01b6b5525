//! `GET /api/config/site` for the header and footer, and the admin's settings calls.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::identity::SiteIdentity;
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    finder, public_cache,
    settings::{self, Editable},
    AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(OpenApiRouter::new().routes(routes!(public_site)))
        .merge(public_cache::changes(OpenApiRouter::new().routes(routes!(admin_site, save_site))))
}

/// What the header and footer show: the site's identity, and the credit owed for the data it shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PublicSite {
    #[serde(flatten)]
    identity: SiteIdentity,
    /// The credit the shoe models' data set asks of every page that shows it (the footer shows it).
    data_credit: &'static str,
}

/// The site's name, slogan, location, contact address and website, and the data's credit, for the header
/// and footer.
#[utoipa::path(get, path = "/api/config/site", tag = "config", responses((status = 200, body = PublicSite)))]
async fn public_site(State(state): State<AppState>) -> ApiResult<Json<PublicSite>> {
    let mut site = state.settings.get::<SiteIdentity>(&state.db).await?.for_browser();
    if site.contact_email.trim().is_empty() {
        site.contact_email.clone_from(&state.config.contact_email);
    }
    if site.website_url.trim().is_empty() {
        site.website_url.clone_from(&state.config.public_url);
    }
    Ok(Json(PublicSite { identity: site, data_credit: finder::CREDIT }))
}

#[utoipa::path(get, path = "/api/admin/settings/site", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SiteIdentity), (status = 401), (status = 403)))]
async fn admin_site(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<SiteIdentity>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/site", tag = "admin", security(("bearer" = [])), request_body = SiteIdentity,
    responses((status = 200, body = SiteIdentity), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_site(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(site): ApiJson<SiteIdentity>,
) -> ApiResult<Json<SiteIdentity>> {
    settings::save(&state, &signed_in, &client, site).await
}
