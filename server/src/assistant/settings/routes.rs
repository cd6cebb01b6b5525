//! The admin's assistant settings calls: the providers (secrets masked) and the model per language.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    models::{AiModels, CHOICES},
    providers::{self, AiProviders},
};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    settings, AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_models, save_models)).routes(routes!(admin_providers, save_providers))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct AiModelChoice {
    models: AiModels,
    /// Suggested models.
    choices: Vec<&'static str>,
}

#[utoipa::path(get, path = "/api/admin/settings/ai-models", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = AiModelChoice), (status = 401), (status = 403)))]
async fn admin_models(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<AiModelChoice>> {
    let Json(models) = settings::read(&state, &signed_in).await?;
    Ok(Json(AiModelChoice { models, choices: CHOICES.to_vec() }))
}

#[utoipa::path(put, path = "/api/admin/settings/ai-models", tag = "admin", security(("bearer" = [])), request_body = AiModels,
    responses((status = 200, body = AiModelChoice), (status = 400, description = "A blank or too long model name, in `fields`"), (status = 401), (status = 403)))]
async fn save_models(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<AiModels>,
) -> ApiResult<Json<AiModelChoice>> {
    let Json(models) = settings::save(&state, &signed_in, &client, value).await?;
    Ok(Json(AiModelChoice { models, choices: CHOICES.to_vec() }))
}

/// The providers in force, secrets masked (the environment's until an admin saves them).
#[utoipa::path(get, path = "/api/admin/settings/ai-providers", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = AiProviders), (status = 401), (status = 403)))]
async fn admin_providers(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<AiProviders>> {
    let Json(saved) = settings::read::<Option<AiProviders>>(&state, &signed_in).await?;
    Ok(Json(providers::shown(saved, &state.config.ai)))
}

#[utoipa::path(put, path = "/api/admin/settings/ai-providers", tag = "admin", security(("bearer" = [])), request_body = AiProviders,
    responses((status = 200, body = AiProviders), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_providers(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<AiProviders>,
) -> ApiResult<Json<AiProviders>> {
    let value = providers::to_save(&state, value).await?;
    let Json(saved) = settings::save(&state, &signed_in, &client, value).await?;
    Ok(Json(saved.unwrap_or_default()))
}
