//! Bounces: a delivery status notification (RFC 3464) names each recipient it failed for, with a status
//! code and the remote server's words, and returns the original message (or its header), whose
//! Message-ID names the campaign recipient. A permanent failure (status 5.x.x) is a hard bounce.

use mail_parser::{MessageParser, MimeHeaders, PartType};

#[derive(Debug, PartialEq)]
pub struct Bounce {
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
    pub fn is_hard(&self) -> bool {
        self.status.starts_with('5')
    }
}

/// Every failed recipient of a delivery report; none for any other message. Delayed and delivered
/// notices are not failures.
pub fn read(raw: &[u8]) -> Vec<Bounce> {
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

    pub const REPORT: &str = "From: Mail Delivery System <MAILER-DAEMON@mx.pointe.test>\r\n\
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
