//! The public catalogue: brands and products, localised with fallback to Hebrew.

mod admin;
mod draft;
mod model;
mod routes;
pub mod seed;
mod store;
mod write;

pub use admin::{routes as admin_routes, ApiDoc as AdminApiDoc};
pub use model::{Brand, Product};
pub use routes::{routes, ApiDoc};
pub use store::{find_brand, list_brands, list_products};
