use crate::common::{assert_json_error, each_backend};
use axum::http::StatusCode;

#[tokio::test]
async fn brands_are_listed_in_order_and_localised_with_hebrew_fallback() {
    each_backend(async |app| {
        let hebrew = app.get("/api/brands").await;
        assert_eq!(hebrew.status, StatusCode::OK, "{}", app.backend);
        let brands = hebrew.json();
        let ids: Vec<_> = brands.as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap().to_owned()).collect();
        assert_eq!(ids, ["bloch", "nikolay", "capezio", "gaynor", "russianPointe", "sodanca", "suffolk"]);
        let bloch = &brands[0];
        for field in ["name", "description", "history", "image", "link", "retailerLink"] {
            assert!(!bloch[field].as_str().unwrap().is_empty(), "{field} is empty");
        }
        assert!(!bloch["keyFeatures"].as_array().unwrap().is_empty());
        assert!(!bloch["popularModels"].as_array().unwrap().is_empty());
        assert!(bloch["description"].as_str().unwrap().chars().any(|c| ('\u{05d0}'..='\u{05ea}').contains(&c)));

        let english = app.get("/api/brands?lang=en").await.json();
        assert_ne!(english[0]["description"], bloch["description"]);
        assert!(english[0]["description"].as_str().unwrap().is_ascii());
        // An unknown language falls back to Hebrew rather than failing.
        assert_eq!(app.get("/api/brands?lang=de").await.json(), brands);
    })
    .await;
}

#[tokio::test]
async fn a_missing_translation_falls_back_to_hebrew() {
    each_backend(async |app| {
        sqlx::query("DELETE FROM brand_translations WHERE brand_id = 'gaynor' AND lang = 'fr'")
            .execute(&app.state.db)
            .await
            .unwrap();
        let french = app.get("/api/brands/gaynor?lang=fr").await.json();
        let hebrew = app.get("/api/brands/gaynor?lang=he").await.json();
        assert_eq!(french, hebrew);
    })
    .await;
}

#[tokio::test]
async fn one_brand_or_a_clear_404() {
    each_backend(async |app| {
        let bloch = app.get("/api/brands/bloch?lang=en").await;
        assert_eq!(bloch.status, StatusCode::OK);
        assert_eq!(bloch.json()["name"], "Bloch");
        assert_json_error(&app.get("/api/brands/nope").await, StatusCode::NOT_FOUND, "Brand not found");
    })
    .await;
}

#[tokio::test]
async fn products_with_prices_and_brand_filter() {
    each_backend(async |app| {
        let all = app.get("/api/products?lang=en").await.json();
        let prices: Vec<_> = all
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["id"].as_str().unwrap().to_owned(), p["price"].as_str().unwrap().to_owned()))
            .collect();
        let expected = [
            ("bloch-heritage", "$85"),
            ("bloch-eurostretch", "$92"),
            ("bloch-balance", "$88"),
            ("nikolay-elite", "$95"),
            ("nikolay-fouette", "$88"),
            ("nikolay-triumph", "$92"),
        ]
        .map(|(id, price)| (id.to_owned(), price.to_owned()));
        assert_eq!(prices, expected);
        for product in all.as_array().unwrap() {
            for field in ["brandId", "name", "image", "link", "description"] {
                assert!(!product[field].as_str().unwrap().is_empty(), "{field} is empty");
            }
        }
        let nikolay = app.get("/api/products?brandId=nikolay").await.json();
        assert_eq!(nikolay.as_array().unwrap().len(), 3);
        assert!(nikolay.as_array().unwrap().iter().all(|p| p["brandId"] == "nikolay"));
        assert_eq!(app.get("/api/products?brandId=capezio").await.json(), serde_json::json!([]));
        assert_json_error(&app.get("/api/products?brandId=nope").await, StatusCode::NOT_FOUND, "Brand not found");
    })
    .await;
}

#[tokio::test]
async fn a_malformed_query_is_a_clear_400() {
    each_backend(async |app| {
        let response = app.get("/api/products?brandId=a&brandId=b").await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert!(response.json()["error"].as_str().unwrap().starts_with("Invalid query"));
    })
    .await;
}

#[tokio::test]
async fn seed_content_loads_once_even_across_restarts() {
    each_backend(async |app| {
        sqlx::query("DELETE FROM brands WHERE id = 'suffolk'").execute(&app.state.db).await.unwrap();
        let restarted = app.another_instance().await;
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM brands").fetch_one(&restarted.state.db).await.unwrap();
        assert_eq!(count, 6, "a brand an admin deleted must not come back");
        let products: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(&restarted.state.db).await.unwrap();
        assert_eq!(products, 6);
    })
    .await;
}
