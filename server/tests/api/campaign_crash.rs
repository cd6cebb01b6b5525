//! The crash guarantee: the release server sends a campaign to 2 000 members through a slow SMTP sink,
//! is killed with SIGKILL half-way, and started again; sending resumes by itself, every member gets the
//! message, and only the messages in flight at the kill (at most the concurrency) can arrive twice.

use std::{
    collections::HashSet,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use crate::common::{each_backend, smtp::FakeSmtp, TestApp, INDEX_HTML};
use crate::email_delivery::free_port;
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

const MEMBERS: usize = 2_000;
const CONCURRENCY: usize = 5;

/// The release server of this build on the test's database, sending through `smtp_port`.
fn start_server(app: &TestApp, dist: &std::path::Path, smtp_port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_pointe-server"))
        .env_clear()
        .envs([
            ("DATABASE_URL", app.database_url.as_str()),
            ("HOST", "127.0.0.1"),
            ("PORT", &free_port().to_string()),
            ("WEB_DIST", &dist.to_string_lossy()),
            ("PUBLIC_URL", "http://pointe.test"),
            ("MAIL_TRANSPORT", "smtp"),
            ("SMTP_HOST", "127.0.0.1"),
            ("SMTP_PORT", &smtp_port.to_string()),
            ("SMTP_TLS", "none"),
            ("BOT_CHECK", "off"),
            ("RUST_LOG", "warn"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the release server starts")
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

/// Waits (polling, up to `limit`) until `sql` counts at least `at_least`.
async fn wait_for(app: &TestApp, sql: &str, at_least: i64, limit: Duration) {
    let deadline = Instant::now() + limit;
    while count(app, sql).await < at_least {
        assert!(Instant::now() < deadline, "still {} < {at_least} after {limit:?}: {sql}", count(app, sql).await);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn add_members(app: &TestApp) {
    let mut tx = pointe_server::testing::begin(&app.state.db).await.unwrap();
    for index in 0..MEMBERS {
        let id = format!("member-{index:05}");
        sqlx::query("INSERT INTO users (id, username, email, password_hash, language, created_at) VALUES ($1, $1, $2, 'x', 'en', 0)")
            .bind(&id)
            .bind(format!("{id}@pointe.test"))
            .execute(&mut *tx)
            .await
            .unwrap();
        sqlx::query("INSERT INTO user_groups (user_id, group_key, added_at) VALUES ($1, 'newsletter', 0)")
            .bind(&id)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
}

async fn call(app: &TestApp, method: Method, uri: &str, token: &str, body: &Value) -> Value {
    let answer = app.send_json(method, uri, body, &[("authorization", &format!("Bearer {token}"))]).await;
    assert!(answer.status.is_success(), "{uri}: {} {}", answer.status, answer.text());
    answer.json()
}

#[tokio::test]
async fn after_a_kill_mid_send_and_a_restart_every_member_gets_the_campaign_and_at_most_the_in_flight_twice() {
    each_backend(async |app| {
        // Each message takes the sink 10 ms: the kill lands while messages are in flight.
        let sink = FakeSmtp::start(Duration::from_millis(10)).await;
        let dist = tempfile::tempdir().unwrap();
        std::fs::write(dist.path().join("index.html"), INDEX_HTML).unwrap();
        let admin = app.signed_in_admin("odette").await;
        let settings = json!({ "ratePerSecond": 400, "concurrency": CONCURRENCY, "tracking": true });
        call(app, Method::PUT, "/api/admin/settings/campaign-sending", &admin, &settings).await;
        let template = json!({ "name": "Crash", "category": "newsletter",
            "translations": { "en": { "subject": "Spring", "body": "Hello {{username}}" } } });
        let template_id = call(app, Method::POST, "/api/admin/email/templates", &admin, &template).await["id"].clone();
        add_members(app).await;
        let campaign = json!({ "name": "Crash", "templateId": template_id, "subjects": { "en": "Spring" },
            "groups": ["newsletter"], "languages": ["en"] });
        let id = call(app, Method::POST, "/api/admin/email/campaigns", &admin, &campaign).await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        // Started here (the audience frozen); the release server, with its sender, does the sending.
        let started =
            call(app, Method::POST, &format!("/api/admin/email/campaigns/{id}/send"), &admin, &Value::Null).await;
        assert_eq!(started["recipients"], MEMBERS);

        let sent = "SELECT COUNT(*) FROM campaign_recipients WHERE status = 'sent'";
        let mut server = start_server(app, dist.path(), sink.port);
        wait_for(app, sent, MEMBERS as i64 / 2, Duration::from_secs(120)).await;
        server.kill().expect("SIGKILL");
        server.wait().unwrap();
        let at_kill = sink.delivered().len();
        assert!(at_kill < MEMBERS, "killed half-way: {at_kill} delivered");

        let mut restarted = start_server(app, dist.path(), sink.port);
        let done = "SELECT COUNT(*) FROM email_campaigns WHERE status = 'sent'";
        // The killed server's claims run out first (30 s), then their recipients are sent too.
        wait_for(app, done, 1, Duration::from_secs(180)).await;
        restarted.kill().unwrap();
        restarted.wait().unwrap();

        let delivered = sink.delivered();
        let distinct: HashSet<&String> = delivered.iter().collect();
        assert_eq!(distinct.len(), MEMBERS, "every member got the campaign");
        let twice = delivered.len() - MEMBERS;
        assert!(twice <= CONCURRENCY, "{twice} messages went twice, more than the {CONCURRENCY} in flight");
        assert_eq!(count(app, sent).await, MEMBERS as i64);
        let answer = app
            .send_json(
                Method::GET,
                &format!("/api/admin/email/campaigns/{id}"),
                &Value::Null,
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK);
        eprintln!("{}: {at_kill} delivered before the kill, {twice} twice", app.backend);
    })
    .await;
}
