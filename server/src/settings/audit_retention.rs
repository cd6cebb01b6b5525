//! How long the audit log keeps entries; the cleanup job deletes older ones.

use axum::{extract::State, routing::get, Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::{editable, Editable, Setting, Settings};
use crate::{
    admin::fields::FieldErrors, auth::extract::SignedIn, client_info::ClientInfo, error::ApiResult, extract::ApiJson,
    AppState,
};

pub const DAYS: std::ops::RangeInclusive<u32> = 7..=3650;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AuditRetention {
    /// 7 to 3650.
    pub retention_days: u32,
}

impl Default for AuditRetention {
    fn default() -> Self {
        Self { retention_days: 365 }
    }
}

impl Editable for AuditRetention {
    fn slot(settings: &Settings) -> &Setting<Self> {
        &settings.audit_retention
    }

    fn check(&self, errors: &mut FieldErrors) {
        errors.within("retentionDays", self.retention_days, DAYS);
    }
}

#[derive(OpenApi)]
#[openapi(paths(admin_retention, save_retention), components(schemas(AuditRetention)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/admin/settings/audit", get(admin_retention).put(save_retention))
}

#[utoipa::path(get, path = "/api/admin/settings/audit", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = AuditRetention), (status = 401), (status = 403)))]
async fn admin_retention(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<AuditRetention>> {
    editable::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/audit", tag = "admin", security(("bearer" = [])), request_body = AuditRetention,
    responses((status = 200, body = AuditRetention), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_retention(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(value): ApiJson<AuditRetention>,
) -> ApiResult<Json<AuditRetention>> {
    editable::save(&state, &signed_in, &client, value).await
}
