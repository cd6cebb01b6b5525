use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A pointe shoe maker, in one language.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Brand {
    #[schema(example = "bloch")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub history: String,
    pub key_features: Vec<String>,
    pub popular_models: Vec<String>,
    /// Path of the brand's artwork, served by this site.
    #[schema(example = "/images/brands/bloch.svg")]
    pub image: String,
    /// The maker's official website.
    pub link: String,
    /// The maker's find-a-retailer page.
    pub retailer_link: String,
    /// The brand's name in the site's other languages where it differs, so search finds it by any.
    pub other_names: Vec<String>,
}

/// A pointe shoe model, in one language.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Product {
    #[schema(example = "bloch-heritage")]
    pub id: String,
    pub brand_id: String,
    pub name: String,
    #[schema(example = "/images/products/bloch-heritage.svg")]
    pub image: String,
    pub link: String,
    /// Price as text, e.g. "$85".
    #[schema(example = "$85")]
    pub price: String,
    pub description: String,
    /// The model's name in the site's other languages where it differs, so search finds it by any.
    pub other_names: Vec<String>,
}
