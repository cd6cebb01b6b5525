//! Public reads answered from memory (issue 16): entity tags and 304, kept encodings, and admin changes
//! seen at once on the instance that made them and after a sync on the others.

use std::io::Read;

use axum::http::{Method, StatusCode};
use pointe_server::testing::public_cache::{figures, sync};
use serde_json::{json, Value};

use crate::common::{each_backend, TestApp};

pub(crate) async fn rename_bloch(app: &TestApp, token: &str, english_name: &str) {
    let auth = format!("Bearer {token}");
    let mut brand = app.request(Method::GET, "/api/admin/brands/bloch", &[("authorization", &auth)]).await.json();
    let record = brand.as_object_mut().unwrap();
    record.remove("productCount");
    record.remove("updatedAt");
    brand["translations"]["en"]["name"] = json!(english_name);
    let saved = app.send_json(Method::PUT, "/api/admin/brands/bloch", &brand, &[("authorization", &auth)]).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
}

async fn english_name(app: &TestApp) -> Value {
    app.get("/api/brands/bloch?lang=en").await.json()["name"].clone()
}

#[tokio::test]
async fn a_public_read_is_kept_with_its_entity_tag_and_encodings() {
    each_backend(async |app| {
        let first = app.get("/api/brands?lang=en").await;
        assert_eq!(first.status, StatusCode::OK);
        let etag = first.header("etag").to_owned();
        assert!(etag.starts_with("W/\""), "{etag}");
        assert_eq!(first.header("cache-control"), "no-cache");
        let again = app.get("/api/brands?lang=en").await;
        assert_eq!((again.body.clone(), again.header("etag")), (first.body.clone(), etag.as_str()));
        let (hits, misses, entries, bytes) = figures(&app.state);
        assert_eq!((hits, misses, entries), (1, 1, 1));
        assert!(bytes > first.body.len() as u64, "kept with its compressed copies: {bytes}");

        let held = app.request(Method::GET, "/api/brands?lang=en", &[("if-none-match", &etag)]).await;
        assert_eq!(held.status, StatusCode::NOT_MODIFIED);
        assert!(held.body.is_empty());
        let other_tag = app.request(Method::GET, "/api/brands?lang=en", &[("if-none-match", "W/\"other\"")]).await;
        assert_eq!(other_tag.status, StatusCode::OK);

        let brotli = app.request(Method::GET, "/api/brands?lang=en", &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(brotli.header("content-encoding"), "br");
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli.body[..], &mut decoded).unwrap();
        assert_eq!(decoded, first.body);
        let gzip = app.request(Method::GET, "/api/brands?lang=en", &[("accept-encoding", "gzip, br;q=0")]).await;
        assert_eq!(gzip.header("content-encoding"), "gzip");
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gzip.body[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, first.body);

        // Each URL is its own answer; failures are not kept.
        assert_ne!(app.get("/api/brands?lang=he").await.body, first.body);
        assert_eq!(app.get("/api/brands/nope").await.status, StatusCode::NOT_FOUND);
        assert_eq!(app.get("/api/brands/nope").await.status, StatusCode::NOT_FOUND);
        assert_eq!(figures(&app.state).2, 2);
    })
    .await;
}

#[tokio::test]
async fn made_up_query_parameters_find_the_kept_answer_and_keep_nothing_new() {
    each_backend(async |app| {
        let first = app.get("/api/brands?lang=en").await;
        for n in 0..50 {
            let junk = app.get(&format!("/api/brands?utm_source={n}&lang=en&x={n}")).await;
            assert_eq!(junk.body, first.body, "the read's own parameters alone");
        }
        assert_eq!(app.get("/api/brands?x=1&lang=EN-us").await.body, first.body, "as the read takes the language");
        let (hits, misses, entries, _) = figures(&app.state);
        assert_eq!((hits, misses, entries), (51, 1, 1), "one answer kept, every junk query answered from it");

        // A parameter whose values are any a client writes: kept once asked for again.
        let category = "/api/blog/posts?lang=en&category=care";
        app.get(category).await;
        assert_eq!(figures(&app.state).2, 1, "asked for once: not kept");
        app.get(category).await;
        assert_eq!(figures(&app.state).2, 2, "asked for again: kept");
    })
    .await;
}

#[tokio::test]
async fn head_answers_with_the_headers_of_get() {
    each_backend(async |app| {
        let get = app.get("/api/brands").await;
        let head = app.request(Method::HEAD, "/api/brands", &[]).await;
        assert_eq!(head.status, StatusCode::OK);
        for name in ["etag", "cache-control", "content-type"] {
            assert_eq!(head.header(name), get.header(name), "{name}");
        }
        let head = app.request(Method::HEAD, "/api/brands?lang=fr", &[]).await;
        assert!(head.header("etag").starts_with("W/\""), "a miss answered by HEAD too");
    })
    .await;
}

#[tokio::test]
async fn an_admin_change_shows_at_once_here_and_after_a_sync_on_another_instance() {
    each_backend(async |app| {
        let other = app.another_instance().await;
        let token = app.signed_in_admin("ada").await;
        assert_eq!(english_name(app).await, "Bloch");
        assert_eq!(english_name(&other).await, "Bloch");

        rename_bloch(app, &token, "Bloch Dance").await;
        assert_eq!(english_name(app).await, "Bloch Dance", "the instance that made the change");
        assert_eq!(english_name(&other).await, "Bloch", "another instance until it syncs");
        sync(&other.state).await.unwrap();
        assert_eq!(english_name(&other).await, "Bloch Dance");

        // Settings the pages read follow the same way.
        let before = other.get("/api/config/site").await.json();
        let mut site = app
            .request(Method::GET, "/api/admin/settings/site", &[("authorization", &format!("Bearer {token}"))])
            .await
            .json();
        site["siteName"] = json!("Pointe Studio");
        let saved = app
            .send_json(Method::PUT, "/api/admin/settings/site", &site, &[("authorization", &format!("Bearer {token}"))])
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        assert_eq!(app.get("/api/config/site").await.json()["siteName"], "Pointe Studio");
        assert_eq!(other.get("/api/config/site").await.json(), before);
        sync(&other.state).await.unwrap();
        assert_eq!(other.get("/api/config/site").await.json()["siteName"], "Pointe Studio");
    })
    .await;
}

#[tokio::test]
async fn a_refused_change_keeps_the_answers() {
    each_backend(async |app| {
        let token = app.signed_in_admin("ada").await;
        app.get("/api/brands?lang=en").await;
        let refused = app
            .send_json(Method::POST, "/api/admin/brands", &json!({}), &[("authorization", &format!("Bearer {token}"))])
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        app.get("/api/brands?lang=en").await;
        assert_eq!(figures(&app.state).0, 1, "still a hit");
    })
    .await;
}

#[test]
fn the_api_document_says_which_reads_answer_304() {
    let document = serde_json::to_value(pointe_server::api_document()).unwrap();
    let brands = &document["paths"]["/api/brands"]["get"];
    assert!(brands["responses"]["304"].is_object(), "{brands}");
    assert!(brands["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "If-None-Match" && p["in"] == "header"));
    let admin_brands = &document["paths"]["/api/admin/brands"]["get"];
    assert!(admin_brands["responses"]["304"].is_null(), "admin reads are not kept");
}
