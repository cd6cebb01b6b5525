//! The catalogue's calls: brands and products for visitors, and the admin's brand and product calls
//! (permission: catalogue), every change audited.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    draft::{BrandDraft, ProductDraft},
    model::{Brand, Product},
    service::{self, BRAND_NOT_FOUND},
    store,
    write::{self, BrandRecord, OrphanProducts, ProductRecord},
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::area,
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::{ApiJson, ApiQuery},
    lang::{Lang, LangQuery},
    AppState,
};

const ORPHANS_RULE: Text = Text::new(ErrorCode::OrphansRule, "products must be delete, or move with moveTo");

/// The visitors' calls, answered from memory by the caller.
pub(crate) fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_brands)).routes(routes!(get_brand)).routes(routes!(list_products))
}

/// The admin's calls, which change what visitors get.
pub(crate) fn admin_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_brands, create_brand))
        .routes(routes!(admin_get_brand, update_brand, delete_brand))
        .routes(routes!(admin_list_products, create_product))
        .routes(routes!(admin_get_product, update_product, delete_product))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct ProductsQuery {
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

/// Every brand with all its languages and its number of products.
#[utoipa::path(get, path = "/api/admin/brands", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [BrandRecord]), (status = 401), (status = 403)))]
async fn admin_list_brands(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
) -> ApiResult<Json<Vec<BrandRecord>>> {
    Ok(Json(write::brand_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = BrandRecord), (status = 404, description = "Brand not found")))]
async fn admin_get_brand(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
    Path(id): Path<String>,
) -> ApiResult<Json<BrandRecord>> {
    Ok(Json(service::brand(&state.db, &id).await?))
}

/// Adds a brand; Hebrew texts are required, other languages fall back to them.
#[utoipa::path(post, path = "/api/admin/brands", tag = "admin", security(("bearer" = [])), request_body = BrandDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = BrandRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_brand(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    ApiJson(draft): ApiJson<BrandDraft>,
) -> ApiResult<(StatusCode, Json<BrandRecord>)> {
    let brand = service::create_brand(&state.db, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::Brand, &brand.draft.id).await?;
    Ok((StatusCode::CREATED, Json(brand)))
}

/// Replaces a brand's fields and texts; the id in the path wins over one in the body.
#[utoipa::path(put, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = BrandDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = BrandRecord), (status = 400), (status = 404, description = "Brand not found")))]
async fn update_brand(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(draft): ApiJson<BrandDraft>,
) -> ApiResult<Json<BrandRecord>> {
    let brand = service::update_brand(&state.db, &id, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::Brand, &brand.draft.id).await?;
    Ok(Json(brand))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct DeleteBrandQuery {
    /// `delete`: the brand's products are deleted with it; `move`: they go to `moveTo`.
    /// Without it, a brand that has products is not deleted (409).
    #[param(schema_with = orphans_schema)]
    products: Option<String>,
    #[param(rename = "moveTo")]
    move_to: Option<String>,
}

fn orphans_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["delete", "move"])).build()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeletedBrand {
    /// The products deleted with the brand.
    deleted_products: Vec<String>,
}

#[utoipa::path(delete, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path), DeleteBrandQuery),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = DeletedBrand), (status = 400, description = "Unknown `products` choice or target brand"),
        (status = 404, description = "Brand not found"), (status = 409, description = "The brand still has products")))]
async fn delete_brand(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<DeleteBrandQuery>,
) -> ApiResult<Json<DeletedBrand>> {
    let orphans = match (query.products.as_deref(), query.move_to) {
        (None, _) => OrphanProducts::Refuse,
        (Some("delete"), _) => OrphanProducts::Delete,
        (Some("move"), Some(target)) => OrphanProducts::MoveTo(target),
        _ => return Err(ApiError::BadRequest(ORPHANS_RULE)),
    };
    let deleted_products = service::delete_brand(&state.db, &id, orphans, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Brand, &id).await?;
    for product in &deleted_products {
        audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Product, product).await?;
    }
    Ok(Json(DeletedBrand { deleted_products }))
}

/// Every product with all its languages, in site order.
#[utoipa::path(get, path = "/api/admin/products", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [ProductRecord]), (status = 401), (status = 403)))]
async fn admin_list_products(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
) -> ApiResult<Json<Vec<ProductRecord>>> {
    Ok(Json(write::product_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = ProductRecord), (status = 404, description = "Product not found")))]
async fn admin_get_product(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
    Path(id): Path<String>,
) -> ApiResult<Json<ProductRecord>> {
    Ok(Json(service::product(&state.db, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/products", tag = "admin", security(("bearer" = [])), request_body = ProductDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = ProductRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    ApiJson(draft): ApiJson<ProductDraft>,
) -> ApiResult<(StatusCode, Json<ProductRecord>)> {
    let product = service::create_product(&state.db, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::Product, &product.draft.id)
        .await?;
    Ok((StatusCode::CREATED, Json(product)))
}

#[utoipa::path(put, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = ProductDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = ProductRecord), (status = 400), (status = 404, description = "Product not found")))]
async fn update_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(draft): ApiJson<ProductDraft>,
) -> ApiResult<Json<ProductRecord>> {
    let product = service::update_product(&state.db, &id, draft, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::Product, &product.draft.id)
        .await?;
    Ok(Json(product))
}

#[utoipa::path(delete, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 204), (status = 404, description = "Product not found")))]
async fn delete_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    service::delete_product(&state.db, &id).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Product, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
