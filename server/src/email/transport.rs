//! Where delivered mail goes: an SMTP server, or `.eml` files in a folder (the zero-set-up default).

use anyhow::Context;
use lettre::{
    message::{header::ContentType, MultiPart, SinglePart},
    transport::smtp::authentication::Credentials,
    AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use super::outbox::Queued;
use crate::config::{MailConfig, MailTransport, SmtpTls};

#[derive(Clone)]
pub enum Transport {
    File(AsyncFileTransport<Tokio1Executor>, std::path::PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Transport {
    pub fn from_config(config: &MailConfig) -> anyhow::Result<Self> {
        Ok(match &config.transport {
            MailTransport::File(dir) => {
                std::fs::create_dir_all(dir).with_context(|| format!("cannot create the mail folder {}", dir.display()))?;
                Self::File(AsyncFileTransport::new(dir), dir.clone())
            }
            MailTransport::Smtp(smtp) => {
                let mut builder = match smtp.tls {
                    SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host),
                    SmtpTls::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)?,
                    SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host)?,
                }
                .port(smtp.port)
                .timeout(Some(std::time::Duration::from_secs(20)));
                if let Some((user, password)) = &smtp.credentials {
                    builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
                }
                Self::Smtp(builder.build())
            }
        })
    }

    pub async fn send(&self, from: &str, queued: &Queued) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(from.parse().context("MAIL_FROM is not an address")?)
            .to(queued.recipient.parse().context("the recipient is not an address")?)
            .subject(&queued.subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(queued.text_body.clone()))
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(queued.html_body.clone())),
            )?;
        match self {
            Self::File(files, dir) => {
                let id = files.send(message).await?;
                tracing::info!(to = %queued.recipient, file = %dir.join(format!("{id}.eml")).display(), "e-mail written");
            }
            Self::Smtp(smtp) => {
                smtp.send(message).await?;
            }
        }
        Ok(())
    }
}
