//! The admin's blog calls (permission: blog): posts with drafts, categories, and the editor's preview.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    routing::{get, post},
    Json, Router,
};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::{
    model::{CategoryDraft, CategoryText, PostDraft, PostStatus, PostText, BODY_MAX},
    render::{render, Block},
    routes::POST_NOT_FOUND,
    write::{self, CategoryRecord, PostRecord, WriteError},
};
use crate::{
    audit,
    auth::{
        extract::SignedIn,
        permissions::{self, Permission},
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult},
    extract::ApiJson,
    AppState,
};

pub const CATEGORY_NOT_FOUND: &str = "Category not found";
pub const SLUG_TAKEN: &str = "This slug is already in use";

#[derive(OpenApi)]
#[openapi(
    paths(
        list_posts,
        get_post,
        create_post,
        update_post,
        delete_post,
        preview,
        list_categories,
        create_category,
        update_category,
        delete_category
    ),
    components(schemas(
        PostDraft,
        PostText,
        PostStatus,
        PostRecord,
        CategoryDraft,
        CategoryText,
        CategoryRecord,
        Preview,
        PreviewRequest
    ))
)]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/blog/posts", get(list_posts).post(create_post))
        .route("/api/admin/blog/posts/{slug}", get(get_post).put(update_post).delete(delete_post))
        .route("/api/admin/blog/preview", post(preview))
        .route("/api/admin/blog/categories", get(list_categories).post(create_category))
        .route("/api/admin/blog/categories/{slug}", axum::routing::put(update_category).delete(delete_category))
}

fn blogger(signed_in: &SignedIn) -> ApiResult<()> {
    permissions::require(&signed_in.user, Permission::Blog)
}

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::SlugTaken => ApiError::Taken { field: "slug", message: SLUG_TAKEN },
            WriteError::UnknownCategory => ApiError::invalid_field("category", CATEGORY_NOT_FOUND),
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
async fn list_posts(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<PostRecord>>> {
    blogger(&signed_in)?;
    Ok(Json(write::post_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 200, body = PostRecord), (status = 404, description = "Post not found")))]
async fn get_post(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(slug): Path<String>,
) -> ApiResult<Json<PostRecord>> {
    blogger(&signed_in)?;
    Ok(Json(post_record(&state, &slug).await?))
}

#[utoipa::path(post, path = "/api/admin/blog/posts", tag = "admin", security(("bearer" = [])), request_body = PostDraft,
    responses((status = 201, body = PostRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This slug is already in use")))]
async fn create_post(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<PostDraft>,
) -> ApiResult<(StatusCode, Json<PostRecord>)> {
    blogger(&signed_in)?;
    let now = state.clock.now_ms();
    draft.tidy_and_check(true, now)?;
    let mut tx = state.db.begin().await?;
    write::insert_post(&mut tx, &draft, now).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "create", "blog_post", &draft.slug).await?;
    Ok((StatusCode::CREATED, Json(post_record(&state, &draft.slug).await?)))
}

#[utoipa::path(put, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = PostDraft, responses((status = 200, body = PostRecord), (status = 400), (status = 404, description = "Post not found")))]
async fn update_post(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(mut draft): ApiJson<PostDraft>,
) -> ApiResult<Json<PostRecord>> {
    blogger(&signed_in)?;
    let now = state.clock.now_ms();
    draft.slug = slug;
    draft.tidy_and_check(false, now)?;
    let mut tx = state.db.begin().await?;
    if !write::update_post(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "update", "blog_post", &draft.slug).await?;
    Ok(Json(post_record(&state, &draft.slug).await?))
}

#[utoipa::path(delete, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 204), (status = 404, description = "Post not found")))]
async fn delete_post(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(slug): Path<String>,
) -> ApiResult<StatusCode> {
    blogger(&signed_in)?;
    if !write::delete_post(&state.db, &slug).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, "delete", "blog_post", &slug).await?;
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
    responses((status = 200, body = Preview), (status = 400, description = "Too long")))]
async fn preview(signed_in: SignedIn, ApiJson(request): ApiJson<PreviewRequest>) -> ApiResult<Json<Preview>> {
    blogger(&signed_in)?;
    if request.markdown.chars().count() > BODY_MAX {
        return Err(ApiError::invalid_field("markdown", &crate::admin::fields::too_long(BODY_MAX)));
    }
    Ok(Json(Preview { body: render(&request.markdown) }))
}

/// Every category with all its languages and how many posts (drafts included) it has.
#[utoipa::path(get, path = "/api/admin/blog/categories", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [CategoryRecord]), (status = 401), (status = 403)))]
async fn list_categories(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CategoryRecord>>> {
    blogger(&signed_in)?;
    Ok(Json(write::category_records(&state.db, None).await?))
}

#[utoipa::path(post, path = "/api/admin/blog/categories", tag = "admin", security(("bearer" = [])), request_body = CategoryDraft,
    responses((status = 201, body = CategoryRecord), (status = 400), (status = 409, description = "This slug is already in use")))]
async fn create_category(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<CategoryDraft>,
) -> ApiResult<(StatusCode, Json<CategoryRecord>)> {
    blogger(&signed_in)?;
    draft.tidy_and_check(true)?;
    let mut tx = state.db.begin().await?;
    write::insert_category(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "create", "blog_category", &draft.slug).await?;
    Ok((StatusCode::CREATED, Json(category_record(&state, &draft.slug).await?)))
}

#[utoipa::path(put, path = "/api/admin/blog/categories/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = CategoryDraft, responses((status = 200, body = CategoryRecord), (status = 400), (status = 404, description = "Category not found")))]
async fn update_category(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(mut draft): ApiJson<CategoryDraft>,
) -> ApiResult<Json<CategoryRecord>> {
    blogger(&signed_in)?;
    draft.slug = slug;
    draft.tidy_and_check(false)?;
    let mut tx = state.db.begin().await?;
    if !write::update_category(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "update", "blog_category", &draft.slug).await?;
    Ok(Json(category_record(&state, &draft.slug).await?))
}

/// Deletes the category; its posts stay, without a category.
#[utoipa::path(delete, path = "/api/admin/blog/categories/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 204), (status = 404, description = "Category not found")))]
async fn delete_category(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(slug): Path<String>,
) -> ApiResult<StatusCode> {
    blogger(&signed_in)?;
    if !write::delete_category(&state.db, &slug).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, "delete", "blog_category", &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}
