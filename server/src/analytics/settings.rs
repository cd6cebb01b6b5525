//! What first-party analytics keeps: how long raw page views and events stay (older ones are kept only
//! as daily totals), and whether a search's words are recorded or only how many results it found.

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
    AppState,
};

pub const RETENTION_DAYS: std::ops::RangeInclusive<u32> = 30..=3650;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Collection {
    /// Days raw page views and events are kept.
    #[schema(minimum = 30, maximum = 3650)]
    pub retention_days: u32,
    /// Whether a search's words are kept (its number of results always is).
    pub record_search_terms: bool,
}

impl Default for Collection {
    fn default() -> Self {
        Self { retention_days: 400, record_search_terms: true }
    }
}

impl Stored for Collection {
    const KEY: &'static str = "analyticsCollection";
}

impl Editable for Collection {
    fn check(&self, errors: &mut FieldErrors) {
        errors.within("retentionDays", self.retention_days, RETENTION_DAYS);
    }
}

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_collection, save_collection))
}

#[utoipa::path(get, path = "/api/admin/settings/analytics-collection", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Collection), (status = 401), (status = 403)))]
async fn admin_collection(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<Collection>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/analytics-collection", tag = "admin", security(("bearer" = [])), request_body = Collection,
    responses((status = 200, body = Collection), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_collection(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<Collection>,
) -> ApiResult<Json<Collection>> {
    settings::save(&state, &signed_in, &client, value).await
}
