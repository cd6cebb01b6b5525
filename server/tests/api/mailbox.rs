//! POP3 mailbox verification against a real Dovecot: the connection test's answer for a good mailbox
//! and for each kind of failure, the inbox's authentication results and classification of prepared
//! messages (a signed one, a bulk one, a personal one, a bounce for a campaign message), the bounce
//! marking its campaign recipient and suppressing the address, opening and deleting a message, and the
//! screen being the admin's alone.

use crate::campaigns::{act, audience, call, create, draft, member, template};
use crate::common::{
    assert_error_code, assert_field_error,
    dns::Dnsmasq,
    dovecot::{Dovecot, PASSWORD},
    each_backend_with, TestApp,
};
use crate::email_delivery::{free_port, smtp_settings, transport, SmtpServer};
use axum::http::{Method, StatusCode};
use mailparse::MailHeaderMap;
use pointe_server::testing::{
    newsletter::{check_mailbox, send_campaigns},
    Role,
};
use serde_json::{json, Value};

fn mailbox(host: &str, port: u16, security: &str, username: &str, password: &str) -> Value {
    json!({ "host": host, "port": port, "security": security, "username": username, "password": password, "checkEveryMinutes": 10 })
}

async fn test_connection(app: &TestApp, admin: &str, settings: &Value) -> Value {
    let tested = call(app, Method::POST, "/api/admin/email/pop3/test", admin, settings).await;
    assert_eq!(tested.status, StatusCode::OK, "{}", tested.text());
    tested.json()
}

/// The prepared messages (the end-to-end spec uses them too): one a sender signed, with the receiving
/// server's results all passing and HTML with what the server removes; a bulk one whose DMARC failed; a
/// person's, with no results reported.
const SIGNED: &str = include_str!("../mail/signed.eml");
const BULK: &str = include_str!("../mail/bulk.eml");
const PERSONAL: &str = include_str!("../mail/personal.eml");

/// A delivery report for the campaign message `message_id` sent to `to`.
fn bounce(to: &str, message_id: &str) -> String {
    format!(
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
To: no-reply@pointe.test
Subject: Undelivered Mail Returned to Sender
Date: Thu, 26 Nov 2026 08:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary=\"report\"

--report
Content-Type: text/plain

Your message could not be delivered.

--report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; {to}
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <{to}>: Recipient address rejected: User unknown

--report
Content-Type: text/rfc822-headers

Message-ID: {message_id}
Subject: Spring

--report--
"
    )
}

#[tokio::test]
async fn the_connection_test_counts_the_messages_or_names_the_failure() {
    let dovecot = Dovecot::start(&["box"]);
    dovecot.deliver("box", PERSONAL);
    let ca = dovecot.ca_file().display().to_string();
    each_backend_with(&[("MAIL_CA_FILE", &ca)], async |app| {
        let admin = app.signed_in_admin("odette").await;
        let (plain, tls) = (dovecot.plain_port, dovecot.tls_port);
        let good = test_connection(app, &admin, &mailbox("127.0.0.1", tls, "tls", "box", PASSWORD)).await;
        assert_eq!(good, json!({ "connected": true, "messages": 1, "failure": null, "detail": null }));
        let starttls = test_connection(app, &admin, &mailbox("127.0.0.1", plain, "starttls", "box", PASSWORD)).await;
        assert_eq!(starttls["messages"], 1, "{starttls}");

        let failure = async |settings: Value| test_connection(app, &admin, &settings).await["failure"].clone();
        assert_eq!(failure(mailbox("127.0.0.1", tls, "tls", "box", "wrong")).await, "credentials");
        assert_eq!(failure(mailbox("127.0.0.1", free_port(), "none", "box", PASSWORD)).await, "refused");
        assert_eq!(failure(mailbox("pop3.nowhere.invalid", tls, "tls", "box", PASSWORD)).await, "nameNotFound");
        // A certificate for 127.0.0.1 is not one for "localhost"; plain POP3 is not TLS.
        assert_eq!(failure(mailbox("localhost", tls, "tls", "box", PASSWORD)).await, "tls");
        assert_eq!(failure(mailbox("127.0.0.1", plain, "tls", "box", PASSWORD)).await, "tls");

        let unsaved =
            call(app, Method::POST, "/api/admin/email/pop3/test", &admin, &mailbox("", 995, "tls", "box", PASSWORD))
                .await;
        assert_field_error(&unsaved, StatusCode::BAD_REQUEST, "host", "This field is required");

        // Saved, the password comes back masked, and the mask tests the stored one.
        let saved =
            call(app, Method::PUT, "/api/admin/email/pop3", &admin, &mailbox("127.0.0.1", tls, "tls", "box", PASSWORD))
                .await;
        assert_eq!((saved.status, saved.json()["password"].as_str()), (StatusCode::OK, Some("********")));
        let masked = test_connection(app, &admin, &mailbox("127.0.0.1", tls, "tls", "box", "********")).await;
        assert_eq!(masked["connected"], true, "{masked}");
        // The mask never sends the stored password with less protection, nor to another port.
        for (port, security) in [(plain, "none"), (plain, "starttls"), (free_port(), "tls")] {
            let lowered = mailbox("127.0.0.1", port, security, "box", "********");
            for (method, uri) in [(Method::POST, "/api/admin/email/pop3/test"), (Method::PUT, "/api/admin/email/pop3")]
            {
                let refused = call(app, method, uri, &admin, &lowered).await;
                assert_field_error(&refused, StatusCode::BAD_REQUEST, "password", "This field is required");
            }
        }

        let editor = app.user_with_role("eve", Role::Editor).await;
        for (method, uri) in [(Method::GET, "/api/admin/email/pop3"), (Method::GET, "/api/admin/email/pop3/messages")] {
            assert_error_code(&call(app, method, uri, &editor, &Value::Null).await, StatusCode::FORBIDDEN, "forbidden");
        }
    })
    .await;
}

#[tokio::test]
async fn the_inbox_verifies_classifies_opens_deletes_and_turns_bounces_into_suppressed_addresses() {
    let dovecot = Dovecot::start(&["sqlite", "postgres"]);
    let smtp = SmtpServer::start(free_port()).await;
    let smtp_port = smtp.port.to_string();
    let ca = dovecot.ca_file().display().to_string();
    // The signed message's key is looked up here, and not found.
    let dns = Dnsmasq::start(&[]);
    let dns_server = format!("127.0.0.1:{}", dns.port);
    let mut vars = smtp_settings(&smtp_port).to_vec();
    vars.extend([("MAIL_CA_FILE", ca.as_str()), ("MAIL_DNS_SERVER", dns_server.as_str())]);
    each_backend_with(&vars, async |app| {
        let admin = app.signed_in_admin("odette").await;
        let inbox = |admin: String| async move {
            let listed = call(app, Method::GET, "/api/admin/email/pop3/messages", &admin, &Value::Null).await;
            assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
            listed.json()
        };
        assert_error_code(
            &call(app, Method::GET, "/api/admin/email/pop3/messages", &admin, &Value::Null).await,
            StatusCode::CONFLICT,
            "mailbox_not_configured",
        );

        // A campaign to anna and boris; anna's address bounces.
        let template_id = template(app, &admin, "newsletter").await;
        let anna = member(app, "anna", "en", true).await;
        member(app, "boris", "en", true).await;
        let campaign_id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en"])).await;
        act(app, &admin, &campaign_id, "send").await;
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 2);
        let sent = smtp.take_messages();
        let header_to = |to: &str, name: &str| {
            let mail = sent
                .iter()
                .map(|raw| mailparse::parse_mail(raw).unwrap())
                .find(|mail| mail.headers.get_first_value("To").as_deref() == Some(to));
            mail.unwrap().headers.get_first_value(name).unwrap()
        };
        let message_id = header_to("anna@pointe.test", "Message-ID");
        // Boris's mail client writes to the header's mailto: instead of opening the link.
        let list_unsubscribe = header_to("boris@pointe.test", "List-Unsubscribe");
        let (_, mailto) = list_unsubscribe.split_once(", <mailto:").unwrap();
        let (address, subject) = mailto.trim_end_matches('>').split_once("?subject=").unwrap();
        assert_eq!(address, "no-reply@pointe.localhost", "the sender's address");
        let unsubscribe_subject = subject.replace("%20", " ");

        let user = app.backend;
        // Anyone can write to the mailbox: a report about a message the site never sent, and one that
        // returns anna's message but names boris, silence no one.
        let forged_unknown = bounce("boris@pointe.test", "<made-up@pointe.localhost>");
        let forged_other = bounce("boris@pointe.test", &message_id);
        for raw in [SIGNED, BULK, PERSONAL, &bounce("anna@pointe.test", &message_id), &forged_unknown, &forged_other] {
            dovecot.deliver(user, raw);
        }
        let settings = mailbox("127.0.0.1", dovecot.tls_port, "tls", user, PASSWORD);
        assert_eq!(call(app, Method::PUT, "/api/admin/email/pop3", &admin, &settings).await.status, StatusCode::OK);

        let listed = inbox(admin.clone()).await;
        assert_eq!(listed["total"], 6, "{listed}");
        let messages = listed["messages"].as_array().unwrap();
        let by_subject = |subject: &str| messages.iter().find(|m| m["subject"] == subject).unwrap().clone();
        let signed = by_subject("Class times");
        assert_eq!(signed["from"], "Ballet Studio <hello@studio.example>");
        assert_eq!(
            signed["verification"],
            json!({ "spf": "pass", "dkim": "pass", "dmarc": "pass", "reportedBy": "mx.pointe.test", "signed": true })
        );
        assert_eq!(signed["classification"]["kind"], "other");
        let bulk = by_subject("20% off pointe shoes");
        assert_eq!(
            (&bulk["verification"]["spf"], &bulk["verification"]["dkim"], &bulk["verification"]["dmarc"]),
            (&json!("softfail"), &json!("none"), &json!("fail"))
        );
        assert_eq!(bulk["classification"], json!({ "kind": "marketing", "reason": "precedenceBulk", "service": null }));
        let personal = by_subject("A question about sizes");
        assert_eq!(personal["verification"]["spf"], Value::Null, "no results reported");
        let reports: Vec<&Value> =
            messages.iter().filter(|m| m["subject"] == "Undelivered Mail Returned to Sender").collect();
        assert!(reports.iter().all(|report| report["classification"]["reason"] == "deliveryReport"));
        let mut marked: Vec<i64> = reports.iter().map(|report| report["bouncedRecipients"].as_i64().unwrap()).collect();
        marked.sort_unstable();
        assert_eq!(marked, [0, 0, 1], "only the genuine report marks a recipient");
        assert!(messages.iter().all(|m| m["size"].as_u64().unwrap() > 0 && m["date"].as_i64().is_some()));

        // The bounce: anna's recipient row says why, her address is suppressed and shown on her user.
        let failures =
            call(app, Method::GET, &format!("/api/admin/email/campaigns/{campaign_id}/report"), &admin, &Value::Null)
                .await
                .json();
        let failed = &failures["problems"].as_array().unwrap()[0];
        assert_eq!(
            (failed["email"].as_str(), failed["status"].as_str()),
            (Some("anna@pointe.test"), Some("bounced")),
            "{failures}"
        );
        assert!(failed["error"].as_str().unwrap().contains("User unknown"));
        let users = call(app, Method::GET, "/api/users/list?search=anna", &admin, &Value::Null).await.json();
        let anna_row = users["users"].as_array().unwrap().iter().find(|u| u["id"] == anna.as_str()).unwrap().clone();
        assert!(anna_row["bouncedAt"].is_i64(), "{anna_row}");
        assert_eq!(audience(app, &admin, &template_id, &["newsletter"], &["en"]).await, 1, "anna is no longer mailed");
        // The suppression list names her with the server's words; an admin lifts it, audited.
        let suppressions = call(app, Method::GET, "/api/admin/suppressions", &admin, &Value::Null).await.json();
        assert_eq!(suppressions["total"], 1, "{suppressions}");
        let suppressed = &suppressions["suppressions"][0];
        assert_eq!((&suppressed["userId"], &suppressed["email"]), (&json!(anna), &json!("anna@pointe.test")));
        assert!(suppressed["reason"].as_str().unwrap().contains("User unknown"), "{suppressed}");
        assert!(suppressed["campaignName"].is_string() && suppressed["bouncedAt"].is_i64(), "{suppressed}");
        let lift = format!("/api/admin/suppressions/{anna}");
        assert_eq!(call(app, Method::DELETE, &lift, &admin, &Value::Null).await.json(), json!({ "lifted": true }));
        assert_error_code(
            &call(app, Method::DELETE, &lift, &admin, &Value::Null).await,
            StatusCode::NOT_FOUND,
            "user_not_found",
        );
        let logged =
            call(app, Method::GET, "/api/admin/audit-logs?action=lift_suppression", &admin, &Value::Null).await.json();
        assert_eq!(logged["total"], 1, "{logged}");
        assert_eq!(audience(app, &admin, &template_id, &["newsletter"], &["en"]).await, 2, "anna is mailed again");
        // The checker reads each message once; the request by mail unsubscribes boris.
        check_mailbox(&app.state).await.unwrap();
        dovecot.deliver(user, &format!("From: boris@pointe.test\nSubject: {unsubscribe_subject}\n\nunsubscribe\n"));
        check_mailbox(&app.state).await.unwrap();
        assert_eq!(audience(app, &admin, &template_id, &["newsletter"], &["en"]).await, 1, "boris left by mail");

        // Opened: sanitised, the tracker image removed.
        let id = signed["id"].as_str().unwrap();
        let opened =
            call(app, Method::GET, &format!("/api/admin/email/pop3/messages/{id}"), &admin, &Value::Null).await;
        assert_eq!(opened.status, StatusCode::OK, "{}", opened.text());
        let opened = opened.json();
        let html = opened["html"].as_str().unwrap();
        assert!(
            html.contains("<b>class</b>")
                && !html.contains("script")
                && !html.contains("onclick")
                && !html.contains("tracker"),
            "{html}"
        );
        assert_eq!(opened["blockedImages"], 1);
        assert_eq!(
            (&opened["dkim"][0]["domain"], &opened["dkim"][0]["result"]),
            (&json!("studio.example"), &json!("neutral")),
            "its body hash does not match: {opened}"
        );

        // Deleted: gone from the list, and opening it again is a 404.
        let deleted =
            call(app, Method::DELETE, &format!("/api/admin/email/pop3/messages/{id}"), &admin, &Value::Null).await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
        assert_eq!(inbox(admin.clone()).await["total"], 6);
        assert_error_code(
            &call(app, Method::GET, &format!("/api/admin/email/pop3/messages/{id}"), &admin, &Value::Null).await,
            StatusCode::NOT_FOUND,
            "mailbox_message_not_found",
        );
    })
    .await;
}

/// A 2048-bit RSA key in PEM (PKCS#8, as `openssl genpkey` writes it), and its DKIM record as openssl
/// derives it.
fn rsa_key() -> (String, String) {
    use std::io::Write;
    let openssl = |args: &[&str], input: &[u8]| {
        let mut child = std::process::Command::new("openssl")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success());
        output.stdout
    };
    let key = openssl(&["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], b"");
    let public = openssl(&["pkey", "-pubout", "-outform", "DER"], &key);
    use base64::Engine;
    let record = format!("v=DKIM1; k=rsa; p={}", base64::engine::general_purpose::STANDARD.encode(public));
    (String::from_utf8(key).unwrap(), record)
}

#[tokio::test]
async fn mail_is_dkim_signed_with_the_admins_key_and_the_mailbox_verifies_signatures_through_dns() {
    let smtp = SmtpServer::start(free_port()).await;
    let smtp_port = smtp.port.to_string();
    let dovecot = Dovecot::start(&["sqlite", "postgres"]);
    let ca = dovecot.ca_file().display().to_string();
    let (key, record) = rsa_key();
    let dns = Dnsmasq::start(&[("mail._domainkey.pointe.example", record.as_str())]);
    let dns_server = format!("127.0.0.1:{}", dns.port);
    let mut vars = smtp_settings(&smtp_port).to_vec();
    vars.extend([("MAIL_CA_FILE", ca.as_str()), ("MAIL_DNS_SERVER", dns_server.as_str())]);
    each_backend_with(&vars, async |app| {
        let admin = app.signed_in_admin("odette").await;
        let dkim =
            |private_key: &str| json!({ "domain": "pointe.example", "selector": "mail", "privateKey": private_key });
        let refused = call(app, Method::PUT, "/api/admin/settings/dkim", &admin, &dkim("not a key")).await;
        assert_field_error(
            &refused,
            StatusCode::BAD_REQUEST,
            "privateKey",
            "Paste an RSA private key in PEM form (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)",
        );
        let saved = call(app, Method::PUT, "/api/admin/settings/dkim", &admin, &dkim(&key)).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        let saved = saved.json();
        assert_eq!(saved["settings"]["privateKey"], "********");
        assert_eq!(saved["dnsRecord"], json!({ "name": "mail._domainkey.pointe.example", "value": record }));
        let editor = app.user_with_role("eve", Role::Editor).await;
        let forbidden = call(app, Method::GET, "/api/admin/settings/dkim", &editor, &Value::Null).await;
        assert_error_code(&forbidden, StatusCode::FORBIDDEN, "forbidden");

        // The test message goes out signed.
        let sent =
            call(app, Method::POST, "/api/admin/settings/email/test", &admin, &json!({ "to": "anna@example.org" }))
                .await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
        let raw = String::from_utf8(smtp.take_messages().pop().unwrap()).unwrap();
        let parsed = mailparse::parse_mail(raw.as_bytes()).unwrap();
        let signature = parsed.headers.get_first_value("DKIM-Signature").expect("signed");
        assert!(signature.contains("d=pointe.example") && signature.contains("s=mail"), "{signature}");

        // In the mailbox this server checks it against the key published in DNS; an altered copy fails.
        let user = app.backend;
        dovecot.deliver(user, &raw);
        dovecot.deliver(user, &raw.replacen("Subject: ", "Subject: Altered ", 1));
        let settings = mailbox("127.0.0.1", dovecot.tls_port, "tls", user, PASSWORD);
        assert_eq!(call(app, Method::PUT, "/api/admin/email/pop3", &admin, &settings).await.status, StatusCode::OK);
        let listed = call(app, Method::GET, "/api/admin/email/pop3/messages", &admin, &Value::Null).await.json();
        let mut results = Vec::new();
        for message in listed["messages"].as_array().unwrap() {
            let id = message["id"].as_str().unwrap();
            let opened = call(app, Method::GET, &format!("/api/admin/email/pop3/messages/{id}"), &admin, &Value::Null)
                .await
                .json();
            let check = &opened["dkim"][0];
            assert_eq!((check["domain"].as_str(), check["selector"].as_str()), (Some("pointe.example"), Some("mail")));
            results.push((opened["subject"].as_str().unwrap().starts_with("Altered"), check["result"].clone()));
        }
        results.sort_by_key(|(altered, _)| *altered);
        assert_eq!(results, vec![(false, json!("pass")), (true, json!("fail"))]);
    })
    .await;
}
