use crate::common::{
    assert_error_code, assert_json_error, each_backend, each_backend_with, gzip, GZIP_CHUNK_TEXT, PRECOMPRESSED_BR,
    STALE_CHUNK_TEXT,
};
use std::time::Duration;

use axum::http::{Method, StatusCode};
use pointe_server::testing::{serve, time_limit, Limits};

#[tokio::test]
async fn health_answers_get_and_head_and_503_without_database() {
    each_backend(async |app| {
        let ok = app.get("/api/health").await;
        assert_eq!(ok.status, StatusCode::OK);
        assert_eq!(ok.json(), serde_json::json!({ "status": "ok", "database": "ok" }));
        let head = app.request(Method::HEAD, "/api/health", &[]).await;
        assert_eq!(head.status, StatusCode::OK);
        assert!(head.body.is_empty());

        let admin = app.signed_in_admin("ada").await;
        assert_eq!(app.get("/api/health/live").await.json(), serde_json::json!({ "status": "ok" }));
        let ready = app.get("/api/health/ready").await;
        assert_eq!(ready.status, StatusCode::OK);
        assert_eq!(ready.json(), serde_json::json!({ "status": "ready", "database": "ok" }), "no Redis configured");

        app.state.db.close().await;
        let unready = app.get("/api/health/ready").await;
        assert_eq!(unready.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(unready.json(), serde_json::json!({ "status": "unavailable", "database": "unreachable" }));
        assert_eq!(app.get("/api/health/live").await.status, StatusCode::OK, "the process still answers");
        let down = app.get("/api/health").await;
        assert_eq!(down.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(down.json()["error"], "Database unavailable");
        assert_eq!(app.request(Method::HEAD, "/api/health", &[]).await.status, StatusCode::SERVICE_UNAVAILABLE);
        // Any call that needs the database says so, with when to try again: not a 500.
        let refused =
            app.request(Method::GET, "/api/users/list", &[("authorization", &format!("Bearer {admin}"))]).await;
        assert_error_code(&refused, StatusCode::SERVICE_UNAVAILABLE, "unavailable");
        assert_eq!(refused.header("retry-after"), "5");
        assert_eq!(refused.json()["retryAfter"], 5);
    })
    .await;
}

/// A server on a free port of 127.0.0.1 with these limits, and its address; dropping the sender stops it.
async fn served(limits: Limits, app: axum::Router) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve(listener, app, limits, async move {
        let _ = stopped.await;
    }));
    (address, stop)
}

/// Reads what the server sends until it closes the connection (a wait of at most 30 s, not a measure).
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection")
        .unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_request_head_trickled_in_too_slowly_loses_its_connection() {
    use tokio::io::AsyncWriteExt;
    let limits = Limits { header_read: Duration::from_millis(300), ..Limits::default() };
    let (address, _stop) = served(limits, axum::Router::new().route("/", axum::routing::get(async || "ok"))).await;
    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n").await.unwrap();
    // The head is never finished: the server closes the connection (answering 408) rather than wait.
    let answer = read_until_closed(&mut slow).await;
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 408"), "{answer}");

    let mut prompt = tokio::net::TcpStream::connect(address).await.unwrap();
    prompt.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").await.unwrap();
    assert!(read_until_closed(&mut prompt).await.starts_with("HTTP/1.1 200"));
}

#[tokio::test]
async fn on_the_stop_signal_a_request_being_answered_finishes() {
    use tokio::io::AsyncWriteExt;
    let slow = axum::Router::new().route(
        "/slow",
        axum::routing::get(async || {
            tokio::time::sleep(Duration::from_millis(500)).await;
            "done"
        }),
    );
    let (address, stop) = served(Limits::default(), slow).await;
    let mut client = tokio::net::TcpStream::connect(address).await.unwrap();
    client.write_all(b"GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    drop(stop);
    let answer = read_until_closed(&mut client).await;
    assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("done"), "{answer}");
    assert!(tokio::net::TcpStream::connect(address).await.is_err(), "no new connection is taken");
}

#[tokio::test]
async fn after_the_stop_signal_a_kept_alive_connection_is_answered_once_more_then_closed() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (address, stop) =
        served(Limits::default(), axum::Router::new().route("/", axum::routing::get(async || "ok"))).await;
    let mut kept = tokio::net::TcpStream::connect(address).await.unwrap();
    kept.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let mut first = [0; 512];
    let read = kept.read(&mut first).await.unwrap();
    let first = String::from_utf8_lossy(&first[..read]).to_ascii_lowercase();
    assert!(first.starts_with("http/1.1 200") && !first.contains("connection: close"), "{first}");
    drop(stop);
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A proxy sends its next request down the connection it keeps: answered, and told it is the last.
    kept.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let last = read_until_closed(&mut kept).await.to_ascii_lowercase();
    assert!(last.starts_with("http/1.1 200") && last.contains("connection: close") && last.ends_with("ok"), "{last}");
    assert!(tokio::net::TcpStream::connect(address).await.is_err(), "no new connection is taken");
}

#[tokio::test]
async fn a_request_that_has_not_begun_its_answer_in_time_gets_503() {
    let stuck = axum::Router::new()
        .route("/stuck", axum::routing::get(async || tokio::time::sleep(Duration::from_secs(600)).await))
        .layer(axum::middleware::from_fn(|request: axum::extract::Request, next: axum::middleware::Next| {
            time_limit(Duration::from_millis(50), request, next)
        }));
    let (address, _stop) = served(Limits::default(), stuck).await;
    let mut client = tokio::net::TcpStream::connect(address).await.unwrap();
    use tokio::io::AsyncWriteExt;
    client.write_all(b"GET /stuck HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").await.unwrap();
    let answer = read_until_closed(&mut client).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 5") && answer.contains(r#""code":"timed_out""#),
        "{answer}"
    );
}

#[tokio::test]
async fn unknown_api_paths_and_methods_answer_json() {
    each_backend(async |app| {
        assert_json_error(&app.get("/api/nope").await, StatusCode::NOT_FOUND, "Not found");
        assert_json_error(&app.get("/api").await, StatusCode::NOT_FOUND, "Not found");
        assert_json_error(
            &app.request(Method::DELETE, "/api/nope/deeper", &[]).await,
            StatusCode::NOT_FOUND,
            "Not found",
        );
        assert_json_error(
            &app.request(Method::POST, "/api/brands", &[]).await,
            StatusCode::METHOD_NOT_ALLOWED,
            "Method not allowed",
        );
    })
    .await;
}

#[tokio::test]
async fn a_page_speaks_the_asked_then_the_kept_then_the_browsers_language() {
    each_backend(async |app| {
        let lang_of = async |uri: &str, headers: &[(&str, &str)]| {
            let page = app.request(Method::GET, uri, headers).await;
            assert!(page.header("vary").contains("Cookie") && page.header("vary").contains("Accept-Language"));
            let html = page.text();
            html.split("<html lang=\"").nth(1).unwrap().split('"').next().unwrap().to_owned()
        };
        let browser_fr = ("accept-language", "de-DE,fr;q=0.9,en;q=0.8");
        let cookie_ru = ("cookie", "theme=dark; i18nextLng=ru");
        assert_eq!(lang_of("/", &[]).await, "he");
        assert_eq!(lang_of("/", &[browser_fr]).await, "fr");
        assert_eq!(lang_of("/", &[browser_fr, cookie_ru]).await, "ru");
        assert_eq!(lang_of("/?lang=es", &[browser_fr, cookie_ru]).await, "es");
        // What is not a site language is passed over, as the app passes it over.
        assert_eq!(lang_of("/?lang=de", &[browser_fr, ("cookie", "i18nextLng=xx")]).await, "fr");
        assert_eq!(lang_of("/blog", &[("accept-language", "de, *")]).await, "he");
        let english = app.request(Method::GET, "/products", &[("cookie", "i18nextLng=en")]).await.text();
        assert!(english.contains("<html lang=\"en\" dir=\"ltr\">"));
        assert!(english.contains("rel=\"canonical\" href=\"http://pointe.test/products?lang=en\""));
    })
    .await;
}

#[tokio::test]
async fn pages_carry_language_title_description_and_alternates() {
    each_backend(async |app| {
        let home = app.get("/").await;
        assert_eq!(home.status, StatusCode::OK);
        assert_eq!(home.header("cache-control"), "no-cache");
        let html = home.text();
        assert!(html.contains("<html lang=\"he\" dir=\"rtl\">"));
        assert!(!html.contains("<!--app-head-->"));
        assert!(html.contains("<title>") && html.contains("<meta name=\"description\""));
        for lang in ["en", "ru", "fr", "es"] {
            assert!(html.contains(&format!("hreflang=\"{lang}\" href=\"http://pointe.test/?lang={lang}\"")));
        }
        // The Hebrew page is the plain address, and it is its own canonical address.
        assert!(html.contains("hreflang=\"he\" href=\"http://pointe.test/\""));
        assert!(html.contains("rel=\"canonical\" href=\"http://pointe.test/\""));
        assert!(html.contains("hreflang=\"x-default\" href=\"http://pointe.test/\""));

        let english = app.get("/products?lang=en").await.text();
        assert!(english.contains("<html lang=\"en\" dir=\"ltr\">"));
        assert!(english.contains("rel=\"canonical\" href=\"http://pointe.test/products?lang=en\""));

        let brand = app.get("/brand/gaynor?lang=en").await;
        assert_eq!(brand.status, StatusCode::OK);
        let title = brand.text().split("<title>").nth(1).unwrap().split("</title>").next().unwrap().to_owned();
        assert!(title.contains("Gaynor Minden"), "{title}");

        for path in [
            "/login",
            "/signup",
            "/blog",
            "/blog/first-pointe-shoes",
            "/tips",
            "/request-password-reset",
            "/reset-password",
            "/terms",
            "/privacy",
            "/admin",
            "/admin/users",
        ] {
            assert_eq!(app.get(path).await.status, StatusCode::OK, "{path}");
        }
    })
    .await;
}

#[tokio::test]
async fn paths_that_are_no_route_answer_the_app_with_404() {
    each_backend(async |app| {
        for path in [
            "/no/such/page",
            "/brand/nope",
            "/blog/no-such-post",
            "/index.html",
            "/missing.png",
            "/assets/gone-123.js",
            "/.vite/manifest.json",
        ] {
            let response = app.get(path).await;
            assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
            assert!(response.text().contains("<div id=\"root\">"), "{path}");
        }
    })
    .await;
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_compressed() {
    each_backend(async |app| {
        let asset = app.request(Method::GET, "/assets/index-abc123.js", &[("accept-encoding", "gzip")]).await;
        assert_eq!(asset.status, StatusCode::OK);
        assert_eq!(asset.header("cache-control"), "public, max-age=31536000, immutable");
        assert_eq!(asset.header("content-encoding"), "gzip");
        let image = app.get("/images/logo.svg").await;
        assert_eq!(image.status, StatusCode::OK);
        assert_eq!(image.header("cache-control"), "public, max-age=3600");
        let api = app.request(Method::GET, "/api/brands", &[("accept-encoding", "br")]).await;
        assert_eq!(api.header("content-encoding"), "br");
    })
    .await;
}

#[tokio::test]
async fn precompressed_copies_are_sent_as_they_are() {
    each_backend(async |app| {
        let asset = app.request(Method::GET, "/assets/index-abc123.js", &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(asset.status, StatusCode::OK);
        assert_eq!(asset.header("content-encoding"), "br");
        assert_eq!(asset.header("content-type"), "text/javascript");
        assert_eq!(asset.body.as_ref(), PRECOMPRESSED_BR);
        assert_eq!(asset.header("cache-control"), "public, max-age=31536000, immutable");
        assert_eq!(asset.header("vary"), "accept-encoding");
        // Without a precompressed gzip copy, the file is compressed on the fly.
        let gzip = app.request(Method::GET, "/assets/index-abc123.js", &[("accept-encoding", "gzip")]).await;
        assert_eq!(gzip.header("content-encoding"), "gzip");
        let plain = app.get("/assets/index-abc123.js").await;
        assert_eq!(plain.header("content-encoding"), "");
        assert_eq!(plain.text(), "console.log('pointe');\n".repeat(100));
    })
    .await;
}

#[tokio::test]
async fn a_file_kept_as_its_gzip_copy_is_unpacked_for_a_client_without_gzip() {
    each_backend(async |app| {
        let packed = app.request(Method::GET, "/assets/chunk-def456.js", &[("accept-encoding", "gzip")]).await;
        assert_eq!(packed.header("content-encoding"), "gzip");
        assert_eq!(packed.body.as_ref(), gzip(GZIP_CHUNK_TEXT));
        let plain = app.get("/assets/chunk-def456.js").await;
        assert_eq!(plain.status, StatusCode::OK);
        assert_eq!(plain.header("content-encoding"), "");
        assert_eq!(plain.text(), GZIP_CHUNK_TEXT);
        // A copy that does not hold its file is not used: the file is sent as it is (this one too small to
        // be compressed on the fly).
        let stale = app.request(Method::GET, "/assets/stale-789.js", &[("accept-encoding", "gzip")]).await;
        assert_eq!(stale.header("content-encoding"), "");
        assert_eq!(stale.text(), STALE_CHUNK_TEXT);
        assert_eq!(app.get("/assets/stale-789.js").await.text(), STALE_CHUNK_TEXT);
    })
    .await;
}

#[tokio::test]
async fn files_answer_304_to_a_matching_etag() {
    each_backend(async |app| {
        let first = app.get("/images/logo.svg").await;
        let etag = first.header("etag").to_owned();
        assert!(etag.starts_with('"') && etag.len() > 2, "etag: {etag}");
        let again = app.request(Method::GET, "/images/logo.svg", &[("if-none-match", &etag)]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);
        assert!(again.body.is_empty());
        let changed = app.request(Method::GET, "/images/logo.svg", &[("if-none-match", "\"other\"")]).await;
        assert_eq!(changed.status, StatusCode::OK);
        assert_eq!(changed.header("content-type"), "image/svg+xml");
    })
    .await;
}

#[tokio::test]
async fn every_response_has_security_headers() {
    each_backend(async |app| {
        for path in ["/", "/api/brands", "/api/nope", "/assets/index-abc123.js"] {
            let response = app.get(path).await;
            let csp = response.header("content-security-policy");
            assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
            assert!(csp.contains("frame-ancestors 'none'"), "{path}");
            assert_eq!(response.header("x-content-type-options"), "nosniff", "{path}");
            assert_eq!(response.header("referrer-policy"), "strict-origin-when-cross-origin", "{path}");
            assert!(!response.header("x-request-id").is_empty(), "{path}");
            assert_eq!(response.header("strict-transport-security"), "", "{path}: not on plain HTTP");
        }
    })
    .await;
}

#[tokio::test]
async fn https_is_kept_to_once_the_site_is_reached_over_it() {
    let key = ("SECRET_KEY", "k3y-of-at-least-thirty-two-characters-0123456789");
    each_backend_with(&[("PUBLIC_URL", "https://pointe.example"), key], async |app| {
        for path in ["/", "/api/brands", "/api/nope"] {
            assert_eq!(app.get(path).await.header("strict-transport-security"), "max-age=31536000", "{path}");
        }
    })
    .await;
    // Behind a proxy that ends TLS, as the proxy says; a client's own header counts only behind a trusted one.
    let https = [("x-forwarded-proto", "https")];
    each_backend_with(&[("TRUST_PROXY", "true")], async |app| {
        assert_eq!(app.request(Method::GET, "/", &https).await.header("strict-transport-security"), "max-age=31536000");
        assert_eq!(app.get("/").await.header("strict-transport-security"), "");
    })
    .await;
    each_backend_with(&[("TRUST_PROXY", "false")], async |app| {
        assert_eq!(app.request(Method::GET, "/", &https).await.header("strict-transport-security"), "");
    })
    .await;
}

/// Pages may frame the social media providers enabled for blog embeds (all four by default).
const EMBED_FRAMES: &str =
    "frame-src 'self' https://www.youtube-nocookie.com https://www.instagram.com https://www.facebook.com https://platform.twitter.com";

/// The policy of API answers and files, and of pages without embeds, when Turnstile is not used.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

#[tokio::test]
async fn the_content_security_policy_admits_turnstile_only_when_it_is_the_bot_check() {
    for bot_check in ["altcha", "off"] {
        each_backend_with(&[("BOT_CHECK", bot_check)], async |app| {
            assert_eq!(app.get("/api/brands").await.header("content-security-policy"), CSP, "{bot_check}");
            let page = CSP.replace("script-src 'self';", &format!("script-src 'self'; {EMBED_FRAMES};"));
            assert_eq!(app.get("/").await.header("content-security-policy"), page, "{bot_check}");
        })
        .await;
    }
    let turnstile = [("BOT_CHECK", "turnstile"), ("TURNSTILE_SITE_KEY", "site-key"), ("TURNSTILE_SECRET", "secret")];
    each_backend_with(&turnstile, async |app| {
        assert_eq!(app.get("/api/brands").await.header("content-security-policy"), CSP, "API answers run no script");
        let page = CSP.replace("script-src 'self';", &format!("script-src 'self' https://challenges.cloudflare.com; {EMBED_FRAMES} https://challenges.cloudflare.com;"));
        for path in ["/", "/login"] {
            assert_eq!(app.get(path).await.header("content-security-policy"), page, "{path}");
        }
    })
    .await;
}

#[tokio::test]
async fn openapi_document_and_offline_docs_page() {
    each_backend(async |app| {
        let document = app.get("/api/openapi.json").await.json();
        let paths = [
            "/api/health",
            "/api/brands",
            "/api/brands/{id}",
            "/api/products",
            "/api/config/site",
            "/api/auth/signup",
            "/api/auth/login",
            "/api/auth/verify-code",
            "/api/auth/resend-code",
            "/api/auth/verify",
            "/api/auth/refresh",
            "/api/auth/logout",
            "/api/auth/request-password-reset",
            "/api/auth/reset-password",
            "/api/auth/bot-check",
            "/api/tips",
            "/api/admin/log-error",
            "/api/admin/stats",
            "/api/admin/brands",
            "/api/admin/brands/{id}",
            "/api/admin/products",
            "/api/admin/products/{id}",
            "/api/admin/uploads",
            "/api/blog/posts",
            "/api/blog/posts/{slug}",
            "/api/blog/categories",
            "/api/admin/blog/posts",
            "/api/admin/blog/posts/{slug}",
            "/api/admin/blog/preview",
            "/api/admin/blog/categories",
            "/api/admin/blog/categories/{slug}",
            "/api/config/social-embeds",
            "/api/admin/settings/social-embeds",
            "/api/sessions/list",
            "/api/sessions/revoke/{id}",
            "/api/sessions/revoke-user/{user_id}",
            "/api/users/list",
            "/api/users/export",
            "/api/users/create",
            "/api/users/update/{id}",
            "/api/users/delete/{id}",
            "/api/users/groups/{group}/members",
            "/api/account",
            "/api/account/password",
            "/api/account/sessions",
            "/api/account/sessions/others",
            "/api/admin/audit-logs",
            "/api/admin/audit-logs/export",
            "/api/admin/settings/site",
            "/api/admin/settings/email",
            "/api/admin/settings/email/test",
            "/api/admin/settings/analytics",
            "/api/config/analytics",
            "/api/config/cloudflare-analytics",
            "/api/admin/settings/ai-models",
            "/api/admin/settings/ai-providers",
            "/api/admin/settings/bot-check",
            "/api/admin/settings/audit",
            "/api/ai/ask-hybrid",
            "/api/ai/ask-with-rag",
            "/api/ai/ask",
            "/api/ai/feedback",
            "/api/admin/ai/status",
            "/api/admin/ai/metrics",
            "/api/admin/ai/test",
        ];
        for path in paths {
            assert!(document["paths"][path].is_object(), "{path} is not documented");
        }
        assert_eq!(document["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
        assert!(!document["info"]["license"]["name"].as_str().unwrap_or_default().is_empty());
        // Client generators need one id per operation (make test-contract also runs openapi-spec-validator).
        let ids: Vec<&str> = document["paths"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|item| item.as_object().unwrap().values())
            .filter_map(|operation| operation["operationId"].as_str())
            .collect();
        let distinct: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
        assert!(ids.len() > 100 && distinct.len() == ids.len(), "operation ids repeat: {ids:?}");
        assert!(ids.contains(&"getUsersList"), "{ids:?}");
        assert!(ids.contains(&"deleteSessionsRevokeById"), "{ids:?}");
        // Routes register their schemas as they are registered: every reference resolves.
        let text = document.to_string();
        for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
            let name = reference.split('"').next().unwrap();
            assert!(document["components"]["schemas"][name].is_object(), "{name} is referenced but not described");
        }
        let docs = app.get("/api/docs/").await;
        assert_eq!(docs.status, StatusCode::OK);
        assert!(docs.text().contains("swagger"));
        let script = app.get("/api/docs/swagger-ui-bundle.js").await;
        assert_eq!(script.status, StatusCode::OK, "the docs page's script is served locally");
    })
    .await;
}

/// The web client's contract tests (web/src/test/apiContract.ts) read a copy of the document: it must
/// be the one the server serves. `make openapi` writes it.
#[test]
fn the_web_client_checks_its_schemas_against_the_current_document() {
    let current = pointe_server::api_document().to_pretty_json().unwrap();
    let copy = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/api/openapi.json"));
    assert!(
        copy.is_ok_and(|copy| copy.trim_end() == current),
        "web/src/api/openapi.json is not the server's OpenAPI document: run `make openapi`, then `make test-web`"
    );
}

#[tokio::test]
async fn site_config_gives_the_environments_contact_and_website_until_an_admin_sets_them() {
    each_backend(async |app| {
        let config = app.get("/api/config/site").await.json();
        let blank = serde_json::json!({ "he": "", "en": "", "ru": "", "fr": "", "es": "" });
        let expected = serde_json::json!({ "siteName": "", "slogan": blank, "location": blank, "contactEmail": "hello@pointe.test", "websiteUrl": "http://pointe.test",
            "dataCredit": pointe_server::testing::finder::CREDIT });
        assert_eq!(config, expected);
    })
    .await;
}

#[tokio::test]
async fn every_error_answer_names_its_code() {
    each_backend(async |app| {
        assert_error_code(&app.get("/api/nothing-here").await, StatusCode::NOT_FOUND, "not_found");
        assert_error_code(
            &app.request(Method::DELETE, "/api/brands", &[]).await,
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
        );
        let unreadable = app.send_json(Method::POST, "/api/auth/login", &serde_json::json!([1]), &[]).await;
        assert_error_code(&unreadable, StatusCode::BAD_REQUEST, "invalid_body");
        assert_error_code(&app.get("/api/users/list").await, StatusCode::UNAUTHORIZED, "authentication_required");
        let member = app.user_with_role("giselle", pointe_server::testing::Role::User).await;
        let forbidden =
            app.request(Method::GET, "/api/users/list", &[("authorization", &format!("Bearer {member}"))]).await;
        assert_error_code(&forbidden, StatusCode::FORBIDDEN, "forbidden");
    })
    .await;
}

#[test]
fn a_live_site_does_not_start_without_its_own_secret_key() {
    let with = |vars: &'static [(&str, &str)]| {
        pointe_server::Config::from_lookup(|name| {
            vars.iter().find(|(key, _)| *key == name).map(|(_, v)| (*v).to_owned())
        })
    };
    let Err(refused) = with(&[("PUBLIC_URL", "https://pointe.example")]) else { panic!("refused") };
    let refused = refused.to_string();
    assert!(refused.starts_with("SECRET_KEY must be set when PUBLIC_URL is https://"), "{refused}");
    const KEY: &str = "k3y-of-at-least-thirty-two-characters-0123456789";
    assert!(with(&[("PUBLIC_URL", "https://pointe.example"), ("SECRET_KEY", KEY)]).is_ok());
    assert!(with(&[]).is_ok(), "on this machine (http) the key kept in the database does");
}
