//! The blog: posts and categories in five languages, Markdown bodies rendered to sanitised HTML with
//! social media embeds, public reading calls and the admin's editing calls.

mod admin;
pub mod embeds;
mod model;
mod render;
mod routes;
pub mod seed;
pub mod social_embeds;
pub mod store;
mod write;

pub use model::{Post, PostSummary};
pub use render::plain_paragraphs;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

/// The public reading calls, the admin's editing calls and the social-embed settings.
pub fn routes() -> OpenApiRouter<AppState> {
    routes::routes().merge(admin::routes()).merge(social_embeds::routes())
}
