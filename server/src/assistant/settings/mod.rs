//! What the admin sets for the assistant: the providers (AI Gateway) and the model per language (AI
//! Models).

mod models;
mod providers;
mod routes;

pub use models::AiModels;
pub use providers::{AiProviders, EdgeSettings, GatewaySettings};
pub(crate) use routes::routes;
