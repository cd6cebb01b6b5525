//! The admin's rules for families: a family is one maker's, has at least one model and at most
//! `MODELS_MAX`, and a model is in one family at most. Taking models into a family takes them out of
//! theirs; a family left without models goes; a model taken out becomes a family of its own.

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::{free_id, store, Axis};
use crate::{
    catalogue::{
        model::Product,
        store::{find_product, list_products},
    },
    db::{self, Db},
    error::{ApiError, ApiResult, ErrorCode, Text},
    fields::FieldErrors,
    lang::Lang,
};

pub(crate) const FAMILY_NOT_FOUND: Text = Text::new(ErrorCode::FamilyNotFound, "Model family not found");
const ONE_MAKER: Text = Text::new(ErrorCode::FamilyOfOneMaker, "A family's models are all of one maker");
const UNKNOWN_MODEL: Text = Text::new(ErrorCode::ProductNotFound, "Product not found");
const NAME_MAX: usize = 100;
const MODELS_MAX: usize = 200;

/// A family as an admin writes it: its name and its models (product ids, in their order).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FamilyDraft {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: String,
    #[schema(min_items = 1, max_items = 200)]
    pub products: Vec<String>,
}

/// A family with its models' names (in the admin's language) and what sets each apart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FamilyRecord {
    pub id: String,
    pub name: String,
    /// The maker of its models: a family holds one maker's (the first model's, read when listed).
    pub brand_id: String,
    pub variants: Vec<VariantRecord>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct VariantRecord {
    pub product_id: String,
    pub name: String,
    pub axes: Vec<Axis>,
}

pub(crate) async fn records(db: &Db, lang: Lang) -> ApiResult<Vec<FamilyRecord>> {
    let products: HashMap<String, Product> =
        list_products(db, None, lang).await?.into_iter().map(|product| (product.id.clone(), product)).collect();
    let families = store::all(db).await?;
    Ok(families
        .into_iter()
        .map(|family| {
            let variants: Vec<VariantRecord> = family
                .variants
                .into_iter()
                .map(|variant| {
                    let name = products
                        .get(&variant.product_id)
                        .map_or_else(|| variant.product_id.clone(), |product| product.name.clone());
                    VariantRecord { product_id: variant.product_id, name, axes: variant.axes }
                })
                .collect();
            let brand_id = variants
                .first()
                .and_then(|variant| products.get(&variant.product_id))
                .map(|product| product.brand_id.clone())
                .unwrap_or_default();
            FamilyRecord { id: family.id, name: family.name, brand_id, variants }
        })
        .collect())
}

async fn record(db: &Db, id: &str, lang: Lang) -> ApiResult<FamilyRecord> {
    records(db, lang).await?.into_iter().find(|family| family.id == id).ok_or(ApiError::NotFound(FAMILY_NOT_FOUND))
}

/// The draft's models, checked: distinct, existing, all of one maker.
struct Models {
    /// Each with its name.
    products: Vec<(String, String)>,
}

/// Checks the draft: a name, distinct models that exist, all of one maker.
async fn checked(db: &Db, draft: &mut FamilyDraft) -> ApiResult<Models> {
    draft.name = draft.name.trim().to_owned();
    let mut errors = FieldErrors::default();
    errors.required("name", &draft.name, NAME_MAX);
    errors.max_items("products", draft.products.len(), MODELS_MAX);
    errors.finish()?;
    let mut seen = BTreeSet::new();
    draft.products.retain(|product| seen.insert(product.clone()));
    let mut brand: Option<String> = None;
    let mut products = Vec::new();
    for product in &draft.products {
        let found = find_product(db, product, Lang::DEFAULT)
            .await?
            .ok_or_else(|| ApiError::invalid_field("products", UNKNOWN_MODEL))?;
        match &brand {
            Some(brand) if *brand != found.brand_id => return Err(ApiError::invalid_field("products", ONE_MAKER)),
            _ => brand = Some(found.brand_id),
        }
        products.push((found.id, found.name));
    }
    if brand.is_none() {
        return Err(ApiError::invalid_field("products", UNKNOWN_MODEL));
    }
    Ok(Models { products })
}

/// Takes `products` into `family` in their order, keeping what sets each apart where it had it (a model
/// from no family is set apart by its name, less the family's).
async fn take_in(conn: &mut AnyConnection, family: &str, name: &str, models: &Models) -> ApiResult<()> {
    for (product, own) in &models.products {
        let axes = match store::axes_of(conn, product).await? {
            Some(axes) if !axes.is_empty() => axes,
            _ => {
                let rest = own.strip_prefix(name).map(str::trim).filter(|rest| !rest.is_empty()).unwrap_or(own);
                vec![Axis::new("variant", rest)]
            }
        };
        store::put_variant(conn, family, product, &axes).await?;
    }
    Ok(())
}

/// A new family of `products` (taken out of theirs): how an admin splits one.
pub(crate) async fn create(db: &Db, mut draft: FamilyDraft, lang: Lang, now: i64) -> ApiResult<FamilyRecord> {
    let models = checked(db, &mut draft).await?;
    let mut tx = db::begin(db).await?;
    let id = free_id(&mut tx, &draft.name).await?;
    store::insert_family(&mut tx, &id, &draft.name, now).await?;
    take_in(&mut tx, &id, &draft.name, &models).await?;
    store::delete_empty(&mut tx).await?;
    tx.commit().await?;
    record(db, &id, lang).await
}

/// Renames the family and makes `products` its models: those added leave their families (merging), those
/// left out become families of their own (splitting). Gives the family and the families it emptied.
pub(crate) async fn update(
    db: &Db,
    id: &str,
    mut draft: FamilyDraft,
    lang: Lang,
    now: i64,
) -> ApiResult<(FamilyRecord, Vec<String>)> {
    let models = checked(db, &mut draft).await?;
    let current = store::find(db, id).await?.ok_or(ApiError::NotFound(FAMILY_NOT_FOUND))?;
    let mut tx = db::begin(db).await?;
    if !store::rename(&mut tx, id, &draft.name, now).await? {
        return Err(ApiError::NotFound(FAMILY_NOT_FOUND));
    }
    for variant in &current.variants {
        if !draft.products.contains(&variant.product_id) {
            store::remove_variant(&mut tx, &variant.product_id).await?;
        }
    }
    // In the draft's order: each is put last in turn.
    take_in(&mut tx, id, &draft.name, &models).await?;
    let emptied = store::delete_empty(&mut tx).await?;
    tx.commit().await?;
    Ok((record(db, id, lang).await?, emptied))
}

/// Deletes the family: each of its models becomes a family of its own.
pub(crate) async fn delete(db: &Db, id: &str) -> ApiResult<()> {
    let mut tx = db::begin(db).await?;
    if !store::delete_family(&mut tx, id).await? {
        return Err(ApiError::NotFound(FAMILY_NOT_FOUND));
    }
    tx.commit().await?;
    Ok(())
}
