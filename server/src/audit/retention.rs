//! How long the audit log keeps entries; the cleanup job deletes older ones.

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

pub const DAYS: std::ops::RangeInclusive<u32> = 7..=3650;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AuditRetention {
    #[schema(minimum = 7, maximum = 3650)]
    pub retention_days: u32,
}

impl Default for AuditRetention {
    fn default() -> Self {
        Self { retention_days: 365 }
    }
}

impl Stored for AuditRetention {
    const KEY: &'static str = "auditRetention";
}

impl Editable for AuditRetention {
    fn check(&self, errors: &mut FieldErrors) {
        errors.within("retentionDays", self.retention_days, DAYS);
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_retention, save_retention))
}

#[utoipa::path(get, path = "/api/admin/settings/audit", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = AuditRetention), (status = 401), (status = 403)))]
async fn admin_retention(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<AuditRetention>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/audit", tag = "admin", security(("bearer" = [])), request_body = AuditRetention,
    responses((status = 200, body = AuditRetention), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_retention(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<AuditRetention>,
) -> ApiResult<Json<AuditRetention>> {
    settings::save(&state, &signed_in, &client, value).await
}
