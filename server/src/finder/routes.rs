use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    models::{find_model, models, FinderModel},
    CREDIT,
};
use crate::{
    catalogue::fit::vocabulary::{self, AttributeNames},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

/// The model a page asks for is not in the finder (no such product, or one without a fit).
const MODEL_NOT_FOUND: Text = Text::new(ErrorCode::ModelNotFound, "Model not found");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(finder)).routes(routes!(model))
}

/// Every model with its fit, and the attributes' names, in one language: what the finder filters,
/// ranks and compares on the device.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FinderData {
    /// Without their fit's notes and sources, which a model's own page (`/api/finder/models/{id}`) has.
    pub models: Vec<FinderModel>,
    /// The attributes and their values in the asked language, in the vocabulary's order.
    pub attributes: Vec<AttributeNames>,
    /// The data set's credit, to show wherever its models are.
    pub credit: &'static str,
}

/// The models with their fit (products without one are not in the finder).
#[utoipa::path(get, path = "/api/finder", tag = "finder", params(LangQuery),
    responses((status = 200, body = FinderData)))]
async fn finder(State(state): State<AppState>, ApiQuery(q): ApiQuery<LangQuery>) -> ApiResult<Json<FinderData>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let models = models(&state.db, lang).await?;
    Ok(Json(FinderData { models, attributes: vocabulary::names(lang), credit: CREDIT }))
}

/// One model with its fit, the attributes' names and the credit: what its page (`/shoe/{id}`) shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ModelPage {
    pub model: FinderModel,
    pub attributes: Vec<AttributeNames>,
    pub credit: &'static str,
}

/// One model with its fit.
#[utoipa::path(get, path = "/api/finder/models/{id}", tag = "finder", params(("id" = String, Path), LangQuery),
    responses((status = 200, body = ModelPage), (status = 404, description = "Model not found")))]
async fn model(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<ModelPage>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let model = find_model(&state.db, &id, lang).await?.ok_or(ApiError::NotFound(MODEL_NOT_FOUND))?;
    Ok(Json(ModelPage { model, attributes: vocabulary::names(lang), credit: CREDIT }))
}
