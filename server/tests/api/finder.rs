//! The open data set of pointe shoe models brought into the catalogue: every line a product or in the
//! report, the seeded models given their fit and their texts kept, the missing makers added as brands,
//! each model once (a model an admin deleted, before or after, stays deleted), by hand or by the seed of a
//! new database; the finder's reads, and the model pages with what search engines and the sitemap get.

use axum::http::{Method, StatusCode};

use serde_json::{json, Value};

use crate::common::{assert_field_error, assert_json_error, each_backend, each_backend_with, TestApp};
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
        // The notes and sources are on the model's own page only.
        assert_eq!((alpha["fit"]["notes"].clone(), alpha["fit"]["sources"].clone()), (json!({}), json!([])));
        let page = app.get("/api/finder/models/bloch-alpha?lang=he").await.json();
        assert_eq!(page["model"]["fit"]["notes"]["en"].as_str().unwrap().split(',').next(), Some("Broad platform"));
        assert!(!page["model"]["fit"]["sources"].as_array().unwrap().is_empty());
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

async fn finder_models(app: &TestApp) -> usize {
    app.get("/api/finder?lang=en").await.json()["models"].as_array().unwrap().len()
}

#[tokio::test]
async fn a_new_database_gets_the_models_at_its_first_start_only() {
    each_backend_with(&[("SEED_SHOE_MODELS", "true")], async |app| {
        assert_eq!(finder_models(app).await, LINES);
        let brands = app.get("/api/brands?lang=en").await.json();
        assert_eq!(brands.as_array().unwrap().len(), 15, "the seven seeded makers and the eight the data set adds");
        let freed = brands.as_array().unwrap().iter().find(|brand| brand["id"] == "freed").unwrap().clone();
        assert_eq!(
            (freed["name"].as_str(), freed["image"].as_str()),
            (Some("Freed of London"), Some("/images/brands/freed.svg"))
        );

        // Deleted by an admin, a model stays deleted when the server starts again.
        let admin = app.signed_in_admin("admin").await;
        let deleted = app
            .request(
                Method::DELETE,
                "/api/admin/products/bloch-alpha",
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT);
        let restarted = app.another_instance().await;
        assert_eq!(finder_models(&restarted).await, LINES - 1);
    })
    .await;
}

#[tokio::test]
async fn a_model_has_a_page_that_search_engines_and_the_sitemap_know() {
    each_backend(async |app| {
        import(&app.state.db, 1).await.unwrap();
        let read = app.get("/api/finder/models/bloch-alpha?lang=fr").await;
        assert_eq!(read.status, StatusCode::OK);
        let read = read.json();
        assert_eq!(read["model"]["brandName"], "Bloch");
        assert_eq!(read["model"]["fit"]["boxShape"], json!(["square-wide"]));
        assert_eq!(read["attributes"][0]["label"], "Forme de la boîte");
        assert!(read["credit"].as_str().unwrap().contains("CC BY 4.0"));
        assert_json_error(&app.get("/api/finder/models/no-such-shoe").await, StatusCode::NOT_FOUND, "Model not found");

        let page = app.get("/shoe/bloch-alpha?lang=en").await;
        assert_eq!(page.status, StatusCode::OK);
        let html = page.text();
        let title = html.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
        assert!(title.starts_with("Bloch Alpha") && title.ends_with("— Pointe"), "{title}");
        assert!(html.contains("rel=\"canonical\" href=\"http://pointe.test/shoe/bloch-alpha?lang=en\""));
        let data =
            html.split("<script type=\"application/ld+json\">").nth(1).unwrap().split("</script>").next().unwrap();
        let product: Value = serde_json::from_str(data).unwrap();
        assert_eq!(
            (product["@type"].as_str(), product["url"].as_str()),
            (Some("Product"), Some("http://pointe.test/shoe/bloch-alpha?lang=en"))
        );
        assert_eq!(product["offers"]["@type"], "AggregateOffer");
        assert_eq!(
            (product["offers"]["lowPrice"].as_str(), product["offers"]["highPrice"].as_str()),
            (Some("85"), Some("110"))
        );
        assert_eq!(app.get("/shoe/no-such-shoe").await.status, StatusCode::NOT_FOUND);
        for page in ["/finder", "/finder/compare?compare=bloch-alpha,freed-classic", "/finder/my-feet"] {
            assert_eq!(app.get(page).await.status, StatusCode::OK, "{page}");
        }

        let sitemap = app.get("/sitemap.xml").await.text();
        assert!(sitemap.contains("<loc>http://pointe.test/finder?lang=ru</loc>"));
        assert!(sitemap.contains("<loc>http://pointe.test/shoe/bloch-alpha?lang=es</loc>"));
        assert_eq!(
            sitemap.matches("/shoe/").count(),
            LINES * 5 * 7,
            "every model: five entries, each naming it in its address and six alternates"
        );
    })
    .await;
}

#[tokio::test]
async fn an_admin_edits_a_models_fit_and_sees_what_the_import_left_unread() {
    each_backend(async |app| {
        import(&app.state.db, 1).await.unwrap();
        let admin = app.signed_in_admin("admin").await;
        let auth = format!("Bearer {admin}");
        let uri = "/api/admin/products/gaynor-protegee-box-2-hard";
        let mut record = app.request(Method::GET, uri, &[("authorization", &auth)]).await.json();
        // The fill series' price is left for the admin, its lowest price kept.
        assert_eq!(record["fit"]["unread"]["price"], "$115.00-172");
        assert_eq!((record["fit"]["priceMin"].as_f64(), record["price"].as_str()), (Some(115.0), Some("$115")));

        let put = async |body: &Value| app.send_json(Method::PUT, uri, body, &[("authorization", &auth)]).await;
        record.as_object_mut().unwrap().remove("updatedAt");
        let mut wrong = record.clone();
        wrong["fit"]["boxShape"] = json!(["round"]);
        assert_field_error(
            &put(&wrong).await,
            StatusCode::BAD_REQUEST,
            "fit.boxShape",
            "Choose each value from the list once",
        );
        wrong = record.clone();
        wrong["fit"]["priceMax"] = json!(100);
        assert_field_error(
            &put(&wrong).await,
            StatusCode::BAD_REQUEST,
            "fit.priceMax",
            "The highest price is below the lowest",
        );

        record["fit"]["priceMax"] = json!(120);
        record["fit"]["platformWidth"] = json!(["wide"]);
        record["fit"]["unread"] = json!({});
        record["fit"]["notes"]["he"] = json!("קופסה רכה");
        record["price"] = json!("$115–120");
        let saved = put(&record).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        assert_eq!(saved.json()["fit"]["platformWidth"], json!(["wide"]));

        // Saved without its fit, a product keeps the one it has.
        let mut texts_only = record.clone();
        texts_only.as_object_mut().unwrap().remove("fit");
        assert_eq!(put(&texts_only).await.status, StatusCode::OK);
        let page = app.get("/api/finder/models/gaynor-protegee-box-2-hard?lang=he").await.json();
        let fit = &page["model"]["fit"];
        assert_eq!((fit["priceMax"].as_f64(), fit["platformWidth"].clone()), (Some(120.0), json!(["wide"])));
        assert_eq!(fit["notes"]["he"], "קופסה רכה");
        assert!(fit["unread"].as_object().is_none_or(|unread| unread.is_empty()));
    })
    .await;
}

#[tokio::test]
async fn the_finder_comes_drawn_with_its_results_counts_and_the_datas_credit() {
    each_backend(async |app| {
        import(&app.state.db, 1).await.unwrap();
        let Some(app) = app.drawing_pages().await else { return };
        let html = app.get("/finder?lang=en&boxShape=square&shankStrength=hard&availability=available").await.text();
        let root = html.split("<div id=\"root\">").nth(1).expect("a drawn page");
        assert!(root.contains(">11 models<"), "the results as the address filters them");
        assert!(root.contains("Available (11)"), "the counts beside the values");
        assert!(root.contains("Danielle Heymann"), "the data's credit");
        assert!(html.contains("id=\"page-data\""), "the data the app takes the page over with");
        // The models come in name order, the order the app keeps (it has no collation of its own).
        let read = app.get("/api/finder?lang=en").await.json();
        let names: Vec<String> = read["models"]
            .as_array()
            .unwrap()
            .iter()
            .map(|model| model["name"].as_str().unwrap().to_lowercase())
            .collect();
        assert!(
            names.windows(2).all(|pair| pair[0] <= pair[1] || pair[0].chars().any(|c| c.is_ascii_digit())),
            "{names:?}"
        );

        let hebrew = app.get("/finder/compare?compare=bloch-alpha,freed-classic").await.text();
        assert!(
            hebrew.contains("<html lang=\"he\" dir=\"rtl\">") && hebrew.contains("Bloch Alpha"),
            "the comparison drawn"
        );
    })
    .await;
}
