//! Catalogue queries. Each text column is taken in the asked language, else in Hebrew.

use std::collections::HashMap;

use sqlx::Row;

use super::model::{Brand, Product};
use crate::{db::Db, lang::Lang};

const BRAND_SELECT: &str = "SELECT b.id, b.image, b.link, b.retailer_link,
        COALESCE(t.name, h.name, b.id) AS name,
        COALESCE(t.description, h.description, '') AS description,
        COALESCE(t.history, h.history, '') AS history,
        COALESCE(t.key_features, h.key_features, '[]') AS key_features,
        COALESCE(t.popular_models, h.popular_models, '[]') AS popular_models
    FROM brands b
    LEFT JOIN brand_translations t ON t.brand_id = b.id AND t.lang = $1
    LEFT JOIN brand_translations h ON h.brand_id = b.id AND h.lang = 'he'";

const PRODUCT_SELECT: &str = "SELECT p.id, p.brand_id, p.image, p.link, p.price,
        COALESCE(t.name, h.name, p.id) AS name,
        COALESCE(t.description, h.description, '') AS description
    FROM products p
    JOIN brands b ON b.id = p.brand_id
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.lang = $1
    LEFT JOIN product_translations h ON h.product_id = p.id AND h.lang = 'he'";

fn brand_from_row(row: &sqlx::any::AnyRow) -> Result<Brand, sqlx::Error> {
    let list = |column: &str| -> Result<Vec<String>, sqlx::Error> {
        let text: String = row.try_get(column)?;
        serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
    };
    Ok(Brand {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        history: row.try_get("history")?,
        key_features: list("key_features")?,
        popular_models: list("popular_models")?,
        image: row.try_get("image")?,
        link: row.try_get("link")?,
        retailer_link: row.try_get("retailer_link")?,
        other_names: Vec::new(),
    })
}

fn product_from_row(row: &sqlx::any::AnyRow) -> Result<Product, sqlx::Error> {
    Ok(Product {
        id: row.try_get("id")?,
        brand_id: row.try_get("brand_id")?,
        name: row.try_get("name")?,
        image: row.try_get("image")?,
        link: row.try_get("link")?,
        price: row.try_get("price")?,
        description: row.try_get("description")?,
        other_names: Vec::new(),
    })
}

/// Every name of each brand or product (by id) in every language, from `sql` giving `id, name`;
/// `filter` is its `$1` (null for all).
async fn names_by_id(db: &Db, sql: &str, filter: Option<&str>) -> Result<HashMap<String, Vec<String>>, sqlx::Error> {
    let mut names: HashMap<String, Vec<String>> = HashMap::new();
    for row in sqlx::query(sql).bind(filter).fetch_all(db).await? {
        names.entry(row.try_get("id")?).or_default().push(row.try_get("name")?);
    }
    Ok(names)
}

/// Fills `other_names`: the names that differ from the one shown, once each.
fn add_other_names<'a>(
    items: impl Iterator<Item = (&'a str, &'a str, &'a mut Vec<String>)>,
    mut names: HashMap<String, Vec<String>>,
) {
    for (id, shown, other) in items {
        let mut all = names.remove(id).unwrap_or_default();
        all.sort();
        all.dedup();
        all.retain(|name| name != shown);
        *other = all;
    }
}

const BRAND_NAMES: &str = "SELECT brand_id AS id, name FROM brand_translations WHERE $1 IS NULL OR brand_id = $1";
/// The names of the products of brand `$1` (of every product when it is null).
const PRODUCT_NAMES: &str =
    "SELECT t.product_id AS id, t.name FROM product_translations t JOIN products p ON p.id = t.product_id
    WHERE $1 IS NULL OR p.brand_id = $1";

/// What changes when any brand or product does: their counts and latest changes.
pub(crate) async fn fingerprint(db: &Db) -> Result<[i64; 4], sqlx::Error> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM brands), (SELECT COALESCE(MAX(updated_at), 0) FROM brands),
                (SELECT COUNT(*) FROM products), (SELECT COALESCE(MAX(updated_at), 0) FROM products)",
    )
    .fetch_one(db)
    .await?;
    Ok([row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?])
}

/// How many brands and products there are.
pub(crate) async fn counts(db: &Db) -> Result<(i64, i64), sqlx::Error> {
    let brands = sqlx::query_scalar("SELECT COUNT(*) FROM brands").fetch_one(db).await?;
    let products = sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(db).await?;
    Ok((brands, products))
}

pub(crate) async fn list_brands(db: &Db, lang: Lang) -> Result<Vec<Brand>, sqlx::Error> {
    let sql = format!("{BRAND_SELECT} ORDER BY b.position, b.id");
    let rows = sqlx::query(&sql).bind(lang.code()).fetch_all(db).await?;
    let mut brands = rows.iter().map(brand_from_row).collect::<Result<Vec<_>, _>>()?;
    add_other_names(
        brands.iter_mut().map(|b| (b.id.as_str(), b.name.as_str(), &mut b.other_names)),
        names_by_id(db, BRAND_NAMES, None).await?,
    );
    Ok(brands)
}

pub(crate) async fn find_brand(db: &Db, id: &str, lang: Lang) -> Result<Option<Brand>, sqlx::Error> {
    let sql = format!("{BRAND_SELECT} WHERE b.id = $2");
    let row = sqlx::query(&sql).bind(lang.code()).bind(id).fetch_optional(db).await?;
    let Some(mut brand) = row.as_ref().map(brand_from_row).transpose()? else { return Ok(None) };
    let names = names_by_id(db, BRAND_NAMES, Some(id)).await?;
    add_other_names(std::iter::once((brand.id.as_str(), brand.name.as_str(), &mut brand.other_names)), names);
    Ok(Some(brand))
}

/// The product `id` in `lang`, with its other names.
pub(crate) async fn find_product(db: &Db, id: &str, lang: Lang) -> Result<Option<Product>, sqlx::Error> {
    let sql = format!("{PRODUCT_SELECT} WHERE p.id = $2");
    let row = sqlx::query(&sql).bind(lang.code()).bind(id).fetch_optional(db).await?;
    let Some(mut product) = row.as_ref().map(product_from_row).transpose()? else { return Ok(None) };
    let names = names_by_id(db, PRODUCT_NAMES, Some(&product.brand_id)).await?;
    add_other_names(std::iter::once((product.id.as_str(), product.name.as_str(), &mut product.other_names)), names);
    Ok(Some(product))
}

pub(crate) async fn list_products(db: &Db, brand_id: Option<&str>, lang: Lang) -> Result<Vec<Product>, sqlx::Error> {
    let rows = match brand_id {
        Some(brand) => {
            let sql = format!("{PRODUCT_SELECT} WHERE p.brand_id = $2 ORDER BY p.position, p.id");
            sqlx::query(&sql).bind(lang.code()).bind(brand).fetch_all(db).await?
        }
        None => {
            let sql = format!("{PRODUCT_SELECT} ORDER BY b.position, p.position, p.id");
            sqlx::query(&sql).bind(lang.code()).fetch_all(db).await?
        }
    };
    let mut products = rows.iter().map(product_from_row).collect::<Result<Vec<_>, _>>()?;
    add_other_names(
        products.iter_mut().map(|p| (p.id.as_str(), p.name.as_str(), &mut p.other_names)),
        names_by_id(db, PRODUCT_NAMES, brand_id).await?,
    );
    Ok(products)
}
