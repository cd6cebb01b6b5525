//! The finder's models: the catalogue's products that have a fit, with their maker's name.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    catalogue::{self, fit::Fit},
    db::Db,
    lang::Lang,
};

#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinderModel {
    pub id: String,
    pub brand_id: String,
    pub brand_name: String,
    pub name: String,
    /// Price as text, e.g. "$85–110".
    pub price: String,
    pub link: String,
    pub image: String,
    pub fit: Fit,
}

/// Every model with a fit in `lang` (products without one are not in the finder), in the catalogue's order.
pub async fn models(db: &Db, lang: Lang) -> Result<Vec<FinderModel>, sqlx::Error> {
    let brands = catalogue::list_brands(db, lang).await?;
    let mut fits = catalogue::fit::all_fits(db).await?;
    let products = catalogue::list_products(db, None, lang).await?;
    Ok(products
        .into_iter()
        .filter_map(|product| {
            let mut fit = fits.remove(&product.id)?;
            // What the import could not read is the admin's to mend, not the visitors'.
            fit.unread.clear();
            let brand_name = brands.iter().find(|brand| brand.id == product.brand_id)?.name.clone();
            Some(FinderModel {
                id: product.id,
                brand_id: product.brand_id,
                brand_name,
                name: product.name,
                price: product.price,
                link: product.link,
                image: product.image,
                fit,
            })
        })
        .collect())
}

/// The model `id` in `lang`, when it is in the finder.
pub async fn find_model(db: &Db, id: &str, lang: Lang) -> Result<Option<FinderModel>, sqlx::Error> {
    Ok(models(db, lang).await?.into_iter().find(|model| model.id == id))
}

/// The ids of the models in the finder, each with a page of its own (`/shoe/{id}`).
pub async fn model_ids(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let mut ids: Vec<String> = catalogue::fit::all_fits(db).await?.into_keys().collect();
    ids.sort_unstable();
    Ok(ids)
}
