//! The blog's public calls: pages of published posts, one post, the categories.

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{Category, Post, PostPage, PAGE_SIZE},
    store,
};
use crate::{
    error::{ApiError, ApiResult, Text},
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

const BAD_PAGE: Text = Text::new("bad_page", "page must be 1 or more");
pub const POST_NOT_FOUND: Text = Text::new("post_not_found", "Post not found");

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_posts)).routes(routes!(get_post)).routes(routes!(list_categories))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostsQuery {
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
