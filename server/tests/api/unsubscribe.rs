//! Leaving the list from an e-mail: the signed link opens the page in the member's language, the
//! one-click POST (RFC 8058) unsubscribes at once and is audited, and a forged link gets 404.

use crate::common::{assert_error_code, each_backend, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::newsletter::unsubscribe_url;
use serde_json::json;

/// The member's unsubscribe link as a path on the test app.
async fn link(app: &TestApp, username: &str) -> String {
    let id: String = sqlx::query_scalar("SELECT id FROM users WHERE username = $1")
        .bind(username)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let url = unsubscribe_url(&app.state, &id);
    url.strip_prefix(app.state.config.public_url.trim_end_matches('/')).unwrap().to_owned()
}

async fn newsletter(app: &TestApp, token: &str) -> serde_json::Value {
    app.request(Method::GET, "/api/account", &[("authorization", &format!("Bearer {token}"))]).await.json()
        ["newsletter"]
        .clone()
}

async fn unsubscribe_events(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'unsubscribe'")
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn one_click_unsubscribes_at_once_and_a_forged_link_gets_404() {
    each_backend(async |app| {
        let member = app.account("giselle", pointe_server::testing::Role::User, false).await;
        let auth = format!("Bearer {member}");
        app.send_json(
            Method::PATCH,
            "/api/account",
            &json!({ "newsletter": true, "language": "fr" }),
            &[("authorization", &auth)],
        )
        .await;
        let link = link(app, "giselle").await;
        let token = link.split_once("token=").unwrap().1.to_owned();

        // A person following the link lands on the page, in their language.
        let opened = app.get(&link).await;
        assert_eq!(opened.status, StatusCode::SEE_OTHER);
        assert_eq!(opened.header("location"), format!("/unsubscribe?token={token}&lang=fr"));
        let before = app.get(&format!("/api/email/subscription?token={token}")).await;
        assert_eq!(before.json(), json!({ "email": "g•••e@pointe.test", "unsubscribed": false }));

        // Forged or altered tokens name nobody.
        let (id, signature) = token.split_once('.').unwrap();
        let forged = [format!("{id}.AAAA{}", &signature[4..]), format!("x{token}"), id.to_owned(), String::new()];
        for forged in &forged {
            let post = app.request(Method::POST, &format!("/api/email/unsubscribe?token={forged}"), &[]).await;
            assert_error_code(&post, StatusCode::NOT_FOUND, "unsubscribe_link_invalid");
            let shown = app.get(&format!("/api/email/subscription?token={forged}")).await;
            assert_error_code(&shown, StatusCode::NOT_FOUND, "unsubscribe_link_invalid");
            assert_eq!(
                app.get(&format!("/api/email/unsubscribe?token={forged}")).await.header("location"),
                "/unsubscribe"
            );
        }
        assert_eq!(newsletter(app, &member).await, true);

        // A mail client's one-click POST, with its form body; twice is harmless and audited once.
        for _ in 0..2 {
            let form = "application/x-www-form-urlencoded";
            let done = app.send_bytes(Method::POST, &link, form, b"List-Unsubscribe=One-Click".to_vec(), &[]).await;
            assert_eq!((done.status, done.json()), (StatusCode::OK, json!({ "unsubscribed": true })));
        }
        assert_eq!(newsletter(app, &member).await, false);
        assert_eq!(app.get(&format!("/api/email/subscription?token={token}")).await.json()["unsubscribed"], true);
        assert_eq!(unsubscribe_events(app).await, 1);

        // Subscribing again in the account lifts it.
        app.send_json(Method::PATCH, "/api/account", &json!({ "newsletter": true }), &[("authorization", &auth)]).await;
        assert_eq!(app.get(&format!("/api/email/subscription?token={token}")).await.json()["unsubscribed"], false);
    })
    .await;
}
