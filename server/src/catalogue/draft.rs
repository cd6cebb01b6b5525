//! A brand or product as an admin writes it, and as the seed content holds it: the shared fields
//! plus the texts of each language (Hebrew required, the others optional with fallback to Hebrew).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fit::Fit;
use crate::{
    error::ApiResult,
    fields::{schema, text_field as field, FieldErrors},
    lang::Lang,
};

pub(crate) const NAME_MAX: usize = 100;
pub(crate) const DESCRIPTION_MAX: usize = 1000;
pub(crate) const HISTORY_MAX: usize = 5000;
pub(crate) const LIST_ITEM_MAX: usize = 200;
pub(crate) const LIST_MAX_ITEMS: usize = 20;
pub(crate) const PRICE_MAX: usize = 20;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct BrandDraft {
    /// Slug form for a new brand, e.g. `grishko` (the seeded `russianPointe` predates the rule); fixed
    /// once created.
    #[schema(max_length = 64)]
    pub id: String,
    /// Artwork: an uploaded image (`/uploads/...`), a path on this site or an https address; empty for none.
    #[serde(default)]
    #[schema(schema_with = schema::optional_web_address)]
    pub image: String,
    /// The maker's official website.
    #[schema(schema_with = schema::web_address)]
    pub link: String,
    #[serde(default)]
    #[schema(schema_with = schema::optional_web_address)]
    pub retailer_link: String,
    #[schema(schema_with = schema::translations::<BrandText>)]
    pub translations: BTreeMap<Lang, BrandText>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct BrandText {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: String,
    #[schema(pattern = r"\S", max_length = 1000)]
    pub description: String,
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub history: String,
    #[serde(default)]
    #[schema(max_items = 20)]
    pub key_features: Vec<String>,
    #[serde(default)]
    #[schema(max_items = 20)]
    pub popular_models: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ProductDraft {
    /// Slug form, e.g. `bloch-heritage`; fixed once created.
    #[schema(schema_with = schema::slug)]
    pub id: String,
    /// An existing brand's id.
    #[schema(pattern = r"\S", max_length = 64)]
    pub brand_id: String,
    /// Price as text, e.g. "$85".
    #[schema(pattern = r"\S", max_length = 20)]
    pub price: String,
    #[serde(default)]
    #[schema(schema_with = schema::optional_web_address)]
    pub image: String,
    /// Where to buy or read about the model.
    #[schema(schema_with = schema::web_address)]
    pub link: String,
    #[schema(schema_with = schema::translations::<ProductText>)]
    pub translations: BTreeMap<Lang, ProductText>,
    /// The model's fit, which puts it in the shoe finder. Left out (or null), a saved product keeps the
    /// fit it has; given, it replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fit: Option<Fit>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProductText {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: String,
    #[schema(pattern = r"\S", max_length = 1000)]
    pub description: String,
}

fn check_list(errors: &mut FieldErrors, name: &str, items: &[String]) {
    errors.max_items(name, items.len(), LIST_MAX_ITEMS);
    for item in items {
        errors.max_len(name, item, LIST_ITEM_MAX);
    }
}

impl BrandText {
    fn is_blank(&self) -> bool {
        [&self.name, &self.description, &self.history].iter().all(|s| s.trim().is_empty())
            && self.key_features.iter().chain(&self.popular_models).all(|s| s.trim().is_empty())
    }

    fn tidy(&mut self) {
        for text in [&mut self.name, &mut self.description, &mut self.history] {
            *text = text.trim().to_owned();
        }
        for list in [&mut self.key_features, &mut self.popular_models] {
            list.retain(|item| !item.trim().is_empty());
            list.iter_mut().for_each(|item| *item = item.trim().to_owned());
        }
    }
}

impl BrandDraft {
    /// Trims the texts, drops languages left blank, and checks every field; the id only when `new`
    /// (ids made before the slug rule, such as `russianPointe`, stay editable).
    pub(crate) fn tidy_and_check(&mut self, new: bool) -> ApiResult<()> {
        self.translations.retain(|lang, text| *lang == Lang::DEFAULT || !text.is_blank());
        self.translations.values_mut().for_each(BrandText::tidy);
        let mut errors = FieldErrors::default();
        if new {
            errors.slug("id", &self.id);
        }
        errors.web_address("image", &self.image, false);
        errors.web_address("link", &self.link, true);
        errors.web_address("retailerLink", &self.retailer_link, false);
        errors.languages(&self.translations, "name", |errors, lang, text| {
            errors.required(&field(lang, "name"), &text.name, NAME_MAX);
            errors.required(&field(lang, "description"), &text.description, DESCRIPTION_MAX);
            errors.max_len(&field(lang, "history"), &text.history, HISTORY_MAX);
            check_list(errors, &field(lang, "keyFeatures"), &text.key_features);
            check_list(errors, &field(lang, "popularModels"), &text.popular_models);
        });
        errors.finish()
    }
}

impl ProductDraft {
    pub(crate) fn tidy_and_check(&mut self, new: bool) -> ApiResult<()> {
        self.translations.retain(|lang, text| {
            *lang == Lang::DEFAULT || !(text.name.trim().is_empty() && text.description.trim().is_empty())
        });
        for text in self.translations.values_mut() {
            text.name = text.name.trim().to_owned();
            text.description = text.description.trim().to_owned();
        }
        self.price = self.price.trim().to_owned();
        let mut errors = FieldErrors::default();
        if new {
            errors.slug("id", &self.id);
        }
        errors.required("brandId", &self.brand_id, 64);
        errors.required("price", &self.price, PRICE_MAX);
        errors.web_address("image", &self.image, false);
        errors.web_address("link", &self.link, true);
        errors.languages(&self.translations, "name", |errors, lang, text| {
            errors.required(&field(lang, "name"), &text.name, NAME_MAX);
            errors.required(&field(lang, "description"), &text.description, DESCRIPTION_MAX);
        });
        if let Some(fit) = &mut self.fit {
            fit.tidy_and_check(&mut errors);
        }
        errors.finish()
    }
}
