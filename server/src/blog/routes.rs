//! The blog's public calls: pages of published posts, one post, the categories.

use axum::{
    extract::{Path, State},
    routing::get,
    Json, Router,
};
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi};

use super::{
    model::{Category, Post, PostPage, PostSummary, PAGE_SIZE},
    render::Block,
    store,
};
use crate::{
    blog::embeds::{Embed, Provider},
    error::{ApiError, ApiResult},
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

pub const POST_NOT_FOUND: &str = "Post not found";

#[derive(OpenApi)]
#[openapi(
    paths(list_posts, get_post, list_categories),
    components(schemas(PostPage, PostSummary, Post, Category, Block, Embed, Provider))
)]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/blog/posts", get(list_posts))
        .route("/api/blog/posts/{slug}", get(get_post))
        .route("/api/blog/categories", get(list_categories))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostsQuery {
    /// he, en, ru, fr or es; anything else (or nothing) gives Hebrew.
    lang: Option<String>,
    /// 1-based page number; 6 posts per page.
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
        return Err(ApiError::BadRequest("page must be 1 or more".to_owned()));
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
