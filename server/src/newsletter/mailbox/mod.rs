//! POP3 mailbox verification (`/admin/email/pop3`, admin only): the mailbox's settings and connection
//! test, the inbox with each message's authentication results and classification, opening and
//! deleting a message, and the checker that turns delivery reports into bounced campaign recipients.

mod bounces;
pub mod checker;
mod dkim;
mod headers;
mod inbox;
mod pop3;
mod sanitise;
mod settings;
mod store;

pub use settings::MailboxSettings;

use crate::AppState;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    settings::routes().merge(inbox::routes())
}

/// A signed-in session on the configured mailbox.
async fn open_session(state: &AppState, settings: &MailboxSettings) -> pop3::Pop3Result<pop3::Session> {
    let account = settings.account(state.config.allow_private_hosts);
    pop3::in_time(pop3::Session::open(&account, state.config.mail.trusted_certificates.as_deref())).await
}
