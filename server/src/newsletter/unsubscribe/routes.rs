//! The unsubscribe calls: the link a person follows, the one-click POST (the page's button and mail
//! clients') and what the page shows.

use axum::{
    extract::State,
    response::{IntoResponse, Redirect, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service::{self, Subscription};
use crate::{client_info::ClientInfo, error::ApiResult, extract::ApiQuery, newsletter::links::TokenQuery, AppState};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_page, one_click)).routes(routes!(subscription))
}

/// A person following the link: the confirmation page, in the member's language when the token is good.
#[utoipa::path(get, path = "/api/email/unsubscribe", tag = "email", params(TokenQuery),
    responses((status = 303, description = "To the page `/unsubscribe` that confirms in one click")))]
async fn open_page(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> Response {
    Redirect::to(&service::page(&state, &query.token).await).into_response()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Unsubscribed {
    unsubscribed: bool,
}

/// Unsubscribes the member at once: the page's button, or a mail client's one-click POST (its form body
/// `List-Unsubscribe=One-Click` is not needed). Doing it twice is harmless.
#[utoipa::path(post, path = "/api/email/unsubscribe", tag = "email", params(TokenQuery),
    responses((status = 200, body = Unsubscribed), (status = 404, description = "This unsubscribe link is not valid")))]
async fn one_click(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> ApiResult<Json<Unsubscribed>> {
    service::unsubscribe(&state, &client, &query.token).await?;
    Ok(Json(Unsubscribed { unsubscribed: true }))
}

/// What the unsubscribe page shows before the click.
#[utoipa::path(get, path = "/api/email/subscription", tag = "email", params(TokenQuery),
    responses((status = 200, body = Subscription), (status = 404, description = "This unsubscribe link is not valid")))]
async fn subscription(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> ApiResult<Json<Subscription>> {
    Ok(Json(service::subscription(&state, &query.token).await?))
}
