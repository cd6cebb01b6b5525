//! System settings: each is validated, audited, takes effect without a restart, and never sends a
//! secret back in full; the public calls and the pages' CSP follow them.

use crate::common::{
    assert_field_error, assert_json_error, each_backend, each_backend_with, fields_of, TestApp, TestResponse,
};
use axum::http::{Method, StatusCode};
use pointe_server::testing::{stored_setting, Role};
use serde_json::{json, Value};

async fn put(app: &TestApp, uri: &str, token: &str, body: Value) -> TestResponse {
    app.send_json(Method::PUT, uri, &body, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn get(app: &TestApp, uri: &str, token: &str) -> Value {
    let response = app.request(Method::GET, uri, &[("authorization", &format!("Bearer {token}"))]).await;
    assert_eq!(response.status, StatusCode::OK, "{uri}: {}", response.text());
    response.json()
}

const PATHS: [&str; 8] =
    ["social-embeds", "site", "email", "analytics", "ai-models", "ai-providers", "bot-check", "audit"];

#[tokio::test]
async fn only_the_settings_permission_reads_or_changes_settings() {
    each_backend(async |app| {
        let moderator = app.user_with_role("mod", Role::Moderator).await;
        for path in PATHS {
            let uri = format!("/api/admin/settings/{path}");
            assert_json_error(&app.get(&uri).await, StatusCode::UNAUTHORIZED, "Authentication required");
            let refused = app.request(Method::GET, &uri, &[("authorization", &format!("Bearer {moderator}"))]).await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
        }
        let admin = app.signed_in_admin("admin").await;
        for path in PATHS {
            get(app, &format!("/api/admin/settings/{path}"), &admin).await;
        }
    })
    .await;
}

#[tokio::test]
async fn the_site_identity_is_checked_and_shows_in_the_public_config_and_page_heads() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let public = app.get("/api/config/site").await.json();
        assert_eq!(public["contactEmail"], "hello@pointe.test", "the environment's until saved");
        // The data set's README's words, exactly.
        let credit = public["dataCredit"].as_str().unwrap();
        assert!(credit.starts_with("\"Data Pointes Lab Database\" by Danielle Heymann (Data Pointes Lab), licensed under CC BY 4.0, source github.com/4dh/datapointeslab-database"), "{credit}");
        let bad = json!({ "siteName": "x".repeat(61), "contactEmail": "nope", "websiteUrl": "ftp://x", "location": { "en": "y".repeat(100) } });
        let refused = put(app, "/api/admin/settings/site", &admin, bad).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        let fields = &fields_of(&refused);
        assert_eq!(fields["siteName"], "Must be at most 60 characters");
        assert_eq!(fields["contactEmail"], "Invalid email address");
        assert_eq!(fields["location.en"], "Location must be under 100 characters");
        assert_eq!(fields["websiteUrl"], "Enter an address starting with http:// or https://");

        let identity = json!({ "siteName": "Studio Pointe", "slogan": { "en": "Shoes for every dancer", "he": "" },
            "location": { "he": "חיפה" }, "contactEmail": "studio@pointe.test", "websiteUrl": "https://studio.pointe.test" });
        assert_eq!(put(app, "/api/admin/settings/site", &admin, identity).await.status, StatusCode::OK);
        let public = app.get("/api/config/site").await.json();
        let blank = json!({ "he": "", "en": "", "ru": "", "fr": "", "es": "" });
        let (mut slogan, mut location) = (blank.clone(), blank);
        slogan["en"] = json!("Shoes for every dancer");
        location["he"] = json!("חיפה");
        assert_eq!(public, json!({ "siteName": "Studio Pointe", "slogan": slogan, "location": location,
            "contactEmail": "studio@pointe.test", "websiteUrl": "https://studio.pointe.test",
            "dataCredit": pointe_server::testing::finder::CREDIT }));
        let page = app.get("/tips?lang=en").await.text();
        assert!(page.contains("<title>Pointe shoe tips — Studio Pointe</title>"), "{page}");
        assert!(page.contains("og:site_name\" content=\"Studio Pointe\""));
        let home = app.get("/?lang=en").await.text();
        assert!(home.contains("<title>Studio Pointe — "), "the home title starts with the name: {home}");
        let audited: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE resource_type = 'settings' AND resource_id = 'site'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(audited, 1);
    })
    .await;
}

#[tokio::test]
async fn analytics_ids_are_checked_served_and_opened_in_the_csp() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        assert_eq!(app.get("/api/config/analytics").await.json(), json!({ "enabled": false, "measurementId": "" }));
        assert_eq!(app.get("/api/config/cloudflare-analytics").await.json(), json!({ "enabled": false, "token": "" }));
        assert!(!app.get("/").await.header("content-security-policy").contains("googletagmanager"));
        for bad in ["UA-1234", "G-", "G-ABC DEF", "g-abc123"] {
            let refused = put(app, "/api/admin/settings/analytics", &admin, json!({ "measurementId": bad, "cloudflareToken": "" })).await;
            assert_field_error(&refused, StatusCode::BAD_REQUEST, "measurementId", "Must start with G- followed by letters and digits");
        }
        let refused = put(app, "/api/admin/settings/analytics", &admin, json!({ "measurementId": "", "cloudflareToken": "short" })).await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "cloudflareToken", "Must be the 32-character token from Cloudflare");

        let token = "0123456789abcdef0123456789abcdef";
        put(app, "/api/admin/settings/analytics", &admin, json!({ "measurementId": "G-AB12CD34", "cloudflareToken": token })).await;
        assert_eq!(app.get("/api/config/analytics").await.json(), json!({ "enabled": true, "measurementId": "G-AB12CD34" }));
        assert_eq!(app.get("/api/config/cloudflare-analytics").await.json(), json!({ "enabled": true, "token": token }));
        let csp = app.get("/").await.header("content-security-policy").to_owned();
        assert!(csp.contains("script-src 'self' https://*.googletagmanager.com https://static.cloudflareinsights.com;"), "{csp}");
        assert!(csp.contains("img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com;"), "{csp}");
        assert!(csp.contains("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://cloudflareinsights.com;"), "{csp}");
        assert!(!app.get("/api/brands").await.header("content-security-policy").contains("google"), "API answers stay strict");
    })
    .await;
}

#[tokio::test]
async fn email_provider_secrets_are_masked_kept_and_cleared() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let initial = get(app, "/api/admin/settings/email", &admin).await;
        assert_eq!(initial["saved"], false);
        assert!(initial["fallback"].as_str().unwrap().starts_with("files in "));

        let refused = put(app, "/api/admin/settings/email", &admin, json!({ "provider": "sendgrid", "fromAddress": "not an address" })).await;
        let fields = &fields_of(&refused);
        assert_eq!(fields["sendgrid.apiKey"], "This field is required");
        assert_eq!(fields["fromAddress"], "Enter an address, or a name and <address>");

        let settings = json!({ "provider": "smtp", "fromAddress": "Pointe <hello@pointe.test>",
            "smtp": { "host": "mail.pointe.test", "port": 587, "security": "starttls", "username": "hello", "password": "s3cret-pass" },
            "mailgun": { "domain": "mg.pointe.test", "region": "eu", "apiKey": "key-123" } });
        let saved = put(app, "/api/admin/settings/email", &admin, settings.clone()).await.json();
        assert_eq!(saved["settings"]["smtp"]["password"], "********");
        assert_eq!(saved["settings"]["mailgun"]["apiKey"], "********");
        assert_eq!(saved["settings"]["sendgrid"]["apiKey"], "");
        assert!(!get(app, "/api/admin/settings/email", &admin).await.to_string().contains("s3cret-pass"));

        // The form sends the mask back: the stored secret stays. An empty one clears it.
        let mut again = saved["settings"].clone();
        again["smtp"]["port"] = json!(2525);
        again["mailgun"]["apiKey"] = json!("");
        put(app, "/api/admin/settings/email", &admin, again).await;
        // Sealed at rest: the table holds no secret in the clear.
        let raw: String = sqlx::query_scalar("SELECT value FROM settings WHERE key = 'email'").fetch_one(&app.state.db).await.unwrap();
        assert!(raw.starts_with("sealed:v1:") && !raw.contains("s3cret-pass") && !raw.contains("mail.pointe.test"), "{raw}");
        let stored = stored_setting(&app.state, "email").await;
        assert_eq!((stored["smtp"]["password"].clone(), stored["smtp"]["port"].clone()), (json!("s3cret-pass"), json!(2525)));
        assert_eq!(stored["mailgun"]["apiKey"], "");

        // A stored password goes only to the server it was given for: a new host with the mask means none.
        let mut elsewhere = get(app, "/api/admin/settings/email", &admin).await["settings"].clone();
        elsewhere["smtp"]["host"] = json!("attacker.example");
        put(app, "/api/admin/settings/email", &admin, elsewhere).await;
        let stored_password = async || -> Value { stored_setting(&app.state, "email").await["smtp"]["password"].clone() };
        assert_eq!(stored_password().await, "");

        // Nor over a weaker connection: encryption turned off with the mask means none; turned up, it stays.
        put(app, "/api/admin/settings/email", &admin, settings).await;
        for (security, kept) in [("tls", "s3cret-pass"), ("none", "")] {
            let mut changed = get(app, "/api/admin/settings/email", &admin).await["settings"].clone();
            changed["smtp"]["security"] = json!(security);
            put(app, "/api/admin/settings/email", &admin, changed).await;
            assert_eq!(stored_password().await, kept, "{security}");
        }
    })
    .await;
}

#[tokio::test]
async fn the_bot_check_setting_replaces_the_environments_at_once() {
    each_backend_with(&[("BOT_CHECK", "altcha")], async |app| {
        let admin = app.signed_in_admin("admin").await;
        let environment = get(app, "/api/admin/settings/bot-check", &admin).await;
        assert_eq!(environment["provider"], "altcha");
        assert_eq!(app.get("/api/auth/bot-check").await.json()["maxnumber"], environment["difficulty"]);

        let refused = put(app, "/api/admin/settings/bot-check", &admin,
            json!({ "provider": "turnstile", "difficulty": 10, "turnstileSiteKey": "", "turnstileSecret": "" })).await;
        let fields = &fields_of(&refused);
        assert_eq!(fields["difficulty"], "Must be between 1000 and 10000000");
        assert_eq!(fields["turnstileSiteKey"], "This field is required");
        assert_eq!(fields["turnstileSecret"], "This field is required");

        put(app, "/api/admin/settings/bot-check", &admin, json!({ "provider": "altcha", "difficulty": 5000, "turnstileSiteKey": "", "turnstileSecret": "" })).await;
        assert_eq!(app.get("/api/auth/bot-check").await.json()["maxnumber"], 5000);

        let turnstile = json!({ "provider": "turnstile", "difficulty": 5000, "turnstileSiteKey": "site-key", "turnstileSecret": "very-secret" });
        let saved = put(app, "/api/admin/settings/bot-check", &admin, turnstile).await.json();
        assert_eq!(saved["turnstileSecret"], "********");
        assert_eq!(app.get("/api/auth/bot-check").await.json(), json!({ "provider": "turnstile", "siteKey": "site-key" }));
        assert!(app.get("/login").await.header("content-security-policy").contains("script-src 'self' https://challenges.cloudflare.com"));

        // The way back from a wrong secret that locks everyone out.
        pointe_server::testing::reset_setting(&app.state.db, "botCheck").await.unwrap();
        assert!(pointe_server::testing::reset_setting(&app.state.db, "nope").await.is_err());
        let restarted = app.another_instance().await;
        assert_eq!(restarted.get("/api/auth/bot-check").await.json()["provider"], "altcha");
    })
    .await;
}

#[tokio::test]
async fn ai_models_and_audit_retention_are_checked() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let current = get(app, "/api/admin/settings/ai-models", &admin).await;
        let choice = current["choices"][1].clone();
        let mut models = current["models"].clone();
        models["he"] = choice.clone();
        let saved = put(app, "/api/admin/settings/ai-models", &admin, models.clone()).await.json();
        assert_eq!(saved["models"]["he"], choice);
        models["en"] = json!("gpt-4o-mini");
        assert_eq!(
            put(app, "/api/admin/settings/ai-models", &admin, models.clone()).await.json()["models"]["en"],
            "gpt-4o-mini",
            "any model name the gateway knows"
        );
        models["fr"] = json!("  ");
        assert_field_error(
            &put(app, "/api/admin/settings/ai-models", &admin, models).await,
            StatusCode::BAD_REQUEST,
            "fr",
            "This field is required",
        );

        assert_eq!(get(app, "/api/admin/settings/audit", &admin).await, json!({ "retentionDays": 365 }));
        assert_field_error(
            &put(app, "/api/admin/settings/audit", &admin, json!({ "retentionDays": 3 })).await,
            StatusCode::BAD_REQUEST,
            "retentionDays",
            "Must be between 7 and 3650",
        );
        assert_eq!(
            put(app, "/api/admin/settings/audit", &admin, json!({ "retentionDays": 30 })).await.status,
            StatusCode::OK
        );
    })
    .await;
}
