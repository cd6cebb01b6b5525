//! Addresses an admin sets (AI providers, the SMTP server, the POP3 mailbox) do not reach this machine or
//! a private network unless ALLOW_PRIVATE_HOSTS says so; the environment's own addresses are trusted.

use crate::common::{assert_field_error, each_backend_with, TestApp};
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

const REFUSED: &str = "Addresses on this machine or a private network are not allowed";

async fn admin_call(app: &TestApp, admin: &str, method: Method, uri: &str, body: Value) -> Value {
    let answer = app.send_json(method, uri, &body, &[("authorization", &format!("Bearer {admin}"))]).await;
    answer.json()
}

/// Writes a setting as an earlier version (or a direct edit) left it, and drops the in-process copies.
async fn store(app: &TestApp, key: &str, value: &Value) {
    sqlx::query(
        "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, 0)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value.to_string())
    .execute(&app.state.db)
    .await
    .unwrap();
    app.state.settings.forget_all();
}

#[tokio::test]
async fn admin_set_servers_on_private_addresses_are_not_reached() {
    // Something listens on 127.0.0.1 (so a refusal is the guard's, not a closed port's).
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    each_backend_with(&[("ALLOW_PRIVATE_HOSTS", "false"), ("BOT_CHECK", "off")], async |app| {
        let admin = app.signed_in_admin("admin").await;

        let mailbox = json!({ "host": "127.0.0.1", "port": port, "security": "none", "username": "u", "password": "p", "checkEveryMinutes": 10 });
        let tested = admin_call(app, &admin, Method::POST, "/api/admin/email/pop3/test", mailbox).await;
        assert_eq!((tested["connected"].clone(), tested["failure"].clone()), (json!(false), json!("refused")), "{tested}");
        assert!(tested["detail"].as_str().unwrap().ends_with(REFUSED), "{tested}");

        // Written as private addresses, the servers are refused as the admin saves them.
        let put = async |uri: &str, body: &Value| {
            app.send_json(Method::PUT, uri, body, &[("authorization", &format!("Bearer {admin}"))]).await
        };
        let mut smtp = json!({ "provider": "smtp", "fromAddress": "Pointe <studio@pointe.test>",
            "smtp": { "host": "localhost", "port": port, "security": "none", "username": "", "password": "" } });
        assert_field_error(&put("/api/admin/settings/email", &smtp).await, StatusCode::BAD_REQUEST, "smtp.host", REFUSED);
        let mut mailbox = json!({ "host": "10.0.0.7", "port": 995, "security": "tls", "username": "u", "password": "p", "checkEveryMinutes": 10 });
        assert_field_error(&put("/api/admin/email/pop3", &mailbox).await, StatusCode::BAD_REQUEST, "host", REFUSED);
        let mut providers = admin_call(app, &admin, Method::GET, "/api/admin/settings/ai-providers", json!(null)).await;
        providers["gateway"] = json!({ "enabled": true, "baseUrl": format!("http://[::1]:{port}/v1"), "apiKey": "k",
            "timeoutSeconds": 5 });
        assert_field_error(&put("/api/admin/settings/ai-providers", &providers).await, StatusCode::BAD_REQUEST, "gateway.baseUrl", REFUSED);
        smtp["smtp"]["host"] = json!("smtp.example.org");
        mailbox["host"] = json!("mail.example.org");
        assert_eq!(put("/api/admin/settings/email", &smtp).await.status, StatusCode::OK, "public names are saved");
        assert_eq!(put("/api/admin/email/pop3", &mailbox).await.status, StatusCode::OK);

        // Stored before (or by a name that later leads to a private address), they are refused as they
        // are connected to.
        smtp["smtp"]["host"] = json!("localhost");
        store(app, "email", &smtp).await;
        store(app, "aiProviders", &providers).await;
        let sent = app
            .send_json(Method::POST, "/api/admin/settings/email/test", &json!({ "to": "ops@pointe.test" }),
                &[("authorization", &format!("Bearer {admin}"))])
            .await;
        assert_eq!(sent.status, StatusCode::BAD_GATEWAY);
        assert!(sent.json()["error"].as_str().unwrap().contains(REFUSED), "{}", sent.text());

        let body = json!({ "provider": "gateway", "question": "How do I sew ribbons on pointe shoes?", "language": "en" });
        let tested = admin_call(app, &admin, Method::POST, "/api/admin/ai/test", body).await;
        assert_eq!((tested["ok"].clone(), tested["errorType"].clone()), (json!(false), json!("privateAddress")), "{tested}");
    })
    .await;
    drop(listener);
}

#[tokio::test]
async fn the_environments_own_private_addresses_can_be_saved_back() {
    let settings = [("ALLOW_PRIVATE_HOSTS", "false"), ("AI_GATEWAY_URL", "http://127.0.0.1:9/v1")];
    each_backend_with(&settings, async |app| {
        let admin = app.signed_in_admin("admin").await;
        let mut providers = admin_call(app, &admin, Method::GET, "/api/admin/settings/ai-providers", json!(null)).await;
        assert_eq!(providers["gateway"]["baseUrl"], "http://127.0.0.1:9/v1");
        providers["questionsPerHour"] = json!(900);
        let saved = app
            .send_json(
                Method::PUT,
                "/api/admin/settings/ai-providers",
                &providers,
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    })
    .await;
}
