//! What the inbox shows of a message from its header alone (read with `TOP n 0`): sender, subject, date,
//! the receiving server's SPF, DKIM and DMARC results (RFC 8601), and whether it is marketing mail and why.

use mail_parser::{Message, MessageParser, MimeHeaders};
use serde::Serialize;
use utoipa::ToSchema;

/// One result of an authentication method (RFC 8601 §2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuthResult {
    Pass,
    Fail,
    Softfail,
    Neutral,
    None,
    Temperror,
    Permerror,
    Policy,
}

impl AuthResult {
    fn parse(word: &str) -> Option<Self> {
        Some(match word.to_ascii_lowercase().as_str() {
            "pass" => Self::Pass,
            "fail" | "hardfail" => Self::Fail,
            "softfail" => Self::Softfail,
            "neutral" => Self::Neutral,
            "none" => Self::None,
            "temperror" => Self::Temperror,
            "permerror" => Self::Permerror,
            "policy" => Self::Policy,
            _ => return None,
        })
    }
}

/// The receiving server's verdicts; `null` for a method it did not report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailVerification)]
pub struct Verification {
    pub spf: Option<AuthResult>,
    pub dkim: Option<AuthResult>,
    pub dmarc: Option<AuthResult>,
    /// The host that wrote the results (the authserv-id).
    pub reported_by: Option<String>,
    /// The message carries a DKIM signature.
    pub signed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailKind)]
pub enum Kind {
    Marketing,
    Other,
}

/// Why a message is marketing mail (or, for a delivery report, why it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailKindReason)]
pub enum Reason {
    /// Sent by this site's own campaigns (its unsubscribe link).
    OwnCampaign,
    ListUnsubscribe,
    ListId,
    PrecedenceBulk,
    /// A bulk sending service's own header; `service` names it.
    SendingService,
    /// A delivery status notification (RFC 3464): a bounce.
    DeliveryReport,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailClassification)]
pub struct Classification {
    pub kind: Kind,
    pub reason: Option<Reason>,
    pub service: Option<String>,
}

/// A header every message of these services carries, and the service's name.
const SENDING_SERVICES: &[(&str, &str)] = &[
    ("x-mailgun-sid", "Mailgun"),
    ("x-sg-eid", "SendGrid"),
    ("x-ses-outgoing", "Amazon SES"),
    ("x-mc-user", "Mailchimp"),
    ("x-mandrill-user", "Mandrill"),
    ("x-campaignid", "Campaign Monitor"),
    ("x-sib-id", "Brevo"),
    ("x-pm-message-id", "Postmark"),
    ("x-listmonk-campaign", "listmonk"),
];

/// The header of one message, parsed.
pub struct Header<'x>(Message<'x>);

impl<'x> Header<'x> {
    pub fn parse(raw: &'x [u8]) -> Option<Self> {
        MessageParser::default().parse_headers(raw).map(Self)
    }

    /// `Name <address>`, or the address alone.
    pub fn from(&self) -> String {
        let Some(sender) = self.0.from().and_then(|from| from.first()) else { return String::new() };
        match (sender.name(), sender.address()) {
            (Some(name), Some(address)) => format!("{name} <{address}>"),
            (name, address) => address.or(name).unwrap_or_default().to_owned(),
        }
    }

    pub fn subject(&self) -> String {
        self.0.subject().unwrap_or_default().to_owned()
    }

    /// The Date header in milliseconds since 1970.
    pub fn date(&self) -> Option<i64> {
        self.0.date().map(|date| date.to_timestamp() * 1000)
    }

    fn raw(&self, name: &str) -> impl Iterator<Item = &str> {
        let name = name.to_owned();
        self.0
            .headers_raw()
            .filter(move |(header, _)| header.eq_ignore_ascii_case(&name))
            .map(|(_, value)| value.trim())
    }

    fn has(&self, name: &str) -> bool {
        self.raw(name).next().is_some()
    }

    /// The topmost `Authentication-Results`: the one the receiving server added last. Lower ones may
    /// come from anyone on the way, the sender included, so they are not read.
    pub fn verification(&self) -> Verification {
        let mut verification = self.raw("Authentication-Results").next().map(parse_results).unwrap_or_default();
        verification.signed = self.has("DKIM-Signature");
        verification
    }

    /// Whether this is a delivery status notification (a bounce).
    pub fn is_delivery_report(&self) -> bool {
        self.0.content_type().is_some_and(|content| {
            content.ctype().eq_ignore_ascii_case("multipart")
                && content.subtype().is_some_and(|sub| sub.eq_ignore_ascii_case("report"))
                && content.attribute("report-type").is_some_and(|kind| kind.eq_ignore_ascii_case("delivery-status"))
        })
    }

    /// Marketing or other, with the first sign found; `own_unsubscribe` starts this site's unsubscribe links.
    pub fn classification(&self, own_unsubscribe: &str) -> Classification {
        let marketing = |reason, service: Option<&str>| Classification {
            kind: Kind::Marketing,
            reason: Some(reason),
            service: service.map(str::to_owned),
        };
        if self.is_delivery_report() {
            return Classification { kind: Kind::Other, reason: Some(Reason::DeliveryReport), service: None };
        }
        if let Some(unsubscribe) = self.raw("List-Unsubscribe").next() {
            let reason =
                if unsubscribe.contains(own_unsubscribe) { Reason::OwnCampaign } else { Reason::ListUnsubscribe };
            return marketing(reason, None);
        }
        if self.has("List-Id") {
            return marketing(Reason::ListId, None);
        }
        if self.raw("Precedence").any(|value| ["bulk", "list", "junk"].contains(&value.to_ascii_lowercase().as_str())) {
            return marketing(Reason::PrecedenceBulk, None);
        }
        if let Some((_, service)) = SENDING_SERVICES.iter().find(|(header, _)| self.has(header)) {
            return marketing(Reason::SendingService, Some(service));
        }
        Classification { kind: Kind::Other, reason: None, service: None }
    }
}

/// `mx.example.org; spf=pass smtp.mailfrom=…; dkim=pass (good signature) header.d=…; dmarc=fail`. With
/// several results for one method (two DKIM signatures) a pass wins, else the first is kept.
fn parse_results(value: &str) -> Verification {
    let value = without_comments(value);
    let mut parts = value.split(';');
    let reported_by = parts.next().and_then(|id| id.split_whitespace().next()).map(str::to_owned);
    let mut verification = Verification { reported_by, ..Default::default() };
    for part in parts {
        let Some((method, result)) = part.split_whitespace().next().and_then(|first| first.split_once('=')) else {
            continue;
        };
        let Some(result) = AuthResult::parse(result) else { continue };
        let slot = match method.split('/').next().unwrap_or(method).to_ascii_lowercase().as_str() {
            "spf" => &mut verification.spf,
            "dkim" => &mut verification.dkim,
            "dmarc" => &mut verification.dmarc,
            _ => continue,
        };
        if slot.is_none() || result == AuthResult::Pass {
            *slot = Some(result);
        }
    }
    verification
}

/// The text without its (possibly nested) parenthesised comments.
fn without_comments(value: &str) -> String {
    let mut depth = 0usize;
    value
        .chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' if depth > 0 => {
                    depth -= 1;
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(raw: &str) -> Header<'_> {
        Header::parse(raw.as_bytes()).unwrap()
    }

    #[test]
    fn reads_the_receiving_servers_results_not_the_senders() {
        let raw = "Authentication-Results: mx.pointe.test; spf=pass smtp.mailfrom=news.example;\r\n \
                   dkim=fail (bad sig) header.d=a.example; dkim=pass header.d=news.example; dmarc=pass (p=none)\r\n\
                   Authentication-Results: forged.example; spf=fail; dkim=fail; dmarc=fail\r\n\
                   DKIM-Signature: v=1; a=rsa-sha256; d=news.example; s=sel; b=abc\r\n\
                   From: News <news@news.example>\r\nSubject: Hello\r\n\r\n";
        let verification = header(raw).verification();
        assert_eq!(verification.spf, Some(AuthResult::Pass));
        assert_eq!(verification.dkim, Some(AuthResult::Pass), "one passing signature is enough");
        assert_eq!(verification.dmarc, Some(AuthResult::Pass));
        assert_eq!(verification.reported_by.as_deref(), Some("mx.pointe.test"));
        assert!(verification.signed);
        assert_eq!(header(raw).from(), "News <news@news.example>");
    }

    #[test]
    fn unreported_methods_stay_absent() {
        let verification = header("Authentication-Results: mx.example; none\r\nSubject: x\r\n\r\n").verification();
        assert_eq!(verification, Verification { reported_by: Some("mx.example".into()), ..Default::default() });
        assert_eq!(header("Subject: x\r\n\r\n").verification(), Verification::default());
    }

    #[test]
    fn names_the_sign_of_marketing_mail() {
        let own = "http://pointe.test/api/email/unsubscribe";
        let reason = |raw: &str| header(raw).classification(own);
        assert_eq!(reason("Subject: hi\r\n\r\n").kind, Kind::Other);
        let ours = reason("List-Unsubscribe: <http://pointe.test/api/email/unsubscribe?token=a.b>\r\n\r\n");
        assert_eq!(ours.reason, Some(Reason::OwnCampaign));
        assert_eq!(reason("List-Unsubscribe: <https://shop.example/u>\r\n\r\n").reason, Some(Reason::ListUnsubscribe));
        assert_eq!(reason("List-Id: <news.shop.example>\r\n\r\n").reason, Some(Reason::ListId));
        assert_eq!(reason("Precedence: Bulk\r\n\r\n").reason, Some(Reason::PrecedenceBulk));
        let service = reason("X-SG-EID: abc\r\n\r\n");
        assert_eq!((service.kind, service.service.as_deref()), (Kind::Marketing, Some("SendGrid")));
        let report = reason("Content-Type: multipart/report; report-type=delivery-status; boundary=x\r\n\r\n");
        assert_eq!((report.kind, report.reason), (Kind::Other, Some(Reason::DeliveryReport)));
    }
}
