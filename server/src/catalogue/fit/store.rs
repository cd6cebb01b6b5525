//! `product_fits`: each product's fit as JSON.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::Fit;
use crate::db::Db;

fn decode(text: &str) -> Result<Fit, sqlx::Error> {
    serde_json::from_str(text).map_err(|err| sqlx::Error::Decode(Box::new(err)))
}

/// Writes (or replaces) `product`'s fit.
pub(crate) async fn write_fit(conn: &mut AnyConnection, product: &str, fit: &Fit, now: i64) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(fit).map_err(|err| sqlx::Error::Encode(Box::new(err)))?;
    sqlx::query(
        "INSERT INTO product_fits (product_id, fit, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (product_id) DO UPDATE SET fit = excluded.fit, updated_at = excluded.updated_at",
    )
    .bind(product)
    .bind(json)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every product's fit, by product id.
pub(crate) async fn has_fit(conn: &mut AnyConnection, product: &str) -> Result<bool, sqlx::Error> {
    crate::db::exists(conn, "SELECT 1 FROM product_fits WHERE product_id = $1", product).await
}

pub(crate) async fn all_fits(db: &Db) -> Result<HashMap<String, Fit>, sqlx::Error> {
    fits(db, None).await
}

/// The fit of product `only` (when it has one), or of every product.
pub(crate) async fn fits(db: &Db, only: Option<&str>) -> Result<HashMap<String, Fit>, sqlx::Error> {
    let rows = sqlx::query("SELECT product_id, fit FROM product_fits WHERE $1 IS NULL OR product_id = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    rows.iter().map(|row| Ok((row.try_get("product_id")?, decode(&row.try_get::<String, _>("fit")?)?))).collect()
}
