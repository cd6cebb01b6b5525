//! The admin's brand and product calls (permission: catalogue). Every change is audited.

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
    routes::BRAND_NOT_FOUND,
    write::{self, BrandRecord, OrphanProducts, ProductRecord, WriteError},
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::{ApiError, ApiResult, Text},
    extract::{ApiJson, ApiQuery},
    fields, AppState,
};

const ORPHANS_RULE: Text = Text::new("orphans_rule", "products must be delete, or move with moveTo");
pub const PRODUCT_NOT_FOUND: Text = Text::new("product_not_found", "Product not found");
pub const ID_TAKEN: Text = Text::new("id_taken", "This id is already in use");
pub const BRAND_HAS_PRODUCTS: Text =
    Text::new("brand_has_products", "This brand still has products: delete them with it or move them to another brand");

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_brands, create_brand))
        .routes(routes!(get_brand, update_brand, delete_brand))
        .routes(routes!(list_products, create_product))
        .routes(routes!(get_product, update_product, delete_product))
}

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::IdTaken => ApiError::Taken { field: "id", message: ID_TAKEN },
            WriteError::UnknownBrand => ApiError::invalid_field("brandId", BRAND_NOT_FOUND.english),
            WriteError::HasProducts => ApiError::Conflict(BRAND_HAS_PRODUCTS),
            WriteError::Database(err) => err.into(),
        }
    }
}

async fn brand(state: &AppState, id: &str) -> ApiResult<BrandRecord> {
    write::brand_records(&state.db, Some(id)).await?.pop().ok_or(ApiError::NotFound(BRAND_NOT_FOUND))
}

async fn product(state: &AppState, id: &str) -> ApiResult<ProductRecord> {
    write::product_records(&state.db, Some(id)).await?.pop().ok_or(ApiError::NotFound(PRODUCT_NOT_FOUND))
}

/// Every brand with all its languages and its number of products.
#[utoipa::path(get, path = "/api/admin/brands", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [BrandRecord]), (status = 401), (status = 403)))]
async fn list_brands(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
) -> ApiResult<Json<Vec<BrandRecord>>> {
    Ok(Json(write::brand_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = BrandRecord), (status = 404, description = "Brand not found")))]
async fn get_brand(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
    Path(id): Path<String>,
) -> ApiResult<Json<BrandRecord>> {
    Ok(Json(brand(&state, &id).await?))
}

/// Adds a brand; Hebrew texts are required, other languages fall back to them.
#[utoipa::path(post, path = "/api/admin/brands", tag = "admin", security(("bearer" = [])), request_body = BrandDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = BrandRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_brand(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<BrandDraft>,
) -> ApiResult<(StatusCode, Json<BrandRecord>)> {
    draft.tidy_and_check(true)?;
    let mut tx = crate::db::begin(&state.db).await?;
    write::insert_brand(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::Brand, &draft.id).await?;
    Ok((StatusCode::CREATED, Json(brand(&state, &draft.id).await?)))
}

/// Replaces a brand's fields and texts; the id in the path wins over one in the body.
#[utoipa::path(put, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = BrandDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = BrandRecord), (status = 400), (status = 404, description = "Brand not found")))]
async fn update_brand(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(mut draft): ApiJson<BrandDraft>,
) -> ApiResult<Json<BrandRecord>> {
    fields::same_id("id", &draft.id, &id)?;
    draft.tidy_and_check(false)?;
    let mut tx = crate::db::begin(&state.db).await?;
    if !write::update_brand(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(BRAND_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::Brand, &draft.id).await?;
    Ok(Json(brand(&state, &draft.id).await?))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeleteBrandQuery {
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
pub struct DeletedBrand {
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
    let mut tx = crate::db::begin(&state.db).await?;
    let deleted_products = match write::delete_brand(&mut tx, &id, &orphans, state.clock.now_ms()).await {
        Ok(deleted) => deleted.ok_or(ApiError::NotFound(BRAND_NOT_FOUND))?,
        // Here the unknown brand is the one the products were to move to.
        Err(WriteError::UnknownBrand) => return Err(ApiError::invalid_field("moveTo", BRAND_NOT_FOUND.english)),
        Err(err) => return Err(err.into()),
    };
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Brand, &id).await?;
    for product in &deleted_products {
        audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Product, product).await?;
    }
    Ok(Json(DeletedBrand { deleted_products }))
}

/// Every product with all its languages, in site order.
#[utoipa::path(get, path = "/api/admin/products", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [ProductRecord]), (status = 401), (status = 403)))]
async fn list_products(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
) -> ApiResult<Json<Vec<ProductRecord>>> {
    Ok(Json(write::product_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = ProductRecord), (status = 404, description = "Product not found")))]
async fn get_product(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
    Path(id): Path<String>,
) -> ApiResult<Json<ProductRecord>> {
    Ok(Json(product(&state, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/products", tag = "admin", security(("bearer" = [])), request_body = ProductDraft,
    responses((status = 403, description = "You do not have permission to do this"), (status = 201, body = ProductRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<ProductDraft>,
) -> ApiResult<(StatusCode, Json<ProductRecord>)> {
    draft.tidy_and_check(true)?;
    let mut tx = crate::db::begin(&state.db).await?;
    write::insert_product(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::Product, &draft.id).await?;
    Ok((StatusCode::CREATED, Json(product(&state, &draft.id).await?)))
}

#[utoipa::path(put, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = ProductDraft, responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = ProductRecord), (status = 400), (status = 404, description = "Product not found")))]
async fn update_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(mut draft): ApiJson<ProductDraft>,
) -> ApiResult<Json<ProductRecord>> {
    fields::same_id("id", &draft.id, &id)?;
    draft.tidy_and_check(false)?;
    let mut tx = crate::db::begin(&state.db).await?;
    if !write::update_product(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::Product, &draft.id).await?;
    Ok(Json(product(&state, &draft.id).await?))
}

#[utoipa::path(delete, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 403, description = "You do not have permission to do this"), (status = 204), (status = 404, description = "Product not found")))]
async fn delete_product(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    if !write::delete_product(&state.db, &id).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::Product, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
