//! Rate limits over HTTP, with each store: the database (SQLite, PostgreSQL) and Redis when
//! `TEST_REDIS_URL` is set; and a configured Redis that does not answer.

use crate::common::{each_backend_with, solved_bot_check, TestApp, TestResponse};
use axum::http::{Method, StatusCode};
use pointe_server::testing::{Clock, RateLimitStore};
use serde_json::json;

const HOUR_MS: i64 = 60 * 60_000;

/// Runs `test` with rate limits counted in the database, then in Redis when `TEST_REDIS_URL` is set.
async fn each_store(test: impl AsyncFn(&TestApp)) {
    each_backend_with(&[], &test).await;
    if let Ok(redis_url) = std::env::var("TEST_REDIS_URL") {
        each_backend_with(&[("REDIS_URL", &redis_url)], &test).await;
    }
}

/// Asks for a reset link: counted per address (3 an hour) and per client address (10 an hour).
async fn ask_reset(app: &TestApp, client_ip: &str) -> TestResponse {
    let body = json!({ "email": "nobody@example.org", "turnstileToken": solved_bot_check(app).await });
    app.send_json(Method::POST, "/api/auth/request-password-reset", &body, &[("x-forwarded-for", client_ip)]).await
}

/// Moves the clock to the next whole hour, so each test starts from the same point of the clock.
fn to_next_hour(app: &TestApp) {
    app.clock.advance_ms(HOUR_MS - app.clock.now_ms() % HOUR_MS);
}

fn assert_limited(response: &TestResponse, retry_after: &str) {
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS, "{}", response.text());
    assert_eq!(response.header("retry-after"), retry_after);
    assert_eq!(response.json()["code"], "rate_limited");
}

async fn rows_in_database(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM rate_limits").fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn past_the_limit_the_answer_is_429_until_the_next_window() {
    each_store(async |app| {
        to_next_hour(app);
        for attempt in 0..3 {
            assert_eq!(ask_reset(app, &format!("10.0.0.{attempt}")).await.status, StatusCode::OK, "attempt {attempt}");
        }
        assert_limited(&ask_reset(app, "10.0.0.9").await, "3600");
        app.clock.advance_secs(45 * 60);
        assert_limited(&ask_reset(app, "10.0.0.9").await, "900");
        app.clock.advance_secs(15 * 60);
        assert_eq!(ask_reset(app, "10.0.0.9").await.status, StatusCode::OK, "a new window");

        match app.state.config.rate_limit_store {
            RateLimitStore::Database => assert!(rows_in_database(app).await > 0),
            RateLimitStore::Redis { .. } => {
                assert_eq!(rows_in_database(app).await, 0, "Redis counts, not the database")
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_window_starts_at_its_first_hit_in_either_store_so_its_end_gives_no_second_allowance() {
    each_store(async |app| {
        // Ten minutes before an hour ends: a window aligned to the clock would start again in ten.
        to_next_hour(app);
        app.clock.advance_secs(50 * 60);
        for attempt in 0..3 {
            assert_eq!(ask_reset(app, &format!("10.0.1.{attempt}")).await.status, StatusCode::OK, "attempt {attempt}");
        }
        assert_limited(&ask_reset(app, "10.0.1.9").await, "3600");
        app.clock.advance_secs(15 * 60);
        assert_limited(&ask_reset(app, "10.0.1.9").await, "2700");
        app.clock.advance_secs(45 * 60);
        assert_eq!(ask_reset(app, "10.0.1.9").await.status, StatusCode::OK, "an hour after the first hit");
    })
    .await;
}

#[tokio::test]
async fn an_ipv6_network_of_one_subscriber_is_one_client() {
    each_store(async |app| {
        to_next_hour(app);
        let ask = async |ip: &str, n: usize| {
            let body =
                json!({ "email": format!("nobody{n}@example.org"), "turnstileToken": solved_bot_check(app).await });
            app.send_json(Method::POST, "/api/auth/request-password-reset", &body, &[("x-forwarded-for", ip)]).await
        };
        // Ten addresses of one /64 use up its ten requests an hour ...
        for n in 1..=10 {
            assert_eq!(ask(&format!("2001:db8:1:2::{n:x}"), n).await.status, StatusCode::OK, "request {n}");
        }
        assert_limited(&ask("2001:db8:1:2:ffff:ffff:ffff:ffff", 11).await, "3600");
        // ... and the next network is another client.
        assert_eq!(ask("2001:db8:1:3::1", 12).await.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn two_instances_on_one_store_share_the_count() {
    each_store(async |app| {
        to_next_hour(app);
        let other = app.another_instance().await;
        for (instance, ip) in [(app, "10.0.0.1"), (&other, "10.0.0.2"), (app, "10.0.0.3")] {
            assert_eq!(ask_reset(instance, ip).await.status, StatusCode::OK);
        }
        assert_limited(&ask_reset(&other, "10.0.0.4").await, "3600");
    })
    .await;
}

#[tokio::test]
async fn without_an_answer_from_redis_the_database_keeps_the_limits() {
    // A port that nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    each_backend_with(&[("REDIS_URL", &format!("redis://127.0.0.1:{port}"))], async |app| {
        to_next_hour(app);
        for attempt in 0..3 {
            assert_eq!(ask_reset(app, &format!("10.0.0.{attempt}")).await.status, StatusCode::OK, "attempt {attempt}");
        }
        assert_limited(&ask_reset(app, "10.0.0.9").await, "3600");
        assert!(rows_in_database(app).await > 0, "counted in the database");
        // The instance still serves: readiness reports Redis but does not fail on it.
        let ready = app.get("/api/health/ready").await;
        assert_eq!(ready.status, StatusCode::OK);
        assert_eq!(ready.json(), serde_json::json!({ "status": "ready", "database": "ok", "redis": "unreachable" }));
    })
    .await;
}
