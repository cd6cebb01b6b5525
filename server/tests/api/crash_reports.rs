//! Crash reports (issue 18): visitors' and members' reports grouped by fingerprint, a minified stack
//! shown with the original file and line from the build's source map (which is never served), a
//! resolved group that reopens when the crash recurs, bulk actions, admins only, floods refused.

use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

use crate::common::{assert_error_code, assert_field_error, each_backend_with, TestApp, TestResponse};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
/// A minified crash in the build's start chunk, at line 1, column 120.
const MINIFIED_STACK: &str = "TypeError: can't access property \"price\", e is undefined\n    at Xe (http://pointe.test/assets/start-Bq3x9a.js:1:120)\n    at http://pointe.test/assets/start-Bq3x9a.js:1:480";

async fn with_crashes(test: impl AsyncFn(&TestApp)) {
    each_backend_with(&[("TRUST_PROXY", "true")], test).await;
}

async fn report(app: &TestApp, ip: &str, token: Option<&str>, message: &str) -> TestResponse {
    let body = json!({ "message": message, "stack": MINIFIED_STACK, "componentStack": "\n    at ProductPage", "url": "http://pointe.test/en/products/gaynor-minden",
        "timestamp": "2026-11-27T10:00:00Z", "lang": "en", "release": "0.1.0" });
    let bearer = token.map(|token| format!("Bearer {token}"));
    let mut headers = vec![("x-forwarded-for", ip), ("user-agent", FIREFOX)];
    if let Some(bearer) = &bearer {
        headers.push(("authorization", bearer));
    }
    app.send_json(Method::POST, "/api/admin/log-error", &body, &headers).await
}

async fn get(app: &TestApp, token: &str, uri: &str) -> TestResponse {
    app.request(Method::GET, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn bulk(app: &TestApp, token: &str, ids: &[&str], action: &str) -> TestResponse {
    let body = json!({ "ids": ids, "action": action });
    app.send_json(Method::POST, "/api/admin/crashes/bulk", &body, &[("authorization", &format!("Bearer {token}"))])
        .await
}

async fn groups(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let list = get(app, token, &format!("/api/admin/crashes?{query}")).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
    list.json()["groups"].as_array().unwrap().clone()
}

/// A source map for `start-Bq3x9a.js` as the build writes it beside the script: column 120 of line 1
/// comes from line 42 of the product page.
fn write_source_map(app: &TestApp) {
    let mut builder = sourcemap::SourceMapBuilder::new(Some("start-Bq3x9a.js"));
    let page = builder.add_source("../../src/features/catalogue/ProductPage.tsx");
    builder
        .set_source_contents(page, Some(&format!("{}  const label = formatPrice(product.price);\n", "\n".repeat(41))));
    builder.add(0, 100, 41, 2, Some("../../src/features/catalogue/ProductPage.tsx"), Some("formatPrice"), false);
    builder.add(0, 400, 9, 0, Some("../../src/features/catalogue/ProductPage.tsx"), None, false);
    let mut json = Vec::new();
    builder.into_sourcemap().to_writer(&mut json).unwrap();
    let assets = app.state.config.web_dist.join("assets");
    std::fs::write(assets.join("start-Bq3x9a.js.map"), json).unwrap();
}

#[tokio::test]
async fn reports_of_visitors_and_members_are_grouped_and_shown_with_the_original_source() {
    with_crashes(async |app| {
        write_source_map(app);
        let admin = app.signed_in_admin("odette").await;
        let member = app.user_with_role("medora", Role::User).await;
        assert_eq!(report(app, "203.0.113.5", None, "Product 17 has no price").await.status, StatusCode::CREATED);
        assert_eq!(report(app, "203.0.113.5", None, "Product 17 has no price").await.status, StatusCode::CREATED);
        assert_eq!(
            report(app, "198.51.100.9", Some(&member), "Product 23 has no price").await.status,
            StatusCode::CREATED
        );
        report(app, "198.51.100.9", Some(&member), "Brand list failed").await;

        let all = groups(app, &admin, "").await;
        assert_eq!(all.len(), 2, "the numbers in a message do not split a crash: {all:?}");
        let price = all.iter().find(|group| group["message"].as_str().unwrap().contains("has no price")).unwrap();
        assert_eq!(
            (price["occurrences"].as_i64(), price["users"].as_i64()),
            (Some(3), Some(2)),
            "one visitor and one member"
        );
        assert_eq!(price["status"], "new");
        assert_eq!(price["browsers"], json!(["Firefox 133 (Linux)"]));
        assert_eq!(groups(app, &admin, "search=BRAND").await.len(), 1);

        let detail = get(app, &admin, &format!("/api/admin/crashes/{}", price["id"].as_str().unwrap())).await.json();
        let top = &detail["frames"][0];
        assert_eq!(top["original"]["file"], "src/features/catalogue/ProductPage.tsx", "{detail}");
        assert_eq!((top["original"]["line"].as_i64(), top["original"]["column"].as_i64()), (Some(42), Some(3)));
        assert_eq!(top["original"]["name"], "formatPrice");
        assert_eq!(top["original"]["code"], "const label = formatPrice(product.price);");
        assert_eq!(detail["frames"][1]["original"]["line"].as_i64(), Some(10));
        assert_eq!(detail["occurrences"].as_array().unwrap().len(), 3);
        assert_eq!(detail["componentStack"], "\n    at ProductPage", "the newest report's");
        assert!(detail["occurrences"][0].get("stack").is_none(), "each report's stacks are not sent again");
        assert_eq!(detail["occurrences"][0]["lang"], "en");
        assert_eq!(detail["urls"], json!([{ "url": "http://pointe.test/en/products/gaynor-minden", "count": 3 }]));

        let map = app.get("/assets/start-Bq3x9a.js.map").await;
        assert_ne!(map.status, StatusCode::OK, "source maps are not served");
        let missing = get(app, &admin, "/api/admin/crashes/nothing-here").await;
        assert_error_code(&missing, StatusCode::NOT_FOUND, "crash_not_found");
    })
    .await;
}

#[tokio::test]
async fn a_resolved_crash_reopens_when_it_recurs_and_an_ignored_one_stays_ignored() {
    with_crashes(async |app| {
        let admin = app.signed_in_admin("odette").await;
        report(app, "203.0.113.5", None, "Chart failed").await;
        report(app, "203.0.113.5", None, "Search failed").await;
        let all = groups(app, &admin, "").await;
        let id =
            |message: &str| all.iter().find(|g| g["message"] == message).unwrap()["id"].as_str().unwrap().to_owned();
        let (chart, search) = (id("Chart failed"), id("Search failed"));

        let done = bulk(app, &admin, &[&chart], "resolve").await;
        assert_eq!(done.json()["changed"], 1);
        bulk(app, &admin, &[&search], "ignore").await;
        assert_eq!(groups(app, &admin, "status=new").await.len(), 0);
        report(app, "203.0.113.5", None, "Chart failed").await;
        report(app, "203.0.113.5", None, "Search failed").await;
        let new = groups(app, &admin, "status=new").await;
        assert_eq!(new.len(), 1);
        assert_eq!((new[0]["message"].as_str(), new[0]["occurrences"].as_i64()), (Some("Chart failed"), Some(2)));
        assert_eq!(groups(app, &admin, "status=ignored").await.len(), 1);

        let ghost = "00000000-0000-0000-0000-000000000000";
        assert_eq!(bulk(app, &admin, &[&chart, &search, &chart, ghost], "delete").await.json()["changed"], 2);
        assert!(groups(app, &admin, "").await.is_empty());
        let left: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM crash_occurrences").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(left, 0, "the reports go with their group");
        let audited: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE resource_type = 'crash_report'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(audited, 4, "each group once, and no entry for an id that names none");

        assert_field_error(
            &bulk(app, &admin, &[], "resolve").await,
            StatusCode::BAD_REQUEST,
            "ids",
            "Choose at least one crash report",
        );
    })
    .await;
}

#[tokio::test]
async fn crash_reports_are_for_admins_bounded_and_limited() {
    with_crashes(async |app| {
        let editor = app.user_with_role("siegfried", Role::Editor).await;
        assert_eq!(get(app, &editor, "/api/admin/crashes").await.status, StatusCode::FORBIDDEN);
        assert_eq!(app.get("/api/admin/crashes").await.status, StatusCode::UNAUTHORIZED);

        let huge = json!({ "message": "boom", "stack": "x".repeat(30_000), "url": "http://pointe.test/", "timestamp": "now" });
        let refused = app.send_json(Method::POST, "/api/admin/log-error", &huge, &[("x-forwarded-for", "192.0.2.1")]).await;
        assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE, "more than a real report needs");
        let cut = json!({ "message": "m".repeat(3_000), "stack": "x".repeat(12_000), "url": "http://pointe.test/", "timestamp": "now" });
        let stored = app.send_json(Method::POST, "/api/admin/log-error", &cut, &[("x-forwarded-for", "192.0.2.1")]).await;
        assert_eq!(stored.status, StatusCode::CREATED);
        let (message, stack): (String, String) =
            sqlx::query_as("SELECT message, stack FROM crash_occurrences").fetch_one(&app.state.db).await.unwrap();
        assert_eq!((message.len(), stack.len()), (1_000, 8_000), "cut to a bounded size");

        let junk = app.send_json(Method::POST, "/api/admin/log-error", &json!({ "message": 5 }), &[("x-forwarded-for", "192.0.2.1")]).await;
        assert_eq!(junk.status, StatusCode::BAD_REQUEST);
        let mut last = StatusCode::CREATED;
        for _ in 0..40 {
            last = report(app, "192.0.2.2", None, "Loop").await.status;
        }
        assert_eq!(last, StatusCode::TOO_MANY_REQUESTS, "a flood from one address is refused");
    })
    .await;
}

#[tokio::test]
async fn distinct_crashes_from_one_address_stop_at_a_daily_budget_and_the_screen_counts_the_dropped() {
    with_crashes(async |app| {
        let admin = app.signed_in_admin("odette").await;
        // Each distinct message is a new group (numbers in a message do not make one: words here):
        // twenty a day per address, then dropped.
        let crash = |n: usize| format!("Crash in {}", "x".repeat(n + 1));
        for n in 0..20 {
            assert_eq!(report(app, "198.51.100.7", None, &crash(n)).await.status, StatusCode::CREATED);
        }
        let dropped = report(app, "198.51.100.7", None, &crash(20)).await;
        assert_eq!(dropped.status, StatusCode::TOO_MANY_REQUESTS, "{}", dropped.text());
        assert_eq!(
            report(app, "198.51.100.7", None, &crash(3)).await.status,
            StatusCode::CREATED,
            "a known crash still counts"
        );
        assert_eq!(report(app, "198.51.100.8", None, &crash(20)).await.status, StatusCode::CREATED, "another address");
        let list = get(app, &admin, "/api/admin/crashes").await.json();
        assert_eq!((list["total"].as_i64(), list["droppedThisWeek"].as_i64()), (Some(21), Some(1)), "{list}");

        // A day later the budget is whole again.
        app.clock.advance_secs(24 * 60 * 60);
        assert_eq!(report(app, "198.51.100.7", None, &crash(21)).await.status, StatusCode::CREATED);
    })
    .await;
}
