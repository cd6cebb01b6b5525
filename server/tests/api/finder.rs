//! The open data set of pointe shoe models brought into the catalogue: every line a product or in the
//! report, the seeded models given their fit and their texts kept, the missing makers added as brands,
//! each model once (a model an admin deleted, before or after, stays deleted), by hand or by the seed of a
//! new database; the finder's reads, and the model pages with what search engines and the sitemap get.

use axum::http::{Method, StatusCode};

use serde_json::{json, Value};

use crate::common::{assert_field_error, assert_json_error, each_backend, each_backend_with, TestApp};
use pointe_server::testing::{finder::import, Role};

const LINES: usize = 365;
/// The data set's lines as families: 13 lines of variants (7 of Gaynor Minden's, 25 lines each; 6 of
/// Freed's, 5 to 7 lines each, one per shoemaker), the other 154 lines each a model of its own.
const FAMILIES: usize = 167;
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
        assert_eq!(finder_models(app).await, LINES - 2);
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
        let families = data["families"].as_array().unwrap();
        let models: Vec<&Value> = families.iter().flat_map(|family| family["variants"].as_array().unwrap()).collect();
        assert_eq!(models.len(), LINES);
        let alpha_family = families.iter().find(|family| family["id"] == "bloch-alpha").unwrap();
        assert_eq!(
            (alpha_family["brandId"].as_str(), alpha_family["name"].as_str()),
            (Some("bloch"), Some("Bloch Alpha"))
        );
        let alpha = &alpha_family["variants"][0];
        assert_eq!(alpha_family["variants"].as_array().unwrap().len(), 1, "a model of its own");
        assert_eq!(alpha["name"], "Bloch Alpha");
        assert_eq!(alpha["price"], "$85–110");
        assert_eq!(alpha["axes"], json!([]));
        assert_eq!(alpha["fit"]["boxShape"], serde_json::json!(["square-wide"]));
        assert_eq!(alpha["fit"]["shankStrength"], serde_json::json!(["medium", "hard"]));
        assert_eq!(alpha["fit"]["widths"], serde_json::json!(["X", "XX", "XXX"]));
        // The notes and sources are on the model's own page only.
        assert_eq!((alpha["fit"]["notes"].clone(), alpha["fit"]["sources"].clone()), (json!({}), json!([])));
        let page = app.get("/api/finder/models/bloch-alpha?lang=he").await.json();
        let own = &page["family"]["variants"][0]["fit"];
        assert_eq!(own["notes"]["en"].as_str().unwrap().split(',').next(), Some("Broad platform"));
        assert!(!own["sources"].as_array().unwrap().is_empty());
        assert!(alpha["fit"].get("unread").is_none_or(|unread| unread.as_object().is_some_and(|u| u.is_empty())));
        let freed: usize = families
            .iter()
            .filter(|family| family["brandId"] == "freed")
            .map(|family| family["variants"].as_array().unwrap().len())
            .sum();
        assert_eq!(freed, 42);

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

/// The models in the finder, in all its families.
async fn finder_models(app: &TestApp) -> usize {
    let data = app.get("/api/finder?lang=en").await.json();
    data["families"].as_array().unwrap().iter().map(|family| family["variants"].as_array().unwrap().len()).sum()
}

async fn finder_families(app: &TestApp) -> Vec<Value> {
    app.get("/api/finder?lang=en").await.json()["families"].as_array().unwrap().clone()
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
        assert_eq!(read["family"]["brandName"], "Bloch");
        assert_eq!(read["family"]["variants"][0]["fit"]["boxShape"], json!(["square-wide"]));
        assert_eq!(read["chosen"], Value::Null);
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
            FAMILIES * 5 * 7,
            "every family: five entries, each naming it in its address and six alternates"
        );
        assert!(sitemap.contains("<loc>http://pointe.test/shoe/gaynor-minden-europa-classic?lang=en</loc>"));
        assert!(!sitemap.contains("/shoe/gaynor-protegee-box-2-hard"), "a variant is listed by its family");
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
        assert_eq!(page["chosen"], "gaynor-protegee-box-2-hard");
        let variants = page["family"]["variants"].as_array().unwrap();
        let fit = &variants.iter().find(|variant| variant["id"] == "gaynor-protegee-box-2-hard").unwrap()["fit"];
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
        assert!(root.contains(">8 models<"), "the families as the address filters them");
        assert!(root.contains("Available (8)"), "the counts of families beside the values");
        assert!(root.contains("Danielle Heymann"), "the data's credit");
        assert!(html.contains("id=\"page-data\""), "the data the app takes the page over with");
        // The families come in name order, the order the app keeps (it has no collation of its own).
        let names: Vec<String> =
            finder_families(&app).await.iter().map(|family| family["name"].as_str().unwrap().to_lowercase()).collect();
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

#[tokio::test]
async fn the_data_sets_lines_become_families_of_their_variants_and_old_addresses_lead_there() {
    each_backend(async |app| {
        let report = import(&app.state.db, 1).await.unwrap();
        assert_eq!((report.families, report.lines_in_families, report.families_placed), (13, 211, 13));
        assert!(report.unplaced.is_empty(), "{:?}", report.unplaced);
        let printed = report.to_string();
        assert!(printed.contains("211 lines in 13 families of variants"), "{printed}");
        assert!(printed.contains(&format!("{FAMILIES} families in all")), "{printed}");

        let families = finder_families(app).await;
        assert_eq!(families.len(), FAMILIES);
        let family = |id: &str| families.iter().find(|family| family["id"] == id).unwrap_or_else(|| panic!("{id}"));
        let europa = family("gaynor-minden-europa-classic");
        assert_eq!(europa["name"], "Gaynor Minden Europa Classic");
        let variants = europa["variants"].as_array().unwrap();
        assert_eq!(variants.len(), 25);
        assert_eq!(
            variants[0]["axes"],
            json!([{ "key": "box", "value": "2" }, { "key": "shank", "value": "ExtraFlex" }])
        );
        assert_eq!(variants[0]["id"], "gaynor-europa-classic-box-2-extraflex");
        // Each variant keeps its own fit: the box's shape follows its number.
        assert_ne!(variants[0]["fit"]["boxShape"], variants[24]["fit"]["boxShape"]);
        let deep_vamp = family("freed-of-london-classic-deep-vamp");
        assert_eq!(deep_vamp["variants"].as_array().unwrap().len(), 7);
        assert_eq!(deep_vamp["variants"][0]["axes"], json!([{ "key": "makers", "value": "W, R, Z, J" }]));
        assert_eq!(family("freed-studio")["variants"].as_array().unwrap().len(), 1);

        // A variant's page is its family's, with it chosen; its old address moves there for good.
        let page = app.get("/api/finder/models/gaynor-europa-classic-box-3-plus-supple?lang=en").await.json();
        assert_eq!(
            (page["family"]["id"].as_str(), page["chosen"].as_str()),
            (Some("gaynor-minden-europa-classic"), Some("gaynor-europa-classic-box-3-plus-supple"))
        );
        for (old, new) in [
            (
                "/shoe/gaynor-europa-classic-box-3-plus-supple",
                "/shoe/gaynor-minden-europa-classic?variant=gaynor-europa-classic-box-3-plus-supple",
            ),
            (
                "/shoe/freed-classic-deep-vamp?lang=ru&size=4",
                "/shoe/freed-of-london-classic-deep-vamp?variant=freed-classic-deep-vamp&lang=ru",
            ),
        ] {
            let moved = app.get(old).await;
            assert_eq!(moved.status, StatusCode::MOVED_PERMANENTLY, "{old}");
            assert_eq!(moved.headers["location"], new);
        }
        let family_page = app.get("/shoe/gaynor-minden-europa-classic?variant=gaynor-europa-classic-box-2-hard").await;
        assert_eq!(family_page.status, StatusCode::OK);
        assert!(family_page.text().contains("<title>Gaynor Minden Europa Classic"));

        // Imported again, nothing is grouped twice.
        let again = import(&app.state.db, 2).await.unwrap();
        assert_eq!(again.families_placed, 0);
        assert_eq!(finder_families(app).await.len(), FAMILIES);
    })
    .await;
}

#[tokio::test]
async fn a_database_seeded_before_there_were_families_gets_its_models_grouped_once() {
    each_backend_with(&[("SEED_SHOE_MODELS", "true")], async |app| {
        assert_eq!(finder_families(app).await.len(), FAMILIES);
        // As a database seeded by the version before families was.
        for sql in [
            "DELETE FROM model_families",
            "DELETE FROM app_meta WHERE key = 'seed.pointe-shoes.families' OR key LIKE 'import.pointe-shoes.family.%'",
        ] {
            sqlx::query(sql).execute(&app.state.db).await.unwrap();
        }
        let grouped: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM model_variants").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(grouped, 0);
        let restarted = app.another_instance().await;
        assert_eq!(finder_families(&restarted).await.len(), FAMILIES);

        // An admin's undoing of a family stands when the server starts again.
        let admin = restarted.signed_in_admin("admin").await;
        let auth = format!("Bearer {admin}");
        let deleted = restarted
            .request(Method::DELETE, "/api/admin/families/gaynor-minden-lyra-sleek", &[("authorization", &auth)])
            .await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
        let again = restarted.another_instance().await;
        assert_eq!(finder_families(&again).await.len(), FAMILIES - 1 + 25);
    })
    .await;
}

#[tokio::test]
async fn an_admin_merges_splits_and_undoes_families_of_one_maker_audited() {
    each_backend(async |app| {
        import(&app.state.db, 1).await.unwrap();
        let admin = app.signed_in_admin("admin").await;
        let auth = format!("Bearer {admin}");
        let headers = [("authorization", auth.as_str())];
        let listed = app.request(Method::GET, "/api/admin/families?lang=en", &headers).await;
        assert_eq!(listed.status, StatusCode::OK);
        let listed = listed.json();
        assert_eq!(listed.as_array().unwrap().len(), 13);
        let lyra =
            listed.as_array().unwrap().iter().find(|family| family["id"] == "gaynor-minden-lyra-classic").unwrap();
        assert_eq!((lyra["brandId"].as_str(), lyra["variants"].as_array().unwrap().len()), (Some("gaynor"), 25));
        assert_eq!(lyra["variants"][0]["name"], "Gaynor Minden Lyra Classic - Box 2 ExtraFlex");

        // Split: two of Bloch's models made one family (the first keeps its name, the second its difference).
        let created = app
            .send_json(
                Method::POST,
                "/api/admin/families?lang=en",
                &json!({ "name": "Bloch Heritage", "products": ["bloch-heritage", "bloch-heritage-strong"] }),
                &headers,
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        let created = created.json();
        assert_eq!(created["id"], "bloch-heritage-line", "the model bloch-heritage has the name's slug");
        assert_eq!(created["variants"][1]["axes"], json!([{ "key": "variant", "value": "Strong" }]));
        assert_eq!(
            app.get("/shoe/bloch-heritage-strong").await.headers["location"],
            "/shoe/bloch-heritage-line?variant=bloch-heritage-strong"
        );

        // One maker's models only, existing ones, and at least one.
        for (products, message) in [
            (json!(["bloch-alpha", "freed-studio"]), "A family's models are all of one maker"),
            (json!(["no-such-model"]), "Product not found"),
            (json!([]), "Product not found"),
        ] {
            let refused = app
                .send_json(
                    Method::POST,
                    "/api/admin/families",
                    &json!({ "name": "Mixed", "products": products }),
                    &headers,
                )
                .await;
            assert_field_error(&refused, StatusCode::BAD_REQUEST, "products", message);
        }

        // Merge: Lyra Sleek's models join Lyra Classic; the emptied family goes.
        let mut products: Vec<Value> =
            lyra["variants"].as_array().unwrap().iter().map(|v| v["productId"].clone()).collect();
        let sleek =
            listed.as_array().unwrap().iter().find(|family| family["id"] == "gaynor-minden-lyra-sleek").unwrap();
        products.extend(sleek["variants"].as_array().unwrap().iter().map(|v| v["productId"].clone()));
        let merged = app
            .send_json(
                Method::PUT,
                "/api/admin/families/gaynor-minden-lyra-classic",
                &json!({ "name": "Gaynor Minden Lyra", "products": products }),
                &headers,
            )
            .await;
        assert_eq!(merged.status, StatusCode::OK, "{}", merged.text());
        assert_eq!(merged.json()["variants"].as_array().unwrap().len(), 50);
        let families = finder_families(app).await;
        assert!(families.iter().all(|family| family["id"] != "gaynor-minden-lyra-sleek"));
        let lyra = families.iter().find(|family| family["id"] == "gaynor-minden-lyra-classic").unwrap();
        assert_eq!(lyra["name"], "Gaynor Minden Lyra");

        // Split again by leaving models out: each becomes a model of its own.
        let kept = &products[..48];
        let split = app
            .send_json(
                Method::PUT,
                "/api/admin/families/gaynor-minden-lyra-classic",
                &json!({ "name": "Gaynor Minden Lyra", "products": kept }),
                &headers,
            )
            .await;
        assert_eq!(split.status, StatusCode::OK);
        let left_out = products[49].as_str().unwrap();
        assert!(finder_families(app).await.iter().any(|family| family["id"] == left_out));
        assert_eq!(app.get(&format!("/shoe/{left_out}")).await.status, StatusCode::OK);

        // Undone: every model of the family its own.
        let undone = app.request(Method::DELETE, "/api/admin/families/gaynor-minden-lyra-classic", &headers).await;
        assert_eq!(undone.status, StatusCode::NO_CONTENT);
        let missing = app.request(Method::DELETE, "/api/admin/families/gaynor-minden-lyra-classic", &headers).await;
        assert_json_error(&missing, StatusCode::NOT_FOUND, "Model family not found");
        // Bloch's new family (−1), the merge (−1), two left out (+2), the 48 left on their own (+47).
        assert_eq!(finder_families(app).await.len(), FAMILIES - 1 - 1 + 2 + 47);

        // A new product may not take a family's id: the two share the model pages' addresses.
        let product = json!({
            "id": "gaynor-minden-europa-classic", "brandId": "gaynor", "price": "$1", "link": "https://example.org/",
            "translations": { "he": { "name": "x", "description": "y" } }
        });
        let taken = app.send_json(Method::POST, "/api/admin/products", &product, &headers).await;
        assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.text());

        let audit = app.request(Method::GET, "/api/admin/audit-logs?resourceType=model_family", &headers).await.json();
        let actions: Vec<&str> =
            audit["entries"].as_array().unwrap().iter().filter_map(|row| row["action"].as_str()).collect();
        assert_eq!(actions.iter().filter(|action| **action == "create").count(), 1, "{actions:?}");
        assert!(actions.contains(&"update") && actions.contains(&"delete"), "{actions:?}");

        // The calls are the catalogue's.
        let editor = app.user_with_role("clara", Role::User).await;
        let refused =
            app.request(Method::GET, "/api/admin/families", &[("authorization", &format!("Bearer {editor}"))]).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    })
    .await;
}
