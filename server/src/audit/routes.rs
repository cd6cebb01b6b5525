//! `GET /api/admin/audit-logs` (filtered, paged, newest first, with the values the filters offer) and
//! `GET /api/admin/audit-logs/export` (the filtered log as CSV).

use axum::{extract::State, response::Response, routing::get, Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::{
    admin::paging::Paging,
    auth::{
        extract::SignedIn,
        permissions::{self, Permission},
    },
    csv::{self, Csv},
    db_filter::{Filter, Value},
    error::ApiResult,
    extract::ApiQuery,
    AppState,
};

/// The most entries one export holds (the newest).
const EXPORT_LIMIT: i64 = 100_000;

#[derive(OpenApi)]
#[openapi(paths(list, export), components(schemas(AuditPage, AuditEntry)))]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/admin/audit-logs", get(list)).route("/api/admin/audit-logs/export", get(export))
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    id: String,
    created_at: i64,
    user_id: Option<String>,
    /// The name when the action happened (kept after the account is deleted).
    username: Option<String>,
    action: String,
    resource_type: String,
    resource_id: Option<String>,
    ip: String,
    user_agent: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
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
pub struct AuditQuery {
    action: Option<String>,
    resource_type: Option<String>,
    user_id: Option<String>,
    /// From this time on (epoch ms, inclusive).
    from: Option<i64>,
    /// Before this time (epoch ms, exclusive).
    to: Option<i64>,
    /// From 1 (the list only).
    page: Option<i64>,
    /// 10, 25 (the default), 50 or 100 (the list only).
    page_size: Option<i64>,
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

const COLUMNS: &str = "id, created_at, user_id, username, action, resource_type, resource_id, ip, user_agent";

/// One page of the log, newest first.
#[utoipa::path(get, path = "/api/admin/audit-logs", tag = "admin", security(("bearer" = [])), params(AuditQuery),
    responses((status = 200, body = AuditPage), (status = 400), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<Json<AuditPage>> {
    permissions::require(&signed_in.user, Permission::AuditLogs)?;
    let paging = Paging::from_query(query.page, query.page_size, 25)?;
    let filter = query.filter();
    let where_clause = filter.where_clause();
    let (total,): (i64,) = filter
        .apply(sqlx::query_as(&format!("SELECT COUNT(*) FROM audit_log {where_clause}")))
        .fetch_one(&state.db)
        .await?;
    let sql = format!("SELECT {COLUMNS} FROM audit_log {where_clause} ORDER BY created_at DESC, id {}", paging.sql());
    let entries = filter.apply(sqlx::query_as(&sql)).fetch_all(&state.db).await?;
    let actions =
        sqlx::query_scalar("SELECT DISTINCT action FROM audit_log ORDER BY action").fetch_all(&state.db).await?;
    let resource_types = sqlx::query_scalar("SELECT DISTINCT resource_type FROM audit_log ORDER BY resource_type")
        .fetch_all(&state.db)
        .await?;
    Ok(Json(AuditPage { entries, total, page: paging.page, page_size: paging.size, actions, resource_types }))
}

/// The filtered log as CSV with a BOM (the newest 100 000 entries).
#[utoipa::path(get, path = "/api/admin/audit-logs/export", tag = "admin", security(("bearer" = [])), params(AuditQuery),
    responses((status = 200, content_type = "text/csv", description = "audit-logs.csv"), (status = 401), (status = 403)))]
async fn export(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<Response> {
    permissions::require(&signed_in.user, Permission::AuditLogs)?;
    let filter = query.filter();
    let sql = format!(
        "SELECT {COLUMNS} FROM audit_log {} ORDER BY created_at DESC, id LIMIT {EXPORT_LIMIT}",
        filter.where_clause()
    );
    let entries: Vec<AuditEntry> = filter.apply(sqlx::query_as(&sql)).fetch_all(&state.db).await?;
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
