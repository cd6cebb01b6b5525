//! Where delivered mail goes: an SMTP server, SendGrid's or Mailgun's HTTP API, or `.eml` files in a
//! folder (the zero-set-up default). The environment gives one; an admin's saved provider replaces it.

use std::{
    net::IpAddr,
    sync::{Arc, Mutex},
};

use anyhow::Context;
use lettre::{
    message::{
        dkim::DkimConfig,
        header::{ContentType, HeaderName, HeaderValue},
        MultiPart, SinglePart,
    },
    transport::smtp::{
        authentication::Credentials,
        client::{Tls, TlsParameters},
        PoolConfig,
    },
    AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use super::{
    dkim::DkimSettings,
    refusal::ProviderRefused,
    settings::{EmailSettings, MailgunRegion, Provider, Security},
};
use crate::{
    config::{MailConfig, MailTransport, SmtpConfig, SmtpTls},
    db::from_row,
};

/// A message as a transport sends it: the outbox's row, or a campaign's message made at once.
pub struct Queued {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub attempts: i64,
    pub list_unsubscribe: Option<String>,
}
from_row!(Queued { id, recipient, subject, text_body, html_body, attempts, list_unsubscribe });

/// The most SMTP connections kept open to one server (the campaign sender's highest concurrency).
pub(crate) const MAX_CONNECTIONS: u32 = 50;
const SENDGRID_API: &str = "https://api.sendgrid.com";
const MAILGUN_API_US: &str = "https://api.mailgun.net";
const MAILGUN_API_EU: &str = "https://api.eu.mailgun.net";

#[derive(Clone)]
pub enum Transport {
    File(AsyncFileTransport<Tokio1Executor>, std::path::PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// `api` is the provider's origin (tests point it at a local server).
    Sendgrid {
        api: String,
        key: String,
    },
    Mailgun {
        api: String,
        domain: String,
        key: String,
    },
}

/// A transport, the sender it sends as, and the DKIM key it signs with (SMTP and files).
#[derive(Clone)]
pub struct Mailer {
    pub transport: Transport,
    pub from: String,
    dkim: Option<Arc<DkimConfig>>,
    /// An SMTP server an admin set, which must be public (`private_hosts`).
    checked: Option<Arc<CheckedSmtp>>,
}

/// An admin's SMTP server: its name is resolved and checked before each delivery, and the delivery
/// connects to the very address checked (a transport resolving the name again could be led to a private
/// one by its DNS); the transport, with its open connections, is kept while the name leads there.
pub(crate) struct CheckedSmtp {
    config: SmtpConfig,
    connected: Mutex<Option<(IpAddr, AsyncSmtpTransport<Tokio1Executor>)>>,
}

impl CheckedSmtp {
    async fn transport(&self) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
        let host = &self.config.host;
        let found = crate::private_hosts::resolve(host, self.config.port, false)
            .await
            .with_context(|| format!("the SMTP server {host} cannot be used"))?;
        let address = found.first().with_context(|| format!("the SMTP server {host} has no address"))?.ip();
        let mut connected = self.connected.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((kept, transport)) = connected.as_ref() {
            if *kept == address {
                return Ok(transport.clone());
            }
        }
        let transport = smtp_transport(&self.config, &address.to_string())?;
        *connected = Some((address, transport.clone()));
        Ok(transport)
    }
}

impl Mailer {
    pub fn from_config(config: &MailConfig) -> anyhow::Result<Self> {
        let transport = match &config.transport {
            MailTransport::File(dir) => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create the mail folder {}", dir.display()))?;
                Transport::File(AsyncFileTransport::new(dir), dir.clone())
            }
            MailTransport::Smtp(smtp) => Transport::smtp(smtp)?,
        };
        Ok(Self { transport, from: config.from.clone(), dkim: None, checked: None })
    }

    /// The admin's provider; its SMTP server must be public unless `allow_private` (ALLOW_PRIVATE_HOSTS).
    pub fn from_settings(settings: &EmailSettings, allow_private: bool) -> anyhow::Result<Self> {
        let tls = |security| match security {
            Security::None => SmtpTls::None,
            Security::Starttls => SmtpTls::StartTls,
            Security::Tls => SmtpTls::Tls,
        };
        let credentials =
            |user: &str, password: &str| (!user.is_empty()).then(|| (user.to_owned(), password.to_owned()));
        let admins_server = SmtpConfig {
            host: settings.smtp.host.trim().to_owned(),
            port: settings.smtp.port,
            tls: tls(settings.smtp.security),
            credentials: credentials(&settings.smtp.username, &settings.smtp.password),
        };
        let transport = match settings.provider {
            Provider::Smtp | Provider::Pop3 | Provider::Others => Transport::smtp(&admins_server)?,
            Provider::Ses => Transport::smtp(&SmtpConfig {
                host: format!("email-smtp.{}.amazonaws.com", settings.ses.region.trim()),
                port: 587,
                tls: SmtpTls::StartTls,
                credentials: credentials(&settings.ses.username, &settings.ses.password),
            })?,
            Provider::Sendgrid => {
                Transport::Sendgrid { api: SENDGRID_API.to_owned(), key: settings.sendgrid.api_key.clone() }
            }
            Provider::Mailgun => Transport::Mailgun {
                api: match settings.mailgun.region {
                    MailgunRegion::Us => MAILGUN_API_US,
                    MailgunRegion::Eu => MAILGUN_API_EU,
                }
                .to_owned(),
                domain: settings.mailgun.domain.trim().to_owned(),
                key: settings.mailgun.api_key.clone(),
            },
        };
        let checked = (matches!(settings.provider, Provider::Smtp | Provider::Pop3 | Provider::Others)
            && !allow_private)
            .then(|| Arc::new(CheckedSmtp { config: admins_server, connected: Mutex::new(None) }));
        Ok(Self { transport, from: settings.from_address.trim().to_owned(), dkim: None, checked })
    }

    /// The same mailer, signing with `dkim` (or not, when it is off).
    pub fn signed_by(self, dkim: &DkimSettings) -> Self {
        Self { dkim: dkim.signing(), ..self }
    }

    /// The Message-ID a message queued as `id` goes out with.
    pub fn message_id(&self, id: &str) -> anyhow::Result<String> {
        let from: lettre::message::Mailbox = self.from.parse().context("the sender is not an address")?;
        Ok(message_id(id, &from))
    }

    fn signed(&self, mut message: Message) -> Message {
        if let Some(dkim) = &self.dkim {
            message.sign(dkim);
        }
        message
    }

    pub async fn send(&self, queued: &Queued) -> anyhow::Result<()> {
        let from: lettre::message::Mailbox = self.from.parse().context("the sender is not an address")?;
        let to: lettre::message::Mailbox = queued.recipient.parse().context("the recipient is not an address")?;
        match &self.transport {
            Transport::File(files, dir) => {
                let id = files.send(self.signed(message(from, to, queued)?)).await?;
                tracing::info!(to = %queued.recipient, file = %dir.join(format!("{id}.eml")).display(), "e-mail written");
            }
            Transport::Smtp(smtp) => {
                let smtp = match &self.checked {
                    Some(checked) => checked.transport().await?,
                    None => smtp.clone(),
                };
                smtp.send(self.signed(message(from, to, queued)?)).await?;
            }
            Transport::Sendgrid { api, key } => {
                let mut body = serde_json::json!({
                    "personalizations": [{ "to": [{ "email": to.email.to_string() }] }],
                    "from": { "email": from.email.to_string(), "name": from.name },
                    "subject": queued.subject,
                    "content": [{ "type": "text/plain", "value": queued.text_body }, { "type": "text/html", "value": queued.html_body }],
                });
                let headers = list_headers(queued, &from);
                if !headers.is_empty() {
                    body["headers"] = headers
                        .into_iter()
                        .map(|(name, value)| (name.to_owned(), serde_json::Value::from(value)))
                        .collect();
                }
                let request = reqwest::Client::new().post(format!("{api}/v3/mail/send")).bearer_auth(key).json(&body);
                checked(request).await?;
            }
            Transport::Mailgun { api, domain, key } => {
                let mut form = vec![
                    ("from".to_owned(), from.to_string()),
                    ("to".to_owned(), to.to_string()),
                    ("subject".to_owned(), queued.subject.clone()),
                    ("text".to_owned(), queued.text_body.clone()),
                    ("html".to_owned(), queued.html_body.clone()),
                ];
                form.extend(list_headers(queued, &from).into_iter().map(|(name, value)| (format!("h:{name}"), value)));
                let request = reqwest::Client::new()
                    .post(format!("{api}/v3/{domain}/messages"))
                    .basic_auth("api", Some(key))
                    .form(&form);
                checked(request).await?;
            }
        }
        Ok(())
    }
}

impl Transport {
    fn smtp(smtp: &SmtpConfig) -> anyhow::Result<Self> {
        Ok(Self::Smtp(smtp_transport(smtp, &smtp.host)?))
    }
}

/// A transport to `smtp`'s server that connects to `address` (its name, or the address it was checked
/// to have) and checks the server's certificate against its name.
fn smtp_transport(smtp: &SmtpConfig, address: &str) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    let tls = match smtp.tls {
        SmtpTls::None => Tls::None,
        SmtpTls::StartTls => Tls::Required(TlsParameters::new(smtp.host.clone())?),
        SmtpTls::Tls => Tls::Wrapper(TlsParameters::new(smtp.host.clone())?),
    };
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(address)
        .port(smtp.port)
        .tls(tls)
        .timeout(Some(std::time::Duration::from_secs(20)))
        // As many connections as the campaign sender may have messages in flight.
        .pool_config(PoolConfig::new().max_size(MAX_CONNECTIONS));
    if let Some((user, password)) = &smtp.credentials {
        builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
    }
    Ok(builder.build())
}

fn message_id(id: &str, from: &lettre::message::Mailbox) -> String {
    format!("<{id}@{}>", from.email.domain())
}

/// The headers of a list mail (RFC 2369, and RFC 8058's one-click POST to the same address). Beside
/// the link, a `mailto:` to the sender whose subject carries the link's token, for mail clients that
/// write instead (the POP3 mailbox's checker acts on it, newsletter/mailbox/).
fn list_headers(queued: &Queued, from: &lettre::message::Mailbox) -> Vec<(&'static str, String)> {
    let Some(link) = &queued.list_unsubscribe else { return Vec::new() };
    let token = url::Url::parse(link)
        .ok()
        .and_then(|url| url.query_pairs().find(|(name, _)| name == "token").map(|(_, token)| token.into_owned()));
    let mailto =
        token.map(|token| format!(", <mailto:{}?subject=unsubscribe%20{token}>", from.email)).unwrap_or_default();
    vec![
        ("List-Unsubscribe", format!("<{link}>{mailto}")),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".to_owned()),
    ]
}

fn message(from: lettre::message::Mailbox, to: lettre::message::Mailbox, queued: &Queued) -> anyhow::Result<Message> {
    // The outbox row's id: a retry of the same message keeps its Message-ID.
    let id = if queued.id.is_empty() { uuid::Uuid::new_v4().to_string() } else { queued.id.clone() };
    let list = list_headers(queued, &from);
    let mut builder =
        Message::builder().message_id(Some(message_id(&id, &from))).from(from).to(to).subject(&queued.subject);
    for (name, value) in list {
        builder = builder.raw_header(HeaderValue::new(HeaderName::new_from_ascii_str(name), value));
    }
    Ok(builder.multipart(
        MultiPart::alternative()
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(queued.text_body.clone()))
            .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(queued.html_body.clone())),
    )?)
}

/// Sends an HTTP API request; a refusal becomes a `ProviderRefused`.
async fn checked(request: reqwest::RequestBuilder) -> anyhow::Result<()> {
    let response = request.timeout(std::time::Duration::from_secs(20)).send().await?;
    let status = response.status();
    if !status.is_success() {
        let text = response.text().await.unwrap_or_default().chars().take(300).collect();
        return Err(ProviderRefused { status, text }.into());
    }
    Ok(())
}
