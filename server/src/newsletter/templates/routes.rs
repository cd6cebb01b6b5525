//! The admin's template calls (permission: email): the list, create, edit, duplicate, delete, the
//! editor's live preview with sample values, and a test message to an address the admin types.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{check_text, TemplateDraft, TemplateText, NAME_MAX},
    render::render,
    store::{self, Save, TemplateRecord, WriteError},
    variables::{Values, VARIABLES},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::UserRecord,
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    email::{self, test_address, test_answer, Rendered, TestSent},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiJson,
    fields::FieldErrors,
    lang::Lang,
    newsletter::campaigns,
    AppState,
};

pub(crate) const TEMPLATE_NOT_FOUND: Text = Text::new(ErrorCode::TemplateNotFound, "Template not found");
pub(crate) const NAME_TAKEN: Text = Text::new(ErrorCode::TemplateNameTaken, "Another template has this name");
pub(crate) const IN_USE: Text = Text::new(
    ErrorCode::TemplateInUse,
    "A scheduled, sending or paused campaign uses this template: it cannot be deleted",
);

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(duplicate))
        .routes(routes!(preview))
        .routes(routes!(send_test))
        .routes(routes!(variables))
}

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::NameTaken => ApiError::Taken { field: "name", message: NAME_TAKEN },
            WriteError::Database(err) => err.into(),
        }
    }
}

async fn record(state: &AppState, id: &str) -> ApiResult<TemplateRecord> {
    store::records(&state.db, Some(id)).await?.pop().ok_or(ApiError::NotFound(TEMPLATE_NOT_FOUND))
}

/// Every template with all its languages, by name.
#[utoipa::path(get, path = "/api/admin/email/templates", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [TemplateRecord]), (status = 401), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
) -> ApiResult<Json<Vec<TemplateRecord>>> {
    Ok(Json(store::records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/email/templates/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = TemplateRecord), (status = 401), (status = 403), (status = 404, description = "Template not found")))]
async fn get_one(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    Path(id): Path<String>,
) -> ApiResult<Json<TemplateRecord>> {
    Ok(Json(record(&state, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/email/templates", tag = "admin", security(("bearer" = [])), request_body = TemplateDraft,
    responses((status = 201, body = TemplateRecord), (status = 400, description = "Invalid fields, with `fields` (an unknown variable is named)"),
        (status = 401), (status = 403), (status = 409, description = "Another template has this name")))]
async fn create(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<TemplateDraft>,
) -> ApiResult<(StatusCode, Json<TemplateRecord>)> {
    draft.tidy_and_check()?;
    let id = insert(&state, &draft).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::EmailTemplate, &id).await?;
    Ok((StatusCode::CREATED, Json(record(&state, &id).await?)))
}

async fn insert(state: &AppState, draft: &TemplateDraft) -> ApiResult<String> {
    let id = uuid::Uuid::new_v4().to_string();
    let mut tx = crate::db::begin(&state.db).await?;
    store::save(&mut tx, &id, draft, state.clock.now_ms(), Save::Create).await?;
    tx.commit().await?;
    Ok(id)
}

#[utoipa::path(put, path = "/api/admin/email/templates/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = TemplateDraft, responses((status = 200, body = TemplateRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403), (status = 404, description = "Template not found"), (status = 409, description = "Another template has this name")))]
async fn update(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(mut draft): ApiJson<TemplateDraft>,
) -> ApiResult<Json<TemplateRecord>> {
    draft.tidy_and_check()?;
    let mut tx = crate::db::begin(&state.db).await?;
    if !store::save(&mut tx, &id, &draft, state.clock.now_ms(), Save::Replace).await? {
        return Err(ApiError::NotFound(TEMPLATE_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::EmailTemplate, &id).await?;
    Ok(Json(record(&state, &id).await?))
}

#[utoipa::path(delete, path = "/api/admin/email/templates/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 401), (status = 403), (status = 404, description = "Template not found"),
        (status = 409, description = "A scheduled, sending or paused campaign uses this template: it cannot be deleted")))]
async fn delete(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    if campaigns::template_in_use(&state.db, &id).await? {
        return Err(ApiError::Conflict(IN_USE));
    }
    if !store::delete(&state.db, &id).await? {
        return Err(ApiError::NotFound(TEMPLATE_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::EmailTemplate, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DuplicateRequest {
    /// The copy's name (the screen offers "Copy of …" in the admin's language).
    #[schema(pattern = r"\S", max_length = 100)]
    name: String,
}

/// A copy of the template under a new name, every language included.
#[utoipa::path(post, path = "/api/admin/email/templates/{id}/duplicate", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = DuplicateRequest, responses((status = 201, body = TemplateRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403), (status = 404, description = "Template not found"), (status = 409, description = "Another template has this name")))]
async fn duplicate(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<DuplicateRequest>,
) -> ApiResult<(StatusCode, Json<TemplateRecord>)> {
    let mut errors = FieldErrors::default();
    errors.required("name", request.name.trim(), NAME_MAX);
    errors.finish()?;
    let original = record(&state, &id).await?;
    // The copy starts as a draft: it does not take over the welcome mail.
    let copy = TemplateDraft { name: request.name.trim().to_owned(), sends_welcome: false, ..original.draft };
    let copy_id = insert(&state, &copy).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::EmailTemplate, &copy_id).await?;
    Ok((StatusCode::CREATED, Json(record(&state, &copy_id).await?)))
}

/// One language's version as the editor holds it (saved or not).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TemplatePreviewRequest {
    lang: Lang,
    #[schema(pattern = r"\S", max_length = 200)]
    subject: String,
    #[schema(pattern = r"\S", max_length = 50000)]
    body: String,
}

/// The message as a member would get it, with sample values (the admin's own name as `username`).
#[derive(Serialize, ToSchema)]
pub(crate) struct TemplatePreview {
    subject: String,
    /// The whole HTML e-mail, for a sandboxed frame.
    html: String,
    text: String,
}

/// Checks the language version and renders it with sample values; the preview's errors are the
/// fields' (`translations.<lang>.subject` / `.body`).
async fn render_sample(state: &AppState, user: &UserRecord, lang: Lang, text: TemplateText) -> ApiResult<Rendered> {
    let mut errors = FieldErrors::default();
    check_text(&mut errors, lang, &text);
    errors.finish()?;
    let site_url = state.config.public_url.clone();
    let values = Values {
        brand_name: "Bloch".to_owned(),
        username: user.username.clone(),
        site_name: crate::site::name(state).await?,
        unsubscribe_url: format!("{site_url}/unsubscribe"),
        site_url,
    };
    render(&text, lang, &values).map_err(|err| ApiError::invalid_field("body", err.problem()))
}

#[utoipa::path(post, path = "/api/admin/email/templates/preview", tag = "admin", security(("bearer" = [])), request_body = TemplatePreviewRequest,
    responses((status = 200, body = TemplatePreview), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn preview(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    ApiJson(request): ApiJson<TemplatePreviewRequest>,
) -> ApiResult<Json<TemplatePreview>> {
    let TemplatePreviewRequest { lang, subject, body } = request;
    let Rendered { subject, html, text } =
        render_sample(&state, &signed_in.user, lang, TemplateText { subject, body }).await?;
    Ok(Json(TemplatePreview { subject, html, text }))
}

/// The preview's request with the address to send to.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TemplateTestRequest {
    #[schema(format = Email)]
    to: String,
    lang: Lang,
    #[schema(pattern = r"\S", max_length = 200)]
    subject: String,
    #[schema(pattern = r"\S", max_length = 50000)]
    body: String,
}

/// Sends the language version, with the preview's sample values, to `to` at once (not through the
/// outbox), so the admin sees the provider's own error.
#[utoipa::path(post, path = "/api/admin/email/templates/test", tag = "admin", security(("bearer" = [])), request_body = TemplateTestRequest,
    responses((status = 200, body = TestSent), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403),
        (status = 429, description = "Too many attempts. Please wait and try again."),
        (status = 502, description = "The test e-mail could not be sent: <the provider's reason>")))]
async fn send_test(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    ApiJson(request): ApiJson<TemplateTestRequest>,
) -> ApiResult<Json<TestSent>> {
    let to = test_address(&state, &signed_in.user, &request.to).await?;
    let text = TemplateText { subject: request.subject, body: request.body };
    let rendered = render_sample(&state, &signed_in.user, request.lang, text).await?;
    let outcome = email::send_rendered_now(&state, to, rendered).await;
    test_answer(&state, &client, &signed_in.user, (Resource::EmailTemplate, to), outcome).await
}

#[derive(Serialize, ToSchema)]
pub(crate) struct TemplateVariables {
    /// The names templates may write as `{{name}}`.
    variables: Vec<&'static str>,
}

/// The variables a template may use, for the editor's list.
#[utoipa::path(get, path = "/api/admin/email/templates/variables", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = TemplateVariables), (status = 401), (status = 403)))]
async fn variables(_: RequirePermission<area::Email>) -> Json<TemplateVariables> {
    Json(TemplateVariables { variables: VARIABLES.to_vec() })
}
