//! Pages of content drawn on the server (issue 16): the content and its data in the first HTML, in the
//! page's language; finished pages kept, and an admin's change seen on the next request.

use axum::http::StatusCode;
use pointe_server::testing::rendered_pages::figures;
use serde_json::Value;

use crate::{common::each_backend, public_reads::rename_bloch};

/// The page data the server sent beside the drawn page.
fn page_data(html: &str) -> Value {
    let mark = "<script type=\"application/json\" id=\"page-data\">";
    let start = html.find(mark).expect("page data") + mark.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn locale(lang: &str) -> Value {
    let path = format!("{}/../web/src/i18n/locales/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[tokio::test]
async fn pages_of_content_come_drawn_in_their_language_with_their_data() {
    each_backend(async |app| {
        let Some(app) = app.drawing_pages().await else { return };
        let brand = app.get("/brand/bloch?lang=en").await;
        assert_eq!(brand.status, StatusCode::OK);
        let html = brand.text();
        assert!(html.contains("<html lang=\"en\" dir=\"ltr\">"));
        for text in ["Bloch Heritage", "$85", ">Bloch<"] {
            assert!(html.contains(text), "{text} in the drawn brand page");
        }
        let queries = page_data(&html)["queries"].as_array().unwrap().clone();
        // No time of drawing: a kept page's answers are current (the cache drops it on any change), and the
        // app would read them all again once that time was older than its stale time.
        assert!(queries.iter().all(|query| query.get("updatedAt").is_none()), "{queries:?}");
        assert!(queries.iter().any(|query| query["data"].to_string().contains("bloch-heritage")), "{queries:?}");
        // Only the maker's own models: the whole list (every maker's) is not in the page.
        assert!(
            !page_data(&html).to_string().contains(r#""brandId":"nikolay""#),
            "another maker's models in the brand page"
        );

        let hebrew = locale("he");
        let home = app.get("/").await.text();
        assert!(home.contains("<html lang=\"he\" dir=\"rtl\">"));
        assert!(home.contains(hebrew["home"]["heroTitle"].as_str().unwrap()), "the home page in Hebrew");
        assert!(home.contains("href=\"/brand/capezio\""), "the brands' cards");
        // The search box reads the product list only once focused: pages that do not show it leave it out.
        assert!(!page_data(&home).to_string().contains("bloch-heritage"), "no product list in the home page's data");

        let post = app.get("/blog/first-pointe-shoes?lang=en").await.text();
        assert!(post.contains("The teacher decides"), "the post's body");
        let blog = app.get("/blog?lang=ru").await.text();
        assert!(blog.contains(locale("ru")["blog"]["title"].as_str().unwrap()));
        assert!(app.get("/terms?lang=en").await.text().contains("Who we are"));

        // Forms and members' pages are drawn by the app.
        assert!(!app.get("/login?lang=en").await.text().contains("page-data"));
    })
    .await;
}

#[tokio::test]
async fn a_finished_page_is_kept_and_an_admin_change_shows_on_the_next_request() {
    each_backend(async |app| {
        let Some(app) = app.drawing_pages().await else { return };
        let token = app.signed_in_admin("ada").await;
        let first = app.get("/brand/bloch?lang=en").await;
        let again = app.get("/brand/bloch?lang=en").await;
        assert_eq!((first.body.clone(), first.header("etag")), (again.body.clone(), again.header("etag")));
        assert_eq!(figures(&app.state), (1, 1, 1));
        let held = app
            .request(axum::http::Method::GET, "/brand/bloch?lang=en", &[("if-none-match", first.header("etag"))])
            .await;
        assert_eq!(held.status, StatusCode::NOT_MODIFIED);

        rename_bloch(&app, &token, "Bloch Dance").await;
        let changed = app.get("/brand/bloch?lang=en").await.text();
        assert!(changed.contains("Bloch Dance"), "drawn again after the change");
        assert_eq!(figures(&app.state).2, 1, "the old page was dropped with the public reads");

        // A page not found is not kept: any address can ask for one.
        assert_eq!(app.get("/brand/no-such-brand?lang=en").await.status, StatusCode::NOT_FOUND);
        assert_eq!(figures(&app.state).2, 1);
    })
    .await;
}

#[tokio::test]
async fn made_up_query_strings_and_admin_paths_find_the_kept_page() {
    each_backend(async |app| {
        let Some(app) = app.drawing_pages().await else { return };
        let first = app.get("/brand/bloch?lang=en").await;
        for n in 0..40 {
            let junk = app.get(&format!("/brand/bloch/?lang=en&utm_source=x{n}&fbclid={n}")).await;
            assert_eq!(junk.body, first.body, "the page's own parameters alone");
        }
        assert_eq!(figures(&app.state), (40, 1, 1), "answered from memory");

        // The admin's screens are one page, whatever the path.
        for n in 0..20 {
            assert_eq!(app.get(&format!("/admin/made-up-{n}?x={n}")).await.status, StatusCode::OK);
        }
        assert_eq!(figures(&app.state).2, 2);

        // The finder's filters make a page of their own, kept once asked for again.
        let filtered = "/finder?lang=en&boxShape=square";
        assert!(app.get(filtered).await.text().contains("<html lang=\"en\""));
        assert_eq!(figures(&app.state).2, 2, "asked for once: drawn, not kept");
        app.get(filtered).await;
        assert_eq!(figures(&app.state).2, 3, "asked for again: kept");
    })
    .await;
}
