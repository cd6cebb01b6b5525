//! The blog's calls: pages of published posts, one post and the categories for readers; posts with
//! drafts, categories and the editor's preview for the admin (permission: blog); the social embeds'
//! settings.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{Category, CategoryDraft, Post, PostDraft, PostPage, PAGE_SIZE},
    render::Block,
    service::{self, POST_NOT_FOUND},
    social_embeds::SocialEmbeds,
    store,
    write::{self, CategoryRecord, PostRecord},
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::area,
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::{ApiJson, ApiQuery},
    lang::{Lang, LangQuery},
    settings, AppState,
};

const BAD_PAGE: Text = Text::new(ErrorCode::BadPage, "page must be 1 or more");

/// The readers' calls, answered from memory by the caller.
pub(crate) fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_posts))
        .routes(routes!(get_post))
        .routes(routes!(list_categories))
        .routes(routes!(social_embeds))
}

/// The admin's calls, which change what readers get.
pub(crate) fn admin_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_posts, create_post))
        .routes(routes!(admin_get_post, update_post, delete_post))
        .routes(routes!(preview))
        .routes(routes!(admin_list_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(social_embeds_settings, save_social_embeds))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PostsQuery {
    /// he, en, ru, fr or es; anything else (or nothing) gives Hebrew.
    lang: Option<String>,
    /// 1-based page number; 6 posts per page.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Only posts of this category.
    category: Option<String>,
}

/// Published posts, newest first, one page at a time. A page past the last one is empty.
#[utoipa::path(get, path = "/api/blog/posts", tag = "blog", params(PostsQuery),
    responses((status = 200, body = PostPage), (status = 400, description = "page must be 1 or more")))]
async fn list_posts(State(state): State<AppState>, ApiQuery(q): ApiQuery<PostsQuery>) -> ApiResult<Json<PostPage>> {
    let page = q.page.unwrap_or(1);
    if page < 1 {
        return Err(ApiError::BadRequest(BAD_PAGE));
    }
    let lang = Lang::from_tag(q.lang.as_deref());
    let (posts, total) = store::published_page(&state.db, lang, page, q.category.as_deref()).await?;
    Ok(Json(PostPage { posts, page, page_count: (total + PAGE_SIZE - 1) / PAGE_SIZE, total, page_size: PAGE_SIZE }))
}

/// One published post, its body as sanitised HTML blocks and embeds.
#[utoipa::path(get, path = "/api/blog/posts/{slug}", tag = "blog", params(("slug" = String, Path), LangQuery),
    responses((status = 200, body = Post), (status = 404, description = "Post not found")))]
async fn get_post(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<Post>> {
    store::published_post(&state.db, &slug, Lang::from_tag(q.lang.as_deref()))
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound(POST_NOT_FOUND))
}

/// The categories, with how many published posts each has.
#[utoipa::path(get, path = "/api/blog/categories", tag = "blog", params(LangQuery), responses((status = 200, body = [Category])))]
async fn list_categories(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<Vec<Category>>> {
    Ok(Json(store::categories(&state.db, Lang::from_tag(q.lang.as_deref())).await?))
}

/// Every post, drafts included, with all its languages; newest first.
#[utoipa::path(get, path = "/api/admin/blog/posts", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [PostRecord]), (status = 401), (status = 403)))]
async fn admin_list_posts(
    State(state): State<AppState>,
    _: RequirePermission<area::Blog>,
) -> ApiResult<Json<Vec<PostRecord>>> {
    Ok(Json(write::post_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = PostRecord), (status = 404, description = "Post not found")))]
async fn admin_get_post(
    State(state): State<AppState>,
    _: RequirePermission<area::Blog>,
    Path(slug): Path<String>,
) -> ApiResult<Json<PostRecord>> {
    Ok(Json(service::post(&state.db, &slug).await?))
}

#[utoipa::path(post, path = "/api/admin/blog/posts", tag = "admin", security(("bearer" = [])), request_body = PostDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = PostRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This slug is already in use")))]
async fn create_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    ApiJson(draft): ApiJson<PostDraft>,
) -> ApiResult<(StatusCode, Json<PostRecord>)> {
    let post = service::create_post(&state.db, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::BlogPost, &post.draft.slug)
        .await?;
    Ok((StatusCode::CREATED, Json(post)))
}

#[utoipa::path(put, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = PostDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = PostRecord), (status = 400), (status = 404, description = "Post not found")))]
async fn update_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(draft): ApiJson<PostDraft>,
) -> ApiResult<Json<PostRecord>> {
    let post = service::update_post(&state.db, &slug, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::BlogPost, &post.draft.slug)
        .await?;
    Ok(Json(post))
}

#[utoipa::path(delete, path = "/api/admin/blog/posts/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 204), (status = 404, description = "Post not found")))]
async fn delete_post(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
) -> ApiResult<StatusCode> {
    service::delete_post(&state.db, &slug).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::BlogPost, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct PreviewRequest {
    markdown: String,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Preview {
    body: Vec<Block>,
}

/// The body as readers will get it: the editor's live preview.
#[utoipa::path(post, path = "/api/admin/blog/preview", tag = "admin", security(("bearer" = [])), request_body = PreviewRequest,
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = Preview), (status = 400, description = "Too long")))]
async fn preview(
    _: RequirePermission<area::Blog>,
    ApiJson(request): ApiJson<PreviewRequest>,
) -> ApiResult<Json<Preview>> {
    Ok(Json(Preview { body: service::preview(&request.markdown)? }))
}

/// Every category with all its languages and how many posts (drafts included) it has.
#[utoipa::path(get, path = "/api/admin/blog/categories", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [CategoryRecord]), (status = 401), (status = 403)))]
async fn admin_list_categories(
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
    ApiJson(draft): ApiJson<CategoryDraft>,
) -> ApiResult<(StatusCode, Json<CategoryRecord>)> {
    let category = service::create_category(&state.db, draft, state.clock.now_ms()).await?;
    let slug = &category.draft.slug;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::BlogCategory, slug).await?;
    Ok((StatusCode::CREATED, Json(category)))
}

#[utoipa::path(put, path = "/api/admin/blog/categories/{slug}", tag = "admin", security(("bearer" = [])), params(("slug" = String, Path)),
    request_body = CategoryDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = CategoryRecord), (status = 400), (status = 404, description = "Category not found")))]
async fn update_category(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Blog>,
    client: ClientInfo,
    Path(slug): Path<String>,
    ApiJson(draft): ApiJson<CategoryDraft>,
) -> ApiResult<Json<CategoryRecord>> {
    let category = service::update_category(&state.db, &slug, draft, state.clock.now_ms()).await?;
    let slug = &category.draft.slug;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::BlogCategory, slug).await?;
    Ok(Json(category))
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
    service::delete_category(&state.db, &slug).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::BlogCategory, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How posts show social media content.
#[utoipa::path(get, path = "/api/config/social-embeds", tag = "config", responses((status = 200, body = SocialEmbeds)))]
async fn social_embeds(State(state): State<AppState>) -> ApiResult<Json<SocialEmbeds>> {
    Ok(Json(SocialEmbeds::clone(&*state.settings.get(&state.db).await?)))
}

#[utoipa::path(get, path = "/api/admin/settings/social-embeds", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SocialEmbeds), (status = 401), (status = 403)))]
async fn social_embeds_settings(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<SocialEmbeds>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/social-embeds", tag = "admin", security(("bearer" = [])), request_body = SocialEmbeds,
    responses((status = 200, body = SocialEmbeds), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_social_embeds(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<SocialEmbeds>,
) -> ApiResult<Json<SocialEmbeds>> {
    settings::save(&state, &signed_in, &client, value).await
}
