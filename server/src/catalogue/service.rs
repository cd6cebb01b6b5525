//! The catalogue editor's rules: a draft is tidied and checked before it is written in one
//! transaction; an id in the address and in the draft must agree; a brand that still has products
//! goes only with them or after them.

use super::{
    draft::{BrandDraft, ProductDraft},
    write::{self, BrandRecord, OrphanProducts, ProductRecord, WriteError},
};
use crate::{
    db::{self, Db},
    error::{ApiError, ApiResult, ErrorCode, Text},
    fields,
};

pub(crate) const BRAND_NOT_FOUND: Text = Text::new(ErrorCode::BrandNotFound, "Brand not found");
const PRODUCT_NOT_FOUND: Text = Text::new(ErrorCode::ProductNotFound, "Product not found");
const ID_TAKEN: Text = Text::new(ErrorCode::IdTaken, "This id is already in use");
const BRAND_HAS_PRODUCTS: Text = Text::new(
    ErrorCode::BrandHasProducts,
    "This brand still has products: delete them with it or move them to another brand",
);

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

pub(crate) async fn brand(db: &Db, id: &str) -> ApiResult<BrandRecord> {
    write::brand_records(db, Some(id)).await?.pop().ok_or(ApiError::NotFound(BRAND_NOT_FOUND))
}

pub(crate) async fn product(db: &Db, id: &str) -> ApiResult<ProductRecord> {
    write::product_records(db, Some(id)).await?.pop().ok_or(ApiError::NotFound(PRODUCT_NOT_FOUND))
}

/// Adds a brand; Hebrew texts are required, other languages fall back to them.
pub(crate) async fn create_brand(db: &Db, mut draft: BrandDraft, now: i64) -> ApiResult<BrandRecord> {
    draft.tidy_and_check(true)?;
    let mut tx = db::begin(db).await?;
    write::insert_brand(&mut tx, &draft, now).await?;
    tx.commit().await?;
    brand(db, &draft.id).await
}

pub(crate) async fn update_brand(db: &Db, id: &str, mut draft: BrandDraft, now: i64) -> ApiResult<BrandRecord> {
    fields::same_id("id", &draft.id, id)?;
    draft.tidy_and_check(false)?;
    let mut tx = db::begin(db).await?;
    if !write::update_brand(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(BRAND_NOT_FOUND));
    }
    tx.commit().await?;
    brand(db, &draft.id).await
}

/// Deletes the brand, its products as `orphans` says; gives the ids of the products deleted with it.
pub(crate) async fn delete_brand(db: &Db, id: &str, orphans: OrphanProducts, now: i64) -> ApiResult<Vec<String>> {
    let mut tx = db::begin(db).await?;
    let deleted_products = match write::delete_brand(&mut tx, id, &orphans, now).await {
        Ok(deleted) => deleted.ok_or(ApiError::NotFound(BRAND_NOT_FOUND))?,
        // Here the unknown brand is the one the products were to move to.
        Err(WriteError::UnknownBrand) => return Err(ApiError::invalid_field("moveTo", BRAND_NOT_FOUND)),
        Err(err) => return Err(err.into()),
    };
    tx.commit().await?;
    Ok(deleted_products)
}

pub(crate) async fn create_product(db: &Db, mut draft: ProductDraft, now: i64) -> ApiResult<ProductRecord> {
    draft.tidy_and_check(true)?;
    let mut tx = db::begin(db).await?;
    write::insert_product(&mut tx, &draft, now).await?;
    tx.commit().await?;
    product(db, &draft.id).await
}

pub(crate) async fn update_product(db: &Db, id: &str, mut draft: ProductDraft, now: i64) -> ApiResult<ProductRecord> {
    fields::same_id("id", &draft.id, id)?;
    draft.tidy_and_check(false)?;
    let mut tx = db::begin(db).await?;
    if !write::update_product(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    tx.commit().await?;
    product(db, &draft.id).await
}

pub(crate) async fn delete_product(db: &Db, id: &str) -> ApiResult<()> {
    if !write::delete_product(db, id).await? {
        return Err(ApiError::NotFound(PRODUCT_NOT_FOUND));
    }
    Ok(())
}
