//! The audit log's storage: the filtered, paged reads of the admin's table and export.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::{from_row, Db},
    db_filter::Filter,
    paging::Paging,
};

const COLUMNS: &str = "id, created_at, user_id, username, action, resource_type, resource_id, ip, user_agent";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AuditEntry {
    pub id: String,
    pub created_at: i64,
    pub user_id: Option<String>,
    /// The name when the action happened (kept after the account is deleted).
    pub username: Option<String>,
    pub action: String,
    pub resource_type: String,
    pub resource_id: Option<String>,
    pub ip: String,
    pub user_agent: String,
}
from_row!(AuditEntry { id, created_at, user_id, username, action, resource_type, resource_id, ip, user_agent });

/// One page of the entries `filter` keeps, newest first, and how many it keeps in all.
pub(crate) async fn page(db: &Db, filter: &Filter, paging: Paging) -> Result<(Vec<AuditEntry>, i64), sqlx::Error> {
    let where_clause = filter.where_clause();
    let (total,): (i64,) =
        filter.apply(sqlx::query_as(&format!("SELECT COUNT(*) FROM audit_log {where_clause}"))).fetch_one(db).await?;
    let sql = format!("SELECT {COLUMNS} FROM audit_log {where_clause} ORDER BY created_at DESC, id {}", paging.sql());
    Ok((filter.apply(sqlx::query_as(&sql)).fetch_all(db).await?, total))
}

/// The newest `limit` entries `filter` keeps.
pub(crate) async fn newest(db: &Db, filter: &Filter, limit: i64) -> Result<Vec<AuditEntry>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM audit_log {} ORDER BY created_at DESC, id LIMIT {limit}", filter.where_clause());
    filter.apply(sqlx::query_as(&sql)).fetch_all(db).await
}

/// Every action and every resource type in the log, for the filters.
pub(crate) async fn filter_values(db: &Db) -> Result<(Vec<String>, Vec<String>), sqlx::Error> {
    let actions = sqlx::query_scalar("SELECT DISTINCT action FROM audit_log ORDER BY action").fetch_all(db).await?;
    let resource_types =
        sqlx::query_scalar("SELECT DISTINCT resource_type FROM audit_log ORDER BY resource_type").fetch_all(db).await?;
    Ok((actions, resource_types))
}
