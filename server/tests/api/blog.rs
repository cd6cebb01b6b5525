//! The blog: seeded posts, pages of posts, one post, drafts, sanitising, embeds, categories,
//! permissions, and what search engines and feed readers get (pages' heads, sitemap, robots, RSS).

use crate::common::{assert_field_error, assert_json_error, each_backend, fields_of, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

async fn call(app: &TestApp, method: Method, uri: &str, token: &str, body: &Value) -> crate::common::TestResponse {
    app.send_json(method, uri, body, &[("authorization", &format!("Bearer {token}"))]).await
}

fn post(slug: &str, status: &str, body: &str) -> Value {
    json!({
        "slug": slug, "category": "fitting", "author": "Anna", "cover": "", "status": status, "publishedAt": null,
        "translations": {
            "he": { "title": "כותרת", "excerpt": "תקציר", "body": body },
            "en": { "title": "On fitting", "excerpt": "A short guide.", "body": body }
        }
    })
}

#[tokio::test]
async fn the_seeded_blog_pages_six_posts_at_a_time_in_each_language() {
    each_backend(async |app| {
        let first = app.get("/api/blog/posts?lang=en").await.json();
        assert_eq!(
            (first["page"].as_i64(), first["pageCount"].as_i64(), first["total"].as_i64(), first["pageSize"].as_i64()),
            (Some(1), Some(2), Some(7), Some(6))
        );
        let posts = first["posts"].as_array().unwrap();
        assert_eq!(posts.len(), 6);
        assert_eq!(posts[0]["slug"], "understanding-shanks-and-boxes", "newest first");
        assert_eq!(posts[0]["lang"], "en");
        assert!(posts
            .iter()
            .all(|p| p["category"]["name"].is_string() && p["excerpt"].as_str().is_some_and(|e| !e.is_empty())));
        let second = app.get("/api/blog/posts?lang=en&page=2").await.json();
        assert_eq!(second["posts"].as_array().unwrap().len(), 1);
        assert_eq!(second["posts"][0]["slug"], "first-pointe-shoes");
        assert_eq!(app.get("/api/blog/posts?page=9").await.json()["posts"], json!([]));
        let far = app.get(&format!("/api/blog/posts?page={}", i64::MAX)).await;
        assert_eq!(
            (far.status, far.json()["posts"].clone()),
            (StatusCode::OK, json!([])),
            "a page whose offset overflows is empty, not an error"
        );
        assert_json_error(&app.get("/api/blog/posts?page=0").await, StatusCode::BAD_REQUEST, "page must be 1 or more");

        let fitting = app.get("/api/blog/posts?lang=fr&category=fitting").await.json();
        assert_eq!(fitting["total"], 2);
        let categories = app.get("/api/blog/categories?lang=ru").await.json();
        assert_eq!(categories.as_array().unwrap().len(), 4);
        assert_eq!(categories.as_array().unwrap().iter().map(|c| c["postCount"].as_i64().unwrap()).sum::<i64>(), 7);

        for lang in ["he", "en", "ru", "fr", "es"] {
            let one = app.get(&format!("/api/blog/posts/first-pointe-shoes?lang={lang}")).await.json();
            assert_eq!(one["lang"], lang);
            let html = one["body"][0]["html"].as_str().unwrap();
            assert!(html.contains("<h2>") && html.contains("<p>"), "{lang}: {html}");
        }
        assert_json_error(&app.get("/api/blog/posts/no-such-post").await, StatusCode::NOT_FOUND, "Post not found");
    })
    .await;
}

#[tokio::test]
async fn posts_are_sanitised_embed_social_media_and_stay_hidden_until_published() {
    each_backend(async |app| {
        let token = app.user_with_role("ed", Role::Editor).await;
        let hostile = "Hello <script>alert(1)</script> [x](javascript:alert(2)) <img src=x onerror=alert(3)>\n\n\
            https://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n<a href=\"jAvAsCrIpT:alert(4)\" onclick=\"alert(5)\">y</a>";
        let created = call(app, Method::POST, "/api/admin/blog/posts", &token, &post("fitting-notes", "draft", hostile)).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        assert_eq!(created.json()["publishedAt"], Value::Null);
        assert_json_error(&app.get("/api/blog/posts/fitting-notes").await, StatusCode::NOT_FOUND, "Post not found");
        assert_eq!(app.get("/blog/fitting-notes").await.status, StatusCode::NOT_FOUND, "a draft's page is not found");
        let listed = call(app, Method::GET, "/api/admin/blog/posts", &token, &Value::Null).await.json();
        assert_eq!(listed[0]["slug"], "fitting-notes", "admins see drafts");

        let preview = call(app, Method::POST, "/api/admin/blog/preview", &token, &json!({ "markdown": hostile })).await.json();
        let published = call(app, Method::PUT, "/api/admin/blog/posts/fitting-notes", &token, &post("fitting-notes", "published", hostile)).await;
        assert_eq!(published.status, StatusCode::OK, "{}", published.text());
        assert_eq!(published.json()["publishedAt"], app.state.clock.now_ms(), "publishing stamps the time");

        let shown = app.get("/api/blog/posts/fitting-notes?lang=en").await.json();
        assert_eq!(shown["body"], preview["body"], "the preview is what readers get");
        let body = shown["body"].as_array().unwrap();
        assert_eq!(body.len(), 3);
        assert_eq!(body[1], json!({ "kind": "embed", "provider": "youtube", "id": "dQw4w9WgXcQ", "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }));
        let html = format!("{}{}", body[0]["html"], body[2]["html"]).to_lowercase();
        for bad in ["<script", "javascript:", "onerror", "onclick"] {
            assert!(!html.contains(bad), "{bad} survived: {html}");
        }
        assert_eq!(app.get("/api/blog/posts?lang=en").await.json()["posts"][0]["slug"], "fitting-notes");
        assert_eq!(app.get("/api/blog/posts/fitting-notes?lang=es").await.json()["lang"], "he", "Spanish falls back to Hebrew");

        let audit: Vec<String> = sqlx::query_scalar("SELECT action FROM audit_log WHERE resource_type = 'blog_post' ORDER BY created_at, action")
            .fetch_all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(audit, ["create", "update"]);
    })
    .await;
}

#[tokio::test]
async fn post_and_category_rules_permissions_and_deletion() {
    each_backend(async |app| {
        let moderator = app.user_with_role("mod", Role::Moderator).await;
        let admin = app.signed_in_admin("boss").await;
        assert_json_error(&call(app, Method::GET, "/api/admin/blog/posts", &moderator, &Value::Null).await, StatusCode::FORBIDDEN, "You do not have permission to do this");
        assert_eq!(call(app, Method::POST, "/api/admin/blog/preview", &moderator, &json!({ "markdown": "x" })).await.status, StatusCode::FORBIDDEN);

        let mut bad = post("Not A Slug", "published", "");
        bad["category"] = json!("nope");
        bad["translations"]["en"]["title"] = json!("t".repeat(151));
        let invalid = call(app, Method::POST, "/api/admin/blog/posts", &admin, &bad).await;
        let fields = fields_of(&invalid);
        assert_eq!(fields["slug"], "Use lowercase letters, digits and hyphens only");
        assert_eq!(fields["translations.he.body"], "This field is required");
        assert_eq!(fields["translations.en.title"], "Must be at most 150 characters");
        let unknown_category = call(app, Method::POST, "/api/admin/blog/posts", &admin, &{
            let mut p = post("new-post", "draft", "Body");
            p["category"] = json!("nope");
            p
        })
        .await;
        assert_eq!(fields_of(&unknown_category)["category"], "Category not found");
        let taken = call(app, Method::POST, "/api/admin/blog/posts", &admin, &post("first-pointe-shoes", "draft", "Body")).await;
        assert_field_error(&taken, StatusCode::CONFLICT, "slug", "This slug is already in use");

        let category = json!({ "slug": "history", "translations": { "he": { "name": "היסטוריה" }, "en": { "name": "History", "description": "Where it began." } } });
        assert_eq!(call(app, Method::POST, "/api/admin/blog/categories", &admin, &category).await.status, StatusCode::CREATED);
        assert_field_error(&call(app, Method::POST, "/api/admin/blog/categories", &admin, &category).await, StatusCode::CONFLICT, "slug", "This slug is already in use");
        let mut moved = post("new-post", "published", "Body");
        moved["category"] = json!("history");
        assert_eq!(call(app, Method::POST, "/api/admin/blog/posts", &admin, &moved).await.status, StatusCode::CREATED);
        let categories = call(app, Method::GET, "/api/admin/blog/categories", &admin, &Value::Null).await.json();
        assert_eq!(categories.as_array().unwrap().iter().find(|c| c["slug"] == "history").unwrap()["postCount"], 1);

        assert_eq!(call(app, Method::DELETE, "/api/admin/blog/categories/history", &admin, &Value::Null).await.status, StatusCode::NO_CONTENT);
        assert_eq!(app.get("/api/blog/posts/new-post").await.json()["category"], Value::Null, "its posts stay, uncategorised");
        assert_json_error(&call(app, Method::DELETE, "/api/admin/blog/categories/history", &admin, &Value::Null).await, StatusCode::NOT_FOUND, "Category not found");
        assert_eq!(call(app, Method::DELETE, "/api/admin/blog/posts/new-post", &admin, &Value::Null).await.status, StatusCode::NO_CONTENT);
        assert_json_error(&call(app, Method::GET, "/api/admin/blog/posts/new-post", &admin, &Value::Null).await, StatusCode::NOT_FOUND, "Post not found");
    })
    .await;
}

fn json_ld(html: &str) -> Value {
    let data = html.split("<script type=\"application/ld+json\">").nth(1).unwrap().split("</script>").next().unwrap();
    serde_json::from_str(data).unwrap()
}

#[tokio::test]
async fn pages_tell_search_engines_what_they_are() {
    each_backend(async |app| {
        let post = app.get("/blog/first-pointe-shoes?lang=en").await;
        assert_eq!(post.status, StatusCode::OK);
        let html = post.text();
        let title = html.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
        assert!(title.ends_with("— Pointe") && title.len() > 12, "{title}");
        for tag in [
            "property=\"og:type\" content=\"article\"",
            "property=\"og:image\" content=\"http://pointe.test/images/blog/first-pointe-shoes.svg\"",
            "name=\"twitter:card\" content=\"summary_large_image\"",
            "rel=\"canonical\" href=\"http://pointe.test/blog/first-pointe-shoes?lang=en\"",
            "type=\"application/rss+xml\"",
            "property=\"og:locale\" content=\"en_US\"",
        ] {
            assert!(html.contains(tag), "{tag}");
        }
        let posting = json_ld(&html);
        assert_eq!((posting["@type"].as_str(), posting["inLanguage"].as_str()), (Some("BlogPosting"), Some("en")));
        assert_eq!(posting["datePublished"], "2026-06-10T09:00:00Z");

        let brand = json_ld(&app.get("/brand/bloch?lang=en").await.text());
        let graph = brand["@graph"].as_array().unwrap();
        assert_eq!(graph[0]["@type"], "Brand");
        assert_eq!(graph.len(), 4, "the brand and its three products");
        assert_eq!(
            graph[1]["offers"],
            json!({ "@type": "Offer", "price": "85", "priceCurrency": "USD", "url": graph[1]["url"] })
        );
        let catalogue = json_ld(&app.get("/products").await.text());
        assert_eq!(catalogue["itemListElement"].as_array().unwrap().len(), 6);

        let robots = app.get("/robots.txt").await.text();
        assert!(
            robots.contains("Disallow: /admin\n") && robots.contains("Sitemap: http://pointe.test/sitemap.xml"),
            "{robots}"
        );

        let sitemap = app.get("/sitemap.xml").await;
        assert!(sitemap.header("content-type").starts_with("application/xml"));
        let sitemap = sitemap.text();
        assert_eq!(
            sitemap.matches("<url>").count(),
            (6 + 7 + 7) * 5,
            "fixed pages, brands and posts, in five languages"
        );
        assert!(sitemap.contains("<loc>http://pointe.test/brand/capezio?lang=fr</loc>"));
        assert!(sitemap.contains("hreflang=\"x-default\" href=\"http://pointe.test/blog/first-pointe-shoes\""));
        assert!(!sitemap.contains("/admin") && !sitemap.contains("/login"));

        let feed = app.get("/blog/rss/ru.xml").await;
        assert!(feed.header("content-type").starts_with("application/rss+xml"));
        let feed = feed.text();
        assert_eq!(feed.matches("<item>").count(), 7);
        assert!(
            feed.contains("<language>ru</language>")
                && feed.contains("<link>http://pointe.test/blog/first-pointe-shoes?lang=ru</link>")
        );
        assert_eq!(app.get("/blog/rss/de.xml").await.status, StatusCode::NOT_FOUND);
    })
    .await;
}
