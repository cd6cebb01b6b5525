//! The mailbox's calls (admin only): its settings and connection test, and the inbox: a page of messages,
//! one opened, one deleted.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    inbox::{self, Inbox, OpenedMessage},
    settings::{self as mailbox, ConnectionTest, MailboxSettings},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    paging::PageQuery,
    settings::{self, Stored},
    AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read, save))
        .routes(routes!(test_connection))
        .routes(routes!(list))
        .routes(routes!(open, delete))
}

#[utoipa::path(get, path = "/api/admin/email/pop3", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = MailboxSettings), (status = 401), (status = 403)))]
async fn read(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<MailboxSettings>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/email/pop3", tag = "admin", security(("bearer" = [])), request_body = MailboxSettings,
    responses((status = 200, body = MailboxSettings), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<MailboxSettings>,
) -> ApiResult<Json<MailboxSettings>> {
    settings::save(&state, &signed_in, &client, value).await
}

/// Signs in with the form's values (the stored password where the form sent the mask for the same
/// server and user) and counts the messages; answers within 10 s. Audited.
#[utoipa::path(post, path = "/api/admin/email/pop3/test", tag = "admin", security(("bearer" = [])), request_body = MailboxSettings,
    responses((status = 200, body = ConnectionTest), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn test_connection(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(form): ApiJson<MailboxSettings>,
) -> ApiResult<Json<ConnectionTest>> {
    let form = mailbox::to_test(&state, form).await?;
    audit::record_change(
        &state,
        &client,
        &signed_in.user,
        Action::TestConnection,
        Resource::Settings,
        MailboxSettings::KEY,
    )
    .await?;
    Ok(Json(mailbox::test_connection(&state, &form).await))
}

/// A page of the inbox, newest first. Delivery reports on it not read before are read whole and their
/// bounces recorded now, as the checker would.
#[utoipa::path(get, path = "/api/admin/email/pop3/messages", tag = "admin", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = Inbox), (status = 400, description = "Page size must be 10, 25, 50 or 100"), (status = 401), (status = 403),
        (status = 409, description = "No POP3 mailbox is configured"), (status = 502, description = "The e-mails could not be fetched: <why>")))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Settings>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Json<Inbox>> {
    Ok(Json(inbox::page(&state, query.paging(25)?).await?))
}

/// One message, read whole.
#[utoipa::path(get, path = "/api/admin/email/pop3/messages/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The message's POP3 unique id")),
    responses((status = 200, body = OpenedMessage), (status = 401), (status = 403), (status = 404, description = "This message is no longer in the mailbox"),
        (status = 409, description = "No POP3 mailbox is configured"), (status = 502, description = "The e-mails could not be fetched: <why>")))]
async fn open(
    State(state): State<AppState>,
    _: RequirePermission<area::Settings>,
    Path(id): Path<String>,
) -> ApiResult<Json<OpenedMessage>> {
    Ok(Json(inbox::open(&state, id).await?))
}

/// Deletes one message from the mailbox. Audited.
#[utoipa::path(delete, path = "/api/admin/email/pop3/messages/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The message's POP3 unique id")),
    responses((status = 204), (status = 401), (status = 403), (status = 404, description = "This message is no longer in the mailbox"),
        (status = 409, description = "No POP3 mailbox is configured"), (status = 502, description = "The e-mails could not be fetched: <why>")))]
async fn delete(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    inbox::delete(&state, &id).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::MailboxMessage, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
