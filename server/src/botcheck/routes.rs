//! The bot-check's calls: a challenge for the login and sign-up forms, and the admin's setting.

use axum::{extract::State, Json};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::Challenge,
    service,
    settings::{self as bot_check, BotCheckSettings},
};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    settings, AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bot_check_challenge)).routes(routes!(admin_bot_check, save_bot_check))
}

/// A fresh challenge (each form asks for one), harder for a network whose sign-ins keep failing.
#[utoipa::path(get, path = "/api/auth/bot-check", tag = "auth", responses((status = 200, body = Challenge)))]
async fn bot_check_challenge(State(state): State<AppState>, client: ClientInfo) -> ApiResult<Json<Challenge>> {
    Ok(Json(service::challenge(&state, &client).await?))
}

/// The bot-check in force (the environment's until one is saved), its secret masked.
#[utoipa::path(get, path = "/api/admin/settings/bot-check", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = BotCheckSettings), (status = 401), (status = 403)))]
async fn admin_bot_check(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<BotCheckSettings>> {
    let Json(saved) = settings::read::<Option<BotCheckSettings>>(&state, &signed_in).await?;
    Ok(Json(bot_check::shown(saved, &state.config.bot_check)))
}

#[utoipa::path(put, path = "/api/admin/settings/bot-check", tag = "admin", security(("bearer" = [])), request_body = BotCheckSettings,
    responses((status = 200, body = BotCheckSettings), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_bot_check(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<BotCheckSettings>,
) -> ApiResult<Json<BotCheckSettings>> {
    let value = bot_check::to_save(&state, value).await?;
    let Json(saved) = settings::save(&state, &signed_in, &client, Some(value)).await?;
    Ok(Json(saved.ok_or_else(|| anyhow::anyhow!("the bot-check was saved as none"))?))
}
