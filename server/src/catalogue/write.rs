//! The admin's side of the catalogue: every language's texts of each brand and product, and the writes.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::{
    draft::{BrandDraft, BrandText, ProductDraft, ProductText},
    fit,
};
use crate::{
    db::{exists, is_unique_violation, Db},
    translations::{group_by_record, TextTable},
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BrandRecord {
    #[serde(flatten)]
    pub draft: BrandDraft,
    pub product_count: i64,
    pub updated_at: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ProductRecord {
    #[serde(flatten)]
    pub draft: ProductDraft,
    pub updated_at: i64,
}

/// What becomes of a deleted brand's products.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OrphanProducts {
    /// Refuse to delete a brand that still has products.
    Refuse,
    Delete,
    MoveTo(String),
}

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("the id is taken")]
    IdTaken,
    #[error("no such brand")]
    UnknownBrand,
    #[error("the brand still has products")]
    HasProducts,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

const BRAND_TEXTS: TextTable = TextTable {
    table: "brand_translations",
    key: "brand_id",
    columns: &["name", "description", "history", "key_features", "popular_models"],
};
const PRODUCT_TEXTS: TextTable =
    TextTable { table: "product_translations", key: "product_id", columns: &["name", "description"] };

fn json_list(row: &sqlx::any::AnyRow, column: &str) -> Result<Vec<String>, sqlx::Error> {
    serde_json::from_str(&row.try_get::<String, _>(column)?).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

pub(crate) async fn brand_records(db: &Db, only: Option<&str>) -> Result<Vec<BrandRecord>, sqlx::Error> {
    let brands = sqlx::query(
        "SELECT b.id, b.image, b.link, b.retailer_link, b.updated_at,
            (SELECT COUNT(*) FROM products p WHERE p.brand_id = b.id) AS product_count
         FROM brands b WHERE $1 IS NULL OR b.id = $1 ORDER BY b.position, b.id",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let texts = sqlx::query("SELECT * FROM brand_translations WHERE $1 IS NULL OR brand_id = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    let mut by_brand = group_by_record(&texts, "brand_id", |row| {
        Ok(BrandText {
            name: row.try_get("name")?,
            description: row.try_get("description")?,
            history: row.try_get("history")?,
            key_features: json_list(row, "key_features")?,
            popular_models: json_list(row, "popular_models")?,
        })
    })?;
    brands
        .iter()
        .map(|row| {
            let id: String = row.try_get("id")?;
            Ok(BrandRecord {
                draft: BrandDraft {
                    translations: by_brand.remove(&id).unwrap_or_default(),
                    id,
                    image: row.try_get("image")?,
                    link: row.try_get("link")?,
                    retailer_link: row.try_get("retailer_link")?,
                },
                product_count: row.try_get("product_count")?,
                updated_at: row.try_get("updated_at")?,
            })
        })
        .collect()
}

pub(crate) async fn product_records(db: &Db, only: Option<&str>) -> Result<Vec<ProductRecord>, sqlx::Error> {
    let products = sqlx::query(
        "SELECT p.* FROM products p JOIN brands b ON b.id = p.brand_id
         WHERE $1 IS NULL OR p.id = $1 ORDER BY b.position, p.position, p.id",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let texts = sqlx::query("SELECT * FROM product_translations WHERE $1 IS NULL OR product_id = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    let mut by_product = group_by_record(&texts, "product_id", |row| {
        Ok(ProductText { name: row.try_get("name")?, description: row.try_get("description")? })
    })?;
    let mut fits = fit::fits(db, only).await?;
    products
        .iter()
        .map(|row| {
            let id: String = row.try_get("id")?;
            Ok(ProductRecord {
                draft: ProductDraft {
                    translations: by_product.remove(&id).unwrap_or_default(),
                    fit: fits.remove(&id),
                    id,
                    brand_id: row.try_get("brand_id")?,
                    price: row.try_get("price")?,
                    image: row.try_get("image")?,
                    link: row.try_get("link")?,
                },
                updated_at: row.try_get("updated_at")?,
            })
        })
        .collect()
}

/// Adds a brand after the others.
/// The brand's link, or `None` when there is no such brand.
pub(crate) async fn brand_link(conn: &mut AnyConnection, id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT link FROM brands WHERE id = $1").bind(id).fetch_optional(conn).await
}

pub(crate) async fn product_exists(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    crate::db::exists(conn, "SELECT 1 FROM products WHERE id = $1", id).await
}

pub(crate) async fn insert_brand(conn: &mut AnyConnection, brand: &BrandDraft, now: i64) -> Result<(), WriteError> {
    if exists(conn, "SELECT 1 FROM brands WHERE id = $1", &brand.id).await? {
        return Err(WriteError::IdTaken);
    }
    sqlx::query(
        "INSERT INTO brands (id, position, image, link, retailer_link, created_at, updated_at)
         VALUES ($1, (SELECT COALESCE(MAX(position), -1) + 1 FROM brands), $2, $3, $4, $5, $5)",
    )
    .bind(&brand.id)
    .bind(&brand.image)
    .bind(&brand.link)
    .bind(&brand.retailer_link)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map_err(taken_or)?;
    write_brand_texts(conn, brand).await
}

/// Replaces the brand's fields and texts (its id stays); `false` when there is no such brand.
pub(crate) async fn update_brand(conn: &mut AnyConnection, brand: &BrandDraft, now: i64) -> Result<bool, WriteError> {
    let updated =
        sqlx::query("UPDATE brands SET image = $2, link = $3, retailer_link = $4, updated_at = $5 WHERE id = $1")
            .bind(&brand.id)
            .bind(&brand.image)
            .bind(&brand.link)
            .bind(&brand.retailer_link)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    write_brand_texts(conn, brand).await?;
    Ok(true)
}

async fn write_brand_texts(conn: &mut AnyConnection, brand: &BrandDraft) -> Result<(), WriteError> {
    let list = |items: &Vec<String>| serde_json::to_string(items).expect("a list of strings serialises");
    BRAND_TEXTS
        .replace(conn, &brand.id, &brand.translations, |t| {
            vec![
                t.name.clone(),
                t.description.clone(),
                t.history.clone(),
                list(&t.key_features),
                list(&t.popular_models),
            ]
        })
        .await?;
    Ok(())
}

/// Deletes the brand; its products follow `orphans`. Returns the ids of the products deleted with it,
/// or `None` when there is no such brand.
pub(crate) async fn delete_brand(
    conn: &mut AnyConnection,
    id: &str,
    orphans: &OrphanProducts,
    now: i64,
) -> Result<Option<Vec<String>>, WriteError> {
    if !exists(conn, "SELECT 1 FROM brands WHERE id = $1", id).await? {
        return Ok(None);
    }
    let products: Vec<String> = sqlx::query_scalar("SELECT id FROM products WHERE brand_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let deleted = match orphans {
        _ if products.is_empty() => Vec::new(),
        OrphanProducts::Refuse => return Err(WriteError::HasProducts),
        OrphanProducts::Delete => products,
        OrphanProducts::MoveTo(target) => {
            if target == id || !exists(conn, "SELECT 1 FROM brands WHERE id = $1", target).await? {
                return Err(WriteError::UnknownBrand);
            }
            sqlx::query("UPDATE products SET brand_id = $2, updated_at = $3 WHERE brand_id = $1")
                .bind(id)
                .bind(target)
                .bind(now)
                .execute(&mut *conn)
                .await?;
            Vec::new()
        }
    };
    // Translations and remaining products go with the brand (ON DELETE CASCADE).
    sqlx::query("DELETE FROM brands WHERE id = $1").bind(id).execute(&mut *conn).await?;
    Ok(Some(deleted))
}

pub(crate) async fn insert_product(
    conn: &mut AnyConnection,
    product: &ProductDraft,
    now: i64,
) -> Result<(), WriteError> {
    // Families and products share the model pages' addresses.
    if exists(conn, "SELECT 1 FROM products WHERE id = $1", &product.id).await?
        || super::family::is_family(conn, &product.id).await?
    {
        return Err(WriteError::IdTaken);
    }
    if !exists(conn, "SELECT 1 FROM brands WHERE id = $1", &product.brand_id).await? {
        return Err(WriteError::UnknownBrand);
    }
    sqlx::query(
        "INSERT INTO products (id, brand_id, position, price, image, link, created_at, updated_at)
         VALUES ($1, $2, (SELECT COALESCE(MAX(position), -1) + 1 FROM products), $3, $4, $5, $6, $6)",
    )
    .bind(&product.id)
    .bind(&product.brand_id)
    .bind(&product.price)
    .bind(&product.image)
    .bind(&product.link)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map_err(taken_or)?;
    write_product_texts(conn, product, now).await
}

pub(crate) async fn update_product(
    conn: &mut AnyConnection,
    product: &ProductDraft,
    now: i64,
) -> Result<bool, WriteError> {
    if !exists(conn, "SELECT 1 FROM brands WHERE id = $1", &product.brand_id).await? {
        return Err(WriteError::UnknownBrand);
    }
    let updated = sqlx::query(
        "UPDATE products SET brand_id = $2, price = $3, image = $4, link = $5, updated_at = $6 WHERE id = $1",
    )
    .bind(&product.id)
    .bind(&product.brand_id)
    .bind(&product.price)
    .bind(&product.image)
    .bind(&product.link)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    write_product_texts(conn, product, now).await?;
    Ok(true)
}

/// The product's texts, and its fit when the draft has one.
async fn write_product_texts(conn: &mut AnyConnection, product: &ProductDraft, now: i64) -> Result<(), WriteError> {
    PRODUCT_TEXTS
        .replace(conn, &product.id, &product.translations, |t| vec![t.name.clone(), t.description.clone()])
        .await?;
    if let Some(fit) = &product.fit {
        fit::write_fit(conn, &product.id, fit, now).await?;
    }
    Ok(())
}

/// `false` when there is no such product.
pub(crate) async fn delete_product(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM products WHERE id = $1").bind(id).execute(db).await?.rows_affected() > 0)
}

fn taken_or(err: sqlx::Error) -> WriteError {
    if is_unique_violation(&err) {
        WriteError::IdTaken
    } else {
        WriteError::Database(err)
    }
}
