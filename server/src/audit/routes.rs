//! `GET /api/admin/audit-logs` (filtered, paged, newest first, with the values the filters offer),
//! `GET /api/admin/audit-logs/export` (the filtered log as CSV) and the retention setting
//! (`/api/admin/settings/audit`).

use axum::{extract::State, response::Response, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    retention::AuditRetention,
    store::{self, AuditEntry},
};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    csv::{self, Csv},
    db_filter::{Filter, Value},
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    paging::PageQuery,
    settings, AppState,
};

/// The most entries one export holds (the newest).
const EXPORT_LIMIT: i64 = 100_000;

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(export)).routes(routes!(admin_retention, save_retention))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AuditPage {
    entries: Vec<AuditEntry>,
    total: i64,
    page: i64,
    page_size: i64,
    /// Every action in the log, for the filter.
    actions: Vec<String>,
    /// Every resource type in the log, for the filter.
    resource_types: Vec<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AuditQuery {
    action: Option<String>,
    resource_type: Option<String>,
    user_id: Option<String>,
    /// From this time on (epoch ms, inclusive).
    from: Option<i64>,
    /// Before this time (epoch ms, exclusive).
    to: Option<i64>,
}

impl AuditQuery {
    fn filter(&self) -> Filter {
        let mut filter = Filter::default();
        let given =
            |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        for (column, value) in [
            ("action", given(&self.action)),
            ("resource_type", given(&self.resource_type)),
            ("user_id", given(&self.user_id)),
        ] {
            if let Some(value) = value {
                let placeholder = filter.bind(Value::Text(value));
                filter.and(format!("{column} = {placeholder}"));
            }
        }
        if let Some(from) = self.from {
            let placeholder = filter.bind(Value::Int(from));
            filter.and(format!("created_at >= {placeholder}"));
        }
        if let Some(to) = self.to {
            let placeholder = filter.bind(Value::Int(to));
            filter.and(format!("created_at < {placeholder}"));
        }
        filter
    }
}

/// One page of the log, newest first.
#[utoipa::path(get, path = "/api/admin/audit-logs", tag = "admin", security(("bearer" = [])), params(AuditQuery, PageQuery),
    responses((status = 200, body = AuditPage), (status = 400), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::AuditLogs>,
    ApiQuery(query): ApiQuery<AuditQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Json<AuditPage>> {
    let paging = page.paging(25)?;
    let (entries, total) = store::page(&state.db, &query.filter(), paging).await?;
    let (actions, resource_types) = store::filter_values(&state.db).await?;
    Ok(Json(AuditPage { entries, total, page: paging.page, page_size: paging.size, actions, resource_types }))
}

/// The filtered log as CSV with a BOM (the newest 100 000 entries).
#[utoipa::path(get, path = "/api/admin/audit-logs/export", tag = "admin", security(("bearer" = [])), params(AuditQuery),
    responses((status = 200, content_type = "text/csv", description = "audit-logs.csv"), (status = 401), (status = 403)))]
async fn export(
    State(state): State<AppState>,
    _: RequirePermission<area::AuditLogs>,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<Response> {
    let entries = store::newest(&state.db, &query.filter(), EXPORT_LIMIT).await?;
    let mut csv =
        Csv::new(&["Time", "User", "User id", "Action", "Resource type", "Resource", "IP address", "User agent"]);
    for entry in &entries {
        csv.row([
            csv::timestamp(entry.created_at).as_str(),
            entry.username.as_deref().unwrap_or_default(),
            entry.user_id.as_deref().unwrap_or_default(),
            &entry.action,
            &entry.resource_type,
            entry.resource_id.as_deref().unwrap_or_default(),
            &entry.ip,
            &entry.user_agent,
        ]);
    }
    Ok(csv.into_download("audit-logs.csv"))
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
