//! E-mail through a real SMTP server: aiosmtpd (installed by `make smtp-deps`, which `make test-server`
//! runs) receiving on 127.0.0.1 and writing a Maildir, which the tests read.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use crate::common::{each_backend_with, fields_of, TestApp};
use axum::http::{Method, StatusCode};
use mailparse::{MailHeaderMap, ParsedMail};
use pointe_server::testing::{
    email::{self, outbox, Mail, Mailer},
    Clock, Lang,
};
use serde_json::json;

/// aiosmtpd on a port of 127.0.0.1, writing what it receives into a Maildir; killed when dropped.
pub(crate) struct SmtpServer {
    pub port: u16,
    child: Child,
    dir: tempfile::TempDir,
}

impl SmtpServer {
    /// Starts aiosmtpd on `port` and waits until it accepts connections.
    pub(crate) async fn start(port: u16) -> Self {
        Self::start_with(port, "aiosmtpd.handlers.Mailbox").await
    }

    /// aiosmtpd refusing `refused…@` recipients for good and `busy…@` for now (tests/mail/refusing_mailbox.py).
    pub(crate) async fn start_refusing(port: u16) -> Self {
        Self::start_with(port, "refusing_mailbox.RefusingMailbox").await
    }

    async fn start_with(port: u16, handler: &str) -> Self {
        let program = std::env::var("AIOSMTPD").map_or_else(
            |_| PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/pointe/venv/bin/aiosmtpd"),
            PathBuf::from,
        );
        assert!(program.exists(), "aiosmtpd is not installed at {}: run `make smtp-deps`", program.display());
        let dir = tempfile::tempdir().unwrap();
        let log = std::fs::File::create(dir.path().join("aiosmtpd.log")).unwrap();
        let child = Command::new(&program)
            .args(["-n", "-l", &format!("127.0.0.1:{port}"), "-c", handler])
            .env("PYTHONPATH", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mail"))
            .arg(dir.path().join("Maildir"))
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut server = Self { port, child, dir };
        let deadline = Instant::now() + Duration::from_secs(30);
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            let exited = server.child.try_wait().unwrap();
            if exited.is_some() || Instant::now() > deadline {
                let log = std::fs::read_to_string(server.dir.path().join("aiosmtpd.log")).unwrap_or_default();
                panic!("aiosmtpd does not listen on port {port} ({exited:?}):\n{log}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        server
    }

    /// The messages received since the last call (each removed once read).
    pub(crate) fn take_messages(&self) -> Vec<Vec<u8>> {
        let new = self.dir.path().join("Maildir/new");
        let Ok(entries) = std::fs::read_dir(&new) else { return Vec::new() };
        entries
            .map(|entry| {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                std::fs::remove_file(path).unwrap();
                bytes
            })
            .collect()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The app sends by SMTP, without TLS, to `port`; sign-up needs the e-mailed code and no bot-check.
pub(crate) fn smtp_settings(port: &str) -> [(&'static str, &str); 6] {
    [
        ("MAIL_TRANSPORT", "smtp"),
        ("SMTP_HOST", "127.0.0.1"),
        ("SMTP_PORT", port),
        ("SMTP_TLS", "none"),
        ("EMAIL_VERIFICATION", "true"),
        ("BOT_CHECK", "off"),
    ]
}

pub(crate) fn transport(app: &TestApp) -> Mailer {
    Mailer::from_config(&app.state.config.mail).unwrap()
}

/// The one message received, as text: header, plain text and HTML.
pub(crate) struct Received {
    pub subject: String,
    pub to: String,
    pub envelope_to: String,
    pub text: String,
    pub html: String,
    pub message_id: String,
    /// `List-Unsubscribe` and `List-Unsubscribe-Post`, on list mail only.
    pub list_unsubscribe: Option<(String, String)>,
}

pub(crate) fn only_message(smtp: &SmtpServer) -> Received {
    let messages = smtp.take_messages();
    assert_eq!(messages.len(), 1, "one message arrives");
    let mail = mailparse::parse_mail(&messages[0]).unwrap();
    assert_eq!(mail.ctype.mimetype, "multipart/alternative");
    let part = |mime: &str| -> String {
        let found: Vec<&ParsedMail> = mail.subparts.iter().filter(|part| part.ctype.mimetype == mime).collect();
        assert_eq!(found.len(), 1, "one {mime} part");
        found[0].get_body().unwrap()
    };
    let header = |name: &str| mail.headers.get_first_value(name).unwrap_or_else(|| panic!("no {name} header"));
    Received {
        subject: header("Subject"),
        to: header("To"),
        envelope_to: header("X-RcptTo"),
        text: part("text/plain"),
        html: part("text/html"),
        message_id: header("Message-ID"),
        list_unsubscribe: mail
            .headers
            .get_first_value("List-Unsubscribe")
            .map(|url| (url, header("List-Unsubscribe-Post"))),
    }
}

async fn outbox_row(app: &TestApp) -> (i64, i64, Option<i64>, Option<String>) {
    sqlx::query_as("SELECT attempts, next_attempt_at, sent_at, last_error FROM email_outbox")
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_sign_up_code_arrives_with_text_and_html_in_the_members_language() {
    let smtp = SmtpServer::start(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let password = "Arabesque#2026";
        let body = json!({ "username": "Anna", "email": "anna@example.org", "password": password, "confirmPassword": password,
            "acceptTerms": true, "language": "ru" });
        let answer = app.post_json("/api/auth/signup", &body).await;
        assert_eq!(answer.json()["requiresVerification"], true, "{}", answer.text());
        assert_eq!(outbox::deliver_due(&app.state, &transport(app)).await.unwrap(), 1);

        let mail = only_message(&smtp);
        assert_eq!(mail.to, "anna@example.org");
        assert_eq!(mail.envelope_to, "anna@example.org");
        assert_eq!(mail.subject, "Ваш код подтверждения Pointe", "the code is not in the subject");
        let code = mail.text.split(|c: char| !c.is_ascii_digit()).find(|part| part.len() == 6).unwrap();
        assert!(mail.text.contains("Anna"), "{}", mail.text);
        assert!(mail.html.contains("lang=\"ru\"") && mail.html.contains(code), "{}", mail.html);
        let (attempts, _, sent_at, _) = outbox_row(app).await;
        assert_eq!((attempts, sent_at), (1, Some(app.clock.now_ms())));
        // Once sent, the outbox keeps who and when, not the code: the database alone opens no account.
        let bodies: (String, String) =
            sqlx::query_as("SELECT text_body, html_body FROM email_outbox").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(bodies, (String::new(), String::new()));
        assert!(mail.message_id.starts_with('<') && mail.message_id.ends_with(">"), "{}", mail.message_id);
        assert_eq!(mail.list_unsubscribe, None, "an account's own mail is not list mail");

        // Verified: the welcome mail, list mail with the one-click unsubscribe headers.
        let admin = app.signed_in_admin("admin").await;
        let welcome = json!({ "name": "Welcome", "category": "welcome", "sendsWelcome": true,
            "translations": { "ru": { "subject": "Добро пожаловать", "body": "Привет, {{username}}" } } });
        let created = app.send_json(Method::POST, "/api/admin/email/templates", &welcome, &[("authorization", &format!("Bearer {admin}"))]).await;
        assert_eq!(created.status, StatusCode::CREATED);
        let verified = app.post_json("/api/auth/verify-code", &json!({ "challengeId": answer.json()["challengeId"], "code": code })).await;
        assert_eq!(verified.status, StatusCode::OK, "{}", verified.text());
        assert_eq!(outbox::deliver_due(&app.state, &transport(app)).await.unwrap(), 1);
        let mail = only_message(&smtp);
        assert_eq!(mail.subject, "Добро пожаловать");
        let (header, post) = mail.list_unsubscribe.expect("List-Unsubscribe");
        // The link, and a mailto: to the sender carrying the same token.
        let (url, mailto) = header.split_once(", ").unwrap();
        assert!(url.starts_with('<') && url.contains("/api/email/unsubscribe?token=") && url.ends_with('>'), "{url}");
        let token = url.split_once("token=").unwrap().1.trim_end_matches('>');
        assert_eq!(mailto, format!("<mailto:no-reply@pointe.localhost?subject=unsubscribe%20{token}>"));
        assert_eq!(post, "List-Unsubscribe=One-Click");
        let path = url.trim_matches(['<', '>']).split_once("/api/").map(|(_, rest)| format!("/api/{rest}")).unwrap();
        let unsubscribed = app.request(Method::POST, &path, &[]).await;
        assert_eq!(unsubscribed.json(), json!({ "unsubscribed": true }));
    })
    .await;
}

#[tokio::test]
async fn mail_waits_in_the_outbox_while_the_smtp_server_is_down() {
    let port = free_port().to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        email::send(&app.state, "clara@example.org", Lang::Fr, Mail::PasswordChanged { username: "Clara" })
            .await
            .unwrap();
        let transport = transport(app);
        assert_eq!(outbox::deliver_due(&app.state, &transport).await.unwrap(), 0, "nothing listens on the port");
        let (attempts, next_attempt_at, sent_at, last_error) = outbox_row(app).await;
        assert_eq!((attempts, next_attempt_at, sent_at), (1, app.clock.now_ms() + 30_000, None));
        assert!(last_error.is_some());
        // Meanwhile a sign-up's code is queued, and the answer says it may be late.
        let password = "Arabesque#2026";
        let body = json!({ "username": "Odile", "email": "odile@example.org", "password": password,
            "confirmPassword": password, "acceptTerms": true, "language": "fr" });
        let signup = app.post_json("/api/auth/signup", &body).await.json();
        assert_eq!((&signup["requiresVerification"], &signup["mailDelayed"]), (&json!(true), &json!(true)), "{signup}");

        let smtp = SmtpServer::start(port.parse().unwrap()).await;
        // The code was never tried: it goes at once; the message that failed waits for its turn.
        assert_eq!(outbox::deliver_due(&app.state, &transport).await.unwrap(), 1);
        assert_eq!(only_message(&smtp).to, "odile@example.org");
        app.clock.advance_secs(30);
        assert_eq!(outbox::deliver_due(&app.state, &transport).await.unwrap(), 1);
        let mail = only_message(&smtp);
        assert_eq!(mail.to, "clara@example.org");
        assert_eq!(mail.subject, "Votre mot de passe Pointe a été modifié");
        assert!(mail.text.contains("Clara") && mail.html.contains("Clara"));
        let login = app.post_json("/api/auth/login", &json!({ "username": "Odile", "password": password })).await;
        assert_eq!(login.json().get("mailDelayed"), None, "delivery caught up: no warning");
    })
    .await;
}

#[tokio::test]
async fn a_refused_address_does_not_hold_up_the_codes_queued_after_it() {
    let smtp = SmtpServer::start_refusing(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        for (recipient, username) in
            [("refused@example.org", "Gone"), ("busy@example.org", "Later"), ("odile@example.org", "Odile")]
        {
            email::send(&app.state, recipient, Lang::En, Mail::PasswordChanged { username }).await.unwrap();
            app.clock.advance_secs(1);
        }
        let transport = transport(app);
        assert_eq!(outbox::deliver_due(&app.state, &transport).await.unwrap(), 1, "the code behind them goes at once");
        assert_eq!(only_message(&smtp).to, "odile@example.org");
        type Row = (String, i64, Option<i64>, Option<i64>, Option<String>);
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT recipient, attempts, sent_at, failed_at, last_error FROM email_outbox ORDER BY created_at",
        )
        .fetch_all(&app.state.db)
        .await
        .unwrap();
        let (_, attempts, sent, failed, error) = &rows[0];
        assert_eq!((*attempts, sent.is_some(), failed.is_some()), (1, false, true), "refused for good: no retries");
        assert!(error.as_deref().unwrap().contains("User unknown"), "the server's words: {error:?}");
        let (_, attempts, sent, failed, _) = &rows[1];
        assert_eq!((*attempts, sent.is_some(), failed.is_some()), (1, false, false), "refused for now: retried later");
        app.clock.advance_secs(30);
        assert_eq!(outbox::deliver_due(&app.state, &transport).await.unwrap(), 0);
        let tried: i64 = sqlx::query_scalar("SELECT attempts FROM email_outbox WHERE recipient = 'busy@example.org'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(tried, 2, "only the one refused for now is tried again");
    })
    .await;
}

/// The admin saves an SMTP provider in the settings (the environment writes files): the test e-mail
/// and the outbox both go to that server from then on, without a restart; a provider that cannot be
/// reached answers 502 with its reason.
#[tokio::test]
async fn a_provider_saved_in_the_settings_sends_the_test_email_and_the_outbox() {
    let port = free_port();
    each_backend_with(&[("BOT_CHECK", "off")], async |app| {
        let admin = app.signed_in_admin("admin").await;
        let auth = [("authorization", format!("Bearer {admin}"))];
        let headers: Vec<(&str, &str)> = auth.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let settings = json!({ "provider": "smtp", "fromAddress": "Pointe Studio <studio@pointe.test>",
            "smtp": { "host": "127.0.0.1", "port": port, "security": "none", "username": "", "password": "" } });
        let saved = app.send_json(Method::PUT, "/api/admin/settings/email", &settings, &headers).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        assert_eq!(saved.json()["saved"], true);

        let down = app
            .send_json(Method::POST, "/api/admin/settings/email/test", &json!({ "to": "ops@pointe.test" }), &headers)
            .await;
        assert_eq!(down.status, StatusCode::BAD_GATEWAY);
        assert!(
            down.json()["error"].as_str().unwrap().starts_with("The test e-mail could not be sent: "),
            "{}",
            down.text()
        );
        // The mail server's own words as `reason`, for the admin's text in any language.
        let reason = down.json()["values"]["reason"].as_str().unwrap().to_owned();
        assert_eq!((down.json()["code"].as_str(), reason.is_empty()), (Some("test_email_failed"), false));
        assert_eq!(down.json()["error"], format!("The test e-mail could not be sent: {reason}"));

        let smtp = SmtpServer::start(port).await;
        let sent = app
            .send_json(Method::POST, "/api/admin/settings/email/test", &json!({ "to": "ops@pointe.test" }), &headers)
            .await;
        assert_eq!(sent.json(), json!({ "sent": true }));
        let mail = only_message(&smtp);
        assert_eq!((mail.to.as_str(), mail.subject.as_str()), ("ops@pointe.test", "Pointe test e-mail"));
        assert!(mail.text.contains("admin"));

        email::send(&app.state, "clara@example.org", Lang::En, Mail::PasswordChanged { username: "Clara" })
            .await
            .unwrap();
        let saved = app
            .state
            .settings
            .get::<Option<pointe_server::testing::email::EmailSettings>>(&app.state.db)
            .await
            .unwrap();
        let mailer = Mailer::from_settings(saved.as_ref().as_ref().unwrap(), true).unwrap();
        assert_eq!(outbox::deliver_due(&app.state, &mailer).await.unwrap(), 1);
        let mail = only_message(&smtp);
        assert_eq!(mail.to, "clara@example.org");
        let bad =
            app.send_json(Method::POST, "/api/admin/settings/email/test", &json!({ "to": "nope" }), &headers).await;
        assert_eq!(fields_of(&bad)["to"], "Invalid email address");
    })
    .await;
}
