//! What the admin sets for the assistant: the providers (AI Gateway) and the model per language (AI
//! Models).

mod models;
mod providers;

pub use models::AiModels;
pub use providers::{AiProviders, EdgeSettings, GatewaySettings};

pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    models::routes().merge(providers::routes())
}
