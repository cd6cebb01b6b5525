//! Which model the assistant's gateway asks in each language (spec §3): any name the configured
//! OpenAI-compatible endpoint knows; `CHOICES` are suggestions.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::settings::{self, Editable, Stored};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    fields::FieldErrors,
    lang::Lang,
    AppState,
};

/// Multilingual instruction models to suggest (Workers AI's names, as Cloudflare's AI Gateway takes them).
pub const CHOICES: [&str; 4] = [
    "@cf/meta/llama-3.1-8b-instruct",
    "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
    "@cf/mistralai/mistral-small-3.1-24b-instruct",
    "@cf/google/gemma-3-12b-it",
];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AiModels {
    #[schema(pattern = r"\S", max_length = 200)]
    pub en: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub he: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub es: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub fr: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub ru: String,
}

impl Default for AiModels {
    fn default() -> Self {
        let model = CHOICES[0].to_owned();
        Self { en: model.clone(), he: model.clone(), es: model.clone(), fr: model.clone(), ru: model }
    }
}

impl AiModels {
    /// The model asked for questions in `lang`.
    pub fn for_lang(&self, lang: Lang) -> &str {
        match lang {
            Lang::He => &self.he,
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
            Lang::Fr => &self.fr,
            Lang::Es => &self.es,
        }
    }
}

impl Stored for AiModels {
    const KEY: &'static str = "aiModels";
}

impl Editable for AiModels {
    fn check(&self, errors: &mut FieldErrors) {
        for lang in Lang::ALL {
            errors.required(lang.code(), self.for_lang(lang), 200);
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AiModelChoice {
    models: AiModels,
    /// Suggested models.
    choices: Vec<&'static str>,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_models, save_models))
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
