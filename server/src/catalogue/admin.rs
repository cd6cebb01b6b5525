//! The admin's brand and product calls (permission: catalogue). Every change is audited.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    routing::get,
    Json, Router,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{
    draft::{BrandDraft, ProductDraft},
    routes::BRAND_NOT_FOUND,
    write::{self, BrandRecord, OrphanProducts, ProductRecord, WriteError},
};
use crate::{
    audit,
    auth::{
        extract::SignedIn,
        permissions::{self, Permission},
    },
    client_info::ClientInfo,
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
    AppState,
};

pub const PRODUCT_NOT_FOUND: &str = "Product not found";
pub const ID_TAKEN: &str = "This id is already in use";
pub const BRAND_HAS_PRODUCTS: &str = "This brand still has products: delete them with it or move them to another brand";

#[derive(OpenApi)]
#[openapi(
    paths(
        list_brands,
        create_brand,
        get_brand,
        update_brand,
        delete_brand,
        list_products,
        create_product,
        get_product,
        update_product,
        delete_product
    ),
    components(schemas(BrandDraft, ProductDraft, BrandRecord, ProductRecord, DeletedBrand))
)]
pub struct ApiDoc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/brands", get(list_brands).post(create_brand))
        .route("/api/admin/brands/{id}", get(get_brand).put(update_brand).delete(delete_brand))
        .route("/api/admin/products", get(list_products).post(create_product))
        .route("/api/admin/products/{id}", get(get_product).put(update_product).delete(delete_product))
}

fn editor(signed_in: &SignedIn) -> ApiResult<()> {
    permissions::require(&signed_in.user, Permission::Catalogue)
}

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::IdTaken => ApiError::Taken { field: "id", message: ID_TAKEN },
            WriteError::UnknownBrand => ApiError::invalid_field("brandId", BRAND_NOT_FOUND),
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
async fn list_brands(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<BrandRecord>>> {
    editor(&signed_in)?;
    Ok(Json(write::brand_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = BrandRecord), (status = 404, description = "Brand not found")))]
async fn get_brand(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> ApiResult<Json<BrandRecord>> {
    editor(&signed_in)?;
    Ok(Json(brand(&state, &id).await?))
}

/// Adds a brand; Hebrew texts are required, other languages fall back to them.
#[utoipa::path(post, path = "/api/admin/brands", tag = "admin", security(("bearer" = [])), request_body = BrandDraft,
    responses((status = 201, body = BrandRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_brand(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<BrandDraft>,
) -> ApiResult<(StatusCode, Json<BrandRecord>)> {
    editor(&signed_in)?;
    draft.tidy_and_check(true)?;
    let mut tx = state.db.begin().await?;
    write::insert_brand(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "create", "brand", &draft.id).await?;
    Ok((StatusCode::CREATED, Json(brand(&state, &draft.id).await?)))
}

/// Replaces a brand's fields and texts; the id in the path wins over one in the body.
#[utoipa::path(put, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = BrandDraft, responses((status = 200, body = BrandRecord), (status = 400), (status = 404, description = "Brand not found")))]
async fn update_brand(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(mut draft): ApiJson<BrandDraft>,
) -> ApiResult<Json<BrandRecord>> {
    editor(&signed_in)?;
    draft.id = id;
    draft.tidy_and_check(false)?;
    let mut tx = state.db.begin().await?;
    if !write::update_brand(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(BRAND_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "update", "brand", &draft.id).await?;
    Ok(Json(brand(&state, &draft.id).await?))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeleteBrandQuery {
    /// `delete`: the brand's products are deleted with it; `move`: they go to `moveTo`.
    /// Without it, a brand that has products is not deleted (409).
    products: Option<String>,
    #[param(rename = "moveTo")]
    move_to: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedBrand {
    /// The products deleted with the brand.
    deleted_products: Vec<String>,
}

#[utoipa::path(delete, path = "/api/admin/brands/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path), DeleteBrandQuery),
    responses((status = 200, body = DeletedBrand), (status = 400, description = "Unknown `products` choice or target brand"),
        (status = 404, description = "Brand not found"), (status = 409, description = "The brand still has products")))]
async fn delete_brand(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<DeleteBrandQuery>,
) -> ApiResult<Json<DeletedBrand>> {
    editor(&signed_in)?;
    let orphans = match (query.products.as_deref(), query.move_to) {
        (None, _) => OrphanProducts::Refuse,
        (Some("delete"), _) => OrphanProducts::Delete,
        (Some("move"), Some(target)) => OrphanProducts::MoveTo(target),
        _ => return Err(ApiError::BadRequest("products must be delete, or move with moveTo".to_owned())),
    };
    let mut tx = state.db.begin().await?;
    let deleted_products = match write::delete_brand(&mut tx, &id, &orphans, state.clock.now_ms()).await {
        Ok(deleted) => deleted.ok_or(ApiError::NotFound(BRAND_NOT_FOUND))?,
        // Here the unknown brand is the one the products were to move to.
        Err(WriteError::UnknownBrand) => return Err(ApiError::invalid_field("moveTo", BRAND_NOT_FOUND)),
        Err(err) => return Err(err.into()),
    };
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "delete", "brand", &id).await?;
    for product in &deleted_products {
        audit::record_change(&state, &client, &signed_in.user, "delete", "product", product).await?;
    }
    Ok(Json(DeletedBrand { deleted_products }))
}

/// Every product with all its languages, in site order.
#[utoipa::path(get, path = "/api/admin/products", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [ProductRecord]), (status = 401), (status = 403)))]
async fn list_products(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<ProductRecord>>> {
    editor(&signed_in)?;
    Ok(Json(write::product_records(&state.db, None).await?))
}

#[utoipa::path(get, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = ProductRecord), (status = 404, description = "Product not found")))]
async fn get_product(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> ApiResult<Json<ProductRecord>> {
    editor(&signed_in)?;
    Ok(Json(product(&state, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/products", tag = "admin", security(("bearer" = [])), request_body = ProductDraft,
    responses((status = 201, body = ProductRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 409, description = "This id is already in use")))]
async fn create_product(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    ApiJson(mut draft): ApiJson<ProductDraft>,
) -> ApiResult<(StatusCode, Json<ProductRecord>)> {
    editor(&signed_in)?;
    draft.tidy_and_check(true)?;
    let mut tx = state.db.begin().await?;
    write::insert_product(&mut tx, &draft, state.clock.now_ms()).await?;
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "create", "product", &draft.id).await?;
    Ok((StatusCode::CREATED, Json(product(&state, &draft.id).await?)))
}

#[utoipa::path(put, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = ProductDraft, responses((status = 200, body = ProductRecord), (status = 400), (status = 404, description = "Product not found")))]
async fn update_product(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(mut draft): ApiJson<ProductDraft>,
) -> ApiResult<Json<ProductRecord>> {
    editor(&signed_in)?;
    draft.id = id;
    draft.tidy_and_check(false)?;
    let mut tx = state.db.begin().await?;
    if !write::update_product(&mut tx, &draft, state.clock.now_ms()).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    tx.commit().await?;
    audit::record_change(&state, &client, &signed_in.user, "update", "product", &draft.id).await?;
    Ok(Json(product(&state, &draft.id).await?))
}

#[utoipa::path(delete, path = "/api/admin/products/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 404, description = "Product not found")))]
async fn delete_product(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    editor(&signed_in)?;
    if !write::delete_product(&state.db, &id).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, "delete", "product", &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
