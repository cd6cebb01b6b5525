//! The open data set of pointe shoe models brought into the catalogue: every line a product or in the
//! report, the seeded models given their fit and their texts kept, the missing makers added as brands,
//! each model once (a model an admin deleted, before or after, stays deleted); and the finder's one read.

use axum::http::{Method, StatusCode};

use crate::common::each_backend;
use pointe_server::testing::finder::import;

const LINES: usize = 365;
/// The seed's products the data set also holds (Bloch's European Balance is the seed's bloch-balance).
const SEEDED: [&str; 6] =
    ["bloch-heritage", "bloch-eurostretch", "bloch-balance", "nikolay-elite", "nikolay-fouette", "nikolay-triumph"];

#[tokio::test]
async fn every_model_becomes_a_product_with_its_fit_once() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let auth = format!("Bearer {admin}");
        let delete = async |id: &str| {
            let uri = format!("/api/admin/products/{id}");
            let deleted = app.request(Method::DELETE, &uri, &[("authorization", &auth)]).await;
            assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
        };
        // A seeded model deleted before the first import is not brought back by it.
        delete("nikolay-triumph").await;
        let report = import(&app.state.db, 1).await.unwrap();
        assert_eq!(report.lines, LINES);
        assert!(report.refused.is_empty(), "{:?}", report.refused);
        assert_eq!((report.added, report.completed, report.kept), (LINES - SEEDED.len(), SEEDED.len() - 1, 1));
        assert_eq!(
            report.brands_added,
            ["chacott", "fr-duval", "freed", "merlet", "mirella", "r-class", "sansha", "wear-moi"]
        );
        // Twelve models give "Tapered" as a platform width, which is a box shape: left for an admin.
        let tapered =
            report.unread.iter().filter(|(_, _, attribute, value)| attribute == "platformWidth" && value == "Tapered");
        assert_eq!(tapered.count(), 12);
        for table in ["products", "product_fits"] {
            let count: i64 =
                sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(&app.state.db).await.unwrap();
            assert_eq!(count, LINES as i64 - 1, "{table}");
        }

        // The seeded models keep the seed's texts.
        let products = app.get("/api/products?brandId=bloch&lang=en").await.json();
        let heritage = products.as_array().unwrap().iter().find(|p| p["id"] == "bloch-heritage").unwrap().clone();
        assert_eq!(heritage["name"], "Bloch Heritage");
        assert_eq!(heritage["price"], "$85");

        // Once imported, a model is the admin's: deleted, it is not brought back.
        delete("bloch-alpha").await;
        let again = import(&app.state.db, 2).await.unwrap();
        assert_eq!((again.added, again.completed, again.kept), (0, 0, LINES));
        assert!(again.brands_added.is_empty());
        assert_eq!(app.get("/api/finder?lang=en").await.json()["models"].as_array().unwrap().len(), LINES - 2);
    })
    .await;
}

#[tokio::test]
async fn the_finder_reads_every_model_with_its_fit_and_the_attributes_in_the_language() {
    each_backend(async |app| {
        import(&app.state.db, 1).await.unwrap();
        let answer = app.get("/api/finder?lang=he").await;
        assert_eq!(answer.status, StatusCode::OK);
        let data = answer.json();
        let credit = data["credit"].as_str().unwrap();
        assert!(credit.contains("Danielle Heymann") && credit.contains("CC BY 4.0"), "{credit}");
        let models = data["models"].as_array().unwrap();
        assert_eq!(models.len(), LINES);
        let alpha = models.iter().find(|model| model["id"] == "bloch-alpha").unwrap();
        assert_eq!(alpha["brandId"], "bloch");
        assert_eq!(alpha["name"], "Bloch Alpha");
        assert_eq!(alpha["price"], "$85–110");
        assert_eq!(alpha["fit"]["boxShape"], serde_json::json!(["square-wide"]));
        assert_eq!(alpha["fit"]["shankStrength"], serde_json::json!(["medium", "hard"]));
        assert_eq!(alpha["fit"]["widths"], serde_json::json!(["X", "XX", "XXX"]));
        assert_eq!(alpha["fit"]["notes"]["en"].as_str().unwrap().split(',').next(), Some("Broad platform"));
        assert!(alpha["fit"].get("unread").is_none_or(|unread| unread.as_object().is_some_and(|u| u.is_empty())));
        let freed = models.iter().filter(|model| model["brandId"] == "freed").count();
        assert!(freed > 30, "{freed}");

        let box_shape = data["attributes"].as_array().unwrap().iter().find(|a| a["key"] == "boxShape").unwrap();
        assert_eq!(box_shape["label"], "צורת הקופסה");
        assert_eq!(box_shape["values"][0]["key"], "narrow-tapered");
        // The Hebrew description says the fit in Hebrew.
        let products = app.get("/api/products?brandId=bloch&lang=he").await.json();
        let described = products.as_array().unwrap().iter().find(|p| p["id"] == "bloch-alpha").unwrap().clone();
        assert!(described["description"].as_str().unwrap().contains("צורת הקופסה: מרובעת ורחבה"), "{described}");
    })
    .await;
}
