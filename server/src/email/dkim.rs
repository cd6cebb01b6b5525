//! DKIM signing of the mail this site sends itself (SMTP and files; SendGrid and Mailgun sign with the
//! keys set up in their own dashboards): an admin-only setting of the signing domain, the selector and
//! the RSA private key (PEM, PKCS#1 or PKCS#8; a secret, never sent back). The settings answer (routes.rs)
//! also gives the DNS record to publish, derived from the key.

use std::sync::Arc;

use base64::{engine::general_purpose::STANDARD, Engine};
use lettre::message::{
    dkim::{DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm, DkimSigningKey},
    header::HeaderName,
};
use rsa::{
    pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey},
    pkcs8::{DecodePrivateKey, EncodePublicKey},
    RsaPrivateKey,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{ErrorCode, Text},
    fields::FieldErrors,
    settings::{keep_for, mask, Editable, Stored},
};

pub(crate) const KEY_RULE: Text = Text::new(
    ErrorCode::NotAPrivateKey,
    "Paste an RSA private key in PEM form (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)",
);
pub(crate) const NAME_RULE: Text = Text::new(ErrorCode::NotADnsName, "Use letters, digits, dots and hyphens only");

/// All three empty: mail goes out unsigned. Each is required in a request (all three sent together).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DkimSettings {
    /// The signing domain (`d=`), normally the sender address's.
    pub domain: String,
    /// The selector (`s=`): the key's record is `<selector>._domainkey.<domain>`.
    pub selector: String,
    /// Secret: the RSA private key, PEM.
    pub private_key: String,
}

impl Stored for DkimSettings {
    const KEY: &'static str = "dkim";
    const SEALED: bool = true;
}

fn rsa_key(pem: &str) -> Option<RsaPrivateKey> {
    let pem = pem.trim();
    RsaPrivateKey::from_pkcs1_pem(pem).or_else(|_| RsaPrivateKey::from_pkcs8_pem(pem)).ok()
}

fn is_dns_name(value: &str) -> bool {
    !value.is_empty()
        && value
            .split('.')
            .all(|label| !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
}

impl DkimSettings {
    fn is_off(&self) -> bool {
        self.domain.trim().is_empty() && self.selector.trim().is_empty() && self.private_key.trim().is_empty()
    }

    /// The signing configuration; `None` when signing is off or the key does not read.
    pub fn signing(&self) -> Option<Arc<DkimConfig>> {
        let key = rsa_key(&self.private_key)?;
        let pkcs1 = key.to_pkcs1_pem(rsa::pkcs1::LineEnding::LF).ok()?;
        let signing_key = DkimSigningKey::new(&pkcs1, DkimSigningAlgorithm::Rsa).ok()?;
        // relaxed/relaxed: a relay that refolds a header or changes its spacing does not break it.
        let relaxed =
            DkimCanonicalization { header: DkimCanonicalizationType::Relaxed, body: DkimCanonicalizationType::Relaxed };
        let signed_headers = ["From", "To", "Subject", "Date", "Message-ID", "List-Unsubscribe"];
        let config = DkimConfig::new(
            self.selector.trim().to_owned(),
            self.domain.trim().to_owned(),
            signing_key,
            signed_headers.into_iter().map(HeaderName::new_from_ascii_str).collect(),
            relaxed,
        );
        Some(Arc::new(config))
    }

    /// The TXT record to publish: its name and value.
    fn dns_record(&self) -> Option<DnsRecord> {
        let public = rsa_key(&self.private_key)?.to_public_key().to_public_key_der().ok()?;
        Some(DnsRecord {
            name: format!("{}._domainkey.{}", self.selector.trim(), self.domain.trim()),
            value: format!("v=DKIM1; k=rsa; p={}", STANDARD.encode(public.as_bytes())),
        })
    }
}

impl Editable for DkimSettings {
    fn check(&self, errors: &mut FieldErrors) {
        if self.is_off() {
            return;
        }
        for (field, value) in [("domain", self.domain.trim()), ("selector", self.selector.trim())] {
            errors.required(field, value, 253);
            if !value.is_empty() && !is_dns_name(value) {
                errors.fail(field, NAME_RULE);
            }
        }
        errors.required("privateKey", &self.private_key, 10_000);
        if !self.private_key.trim().is_empty() && rsa_key(&self.private_key).is_none() {
            errors.fail("privateKey", KEY_RULE);
        }
    }

    fn for_browser(&self) -> Self {
        Self { private_key: mask(&self.private_key), ..self.clone() }
    }

    /// The stored key goes only with the domain and selector it was given for.
    fn keep_secrets(&mut self, stored: &Self) {
        let same = (self.domain.trim(), self.selector.trim()) == (stored.domain.trim(), stored.selector.trim());
        keep_for(same, &mut self.private_key, &stored.private_key);
    }
}

#[derive(Serialize, ToSchema)]
pub(crate) struct DnsRecord {
    name: String,
    value: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DkimView {
    /// The key masked.
    settings: DkimSettings,
    /// The TXT record to publish, while a key is set.
    dns_record: Option<DnsRecord>,
}

/// The settings as the admin sees them: the key masked, and the record its key asks for.
pub(super) fn view(settings: &DkimSettings) -> DkimView {
    DkimView { settings: settings.for_browser(), dns_record: settings.dns_record() }
}
