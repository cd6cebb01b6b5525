//! Sending one message: rendered in the recipient's language and queued in the outbox (the worker is woken),
//! or sent at once for an admin's test.

use super::{
    outbox::{self, MailerInForce},
    templates::{self, Mail, Rendered},
    transport::{Mailer, Queued},
};
use crate::{lang::Lang, AppState};

/// Renders `mail` in `lang` and queues it for `recipient`; the worker is woken at once.
pub async fn send(state: &AppState, recipient: &str, lang: Lang, mail: Mail<'_>) -> anyhow::Result<()> {
    let rendered = templates::render(&mail, lang, &crate::site::name(state).await?)?;
    outbox::enqueue(state, recipient, &rendered, None).await?;
    state.mail_ready.notify_one();
    Ok(())
}

/// Renders and sends `mail` at once with the provider in force, bypassing the outbox (the admin's
/// test message: its error is the answer).
pub(crate) async fn send_now(state: &AppState, recipient: &str, lang: Lang, mail: Mail<'_>) -> anyhow::Result<()> {
    let rendered = templates::render(&mail, lang, &crate::site::name(state).await?)?;
    send_rendered_now(state, recipient, rendered).await
}

/// Sends a message rendered elsewhere (an admin's template) at once, as `send_now`.
pub(crate) async fn send_rendered_now(state: &AppState, recipient: &str, rendered: Rendered) -> anyhow::Result<()> {
    let mut in_force = MailerInForce::new(Mailer::from_config(&state.config.mail)?);
    let mailer = in_force.current(state).await?;
    let queued = Queued {
        id: String::new(),
        recipient: recipient.to_owned(),
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        attempts: 0,
        list_unsubscribe: None,
    };
    mailer.send(&queued).await
}
