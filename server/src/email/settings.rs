//! The e-mail provider (spec §3 "Email provider options"): how the outbox delivers. SMTP, POP3 (the
//! SMTP server of the host whose mailbox the POP3 screen reads) and "others" (any SMTP relay) send
//! over SMTP; SES over its SMTP interface; SendGrid and Mailgun over their HTTP APIs. Until an admin
//! saves one, the environment's `MAIL_TRANSPORT` applies. Secrets are never sent back in full
//! (the admin's calls are routes.rs).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{ErrorCode, Text},
    fields::{self, FieldErrors},
    settings::{keep, keep_for, mask, Editable, Stored},
};

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = EmailProvider)]
pub enum Provider {
    #[default]
    Smtp,
    Sendgrid,
    Mailgun,
    Ses,
    Pop3,
    Others,
}

/// From the weakest to the strongest (the order `keep_secrets` compares).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    None,
    #[default]
    Starttls,
    Tls,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub username: String,
    /// Secret.
    pub password: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendgridSettings {
    /// Secret.
    pub api_key: String,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MailgunRegion {
    #[default]
    Us,
    Eu,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MailgunSettings {
    pub domain: String,
    pub region: MailgunRegion,
    /// Secret.
    pub api_key: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SesSettings {
    /// e.g. eu-west-1
    pub region: String,
    /// SES SMTP credentials.
    pub username: String,
    /// Secret.
    pub password: String,
}

/// Every provider's fields are kept, so switching back and forth loses nothing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EmailSettings {
    pub provider: Provider,
    /// `address` or `Name <address>`.
    pub from_address: String,
    pub smtp: SmtpSettings,
    pub sendgrid: SendgridSettings,
    pub mailgun: MailgunSettings,
    pub ses: SesSettings,
}

const SES_REGION: Text = Text::new(ErrorCode::NotASesRegion, "Enter a region such as eu-west-1");
pub(crate) const FROM_RULE: Text = Text::new(ErrorCode::NotAFromAddress, "Enter an address, or a name and <address>");

impl Stored for Option<EmailSettings> {
    const KEY: &'static str = "email";
    const SEALED: bool = true;
}

impl Editable for Option<EmailSettings> {
    fn check(&self, errors: &mut FieldErrors) {
        let Some(settings) = self else { return };
        errors.required("fromAddress", &settings.from_address, 200);
        if !settings.from_address.trim().is_empty()
            && settings.from_address.parse::<lettre::message::Mailbox>().is_err()
        {
            errors.fail("fromAddress", FROM_RULE);
        }
        match settings.provider {
            Provider::Smtp | Provider::Pop3 | Provider::Others => {
                errors.required("smtp.host", &settings.smtp.host, 253);
                if settings.smtp.port == 0 {
                    errors.fail("smtp.port", fields::out_of_range(1, 65535));
                }
                errors.max_len("smtp.username", &settings.smtp.username, 200);
            }
            Provider::Sendgrid => errors.required("sendgrid.apiKey", &settings.sendgrid.api_key, 500),
            Provider::Mailgun => {
                errors.required("mailgun.domain", &settings.mailgun.domain, 253);
                errors.required("mailgun.apiKey", &settings.mailgun.api_key, 500);
            }
            Provider::Ses => {
                let region = settings.ses.region.trim();
                errors.required("ses.region", region, 40);
                if !region.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
                    errors.fail("ses.region", SES_REGION);
                }
                errors.required("ses.username", &settings.ses.username, 200);
                errors.required("ses.password", &settings.ses.password, 500);
            }
        }
    }

    fn for_browser(&self) -> Self {
        self.clone().map(|mut settings| {
            settings.smtp.password = mask(&settings.smtp.password);
            settings.sendgrid.api_key = mask(&settings.sendgrid.api_key);
            settings.mailgun.api_key = mask(&settings.mailgun.api_key);
            settings.ses.password = mask(&settings.ses.password);
            settings
        })
    }

    fn servers(&self) -> Vec<(&'static str, &str)> {
        match self {
            Some(settings) if matches!(settings.provider, Provider::Smtp | Provider::Pop3 | Provider::Others) => {
                vec![("smtp.host", settings.smtp.host.trim())]
            }
            _ => Vec::new(),
        }
    }

    /// A stored secret is kept only for the server it was given for: with a new host, domain, region or
    /// user name the mask counts as blank, so an admin cannot send a stored password to a server of
    /// their choosing; nor over a weaker connection (an SMTP password sent in clear after TLS).
    fn keep_secrets(&mut self, stored: &Self) {
        let (Some(sent), Some(stored)) = (self.as_mut(), stored) else { return };
        let smtp_same = (&sent.smtp.host, &sent.smtp.username) == (&stored.smtp.host, &stored.smtp.username)
            && sent.smtp.security >= stored.smtp.security;
        keep_for(smtp_same, &mut sent.smtp.password, &stored.smtp.password);
        keep(&mut sent.sendgrid.api_key, &stored.sendgrid.api_key);
        let mailgun_same =
            (&sent.mailgun.domain, sent.mailgun.region) == (&stored.mailgun.domain, stored.mailgun.region);
        keep_for(mailgun_same, &mut sent.mailgun.api_key, &stored.mailgun.api_key);
        let ses_same = (&sent.ses.region, &sent.ses.username) == (&stored.ses.region, &stored.ses.username);
        keep_for(ses_same, &mut sent.ses.password, &stored.ses.password);
    }
}
