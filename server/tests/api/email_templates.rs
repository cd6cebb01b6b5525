//! The admins' e-mail templates: writing them in several languages, the checks on their variables,
//! duplicating, deleting, who may, the live preview, and a test message through a real SMTP server.

use crate::common::{
    assert_error_code, assert_field_error, each_backend, each_backend_with, fields_of, TestApp, TestResponse,
};
use crate::email_delivery::{free_port, only_message, smtp_settings, SmtpServer};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

async fn call(app: &TestApp, method: Method, uri: &str, token: &str, body: &Value) -> TestResponse {
    app.send_json(method, uri, body, &[("authorization", &format!("Bearer {token}"))]).await
}

fn template(name: &str) -> Value {
    json!({
        "name": name, "category": "newsletter",
        "translations": {
            "en": { "subject": "New at {{brandName}}", "body": "# Hello {{ username }}\n\nSee [the shoes]({{siteUrl}}/brand/bloch)." },
            "he": { "subject": "חדש אצל {{brandName}}", "body": "שלום {{username}}" }
        }
    })
}

#[tokio::test]
async fn templates_are_written_listed_duplicated_and_deleted() {
    each_backend(async |app| {
        let editor = app.user_with_role("clara", Role::Editor).await;
        let created = call(app, Method::POST, "/api/admin/email/templates", &editor, &template(" Spring news ")).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        let record = created.json();
        let id = record["id"].as_str().unwrap().to_owned();
        assert_eq!(record["name"], "Spring news");
        assert_eq!(record["translations"]["he"]["body"], "שלום {{username}}");

        let list = call(app, Method::GET, "/api/admin/email/templates", &editor, &json!(null)).await.json();
        assert_eq!(list[0]["translations"], record["translations"]);
        assert_eq!(list[0]["category"], "newsletter");

        let same_name = call(app, Method::POST, "/api/admin/email/templates", &editor, &template("SPRING NEWS")).await;
        assert_error_code(&same_name, StatusCode::CONFLICT, "template_name_taken");

        let copy_uri = format!("/api/admin/email/templates/{id}/duplicate");
        let copy = call(app, Method::POST, &copy_uri, &editor, &json!({ "name": "Copy of Spring news" })).await;
        assert_eq!(copy.status, StatusCode::CREATED, "{}", copy.text());
        let copy = copy.json();
        assert_ne!(copy["id"], record["id"]);
        assert_eq!(copy["translations"], record["translations"]);
        let again = call(app, Method::POST, &copy_uri, &editor, &json!({ "name": "Copy of Spring news" })).await;
        assert_error_code(&again, StatusCode::CONFLICT, "template_name_taken");

        let mut changed = template("Spring news");
        changed["category"] = json!("promotional");
        changed["translations"] = json!({ "fr": { "subject": "Nouveau", "body": "Bonjour {{username}}" } });
        let uri = format!("/api/admin/email/templates/{id}");
        let updated = call(app, Method::PUT, &uri, &editor, &changed).await;
        assert_eq!(updated.status, StatusCode::OK, "{}", updated.text());
        assert_eq!(
            updated.json()["translations"],
            json!({ "fr": { "subject": "Nouveau", "body": "Bonjour {{username}}" } })
        );
        let renamed_to_copy = call(app, Method::PUT, &uri, &editor, &template("copy of spring news")).await;
        assert_error_code(&renamed_to_copy, StatusCode::CONFLICT, "template_name_taken");

        assert_eq!(call(app, Method::DELETE, &uri, &editor, &json!(null)).await.status, StatusCode::NO_CONTENT);
        assert_error_code(
            &call(app, Method::GET, &uri, &editor, &json!(null)).await,
            StatusCode::NOT_FOUND,
            "template_not_found",
        );
        assert_error_code(
            &call(app, Method::DELETE, &uri, &editor, &json!(null)).await,
            StatusCode::NOT_FOUND,
            "template_not_found",
        );
        let audited: Vec<(String, String)> = sqlx::query_as(
            "SELECT action, resource_id FROM audit_log WHERE resource_type = 'email_template' ORDER BY created_at, id",
        )
        .fetch_all(&app.state.db)
        .await
        .unwrap();
        assert_eq!(audited.iter().filter(|(action, _)| action == "create").count(), 2);
        assert!(audited.contains(&("delete".to_owned(), id.clone())));

        let member = app.user_with_role("odile", Role::User).await;
        let refused = call(app, Method::GET, "/api/admin/email/templates", &member, &json!(null)).await;
        assert_error_code(&refused, StatusCode::FORBIDDEN, "forbidden");
        let moderator = app.user_with_role("rothbart", Role::Moderator).await;
        let refused = call(app, Method::POST, "/api/admin/email/templates", &moderator, &template("Mine")).await;
        assert_error_code(&refused, StatusCode::FORBIDDEN, "forbidden");
    })
    .await;
}

#[tokio::test]
async fn a_misspelt_variable_or_a_missing_text_is_refused_by_name_and_nothing_is_saved() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let mut wrong = template("Wrong");
        wrong["translations"]["en"]["body"] = json!("Hi {{userName}}");
        wrong["translations"]["he"]["subject"] = json!("שלום {{brandName");
        let refused = call(app, Method::POST, "/api/admin/email/templates", &admin, &wrong).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            fields_of(&refused),
            json!({ "translations.en.body": "Unknown variable: {{userName}}",
                "translations.he.subject": "A variable is not closed: write {{name}}" })
        );
        // Each field's code and values, which a client words in its own language.
        assert_eq!(
            refused.json()["fields"]["translations.en.body"],
            json!({ "code": "unknown_variable", "message": "Unknown variable: {{userName}}", "values": { "name": "{{userName}}" } })
        );
        assert_eq!(refused.json()["fields"]["translations.he.subject"]["code"], "variable_unclosed");
        let empty = json!({ "name": " ", "category": "welcome", "translations": {} });
        let refused = call(app, Method::POST, "/api/admin/email/templates", &admin, &empty).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            fields_of(&refused),
            json!({ "name": "This field is required", "translations": "Write the template in at least one language" })
        );
        let odd = json!({ "name": "x", "category": "spam", "translations": { "en": { "subject": "a", "body": "b" } } });
        assert_eq!(
            call(app, Method::POST, "/api/admin/email/templates", &admin, &odd).await.status,
            StatusCode::BAD_REQUEST
        );
        let list = call(app, Method::GET, "/api/admin/email/templates", &admin, &json!(null)).await.json();
        assert_eq!(list, json!([]));
        let variables =
            call(app, Method::GET, "/api/admin/email/templates/variables", &admin, &json!(null)).await.json();
        assert_eq!(variables["variables"], json!(["brandName", "username", "siteName", "siteUrl", "unsubscribeUrl"]));
    })
    .await;
}

#[tokio::test]
async fn the_preview_is_the_message_with_sample_values_right_to_left_in_hebrew() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("odette").await;
        let request = json!({ "lang": "he", "subject": "חדש אצל {{brandName}}", "body": "## שלום {{username}}\n\n<img src=x onerror=alert(1)>" });
        let preview = call(app, Method::POST, "/api/admin/email/templates/preview", &admin, &request).await;
        assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
        let preview = preview.json();
        assert_eq!(preview["subject"], "חדש אצל Bloch");
        let html = preview["html"].as_str().unwrap();
        assert!(html.contains(r#"<html lang="he" dir="rtl">"#) && html.contains("<h2>שלום odette</h2>"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(preview["text"].as_str().unwrap().contains("שלום odette"));
        let wrong = json!({ "lang": "en", "subject": "Hi", "body": "{{ whoever }}" });
        let refused = call(app, Method::POST, "/api/admin/email/templates/preview", &admin, &wrong).await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "translations.en.body", "Unknown variable: {{whoever}}");
    })
    .await;
}

#[tokio::test]
async fn a_test_message_arrives_through_the_smtp_server_in_the_version_asked() {
    let smtp = SmtpServer::start(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let admin = app.signed_in_admin("odette").await;
        let request = json!({ "to": "ops@pointe.test", "lang": "en", "subject": "New at {{brandName}}",
            "body": "Hello **{{username}}**, see {{siteUrl}}." });
        let sent = call(app, Method::POST, "/api/admin/email/templates/test", &admin, &request).await;
        assert_eq!(sent.json(), json!({ "sent": true }), "{}", sent.text());
        let mail = only_message(&smtp);
        assert_eq!((mail.to.as_str(), mail.subject.as_str()), ("ops@pointe.test", "New at Bloch"));
        assert!(mail.html.contains("Hello <strong>odette</strong>"), "{}", mail.html);
        assert!(mail.text.contains("Hello **odette**") && mail.text.contains("Unsubscribe: "), "{}", mail.text);
        let bad = call(
            app,
            Method::POST,
            "/api/admin/email/templates/test",
            &admin,
            &json!({ "to": "nope", "lang": "en", "subject": "a", "body": "b" }),
        )
        .await;
        assert_field_error(&bad, StatusCode::BAD_REQUEST, "to", "Invalid email address");

        // Test messages go out at once to any address: twenty an hour per account.
        let editor = app.user_with_role("siegfried", Role::Editor).await;
        for n in 0..20 {
            let sent = call(app, Method::POST, "/api/admin/email/templates/test", &editor, &request).await;
            assert_eq!(sent.status, StatusCode::OK, "test {n}: {}", sent.text());
        }
        smtp.take_messages();
        let limited = call(app, Method::POST, "/api/admin/email/templates/test", &editor, &request).await;
        assert_error_code(&limited, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        assert!(smtp.take_messages().is_empty(), "nothing sent past the limit");
        let other = call(app, Method::POST, "/api/admin/email/templates/test", &admin, &request).await;
        assert_eq!(other.status, StatusCode::OK, "another account has its own count");
        smtp.take_messages();
    })
    .await;
}
