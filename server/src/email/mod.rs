//! E-mail: messages rendered from templates in the recipient's language, put in an outbox table, and
//! delivered by a background worker with retries, so nothing is lost while the mail server is down.

pub mod dkim;
pub mod outbox;
mod refusal;
mod routes;
mod send;
pub mod settings;
mod templates;
mod transport;

pub use outbox::MailerInForce;
pub use refusal::is_permanent;
pub(crate) use routes::routes;
pub use routes::{test_address, test_answer, TestSent};
pub use send::{send, send_rendered_now};
pub use templates::{list_texts, Mail, Rendered};
pub use transport::{Mailer, Queued, MAX_CONNECTIONS as MAX_SMTP_CONNECTIONS};
