//! Leaving the list from an e-mail: every message links to `GET /api/email/unsubscribe?token=…`, which
//! opens the confirmation page in the member's language; mail clients unsubscribe in one click by POSTing
//! to the same address (RFC 8058). The token names the member and is signed, so nobody else's works.

use axum::{
    extract::State,
    response::{IntoResponse, Redirect, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::links::{self, Purpose, TokenQuery};
use crate::{
    access::audit::{self, Action, Actor, Event, Resource},
    access::UserRecord,
    client_info::ClientInfo,
    error::{ApiError, ApiResult, Text},
    extract::ApiQuery,
    users::{mailing, store},
    AppState,
};

pub const LINK_INVALID: Text = Text::new("unsubscribe_link_invalid", "This unsubscribe link is not valid");
const PATH: &str = "/api/email/unsubscribe";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_page, one_click)).routes(routes!(subscription))
}

/// The member's unsubscribe address, for the mail's link and its `List-Unsubscribe` header.
pub fn url(state: &AppState, user_id: &str) -> String {
    let token = links::sign(&state.keys, Purpose::Unsubscribe, user_id);
    format!("{}?token={token}", base_url(state))
}

/// What every unsubscribe address starts with (how this site's own mail is recognised in a mailbox).
pub fn base_url(state: &AppState) -> String {
    format!("{}{PATH}", state.config.public_url)
}

async fn member(state: &AppState, token: &str) -> ApiResult<UserRecord> {
    let id = links::verify(&state.keys, Purpose::Unsubscribe, token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::find_by_id(&state.db, id).await?.ok_or(ApiError::NotFound(LINK_INVALID))
}

/// The token of an unsubscribe request written to the sender (the `mailto:` of `List-Unsubscribe`):
/// a subject `unsubscribe <token>`, perhaps after a reply's `Re:`.
pub fn requested_by_mail(subject: &str) -> Option<&str> {
    let subject = subject.trim();
    let subject = subject.get(..3).filter(|re| re.eq_ignore_ascii_case("re:")).map_or(subject, |_| subject[3..].trim());
    let (word, token) = subject.split_once(char::is_whitespace)?;
    word.eq_ignore_ascii_case("unsubscribe").then(|| token.trim())
}

/// Carries out an unsubscribe request that came by mail; `false` when its token is not valid.
pub async fn unsubscribe_by_mail(state: &AppState, token: &str) -> ApiResult<bool> {
    let Ok(user) = member(state, token).await else { return Ok(false) };
    let client = ClientInfo { ip: String::new(), user_agent: "E-mail (List-Unsubscribe mailto)".to_owned() };
    leave(state, &client, &user).await?;
    Ok(true)
}

/// Unsubscribes the member and audits it, once.
async fn leave(state: &AppState, client: &ClientInfo, user: &UserRecord) -> ApiResult<()> {
    if !mailing::unsubscribed(&state.db, &user.id).await? {
        mailing::unsubscribe(&state.db, &user.id, state.clock.now_ms()).await?;
        let actor = Actor { user_id: &user.id, username: &user.username };
        let event = Event {
            action: Action::Unsubscribe,
            resource_type: Resource::Account,
            resource_id: Some(&user.id),
            actor: Some(actor),
        };
        audit::record(state, client, event).await?;
    }
    Ok(())
}

/// A person following the link: the confirmation page, in the member's language when the token is good.
#[utoipa::path(get, path = "/api/email/unsubscribe", tag = "email", params(TokenQuery),
    responses((status = 303, description = "To the page `/unsubscribe` that confirms in one click")))]
async fn open_page(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> Response {
    // A good token is URL-safe as it stands; a bad one is not passed on (the page then says so).
    let page = match member(&state, &query.token).await {
        Ok(user) => format!("/unsubscribe?token={}&lang={}", query.token, user.lang().code()),
        Err(_) => "/unsubscribe".to_owned(),
    };
    Redirect::to(&page).into_response()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribed {
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
    let user = member(&state, &query.token).await?;
    leave(&state, &client, &user).await?;
    Ok(Json(Unsubscribed { unsubscribed: true }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    /// The member's address, partly hidden: the page names it without giving it away.
    email: String,
    unsubscribed: bool,
}

/// What the unsubscribe page shows before the click.
#[utoipa::path(get, path = "/api/email/subscription", tag = "email", params(TokenQuery),
    responses((status = 200, body = Subscription), (status = 404, description = "This unsubscribe link is not valid")))]
async fn subscription(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> ApiResult<Json<Subscription>> {
    let user = member(&state, &query.token).await?;
    Ok(Json(Subscription {
        email: masked(&user.email),
        unsubscribed: mailing::unsubscribed(&state.db, &user.id).await?,
    }))
}

/// `odette@example.org` as `o•••e@example.org`.
fn masked(email: &str) -> String {
    let (local, domain) = email.rsplit_once('@').unwrap_or((email, ""));
    let mut chars = local.chars();
    let first = chars.next().map(String::from).unwrap_or_default();
    let last =
        if local.chars().count() > 2 { chars.next_back().map(String::from).unwrap_or_default() } else { String::new() };
    format!("{first}•••{last}@{domain}")
}

#[cfg(test)]
mod tests {
    use super::{masked, requested_by_mail};

    #[test]
    fn reads_the_token_of_a_request_by_mail() {
        assert_eq!(requested_by_mail("unsubscribe abc.def"), Some("abc.def"));
        assert_eq!(requested_by_mail("RE: Unsubscribe  abc.def "), Some("abc.def"));
        assert_eq!(requested_by_mail("Please unsubscribe me"), None);
        assert_eq!(requested_by_mail("unsubscribe"), None);
    }

    #[test]
    fn masks_all_but_the_ends_of_the_name() {
        assert_eq!(masked("odette@example.org"), "o•••e@example.org");
        assert_eq!(masked("ab@example.org"), "a•••@example.org");
        assert_eq!(masked("дима@пример.рф"), "д•••а@пример.рф");
    }
}
