use crate::common::{assert_json_error, each_backend, each_backend_with};
use axum::http::{Method, StatusCode};
use pointe_server::testing::{analytics::flush, Role};
use pointe_server::testing::{create_admin, password, set_role};
use serde_json::json;
use sqlx::Row;

#[tokio::test]
async fn create_admin_validates_hashes_and_refuses_duplicates() {
    each_backend(async |app| {
        let db = &app.state.db;
        let weak = create_admin(db, "odette", "odette@example.org", "short").await.unwrap_err();
        assert_eq!(weak.to_string(), "Password must be at least 8 characters long");
        let bad_name = create_admin(db, "1odette", "odette@example.org", "swan-lake!").await.unwrap_err();
        assert_eq!(bad_name.to_string(), "Username must start with a letter");

        create_admin(db, "Odette", "Odette@Example.org", "swan-lake!").await.unwrap();
        let row = sqlx::query("SELECT email, password_hash, is_admin, role FROM users WHERE username = 'Odette'")
            .fetch_one(db)
            .await
            .unwrap();
        assert_eq!(row.get::<String, _>("email"), "odette@example.org");
        let hash: String = row.get("password_hash");
        assert!(hash.starts_with("$argon2id$") && password::verify("swan-lake!".to_owned(), Some(hash)).await.unwrap());
        assert_eq!(row.get::<i64, _>("is_admin"), 1);
        assert_eq!(row.get::<String, _>("role"), "admin");

        let again = create_admin(db, "ODETTE", "other@example.org", "swan-lake!").await.unwrap_err();
        assert_eq!(again.to_string(), "Username or email already exists");
    })
    .await;
}

#[tokio::test]
async fn each_role_gets_its_permissions_and_the_dashboard_only_with_one() {
    each_backend(async |app| {
        assert_json_error(&app.get("/api/admin/stats").await, StatusCode::UNAUTHORIZED, "Authentication required");
        let cases = [
            ("member", Role::User, false, json!([])),
            ("editor", Role::Editor, false, json!(["catalogue", "blog", "email", "analytics"])),
            ("moderator", Role::Moderator, false, json!(["users", "sessions", "auditLogs"])),
            (
                "boss",
                Role::User,
                true,
                json!([
                    "catalogue",
                    "blog",
                    "users",
                    "sessions",
                    "auditLogs",
                    "settings",
                    "email",
                    "analytics",
                    "ai",
                    "cache",
                    "crashes"
                ]),
            ),
        ];
        for (username, role, is_admin, permissions) in cases {
            let token = app.account(username, role, is_admin).await;
            let verified = app.post_json("/api/auth/verify", &json!({ "token": token })).await;
            assert_eq!(verified.json()["user"]["permissions"], permissions, "{username}");
            let bearer = format!("Bearer {token}");
            let stats = app.request(Method::GET, "/api/admin/stats", &[("authorization", &bearer)]).await;
            if username == "member" {
                assert_json_error(&stats, StatusCode::FORBIDDEN, "You do not have permission to do this");
            } else {
                assert_eq!(stats.status, StatusCode::OK, "{username}");
                let counts = stats.json();
                assert_eq!((counts["brands"].as_i64(), counts["products"].as_i64()), (Some(7), Some(6)));
                assert!(
                    counts["users"].as_i64() >= Some(2) && counts["activeSessions"].as_i64() >= Some(2),
                    "{counts}"
                );
                assert_eq!(counts["posts"], 7, "the published seed posts");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn the_overview_gives_each_role_the_figures_of_its_screens() {
    each_backend_with(&[("TRUST_PROXY", "true")], async |app| {
        for (ip, path) in [("203.0.113.1", "/en"), ("203.0.113.1", "/en/brands"), ("198.51.100.2", "/he")] {
            let view = json!({ "name": "pageview", "url": format!("http://pointe.test{path}"), "lang": "en" });
            let headers = [
                ("x-forwarded-for", ip),
                ("user-agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
            ];
            assert_eq!(
                app.send_json(Method::POST, "/api/analytics/event", &view, &headers).await.status,
                StatusCode::ACCEPTED
            );
        }
        flush(&app.state).await;
        let crash = json!({ "message": "boom", "url": "http://pointe.test/", "timestamp": "now" });
        app.send_json(Method::POST, "/api/admin/log-error", &crash, &[("x-forwarded-for", "192.0.2.9")]).await;

        let overview = async |role: Role| {
            let token = app.user_with_role(&format!("staff{}", role.code()), role).await;
            let answer =
                app.request(Method::GET, "/api/admin/overview", &[("authorization", &format!("Bearer {token}"))]).await;
            (answer.status, answer.json())
        };
        let (status, admin) = overview(Role::Admin).await;
        assert_eq!(status, StatusCode::OK, "{admin}");
        let traffic = admin["traffic"].as_array().unwrap();
        assert_eq!(traffic.len(), 7, "a week, today last");
        assert_eq!((traffic[6]["visitors"].as_i64(), traffic[6]["pageviews"].as_i64()), (Some(2), Some(3)));
        assert_eq!(traffic[0]["pageviews"], 0);
        assert!(admin["newMembers"].as_i64() >= Some(1), "{admin}");
        assert_eq!(admin["lastCampaign"], json!(null), "no campaign has been sent");
        assert_eq!(admin["assistant"], json!({ "requests": 0, "successRate": null }));
        assert_eq!(admin["unresolvedCrashes"], 1);
        assert!(admin["cache"].is_object(), "{admin}");

        let (_, editor) = overview(Role::Editor).await;
        assert!(editor["traffic"].is_array());
        for hidden in ["newMembers", "assistant", "unresolvedCrashes", "cache"] {
            assert_eq!(editor[hidden], json!(null), "an editor does not see {hidden}");
        }
        let (_, moderator) = overview(Role::Moderator).await;
        assert_eq!((moderator["traffic"].is_null(), moderator["newMembers"].is_number()), (true, true));
        assert_eq!(overview(Role::User).await.0, StatusCode::FORBIDDEN);
    })
    .await;
}

#[tokio::test]
async fn set_role_gives_and_takes_away_permissions_at_once() {
    each_backend(async |app| {
        let db = &app.state.db;
        let token = app.user_with_role("clara", Role::User).await;
        let brands = async || {
            app.request(Method::GET, "/api/admin/brands", &[("authorization", &format!("Bearer {token}"))]).await.status
        };
        assert_eq!(brands().await, StatusCode::FORBIDDEN);
        set_role(db, "Clara", "editor").await.unwrap();
        assert_eq!(brands().await, StatusCode::OK, "the live session gets the new role");
        assert_eq!(
            set_role(db, "clara", "boss").await.unwrap_err().to_string(),
            "Unknown role boss: use one of user, moderator, editor, admin"
        );
        assert_eq!(set_role(db, "nobody", "editor").await.unwrap_err().to_string(), "No user named nobody");
        set_role(db, "clara", "user").await.unwrap();
        assert_eq!(brands().await, StatusCode::FORBIDDEN);
    })
    .await;
}
