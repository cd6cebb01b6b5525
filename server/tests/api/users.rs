//! The admin's user calls: who may use them, server-side paging, search, sorting and groups, the CSV
//! export, and the rules that keep an admin (no self-demotion, self-delete or last-admin demotion);
//! disabling or deleting a user ends their sessions at once.

use crate::common::{
    assert_field_error, assert_json_error, each_backend, each_backend_with, fields_of, TestApp, TestResponse,
};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

async fn call(app: &TestApp, method: Method, uri: &str, token: &str) -> TestResponse {
    app.request(method, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn send(app: &TestApp, method: Method, uri: &str, token: &str, body: Value) -> TestResponse {
    app.send_json(method, uri, &body, &[("authorization", &format!("Bearer {token}"))]).await
}

fn new_user(username: &str) -> Value {
    json!({ "username": username, "email": format!("{}@pointe.test", username.to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "")),
        "password": "Arabesque-2026", "confirmPassword": "Arabesque-2026" })
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let created = send(app, Method::POST, "/api/users/create", token, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    created.json()
}

fn usernames(page: &Value) -> Vec<String> {
    page["users"].as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap().to_owned()).collect()
}

const FORBIDDEN: &str = "You do not have permission to do this";

#[tokio::test]
async fn each_role_gets_what_the_permission_table_gives() {
    each_backend(async |app| {
        let member = app.user_with_role("member", Role::User).await;
        let editor = app.user_with_role("editor", Role::Editor).await;
        let moderator = app.user_with_role("moderator", Role::Moderator).await;
        let admin = app.signed_in_admin("admin").await;
        assert_json_error(&app.get("/api/users/list").await, StatusCode::UNAUTHORIZED, "Authentication required");
        for token in [&member, &editor] {
            assert_json_error(&call(app, Method::GET, "/api/users/list", token).await, StatusCode::FORBIDDEN, FORBIDDEN);
            assert_json_error(&send(app, Method::POST, "/api/users/create", token, new_user("Nina")).await, StatusCode::FORBIDDEN, FORBIDDEN);
        }
        // A moderator manages members, but neither roles nor staff accounts.
        assert_eq!(call(app, Method::GET, "/api/users/list", &moderator).await.status, StatusCode::OK);
        let nina = create(app, &moderator, new_user("Nina")).await;
        let nina_id = nina["id"].as_str().unwrap();
        let mut staff = new_user("Eddie");
        staff["role"] = json!("editor");
        assert_json_error(&send(app, Method::POST, "/api/users/create", &moderator, staff.clone()).await, StatusCode::FORBIDDEN, FORBIDDEN);
        let promote = send(app, Method::PATCH, &format!("/api/users/update/{nina_id}"), &moderator, json!({ "isAdmin": true })).await;
        assert_json_error(&promote, StatusCode::FORBIDDEN, FORBIDDEN);
        let admin_id = sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE username = 'admin'").fetch_one(&app.state.db).await.unwrap();
        assert_json_error(&call(app, Method::DELETE, &format!("/api/users/delete/{admin_id}"), &moderator).await, StatusCode::FORBIDDEN, FORBIDDEN);
        let disable_admin = send(app, Method::PATCH, &format!("/api/users/update/{admin_id}"), &moderator, json!({ "disabled": true })).await;
        assert_json_error(&disable_admin, StatusCode::FORBIDDEN, FORBIDDEN);
        // Nor the admin's sessions.
        let revoke_admin = call(app, Method::DELETE, &format!("/api/sessions/revoke-user/{admin_id}"), &moderator).await;
        assert_json_error(&revoke_admin, StatusCode::FORBIDDEN, FORBIDDEN);
        let disabled = send(app, Method::PATCH, &format!("/api/users/update/{nina_id}"), &moderator, json!({ "disabled": true })).await;
        assert_eq!(disabled.json()["disabled"], true);
        // The admin does all of it.
        assert_eq!(create(app, &admin, staff).await["role"], "editor");
        let promoted = send(app, Method::PATCH, &format!("/api/users/update/{nina_id}"), &admin, json!({ "isAdmin": true })).await.json();
        assert_eq!((promoted["isAdmin"].clone(), promoted["role"].clone()), (json!(true), json!("admin")));
        let role = send(app, Method::PATCH, &format!("/api/users/update/{nina_id}"), &admin, json!({ "role": "moderator" })).await.json();
        assert_eq!((role["isAdmin"].clone(), role["role"].clone()), (json!(false), json!("moderator")));
        assert_field_error(&send(app, Method::PATCH, &format!("/api/users/update/{nina_id}"), &admin, json!({ "role": "king" })).await, StatusCode::BAD_REQUEST, "role", "Unknown role");
        assert_json_error(&call(app, Method::DELETE, "/api/users/delete/nobody", &admin).await, StatusCode::NOT_FOUND, "User not found");

        let actions: Vec<String> = sqlx::query_scalar("SELECT action FROM audit_log WHERE resource_type = 'user' AND action <> 'signup' ORDER BY created_at, action")
            .fetch_all(&app.state.db)
            .await
            .unwrap();
        for action in ["create", "disable", "set_admin", "set_role"] {
            assert!(actions.iter().any(|a| a == action), "{action} audited: {actions:?}");
        }
    })
    .await;
}

#[tokio::test]
async fn creating_a_user_checks_the_spec_rules_and_taken_names() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let bad = json!({ "username": "1x", "email": "nope", "password": "short", "confirmPassword": "other", "phone": "call me",
            "location": "x".repeat(100) });
        let refused = send(app, Method::POST, "/api/users/create", &admin, bad).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        let fields = &fields_of(&refused);
        assert_eq!(fields["username"], "Username must start with a letter");
        assert_eq!(fields["email"], "Invalid email address");
        assert_eq!(fields["password"], "Password must be at least 8 characters long");
        assert_eq!(fields["confirmPassword"], "Passwords do not match");
        assert_eq!(fields["phone"], "Invalid phone number format");
        assert_eq!(fields["location"], "Location must be under 100 characters");

        let mut full = new_user("Odette");
        full["gender"] = json!("female");
        full["birthDate"] = json!("2001-04-12");
        full["location"] = json!("Haifa");
        full["vip"] = json!(true);
        let odette = create(app, &admin, full).await;
        assert_eq!(odette["groups"], json!(["vip", "new"]));
        assert_eq!((odette["location"].clone(), odette["emailVerified"].clone()), (json!("Haifa"), json!(true)));
        assert_field_error(&send(app, Method::POST, "/api/users/create", &admin, new_user("ODETTE")).await, StatusCode::CONFLICT, "username", "Username already exists");
        let mut same_mail = new_user("Odile");
        same_mail["email"] = json!("odette@pointe.test");
        assert_field_error(&send(app, Method::POST, "/api/users/create", &admin, same_mail).await, StatusCode::CONFLICT, "email", "Email already exists");
    })
    .await;
}

#[tokio::test]
async fn the_list_pages_searches_sorts_and_filters_by_group_on_the_server() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        for n in 0..23 {
            create(app, &admin, new_user(&format!("dancer{n:02}"))).await;
        }
        create(app, &admin, new_user("Zoe")).await;
        let first = call(app, Method::GET, "/api/users/list?pageSize=10&page=1", &admin).await.json();
        assert_eq!(
            (first["total"].clone(), first["page"].clone(), first["pageSize"].clone()),
            (json!(25), json!(1), json!(10))
        );
        assert_eq!(usernames(&first)[..3], ["admin", "dancer00", "dancer01"]);
        let third = call(app, Method::GET, "/api/users/list?pageSize=10&page=3", &admin).await.json();
        assert_eq!(usernames(&third), ["dancer19", "dancer20", "dancer21", "dancer22", "Zoe"]);
        let beyond = call(app, Method::GET, "/api/users/list?pageSize=10&page=99", &admin).await.json();
        assert_eq!((beyond["users"].as_array().unwrap().len(), beyond["total"].clone()), (0, json!(25)));
        assert_json_error(
            &call(app, Method::GET, "/api/users/list?pageSize=7", &admin).await,
            StatusCode::BAD_REQUEST,
            "Page size must be 10, 25, 50 or 100",
        );

        // Search: part of the name or address, whatever the case; LIKE's wildcards are plain characters.
        let found = call(app, Method::GET, "/api/users/list?search=CER1", &admin).await.json();
        assert_eq!(found["total"], 10);
        assert_eq!(call(app, Method::GET, "/api/users/list?search=zoe%40pointe", &admin).await.json()["total"], 1);
        assert_eq!(call(app, Method::GET, "/api/users/list?search=%25", &admin).await.json()["total"], 0);
        assert_eq!(call(app, Method::GET, "/api/users/list?search=_", &admin).await.json()["total"], 0);
        let descending =
            call(app, Method::GET, "/api/users/list?sort=username&order=desc&pageSize=25", &admin).await.json();
        assert_eq!(usernames(&descending)[0], "Zoe");

        // Groups: VIP by hand; new and inactive from the dates.
        let zoe = found_id(app, &admin, "Zoe").await;
        let added = send(
            app,
            Method::POST,
            "/api/users/groups/vip/members",
            &admin,
            json!({ "userIds": [zoe, "no-such-user"] }),
        )
        .await;
        assert_eq!(added.json()["changed"], 1);
        let vip = call(app, Method::GET, "/api/users/list?group=vip", &admin).await.json();
        assert_eq!(usernames(&vip), ["Zoe"]);
        assert_json_error(
            &send(app, Method::POST, "/api/users/groups/new/members", &admin, json!({ "userIds": [zoe] })).await,
            StatusCode::CONFLICT,
            "This group cannot be changed by hand",
        );
        assert_json_error(
            &call(app, Method::GET, "/api/users/list?group=stars", &admin).await,
            StatusCode::BAD_REQUEST,
            "Unknown group",
        );
        assert_eq!(call(app, Method::GET, "/api/users/list?group=new", &admin).await.json()["total"], 25);
        assert_eq!(call(app, Method::GET, "/api/users/list?group=inactive", &admin).await.json()["total"], 0);
        app.clock.advance_secs(31 * 24 * 3600);
        let admin = app.signed_in_admin("admin2").await;
        assert_eq!(
            call(app, Method::GET, "/api/users/list?group=new", &admin).await.json()["total"],
            1,
            "only the newest is new after 31 days"
        );
        app.clock.advance_secs(60 * 24 * 3600);
        let admin = app.signed_in_admin("admin3").await;
        let inactive = call(app, Method::GET, "/api/users/list?group=inactive&pageSize=50", &admin).await.json();
        assert_eq!(
            inactive["total"], 25,
            "everyone who joined 91 days ago and never signed in; admin2 joined 60 days ago"
        );
        let removed =
            send(app, Method::DELETE, "/api/users/groups/vip/members", &admin, json!({ "userIds": [zoe] })).await;
        assert_eq!(removed.json()["changed"], 1);
    })
    .await;
}

async fn found_id(app: &TestApp, token: &str, username: &str) -> String {
    let page = call(app, Method::GET, &format!("/api/users/list?search={username}"), token).await.json();
    page["users"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_export_quotes_commas_quotes_and_line_breaks_and_keeps_hebrew() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let mut tricky = new_user("Dana");
        tricky["location"] = json!("Tel Aviv, \"Dizengoff\"\nIsrael");
        let dana = create(app, &admin, tricky).await;
        let mut hebrew = new_user("אודט");
        hebrew["email"] = json!("odette@pointe.test");
        create(app, &admin, hebrew).await;
        let mut formula = new_user("Eve");
        formula["location"] = json!("=HYPERLINK(\"http://x\")");
        create(app, &admin, formula).await;

        let all = call(app, Method::GET, "/api/users/export?sort=email", &admin).await;
        assert_eq!(all.status, StatusCode::OK);
        assert_eq!(all.header("content-type"), "text/csv; charset=utf-8");
        assert_eq!(all.header("content-disposition"), "attachment; filename=\"users.csv\"");
        let text = all.text();
        assert!(
            text.starts_with("\u{FEFF}Username,Email,Role,Admin,Groups,Location,Created,Last login,Disabled\r\n"),
            "{text}"
        );
        assert!(
            text.contains("\r\nDana,dana@pointe.test,user,no,new,\"Tel Aviv, \"\"Dizengoff\"\"\nIsrael\","),
            "{text}"
        );
        assert!(text.contains("\r\nאודט,odette@pointe.test,user,no,new,,"), "{text}");
        assert!(text.contains(",\"'=HYPERLINK(\"\"http://x\"\")\","), "{text}");
        assert_eq!(text.matches("\r\n").count(), 5, "header and four users");

        let selected =
            call(app, Method::GET, &format!("/api/users/export?ids={}", dana["id"].as_str().unwrap()), &admin)
                .await
                .text();
        assert_eq!(selected.matches("\r\n").count(), 2, "{selected}");
        let searched = call(app, Method::GET, "/api/users/export?search=odette", &admin).await.text();
        assert!(searched.contains("אודט") && !searched.contains("Dana"));
        let mut cyrillic = new_user("Анна");
        cyrillic["email"] = json!("anna@pointe.test");
        create(app, &admin, cyrillic).await;
        let found = call(app, Method::GET, "/api/users/list?search=%D0%B0%D0%BD%D0%BD", &admin).await.json();
        assert_eq!(usernames(&found), ["Анна"], "any case, beyond ASCII");
    })
    .await;
}

#[tokio::test]
async fn admins_keep_their_own_access_and_the_site_keeps_an_admin() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let own = found_id(app, &admin, "admin").await;
        let uri = format!("/api/users/update/{own}");
        let update = |body: Value| send(app, Method::PATCH, &uri, &admin, body);
        assert_json_error(
            &update(json!({ "isAdmin": false })).await,
            StatusCode::FORBIDDEN,
            "You cannot remove your own admin access",
        );
        assert_json_error(
            &update(json!({ "role": "editor" })).await,
            StatusCode::FORBIDDEN,
            "You cannot remove your own admin access",
        );
        assert_json_error(
            &update(json!({ "disabled": true })).await,
            StatusCode::FORBIDDEN,
            "You cannot disable your own account",
        );
        assert_json_error(
            &call(app, Method::DELETE, &format!("/api/users/delete/{own}"), &admin).await,
            StatusCode::FORBIDDEN,
            "You cannot delete your own account",
        );

        // Two admins demoting each other: the second finds itself the last admin.
        app.signed_in_admin("second").await;
        let second = found_id(app, &admin, "second").await;
        let first_demotes =
            send(app, Method::PATCH, &format!("/api/users/update/{second}"), &admin, json!({ "isAdmin": false })).await;
        assert_eq!(first_demotes.json()["role"], "user");
        // The last enabled admin cannot be taken away by any path, even the command line's.
        let refused = pointe_server::testing::set_role(&app.state.db, "admin", "user").await.unwrap_err();
        assert_eq!(refused.to_string(), "The last admin cannot be demoted");
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE is_admin = 1").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(count, 1);
    })
    .await;
}

#[tokio::test]
async fn disabling_or_deleting_a_user_ends_their_sessions_at_once() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let giselle = app.user_with_role("giselle", Role::User).await;
        let odile = app.user_with_role("odile", Role::User).await;
        assert_eq!(call(app, Method::GET, "/api/tips", &giselle).await.status, StatusCode::OK);
        let id = found_id(app, &admin, "giselle").await;
        send(app, Method::PATCH, &format!("/api/users/update/{id}"), &admin, json!({ "disabled": true })).await;
        assert_json_error(
            &call(app, Method::GET, "/api/tips", &giselle).await,
            StatusCode::UNAUTHORIZED,
            "Authentication required",
        );
        let live: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE user_id = $1 AND ended_at IS NULL")
            .bind(&id)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(live, 0);
        let enabled =
            send(app, Method::PATCH, &format!("/api/users/update/{id}"), &admin, json!({ "disabled": false }))
                .await
                .json();
        assert_eq!(enabled["disabled"], false);
        assert_eq!(
            call(app, Method::GET, "/api/tips", &giselle).await.status,
            StatusCode::UNAUTHORIZED,
            "the ended session stays ended"
        );

        let odile_id = found_id(app, &admin, "odile").await;
        assert_eq!(
            call(app, Method::DELETE, &format!("/api/users/delete/{odile_id}"), &admin).await.json()["deleted"],
            true
        );
        assert_json_error(
            &call(app, Method::GET, "/api/tips", &odile).await,
            StatusCode::UNAUTHORIZED,
            "Authentication required",
        );
        let audit: Option<String> =
            sqlx::query_scalar("SELECT resource_id FROM audit_log WHERE action = 'delete' AND resource_type = 'user'")
                .fetch_optional(&app.state.db)
                .await
                .unwrap();
        assert_eq!(audit.as_deref(), Some(odile_id.as_str()));
    })
    .await;
}

#[tokio::test]
async fn the_bootstrap_admin_is_made_once_not_again_after_the_admins_removed_it() {
    let vars =
        [("ADMIN_USERNAME", "founder"), ("ADMIN_EMAIL", "founder@pointe.test"), ("ADMIN_PASSWORD", "Arabesque-2026!")];
    each_backend_with(&vars, async |app| {
        let db = &app.state.db;
        let founders = async || -> i64 {
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE username = 'founder' AND is_admin = 1")
                .fetch_one(db)
                .await
                .unwrap()
        };
        assert_eq!(founders().await, 1);
        // The admins delete the account (or rename it); the variables are still set at the next start.
        sqlx::query("DELETE FROM users WHERE username = 'founder'").execute(db).await.unwrap();
        app.another_instance().await;
        assert_eq!(founders().await, 0, "not brought back with the password in the environment");
    })
    .await;
}
