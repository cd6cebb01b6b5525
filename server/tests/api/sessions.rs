//! The admin's sessions calls: listing live sessions, filtering by user, revoking one or all of a
//! user's, and the revoked token failing on its next call.

use crate::common::{assert_json_error, each_backend, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::Value;

async fn call(app: &TestApp, method: Method, uri: &str, token: &str) -> crate::common::TestResponse {
    app.request(method, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

fn user_id_of(list: &Value, username: &str) -> String {
    list["sessions"].as_array().unwrap().iter().find(|s| s["username"] == username).unwrap()["userId"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn moderators_and_admins_list_and_revoke_sessions_and_a_revoked_token_dies() {
    each_backend(async |app| {
        let member = app.user_with_role("giselle", Role::User).await;
        let editor = app.user_with_role("ed", Role::Editor).await;
        let moderator = app.user_with_role("mod", Role::Moderator).await;
        assert_json_error(&app.get("/api/sessions/list").await, StatusCode::UNAUTHORIZED, "Authentication required");
        for token in [&member, &editor] {
            assert_json_error(&call(app, Method::GET, "/api/sessions/list", token).await, StatusCode::FORBIDDEN, "You do not have permission to do this");
        }

        let list = call(app, Method::GET, "/api/sessions/list", &moderator).await.json();
        assert_eq!(list["now"], app.state.clock.now_ms());
        let sessions = list["sessions"].as_array().unwrap();
        assert_eq!(sessions.len(), 3);
        let own = sessions.iter().find(|s| s["username"] == "mod").unwrap();
        assert_eq!(own["current"], true);
        assert!(sessions.iter().filter(|s| s["current"] == true).count() == 1);
        for field in ["id", "ip", "browser", "createdAt", "lastActivityAt", "expiresAt"] {
            assert!(!own[field].is_null(), "{field}");
        }

        let giselle = user_id_of(&list, "giselle");
        let only = call(app, Method::GET, &format!("/api/sessions/list?user_id={giselle}"), &moderator).await.json();
        let theirs = only["sessions"].as_array().unwrap();
        assert_eq!(theirs.len(), 1);
        let session = theirs[0]["id"].as_str().unwrap().to_owned();

        assert_eq!(call(app, Method::GET, "/api/tips", &member).await.status, StatusCode::OK);
        let revoked = call(app, Method::DELETE, &format!("/api/sessions/revoke/{session}"), &moderator).await;
        assert_eq!(revoked.json()["revoked"], 1);
        assert_json_error(&call(app, Method::GET, "/api/tips", &member).await, StatusCode::UNAUTHORIZED, "Authentication required");
        assert_json_error(&call(app, Method::DELETE, &format!("/api/sessions/revoke/{session}"), &moderator).await, StatusCode::NOT_FOUND, "Session not found");

        // A staff member's sessions are for an admin to end.
        let editor_id = user_id_of(&list, "ed");
        let refused = call(app, Method::DELETE, &format!("/api/sessions/revoke-user/{editor_id}"), &moderator).await;
        assert_json_error(&refused, StatusCode::FORBIDDEN, "You do not have permission to do this");
        let admin = app.signed_in_admin("boss").await;
        let all = call(app, Method::DELETE, &format!("/api/sessions/revoke-user/{editor_id}"), &admin).await;
        assert_eq!(all.json()["revoked"], 1);
        assert_eq!(call(app, Method::GET, "/api/admin/brands", &editor).await.status, StatusCode::UNAUTHORIZED);

        let audit: Vec<String> = sqlx::query_scalar("SELECT action FROM audit_log WHERE resource_type IN ('session', 'user_sessions') ORDER BY created_at, action")
            .fetch_all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(audit, ["revoke", "revoke_all"]);
    })
    .await;
}
