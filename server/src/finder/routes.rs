use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    models::{families, find_family, FinderFamily},
    CREDIT,
};
use crate::{
    catalogue::fit::vocabulary::{self, AttributeNames},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

/// The model a page asks for is not in the finder (no such family or product, or one without a fit).
const MODEL_NOT_FOUND: Text = Text::new(ErrorCode::ModelNotFound, "Model not found");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(finder)).routes(routes!(model))
}

/// Every family of models with their fits, and the attributes' names, in one language: what the finder
/// filters, ranks and compares on the device.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FinderData {
    /// Without their fit's notes and sources, which a family's page (`/api/finder/models/{id}`) has.
    pub families: Vec<FinderFamily>,
    /// The attributes and their values in the asked language, in the vocabulary's order.
    pub attributes: Vec<AttributeNames>,
    /// The data set's credit, to show wherever its models are.
    pub credit: &'static str,
}

/// The families of models with their fits (products without one are not in the finder).
#[utoipa::path(get, path = "/api/finder", tag = "finder", params(LangQuery),
    responses((status = 200, body = FinderData)))]
async fn finder(State(state): State<AppState>, ApiQuery(q): ApiQuery<LangQuery>) -> ApiResult<Json<FinderData>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let families = families(&state.db, lang).await?;
    Ok(Json(FinderData { families, attributes: vocabulary::names(lang), credit: CREDIT }))
}

/// One family with its variants' whole fits, the attributes' names and the credit: what its page
/// (`/shoe/{id}`) shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ModelPage {
    pub family: FinderFamily,
    /// The variant asked for by its own id (its old page's address), which the page shows chosen.
    pub chosen: Option<String>,
    pub attributes: Vec<AttributeNames>,
    pub credit: &'static str,
}

/// One family with its variants' fits, by its id or by a variant's.
#[utoipa::path(get, path = "/api/finder/models/{id}", tag = "finder", params(("id" = String, Path), LangQuery),
    responses((status = 200, body = ModelPage), (status = 404, description = "Model not found")))]
async fn model(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<ModelPage>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let (family, chosen) = find_family(&state.db, &id, lang).await?.ok_or(ApiError::NotFound(MODEL_NOT_FOUND))?;
    Ok(Json(ModelPage { family, chosen, attributes: vocabulary::names(lang), credit: CREDIT }))
}
