//! Opens and clicks: a campaign's HTML loads a one-pixel image and its links go through this site, each
//! address carrying a token signed over the campaign, the member and the link number. The click's
//! target is read from the campaign as sent, never from the request, so the address cannot be used to
//! send people elsewhere; a forged or altered token gets 404. A click counts as an open too (images are
//! often blocked).

use axum::{
    extract::State,
    http::{header, StatusCode},
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::store;
use crate::{
    error::{ApiError, ApiResult, Text},
    extract::ApiQuery,
    newsletter::links::{self, Purpose, TokenQuery},
    AppState,
};

pub const LINK_INVALID: Text = Text::new("email_link_invalid", "This link is not valid");
const SEPARATOR: char = '~';
/// The smallest transparent GIF.
const PIXEL: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open)).routes(routes!(click))
}

pub fn open_url(state: &AppState, campaign: &str, user_id: &str) -> String {
    let token = links::sign(&state.keys, Purpose::Open, &format!("{campaign}{SEPARATOR}{user_id}"));
    format!("{}/api/email/open?token={token}", state.config.public_url)
}

pub fn click_url(state: &AppState, campaign: &str, user_id: &str, link: usize) -> String {
    let token = links::sign(&state.keys, Purpose::Click, &format!("{campaign}{SEPARATOR}{user_id}{SEPARATOR}{link}"));
    format!("{}/api/email/click?token={token}", state.config.public_url)
}

/// The open pixel: records the member's first open of the campaign.
#[utoipa::path(get, path = "/api/email/open", tag = "email", params(TokenQuery),
    responses((status = 200, description = "A 1×1 transparent GIF", content_type = "image/gif"),
        (status = 404, description = "This link is not valid")))]
async fn open(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> ApiResult<Response> {
    let payload = links::verify(&state.keys, Purpose::Open, &query.token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    let (campaign, user_id) = payload.split_once(SEPARATOR).ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::record_open(&state.db, campaign, user_id, state.clock.now_ms()).await?;
    Ok(([(header::CONTENT_TYPE, "image/gif"), (header::CACHE_CONTROL, "no-store")], PIXEL).into_response())
}

/// A tracked link: records the click and sends the member on to the link as the campaign has it.
#[utoipa::path(get, path = "/api/email/click", tag = "email", params(TokenQuery),
    responses((status = 302, description = "To the link in the campaign"), (status = 404, description = "This link is not valid")))]
async fn click(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> ApiResult<Response> {
    let payload = links::verify(&state.keys, Purpose::Click, &query.token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    let mut parts = payload.split(SEPARATOR);
    let (Some(campaign), Some(user_id), Some(link), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::NotFound(LINK_INVALID));
    };
    let link: usize = link.parse().map_err(|_| ApiError::NotFound(LINK_INVALID))?;
    let target = store::link(&state.db, campaign, link).await?.ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::record_click(&state.db, campaign, user_id, link, state.clock.now_ms()).await?;
    Ok((StatusCode::FOUND, [(header::LOCATION, target)]).into_response())
}
