//! For search engines and feed readers: `robots.txt`, `sitemap.xml` (every public page in every
//! language, with hreflang alternates) and an RSS feed of the blog per language.

mod feed;
mod sitemap;
pub(crate) mod structured;

use axum::{
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};
use utoipa_axum::router::OpenApiRouter;

use crate::{error::ApiError, lang::Lang, AppState};

/// Feeds and the sitemap change with the content: readers may keep them a few minutes.
const CACHE: &str = "public, max-age=300";

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
        .route("/blog/rss/{file}", get(feed))
}

fn xml(content_type: &'static str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
        ],
        body,
    )
        .into_response()
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!("User-agent: *\nDisallow: /admin\n\nSitemap: {}/sitemap.xml\n", state.config.public_url);
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, CACHE)], body).into_response()
}

async fn sitemap(State(state): State<AppState>) -> Response {
    match sitemap::build(&state).await {
        Ok(body) => xml("application/xml; charset=utf-8", body),
        Err(err) => ApiError::from(err).into_response(),
    }
}

/// `/blog/rss/{lang}.xml`.
async fn feed(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let Some(lang) = file.strip_suffix(".xml").and_then(Lang::from_code) else {
        return (StatusCode::NOT_FOUND, "No such feed").into_response();
    };
    match feed::build(&state, lang).await {
        Ok(body) => xml("application/rss+xml; charset=utf-8", body),
        Err(err) => ApiError::from(err).into_response(),
    }
}
