//! Opens and clicks: a campaign's HTML loads a one-pixel image and its links go through this site, each
//! address carrying a token signed over the campaign, the member and the link number. The click's
//! target is read from the campaign as sent, never from the request, so the address cannot be used to
//! send people elsewhere; a forged or altered token gets 404. A click counts as an open too (images are
//! often blocked). The calls are `GET /api/email/open` and `/api/email/click` (routes.rs).

use super::store;
use crate::{
    error::{ApiError, ApiResult, ErrorCode, Text},
    newsletter::links::{self, Purpose},
    AppState,
};

pub(crate) const LINK_INVALID: Text = Text::new(ErrorCode::EmailLinkInvalid, "This link is not valid");
const SEPARATOR: char = '~';

pub(crate) fn open_url(state: &AppState, campaign: &str, user_id: &str) -> String {
    let token = links::sign(&state.keys, Purpose::Open, &format!("{campaign}{SEPARATOR}{user_id}"));
    format!("{}/api/email/open?token={token}", state.config.public_url)
}

pub(crate) fn click_url(state: &AppState, campaign: &str, user_id: &str, link: usize) -> String {
    let token = links::sign(&state.keys, Purpose::Click, &format!("{campaign}{SEPARATOR}{user_id}{SEPARATOR}{link}"));
    format!("{}/api/email/click?token={token}", state.config.public_url)
}

/// An open: records the member's first open of the campaign the token names.
pub(super) async fn open(state: &AppState, token: &str) -> ApiResult<()> {
    let payload = links::verify(&state.keys, Purpose::Open, token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    let (campaign, user_id) = payload.split_once(SEPARATOR).ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::record_open(&state.db, campaign, user_id, state.clock.now_ms()).await?;
    Ok(())
}

/// A click: records it and answers the link as the campaign has it.
pub(super) async fn click(state: &AppState, token: &str) -> ApiResult<String> {
    let payload = links::verify(&state.keys, Purpose::Click, token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    let mut parts = payload.split(SEPARATOR);
    let (Some(campaign), Some(user_id), Some(link), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::NotFound(LINK_INVALID));
    };
    let link: usize = link.parse().map_err(|_| ApiError::NotFound(LINK_INVALID))?;
    let target = store::link(&state.db, campaign, link).await?.ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::record_click(&state.db, campaign, user_id, link, state.clock.now_ms()).await?;
    Ok(target)
}
