//! E-mail: messages rendered from templates in the recipient's language, put in an outbox table, and
//! delivered by a background worker with retries, so nothing is lost while the mail server is down.

pub(crate) mod dkim;
pub mod outbox;
mod refusal;
mod routes;
mod send;
pub(crate) mod settings;
mod templates;
mod transport;

pub(crate) use outbox::MailerInForce;
pub(crate) use refusal::is_permanent;
pub(crate) use routes::routes;
pub(crate) use routes::{test_address, test_answer, TestSent};
pub use send::send;
pub(crate) use send::send_rendered_now;
pub use templates::Mail;
pub(crate) use templates::{list_texts, Rendered};
pub use transport::Mailer;
pub(crate) use transport::{Queued, MAX_CONNECTIONS as MAX_SMTP_CONNECTIONS};
