//! The member's own account page: profile, e-mail language, newsletter (which puts them in the admin's
//! newsletter group), a password change that ends the other sessions, and "log out other sessions".

use crate::common::{assert_json_error, each_backend, fields_of, without_code, TestApp, TestResponse};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use pointe_server::testing::{sessions, ClientInfo};
use serde_json::{json, Value};

async fn send(app: &TestApp, method: Method, uri: &str, token: &str, body: Value) -> TestResponse {
    app.send_json(method, uri, &body, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn call(app: &TestApp, method: Method, uri: &str, token: &str) -> TestResponse {
    app.request(method, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

/// Another sign-in of the same user (a second device).
async fn second_device(app: &TestApp, username: &str) -> String {
    let id: String = sqlx::query_scalar("SELECT id FROM users WHERE username = $1")
        .bind(username)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let client = ClientInfo { ip: "10.0.0.2".to_owned(), user_agent: "phone".to_owned() };
    sessions::start(&app.state, &id, &client).await.unwrap().token
}

#[tokio::test]
async fn members_edit_their_profile_language_and_newsletter() {
    each_backend(async |app| {
        assert_json_error(&app.get("/api/account").await, StatusCode::UNAUTHORIZED, "Authentication required");
        let member = app.user_with_role("giselle", Role::User).await;
        let account = call(app, Method::GET, "/api/account", &member).await.json();
        assert_eq!((account["username"].clone(), account["newsletter"].clone()), (json!("giselle"), json!(false)));

        let bad = send(app, Method::PATCH, "/api/account", &member, json!({ "profile": { "phone": "call me", "gender": "x" } })).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(fields_of(&bad), json!({ "phone": "Invalid phone number format", "gender": "Invalid gender" }));
        assert_eq!(fields_of(&send(app, Method::PATCH, "/api/account", &member, json!({ "language": "xx" })).await)["language"], "Unknown language");

        let changed = send(app, Method::PATCH, "/api/account", &member,
            json!({ "profile": { "phone": "+972 50-123-4567", "location": "Haifa", "gender": "" }, "language": "fr", "newsletter": true })).await.json();
        assert_eq!((changed["phone"].clone(), changed["location"].clone(), changed["gender"].clone()), (json!("+972 50-123-4567"), json!("Haifa"), Value::Null));
        assert_eq!((changed["language"].clone(), changed["newsletter"].clone()), (json!("fr"), json!(true)));

        let admin = app.signed_in_admin("admin").await;
        let subscribers = call(app, Method::GET, "/api/users/list?group=newsletter", &admin).await.json();
        assert_eq!(subscribers["users"][0]["username"], "giselle");
        assert_eq!(subscribers["total"], 1);
        assert_eq!(send(app, Method::PATCH, "/api/account", &member, json!({ "newsletter": false })).await.json()["newsletter"], false);
        assert_eq!(call(app, Method::GET, "/api/users/list?group=newsletter", &admin).await.json()["total"], 0);
        // Admins cannot subscribe members: the newsletter is the member's own choice.
        let forced = send(app, Method::POST, "/api/users/groups/newsletter/members", &admin, json!({ "userIds": [changed["id"]] })).await;
        assert_json_error(&forced, StatusCode::CONFLICT, "This group cannot be changed by hand");
    })
    .await;
}

#[tokio::test]
async fn a_password_change_checks_the_current_one_and_ends_the_other_sessions() {
    each_backend(async |app| {
        let member = app.user_with_role("giselle", Role::User).await;
        let phone = second_device(app, "giselle").await;
        let wrong = send(app, Method::POST, "/api/account/password", &member,
            json!({ "currentPassword": "nope", "newPassword": "Grand-jeté 2026", "confirmPassword": "Grand-jeté 2026" })).await;
        assert_eq!(without_code(&wrong), json!({ "error": "Current password is incorrect", "fields": { "currentPassword": "Current password is incorrect" } }));
        let weak = send(app, Method::POST, "/api/account/password", &member,
            json!({ "currentPassword": "Unused-password 1", "newPassword": "short", "confirmPassword": "other" })).await;
        assert_eq!(fields_of(&weak), json!({ "newPassword": "Password must be at least 8 characters long", "confirmPassword": "Passwords do not match" }));

        let changed = send(app, Method::POST, "/api/account/password", &member,
            json!({ "currentPassword": "Unused-password 1", "newPassword": "Grand-jeté 2026", "confirmPassword": "Grand-jeté 2026" })).await;
        assert_eq!(changed.json(), json!({ "otherSessionsEnded": 1 }));
        assert_eq!(call(app, Method::GET, "/api/tips", &member).await.status, StatusCode::OK, "this device stays signed in");
        assert_eq!(call(app, Method::GET, "/api/tips", &phone).await.status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn members_see_their_sessions_and_log_out_the_others() {
    each_backend(async |app| {
        let member = app.user_with_role("giselle", Role::User).await;
        let phone = second_device(app, "giselle").await;
        app.user_with_role("odile", Role::User).await;
        let list = call(app, Method::GET, "/api/account/sessions", &member).await.json();
        let sessions = list["sessions"].as_array().unwrap();
        assert_eq!(sessions.len(), 2, "only their own");
        assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
        assert!(sessions.iter().any(|s| s["browser"] == "phone" || s["ip"] == "10.0.0.2"));
        assert_eq!(
            call(app, Method::DELETE, "/api/account/sessions/others", &member).await.json(),
            json!({ "revoked": 1 })
        );
        assert_eq!(call(app, Method::GET, "/api/tips", &phone).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            call(app, Method::GET, "/api/account/sessions", &member).await.json()["sessions"].as_array().unwrap().len(),
            1
        );
    })
    .await;
}

#[tokio::test]
async fn changes_that_change_nothing_leave_no_audit_row() {
    each_backend(async |app| {
        let member = app.user_with_role("giselle", Role::User).await;
        let audit_rows = async || -> i64 {
            sqlx::query_scalar("SELECT COUNT(*) FROM audit_log").fetch_one(&app.state.db).await.unwrap()
        };
        let change = json!({ "profile": { "location": "Haifa" }, "language": "fr" });
        assert_eq!(send(app, Method::PATCH, "/api/account", &member, change.clone()).await.status, StatusCode::OK);
        assert_eq!(audit_rows().await, 1);
        for nothing in [json!({}), change] {
            assert_eq!(send(app, Method::PATCH, "/api/account", &member, nothing).await.status, StatusCode::OK);
        }
        assert_eq!(audit_rows().await, 1, "neither `{{}}` nor the same values again is a change");

        second_device(app, "giselle").await;
        for _ in 0..3 {
            assert_eq!(call(app, Method::DELETE, "/api/account/sessions/others", &member).await.status, StatusCode::OK);
        }
        assert_eq!(audit_rows().await, 2, "only the call that ended a session");
    })
    .await;
}
