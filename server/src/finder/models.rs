//! The finder's models: the catalogue's products that have a fit, with their maker's name, as families
//! (catalogue::family) of their variants.

use serde::Serialize;
use utoipa::ToSchema;

use std::{
    cmp::Ordering,
    collections::{HashMap, HashSet},
};

use crate::{
    catalogue::{
        self,
        family::{self, Axis},
        fit::Fit,
        Brand, Product,
    },
    db::Db,
    lang::Lang,
};

/// A maker's line with its variants; a model that is in no family is one of its own, under its id.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FinderFamily {
    pub id: String,
    pub brand_id: String,
    pub brand_name: String,
    pub name: String,
    /// In the family's order; one for a model of its own.
    pub variants: Vec<FinderModel>,
}

/// A model (a variant of its family) with its own fit.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FinderModel {
    pub id: String,
    pub name: String,
    /// Price as text, e.g. "$85–110".
    pub price: String,
    pub link: String,
    pub image: String,
    pub fit: Fit,
    /// What sets it apart from the family's other variants (none for a model of its own).
    pub axes: Vec<Axis>,
}

/// Every family of models with a fit in `lang` (products without one are not in the finder), in name
/// order (`name_order`): the order the web app keeps, so the page drawn on the server and in the browser
/// agree. Without each model's notes and sources, which only its family's page shows (`find_family`):
/// they are an eighth of the list, which the finder's page carries whole.
pub(crate) async fn families(db: &Db, lang: Lang) -> Result<Vec<FinderFamily>, sqlx::Error> {
    let mut families = assemble(db, lang).await?;
    for model in families.iter_mut().flat_map(|family| family.variants.iter_mut()) {
        model.fit.notes.clear();
        model.fit.sources.clear();
    }
    Ok(families)
}

/// The family `id` in `lang`, when it is in the finder; asked by one of its variants' ids, with that
/// variant (the second). Reads only that family's products and fits.
pub(crate) async fn find_family(
    db: &Db,
    id: &str,
    lang: Lang,
) -> Result<Option<(FinderFamily, Option<String>)>, sqlx::Error> {
    let (family_id, chosen) = match family::family_of(db, id).await? {
        Some(family_id) if family_id != id => (family_id, Some(id.to_owned())),
        _ => (id.to_owned(), None),
    };
    let grouping: Vec<family::Family> = family::find(db, &family_id).await?.into_iter().collect();
    let members: Vec<String> = match grouping.first() {
        Some(grouped) => grouped.variants.iter().map(|variant| variant.product_id.clone()).collect(),
        None => vec![family_id],
    };
    let (mut products, mut fits) = (Vec::new(), HashMap::new());
    for member in &members {
        if let Some(product) = catalogue::find_product(db, member, lang).await? {
            products.push(product);
            fits.extend(catalogue::fit::fits(db, Some(member)).await?);
        }
    }
    let Some(brand_id) = products.first().map(|product| product.brand_id.clone()) else { return Ok(None) };
    let brands: Vec<Brand> = catalogue::find_brand(db, &brand_id, lang).await?.into_iter().collect();
    Ok(group(&brands, products, fits, grouping).pop().map(|family| (family, chosen)))
}

async fn assemble(db: &Db, lang: Lang) -> Result<Vec<FinderFamily>, sqlx::Error> {
    let brands = catalogue::list_brands(db, lang).await?;
    let products = catalogue::list_products(db, None, lang).await?;
    Ok(group(&brands, products, catalogue::fit::all_fits(db).await?, family::all(db).await?))
}

/// The finder's families of `products` that have a fit and a maker among `brands`: each of `grouping`
/// with its variants in order, then every other product as a family of its own. A family's maker is its
/// first variant's (a family holds one maker's models: catalogue::family).
fn group(
    brands: &[Brand],
    products: Vec<Product>,
    mut fits: HashMap<String, Fit>,
    grouping: Vec<family::Family>,
) -> Vec<FinderFamily> {
    let mut models: HashMap<String, (FinderModel, &Brand)> = products
        .into_iter()
        .filter_map(|product| {
            let fit = fits.remove(&product.id)?;
            let brand = brands.iter().find(|brand| brand.id == product.brand_id)?;
            Some((product.id.clone(), (model(product, fit), brand)))
        })
        .collect();
    let mut families = Vec::new();
    for grouped in grouping {
        let variants: Vec<(FinderModel, &Brand)> = grouped
            .variants
            .into_iter()
            .filter_map(|variant| {
                let (mut model, brand) = models.remove(&variant.product_id)?;
                model.axes = variant.axes;
                Some((model, brand))
            })
            .collect();
        if let Some((_, brand)) = variants.first() {
            families.push(FinderFamily {
                id: grouped.id,
                brand_id: brand.id.clone(),
                brand_name: brand.name.clone(),
                name: grouped.name,
                variants: variants.into_iter().map(|(model, _)| model).collect(),
            });
        }
    }
    for (model, brand) in models.into_values() {
        families.push(FinderFamily {
            id: model.id.clone(),
            brand_id: brand.id.clone(),
            brand_name: brand.name.clone(),
            name: model.name.clone(),
            variants: vec![model],
        });
    }
    families.sort_by(|a, b| name_order(&a.name, &b.name).then_with(|| a.id.cmp(&b.id)));
    families
}

fn model(product: Product, mut fit: Fit) -> FinderModel {
    // What the import could not read is the admin's to mend, not the visitors'.
    fit.unread.clear();
    FinderModel {
        id: product.id,
        name: product.name,
        price: product.price,
        link: product.link,
        image: product.image,
        fit,
        axes: Vec::new(),
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

/// Each model in the finder's page (`/shoe/{family}?variant={id}` for a family's variant, `/shoe/{id}` for
/// a model of its own), by its id.
pub(crate) async fn model_pages(db: &Db) -> Result<HashMap<String, String>, sqlx::Error> {
    let mut pages: HashMap<String, String> =
        catalogue::fit::all_fits(db).await?.into_keys().map(|id| (id.clone(), format!("/shoe/{id}"))).collect();
    for grouped in family::all(db).await? {
        for variant in grouped.variants {
            if let Some(page) = pages.get_mut(&variant.product_id) {
                *page = format!("/shoe/{}?variant={}", grouped.id, variant.product_id);
            }
        }
    }
    Ok(pages)
}

/// The ids of the finder's pages (`/shoe/{id}`): each family's, and each model's of its own.
pub(crate) async fn page_ids(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let with_fit: HashSet<String> = catalogue::fit::all_fits(db).await?.into_keys().collect();
    let mut ids: Vec<String> = with_fit.iter().cloned().collect();
    let mut in_families = HashSet::new();
    for grouped in family::all(db).await? {
        if grouped.variants.iter().any(|variant| with_fit.contains(&variant.product_id)) {
            in_families.extend(grouped.variants.into_iter().map(|variant| variant.product_id));
            ids.push(grouped.id);
        }
    }
    ids.retain(|id| !in_families.contains(id));
    ids.sort_unstable();
    Ok(ids)
}

/// The family page a variant's old address leads to (`/shoe/{id}` of a model now in a family).
pub(crate) async fn family_of_variant(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    family::family_of(db, id).await
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
