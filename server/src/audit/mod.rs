//! The audit log: who did what to which resource, from where (spec §3 "Audit log entry"); its admin
//! table and export (routes.rs). Entries older than the retention setting go in the cleanup job.

mod event;
pub mod retention;
mod routes;
mod store;

pub use event::{Action, Resource};
/// The admin's audit log table, export and retention setting.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(retention::routes())
}

use crate::{client_info::ClientInfo, users::UserRecord, AppState};

/// The account an event concerns, when there is one.
pub struct Actor<'a> {
    pub user_id: &'a str,
    pub username: &'a str,
}

pub struct Event<'a> {
    pub action: Action,
    pub resource_type: Resource,
    pub resource_id: Option<&'a str>,
    pub actor: Option<Actor<'a>>,
}

pub async fn record(state: &AppState, client: &ClientInfo, event: Event<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (id, created_at, user_id, username, action, resource_type, resource_id, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(state.clock.now_ms())
    .bind(event.actor.as_ref().map(|a| a.user_id.to_owned()))
    .bind(event.actor.as_ref().map(|a| a.username.to_owned()))
    .bind(event.action.code())
    .bind(event.resource_type.code())
    .bind(event.resource_id.map(str::to_owned))
    .bind(&client.ip)
    .bind(&client.user_agent)
    .execute(&state.db)
    .await?;
    Ok(())
}

/// An admin's create, update or delete of one resource.
pub async fn record_change(
    state: &AppState,
    client: &ClientInfo,
    user: &UserRecord,
    action: Action,
    resource_type: Resource,
    resource_id: &str,
) -> Result<(), sqlx::Error> {
    let actor = Actor { user_id: &user.id, username: &user.username };
    record(state, client, Event { action, resource_type, resource_id: Some(resource_id), actor: Some(actor) }).await
}
