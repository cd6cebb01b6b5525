//! The public catalogue: brands and products, localised with fallback to Hebrew.

mod draft;
pub(crate) mod family;
pub(crate) mod fit;
mod model;
mod routes;
pub(crate) mod seed;
mod service;
mod store;
mod write;

pub(crate) use draft::{BrandDraft, BrandText, ProductDraft, ProductText};
pub(crate) use model::{Brand, Product};
pub(crate) use write::{brand_link, insert_brand, insert_product, product_exists};

use utoipa_axum::router::OpenApiRouter;

use crate::{public_cache, AppState};
pub(crate) use store::{counts, find_brand, find_product, fingerprint, list_brands, list_products};

/// The public reading calls (answered from memory) and the admin's editing calls (which drop those
/// answers).
pub(crate) fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(routes::public_routes())
        .merge(public_cache::changes(routes::admin_routes().merge(family::routes())))
}
