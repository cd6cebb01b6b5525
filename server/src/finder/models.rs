//! The finder's models: the catalogue's products that have a fit, with their maker's name.

use serde::Serialize;
use utoipa::ToSchema;

use std::cmp::Ordering;

use crate::{
    catalogue::{self, fit::Fit, Brand, Product},
    db::Db,
    lang::Lang,
};

#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FinderModel {
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

/// Every model with a fit in `lang` (products without one are not in the finder), in name order
/// (`name_order`): the order the web app keeps, so the page drawn on the server and in the browser agree.
/// Without each model's notes and sources, which only its own page shows (`find_model`): they are an
/// eighth of the list, which the finder's page carries whole.
pub(crate) async fn models(db: &Db, lang: Lang) -> Result<Vec<FinderModel>, sqlx::Error> {
    let brands = catalogue::list_brands(db, lang).await?;
    let mut fits = catalogue::fit::all_fits(db).await?;
    let products = catalogue::list_products(db, None, lang).await?;
    let mut models: Vec<FinderModel> = products
        .into_iter()
        .filter_map(|product| {
            let mut fit = fits.remove(&product.id)?;
            fit.notes.clear();
            fit.sources.clear();
            let brand = brands.iter().find(|brand| brand.id == product.brand_id)?;
            Some(model(product, brand, fit))
        })
        .collect();
    models.sort_by(|a, b| name_order(&a.name, &b.name));
    Ok(models)
}

/// The model `id` in `lang`, when it is in the finder.
pub(crate) async fn find_model(db: &Db, id: &str, lang: Lang) -> Result<Option<FinderModel>, sqlx::Error> {
    let Some(fit) = catalogue::fit::fits(db, Some(id)).await?.remove(id) else { return Ok(None) };
    let Some(product) = catalogue::find_product(db, id, lang).await? else { return Ok(None) };
    let brand = catalogue::find_brand(db, &product.brand_id, lang).await?;
    Ok(brand.map(|brand| model(product, &brand, fit)))
}

fn model(product: Product, brand: &Brand, mut fit: Fit) -> FinderModel {
    // What the import could not read is the admin's to mend, not the visitors'.
    fit.unread.clear();
    FinderModel {
        id: product.id,
        brand_id: product.brand_id,
        brand_name: brand.name.clone(),
        name: product.name,
        price: product.price,
        link: product.link,
        image: product.image,
        fit,
    }
}

/// Names in reading order: letters without regard to case, and runs of digits by their value
/// ("Box 2" before "Box 10").
fn name_order(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) =
        (a.chars().flat_map(char::to_lowercase).peekable(), b.chars().flat_map(char::to_lowercase).peekable());
    loop {
        match (a.peek().copied(), b.peek().copied()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let number = |chars: &mut std::iter::Peekable<_>| {
                    let mut digits = String::new();
                    while let Some(digit) = chars.next_if(char::is_ascii_digit) {
                        digits.push(digit);
                    }
                    digits
                };
                let (x, y) = (number(&mut a), number(&mut b));
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                match x.len().cmp(&y.len()).then_with(|| x.cmp(y)) {
                    Ordering::Equal => {}
                    unequal => return unequal,
                }
            }
            (Some(x), Some(y)) => match x.cmp(&y) {
                Ordering::Equal => {
                    a.next();
                    b.next();
                }
                unequal => return unequal,
            },
        }
    }
}

/// The ids of the models in the finder, each with a page of its own (`/shoe/{id}`).
pub(crate) async fn model_ids(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let mut ids: Vec<String> = catalogue::fit::all_fits(db).await?.into_keys().collect();
    ids.sort_unstable();
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::name_order;

    #[test]
    fn names_are_ordered_without_case_and_by_the_numbers_in_them() {
        let mut names = ["Protégée Box 10 Hard", "bloch Alpha", "Protégée Box 2 Hard", "Bloch Heritage", "B-Morph"];
        names.sort_by(|a, b| name_order(a, b));
        assert_eq!(names, ["B-Morph", "bloch Alpha", "Bloch Heritage", "Protégée Box 2 Hard", "Protégée Box 10 Hard"]);
    }
}
