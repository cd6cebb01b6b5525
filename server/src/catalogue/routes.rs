use axum::{
    extract::{Path, State},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{Brand, Product},
    store,
};
use crate::{
    error::{ApiError, ApiResult, Text},
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

pub(super) const BRAND_NOT_FOUND: Text = Text::new("brand_not_found", "Brand not found");

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_brands)).routes(routes!(get_brand)).routes(routes!(list_products))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// he, en, ru, fr or es; anything else (or nothing) gives Hebrew.
    lang: Option<String>,
    /// Only this brand's products.
    #[param(rename = "brandId")]
    brand_id: Option<String>,
}

/// All brands, in site order.
#[utoipa::path(get, path = "/api/brands", tag = "catalogue", params(LangQuery),
    responses((status = 200, body = [Brand])))]
async fn list_brands(State(state): State<AppState>, ApiQuery(q): ApiQuery<LangQuery>) -> ApiResult<Json<Vec<Brand>>> {
    Ok(Json(store::list_brands(&state.db, Lang::from_tag(q.lang.as_deref())).await?))
}

/// One brand.
#[utoipa::path(get, path = "/api/brands/{id}", tag = "catalogue", params(("id" = String, Path), LangQuery),
    responses((status = 200, body = Brand), (status = 404, description = "Brand not found")))]
async fn get_brand(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<Brand>> {
    store::find_brand(&state.db, &id, Lang::from_tag(q.lang.as_deref()))
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound(BRAND_NOT_FOUND))
}

/// Products, optionally of one brand.
#[utoipa::path(get, path = "/api/products", tag = "catalogue", params(ProductsQuery),
    responses((status = 200, body = [Product]), (status = 404, description = "Brand not found")))]
async fn list_products(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ProductsQuery>,
) -> ApiResult<Json<Vec<Product>>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    if let Some(brand) = q.brand_id.as_deref() {
        if store::find_brand(&state.db, brand, lang).await?.is_none() {
            return Err(ApiError::NotFound(BRAND_NOT_FOUND));
        }
    }
    Ok(Json(store::list_products(&state.db, q.brand_id.as_deref(), lang).await?))
}
