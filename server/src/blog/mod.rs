//! The blog: posts and categories in five languages, Markdown bodies rendered to sanitised HTML with
//! social media embeds, public reading calls and the admin's editing calls.

pub mod embeds;
mod model;
mod render;
mod routes;
pub mod seed;
mod service;
pub mod social_embeds;
pub mod store;
mod write;

pub use model::{Post, PostSummary};
pub use render::plain_paragraphs;

use utoipa_axum::router::OpenApiRouter;

use crate::{public_cache, AppState};

/// The public reading calls (answered from memory) and the admin's editing calls (which drop those
/// answers), the social-embed settings among both.
pub fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(routes::public_routes()).merge(public_cache::changes(routes::admin_routes()))
}
