use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::CREDIT;
use crate::{
    catalogue::{
        self,
        fit::{self, vocabulary::AttributeNames, Fit},
    },
    error::ApiResult,
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(finder))
}

/// Every model with its fit, and the attributes' names, in one language: what the finder filters,
/// ranks and compares on the device.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinderData {
    pub models: Vec<FinderModel>,
    /// The attributes and their values in the asked language, in the vocabulary's order.
    pub attributes: Vec<AttributeNames>,
    /// The data set's credit, to show wherever its models are.
    pub credit: &'static str,
}

#[derive(Serialize, ToSchema)]
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

/// The models with their fit (products without one are not in the finder).
#[utoipa::path(get, path = "/api/finder", tag = "finder", params(LangQuery),
    responses((status = 200, body = FinderData)))]
async fn finder(State(state): State<AppState>, ApiQuery(q): ApiQuery<LangQuery>) -> ApiResult<Json<FinderData>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let brands = catalogue::list_brands(&state.db, lang).await?;
    let mut fits = fit::all_fits(&state.db).await?;
    let models = catalogue::list_products(&state.db, None, lang)
        .await?
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
        .collect();
    Ok(Json(FinderData { models, attributes: fit::vocabulary::names(lang), credit: CREDIT }))
}
