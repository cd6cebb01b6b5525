//! A dancer's fit profile on her account: hers alone to read, save (checked field by field) and delete,
//! and gone with her account.

use crate::common::{assert_json_error, each_backend, fields_of, TestApp, TestResponse};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

async fn send(app: &TestApp, method: Method, token: &str, body: Option<Value>) -> TestResponse {
    let auth = format!("Bearer {token}");
    match body {
        Some(body) => app.send_json(method, "/api/fit-profile", &body, &[("authorization", &auth)]).await,
        None => app.request(method, "/api/fit-profile", &[("authorization", &auth)]).await,
    }
}

fn full_profile() -> Value {
    json!({
        "left": { "lengthMm": 238, "widthMm": 94, "toeShape": "egyptian", "toeLength": "long", "toeHeight": "low",
                  "heel": "narrow", "arch": "hypermobile", "instep": "flexible", "ankle": "full", "bunion": "slight" },
        "right": { "size": { "chart": "eu", "value": 38.5 }, "toeShape": "egyptian", "arch": "flexible" },
        "dancing": { "level": "intermediate", "years": 6, "hoursPerWeek": 9, "teacherApproved": true },
        "strength": { "relevesLeft": 22, "relevesRight": 18 },
        "shoes": [{ "model": "gaynor-minden-europa-classic", "size": "4", "width": "3", "shank": "Supple", "padding": "gel",
                    "hurt": ["knuckles"], "failed": ["shank-broke"], "hours": 8, "current": true }]
    })
}

#[tokio::test]
async fn a_member_saves_reads_and_deletes_her_own_profile_and_nobody_else_sees_it() {
    each_backend(async |app| {
        assert_json_error(&app.get("/api/fit-profile").await, StatusCode::UNAUTHORIZED, "Authentication required");
        let odile = app.user_with_role("odile", Role::User).await;
        let giselle = app.user_with_role("giselle", Role::User).await;
        assert_eq!(send(app, Method::GET, &odile, None).await.json(), json!({ "profile": null, "updatedAt": null }));

        let saved = send(app, Method::PUT, &odile, Some(full_profile())).await;
        assert_eq!(saved.status, StatusCode::OK);
        let read = send(app, Method::GET, &odile, None).await.json();
        assert_eq!(read["profile"]["left"]["arch"], "hypermobile");
        assert_eq!(read["profile"]["right"]["size"], json!({ "chart": "eu", "value": 38.5 }));
        assert_eq!(read["profile"]["shoes"][0]["failed"], json!(["shank-broke"]));
        assert!(read["updatedAt"].as_i64().is_some());
        assert_eq!(read, saved.json());
        // Another member reads her own (none), never Odile's.
        assert_eq!(send(app, Method::GET, &giselle, None).await.json()["profile"], Value::Null);

        // Saving replaces the whole profile; every field is optional.
        let emptied = send(app, Method::PUT, &odile, Some(json!({}))).await.json();
        assert_eq!(emptied["profile"]["shoes"], json!([]));
        assert_eq!(emptied["profile"]["left"]["lengthMm"], Value::Null);

        assert_eq!(send(app, Method::DELETE, &odile, None).await.json(), json!({ "deleted": true }));
        assert_eq!(send(app, Method::DELETE, &odile, None).await.json(), json!({ "deleted": false }));
        assert_eq!(send(app, Method::GET, &odile, None).await.json()["profile"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn a_profile_out_of_range_is_refused_field_by_field_and_unknown_answers_as_unreadable() {
    each_backend(async |app| {
        let odile = app.user_with_role("odile", Role::User).await;
        let wrong = json!({
            "left": { "lengthMm": 40, "size": { "chart": "us", "value": 0.5 } },
            "dancing": { "hoursPerWeek": 61 },
            "shoes": [{ "model": "Not a model!", "size": "x".repeat(33) }]
        });
        let refused = send(app, Method::PUT, &odile, Some(wrong)).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            fields_of(&refused),
            json!({
                "left.lengthMm": "Must be between 150 and 330",
                "left.size.value": "Must be between 1 and 50",
                "dancing.hoursPerWeek": "Must be between 0 and 60",
                "shoes.0.model": "Use lowercase letters, digits and hyphens only",
                "shoes.0.size": "Must be at most 32 characters"
            })
        );
        let many = json!({ "shoes": vec![json!({}); 13] });
        assert_eq!(fields_of(&send(app, Method::PUT, &odile, Some(many)).await)["shoes"], "At most 12 items");
        for unknown in [
            json!({ "left": { "arch": "bendy" } }),
            json!({ "name": "Odile" }),
            json!({ "left": { "lengthMm": 70000 } }),
        ] {
            let answer = send(app, Method::PUT, &odile, Some(unknown)).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST);
            assert!(answer.json()["error"].as_str().unwrap().starts_with("Invalid request body"));
        }
        assert_eq!(send(app, Method::GET, &odile, None).await.json()["profile"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn the_profile_goes_with_the_account() {
    each_backend(async |app| {
        let odile = app.user_with_role("odile", Role::User).await;
        send(app, Method::PUT, &odile, Some(full_profile())).await;
        let id: String =
            sqlx::query_scalar("SELECT id FROM users WHERE username = 'odile'").fetch_one(&app.state.db).await.unwrap();
        let admin = app.signed_in_admin("admin").await;
        let deleted = app
            .request(
                Method::DELETE,
                &format!("/api/users/delete/{id}"),
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(deleted.status, StatusCode::OK);
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM fit_profiles").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(left, 0);
    })
    .await;
}
