//! E-mail: messages rendered from templates in the recipient's language, put in an outbox table, and
//! delivered by a background worker with retries, so nothing is lost while the mail server is down.

pub mod outbox;
mod templates;
mod transport;

pub use templates::Mail;
pub use transport::Transport;

use crate::{lang::Lang, AppState};

/// Renders `mail` in `lang` and queues it for `recipient`; the worker is woken at once.
pub async fn send(state: &AppState, recipient: &str, lang: Lang, mail: Mail<'_>) -> anyhow::Result<()> {
    let rendered = templates::render(&mail, lang)?;
    outbox::enqueue(state, recipient, &rendered).await?;
    state.mail_ready.notify_one();
    Ok(())
}
