//! The mailbox's settings (admin only): where the POP3 server is, how to sign in and how often the
//! checker reads it for bounces; signing in to it; and the connection test, which tries the form's
//! values as they stand. The calls are in routes.rs.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::pop3::{self, Account, Failure, Session};
use crate::{
    email::settings::Security,
    error::{ApiResult, ErrorCode, Text},
    fields::FieldErrors,
    settings::{keep_for, mask, Editable, Stored},
    AppState,
};

const SERVER_NAME: Text = Text::new(ErrorCode::NotAServerName, "Enter a server name such as mail.example.org");

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[schema(as = MailboxSettings)]
pub(crate) struct MailboxSettings {
    /// The POP3 server's name; empty: no mailbox.
    pub host: String,
    #[schema(minimum = 1, maximum = 65535)]
    pub port: u16,
    pub security: Security,
    pub username: String,
    /// Secret.
    pub password: String,
    /// How often the checker reads new messages for bounces.
    #[schema(minimum = 1, maximum = 1440)]
    pub check_every_minutes: u32,
}

impl Default for MailboxSettings {
    fn default() -> Self {
        Self {
            host: String::new(),
            port: 995,
            security: Security::Tls,
            username: String::new(),
            password: String::new(),
            check_every_minutes: 10,
        }
    }
}

impl MailboxSettings {
    pub(crate) fn is_set(&self) -> bool {
        !self.host.trim().is_empty()
    }

    /// Where and as whom to sign in; the server must be public unless `allow_private` (ALLOW_PRIVATE_HOSTS).
    pub(crate) fn account(&self, allow_private: bool) -> Account<'_> {
        Account {
            allow_private,
            host: self.host.trim(),
            port: self.port,
            security: self.security,
            username: &self.username,
            password: &self.password,
        }
    }

    /// Names the mailbox in the record of messages already read: another server or user is another box.
    pub(crate) fn label(&self) -> String {
        format!("{}@{}:{}", self.username, self.host.trim(), self.port)
    }
}

impl Stored for MailboxSettings {
    const KEY: &'static str = "mailbox";
    const SEALED: bool = true;
}

impl Editable for MailboxSettings {
    fn check(&self, errors: &mut FieldErrors) {
        errors.required("host", self.host.trim(), 253);
        if self.host.trim().contains(|c: char| c.is_whitespace() || c == '/') {
            errors.fail("host", SERVER_NAME);
        }
        errors.within("port", self.port.into(), 1..=65535);
        errors.required("username", &self.username, 200);
        errors.required("password", &self.password, 500);
        errors.within("checkEveryMinutes", self.check_every_minutes, 1..=1440);
    }

    fn for_browser(&self) -> Self {
        Self { password: mask(&self.password), ..self.clone() }
    }

    fn servers(&self) -> Vec<(&'static str, &str)> {
        vec![("host", self.host.trim())]
    }

    /// The stored password goes only to the server, port and user it was given for, and never with less
    /// protection than it had: a stolen admin session cannot have it sent in the clear.
    fn keep_secrets(&mut self, stored: &Self) {
        let same = (self.host.trim(), self.port, &self.username) == (stored.host.trim(), stored.port, &stored.username)
            && self.security >= stored.security;
        keep_for(same, &mut self.password, &stored.password);
    }
}

/// A signed-in session on the configured mailbox.
pub(super) async fn open_session(state: &AppState, settings: &MailboxSettings) -> pop3::Pop3Result<Session> {
    let account = settings.account(state.config.allow_private_hosts);
    pop3::in_time(Session::open(&account, state.config.mail.trusted_certificates.as_deref())).await
}

/// What the connection test found: the number of messages, or why it failed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConnectionTest {
    connected: bool,
    messages: Option<u32>,
    failure: Option<Failure>,
    /// The server's or the system's own words.
    detail: Option<String>,
}

/// The form to test: the stored password where the form sent the mask for the same server and user;
/// invalid fields refused.
pub(super) async fn to_test(state: &AppState, mut form: MailboxSettings) -> ApiResult<MailboxSettings> {
    form.keep_secrets(&*state.settings.get::<MailboxSettings>(&state.db).await?);
    let mut errors = FieldErrors::default();
    form.check(&mut errors);
    errors.finish()?;
    Ok(form)
}

/// Signs in with `form` and counts the messages, within 10 s.
pub(super) async fn test_connection(state: &AppState, form: &MailboxSettings) -> ConnectionTest {
    let trusted = state.config.mail.trusted_certificates.as_deref();
    let counted = pop3::in_time(async {
        let mut session = Session::open(&form.account(state.config.allow_private_hosts), trusted).await?;
        let (count, _) = session.stat().await?;
        session.quit().await?;
        Ok(count)
    });
    match counted.await {
        Ok(count) => ConnectionTest { connected: true, messages: Some(count), failure: None, detail: None },
        Err(err) => {
            ConnectionTest { connected: false, messages: None, failure: Some(err.failure), detail: Some(err.detail) }
        }
    }
}
