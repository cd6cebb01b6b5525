//! What the admin sets for the assistant: the providers (AI Gateway) and the model per language (AI
//! Models).

mod models;
mod providers;
mod routes;

pub(crate) use models::AiModels;
pub(crate) use providers::{AiProviders, EdgeSettings, GatewaySettings};
pub(crate) use routes::routes;
