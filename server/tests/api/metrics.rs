//! `/metrics`: only with METRICS_TOKEN, only to its bearer, and the figures Prometheus reads.

use crate::common::{each_backend, each_backend_with};
use axum::http::{Method, StatusCode};

const TOKEN: &str = "scraper-token-0123456789";

#[tokio::test]
async fn metrics_are_served_to_the_configured_scraper_only() {
    each_backend(async |app| {
        assert_eq!(app.get("/metrics").await.status, StatusCode::NOT_FOUND, "no token set: no metrics");
    })
    .await;
    each_backend_with(&[("METRICS_TOKEN", TOKEN)], async |app| {
        assert_eq!(app.get("/metrics").await.status, StatusCode::UNAUTHORIZED);
        let wrong = app.request(Method::GET, "/metrics", &[("authorization", "Bearer scraper-token-0123456780")]).await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);

        for path in ["/api/brands", "/api/brands", "/api/brands/bloch", "/api/no-such-call", "/"] {
            app.get(path).await;
        }
        let scraped = app.request(Method::GET, "/metrics", &[("authorization", &format!("Bearer {TOKEN}"))]).await;
        assert_eq!(scraped.status, StatusCode::OK);
        assert!(scraped.header("content-type").starts_with("application/openmetrics-text"));
        let text = scraped.text();
        let line = |start: &str| {
            text.lines().find(|line| line.starts_with(start)).unwrap_or_else(|| panic!("{start}:\n{text}"))
        };
        // Routes by their pattern, so ids do not make new series; pages and files as one.
        assert!(line(r#"pointe_http_requests_total{method="GET",route="/api/brands",status="2xx"}"#).ends_with(" 2"));
        line(r#"pointe_http_requests_total{method="GET",route="/api/brands/{id}",status="2xx"}"#);
        line(r#"pointe_http_requests_total{method="GET",route="/api/{*rest}",status="4xx"}"#);
        line(r#"pointe_http_requests_total{method="GET",route="page",status="2xx"}"#);
        line(
            r#"pointe_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/brands",status="2xx"}"#,
        );
        line("pointe_db_pool_connections ");
        line(r#"pointe_cache_hits{cache="publicReads"} 1"#);
        line("pointe_email_outbox_queued 0");
        line("pointe_campaign_recipients_queued 0");
        assert!(text.ends_with("# EOF\n"));
    })
    .await;
}

#[tokio::test]
async fn made_up_methods_are_counted_as_other_and_never_become_labels() {
    each_backend_with(&[("METRICS_TOKEN", TOKEN)], async |app| {
        for n in 0..20 {
            let method = Method::from_bytes(format!("MADEUP{n}{}", "X".repeat(4096)).as_bytes()).unwrap();
            app.request(method, "/api/brands", &[]).await;
        }
        let scraped = app.request(Method::GET, "/metrics", &[("authorization", &format!("Bearer {TOKEN}"))]).await;
        let text = scraped.text();
        assert!(!text.contains("MADEUP"), "a made-up method is no label");
        let counted = r#"pointe_http_requests_total{method="OTHER",route="/api/brands",status="4xx"} 20"#;
        assert!(text.lines().any(|line| line == counted), "{text}");
        assert!(text.lines().all(|line| line.len() < 300), "every label from a closed set");
    })
    .await;
}
