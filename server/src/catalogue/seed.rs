//! Loads the catalogue shipped in `content/` into an empty installation, once.

use std::collections::BTreeMap;

use anyhow::Context;
use serde::Deserialize;

use crate::{db::Db, time::now_ms};

const BRANDS_JSON: &str = include_str!("../../../content/brands.json");
const PRODUCTS_JSON: &str = include_str!("../../../content/products.json");
const SEED_MARK: &str = "seed.catalogue";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeedBrand {
    pub id: String,
    pub image: String,
    pub link: String,
    pub retailer_link: String,
    pub translations: BTreeMap<String, SeedBrandText>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeedBrandText {
    pub name: String,
    pub description: String,
    pub history: String,
    pub key_features: Vec<String>,
    pub popular_models: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeedProduct {
    pub id: String,
    pub brand_id: String,
    pub price: String,
    pub image: String,
    pub link: String,
    pub translations: BTreeMap<String, SeedProductText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedProductText {
    pub name: String,
    pub description: String,
}

pub fn seed_brands() -> anyhow::Result<Vec<SeedBrand>> {
    serde_json::from_str(BRANDS_JSON).context("content/brands.json is invalid")
}

pub fn seed_products() -> anyhow::Result<Vec<SeedProduct>> {
    serde_json::from_str(PRODUCTS_JSON).context("content/products.json is invalid")
}

/// Inserts the seed catalogue unless it was loaded before (even if admins have since changed it).
/// Returns whether anything was inserted.
pub async fn seed_catalogue(db: &Db) -> anyhow::Result<bool> {
    let brands = seed_brands()?;
    let products = seed_products()?;
    let now = now_ms();
    let mut tx = db.begin().await?;
    let marked = sqlx::query("INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(SEED_MARK)
        .bind(now.to_string())
        .execute(&mut *tx)
        .await?;
    if marked.rows_affected() == 0 {
        return Ok(false);
    }
    for (position, brand) in (0_i64..).zip(&brands) {
        sqlx::query(
            "INSERT INTO brands (id, position, image, link, retailer_link, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&brand.id)
        .bind(position)
        .bind(&brand.image)
        .bind(&brand.link)
        .bind(&brand.retailer_link)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for (lang, text) in &brand.translations {
            sqlx::query(
                "INSERT INTO brand_translations (brand_id, lang, name, description, history, key_features, popular_models)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&brand.id)
            .bind(lang)
            .bind(&text.name)
            .bind(&text.description)
            .bind(&text.history)
            .bind(serde_json::to_string(&text.key_features)?)
            .bind(serde_json::to_string(&text.popular_models)?)
            .execute(&mut *tx)
            .await?;
        }
    }
    for (position, product) in (0_i64..).zip(&products) {
        sqlx::query(
            "INSERT INTO products (id, brand_id, position, price, image, link, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
        )
        .bind(&product.id)
        .bind(&product.brand_id)
        .bind(position)
        .bind(&product.price)
        .bind(&product.image)
        .bind(&product.link)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for (lang, text) in &product.translations {
            sqlx::query("INSERT INTO product_translations (product_id, lang, name, description) VALUES ($1, $2, $3, $4)")
                .bind(&product.id)
                .bind(lang)
                .bind(&text.name)
                .bind(&text.description)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn assert_languages<T>(what: &str, translations: &BTreeMap<String, T>, filled: impl Fn(&T) -> bool) {
        for lang in Lang::ALL {
            let text = translations.get(lang.code()).unwrap_or_else(|| panic!("{what} lacks {}", lang.code()));
            assert!(filled(text), "{what} has an empty field in {}", lang.code());
        }
        assert_eq!(translations.len(), Lang::ALL.len(), "{what} has a language the site does not have");
    }

    #[test]
    fn seed_content_is_complete_in_every_language() {
        let brands = seed_brands().unwrap();
        let ids: Vec<_> = brands.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["bloch", "nikolay", "capezio", "gaynor", "russianPointe", "sodanca", "suffolk"]);
        for brand in &brands {
            assert_languages(&brand.id, &brand.translations, |t| {
                [&t.name, &t.description, &t.history].iter().all(|s| !s.trim().is_empty())
                    && !t.key_features.is_empty()
                    && !t.popular_models.is_empty()
            });
        }
        let products = seed_products().unwrap();
        let prices: Vec<_> = products.iter().map(|p| (p.id.as_str(), p.price.as_str())).collect();
        assert_eq!(
            prices,
            [
                ("bloch-heritage", "$85"),
                ("bloch-eurostretch", "$92"),
                ("bloch-balance", "$88"),
                ("nikolay-elite", "$95"),
                ("nikolay-fouette", "$88"),
                ("nikolay-triumph", "$92")
            ]
        );
        for product in &products {
            assert!(ids.contains(&product.brand_id.as_str()));
            assert_languages(&product.id, &product.translations, |t| {
                !t.name.trim().is_empty() && !t.description.trim().is_empty()
            });
        }
    }
}
