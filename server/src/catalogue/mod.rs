//! The public catalogue: brands and products, localised with fallback to Hebrew.

mod model;
mod routes;
pub mod seed;
mod store;

pub use model::{Brand, Product};
pub use routes::{routes, ApiDoc};
pub use store::brand_name;
