//! What the inbox shows of a message from its header alone (read with `TOP n 0`): sender, subject, date,
//! the receiving server's SPF, DKIM and DMARC results (RFC 8601), and whether it is marketing mail and why.

use mail_parser::{Message, MessageParser, MimeHeaders};
use serde::Serialize;
use utoipa::ToSchema;

/// One result of an authentication method (RFC 8601 §2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum AuthResult {
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
pub(crate) struct Verification {
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
pub(crate) enum Kind {
    Marketing,
    Other,
}

/// Why a message is marketing mail (or, for a delivery report, why it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailKindReason)]
pub(crate) enum Reason {
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
pub(crate) struct Classification {
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
pub(crate) struct Header<'x>(Message<'x>);

impl<'x> Header<'x> {
    pub(crate) fn parse(raw: &'x [u8]) -> Option<Self> {
        MessageParser::default().parse_headers(raw).map(Self)
    }

    /// `Name <address>`, or the address alone.
    pub(crate) fn from(&self) -> String {
        let Some(sender) = self.0.from().and_then(|from| from.first()) else { return String::new() };
        match (sender.name(), sender.address()) {
            (Some(name), Some(address)) => format!("{name} <{address}>"),
            (name, address) => address.or(name).unwrap_or_default().to_owned(),
        }
    }

    pub(crate) fn subject(&self) -> String {
        self.0.subject().unwrap_or_default().to_owned()
    }

    /// The Date header in milliseconds since 1970.
    pub(crate) fn date(&self) -> Option<i64> {
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
    pub(crate) fn verification(&self) -> Verification {
        let mut verification = self.raw("Authentication-Results").next().map(parse_results).unwrap_or_default();
        verification.signed = self.has("DKIM-Signature");
        verification
    }

    /// Whether this is a delivery status notification (a bounce).
    pub(crate) fn is_delivery_report(&self) -> bool {
        self.0.content_type().is_some_and(|content| {
            content.ctype().eq_ignore_ascii_case("multipart")
                && content.subtype().is_some_and(|sub| sub.eq_ignore_ascii_case("report"))
                && content.attribute("report-type").is_some_and(|kind| kind.eq_ignore_ascii_case("delivery-status"))
        })
    }

    /// Marketing or other, with the first sign found; `own_unsubscribe` starts this site's unsubscribe links.
    pub(crate) fn classification(&self, own_unsubscribe: &str) -> Classification {
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

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    const METHODS: [&str; 6] = ["spf", "dkim", "dmarc", "DKIM/1", "arc", "iprev"];
    const RESULTS: [&str; 10] =
        ["pass", "fail", "hardfail", "softfail", "neutral", "none", "temperror", "permerror", "policy", "bogus"];

    /// Text with comments nested to any depth (balanced), and what is left without them.
    fn commented() -> impl Strategy<Value = (String, String)> {
        let leaf = "[^()]{0,12}".prop_map(|text| (text.clone(), text));
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop::collection::vec((inner, any::<bool>()), 1..4).prop_map(|parts| {
                let mut text = String::new();
                let mut kept = String::new();
                for ((part, part_kept), in_comment) in parts {
                    if in_comment {
                        text += &format!("({part})");
                    } else {
                        text += &part;
                        kept += &part_kept;
                    }
                }
                (text, kept)
            })
        })
    }

    fn header_piece() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            prop::collection::vec(any::<u8>(), 0..40),
            prop::sample::select(vec![
                "Authentication-Results: mx.example; spf=pass; dkim=fail (x) header.d=a; dmarc=none\r\n",
                "Authentication-Results: ((((\r\n",
                "DKIM-Signature: v=1; d=a\r\n",
                "From: =?utf-8?b?w6k=?= <a@b.c>\r\n",
                "From: a, b, <c@d>\r\n",
                "Subject: =?iso-8859-1?q?=FF=FE?=\r\n",
                "Date: Mon, 1 Jan 2024 00:00:00 +0000\r\n",
                "Date: 99 Foo 99999999999 99:99:99\r\n",
                "Content-Type: multipart/report; report-type=delivery-status; boundary=x\r\n",
                "List-Unsubscribe: <https://x>\r\n",
                "Precedence: bulk\r\n",
                "X-SG-EID: 1\r\n",
                " folded\r\n",
                "\r\n",
            ])
            .prop_map(|piece| piece.as_bytes().to_vec()),
        ]
    }

    fn assert_bounded(raw: &[u8]) -> Result<(), TestCaseError> {
        let Some(header) = Header::parse(raw) else { return Ok(()) };
        // " <" and ">" around the address are the only characters not from the header.
        prop_assert!(header.from().chars().count() <= raw.len() + 3);
        prop_assert!(header.subject().chars().count() <= raw.len());
        let verification = header.verification();
        prop_assert!(verification.reported_by.is_none_or(|id| id.chars().count() <= raw.len()));
        header.date();
        header.classification("https://pointe.test/api/email/unsubscribe");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn without_comments_leaves_what_is_outside_balanced_parentheses((text, kept) in commented()) {
            prop_assert_eq!(without_comments(&text), kept);
        }

        #[test]
        fn without_comments_only_ever_removes_characters(text in "[(a) ]{0,40}|\\PC{0,80}") {
            let left = without_comments(&text);
            let mut rest = text.chars();
            // What is left is the text's characters in order, some left out.
            prop_assert!(left.chars().all(|c| rest.any(|t| t == c)));
            prop_assert!(!left.contains('('));
        }

        #[test]
        fn results_of_any_text_never_name_more_than_the_text_holds(value in "\\PC{0,200}|[a-z=;/() ]{0,200}") {
            let verification = parse_results(&value);
            if let Some(id) = &verification.reported_by {
                prop_assert!(id.chars().count() <= value.chars().count());
                prop_assert!(!id.is_empty() && !id.contains(char::is_whitespace));
            }
            prop_assert!(!verification.signed);
        }

        #[test]
        fn a_pass_wins_else_the_first_result_of_each_method_is_kept(
            results in prop::collection::vec(
                (prop::sample::select(METHODS.to_vec()), prop::sample::select(RESULTS.to_vec()), "[a-z.]{0,10}"),
                0..12
            ),
            server in "[a-z0-9.-]{1,30}",
        ) {
            let mut value = server.clone();
            for (method, result, property) in &results {
                value += &format!("; {method}={result} (a comment; with=fail) smtp.x={property}");
            }
            let verification = parse_results(&value);
            let verdict = |name: &str| {
                let read: Vec<AuthResult> = results
                    .iter()
                    .filter(|(method, _, _)| method.split('/').next().unwrap().eq_ignore_ascii_case(name))
                    .filter_map(|(_, result, _)| AuthResult::parse(result))
                    .collect();
                read.iter().copied().find(|result| *result == AuthResult::Pass).or(read.first().copied())
            };
            prop_assert_eq!(verification.spf, verdict("spf"));
            prop_assert_eq!(verification.dkim, verdict("dkim"));
            prop_assert_eq!(verification.dmarc, verdict("dmarc"));
            prop_assert_eq!(verification.reported_by, Some(server));
        }

        #[test]
        fn a_header_of_any_bytes_is_read_within_its_size(raw in prop::collection::vec(any::<u8>(), 0..4_000)) {
            assert_bounded(&raw)?;
        }

        #[test]
        fn a_header_of_mail_like_pieces_is_read_within_its_size(
            pieces in prop::collection::vec(header_piece(), 0..40)
        ) {
            assert_bounded(&pieces.concat())?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn large_results_and_deep_comments_are_read_in_one_pass(
            unit in "[a-z=;/() ]{1,40}",
            depth in 50_000..100_000usize,
        ) {
            let value = format!("{}{}{}", "(".repeat(depth), unit.repeat(200_000 / unit.len()), ")".repeat(depth));
            parse_results(&value);
            let left = without_comments(&value);
            prop_assert!(left.len() <= value.len());
        }

        #[test]
        fn a_large_header_is_read_within_its_size(pieces in prop::collection::vec(header_piece(), 1..20)) {
            let unit = pieces.concat();
            assert_bounded(&unit.repeat(200_000 / unit.len().max(1) + 1))?;
        }
    }
}
