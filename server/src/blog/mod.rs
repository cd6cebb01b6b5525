//! The blog: posts and categories in five languages, Markdown bodies rendered to sanitised HTML with
//! social media embeds, public reading calls and the admin's editing calls.

mod admin;
pub mod embeds;
mod model;
mod render;
mod routes;
pub mod seed;
pub mod store;
mod write;

pub use model::{Post, PostSummary};
pub use render::plain_paragraphs;

use axum::Router;

use crate::AppState;

pub fn routes() -> Router<AppState> {
    routes::routes().merge(admin::routes())
}

pub fn api_docs() -> [utoipa::openapi::OpenApi; 2] {
    use utoipa::OpenApi;
    [routes::ApiDoc::openapi(), admin::ApiDoc::openapi()]
}
