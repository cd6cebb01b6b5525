//! The external analytics through the site's origin (issue 18), against a local stand-in for Google's and
//! Cloudflare's servers: off until the admin turns a service on, only the fixed addresses, scripts kept,
//! and neither the visitor's IP address nor their cookies passed on.

use std::sync::{Arc, Mutex};

use axum::{
    extract::State,
    http::{HeaderMap, Method, StatusCode, Uri},
    response::IntoResponse,
    Router,
};
use serde_json::json;

use crate::common::{each_backend_with, TestApp};

const TOKEN: &str = "0123456789abcdef0123456789abcdef";
const VISITOR_IP: &str = "203.0.113.44";

/// What the stand-in was asked: method, path with query, headers.
type Seen = Arc<Mutex<Vec<(Method, String, HeaderMap)>>>;

struct Upstream {
    url: String,
    seen: Seen,
    task: tokio::task::JoinHandle<()>,
}

impl Upstream {
    async fn start() -> Self {
        let seen = Seen::default();
        let app = Router::new().fallback(answer).with_state(seen.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url, seen, task }
    }

    fn paths(&self) -> Vec<String> {
        self.seen.lock().unwrap().iter().map(|(method, path, _)| format!("{method} {path}")).collect()
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn answer(State(seen): State<Seen>, method: Method, uri: Uri, headers: HeaderMap) -> impl IntoResponse {
    seen.lock().unwrap().push((method.clone(), uri.to_string(), headers));
    if method == Method::GET {
        (StatusCode::OK, format!("/* script at {uri} */"))
    } else {
        (StatusCode::NO_CONTENT, String::new())
    }
}

async fn as_visitor(app: &TestApp, method: Method, uri: &str) -> (StatusCode, String) {
    sending(app, method, uri, b"v=2&en=page_view").await
}

/// A Cloudflare Web Analytics report as the beacon sends it, for the site token `token`.
async fn cloudflare_report(app: &TestApp, token: &str) -> StatusCode {
    let body = json!({ "siteToken": token, "pageloadId": "p1", "location": "https://pointe.test/" }).to_string();
    sending(app, Method::POST, "/api/analytics/proxy/cloudflare/cdn-cgi/rum", body.as_bytes()).await.0
}

async fn sending(app: &TestApp, method: Method, uri: &str, body: &[u8]) -> (StatusCode, String) {
    let headers = [
        ("x-forwarded-for", VISITOR_IP),
        ("cookie", "session=secret-cookie"),
        ("user-agent", "Mozilla/5.0 Firefox/133.0"),
    ];
    let response = app.send_bytes(method, uri, "text/plain", body.to_vec(), &headers).await;
    (response.status, response.text())
}

#[tokio::test]
async fn the_proxy_forwards_only_to_the_services_addresses_without_the_visitors_ip_or_cookies() {
    let upstream = Upstream::start().await;
    let vars = [("ANALYTICS_PROXY_UPSTREAM", upstream.url.as_str()), ("TRUST_PROXY", "true")];
    each_backend_with(&vars, async |app| {
        upstream.seen.lock().unwrap().clear();
        let (off, _) = as_visitor(app, Method::GET, "/api/analytics/proxy/google/gtag.js").await;
        assert_eq!(off, StatusCode::NOT_FOUND, "off by default");
        assert!(upstream.paths().is_empty());

        let admin = app.signed_in_admin("ada").await;
        let on = json!({ "measurementId": "G-AB12CD34", "cloudflareToken": TOKEN });
        let saved = app
            .send_json(
                Method::PUT,
                "/api/admin/settings/analytics",
                &on,
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

        let (status, script) = as_visitor(app, Method::GET, "/api/analytics/proxy/google/gtag.js").await;
        assert_eq!((status, script.as_str()), (StatusCode::OK, "/* script at /gtag/js?id=G-AB12CD34 */"));
        as_visitor(app, Method::GET, "/api/analytics/proxy/google/gtag.js").await;
        let (status, _) = as_visitor(app, Method::GET, "/api/analytics/proxy/cloudflare/beacon.min.js").await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) =
            as_visitor(app, Method::POST, "/api/analytics/proxy/google/g/collect?v=2&tid=G-AB12CD34").await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        assert_eq!(cloudflare_report(app, TOKEN).await, StatusCode::NO_CONTENT);
        // Only the site's own ids: another site's hits are not relayed.
        for other in ["?v=2&tid=G-OTHER999", "?v=2", "?v=2&tid=G-AB12CD34&tid=G-OTHER999"] {
            let uri = format!("/api/analytics/proxy/google/g/collect{other}");
            assert_eq!(as_visitor(app, Method::POST, &uri).await.0, StatusCode::FORBIDDEN, "{other}");
        }
        assert_eq!(cloudflare_report(app, "another-sites-token").await, StatusCode::FORBIDDEN);
        let (status, _) = as_visitor(app, Method::POST, "/api/analytics/proxy/cloudflare/cdn-cgi/rum").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "not a report");
        for elsewhere in [
            "/api/analytics/proxy/google/https://evil.example/steal",
            "/api/analytics/proxy/evil.example/gtag.js",
            "/api/analytics/proxy/google/../../admin/users",
            "/api/analytics/proxy/google/g/collect/../../x",
        ] {
            let (status, _) = as_visitor(app, Method::GET, elsewhere).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{elsewhere}");
        }

        assert_eq!(
            upstream.paths(),
            [
                "GET /gtag/js?id=G-AB12CD34",
                "GET /beacon.min.js",
                "POST /g/collect?v=2&tid=G-AB12CD34",
                "POST /cdn-cgi/rum",
            ],
            "the script is kept; nothing else reaches the upstream"
        );
        for (_, path, headers) in upstream.seen.lock().unwrap().iter() {
            assert!(headers.get("cookie").is_none(), "{path}: no cookie");
            assert!(
                headers.get("x-forwarded-for").is_none() && headers.get("forwarded").is_none(),
                "{path}: no address"
            );
            let all = format!("{headers:?}");
            assert!(!all.contains(VISITOR_IP), "{path}: {all}");
        }
        {
            // The lock is held while the seen request is read, not while the flood below is answered.
            let (_, post, headers) = &upstream.seen.lock().unwrap()[2];
            assert_eq!(
                (post.as_str(), headers.get("user-agent").unwrap().to_str().unwrap()),
                ("/g/collect?v=2&tid=G-AB12CD34", "Mozilla/5.0 Firefox/133.0")
            );
        }

        // The collector's limit per address holds for what is passed on too.
        let mut statuses = Vec::new();
        for _ in 0..130 {
            statuses.push(cloudflare_report(app, TOKEN).await);
        }
        assert!(statuses.contains(&StatusCode::TOO_MANY_REQUESTS), "a flood is refused");
        assert!(upstream.paths().len() <= 4 + 120, "at most the limit reaches the upstream");
    })
    .await;
}

#[tokio::test]
async fn an_upstream_that_does_not_answer_is_a_clear_502() {
    // A port with nothing listening.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    each_backend_with(&[("ANALYTICS_PROXY_UPSTREAM", url.as_str())], async |app| {
        let admin = app.signed_in_admin("ada").await;
        let on = json!({ "measurementId": "", "cloudflareToken": TOKEN });
        app.send_json(
            Method::PUT,
            "/api/admin/settings/analytics",
            &on,
            &[("authorization", &format!("Bearer {admin}"))],
        )
        .await;
        let (status, body) = as_visitor(app, Method::GET, "/api/analytics/proxy/cloudflare/beacon.min.js").await;
        assert_eq!(status, StatusCode::BAD_GATEWAY, "{body}");
        assert!(body.contains("The analytics service did not answer"), "{body}");
        let (google, _) = as_visitor(app, Method::GET, "/api/analytics/proxy/google/gtag.js").await;
        assert_eq!(google, StatusCode::NOT_FOUND, "Google stays off");
    })
    .await;
}
