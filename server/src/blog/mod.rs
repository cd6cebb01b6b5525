//! The blog: posts and categories in five languages, Markdown bodies rendered to sanitised HTML with
//! social media embeds, public reading calls and the admin's editing calls.

pub(crate) mod embeds;
mod model;
mod render;
mod routes;
pub(crate) mod seed;
mod service;
pub(crate) mod social_embeds;
pub(crate) mod store;
mod write;

pub(crate) use model::{Post, PostSummary};
pub(crate) use render::plain_paragraphs;

use utoipa_axum::router::OpenApiRouter;

use crate::{public_cache, AppState};

/// The public reading calls (answered from memory) and the admin's editing calls (which drop those
/// answers), the social-embed settings among both.
pub(crate) fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(routes::public_routes()).merge(public_cache::changes(routes::admin_routes()))
}
