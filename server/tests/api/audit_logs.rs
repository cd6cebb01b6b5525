//! The audit log table: filters (action, resource type, user id, dates), paging, the CSV export, and
//! the retention the cleanup job applies.

use crate::common::{assert_json_error, each_backend, TestApp, TestResponse};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use pointe_server::testing::{cleanup, Clock, DAY_MS};

/// Apart enough to filter by, within the tokens' hour.
const STEP_MS: i64 = 20 * 60_000;
use serde_json::{json, Value};

async fn call(app: &TestApp, uri: &str, token: &str) -> TestResponse {
    app.request(Method::GET, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn brand(app: &TestApp, token: &str, id: &str) {
    let body = json!({ "id": id, "image": "/images/logo.svg", "link": "https://example.org",
        "translations": { "he": { "name": id, "description": "x" } } });
    let created =
        app.send_json(Method::POST, "/api/admin/brands", &body, &[("authorization", &format!("Bearer {token}"))]).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
}

fn actions(page: &Value) -> Vec<(String, String)> {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["resourceId"].as_str().unwrap_or("").to_owned()))
        .collect()
}

#[tokio::test]
async fn the_log_filters_pages_and_exports() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let editor = app.user_with_role("editor", Role::Editor).await;
        assert_json_error(
            &call(app, "/api/admin/audit-logs", &editor).await,
            StatusCode::FORBIDDEN,
            "You do not have permission to do this",
        );
        let start = app.clock.now_ms();
        brand(app, &admin, "first-brand").await;
        app.clock.advance_ms(STEP_MS);
        brand(app, &editor, "second-brand").await;
        app.clock.advance_ms(STEP_MS);
        brand(app, &admin, "third-brand").await;

        let all = call(app, "/api/admin/audit-logs?resourceType=brand", &admin).await.json();
        assert_eq!(all["total"], 3);
        assert_eq!(actions(&all)[0].1, "third-brand", "newest first");
        assert!(all["actions"].as_array().unwrap().contains(&json!("create")));
        assert!(all["resourceTypes"].as_array().unwrap().contains(&json!("brand")));

        let editor_id: String = sqlx::query_scalar("SELECT id FROM users WHERE username = 'editor'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        let by_editor = call(app, &format!("/api/admin/audit-logs?userId={editor_id}"), &admin).await.json();
        assert_eq!(actions(&by_editor), [("create".to_owned(), "second-brand".to_owned())]);
        let second_day =
            call(app, &format!("/api/admin/audit-logs?from={}&to={}", start + STEP_MS, start + 2 * STEP_MS), &admin)
                .await
                .json();
        assert_eq!(actions(&second_day), [("create".to_owned(), "second-brand".to_owned())]);
        let none = call(app, "/api/admin/audit-logs?action=delete", &admin).await.json();
        assert_eq!((none["total"].clone(), none["entries"].clone()), (json!(0), json!([])));
        let paged = call(app, "/api/admin/audit-logs?resourceType=brand&pageSize=10&page=2", &admin).await.json();
        assert_eq!(paged["entries"], json!([]));

        let csv = call(app, "/api/admin/audit-logs/export?resourceType=brand&action=create", &admin).await;
        assert_eq!(csv.header("content-disposition"), "attachment; filename=\"audit-logs.csv\"");
        let text = csv.text();
        assert!(text.starts_with("\u{FEFF}Time,User,User id,Action,Resource type,Resource,IP address,User agent\r\n"));
        assert_eq!(text.matches("\r\n").count(), 4);
        assert!(text.contains(&format!(",editor,{editor_id},create,brand,second-brand,")), "{text}");
    })
    .await;
}

#[tokio::test]
async fn the_cleanup_job_keeps_entries_for_the_retention_days() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let retention = json!({ "retentionDays": 30 });
        app.send_json(
            Method::PUT,
            "/api/admin/settings/audit",
            &retention,
            &[("authorization", &format!("Bearer {admin}"))],
        )
        .await;
        let count = || async {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM audit_log").fetch_one(&app.state.db).await.unwrap()
        };
        assert_eq!(count().await, 1, "the settings change");
        app.clock.advance_ms(29 * DAY_MS);
        assert_eq!(cleanup::run(&app.state).await.unwrap().audit_entries, 0);
        app.clock.advance_ms(2 * DAY_MS);
        assert_eq!(cleanup::run(&app.state).await.unwrap().audit_entries, 1);
        assert_eq!(count().await, 0);
    })
    .await;
}
