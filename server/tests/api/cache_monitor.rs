//! The admin's cache monitoring (issue 16): each cache's figures added up over the live instances,
//! statuses, the hour's history, Redis's own figures, and clearing one cache or all, audited and
//! reaching every instance.

use std::collections::HashMap;

use axum::http::{Method, StatusCode};
use pointe_server::testing::{cache_monitor::publish, public_cache::sync, Role};
use serde_json::Value;

use crate::common::{assert_error_code, each_backend, each_backend_with, TestApp};

async fn call(app: &TestApp, method: Method, uri: &str, token: &str) -> crate::common::TestResponse {
    app.request(method, uri, &[("authorization", &format!("Bearer {token}"))]).await
}

fn cache<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["caches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no {name}: {report}"))
}

#[tokio::test]
async fn only_the_cache_permission_opens_the_figures() {
    each_backend(async |app| {
        assert_eq!(app.get("/api/admin/cache").await.status, StatusCode::UNAUTHORIZED);
        let editor = app.user_with_role("eddie", Role::Editor).await;
        assert_error_code(
            &call(app, Method::GET, "/api/admin/cache", &editor).await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
        assert_error_code(
            &call(app, Method::DELETE, "/api/admin/cache", &editor).await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
    })
    .await;
}

#[tokio::test]
async fn the_figures_count_each_caches_hits_misses_size_and_history() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("ada").await;
        for _ in 0..3 {
            assert_eq!(app.get("/api/brands?lang=en").await.status, StatusCode::OK);
        }
        let report = call(app, Method::GET, "/api/admin/cache", &admin).await;
        assert_eq!(report.status, StatusCode::OK, "{}", report.text());
        let report = report.json();
        let names: Vec<&str> =
            report["caches"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["publicReads", "renderedPages", "settings", "assistantAnswers", "retrievalIndex"]);
        let reads = cache(&report, "publicReads");
        assert_eq!(
            (reads["hits"].as_u64(), reads["misses"].as_u64(), reads["queries"].as_u64()),
            (Some(2), Some(1), Some(3))
        );
        assert_eq!(reads["entries"], 1);
        assert!(reads["bytes"].as_u64().unwrap() > 100);
        assert!((reads["hitRate"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-9);
        assert!(reads["averageMissMs"].as_f64().unwrap() > 0.0);
        assert_eq!(reads["status"], "healthy", "too few queries to judge");
        assert_eq!(reads["thresholds"]["warningBelow"], 0.8);
        assert_eq!(cache(&report, "retrievalIndex")["entries"], 0, "built by the first question, not at start");
        assert_eq!(report["instances"], 1);
        assert_eq!(report["redis"], Value::Null, "no REDIS_URL");
        assert!(report["total"]["queries"].as_u64().unwrap() >= 3);

        // The minute's hits and misses reach the history once published.
        publish(&app.state, &mut HashMap::new()).await.unwrap();
        let history = call(app, Method::GET, "/api/admin/cache", &admin).await.json()["history"].clone();
        let history = history.as_array().unwrap();
        assert_eq!(history.len(), 60);
        let now = history.last().unwrap();
        assert!(now["queries"].as_u64().unwrap() >= 3, "{now}");
        assert!(now["caches"].as_array().unwrap().iter().any(|c| c["name"] == "publicReads"));
    })
    .await;
}

#[tokio::test]
async fn figures_add_up_every_live_instance_and_a_clear_reaches_them_all() {
    each_backend(async |app| {
        let other = app.another_instance().await;
        let admin = app.signed_in_admin("ada").await;
        app.get("/api/brands?lang=en").await;
        other.get("/api/brands?lang=en").await;
        other.get("/api/brands?lang=en").await;
        publish(&other.state, &mut HashMap::new()).await.unwrap();

        let report = call(app, Method::GET, "/api/admin/cache", &admin).await.json();
        assert_eq!(report["instances"], 2);
        let reads = cache(&report, "publicReads");
        assert_eq!((reads["hits"].as_u64(), reads["misses"].as_u64(), reads["entries"].as_u64()), (Some(1), Some(2), Some(2)));

        let cleared = call(app, Method::DELETE, "/api/admin/cache/publicReads", &admin).await;
        assert_eq!(cleared.status, StatusCode::OK, "{}", cleared.text());
        // This instance's answers are gone at once; the other's copy goes at its next sync.
        assert_eq!(pointe_server::testing::public_cache::figures(&app.state).2, 0);
        assert_eq!(pointe_server::testing::public_cache::figures(&other.state).2, 1);
        sync(&other.state).await.unwrap();
        assert_eq!(pointe_server::testing::public_cache::figures(&other.state).2, 0);

        let entries: (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM audit_log WHERE action = 'clear_cache' AND resource_type = 'cache' AND resource_id = 'publicReads'",
        )
        .fetch_one(&app.state.db)
        .await
        .unwrap();
        assert_eq!(entries.0, 1, "the clear is audited");

        let unknown = call(app, Method::DELETE, "/api/admin/cache/everything", &admin).await;
        assert_error_code(&unknown, StatusCode::NOT_FOUND, "cache_not_found");
    })
    .await;
}

#[tokio::test]
async fn clearing_all_empties_every_cache_here() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("ada").await;
        app.get("/api/brands?lang=en").await;
        app.get("/").await; // reads settings
        app.state.assistant.index.get(&app.state.db).await.unwrap();
        let before = call(app, Method::GET, "/api/admin/cache", &admin).await.json();
        assert!(cache(&before, "retrievalIndex")["entries"].as_u64().unwrap() > 20, "the indexes' documents");
        let report = call(app, Method::DELETE, "/api/admin/cache", &admin).await;
        assert_eq!(report.status, StatusCode::OK, "{}", report.text());
        let report = report.json();
        assert_eq!(cache(&report, "publicReads")["entries"], 0);
        assert_eq!(cache(&report, "assistantAnswers")["entries"], 0);
        // The report itself reads no setting; the index is dropped, for the next question to build.
        assert_eq!(cache(&report, "settings")["entries"], 0);
        assert_eq!(cache(&report, "retrievalIndex")["entries"], 0);
    })
    .await;
}

#[tokio::test]
async fn with_redis_the_report_shows_its_own_figures() {
    let Ok(redis_url) = std::env::var("TEST_REDIS_URL") else { return };
    each_backend_with(&[("REDIS_URL", &redis_url)], async |app| {
        let admin = app.signed_in_admin("ada").await;
        let redis = call(app, Method::GET, "/api/admin/cache", &admin).await.json()["redis"].clone();
        assert_eq!(redis["reachable"], true, "{redis}");
        assert!(redis["usedMemoryBytes"].as_u64().unwrap() > 0);
        assert!(redis["keyspaceHits"].is_u64() && redis["keys"].is_u64());
    })
    .await;
    each_backend_with(&[("REDIS_URL", "redis://127.0.0.1:1")], async |app| {
        let admin = app.signed_in_admin("ada").await;
        let redis = call(app, Method::GET, "/api/admin/cache", &admin).await.json()["redis"].clone();
        assert_eq!(redis["reachable"], false, "{redis}");
    })
    .await;
}
