//! The admin's catalogue calls (brands, products), image uploads and the social embed settings:
//! permissions per role, validation, ids, what the public site shows afterwards, and the audit log.

use crate::common::{assert_field_error, assert_json_error, each_backend, fields_of, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

async fn call(app: &TestApp, method: Method, uri: &str, token: &str, body: &Value) -> crate::common::TestResponse {
    app.send_json(method, uri, body, &[("authorization", &format!("Bearer {token}"))]).await
}

async fn audit_rows(app: &TestApp, resource_type: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT action, resource_id FROM audit_log WHERE resource_type = $1 ORDER BY created_at, action, resource_id",
    )
    .bind(resource_type)
    .fetch_all(&app.state.db)
    .await
    .unwrap()
}

fn grishko() -> Value {
    json!({
        "id": "grishko",
        "image": "/images/logo.svg",
        "link": "https://grishko.example/",
        "translations": {
            "he": { "name": "גרישקו", "description": "יצרנית רוסית.", "keyFeatures": ["קופסה רחבה", " "] },
            "en": { "name": "Grishko", "description": "A Russian maker.", "history": "Founded in 1988." },
            "fr": { "name": " ", "description": "" }
        }
    })
}

#[tokio::test]
async fn only_editors_and_admins_manage_the_catalogue() {
    each_backend(async |app| {
        assert_json_error(&app.get("/api/admin/brands").await, StatusCode::UNAUTHORIZED, "Authentication required");
        for (name, role, admin, allowed) in [
            ("member", Role::User, false, false),
            ("mod", Role::Moderator, false, false),
            ("ed", Role::Editor, false, true),
            ("boss", Role::Admin, true, true),
        ] {
            let token = app.account(name, role, admin).await;
            for uri in ["/api/admin/brands", "/api/admin/products"] {
                let answer = call(app, Method::GET, uri, &token, &Value::Null).await;
                if allowed {
                    assert_eq!(answer.status, StatusCode::OK, "{role} {uri}");
                } else {
                    assert_json_error(&answer, StatusCode::FORBIDDEN, "You do not have permission to do this");
                }
            }
            let create = call(app, Method::POST, "/api/admin/brands", &token, &grishko()).await;
            assert_eq!(create.status, if allowed { StatusCode::CREATED } else { StatusCode::FORBIDDEN }, "{role}");
            if allowed {
                call(app, Method::DELETE, "/api/admin/brands/grishko", &token, &Value::Null).await;
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_brand_is_checked_created_shown_in_each_language_and_audited() {
    each_backend(async |app| {
        let token = app.user_with_role("ed", Role::Editor).await;
        let bad = json!({ "id": "Grishko Ltd", "link": "javascript:alert(1)", "image": "//evil.example/x.png",
            "translations": { "en": { "name": "x".repeat(101), "description": "" } } });
        let answer = call(app, Method::POST, "/api/admin/brands", &token, &bad).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        let fields = &fields_of(&answer);
        assert_eq!(fields["id"], "Use lowercase letters, digits and hyphens only");
        assert_eq!(fields["link"], "Enter a web address starting with https:// or /");
        assert_eq!(fields["image"], "Enter a web address starting with https:// or /");
        assert_eq!(fields["translations.he.name"], "This field is required");
        assert_eq!(fields["translations.en.name"], "Must be at most 100 characters");
        assert_eq!(fields["translations.en.description"], "This field is required");
        let unknown_language = call(
            app,
            Method::POST,
            "/api/admin/brands",
            &token,
            &json!({ "id": "a", "link": "/", "translations": { "de": {} } }),
        )
        .await;
        assert_eq!(unknown_language.status, StatusCode::BAD_REQUEST);

        let created = call(app, Method::POST, "/api/admin/brands", &token, &grishko()).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        let record = created.json();
        assert_eq!(record["productCount"], 0);
        assert_eq!(record["translations"]["he"]["keyFeatures"], json!(["קופסה רחבה"]), "blank list items are dropped");
        assert!(record["translations"].get("fr").is_none(), "a language left blank is dropped");

        let english = app.get("/api/brands/grishko?lang=en").await.json();
        assert_eq!(
            (english["name"].as_str(), english["history"].as_str()),
            (Some("Grishko"), Some("Founded in 1988."))
        );
        assert_eq!(english["otherNames"], json!(["גרישקו"]));
        assert_eq!(
            app.get("/api/brands/grishko?lang=ru").await.json()["name"],
            "גרישקו",
            "Russian falls back to Hebrew"
        );
        let list = app.get("/api/brands?lang=en").await.json();
        assert_eq!(list.as_array().unwrap().last().unwrap()["id"], "grishko", "a new brand comes last");

        let again = call(app, Method::POST, "/api/admin/brands", &token, &grishko()).await;
        assert_field_error(&again, StatusCode::CONFLICT, "id", "This id is already in use");

        let mut edited = grishko();
        edited["translations"]["en"]["name"] = json!("Grishko Ballet");
        edited["id"] = json!("another-id");
        let renamed = call(app, Method::PUT, "/api/admin/brands/grishko", &token, &edited).await;
        assert_field_error(&renamed, StatusCode::BAD_REQUEST, "id", "The id cannot be changed");
        edited["id"] = json!("grishko");
        let updated = call(app, Method::PUT, "/api/admin/brands/grishko", &token, &edited).await;
        assert_eq!(updated.status, StatusCode::OK, "{}", updated.text());
        assert_eq!(
            app.get("/api/brands/grishko?lang=en").await.json()["name"],
            "Grishko Ballet",
            "the change shows at once"
        );
        let mut nope = grishko();
        nope["id"] = json!("nope");
        let missing = call(app, Method::PUT, "/api/admin/brands/nope", &token, &nope).await;
        assert_json_error(&missing, StatusCode::NOT_FOUND, "Brand not found");

        // Ids from before the slug rule stay editable.
        let mut russian = call(app, Method::GET, "/api/admin/brands/russianPointe", &token, &Value::Null).await.json();
        for key in ["productCount", "updatedAt"] {
            russian.as_object_mut().unwrap().remove(key);
        }
        assert_eq!(
            call(app, Method::PUT, "/api/admin/brands/russianPointe", &token, &russian).await.status,
            StatusCode::OK
        );

        assert_eq!(
            audit_rows(app, "brand").await,
            [
                ("create".to_owned(), "grishko".to_owned()),
                ("update".to_owned(), "grishko".to_owned()),
                ("update".to_owned(), "russianPointe".to_owned())
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn products_need_a_brand_and_a_deleted_brand_takes_or_hands_over_its_products() {
    each_backend(async |app| {
        let token = app.signed_in_admin("boss").await;
        call(app, Method::POST, "/api/admin/brands", &token, &grishko()).await;
        let product = |id: &str, brand: &str| {
            json!({ "id": id, "brandId": brand, "price": " $79 ", "link": "https://grishko.example/2007",
                "translations": { "he": { "name": "2007", "description": "דגם קלאסי." }, "en": { "name": "2007", "description": "A classic." } } })
        };
        let orphan = call(app, Method::POST, "/api/admin/products", &token, &product("grishko-2007", "nope")).await;
        assert_eq!((orphan.status, fields_of(&orphan)["brandId"].as_str()), (StatusCode::BAD_REQUEST, Some("Brand not found")));
        let invalid = call(app, Method::POST, "/api/admin/products", &token, &json!({ "id": "x", "brandId": "grishko", "price": "", "link": "", "translations": {} })).await;
        let fields = fields_of(&invalid);
        assert_eq!((fields["price"].as_str(), fields["link"].as_str()), (Some("This field is required"), Some("This field is required")));

        for id in ["grishko-2007", "grishko-ulanova"] {
            let created = call(app, Method::POST, "/api/admin/products", &token, &product(id, "grishko")).await;
            assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
            assert_eq!(created.json()["price"], "$79");
        }
        let duplicate = call(app, Method::POST, "/api/admin/products", &token, &product("grishko-2007", "grishko")).await;
        assert_field_error(&duplicate, StatusCode::CONFLICT, "id", "This id is already in use");
        let shown = app.get("/api/products?brandId=grishko&lang=en").await.json();
        assert_eq!(shown.as_array().unwrap().len(), 2);

        let refused = call(app, Method::DELETE, "/api/admin/brands/grishko", &token, &Value::Null).await;
        assert_json_error(&refused, StatusCode::CONFLICT, "This brand still has products: delete them with it or move them to another brand");
        let bad_target = call(app, Method::DELETE, "/api/admin/brands/grishko?products=move&moveTo=grishko", &token, &Value::Null).await;
        assert_eq!(bad_target.status, StatusCode::BAD_REQUEST);
        assert_eq!(fields_of(&bad_target)["moveTo"], "Brand not found");

        let moved = call(app, Method::PUT, "/api/admin/products/grishko-ulanova", &token, &product("grishko-ulanova", "bloch")).await;
        assert_eq!(moved.status, StatusCode::OK);
        let deleted = call(app, Method::DELETE, "/api/admin/brands/grishko?products=delete", &token, &Value::Null).await;
        assert_eq!(deleted.json(), json!({ "deletedProducts": ["grishko-2007"] }));
        assert_json_error(&app.get("/api/brands/grishko").await, StatusCode::NOT_FOUND, "Brand not found");
        assert_eq!(app.get("/api/products?brandId=bloch").await.json().as_array().unwrap().len(), 4);

        call(app, Method::POST, "/api/admin/brands", &token, &grishko()).await;
        call(app, Method::POST, "/api/admin/products", &token, &product("grishko-nova", "grishko")).await;
        let handed = call(app, Method::DELETE, "/api/admin/brands/grishko?products=move&moveTo=nikolay", &token, &Value::Null).await;
        assert_eq!(handed.json(), json!({ "deletedProducts": [] }));
        assert_eq!(app.get("/api/products?brandId=nikolay").await.json().as_array().unwrap().len(), 4);

        assert_eq!(call(app, Method::DELETE, "/api/admin/products/grishko-nova", &token, &Value::Null).await.status, StatusCode::NO_CONTENT);
        assert_json_error(&call(app, Method::DELETE, "/api/admin/products/grishko-nova", &token, &Value::Null).await, StatusCode::NOT_FOUND, "Product not found");
        let deletes: Vec<_> = audit_rows(app, "product").await.into_iter().filter(|(action, _)| action == "delete").map(|(_, id)| id).collect();
        assert_eq!(deletes, ["grishko-2007", "grishko-nova"]);
    })
    .await;
}

fn multipart(bytes: &[u8]) -> Vec<u8> {
    let mut body = b"--XBOUNDARY\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".to_vec();
    body.extend_from_slice(bytes);
    body.extend_from_slice(b"\r\n--XBOUNDARY--\r\n");
    body
}

#[tokio::test]
async fn uploads_take_real_images_up_to_5_mb_and_serve_them_for_a_year() {
    each_backend(async |app| {
        let token = app.user_with_role("ed", Role::Editor).await;
        let member = app.user_with_role("member", Role::User).await;
        let upload = async |token: &str, bytes: &[u8]| {
            let auth = format!("Bearer {token}");
            app.send_bytes(
                Method::POST,
                "/api/admin/uploads",
                "multipart/form-data; boundary=XBOUNDARY",
                multipart(bytes),
                &[("authorization", &auth)],
            )
            .await
        };
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR-rest-of-a-small-image";
        assert_json_error(&upload(&member, png).await, StatusCode::FORBIDDEN, "You do not have permission to do this");

        let stored = upload(&token, png).await;
        assert_eq!(stored.status, StatusCode::CREATED, "{}", stored.text());
        let url = stored.json()["url"].as_str().unwrap().to_owned();
        assert!(url.starts_with("/uploads/") && url.ends_with(".png"), "{url}");
        assert_eq!(upload(&token, png).await.json()["url"], url.as_str(), "the same image keeps its address");

        let served = app.get(&url).await;
        assert_eq!(served.status, StatusCode::OK);
        assert_eq!(served.header("content-type"), "image/png");
        assert_eq!(served.header("cache-control"), "public, max-age=31536000, immutable");
        assert_eq!(served.header("x-content-type-options"), "nosniff");
        assert_eq!(served.body.as_ref(), png);
        let etag = served.header("etag").to_owned();
        assert_eq!(app.request(Method::GET, &url, &[("if-none-match", &etag)]).await.status, StatusCode::NOT_MODIFIED);
        assert_json_error(&app.get("/uploads/missing.png").await, StatusCode::NOT_FOUND, "Image not found");

        let svg = upload(&token, b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>").await;
        assert_json_error(
            &svg,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded",
        );
        assert_json_error(&upload(&token, b"").await, StatusCode::BAD_REQUEST, "Choose an image to upload");
        let not_multipart = app
            .send_bytes(
                Method::POST,
                "/api/admin/uploads",
                "image/png",
                png.to_vec(),
                &[("authorization", &format!("Bearer {token}"))],
            )
            .await;
        assert_json_error(&not_multipart, StatusCode::BAD_REQUEST, "Choose an image to upload");
        let mut large = png.to_vec();
        large.resize(5 * 1024 * 1024 + 1, 0);
        assert_json_error(
            &upload(&token, &large).await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "The image must be 5 MB or smaller",
        );
        let mut huge = png.to_vec();
        huge.resize(8 * 1024 * 1024, 0);
        assert_json_error(
            &upload(&token, &huge).await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "The image must be 5 MB or smaller",
        );
    })
    .await;
}

#[tokio::test]
async fn social_embed_settings_are_admin_only_checked_and_narrow_the_pages_frames() {
    each_backend(async |app| {
        let defaults = app.get("/api/config/social-embeds").await.json();
        assert_eq!(defaults["youtube"], json!({ "enabled": true, "autoplay": false, "showControls": true }));
        let editor = app.user_with_role("ed", Role::Editor).await;
        let admin = app.signed_in_admin("boss").await;
        let uri = "/api/admin/settings/social-embeds";
        assert_eq!(call(app, Method::PUT, uri, &editor, &defaults).await.status, StatusCode::FORBIDDEN);

        let mut settings = defaults.clone();
        settings["instagram"]["maxWidth"] = json!(5000);
        let invalid = call(app, Method::PUT, uri, &admin, &settings).await;
        assert_eq!(fields_of(&invalid)["instagram.maxWidth"], "Must be between 320 and 1000");
        assert_eq!(
            invalid.json()["fields"]["instagram.maxWidth"],
            json!({ "code": "out_of_range", "message": "Must be between 320 and 1000", "values": { "min": "320", "max": "1000" } })
        );

        settings["instagram"]["maxWidth"] = json!(400);
        settings["youtube"]["enabled"] = json!(false);
        settings["facebook"]["enabled"] = json!(false);
        assert_eq!(call(app, Method::PUT, uri, &admin, &settings).await.status, StatusCode::OK);
        assert_eq!(app.get("/api/config/social-embeds").await.json(), settings);
        let csp = app.get("/blog").await.header("content-security-policy").to_owned();
        assert!(csp.contains("frame-src 'self' https://www.instagram.com https://platform.twitter.com;"), "{csp}");
        assert!(!csp.contains("youtube") && !csp.contains("facebook"), "{csp}");
        let other = app.another_instance().await;
        assert_eq!(other.get("/api/config/social-embeds").await.json(), settings, "stored, not only in this instance");
        assert_eq!(audit_rows(app, "settings").await, [("update".to_owned(), "socialEmbeds".to_owned())]);
    })
    .await;
}
