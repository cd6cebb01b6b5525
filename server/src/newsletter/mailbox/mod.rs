//! POP3 mailbox verification (`/admin/email/pop3`, admin only): the mailbox's settings and connection
//! test, the inbox with each message's authentication results and classification, opening and
//! deleting a message, and the checker that turns delivery reports into bounced campaign recipients.

mod bounces;
pub(crate) mod checker;
mod dkim;
mod headers;
mod inbox;
mod pop3;
mod routes;
mod sanitise;
mod settings;
mod store;

pub(crate) use routes::routes;
pub(crate) use settings::MailboxSettings;
