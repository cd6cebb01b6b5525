//! The admin's sessions calls: listing live sessions, filtering by user, revoking one or all of a
//! user's, and the revoked token failing on its next call.

use crate::common::{assert_json_error, each_backend, each_backend_with, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::{Role, DAY_MS};
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
        // A moderator sees the members' sessions and their own, not where other staff sign in from.
        let names: Vec<&str> = sessions.iter().map(|s| s["username"].as_str().unwrap()).collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&"giselle") && names.contains(&"mod"), "{names:?}");
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

        // A staff member's sessions are for an admin to see and end.
        let admin = app.signed_in_admin("boss").await;
        let everyone = call(app, Method::GET, "/api/sessions/list", &admin).await.json();
        assert_eq!(everyone["sessions"].as_array().unwrap().len(), 3, "giselle's was ended: ed, mod and boss");
        let editor_id = user_id_of(&everyone, "ed");
        let hidden = call(app, Method::GET, &format!("/api/sessions/list?user_id={editor_id}"), &moderator).await.json();
        assert_eq!(hidden["sessions"], serde_json::json!([]));
        let refused = call(app, Method::DELETE, &format!("/api/sessions/revoke-user/{editor_id}"), &moderator).await;
        assert_json_error(&refused, StatusCode::FORBIDDEN, "You do not have permission to do this");
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

#[tokio::test]
async fn a_session_ends_thirty_days_after_its_sign_in_however_often_it_is_renewed() {
    // Tokens of 10 days, so that a few renewals reach the session's maximum age.
    each_backend_with(&[("TOKEN_TTL_SECONDS", "864000")], async |app| {
        let mut token = app.user_with_role("giselle", Role::User).await;
        let renewed = async |token: &str| -> String {
            let answer = call(app, Method::POST, "/api/auth/refresh", token).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
            answer.json()["token"].as_str().unwrap().to_owned()
        };
        for _ in 0..3 {
            app.clock.advance_ms(9 * DAY_MS);
            token = renewed(&token).await;
        }
        app.clock.advance_ms(3 * DAY_MS - 60_000);
        token = renewed(&token).await;
        assert_eq!(call(app, Method::GET, "/api/tips", &token).await.status, StatusCode::OK);
        app.clock.advance_ms(60_000);
        let ended = call(app, Method::GET, "/api/tips", &token).await;
        assert_json_error(&ended, StatusCode::UNAUTHORIZED, "Authentication required");
        assert_eq!(call(app, Method::POST, "/api/auth/refresh", &token).await.status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn a_refreshed_token_dies_a_minute_after_the_refresh() {
    each_backend(async |app| {
        let old = app.user_with_role("giselle", Role::User).await;
        app.clock.advance_ms(10_000);
        let answer = call(app, Method::POST, "/api/auth/refresh", &old).await;
        assert_eq!(answer.status, StatusCode::OK);
        let new = answer.json()["token"].as_str().unwrap().to_owned();
        // Requests already sent and other tabs still holding it get a grace...
        app.clock.advance_ms(59_000);
        assert_eq!(call(app, Method::GET, "/api/tips", &old).await.status, StatusCode::OK);
        // ...and then only the newest token counts: one copied before the refresh is no use to a thief.
        app.clock.advance_ms(1_000);
        assert_json_error(
            &call(app, Method::GET, "/api/tips", &old).await,
            StatusCode::UNAUTHORIZED,
            "Authentication required",
        );
        assert_eq!(call(app, Method::POST, "/api/auth/refresh", &old).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(call(app, Method::GET, "/api/tips", &new).await.status, StatusCode::OK);
    })
    .await;
}
