//! The inbox on the POP3 screen (admin only): a page of messages, newest first, each read with `TOP n 0`
//! (header only); one message opened whole, its HTML sanitised with remote images removed; a message
//! deleted. Messages are named by their POP3 unique id, which outlives a session's numbering. The calls
//! are in routes.rs.

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    checker,
    headers::{Classification, Header, Verification},
    pop3::{Pop3Error, Session},
    settings::{open_session, MailboxSettings},
};
use crate::{
    error::{ApiError, ApiResult, ErrorCode, Problem, Text},
    paging::Paging,
    AppState,
};

pub(crate) const NOT_CONFIGURED: Text = Text::new(ErrorCode::MailboxNotConfigured, "No POP3 mailbox is configured");
pub(crate) const MESSAGE_GONE: Text =
    Text::new(ErrorCode::MailboxMessageNotFound, "This message is no longer in the mailbox");
const FETCH_FAILED: &str = "The e-mails could not be fetched";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InboxMessage {
    /// The POP3 unique id.
    id: String,
    from: String,
    subject: String,
    /// The Date header, ms since 1970.
    date: Option<i64>,
    size: u64,
    verification: Verification,
    classification: Classification,
    /// For a delivery report: the campaign recipients it marked bounced.
    bounced_recipients: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Inbox {
    total: u32,
    page: i64,
    page_size: i64,
    messages: Vec<InboxMessage>,
}

async fn settings(state: &AppState) -> ApiResult<std::sync::Arc<MailboxSettings>> {
    let settings = state.settings.get::<MailboxSettings>(&state.db).await?;
    if !settings.is_set() {
        return Err(ApiError::Conflict(NOT_CONFIGURED));
    }
    Ok(settings)
}

/// The mailbox's trouble as a 502 naming what went wrong.
fn unreachable(err: Pop3Error) -> ApiError {
    let reason = err.to_string();
    ApiError::BadGateway(Problem::with(
        ErrorCode::MailboxFetchFailed,
        format!("{FETCH_FAILED}: {reason}"),
        [("reason", reason)],
    ))
}

/// A page of the inbox, newest first. Delivery reports on it not read before are read whole and their
/// bounces recorded now, as the checker would.
pub(super) async fn page(state: &AppState, paging: Paging) -> ApiResult<Inbox> {
    let settings = settings(state).await?;
    let mut session = open_session(state, &settings).await.map_err(unreachable)?;
    let mut ids = session.unique_ids().await.map_err(unreachable)?;
    let sizes: std::collections::HashMap<u32, u64> = session.sizes().await.map_err(unreachable)?.into_iter().collect();
    let total = ids.len() as u32;
    ids.reverse();
    let skip = ((paging.page - 1) * paging.size) as usize;
    let own_unsubscribe = crate::newsletter::unsubscribe::base_url(state);
    let mut messages = Vec::new();
    for (number, id) in ids.into_iter().skip(skip).take(paging.size as usize) {
        let raw = session.header(number).await.map_err(unreachable)?;
        let Some(header) = Header::parse(&raw) else { continue };
        let bounced_recipients = checker::settle(state, &settings, &mut session, (number, &id), &header)
            .await
            .map_err(|err| match err.downcast::<Pop3Error>() {
                Ok(pop3) => unreachable(pop3),
                Err(other) => ApiError::Internal(other),
            })?;
        messages.push(InboxMessage {
            from: header.from(),
            subject: header.subject(),
            date: header.date(),
            size: sizes.get(&number).copied().unwrap_or_default(),
            verification: header.verification(),
            classification: header.classification(&own_unsubscribe),
            bounced_recipients,
            id,
        });
    }
    session.quit().await.map_err(unreachable)?;
    Ok(Inbox { total, page: paging.page, page_size: paging.size, messages })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OpenedMessage {
    id: String,
    from: String,
    to: String,
    subject: String,
    date: Option<i64>,
    verification: Verification,
    classification: Classification,
    /// Sanitised: no scripts, styles kept inline only, no remote images. Shown in a sandboxed frame.
    html: Option<String>,
    text: Option<String>,
    /// How many remote images were removed.
    blocked_images: u32,
    /// Each DKIM signature as this server verified it.
    dkim: Vec<super::dkim::SignatureCheck>,
}

/// Finds the message's number in this session, or 404.
async fn number_of(session: &mut Session, id: &str) -> ApiResult<u32> {
    let ids = session.unique_ids().await.map_err(unreachable)?;
    ids.into_iter().find(|(_, uid)| uid == id).map(|(number, _)| number).ok_or(ApiError::NotFound(MESSAGE_GONE))
}

/// One message, read whole.
pub(super) async fn open(state: &AppState, id: String) -> ApiResult<OpenedMessage> {
    let settings = settings(state).await?;
    let mut session = open_session(state, &settings).await.map_err(unreachable)?;
    let number = number_of(&mut session, &id).await?;
    let raw = session.message(number).await.map_err(unreachable)?;
    session.quit().await.map_err(unreachable)?;
    let header = Header::parse(&raw).ok_or(ApiError::NotFound(MESSAGE_GONE))?;
    let message = mail_parser::MessageParser::default().parse(&raw).ok_or(ApiError::NotFound(MESSAGE_GONE))?;
    let (html, blocked_images) = match message.body_html(0) {
        Some(html) => {
            let (clean, blocked) = super::sanitise::html(&html);
            (Some(clean), blocked)
        }
        None => (None, 0),
    };
    let dkim = super::dkim::check(state.config.mail.dns_server, &raw).await;
    let to = message.to().and_then(|to| to.first()).and_then(|to| to.address()).unwrap_or_default().to_owned();
    Ok(OpenedMessage {
        from: header.from(),
        to,
        subject: header.subject(),
        date: header.date(),
        verification: header.verification(),
        classification: header.classification(&crate::newsletter::unsubscribe::base_url(state)),
        text: message.body_text(0).map(|text| text.into_owned()),
        html,
        blocked_images,
        dkim,
        id,
    })
}

/// Deletes one message from the mailbox.
pub(super) async fn delete(state: &AppState, id: &str) -> ApiResult<()> {
    let settings = settings(state).await?;
    let mut session = open_session(state, &settings).await.map_err(unreachable)?;
    let number = number_of(&mut session, id).await?;
    session.delete(number).await.map_err(unreachable)?;
    session.quit().await.map_err(unreachable)?;
    Ok(())
}
