//! Loads the catalogue shipped in `content/` into an empty installation, once.

use anyhow::Context;

use super::{
    draft::{BrandDraft, ProductDraft},
    write,
};
use crate::{
    db::{self, Db},
    time::now_ms,
};

const BRANDS_JSON: &str = include_str!("../../../content/brands.json");
const PRODUCTS_JSON: &str = include_str!("../../../content/products.json");
const SEED_MARK: &str = "seed.catalogue";

pub(crate) fn seed_brands() -> anyhow::Result<Vec<BrandDraft>> {
    serde_json::from_str(BRANDS_JSON).context("content/brands.json is invalid")
}

pub(crate) fn seed_products() -> anyhow::Result<Vec<ProductDraft>> {
    serde_json::from_str(PRODUCTS_JSON).context("content/products.json is invalid")
}

/// Inserts the seed catalogue unless it was loaded before (even if admins have since changed it).
/// Returns whether anything was inserted.
pub(crate) async fn seed_catalogue(db: &Db) -> anyhow::Result<bool> {
    let brands = seed_brands()?;
    let products = seed_products()?;
    let now = now_ms();
    let mut tx = crate::db::begin(db).await?;
    if !db::claim_once(&mut tx, SEED_MARK, now).await? {
        return Ok(false);
    }
    for brand in &brands {
        write::insert_brand(&mut tx, brand, now).await?;
    }
    for product in &products {
        write::insert_product(&mut tx, product, now).await?;
    }
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::lang::Lang;

    fn assert_languages<T>(what: &str, translations: &BTreeMap<Lang, T>, filled: impl Fn(&T) -> bool) {
        for lang in Lang::ALL {
            let text = translations.get(&lang).unwrap_or_else(|| panic!("{what} lacks {}", lang.code()));
            assert!(filled(text), "{what} has an empty field in {}", lang.code());
        }
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
