//! The unsubscribe rules: the member's signed link, who a token names, leaving the list once (audited),
//! requests that come by mail, and what the page shows.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::audit::{self, Action, Actor, Event, Resource},
    access::UserRecord,
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    newsletter::links::{self, Purpose},
    users::{mailing, store},
    AppState,
};

const LINK_INVALID: Text = Text::new(ErrorCode::UnsubscribeLinkInvalid, "This unsubscribe link is not valid");
const PATH: &str = "/api/email/unsubscribe";

/// The member's unsubscribe address, for the mail's link and its `List-Unsubscribe` header.
pub fn url(state: &AppState, user_id: &str) -> String {
    let token = links::sign(&state.keys, Purpose::Unsubscribe, user_id);
    format!("{}?token={token}", base_url(state))
}

/// What every unsubscribe address starts with (how this site's own mail is recognised in a mailbox).
pub(crate) fn base_url(state: &AppState) -> String {
    format!("{}{PATH}", state.config.public_url)
}

async fn member(state: &AppState, token: &str) -> ApiResult<UserRecord> {
    let id = links::verify(&state.keys, Purpose::Unsubscribe, token).ok_or(ApiError::NotFound(LINK_INVALID))?;
    store::find_by_id(&state.db, id).await?.ok_or(ApiError::NotFound(LINK_INVALID))
}

/// The token of an unsubscribe request written to the sender (the `mailto:` of `List-Unsubscribe`):
/// a subject `unsubscribe <token>`, perhaps after a reply's `Re:`.
pub(crate) fn requested_by_mail(subject: &str) -> Option<&str> {
    let subject = subject.trim();
    let subject = subject.get(..3).filter(|re| re.eq_ignore_ascii_case("re:")).map_or(subject, |_| subject[3..].trim());
    let (word, token) = subject.split_once(char::is_whitespace)?;
    word.eq_ignore_ascii_case("unsubscribe").then(|| token.trim())
}

/// Carries out an unsubscribe request that came by mail; `false` when its token is not valid.
pub(crate) async fn unsubscribe_by_mail(state: &AppState, token: &str) -> ApiResult<bool> {
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

/// Where a person following the link goes: the confirmation page, in the member's language when the token
/// is good.
pub(super) async fn page(state: &AppState, token: &str) -> String {
    // A good token is URL-safe as it stands; a bad one is not passed on (the page then says so).
    match member(state, token).await {
        Ok(user) => format!("/unsubscribe?token={token}&lang={}", user.lang().code()),
        Err(_) => "/unsubscribe".to_owned(),
    }
}

/// Unsubscribes the member the token names; doing it twice is harmless.
pub(super) async fn unsubscribe(state: &AppState, client: &ClientInfo, token: &str) -> ApiResult<()> {
    let user = member(state, token).await?;
    leave(state, client, &user).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Subscription {
    /// The member's address, partly hidden: the page names it without giving it away.
    email: String,
    unsubscribed: bool,
}

/// What the unsubscribe page shows before the click.
pub(super) async fn subscription(state: &AppState, token: &str) -> ApiResult<Subscription> {
    let user = member(state, token).await?;
    Ok(Subscription { email: masked(&user.email), unsubscribed: mailing::unsubscribed(&state.db, &user.id).await? })
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
