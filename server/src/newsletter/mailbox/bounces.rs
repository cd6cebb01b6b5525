//! Bounces: a delivery status notification (RFC 3464) names each recipient it failed for, with a status
//! code and the remote server's words, and returns the original message (or its header), whose
//! Message-ID names the campaign recipient. A permanent failure (status 5.x.x) is a hard bounce.

use mail_parser::{MessageParser, MimeHeaders, PartType};

#[derive(Debug, PartialEq)]
pub(crate) struct Bounce {
    /// The failed address (`Final-Recipient`, without its `rfc822;` type).
    pub recipient: String,
    /// The enhanced status code, e.g. `5.1.1`.
    pub status: String,
    /// The remote server's answer, else the status.
    pub reason: String,
    /// The original message's Message-ID, without angle brackets.
    pub message_id: Option<String>,
}

impl Bounce {
    /// A 5.x.x status: the address will not work (a 4.x.x failure may, later).
    pub(crate) fn is_hard(&self) -> bool {
        self.status.starts_with('5')
    }
}

/// Every failed recipient of a delivery report; none for any other message. Delayed and delivered
/// notices are not failures.
pub(crate) fn read(raw: &[u8]) -> Vec<Bounce> {
    let Some(message) = MessageParser::default().parse(raw) else { return Vec::new() };
    let is_part = |part: &mail_parser::MessagePart, ctype: &str, subtype: &str| {
        part.content_type().is_some_and(|content| {
            content.ctype().eq_ignore_ascii_case(ctype)
                && content.subtype().is_some_and(|sub| sub.eq_ignore_ascii_case(subtype))
        })
    };
    let Some(status) = message.parts.iter().find(|part| is_part(part, "message", "delivery-status")) else {
        return Vec::new();
    };
    let message_id = message.parts.iter().find_map(|part| match &part.body {
        PartType::Message(original) => original.message_id().map(str::to_owned),
        _ if is_part(part, "text", "rfc822-headers") => {
            MessageParser::default().parse_headers(part.contents())?.message_id().map(str::to_owned)
        }
        _ => None,
    });
    let text = String::from_utf8_lossy(status.contents());
    // The first group of fields is about the whole message; each one after it about one recipient.
    groups(&text)
        .iter()
        .skip(1)
        .filter(|fields| field(fields, "Action").is_some_and(|action| action.eq_ignore_ascii_case("failed")))
        .filter_map(|fields| {
            let recipient = field(fields, "Final-Recipient").or_else(|| field(fields, "Original-Recipient"))?;
            let recipient = recipient.split_once(';').map_or(recipient, |(_, address)| address).trim().to_owned();
            let status = field(fields, "Status").unwrap_or("5.0.0").split_whitespace().next()?.to_owned();
            let reason = field(fields, "Diagnostic-Code")
                .map(|code| code.split_once(';').map_or(code, |(_, words)| words).trim().to_owned())
                .unwrap_or_else(|| status.clone());
            Some(Bounce { recipient, status, reason, message_id: message_id.clone() })
        })
        .collect()
}

/// The blank-line separated groups of `Name: value` fields, continuation lines joined.
fn groups(text: &str) -> Vec<Vec<(String, String)>> {
    text.replace("\r\n", "\n")
        .split("\n\n")
        .map(|group| {
            let mut fields: Vec<(String, String)> = Vec::new();
            for line in group.lines() {
                match (line.starts_with([' ', '\t']), fields.last_mut()) {
                    (true, Some((_, value))) => {
                        value.push(' ');
                        value.push_str(line.trim());
                    }
                    _ => {
                        if let Some((name, value)) = line.split_once(':') {
                            fields.push((name.trim().to_owned(), value.trim().to_owned()));
                        }
                    }
                }
            }
            fields
        })
        .filter(|fields| !fields.is_empty())
        .collect()
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const REPORT: &str = "From: Mail Delivery System <MAILER-DAEMON@mx.pointe.test>\r\n\
        Subject: Undelivered Mail Returned to Sender\r\n\
        MIME-Version: 1.0\r\n\
        Content-Type: multipart/report; report-type=delivery-status; boundary=\"b1\"\r\n\r\n\
        --b1\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you...\r\n\r\n\
        --b1\r\nContent-Type: message/delivery-status\r\n\r\n\
        Reporting-MTA: dns; mx.pointe.test\r\n\r\n\
        Final-Recipient: rfc822; gone@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n\
        Diagnostic-Code: smtp; 550 5.1.1 <gone@example.org>: Recipient address rejected:\r\n  User unknown\r\n\r\n\
        Final-Recipient: rfc822; later@example.org\r\nAction: delayed\r\nStatus: 4.4.1\r\n\r\n\
        --b1\r\nContent-Type: text/rfc822-headers\r\n\r\n\
        Message-ID: <abc-123@pointe.test>\r\nSubject: News\r\n\r\n\
        --b1--\r\n";

    #[test]
    fn reads_each_failed_recipient_and_the_original_message() {
        let bounces = read(REPORT.as_bytes());
        assert_eq!(
            bounces,
            vec![Bounce {
                recipient: "gone@example.org".into(),
                status: "5.1.1".into(),
                reason: "550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown".into(),
                message_id: Some("abc-123@pointe.test".into()),
            }]
        );
        assert!(bounces[0].is_hard());
    }

    #[test]
    fn other_mail_is_no_bounce() {
        assert!(read(b"Subject: hello\r\n\r\nbody\r\n").is_empty());
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// One recipient's group of a generated report, and the bounce it should give.
    #[derive(Clone, Debug)]
    struct Recipient {
        address: String,
        action: &'static str,
        status: String,
        /// The remote server's words, each a line of the Diagnostic-Code (folded).
        diagnostic: Vec<String>,
        /// Named by Original-Recipient instead of Final-Recipient.
        original: bool,
    }

    impl Recipient {
        fn group(&self, newline: &str) -> String {
            let name = if self.original { "Original-Recipient" } else { "final-recipient" };
            let mut group = format!("{name}: rfc822; {}{newline}Action: {}{newline}", self.address, self.action);
            group += &format!("STATUS: {}{newline}", self.status);
            if let Some((first, rest)) = self.diagnostic.split_first() {
                group += &format!("Diagnostic-Code: smtp; {first}{newline}");
                for line in rest {
                    group += &format!("\t{line}{newline}");
                }
            }
            group
        }

        fn bounce(&self, message_id: &str) -> Option<Bounce> {
            self.action.eq_ignore_ascii_case("failed").then(|| Bounce {
                recipient: self.address.clone(),
                status: self.status.clone(),
                reason: if self.diagnostic.is_empty() { self.status.clone() } else { self.diagnostic.join(" ") },
                message_id: Some(message_id.to_owned()),
            })
        }
    }

    fn recipient() -> impl Strategy<Value = Recipient> {
        (
            "[a-z0-9._+-]{1,20}@[a-z0-9-]{1,15}\\.[a-z]{2,6}",
            prop::sample::select(vec!["failed", "FAILED", "delayed", "delivered", "relayed", "expanded"]),
            "[245]\\.[0-9]{1,3}\\.[0-9]{1,3}",
            prop::collection::vec("[!-:<-~][ !-:<-~]{0,60}[!-:<-~]", 0..4),
            any::<bool>(),
        )
            .prop_map(|(address, action, status, diagnostic, original)| Recipient {
                address,
                action,
                status,
                diagnostic,
                original,
            })
    }

    /// A multipart/report with these recipients' groups and the original message's header.
    fn report(recipients: &[Recipient], message_id: &str, newline: &str) -> String {
        let groups: Vec<String> = recipients.iter().map(|recipient| recipient.group(newline)).collect();
        [
            "From: MAILER-DAEMON@mx.pointe.test",
            "Subject: Undelivered Mail",
            "MIME-Version: 1.0",
            "Content-Type: multipart/report; report-type=delivery-status; boundary=\"=b=\"",
            "",
            "--=b=",
            "Content-Type: text/plain",
            "",
            "The mail could not be delivered.",
            "",
            "--=b=",
            "Content-Type: message/delivery-status",
            "",
            "Reporting-MTA: dns; mx.pointe.test",
            "",
            &groups.join(newline),
            "--=b=",
            "Content-Type: text/rfc822-headers",
            "",
            &format!("Message-ID: <{message_id}>"),
            "Subject: News",
            "",
            "--=b=--",
            "",
        ]
        .join(newline)
    }

    /// Pieces of a report, to put together in any order: arbitrary bytes rarely reach past the header.
    fn report_piece() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            prop::collection::vec(any::<u8>(), 0..40),
            prop::sample::select(vec![
                "Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n",
                "Content-Type: message/delivery-status\r\n",
                "Content-Type: text/rfc822-headers\r\n",
                "Content-Type: message/rfc822\r\n",
                "Content-Transfer-Encoding: base64\r\n",
                "Content-Transfer-Encoding: quoted-printable\r\n",
                "Content-Type: message/delivery-status; charset=utf-16\r\n",
                "\r\n--b\r\n",
                "\r\n--b--\r\n",
                "\r\n\r\n",
                "\n\n",
                "Final-Recipient: rfc822; a@b.c\r\n",
                "Original-Recipient: x\r\n",
                "Action: failed\r\n",
                "Status: 5.1.1\r\n",
                "Status:\r\n",
                "Diagnostic-Code: smtp; 550 no\r\n",
                "  folded;\r\n",
                "Message-ID: <m@x>\r\n",
                "=?utf-8?b?w6k=?=",
                "=FF=\r\n",
            ])
            .prop_map(|piece| piece.as_bytes().to_vec()),
        ]
    }

    /// Bytes with no field in them (no colon): a line break, a boundary, a fold or anything else.
    fn noise() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            prop::collection::vec(any::<u8>().prop_filter("no field", |b| *b != b':'), 0..40),
            prop::sample::select(vec!["\r\n", "\r\n\r\n", "\n\n", "  folded\r\n", "\r\n--=b=\r\n", "\r\n--=b=--\r\n"])
                .prop_map(|piece| piece.as_bytes().to_vec()),
        ]
    }

    /// Each bounce needs at least `Action:failed`, a line break, `Final-Recipient:` and a group's
    /// break: a report cannot name more bounces than its size holds, nor a field longer than it.
    fn assert_bounded(raw: &[u8], bounces: &[Bounce]) -> Result<(), TestCaseError> {
        prop_assert!(bounces.len() * 30 <= raw.len(), "{} bounces from {} bytes", bounces.len(), raw.len());
        for bounce in bounces {
            for field in [&bounce.recipient, &bounce.status, &bounce.reason] {
                prop_assert!(field.chars().count() <= raw.len());
            }
            prop_assert!(bounce.message_id.as_ref().is_none_or(|id| id.chars().count() <= raw.len()));
            prop_assert!(!bounce.status.is_empty() && !bounce.status.contains(char::is_whitespace));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_bytes_give_no_more_bounces_than_they_can_hold(raw in prop::collection::vec(any::<u8>(), 0..4_000)) {
            assert_bounded(&raw, &read(&raw))?;
        }

        #[test]
        fn pieces_of_reports_in_any_order_give_no_more_bounces_than_they_can_hold(
            pieces in prop::collection::vec(report_piece(), 0..60)
        ) {
            let raw = pieces.concat();
            assert_bounded(&raw, &read(&raw))?;
        }

        #[test]
        fn a_report_names_every_failed_recipient_and_no_other(
            recipients in prop::collection::vec(recipient(), 0..12),
            message_id in "[a-z0-9.-]{1,30}@[a-z0-9.-]{1,20}",
            crlf in any::<bool>(),
        ) {
            let raw = report(&recipients, &message_id, if crlf { "\r\n" } else { "\n" });
            let bounces = read(raw.as_bytes());
            let expected: Vec<Bounce> =
                recipients.iter().filter_map(|recipient| recipient.bounce(&message_id)).collect();
            prop_assert_eq!(&bounces, &expected);
            prop_assert!(bounces.len() <= recipients.len());
            assert_bounded(raw.as_bytes(), &bounces)?;
        }

        #[test]
        fn a_report_never_names_more_bounces_than_it_has_failed_groups(
            recipients in prop::collection::vec(recipient(), 0..12),
            noise in prop::collection::vec(noise(), 0..8),
        ) {
            // Noise without fields in the delivery status can cut it short, never add a bounce.
            let raw = report(&recipients, "m@pointe.test", "\r\n");
            let at = raw.find("Reporting-MTA").unwrap();
            let mut noisy = raw.as_bytes()[..at].to_vec();
            noisy.extend(noise.concat());
            noisy.extend_from_slice(&raw.as_bytes()[at..]);
            let bounces = read(&noisy);
            let expected: Vec<Bounce> =
                recipients.iter().filter_map(|recipient| recipient.bounce("m@pointe.test")).collect();
            prop_assert!(bounces.len() <= expected.len());
            prop_assert_eq!(&bounces[..], &expected[..bounces.len()]);
            assert_bounded(&noisy, &bounces)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_report_names_each_of_its_thousands_of_failed_recipients(
            recipient in recipient(),
            count in 2_000..4_000usize,
        ) {
            let recipient = Recipient { action: "failed", ..recipient };
            let raw = report(&vec![recipient; count], "m@pointe.test", "\r\n");
            prop_assert!(raw.len() > 100_000);
            prop_assert_eq!(read(raw.as_bytes()).len(), count);
        }

        #[test]
        fn large_noise_gives_no_more_bounces_than_it_can_hold(pieces in prop::collection::vec(report_piece(), 1..20)) {
            let unit = pieces.concat();
            let raw = unit.repeat(200_000 / unit.len().max(1) + 1);
            assert_bounded(&raw, &read(&raw))?;
        }
    }
}
