//! What every admin-edited setting shares: its `GET` shows the stored value with secrets masked, its
//! `PUT` checks the fields, keeps the secrets the form sent back masked, saves, refreshes the
//! in-process copy and writes the audit log. Each setting's module adds its rules and routes.

use axum::Json;

use super::Stored;
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    config::{Config, MailTransport},
    error::ApiResult,
    fields::FieldErrors,
    private_hosts, AppState,
};

/// What a set secret looks like in the browser; sending it back keeps the stored secret.
pub(crate) const SECRET_MASK: &str = "********";

pub(crate) trait Editable: Stored + Clone {
    /// The field rules; field names are dotted paths (`smtp.port`).
    fn check(&self, errors: &mut FieldErrors);

    /// The value as the browser gets it: every secret masked.
    fn for_browser(&self) -> Self {
        self.clone()
    }

    /// Puts the stored secrets back where the form sent the mask.
    fn keep_secrets(&mut self, _stored: &Self) {}

    /// The servers this setting connects to, by field: each an address (`https://host/…`) or a host name.
    fn servers(&self) -> Vec<(&'static str, &str)> {
        Vec::new()
    }
}

/// A secret as the browser sees it: the mask when set, "" when not.
pub(crate) fn mask(secret: &str) -> String {
    if secret.is_empty() {
        String::new()
    } else {
        SECRET_MASK.to_owned()
    }
}

/// The stored secret when the form sent the mask back; else what the form sent.
pub(crate) fn keep(sent: &mut String, stored: &str) {
    if sent == SECRET_MASK {
        *sent = stored.to_owned();
    }
}

/// `keep` when the secret's destination is unchanged; else a sent mask means blank, so an admin
/// cannot send a stored secret to a server of their choosing.
pub(crate) fn keep_for(same_destination: bool, sent: &mut String, stored: &str) {
    if same_destination {
        keep(sent, stored);
    } else if sent == SECRET_MASK {
        sent.clear();
    }
}

/// The setting for the admin's form (the `settings` permission).
pub(crate) async fn read<T: Editable>(state: &AppState, _: &RequirePermission<area::Settings>) -> ApiResult<Json<T>> {
    Ok(Json(state.settings.get::<T>(&state.db).await?.for_browser()))
}

/// Checks and saves the admin's form; answers the saved value, masked.
pub(crate) async fn save<T: Editable>(
    state: &AppState,
    signed_in: &RequirePermission<area::Settings>,
    client: &ClientInfo,
    mut value: T,
) -> ApiResult<Json<T>> {
    value.keep_secrets(&*state.settings.get::<T>(&state.db).await?);
    let mut errors = FieldErrors::default();
    value.check(&mut errors);
    if !state.config.allow_private_hosts {
        refuse_private_servers(&value, &state.config, &mut errors);
    }
    errors.finish()?;
    let saved = state.settings.save(&state.db, value, state.clock.now_ms()).await?;
    audit::record_change(state, client, &signed_in.user, Action::Update, Resource::Settings, T::KEY).await?;
    Ok(Json(saved.for_browser()))
}

/// A server written as this machine or a private address is refused as the admin saves it (a name that
/// resolves to one is refused as it is connected to: `private_hosts`); the environment's own addresses,
/// which the form shows until an admin saves, are trusted.
fn refuse_private_servers<T: Editable>(value: &T, config: &Config, errors: &mut FieldErrors) {
    let smtp_host = match &config.mail.transport {
        MailTransport::Smtp(smtp) => Some(smtp.host.as_str()),
        MailTransport::File(_) => None,
    };
    let trusted = [config.ai.gateway_url.as_deref(), config.ai.edge_url.as_deref(), smtp_host];
    for (field, server) in value.servers() {
        if trusted.contains(&Some(server)) {
            continue;
        }
        let url = server.contains("://").then(|| url::Url::parse(server).ok()).flatten();
        let host = url.as_ref().and_then(url::Url::host_str).unwrap_or(server);
        if private_hosts::names_private(host) {
            errors.fail(field, private_hosts::REFUSED);
        }
    }
}
