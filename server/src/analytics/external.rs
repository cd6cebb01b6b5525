//! External web analytics (spec §3, §7): a Google Analytics measurement id (`G-…`) and a Cloudflare Web
//! Analytics token. Public at `GET /api/config/analytics` and `GET /api/config/cloudflare-analytics`;
//! the pages' CSP allows each provider's script and beacon only while its id is set.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::settings::{self, Editable, Stored};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    fields::FieldErrors,
    public_cache,
    security_headers::ExtraSources,
    AppState,
};

pub const MEASUREMENT_ID_RULE: &str = "Must start with G- followed by letters and digits";
pub const CLOUDFLARE_TOKEN_RULE: &str = "Must be the 32-character token from Cloudflare";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Analytics {
    /// Blank: Google Analytics is off.
    #[schema(pattern = "^(G-[A-Za-z0-9]{4,20})?$")]
    pub measurement_id: String,
    /// Blank: Cloudflare Web Analytics is off.
    #[schema(pattern = "^([0-9A-Fa-f]{32})?$")]
    pub cloudflare_token: String,
}

impl Stored for Analytics {
    const KEY: &'static str = "analytics";
}

impl Editable for Analytics {
    fn check(&self, errors: &mut FieldErrors) {
        let id = self.measurement_id.as_str();
        let well_formed = id
            .strip_prefix("G-")
            .is_some_and(|rest| (4..=20).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_alphanumeric()));
        if !id.is_empty() && !well_formed {
            errors.fail("measurementId", MEASUREMENT_ID_RULE);
        }
        let token = self.cloudflare_token.as_str();
        let well_formed = token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit());
        if !token.is_empty() && !well_formed {
            errors.fail("cloudflareToken", CLOUDFLARE_TOKEN_RULE);
        }
    }
}

/// Where Google's tag loads from and sends to (Google's CSP guide for GA4).
pub const GOOGLE_SCRIPT_ORIGIN: &str = "https://*.googletagmanager.com";
pub const GOOGLE_CONNECT_ORIGINS: [&str; 3] =
    ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
pub const GOOGLE_IMAGE_ORIGINS: [&str; 2] = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];
/// Where Cloudflare's beacon loads from and sends to.
pub const CLOUDFLARE_SCRIPT_ORIGIN: &str = "https://static.cloudflareinsights.com";
pub const CLOUDFLARE_CONNECT_ORIGIN: &str = "https://cloudflareinsights.com";

impl Analytics {
    /// The origins the pages' CSP adds for the providers that are on.
    pub fn sources(&self) -> ExtraSources {
        let mut sources = ExtraSources::default();
        if !self.measurement_id.is_empty() {
            sources.scripts.push(GOOGLE_SCRIPT_ORIGIN);
            sources.connects.extend(GOOGLE_CONNECT_ORIGINS);
            sources.images.extend(GOOGLE_IMAGE_ORIGINS);
        }
        if !self.cloudflare_token.is_empty() {
            sources.scripts.push(CLOUDFLARE_SCRIPT_ORIGIN);
            sources.connects.push(CLOUDFLARE_CONNECT_ORIGIN);
        }
        sources
    }
}

pub(super) fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(OpenApiRouter::new().routes(routes!(google)).routes(routes!(cloudflare)))
        .merge(public_cache::changes(OpenApiRouter::new().routes(routes!(admin_analytics, save_analytics))))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoogleAnalytics {
    enabled: bool,
    measurement_id: String,
}

#[derive(Serialize, ToSchema)]
pub struct CloudflareAnalytics {
    enabled: bool,
    token: String,
}

/// Whether the pages load Google Analytics, and with which measurement id.
#[utoipa::path(get, path = "/api/config/analytics", tag = "config", responses((status = 200, body = GoogleAnalytics)))]
async fn google(State(state): State<AppState>) -> ApiResult<Json<GoogleAnalytics>> {
    let id = state.settings.get::<Analytics>(&state.db).await?.measurement_id.clone();
    Ok(Json(GoogleAnalytics { enabled: !id.is_empty(), measurement_id: id }))
}

/// Whether the pages load Cloudflare Web Analytics, and with which token.
#[utoipa::path(get, path = "/api/config/cloudflare-analytics", tag = "config", responses((status = 200, body = CloudflareAnalytics)))]
async fn cloudflare(State(state): State<AppState>) -> ApiResult<Json<CloudflareAnalytics>> {
    let token = state.settings.get::<Analytics>(&state.db).await?.cloudflare_token.clone();
    Ok(Json(CloudflareAnalytics { enabled: !token.is_empty(), token }))
}

#[utoipa::path(get, path = "/api/admin/settings/analytics", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Analytics), (status = 401), (status = 403)))]
async fn admin_analytics(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<Analytics>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/analytics", tag = "admin", security(("bearer" = [])), request_body = Analytics,
    responses((status = 200, body = Analytics), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_analytics(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<Analytics>,
) -> ApiResult<Json<Analytics>> {
    settings::save(&state, &signed_in, &client, value).await
}
