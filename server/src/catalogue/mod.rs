//! The public catalogue: brands and products, localised with fallback to Hebrew.

mod admin;
mod draft;
mod model;
mod routes;
pub mod seed;
mod store;
mod write;

pub use model::{Brand, Product};
pub use store::{find_brand, list_brands, list_products};

/// The public reading calls and the admin's editing calls.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(admin::routes())
}
