//! The admin's blog calls (permission: blog): posts with drafts, categories, and the editor's preview.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{CategoryDraft, PostDraft, BODY_MAX},
    render::{render, Block},
    routes::POST_NOT_FOUND,
    write::{self, CategoryRecord, PostRecord, WriteError},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::{ApiError, ApiResult, Text},
    extract::ApiJson,
    fields, AppState,
};

pub const CATEGORY_NOT_FOUND: Text = Text::new("category_not_found", "Category not found");
pub const SLUG_TAKEN: Text = Text::new("slug_taken", "This slug is already in use");

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_posts, create_post))
        .routes(routes!(get_post, update_post, delete_post))
        .routes(routes!(preview))
        .routes(routes!(list_categories, create_category))
        .routes(routes!(update_category, delete_category))
}

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::SlugTaken => ApiError::Taken { field: "slug", message: SLUG_TAKEN },
            WriteError::UnknownCategory => ApiError::invalid_field("category", CATEGORY_NOT_FOUND.english),
            WriteError::Database(err) => err.into(),
        }
    }
}

async fn post_record(state: &AppState, slug: &str) -> ApiResult<PostRecord> {
    write::post_records(&state.db, Some(slug)).await?.pop().ok_or(ApiError::NotFound(POST_NOT_FOUND))
}

async fn category_record(state: &AppState, slug: &str) -> ApiResult<CategoryRecord> {
    write::category_records(&state.db, Some(slug)).await?.pop().ok_or(ApiError::NotFound(CATEGORY_NOT_FOUND))
}

/// Every post, drafts included, with all its languages; newest first.
#[utoipa::path(get, path = "/api/admin/blog/posts", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [PostRecord]), (status = 401), (status = 403)))]
async fn list_posts(
    State(state): State<AppState>,
    _: RequirePermission<area::Blog>,
) -> ApiResult<Json<Vec<PostRecord>>> {
    Ok(Json(write::post_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = PostRecord), (status = 404, description = "Post not found")))]
async fn get_post(
    State(state): State<AppState>,
    _: RequirePermission<area::Blog>,
    Path(slug): Path<String>,
) -> ApiResult<Json<PostRecord>> {
    Ok(Json(post_record(&state, &slug).await?))
}

#[utoipa::path(post, path = "/api/admin/blog/posts", tag = "admin", security(("bearer" = [])), request_body = PostDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = PostRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This slug is already in use")))]
async fn create_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<PostDraft>,
) -> ApiResult<(StatusCode, Json<PostRecord>)> {
    let now = state.clock.now_ms();
    draft.tidy_and_check(true, now)?;
    let mut tx = crate::db::begin(&state.db).await?;
    write::insert_post(&mut tx, &draft, now).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::BlogPost, &draft.slug).await?;
    Ok((StatusCode::CREATED, Json(post_record(&state, &draft.slug).await?)))
}

#[utoipa::path(put, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = PostDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = PostRecord), (status = 400), (status = 404, description = "Post not found")))]
async fn update_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(mut draft): ApiJson<PostDraft>,
) -> ApiResult<Json<PostRecord>> {
    let now = state.clock.now_ms();
    fields::same_id("slug", &draft.slug, &slug)?;
    draft.tidy_and_check(false, now)?;
    let mut tx = crate::db::begin(&state.db).await?;
    if !write::update_post(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::BlogPost, &draft.slug).await?;
    Ok(Json(post_record(&state, &draft.slug).await?))
}

#[utoipa::path(delete, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 204), (status = 404, description = "Post not found")))]
async fn delete_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
) -> ApiResult<StatusCode> {
    if !write::delete_post(&state.db, &slug).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::BlogPost, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub struct PreviewRequest {
    markdown: String,
}

#[derive(Serialize, ToSchema)]
pub struct Preview {
    body: Vec<Block>,
}

/// The body as readers will get it: the editor's live preview.
#[utoipa::path(post, path = "/api/admin/blog/preview", tag = "admin", security(("bearer" = [])), request_body = PreviewRequest,
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = Preview), (status = 400, description = "Too long")))]
async fn preview(
    _: RequirePermission<area::Blog>,
    ApiJson(request): ApiJson<PreviewRequest>,
) -> ApiResult<Json<Preview>> {
    if request.markdown.chars().count() > BODY_MAX {
        return Err(ApiError::invalid_field("markdown", &fields::too_long(BODY_MAX)));
    }
    Ok(Json(Preview { body: render(&request.markdown) }))
}

/// Every category with all its languages and how many posts (drafts included) it has.
#[utoipa::path(get, path = "/api/admin/blog/categories", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [CategoryRecord]), (status = 401), (status = 403)))]
async fn list_categories(
    State(state): State<AppState>,
    _: RequirePermission<area::Blog>,
) -> ApiResult<Json<Vec<CategoryRecord>>> {
    Ok(Json(write::category_records(&state.db, None).await?))
}

#[utoipa::path(post, path = "/api/admin/blog/categories", tag = "admin", security(("bearer" = [])), request_body = CategoryDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = CategoryRecord), (status = 400), (status = 409, description = "This slug is already in use")))]
async fn create_category(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<CategoryDraft>,
) -> ApiResult<(StatusCode, Json<CategoryRecord>)> {
    draft.tidy_and_check(true)?;
    let mut tx = crate::db::begin(&state.db).await?;
    write::insert_category(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::BlogCategory, &draft.slug).await?;
    Ok((StatusCode::CREATED, Json(category_record(&state, &draft.slug).await?)))
}

#[utoipa::path(put, path = "/api/admin/blog/categories/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = CategoryDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = CategoryRecord), (status = 400), (status = 404, description = "Category not found")))]
async fn update_category(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(mut draft): ApiJson<CategoryDraft>,
) -> ApiResult<Json<CategoryRecord>> {
    fields::same_id("slug", &draft.slug, &slug)?;
    draft.tidy_and_check(false)?;
    let mut tx = crate::db::begin(&state.db).await?;
    if !write::update_category(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::BlogCategory, &draft.slug).await?;
    Ok(Json(category_record(&state, &draft.slug).await?))
}

/// Deletes the category; its posts stay, without a category.
#[utoipa::path(delete, path = "/api/admin/blog/categories/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 204), (status = 404, description = "Category not found")))]
async fn delete_category(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
) -> ApiResult<StatusCode> {
    if !write::delete_category(&state.db, &slug).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::BlogCategory, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}
