//! The welcome mail: the welcome template that is switched on, sent to a new member once their address
//! is verified, in their language (else Hebrew, the site's default, else the first the template has).

use super::{
    templates::{render, store, variables::Values},
    unsubscribe,
};
use crate::{access::UserRecord, email, lang::Lang, AppState};

/// Queues the welcome mail for `user`, when a welcome template is on. A failure is logged, not raised:
/// the member's sign-up has succeeded whatever happens to this mail.
pub(crate) async fn send(state: &AppState, user: &UserRecord) {
    if let Err(err) = try_send(state, user).await {
        tracing::warn!(user = %user.id, "the welcome mail was not sent: {err:#}");
    }
}

async fn try_send(state: &AppState, user: &UserRecord) -> anyhow::Result<()> {
    let Some(template) = store::welcome(&state.db).await? else { return Ok(()) };
    let texts = &template.draft.translations;
    let Some((lang, text)) = [user.lang(), Lang::He]
        .into_iter()
        .find_map(|lang| texts.get(&lang).map(|text| (lang, text)))
        .or_else(|| texts.iter().next().map(|(lang, text)| (*lang, text)))
    else {
        return Ok(());
    };
    let site_name = crate::site::name(state).await?;
    let unsubscribe_url = unsubscribe::url(state, &user.id);
    let values = Values {
        // A welcome mail is about no brand in particular: the site is the brand.
        brand_name: site_name.clone(),
        username: user.username.clone(),
        site_name,
        site_url: state.config.public_url.clone(),
        unsubscribe_url: unsubscribe_url.clone(),
    };
    let message = render::render(text, lang, &values).map_err(|err| anyhow::anyhow!(err.problem().message))?;
    email::outbox::enqueue(state, &user.email, &message, Some(&unsubscribe_url)).await?;
    state.mail_ready.notify_one();
    Ok(())
}
