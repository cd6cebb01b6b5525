//! The DKIM signatures of an opened message, checked by this server itself (mail-auth) rather than
//! taken from the receiving server's word; the public keys are looked up in DNS (`MAIL_DNS_SERVER`,
//! else the system's resolver), within the mailbox's usual wait.

use std::net::SocketAddr;

use mail_auth::{
    hickory_resolver::config::{NameServerConfigGroup, ResolverConfig, ResolverOpts},
    AuthenticatedMessage, DkimResult, MessageAuthenticator,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{headers::AuthResult, pop3::WAIT};

/// One signature's verdict.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DkimCheck)]
pub(crate) struct SignatureCheck {
    /// The signing domain (`d=`) and selector (`s=`).
    domain: String,
    selector: String,
    result: AuthResult,
    /// Why it did not pass.
    detail: Option<String>,
}

fn authenticator(dns: Option<SocketAddr>) -> Option<MessageAuthenticator> {
    let made = match dns {
        Some(server) => {
            let servers = NameServerConfigGroup::from_ips_clear(&[server.ip()], server.port(), true);
            MessageAuthenticator::new(ResolverConfig::from_parts(None, Vec::new(), servers), ResolverOpts::default())
        }
        None => MessageAuthenticator::new_system_conf(),
    };
    made.inspect_err(|err| tracing::warn!(error = %err, "no DNS resolver for DKIM checks")).ok()
}

/// Each DKIM signature of `raw` and whether it verifies; none when the message is unsigned.
pub(crate) async fn check(dns: Option<SocketAddr>, raw: &[u8]) -> Vec<SignatureCheck> {
    let Some(message) = AuthenticatedMessage::parse(raw) else { return Vec::new() };
    if message.dkim_headers.is_empty() {
        return Vec::new();
    }
    let Some(authenticator) = authenticator(dns) else { return Vec::new() };
    let Ok(outputs) = tokio::time::timeout(WAIT, authenticator.verify_dkim(&message)).await else {
        return vec![SignatureCheck {
            domain: String::new(),
            selector: String::new(),
            result: AuthResult::Temperror,
            detail: Some("the DNS lookups took too long".to_owned()),
        }];
    };
    outputs
        .iter()
        .map(|output| {
            let (result, detail) = match output.result() {
                DkimResult::Pass => (AuthResult::Pass, None),
                DkimResult::Neutral(err) => (AuthResult::Neutral, Some(err.to_string())),
                DkimResult::Fail(err) => (AuthResult::Fail, Some(err.to_string())),
                DkimResult::PermError(err) => (AuthResult::Permerror, Some(err.to_string())),
                DkimResult::TempError(err) => (AuthResult::Temperror, Some(err.to_string())),
                DkimResult::None => (AuthResult::None, None),
            };
            let (domain, selector) =
                output.signature().map(|signature| (signature.d.clone(), signature.s.clone())).unwrap_or_default();
            SignatureCheck { domain, selector, result, detail }
        })
        .collect()
}
